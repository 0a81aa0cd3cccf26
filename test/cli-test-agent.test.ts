/**
 * `test --agent NAME`: a hook test's commands run as that agent runs them, and
 * the merged effects are compared with the expected ones. The hooks are real
 * (examples/hooks/); the expected effects come from recorded merges
 * (test/vectors/merge/<agent>/), the recorded reason and command replaced by
 * the hook's: what each agent does with a deny, and the text it gives the model.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const TSX = import.meta.resolve("tsx");

function cli(args: readonly string[]): Promise<{ status: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ["--import", TSX, join(ROOT, "src/cli.ts"), ...args], { cwd: ROOT, env: { ...process.env, NO_COLOR: "1" } });
    let stdout = "";
    let stderr = "";
    child.stdout.setEncoding("utf8").on("data", (c: string) => (stdout += c));
    child.stderr.setEncoding("utf8").on("data", (c: string) => (stderr += c));
    child.on("close", (status) => resolve({ status, stdout, stderr }));
    child.stdin.end();
  });
}

interface RecordedMerge {
  readonly request: { readonly tool_input?: { readonly command?: string }; readonly hooks: readonly { readonly stdout: string }[] };
  readonly expected: { readonly effects: Record<string, unknown> };
}
const recorded = (path: string): RecordedMerge => JSON.parse(readFileSync(join(ROOT, "test/vectors/merge", path), "utf8")) as RecordedMerge;

/** A recorded text with the recorded hook's reason and tool command replaced by this test's. */
const retold = (text: unknown, recordedReason: string, reason: string, recordedCommand: string | undefined, command: string): string => {
  assert.equal(typeof text, "string");
  let out = (text as string).split(recordedReason).join(reason);
  if (recordedCommand !== undefined) out = out.split(recordedCommand).join(command);
  return out;
};

// the kit hook's reason (examples/hooks/kit-deny-rm-rf.mjs) and the recorded merges' reasons
const KIT_REASON = "rm -rf is blocked by policy: delete files one by one, or ask the user";
const COMMAND = "rm -rf build/";
// Codex: a deny in hookSpecificOutput blocks, the model reads "Command blocked by PreToolUse hook: R. Command: C"
const CODEX_DENY = recorded("codex/PreToolUse/post-09-pre-deny-skips-post.json");
// Gemini CLI: {"decision":"deny","reason":R} blocks with "Tool execution blocked: R"
const GEMINI_DENY = recorded("gemini-cli/BeforeTool/bt-56-matcher-alternation.json");
// Gemini CLI: Claude Code's hookSpecificOutput.permissionDecision deny is not read: the tool runs
const GEMINI_CLAUDE_STYLE_DENY = recorded("gemini-cli/BeforeTool/bt-36-claude-style-hso-deny.json");
// Copilot CLI, its own hook file: {"permissionDecision":"deny","permissionDecisionReason":R} blocks with "Denied by preToolUse hook: R"
const COPILOT_DENY = recorded("copilot-cli/preToolUse/pre-02-deny-reason.json");
// Claude Code: deny + reason R -> "PreToolUse:Bash hook error: R" (examples/hooks/fixtures/kit-deny-rm-rf.hooktest.json)
const CLAUDE_TEXT = `PreToolUse:Bash hook error: ${KIT_REASON}`;

const tmp = mkdtempSync(join(tmpdir(), "cli-test-agent-"));
const denyInput = { hook_event_name: "PreToolUse", tool_name: "Bash", tool_input: { command: COMMAND } };
const allowInput = { hook_event_name: "PreToolUse", tool_name: "Bash", tool_input: { command: "ls -la" } };

function hookTest(name: string, body: Record<string, unknown>): string {
  const file = join(tmp, `${name}.hooktest.json`);
  writeFileSync(file, JSON.stringify(body));
  return file;
}

