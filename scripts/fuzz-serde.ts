/**
 * Differential fuzzing of our serde reader/writer against the serde oracle.
 *
 *   npx tsx scripts/fuzz-serde.ts [--cases N] [--seeds 1,2,3] [--show K]
 *
 * For each seed, `scripts/serde-fuzz-gen.py N SEED` writes N request lines;
 * the oracle (`$SERDE_ORACLE`, default /tmp/oracle/target/release/
 * exomonad-hook-oracle) answers them, and so does our implementation
 * in-process. Reports accept/reject and canonical-text differences (the goal
 * is 0) and how often the error texts agree. Exit code 1 on any accept/reject
 * or canonical difference.
 */
import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import { answerSerdeRequest } from "../src/conformance/serde.js";

const ORACLE = process.env["SERDE_ORACLE"] ?? "/tmp/oracle/target/release/exomonad-hook-oracle";
const GENERATOR = fileURLToPath(new URL("./serde-fuzz-gen.py", import.meta.url));

function option(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? (process.argv[i + 1] ?? fallback) : fallback;
}

function run(command: string, args: string[], input?: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ["pipe", "pipe", "inherit"] });
    const out: Buffer[] = [];
    child.stdout.on("data", (d: Buffer) => out.push(d));
    child.on("error", reject);
    child.on("close", (code) => (code === 0 ? resolve(Buffer.concat(out).toString("utf8")) : reject(new Error(`${command} exited ${code}`))));
    child.stdin.end(input ?? "");
  });
}

interface Answer {
  ok: boolean;
  canonical?: string;
  error?: string;
  bad_request?: boolean;
}

interface SeedReport {
  seed: number;
  cases: number;
  acceptReject: number;
  canonical: number;
  badRequest: number;
  bothRejected: number;
  errorTextEqual: number;
}

async function fuzzSeed(cases: number, seed: number, show: number): Promise<SeedReport> {
  const requests = await run("python3", [GENERATOR, String(cases), String(seed)]);
  const expected = (await run(ORACLE, [], requests)).split("\n").filter((l) => l !== "");
  const lines = requests.split("\n").filter((l) => l.trim() !== "");
  if (lines.length !== expected.length) throw new Error(`seed ${seed}: ${lines.length} requests, ${expected.length} oracle answers`);
  const report: SeedReport = { seed, cases: lines.length, acceptReject: 0, canonical: 0, badRequest: 0, bothRejected: 0, errorTextEqual: 0 };
  const shown = { acceptReject: 0, canonical: 0, error: 0 };
  lines.forEach((line, i) => {
    const want = JSON.parse(expected[i] as string) as Answer;
    const gotLine = answerSerdeRequest(line) ?? "";
    const got = JSON.parse(gotLine) as Answer;
    if (Boolean(want.bad_request) !== Boolean(got.bad_request)) report.badRequest++;
    if (want.ok !== got.ok) {
      report.acceptReject++;
      if (shown.acceptReject++ < show) console.log(`  accept/reject  ${line}\n    oracle: ${expected[i]}\n    ours:   ${gotLine}`);
    } else if (want.ok) {
      if (want.canonical !== got.canonical) {
        report.canonical++;
        if (shown.canonical++ < show) console.log(`  canonical  ${line}\n    oracle: ${expected[i]}\n    ours:   ${gotLine}`);
      }
    } else {
      report.bothRejected++;
      if (want.error === got.error) report.errorTextEqual++;
      else if (shown.error++ < show) console.log(`  error text  ${line}\n    oracle: ${expected[i]}\n    ours:   ${gotLine}`);
    }
  });
  return report;
}

const cases = Number(option("cases", "100000"));
const seeds = option("seeds", "1,2,3").split(",").map(Number);
const show = Number(option("show", "5"));
let failed = false;
const total = { cases: 0, acceptReject: 0, canonical: 0, bothRejected: 0, errorTextEqual: 0 };
for (const seed of seeds) {
  const r = await fuzzSeed(cases, seed, show);
  const pct = r.bothRejected === 0 ? 100 : (100 * r.errorTextEqual) / r.bothRejected;
  console.log(
    `seed ${r.seed}: ${r.cases} cases, accept/reject differences ${r.acceptReject}, canonical differences ${r.canonical}, ` +
      `bad_request differences ${r.badRequest}, error text equal ${r.errorTextEqual}/${r.bothRejected} (${pct.toFixed(3)}%)`,
  );
  total.cases += r.cases;
  total.acceptReject += r.acceptReject;
  total.canonical += r.canonical;
  total.bothRejected += r.bothRejected;
  total.errorTextEqual += r.errorTextEqual;
  if (r.acceptReject > 0 || r.canonical > 0 || r.badRequest > 0) failed = true;
}
const pct = total.bothRejected === 0 ? 100 : (100 * total.errorTextEqual) / total.bothRejected;
console.log(
  `total: ${total.cases} cases over ${seeds.length} seeds, accept/reject differences ${total.acceptReject}, ` +
    `canonical differences ${total.canonical}, error text equal ${total.errorTextEqual}/${total.bothRejected} (${pct.toFixed(3)}%)`,
);
process.exit(failed ? 1 : 0);
