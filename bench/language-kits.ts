/**
 * Cold start of each language kit's deny-rm-rf example against the same hook
 * written by hand in that language (bench/fixtures/: Python with `json`, Go
 * with `encoding/json`, Rust with serde_json), one process per run, the same
 * PreToolUse input on stdin, runs interleaved (kit, hand, kit, ...) so machine
 * noise hits both alike; the figure is the ratio of the medians (target
 * ≤ 1.15). Two inputs: an `rm -rf` command (an answer is written) and `ls`
 * (none). Python runs from a venv with the package installed as a user
 * installs it (bytecode compiled by pip); also what importing the package and
 * its kit costs against `python3 -c pass`.
 *
 * The figure is CPU time (user + system, read with wait4 by
 * bench/fixtures/cpu-time.py), which a machine shared with other work does
 * not inflate as it does wall time; `--wall` measures wall time instead.
 *
 *   npx tsx bench/language-kits.ts [--runs N] [--only python|go|rust]
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const arg = (name: string): string | undefined => {
  const at = process.argv.indexOf(name);
  return at === -1 ? undefined : process.argv[at + 1];
};
const RUNS = Number(arg("--runs") ?? 60);
const ONLY = arg("--only");
const WALL = process.argv.includes("--wall");
const CPU_TIME = join(ROOT, "bench/fixtures/cpu-time.py");

const input = (command: string): string =>
  JSON.stringify({ session_id: "5b605db8-ccd8-4225-87b8-8fa8243ebbc5", transcript_path: "/home/u/.claude/projects/p/5b605db8.jsonl", cwd: "/home/u/p", permission_mode: "default", hook_event_name: "PreToolUse", tool_name: "Bash", tool_input: { command, description: "x" }, tool_use_id: "toolu_1" });

function must(command: string, args: readonly string[], cwd: string, env: NodeJS.ProcessEnv = {}): void {
  const r = spawnSync(command, [...args], { cwd, env: { ...process.env, ...env }, encoding: "utf8", stdio: ["ignore", "ignore", "pipe"] });
  if (r.status !== 0) throw new Error(`bench: ${command} ${args.join(" ")} exited ${r.status}: ${r.stderr}`);
}

function once(argv: readonly string[], stdin: string, env: NodeJS.ProcessEnv): number {
  const command = WALL ? argv : ["python3", CPU_TIME, ...argv];
  const start = process.hrtime.bigint();
  const run = spawnSync(command[0]!, command.slice(1), { input: stdin, encoding: "utf8", env });
  const ms = Number(process.hrtime.bigint() - start) / 1e6;
  if (run.status !== 0) throw new Error(`bench: ${argv.join(" ")} exited ${run.status}: ${run.stderr}`);
  if (WALL) return ms;
  const cpu = /cpu-ms ([\d.]+)\n$/.exec(run.stderr);
  if (cpu === null) throw new Error(`bench: no CPU time from ${argv.join(" ")}: ${run.stderr}`);
  return Number(cpu[1]);
}

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

/** Interleaved runs of two commands on one input -> their medians and the ratio. */
function compare(subject: readonly string[], baseline: readonly string[], stdin: string, env: NodeJS.ProcessEnv = process.env): { subject: number; baseline: number; ratio: number } {
  for (let i = 0; i < 5; i++) {
    once(subject, stdin, env);
    once(baseline, stdin, env);
  }
  const a: number[] = [];
  const b: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    if (i % 2 === 0) {
      a.push(once(subject, stdin, env));
      b.push(once(baseline, stdin, env));
    } else {
      b.push(once(baseline, stdin, env));
      a.push(once(subject, stdin, env));
    }
  }
  return { subject: median(a), baseline: median(b), ratio: median(a) / median(b) };
}

const dir = mkdtempSync(join(tmpdir(), "language-kits-bench-"));
const rows: string[] = [];
const row = (what: string, r: { subject: number; baseline: number; ratio: number }): void => {
  rows.push(`${what.padEnd(58)} ${r.subject.toFixed(1).padStart(7)} ms ${r.baseline.toFixed(1).padStart(7)} ms ${r.ratio.toFixed(3).padStart(7)}`);
  console.log(rows.at(-1));
};
console.log(`${"".padEnd(58)} ${"kit".padStart(10)} ${"by hand".padStart(10)} ${"ratio".padStart(7)}   (${WALL ? "wall" : "CPU"} time, medians of ${RUNS} runs each, load ${loadavg()[0]!.toFixed(1)})`);
try {
  if (ONLY === undefined || ONLY === "python") {
    const venv = join(dir, "venv");
    must("python3", ["-m", "venv", venv], dir);
    must(join(venv, "bin/pip"), ["install", "--quiet", "--no-index", join(ROOT, "generated/python")], dir, { PIP_DISABLE_PIP_VERSION_CHECK: "1" });
    const python = join(venv, "bin/python");
    // As a user runs it: bytecode read from (and written to) __pycache__, no PYTHONPATH.
    const env: NodeJS.ProcessEnv = { ...process.env };
    delete env["PYTHONDONTWRITEBYTECODE"];
    delete env["PYTHONPATH"];
    const kit = [python, join(ROOT, "examples/hooks/python/deny_rm_rf.py")];
    const hand = [python, join(ROOT, "bench/fixtures/hand_deny_rm_rf.py")];
    row("python: deny_rm_rf.py vs json by hand, rm -rf (answers)", compare(kit, hand, input("rm -rf build/"), env));
    row("python: deny_rm_rf.py vs json by hand, ls (no answer)", compare(kit, hand, input("ls"), env));
    row("python: import claude_hook_protocol.kit vs pass", compare([python, "-c", "import claude_hook_protocol.kit"], [python, "-c", "pass"], "", env));
    row("python: import claude_hook_protocol vs pass", compare([python, "-c", "import claude_hook_protocol"], [python, "-c", "pass"], "", env));
    row("python: the types (claude_code) vs pass", compare([python, "-c", "import claude_hook_protocol.claude_code"], [python, "-c", "pass"], "", env));
  }
  if (ONLY === undefined || ONLY === "go") {
    const env = { GOTOOLCHAIN: "local", GOFLAGS: "-mod=mod", GOPROXY: "off" };
    must("go", ["build", "-o", join(dir, "kit-go"), "./deny-rm-rf"], join(ROOT, "examples/hooks/go"), env);
    must("go", ["build", "-o", join(dir, "hand-go"), "."], join(ROOT, "bench/fixtures/hand-go"), env);
    row("go: deny-rm-rf vs encoding/json by hand, rm -rf", compare([join(dir, "kit-go")], [join(dir, "hand-go")], input("rm -rf build/")));
    row("go: deny-rm-rf vs encoding/json by hand, ls", compare([join(dir, "kit-go")], [join(dir, "hand-go")], input("ls")));
  }
  if (ONLY === undefined || ONLY === "rust") {
    const target = join(tmpdir(), "claude-hook-protocol-packaging-target");
    must("cargo", ["build", "--release", "--quiet", "--bin", "deny-rm-rf"], join(ROOT, "examples/hooks/rust"), { CARGO_TARGET_DIR: target });
    must("cargo", ["build", "--release", "--quiet"], join(ROOT, "bench/fixtures/hand-rust"), { CARGO_TARGET_DIR: target });
    const kit = [join(target, "release/deny-rm-rf")];
    const hand = [join(target, "release/hand-deny-rm-rf")];
    row("rust: deny-rm-rf vs serde_json by hand, rm -rf", compare(kit, hand, input("rm -rf build/")));
    row("rust: deny-rm-rf vs serde_json by hand, ls", compare(kit, hand, input("ls")));
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