const kitHook = `node ${join(ROOT, "examples/hooks/kit-deny-rm-rf.mjs")}`;
const claudeExpectations = hookTest("kit-claude", {
  hooks: [kitHook],
  cases: [
    { name: "deny", input: denyInput, expect: { decision: "deny", blocked: true, tool_result: CLAUDE_TEXT } },
    { name: "allow", input: allowInput, expect: { decision: null, blocked: false, tool_input: { command: "ls -la" } } },
  ],
});

interface JsonReport {
  readonly passed: number;
  readonly failed: number;
  readonly files: readonly { readonly agent: string; readonly expectedFor: string; readonly problem?: string; readonly cases: readonly { readonly name: string; readonly ok: boolean; readonly diff: readonly { key: string; expected: unknown; actual: unknown }[] }[] }[];
}

test("default and --agent claude-code: the kit hook's deny as Claude Code applies it", async () => {
  for (const args of [[claudeExpectations], ["--agent", "claude-code", claudeExpectations]]) {
    const run = await cli(["test", ...args]);
    assert.equal(run.status, 0, run.stdout + run.stderr);
    assert.match(run.stdout, /2 passed/);
  }
});

test("--agent codex, gemini-cli and copilot-cli: the kit hook's deny holds; only the text the model reads differs, as recorded", async () => {
  const cases: readonly [string, RecordedMerge][] = [
    ["codex", CODEX_DENY],
    ["gemini-cli", GEMINI_DENY],
    // Copilot CLI's own input form (toolName "bash", toolArgs) made from the case's Claude Code input
    ["copilot-cli", COPILOT_DENY],
  ];
  for (const [agent, vector] of cases) {
    const run = await cli(["test", "--agent", agent, "--json", claudeExpectations]);
    assert.equal(run.status, 1, run.stdout + run.stderr);
    const report = JSON.parse(run.stdout) as JsonReport;
    const [file] = report.files;
    assert.equal(file?.agent, agent);
    assert.equal(file?.expectedFor, "claude-code");
    const deny = file!.cases.find((c) => c.name === "deny")!;
    assert.deepEqual(deny.diff.map((d) => d.key), ["tool_result"], `${agent}: decision and blocked are as Claude Code's`);
    const answer = JSON.parse(vector.request.hooks[0]!.stdout);
    const recordedReason = answer["hookSpecificOutput"]?.["permissionDecisionReason"] ?? answer["permissionDecisionReason"] ?? answer["reason"];
    assert.equal(deny.diff[0]!.actual, retold(vector.expected.effects["tool_result"], recordedReason, KIT_REASON, vector.request.tool_input?.command, COMMAND));
    assert.equal(file!.cases.find((c) => c.name === "allow")!.ok, true, `${agent}: ls runs`);
    const text = await cli(["test", "--agent", agent, claudeExpectations]);
    assert.match(text.stdout, /the verdict holds; what the model or the user reads differs/);
  }
});

test("a file's expectations written for its agent (\"agent\") pass under that agent", async () => {
  const codex = hookTest("kit-codex", {
    agent: "codex",
    hooks: [kitHook],
    cases: [{ name: "deny", input: denyInput, expect: { decision: "deny", blocked: true, tool_result: retold(CODEX_DENY.expected.effects["tool_result"], "A denies", KIT_REASON, CODEX_DENY.request.tool_input?.command, COMMAND) } }],
  });
  const gemini = hookTest("kit-gemini", {
    agent: "gemini-cli",
    hooks: [kitHook],
    cases: [{ name: "deny", input: denyInput, expect: { decision: "deny", blocked: true, tool_result: retold(GEMINI_DENY.expected.effects["tool_result"], "alternation matched", KIT_REASON, undefined, COMMAND) } }],
  });
  const run = await cli(["test", codex, gemini]);
  assert.equal(run.status, 0, run.stdout + run.stderr);
  assert.match(run.stdout, /2 passed/);
  // the other agent's expectations fail: the texts are each agent's own
  const crossed = await cli(["test", "--agent", "codex", gemini]);
  assert.equal(crossed.status, 1, crossed.stdout);
});

