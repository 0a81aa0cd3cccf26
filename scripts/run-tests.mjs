#!/usr/bin/env node
// Runs test/**/*.test.ts under node's test runner with tsx.
// Node 20's --test neither expands globs nor finds .ts files by itself, and with
// no file arguments it runs zero tests and exits 0; so collect them here and
// refuse to run none.
//
//   node scripts/run-tests.mjs            every test file but the slow ones (npm test)
//   node scripts/run-tests.mjs --slow     only the slow ones (npm run test:slow; CI runs both)
//   node scripts/run-tests.mjs --all      every test file
//   node scripts/run-tests.mjs NAME...    the files whose path contains a NAME (slow ones included)
//   --tap                                 node's own reporter instead of the one-line-per-file summary
import { mkdtempSync, readdirSync, rmSync, statSync } from "node:fs";
import { availableParallelism, tmpdir } from "node:os";
import { join, relative } from "node:path";
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));

// The files that build and run other languages' toolchains (cargo, go, python): minutes each
// (measured one by one on a loaded 2-core machine: bindings-types 564 s, bindings-rust 445 s,
// bindings-kits 237 s, bindings-examples 202 s, the language kits' hostile suite, payloads and degrade
// checks (each builds the Go and Rust kits), bindings-event-inputs 149 s, packaging 85 s,
// bindings-refusals 75 s, package-outside 150 s, examples-typecheck 90 s at load 20; the rest 0.5-75 s). They run in `npm run test:slow`, which .ci/run
// runs after `npm test`.
const SLOW = new Set([
  "test/bindings-rust.test.ts",
  "test/bindings-types.test.ts",
  "test/bindings-kits.test.ts",
  "test/bindings-kits-agents.test.ts",
  "test/bindings-kits-named.test.ts",
  "test/bindings-kits-payloads.test.ts",
  "test/bindings-kits-degrade.test.ts",
  "test/hostile/language-kits.test.ts",
  "test/bindings-examples.test.ts",
  "test/bindings-event-inputs.test.ts",
  "test/bindings-refusals.test.ts",
  "test/packaging.test.ts",
  "test/package-outside.test.ts",
  "test/examples-typecheck.test.ts",
]);

const flags = new Set(process.argv.slice(2).filter((a) => a.startsWith("--")));
const only = process.argv.slice(2).filter((a) => !a.startsWith("--"));
const unknown = [...flags].filter((f) => !["--slow", "--all", "--tap"].includes(f));
if (unknown.length > 0) {
  console.error(`run-tests: unknown option ${unknown[0]} (--slow, --all, --tap, or parts of test file names)`);
  process.exit(2);
}

function collect(dir) {
  const out = [];
  for (const name of readdirSync(dir).sort()) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) out.push(...collect(path));
    else if (name.endsWith(".test.ts")) out.push(relative(root, path).split("\\").join("/"));
  }
  return out;
}

let files = collect(join(root, "test"));
if (only.length > 0) files = files.filter((f) => only.some((o) => f.includes(o)));
else if (flags.has("--slow")) files = files.filter((f) => SLOW.has(f));
else if (!flags.has("--all")) files = files.filter((f) => !SLOW.has(f));
if (files.length === 0) {
  console.error("run-tests: no test files found under test/ (refusing to run zero tests)");
  process.exit(1);
}
// Files run in parallel, one per core: the tests spend much of their time in the
// processes they spawn, so more would only contend on a small machine.
const concurrency = Math.max(1, Math.min(files.length, availableParallelism()));
const reporter = flags.has("--tap") ? [] : ["--test-reporter", "./scripts/test-reporter.mjs", "--test-reporter-destination", "stdout"];
// Every temporary file the tests (and the hooks, agents' replays and toolchains they run) make goes
// under one directory, removed when the run ends: nothing is left in the machine's temp directory.
const scratch = mkdtempSync(join(tmpdir(), "chp-tests-"));
const result = spawnSync(process.execPath, ["--import", "tsx", "--test", `--test-concurrency=${concurrency}`, ...reporter, ...files], {
  cwd: root,
  stdio: "inherit",
  env: { ...process.env, RUN_TESTS_FILE_COUNT: String(files.length), TMPDIR: scratch },
});
try {
  rmSync(scratch, { recursive: true, force: true, maxRetries: 3 });
} catch (error) {
  console.error(`run-tests: could not remove ${scratch}: ${error.message}`);
}
process.exit(result.status ?? 1);
