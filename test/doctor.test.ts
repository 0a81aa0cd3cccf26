/**
 * `doctor` (issue 18, item 7) against fake agents: shell scripts that print
 * each agent's `--version` line, on a PATH and in a HOME of the test's own.
 */
import assert from "node:assert/strict";
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PassThrough, Writable } from "node:stream";
import { after, test } from "node:test";
import { compareVersions, run, type DoctorReport } from "../src/cli/doctor.js";
import { AGENT_NAMES } from "../src/core/agents.js";
import { factsOf } from "./lib/agent-facts.js";

const root = mkdtempSync(join(tmpdir(), "doctor-test-"));
after(() => rmSync(root, { recursive: true, force: true }));

/** The version lines the real agents print (recorded in /tmp/agents-install.log and the observers' READMEs; each agent's test/<agent>/facts.ts), by command. */
const RECORDED: Readonly<Record<string, string>> = Object.fromEntries(AGENT_NAMES.map((agent) => [factsOf(agent).versionOutput.command, factsOf(agent).versionOutput.output]));

let dirs = 0;
function binDir(lines: Readonly<Record<string, string>>): string {
  const dir = join(root, `bin${dirs++}`);
  mkdirSync(dir, { recursive: true });
  for (const [name, line] of Object.entries(lines)) writeScript(join(dir, name), `printf '%s\\n' '${line.replace(/'/g, "'\\''")}'`);
  return dir;
}

function writeScript(path: string, body: string): string {
  writeFileSync(path, `#!/bin/sh\n${body}\n`);
  chmodSync(path, 0o755);
  return path;
}

async function doctor(argv: readonly string[], env: NodeJS.ProcessEnv): Promise<{ exit: number; stdout: string; stderr: string }> {
  let stdout = "";
  let stderr = "";
  const sink = (append: (s: string) => void): Writable => new Writable({ write: (chunk, _enc, done) => (append(String(chunk)), done()) });
  const exit = await run(argv, { stdin: new PassThrough(), stdout: sink((s) => (stdout += s)), stderr: sink((s) => (stderr += s)), env });
  return { exit, stdout, stderr };
}

const emptyHome = join(root, "home-empty");
mkdirSync(emptyHome);

async function json(argv: readonly string[], env: NodeJS.ProcessEnv): Promise<{ exit: number; report: DoctorReport }> {
  const result = await doctor(["--format", "json", ...argv], env);
  return { exit: result.exit, report: JSON.parse(result.stdout) as DoctorReport };
}

test("every agent at its recorded version: exit 0, each found on PATH", async () => {
  const { exit, report } = await json([], { PATH: binDir(RECORDED), HOME: emptyHome });
  assert.equal(exit, 0);
  assert.deepEqual(report.agents.map((a) => [a.agent, a.status, a.installed, a.found_by]), AGENT_NAMES.map((agent) => [agent, "match", factsOf(agent).versionOutput.version, "PATH"]));
  assert.ok(report.agents.every((a) => a.unverified.length === 0 && a.rerecord.length === 0));
});

test("the newer versions recorded beside the first (Claude Code 2.1.334, droid 0.225.2) match, and doctor names their rules", async () => {
  const { exit, report } = await json([], { PATH: binDir({ ...RECORDED, claude: "2.1.334 (Claude Code)", droid: "0.225.2" }), HOME: emptyHome });
  assert.equal(exit, 0);
  const pick = (agent: string): unknown[] => {
    const a = report.agents.find((r) => r.agent === agent)!;
    return [a.status, a.installed, a.rules, a.recorded_versions];
  };
  assert.deepEqual(pick("claude-code"), ["match", "2.1.334", "2.1.334", ["2.1.332", "2.1.334"]]);
  assert.deepEqual(pick("droid"), ["match", "0.225.2", "0.225.2", ["0.215.0", "0.225.2"]]);
  assert.deepEqual(pick("codex"), ["match", "0.171.0", "0.171.0", ["0.171.0"]]);
  const old = await json(["--agent", "claude-code"], { PATH: binDir(RECORDED), HOME: emptyHome });
  assert.deepEqual([old.report.agents[0]!.status, old.report.agents[0]!.rules], ["match", "2.1.332"]);
  const text = await doctor(["--agent", "droid"], { PATH: binDir({ droid: "0.225.2" }), HOME: emptyHome });
  assert.match(text.stdout, /recorded 0\.215\.0, 0\.225\.2, installed 0\.225\.2/);
  assert.match(text.stdout, /matches the recordings; the rules of 0\.225\.2 apply/);
});

test("a version between two recorded ones is unverified, under the older one's rules; one past the newest under the newest's", async () => {
  const between = await json(["--agent", "claude-code"], { PATH: binDir({ claude: "2.1.333 (Claude Code)" }), HOME: emptyHome });
  assert.equal(between.exit, 1);
  assert.deepEqual([between.report.agents[0]!.status, between.report.agents[0]!.rules], ["between", "2.1.332"]);
  assert.equal(between.report.agents[0]!.unverified.length, 34);
  const past = await json(["--agent", "droid"], { PATH: binDir({ droid: "0.226.0" }), HOME: emptyHome });
  assert.deepEqual([past.exit, past.report.agents[0]!.status, past.report.agents[0]!.rules], [1, "newer", "0.225.2"]);
  const before = await json(["--agent", "droid"], { PATH: binDir({ droid: "0.200.0" }), HOME: emptyHome });
  assert.deepEqual([before.exit, before.report.agents[0]!.status, before.report.agents[0]!.rules], [1, "older", "0.215.0"]);
});