test("a hook answering in Claude Code's form: its deny holds under Codex and fails open under Gemini CLI (bt-36)", async () => {
  const file = hookTest("sh-claude-form", {
    hooks: [`sh ${join(ROOT, "examples/hooks/deny-rm-rf.sh")}`],
    cases: [{ name: "deny", input: denyInput, expect: { decision: "deny", blocked: true } }],
  });
  const codex = await cli(["test", "--agent", "codex", file]);
  assert.equal(codex.status, 0, codex.stdout);
  const gemini = await cli(["test", "--agent", "gemini-cli", "--json", file]);
  assert.equal(gemini.status, 1, gemini.stdout);
  const deny = (JSON.parse(gemini.stdout) as JsonReport).files[0]!.cases[0]!;
  assert.equal(GEMINI_CLAUDE_STYLE_DENY.expected.effects["blocked"], false);
  assert.deepEqual(deny.diff.find((d) => d.key === "blocked")?.actual, GEMINI_CLAUDE_STYLE_DENY.expected.effects["blocked"]);
  const text = await cli(["test", "--agent", "gemini-cli", file]);
  assert.match(text.stdout, /under Gemini CLI this deny fails open: the action goes ahead/);
});

test("--agent all: one report per agent of the registry; bad agents and settings under another agent are refused by name", async () => {
  const all = await cli(["test", "--agent", "all", "--json", claudeExpectations]);
  const report = JSON.parse(all.stdout) as JsonReport;
  const { AGENT_NAMES } = await import("../src/core/agents.js");
  assert.deepEqual(report.files.map((f) => f.agent), [...AGENT_NAMES]);
  const unknown = await cli(["test", "--agent", "kodex", claudeExpectations]);
  assert.equal(unknown.status, 2);
  assert.match(unknown.stderr, /unknown agent "kodex"/);
  const settings = hookTest("settings", { settings: { hooks: {} }, cases: [{ name: "x", input: denyInput, expect: {} }] });
  const refused = await cli(["test", "--agent", "codex", settings]);
  assert.equal(refused.status, 1);
  assert.match(refused.stdout, /give "hooks"/);
});

test("--agent copilot-cli: a file tool's input in Copilot's field names (view's path) and back; an input without the keys Copilot's own form tells its event by is said", async () => {
  const file = hookTest("kit-protect-env-copilot", {
    hooks: [`node ${join(ROOT, "examples/hooks/kit-protect-env.mjs")}`],
    cases: [
      { name: "Read .env", input: { hook_event_name: "PreToolUse", tool_name: "Read", tool_input: { file_path: "/repo/.env" } }, expect: { decision: "deny", blocked: true } },
      { name: "Read .env.example", input: { hook_event_name: "PreToolUse", tool_name: "Read", tool_input: { file_path: "/repo/.env.example" } }, expect: { decision: null, tool_input: { file_path: "/repo/.env.example" } } },
    ],
  });
  const run = await cli(["test", "--agent", "copilot-cli", file]);
  assert.equal(run.status, 0, run.stdout + run.stderr);
  assert.match(run.stdout, /2 passed/);
  const post = hookTest("post-copilot", {
    hooks: [kitHook],
    cases: [{ name: "post", input: { hook_event_name: "PostToolUse", tool_name: "Bash", tool_input: { command: "ls" }, tool_response: { stdout: "" } }, expect: {} }],
  });
  const report = JSON.parse((await cli(["test", "--agent", "copilot-cli", "--json", post])).stdout) as JsonReport & { files: { cases: { errors: string[] }[] }[] };
  assert.deepEqual(report.files[0]!.cases[0]!.errors, ["GitHub Copilot CLI's own input of this event has toolResult, which the case's input gives no counterpart of (tool_result): a hook that tells the event by its keys cannot"]);
});
