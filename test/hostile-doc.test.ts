// docs/hostile-inputs.md's first table says, per hostile test file, how many attempts it makes
// and how many hold. This keeps it honest without running the attempts: each file runs under a
// name pattern that matches nothing, so node reports every test as skipped and runs no body.
// Module-level code still runs: most files only build tables and a temporary directory;
// kit-fail-closed and kit-examples call builtKit(), which compiles dist/ when it is stale
// (seconds, once). No file has a before() hook. "held" must equal "attempts": CI runs the files
// themselves, so an attempt that does not hold fails the build, and a test marked skip or todo
// (which would count here without holding) is refused below.
import { test } from "node:test";
import assert from "node:assert/strict";
import { execFile } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const DOC = "docs/hostile-inputs.md";

interface Row {
  readonly file: string;
  readonly attempts: number;
  readonly held: number;
}

function tableRows(): { rows: Row[]; total: { attempts: number; held: number } | undefined } {
  const text = readFileSync(join(ROOT, DOC), "utf8");
  const block = /<!-- hostile-suite -->\n([\s\S]*?)<!-- \/hostile-suite -->/.exec(text);
  assert.ok(block, `${DOC} has the <!-- hostile-suite --> table`);
  const rows: Row[] = [];
  let total: { attempts: number; held: number } | undefined;
  for (const line of block[1]!.split("\n").slice(2)) {
    if (line.trim() === "") continue;
    const cells = line.split("|").slice(1, -1).map((c) => c.trim());
    assert.equal(cells.length, 4, `a row of four cells: ${line}`);
    const [, file, attempts, held] = cells as [string, string, string, string];
    const count = (cell: string): number => Number(cell.replace(/\*\*/g, ""));
    if (file === "") total = { attempts: count(attempts), held: count(held) };
    else rows.push({ file: file.replace(/`/g, ""), attempts: count(attempts), held: count(held) });
  }
  return { rows, total };
}

/** The number of tests in a file, every one reported skipped because the pattern matches no name. */
function countTests(file: string): Promise<{ tests: number; skipped: number; output: string }> {
  // without NODE_TEST_CONTEXT, which would make the child report to this runner instead of printing
  const env = { ...process.env };
  delete env["NODE_TEST_CONTEXT"];
  return new Promise((resolve) => {
    execFile(process.execPath, ["--import", "tsx", "--test", "--test-reporter=tap", "--test-name-pattern=^$a", file], { cwd: ROOT, env, maxBuffer: 64 * 1024 * 1024 }, (_error, stdout, stderr) => {
      const number = (name: string): number => Number(new RegExp(`^# ${name} (\\d+)$`, "m").exec(stdout)?.[1] ?? NaN);
      resolve({ tests: number("tests"), skipped: number("skipped"), output: `${stdout.slice(-2000)}${stderr.slice(-2000)}` });
    });
  });
}

const { rows, total } = tableRows();

test("every file in test/hostile/ has a row, and every row names a file that exists", () => {
  const files = readdirSync(join(ROOT, "test/hostile")).filter((f) => f.endsWith(".test.ts")).map((f) => `test/hostile/${f}`);
  const named = new Set(rows.map((r) => r.file));
  assert.deepEqual(files.filter((f) => !named.has(f)), [], "files without a row");
  for (const row of rows) assert.doesNotThrow(() => readFileSync(join(ROOT, row.file)), `${row.file} exists`);
  assert.equal(named.size, rows.length, "one row per file");
});

test("held equals attempts in every row, and the total row is the sum", () => {
  for (const row of rows) assert.equal(row.held, row.attempts, `${row.file}: held ${row.held} of ${row.attempts}`);
  assert.ok(total, "a total row");
  assert.equal(total.attempts, rows.reduce((sum, r) => sum + r.attempts, 0));
  assert.equal(total.held, rows.reduce((sum, r) => sum + r.held, 0));
});

test("no hostile test is marked skip or todo (it would count as an attempt without holding)", () => {
  for (const row of rows) {
    const source = readFileSync(join(ROOT, row.file), "utf8");
    assert.doesNotMatch(source, /\b(?:test|it|describe)\.(?:skip|todo)\(|[{,]\s*(?:skip|todo)\s*:/, row.file);
  }
});

test("each row's attempts are the tests its file declares (counted without running them)", async () => {
  // two at a time: each is a node process loading tsx and the file's imports
  const counts = new Map<string, Awaited<ReturnType<typeof countTests>>>();
  const queue = [...rows];
  await Promise.all([0, 1].map(async () => {
    for (let row = queue.shift(); row !== undefined; row = queue.shift()) counts.set(row.file, await countTests(row.file));
  }));
  for (const row of rows) {
    const counted = counts.get(row.file)!;
    assert.ok(Number.isInteger(counted.tests), `${row.file}: no test count in node's output:\n${counted.output}`);
    assert.equal(counted.skipped, counted.tests, `${row.file}: every test skipped by the pattern, none run`);
    assert.equal(row.attempts, counted.tests, `${row.file}: ${DOC} says ${row.attempts} attempts, the file declares ${counted.tests}`);
  }
});