test("a newer agent: exit 1, its events are unverified, with the commands that record them again with its binary", async () => {
  const path = binDir({ ...RECORDED, claude: "2.1.340 (Claude Code)" });
  const { exit, report } = await json([], { PATH: path, HOME: emptyHome });
  assert.equal(exit, 1);
  const claude = report.agents.find((a) => a.agent === "claude-code")!;
  assert.deepEqual([claude.status, claude.installed, claude.recorded, claude.rules], ["newer", "2.1.340", "2.1.332", "2.1.334"]);
  assert.equal(claude.unverified.length, 34);
  assert.ok(claude.unverified.find((u) => u.event === "PreToolUse")!.vectors > 100);
  assert.ok(claude.rerecord.some((c) => c.includes(`--claude ${join(path, "claude")}`) && c.includes("--scenarios test/observer/claude-code/scenarios")));
  assert.equal(claude.rerecord.at(-1), "npx tsx scripts/extract-merge-vectors.ts");
  const text = await doctor([], { PATH: path, HOME: emptyHome });
  assert.match(text.stdout, /NEWER than the recordings/);
  assert.match(text.stdout, /unverified: the rules of 34 events/);
});

test("a newer Qwen Code: doctor names the lab's command that re-records the committed set on that version first", async () => {
  const { report } = await json(["--agent", "qwen-code"], { PATH: binDir({ ...RECORDED, qwen: "0.25.0" }), HOME: emptyHome });
  const qwen = report.agents[0]!;
  assert.deepEqual([qwen.status, qwen.installed], ["newer", "0.25.0"]);
  assert.equal(qwen.rerecord[0], "npm run record -- --agent qwen-code --version 0.25.0 --check");
});

test("an older agent is a difference too; an agent that is not installed is not", async () => {
  const { exit, report } = await json([], { PATH: binDir({ codex: "codex-cli 0.170.9" }), HOME: emptyHome });
  assert.equal(exit, 1);
  assert.deepEqual(report.agents.map((a) => a.status), AGENT_NAMES.map((agent) => (agent === "codex" ? "older" : "not-installed")));
  const none = await json([], { PATH: "", HOME: emptyHome });
  assert.equal(none.exit, 0);
  assert.ok(none.report.agents.every((a) => a.status === "not-installed" && a.path === null));
});

test("--bin wins over PATH; the known install locations are searched after PATH", async () => {
  const newer = writeScript(join(root, "my-claude"), "echo '2.2.0 (Claude Code)'");
  const { report } = await json(["--bin", `claude-code=${newer}`, "--agent", "claude-code"], { PATH: binDir(RECORDED), HOME: emptyHome });
  assert.deepEqual(report.agents.map((a) => [a.agent, a.status, a.path, a.found_by]), [["claude-code", "newer", newer, "--bin"]]);
  const home = join(root, "home-with-droid");
  mkdirSync(join(home, ".factory/bin"), { recursive: true });
  writeScript(join(home, ".factory/bin/droid"), "echo 0.215.0");
  const located = await json(["--agent", "droid"], { PATH: "", HOME: home });
  assert.deepEqual(located.report.agents.map((a) => [a.status, a.found_by]), [["match", "known-location"]]);
  // a common install directory (~/.local/bin), for any agent's command
  const common = join(root, "home-with-qwen");
  mkdirSync(join(common, ".local/bin"), { recursive: true });
  writeScript(join(common, ".local/bin/qwen"), "echo 0.24.4");
  const inCommon = await json(["--agent", "qwen-code"], { PATH: "", HOME: common });
  assert.deepEqual(inCommon.report.agents.map((a) => [a.status, a.path, a.found_by]), [["match", join(common, ".local/bin/qwen"), "known-location"]]);
});

test("hostile probes by class: no version in the output, a failing binary, a missing path, a directory, an output over 1 MiB: unknown, exit 1, never a throw", async () => {
  const cases: Readonly<Record<string, string>> = {
    garbage: writeScript(join(root, "garbage"), "echo 'claude version: latest'"),
    failing: writeScript(join(root, "failing"), "echo 'boom' >&2; exit 3"),
    missing: join(root, "no-such-binary"),
    directory: root,
    flood: writeScript(join(root, "flood"), "head -c 2000000 /dev/zero | tr '\\0' x"),
    notExecutable: (() => {
      const path = join(root, "plain-file");
      writeFileSync(path, "2.1.332 (Claude Code)\n");
      return path;
    })(),
  };
  for (const [name, path] of Object.entries(cases)) {
    // the scripts' own commands (head, tr) need a PATH; --bin names the agent
    const { exit, report } = await json(["--bin", `claude-code=${path}`, "--agent", "claude-code"], { PATH: "/usr/bin:/bin", HOME: emptyHome });
    const claude = report.agents[0]!;
    assert.deepEqual([exit, claude.status], [1, "unknown"], name);
    assert.ok(claude.problem !== null && claude.problem.length < 600, name);
    assert.equal(claude.unverified.length, 34, name);
  }
});

test("usage errors exit 2: a malformed --bin, an unknown agent, an unknown format, a positional", async () => {
  for (const argv of [["--bin", "claude-code"], ["--bin", "nobody=/x"], ["--bin", "claude-code="], ["--agent", "vim"], ["--format", "xml"], ["extra"]]) {
    const { exit, stderr } = await doctor(argv, { PATH: "", HOME: emptyHome });
    assert.equal(exit, 2, argv.join(" "));
    assert.notEqual(stderr, "", argv.join(" "));
  }
  assert.equal((await doctor(["--help"], { PATH: "" })).exit, 0);
});

test("versions compare by number, not as text", () => {
  assert.equal(compareVersions("2.1.10", "2.1.9"), 1);
  assert.equal(compareVersions("0.61.0", "0.61.0"), 0);
  assert.equal(compareVersions("1.0", "1.0.1"), -1);
});
