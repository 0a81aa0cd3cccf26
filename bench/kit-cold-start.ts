/**
 * Cold start of a kit hook against the same hook written by hand:
 * `node examples/hooks/kit-deny-rm-rf.mjs` vs `bench/fixtures/hand-deny-rm-rf.mjs` with
 * the example's rule put in (written to a temp dir),
 * one process per run, the same PreToolUse input on stdin, runs interleaved
 * (kit, hand, kit, ...) so machine noise hits both alike; the figure is the
 * ratio of the medians (target ≤ 1.15). Two inputs: an `rm -rf` command (the
 * kit loads Claude Code's answer writer) and `ls` (no answer). Both include
 * the fail-closed guard (src/hooks/process.ts); a third row gives the same
 * hook with an async `run`, which also starts the guard's watchdog thread
 * (not a target: the price of an async fail-closed handler). Also: what
 * importing `claude-hook-protocol/hooks` alone costs over an empty script,
 * and the modules each run loads (a loader hook counts them and their bytes:
 * under Node 20 each module costs about 1 ms of a cold start).
 *
 * A second table gives each run's share after Node started it (a preload to exit), which the
 * ~80 ms of process start both pay alike does not blur.
 *
 *   npx tsx bench/kit-cold-start.ts [--runs N] [--no-build]
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join, resolve, dirname } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const runsArg = process.argv.indexOf("--runs");
const RUNS = runsArg === -1 ? 80 : Number(process.argv[runsArg + 1]);
if (!process.argv.includes("--no-build")) {
  const built = spawnSync(process.execPath, [join(ROOT, "node_modules/typescript/bin/tsc"), "-p", join(ROOT, "tsconfig.build.json")], { stdio: "inherit" });
  const bundled = built.status === 0 ? spawnSync(process.execPath, [join(ROOT, "scripts/bundle-kit.mjs")], { stdio: "inherit" }) : built;
  if (bundled.status !== 0) throw new Error("bench: build failed");
}

const input = (command: string): string =>
  JSON.stringify({ session_id: "5b605db8-ccd8-4225-87b8-8fa8243ebbc5", transcript_path: "/home/u/.claude/projects/p/5b605db8.jsonl", cwd: "/home/u/p", permission_mode: "default", hook_event_name: "PreToolUse", tool_name: "Bash", tool_input: { command, description: "x" }, tool_use_id: "toolu_1" });

/**
 * A preload that prints, as the process ends, how long it ran after Node had started it (from the
 * preload to exit): the script's own share, without the ~80 ms of process start and bootstrap that
 * both scripts pay alike and whose noise on a loaded machine swamps a few milliseconds.
 */
const SCRIPT_CLOCK = `const { writeSync } = require("node:fs");
const start = performance.now();
let told = false;
const tell = () => { if (!told) { told = true; writeSync(2, "\\nscript-ms " + (performance.now() - start).toFixed(3) + "\\n"); } };
process.on("exit", tell);
const reallyExit = process.reallyExit;
process.reallyExit = function (code) { tell(); return reallyExit.call(process, code); };
`;
let scriptClock = "";

function once(script: string, stdin: string): { wall: number; script: number } {
  const start = process.hrtime.bigint();
  const run = spawnSync(process.execPath, ["-r", scriptClock, script], { input: stdin, encoding: "utf8" });
  const wall = Number(process.hrtime.bigint() - start) / 1e6;
  if (run.status !== 0) throw new Error(`bench: ${script} exited ${run.status}: ${run.stderr}`);
  const told = /script-ms ([\d.]+)/.exec(run.stderr);
  if (told === null) throw new Error(`bench: ${script} did not report its time: ${run.stderr}`);
  return { wall, script: Number(told[1]) };
}

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

/** Interleaved runs of two scripts on one input -> their medians and the ratio, whole process (wall) and after start. */
function compare(subject: string, baseline: string, stdin: string): { subject: number; baseline: number; ratio: number; subjectScript: number; baselineScript: number } {
  for (let i = 0; i < 5; i++) { once(subject, stdin); once(baseline, stdin); } // warm the file cache
  const a: { wall: number; script: number }[] = [];
  const b: { wall: number; script: number }[] = [];
  for (let i = 0; i < RUNS; i++) {
    if (i % 2 === 0) { a.push(once(subject, stdin)); b.push(once(baseline, stdin)); }
    else { b.push(once(baseline, stdin)); a.push(once(subject, stdin)); }
  }
  const wall = (runs: typeof a) => median(runs.map((run) => run.wall));
  const script = (runs: typeof a) => median(runs.map((run) => run.script));
  return { subject: wall(a), baseline: wall(b), ratio: wall(a) / wall(b), subjectScript: script(a), baselineScript: script(b) };
}

