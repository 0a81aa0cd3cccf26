/**
 * The CLI across agents, through the built command: events --agent, merge
 * --agent, run --agent with real hook processes and each agent's own
 * configuration files, and the usage errors. Expected texts are the agents'
 * recorded wordings (docs/spec/*-observed.md), not ours.
 */
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, test } from "node:test";
import { AGENT_NAMES } from "../src/core/agents.js";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));
const cli = join(root, "dist/src/cli.js");
const cmd = (args: readonly string[], input?: string) =>
  spawnSync(process.execPath, [cli, ...args], { cwd: root, input, encoding: "utf8", env: { ...process.env, NO_COLOR: "1" } });

const dir = mkdtempSync(join(tmpdir(), "cli-agents-"));
after(() => rmSync(dir, { recursive: true, force: true }));
const denyNoReason = join(dir, "deny.sh");
writeFileSync(denyNoReason, `#!/bin/sh\ncat >/dev/null\necho '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny"}}'\n`);
chmodSync(denyNoReason, 0o755);
const hooksFile = JSON.stringify({ hooks: { PreToolUse: [{ matcher: "Bash", hooks: [{ type: "command", command: denyNoReason, timeout: 10 }] }] } });
const home = join(dir, "home");
const project = join(dir, "work");
mkdirSync(join(home, ".codex"), { recursive: true });
mkdirSync(join(project, ".claude"), { recursive: true });
writeFileSync(join(home, ".codex/hooks.json"), hooksFile);
writeFileSync(join(project, ".claude/settings.json"), hooksFile);
const event = join(dir, "event.json");
writeFileSync(event, JSON.stringify({ hook_event_name: "PreToolUse", session_id: "s", cwd: project, tool_name: "Bash", tool_input: { command: "rm -rf build" } }));
const runAs = (agent: string) => cmd(["run", "--agent", agent, "--input", event, "--project-dir", project, "--home-dir", home, "--json"]);

test("run --agent: one reason-less deny fails open under Codex and denies under Copilot CLI (the repository's .claude hooks)", () => {
  const codex = runAs("codex");
  assert.equal(codex.status, 0, codex.stderr);
  const codexMerged = JSON.parse(codex.stdout) as { agent: string; effects: { decision: unknown; tool_result: unknown } };
  assert.equal(codexMerged.agent, "codex");
  assert.equal(codexMerged.effects.decision, null);
  const copilot = runAs("copilot-cli");
  assert.equal(copilot.status, 0, copilot.stderr);
  const copilotMerged = JSON.parse(copilot.stdout) as { effects: { decision: unknown; tool_result: unknown } };
  assert.equal(copilotMerged.effects.decision, "deny");
  assert.equal(copilotMerged.effects.tool_result, "Denied by preToolUse hook: No reason provided");
});

test("run --agent refuses Claude Code's options and unknown agents", () => {
  const r = cmd(["run", "--agent", "codex", "--input", event, "--settings", "x.json"]);
  assert.equal(r.status, 2);
  assert.match(r.stderr, /--settings is for Claude Code; Codex CLI reads its hooks from/);
  assert.equal(cmd(["run", "--agent", "nobody", "--input", event]).status, 2);
});

test("merge --agent gemini-cli: a top-level deny, Gemini CLI's text", () => {
  const request = { event: "BeforeTool", tool_name: "run_shell_command", tool_input: { command: "ls" }, hooks: [{ command: "a", exit: 0, stdout: '{"decision":"deny","reason":"nope"}', stderr: "", config_index: 0 }] };
  const r = cmd(["merge", "--agent", "gemini-cli"], JSON.stringify(request));
  assert.equal(r.status, 0, r.stderr);
  assert.equal((JSON.parse(r.stdout) as { effects: { tool_result: string } }).effects.tool_result, "Tool execution blocked: nope");
  const bad = cmd(["merge", "--agent", "gemini-cli"], '{"event":"BeforeTool","hooks":5}');
  assert.equal(bad.status, 1);
  assert.match(bad.stderr, /\/hooks: hooks must be an array/);
});

test("events --agent: an agent's own names and the mapping across agents", () => {
  const gemini = cmd(["events", "--agent", "gemini-cli", "--json"]);
  const events = JSON.parse(gemini.stdout) as { name: string; canonical: string | null }[];
  assert.equal(events.find((e) => e.name === "BeforeTool")?.canonical, "PreToolUse");
  const all = cmd(["events", "--agent", "all", "--json"]);
  const rows = JSON.parse(all.stdout) as { canonical: string | null; agents: Record<string, string[]> }[];
  const pre = rows.find((r) => r.canonical === "PreToolUse")!;
  assert.deepEqual(pre.agents["gemini-cli"], ["BeforeTool"]);
  assert.ok(pre.agents["copilot-cli"]!.includes("preToolUse"));
  assert.equal(cmd(["events", "--agent", "nobody"]).status, 2);
});

type Judged = { accepted: boolean; lets_through: { agent: string; why: string }[]; agents: { agent: string; accepted: boolean; effects: { decision: unknown } | null; divergences: { code: string }[] }[] };
const judge = (output: string): { status: number | null; report: Judged } => {
  const r = cmd(["validate", "--agent", "all", "--event", "PreToolUse", "--input", "examples/events/pre-tool-use.json", "--json", `examples/outputs/${output}.json`]);
  return { status: r.status, report: JSON.parse(r.stdout) as Judged };
};
const byAgent = (report: Judged, agent: string) => report.agents.find((a) => a.agent === agent)!;

test("validate --agent all: every example output gets each registered agent's verdict", () => {
  for (const output of ["deny-no-reason", "deny-with-reason", "legacy-block", "allow-with-rewrite", "stop-the-agent"]) {
    const { report } = judge(output);
    assert.deepEqual(report.agents.map((a) => a.agent), [...AGENT_NAMES], output);
  }
});

test("validate --agent all: a reason-less deny fails open in Codex and Gemini CLI (exit 3, over Codex's not accepted), denies elsewhere", () => {
  const { status, report } = judge("deny-no-reason");
  assert.equal(status, 3);
  assert.deepEqual(report.lets_through.map((l) => l.agent), ["codex", "gemini-cli"]);
  assert.equal(byAgent(report, "codex").accepted, false);
  assert.ok(byAgent(report, "codex").divergences.some((d) => d.code === "fails-open"));
  assert.ok(byAgent(report, "gemini-cli").divergences.some((d) => d.code === "fails-open"));
  for (const agent of AGENT_NAMES.filter((a) => !["codex", "gemini-cli"].includes(a))) assert.equal(byAgent(report, agent).effects!.decision, "deny", agent);
});

test("validate --agent all: a legacy decision:block fails open in Copilot CLI, droid and Kimi Code CLI (km-pre-13): exit 3, though every agent accepts it", () => {
  const { status, report } = judge("legacy-block");
  assert.equal(status, 3);
  assert.equal(report.accepted, true);
  assert.deepEqual(report.lets_through.map((l) => l.agent), ["copilot-cli", "droid", "kimi-code"]);
  for (const agent of ["copilot-cli", "droid", "kimi-code"]) assert.ok(byAgent(report, agent).divergences.some((d) => d.code === "fails-open"), agent);
  for (const agent of AGENT_NAMES.filter((a) => !["copilot-cli", "droid", "kimi-code"].includes(a))) assert.equal(byAgent(report, agent).effects!.decision, "deny", agent);
});
