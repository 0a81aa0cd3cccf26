/**
 * Records or checks the serde vectors. The inputs are the vector files
 * themselves (test/vectors/serde/<concern>.json: each case's description,
 * Rust type and raw JSON text); the expected answers come from a reference
 * that runs real serde, never from our code:
 *
 *   npx tsx scripts/record-serde-vectors.ts           # fill in or update every case's `expected`
 *   npx tsx scripts/record-serde-vectors.ts --check   # write nothing; exit 1 naming each case whose `expected` differs or is missing
 *
 * To add a case, append `{description, type, json}` to a concern's file and
 * run the recorder. The reference is `$SERDE_REFERENCE`, a program speaking
 * the `conformance serde` line protocol; by default the in-repo Rust harness
 * (`rust/harness/target/release/serde-harness`, real serde over the generated
 * Rust types, built by `.ci/rust-harness.sh`); the serde oracle
 * (shared/tools/serde-oracle) answers identically.
 */
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const DIR = join(ROOT, "test/vectors/serde");
const REFERENCE = process.env["SERDE_REFERENCE"] ?? join(ROOT, "rust/harness/target/release/serde-harness");

type Expected = { ok: true; canonical: string } | { ok: false; error: string };

interface VectorCase {
  description: string;
  type: string;
  json: string;
  expected?: Expected;
}

interface VectorFile {
  description: string;
  cases: VectorCase[];
}

function main(): number {
  const check = process.argv.includes("--check");
  if (!existsSync(REFERENCE)) {
    process.stderr.write(`record-serde-vectors: no reference at ${REFERENCE}; run bash .ci/rust-harness.sh or set SERDE_REFERENCE\n`);
    return 2;
  }
  const names = readdirSync(DIR).filter((name) => name.endsWith(".json")).sort();
  const files = names.map((name) => ({ name, file: JSON.parse(readFileSync(join(DIR, name), "utf8")) as VectorFile }));
  const all = files.flatMap(({ file }) => file.cases);
  const requests = all.map((c) => JSON.stringify({ type: c.type, json: c.json })).join("\n") + "\n";
  const run = spawnSync(REFERENCE, [], { input: requests, encoding: "utf8", maxBuffer: 1 << 28 });
  if (run.status !== 0) {
    process.stderr.write(`record-serde-vectors: ${REFERENCE} failed: ${run.stderr}\n`);
    return 2;
  }
  const answers = run.stdout.split("\n").filter((line) => line !== "");
  if (answers.length !== all.length) {
    process.stderr.write(`record-serde-vectors: ${all.length} requests, ${answers.length} answers\n`);
    return 2;
  }
  let at = 0;
  const differences: string[] = [];
  for (const { name, file } of files) {
    let changed = false;
    for (const c of file.cases) {
      const answer = JSON.parse(answers[at++]!) as { ok: boolean; canonical?: string; error?: string; bad_request?: boolean };
      if (answer.bad_request === true) {
        differences.push(`${name}: "${c.description}": the reference rejected the request (${answer.error ?? ""})`);
        continue;
      }
      const expected: Expected = answer.ok ? { ok: true, canonical: answer.canonical! } : { ok: false, error: answer.error! };
      if (JSON.stringify(c.expected) === JSON.stringify(expected)) continue;
      differences.push(`${name}: "${c.description}": ${c.expected === undefined ? "no expected answer" : `expected ${JSON.stringify(c.expected)}`}, the reference answers ${JSON.stringify(expected)}`);
      c.expected = expected;
      changed = true;
    }
    if (changed && !check) writeFileSync(join(DIR, name), `${JSON.stringify(file, null, 2)}\n`);
  }
  for (const line of differences) process.stderr.write(`${line}\n`);
  process.stderr.write(`record-serde-vectors: ${all.length} cases in ${files.length} files, ${differences.length} ${check ? "differ" : "recorded"}\n`);
  return check && differences.length > 0 ? 1 : 0;
}

process.exitCode = main();