const kit = join(ROOT, "examples/hooks/kit-deny-rm-rf.mjs");
const dir = mkdtempSync(join(tmpdir(), "kit-bench-"));
const example = readFileSync(kit, "utf8");
// the baseline judges with the example's own rule: its functions, from the first doc comment to runHook
const rule = example.slice(example.indexOf("/**"), example.indexOf("await runHook("));
const handTemplate = readFileSync(join(ROOT, "bench/fixtures/hand-deny-rm-rf.mjs"), "utf8");
if (!rule.includes("function isRecursiveForcedRm") || !handTemplate.includes("/* RULE */")) throw new Error("bench: the example's rule or the baseline's place for it is missing");
const hand = join(dir, "hand-deny-rm-rf.mjs");
writeFileSync(hand, handTemplate.replace("/* RULE */", rule));
const empty = join(dir, "empty.mjs");
const importOnly = join(ROOT, "bench/fixtures/import-kit-only.mjs");
writeFileSync(empty, "");
scriptClock = join(dir, "script-clock.cjs");
writeFileSync(scriptClock, SCRIPT_CLOCK);

// the example with an async run, importing the built kit by path (a temp dir has no self-reference)
const kitAsync = join(dir, "kit-deny-rm-rf-async.mjs");
writeFileSync(kitAsync, example.replace('"claude-hook-protocol/hooks"', JSON.stringify(pathToFileURL(join(ROOT, "dist/src/hooks/kit.js")).href)).replace("run: (input, answer) =>", "run: async (input, answer) =>"));
if (readFileSync(kitAsync, "utf8") === example) throw new Error("bench: could not make the async variant of the example");

/** The modules a run loads (files and builtins, the script included) and the bytes of the files, counted by a loader hook. */
function modulesLoaded(script: string, stdin: string): { modules: number; bytes: number } {
  const hooks = join(dir, "count-hooks.mjs");
  writeFileSync(hooks, `import { writeSync } from "node:fs";
export async function load(url, context, next) {
  const loaded = await next(url, context);
  const bytes = loaded.source == null ? 0 : typeof loaded.source === "string" ? Buffer.byteLength(loaded.source) : loaded.source.byteLength;
  writeSync(2, "module-loaded " + bytes + " " + url + "\\n");
  return loaded;
}`);
  const register = join(dir, "count-register.mjs");
  writeFileSync(register, `import { register } from "node:module";\nregister(${JSON.stringify(pathToFileURL(hooks).href)});\n`);
  const run = spawnSync(process.execPath, ["--import", register, script], { input: stdin, encoding: "utf8" });
  const lines = run.stderr.split("\n").filter((line) => line.startsWith("module-loaded "));
  return { modules: lines.length, bytes: lines.reduce((sum, line) => sum + Number(line.split(" ")[1]), 0) };
}

const rows = [
  { name: "kit-deny-rm-rf vs hand-written, rm -rf (deny)", ...compare(kit, hand, input("rm -rf build")) },
  { name: "kit-deny-rm-rf vs hand-written, ls (no answer)", ...compare(kit, hand, input("ls -la")) },
  { name: "async run (watchdog thread) vs hand-written, rm -rf", ...compare(kitAsync, hand, input("rm -rf build")) },
  { name: "import claude-hook-protocol/hooks vs empty script", ...compare(importOnly, empty, "") },
];
console.log(`kit cold start (${RUNS} runs each, interleaved, medians; node ${process.version}; load average ${loadavg()[0]!.toFixed(1)})`);
for (const row of rows) {
  console.log(`${row.name.padEnd(52)} ${row.subject.toFixed(1).padStart(7)} ms / ${row.baseline.toFixed(1).padStart(7)} ms = ${row.ratio.toFixed(3)}x${row.name.startsWith("kit-") ? (row.ratio <= 1.15 ? "  (target <= 1.15: met)" : "  (target <= 1.15: NOT met)") : `  (+${(row.subject - row.baseline).toFixed(1)} ms)`}`);
}
console.log("after Node started (the script's share, medians; both pay the same start-up before it):");
for (const row of rows) {
  console.log(`${row.name.padEnd(52)} ${row.subjectScript.toFixed(1).padStart(7)} ms / ${row.baselineScript.toFixed(1).padStart(7)} ms  (+${(row.subjectScript - row.baselineScript).toFixed(1)} ms)`);
}
for (const [name, script, stdin] of [["kit, rm -rf (deny)", kit, input("rm -rf build")], ["kit, ls (no answer)", kit, input("ls -la")], ["hand-written", hand, input("rm -rf build")]] as const) {
  const { modules, bytes } = modulesLoaded(script, stdin);
  console.log(`modules loaded: ${name.padEnd(20)} ${String(modules).padStart(3)} (${(bytes / 1024).toFixed(1)} KiB of JavaScript)`);
}
if (process.argv.includes("--json")) console.log(JSON.stringify(rows));
