// Hostile inputs against the kit's agent detection and name mapping (src/<agent>/detection.ts,
// agent-names.ts, handle()): a fail-closed hook written to deny `rm -rf` on Bash must
// (a) deny that call under every agent's form, however the fields are crafted, and
// (b) give no answer (exit 0, nothing written) to a call it was not written to judge: another
// tool, another event, `ls` judged and allowed, under all five agents, with swapped types, odd
// `toolArgs`, missing event names, both camelCase and snake_case keys, and
// CLAUDE_HOOK_PROTOCOL_AGENT set to junk or to the wrong agent.
import { test } from "node:test";
import assert from "node:assert/strict";
import { defineHook } from "../../src/hooks/index.js";
import { AGENT_ENV } from "../../src/hooks/agents.js";
import type { HookOutcome } from "../../src/hooks/define.js";
import type { AgentName } from "../../src/core/agents.js";

const denyRmRf = defineHook({
  event: "PreToolUse",
  tools: ["Bash"],
  failClosed: true,
  run: (input, answer) => (input.tool_input.command.includes("rm -rf") ? answer.deny("rm -rf is blocked") : undefined),
});

const readGuard = defineHook({
  event: "PreToolUse",
  tools: ["Read"],
  failClosed: true,
  run: (input, answer) => (String(input.tool_input.file_path).endsWith(".env") ? answer.deny("no .env") : undefined),
});

async function withAgentEnv<T>(value: string | undefined, body: () => Promise<T>): Promise<T> {
  const saved = process.env[AGENT_ENV];
  if (value === undefined) delete process.env[AGENT_ENV];
  else process.env[AGENT_ENV] = value;
  try {
    return await body();
  } finally {
    if (saved === undefined) delete process.env[AGENT_ENV];
    else process.env[AGENT_ENV] = saved;
  }
}

const run = (stdin: unknown, env?: string, hook: { handle(stdin: string): Promise<HookOutcome> } = denyRmRf): Promise<HookOutcome> => withAgentEnv(env, () => hook.handle(typeof stdin === "string" ? stdin : JSON.stringify(stdin)));

function assertDenied(outcome: HookOutcome, agent?: AgentName): void {
  assert.ok(/"deny"/.test(outcome.stdout) || outcome.exit === 2, `denied: ${JSON.stringify(outcome)}`);
  if (agent !== undefined) assert.equal(outcome.agent, agent, "answered in the dialect of the agent whose input it is");
}

function assertNoAnswer(outcome: HookOutcome): void {
  assert.deepEqual({ exit: outcome.exit, stdout: outcome.stdout, stderr: outcome.stderr }, { exit: 0, stdout: "", stderr: "" }, JSON.stringify(outcome));
}

// The five agents' shell calls as recorded (each *-observed.md, "Hook stdin"), with a command.
const claude = (command: string, extra: object = {}) => ({ session_id: "s", transcript_path: "/h/.claude/projects/p/s.jsonl", cwd: "/w", permission_mode: "default", hook_event_name: "PreToolUse", tool_name: "Bash", tool_input: { command }, tool_use_id: "t", ...extra });
const codex = (command: string, extra: object = {}) => ({ session_id: "s", turn_id: "t", transcript_path: null, cwd: "/w", hook_event_name: "PreToolUse", model: "m", permission_mode: "default", tool_name: "Bash", tool_input: { command }, tool_use_id: "call_1", ...extra });
const gemini = (command: string, extra: object = {}) => ({ session_id: "s", transcript_path: "/h/.gemini/tmp/p/chats/session-x.jsonl", cwd: "/w", hook_event_name: "BeforeTool", timestamp: "2026-01-01T00:00:00.000Z", tool_name: "run_shell_command", tool_input: { command, description: "d" }, ...extra });
const copilot = (command: string, extra: object = {}) => ({ sessionId: "s", timestamp: 1, cwd: "/w", toolName: "bash", toolArgs: { command, description: "d" }, ...extra });
const copilotClaude = (command: string, extra: object = {}) => ({ hook_event_name: "PreToolUse", session_id: "s", timestamp: "2026-01-01T00:00:00.000Z", cwd: "/w", tool_name: "Bash", tool_input: { command, description: "d" }, ...extra });
const droid = (command: string, extra: object = {}) => ({ session_id: "s", transcript_path: "/h/.factory/sessions/s.jsonl", cwd: "/w", permission_mode: "auto-low", hook_event_name: "PreToolUse", tool_name: "Execute", tool_input: { command, riskLevel: "low", riskLevelReason: "r" }, ...extra });

const FORMS: readonly [string, AgentName, (command: string, extra?: object) => object][] = [
  ["claude-code", "claude-code", claude],
  ["codex", "codex", codex],
  ["gemini-cli", "gemini-cli", gemini],
  ["copilot-cli camelCase", "copilot-cli", copilot],
  ["copilot-cli .claude form", "copilot-cli", copilotClaude],
  ["droid", "droid", droid],
];

// Baseline: the hook as written under each form.
for (const [form, agent, make] of FORMS) {
  test(`baseline ${form}: rm -rf denied in its dialect, ls no answer`, async () => {
    assertDenied(await run(make("rm -rf /")), agent);
    assertNoAnswer(await run(make("ls")));
  });
}

// (a) the call it handles, crafted
test("(a) Copilot camelCase form without sessionId (toolName alone tells the agent)", async () => {
  const { sessionId: _, ...rest } = copilot("rm -rf /") as Record<string, unknown>;
  assertDenied(await run(rest), "copilot-cli");
});

test("(a) Copilot camelCase fields under a camelCase hook_event_name", async () => {
  assertDenied(await run(copilot("rm -rf /", { hook_event_name: "preToolUse" })), "copilot-cli");
});

test("(b) Copilot camelCase fields under a camelCase hook_event_name: ls is read, not failed on", async () => {
  assertNoAnswer(await run(copilot("ls", { hook_event_name: "preToolUse" })));
});

test("(b) Copilot view with both path (the agent's field) and file_path: the Read guard judges path, and says the input is ambiguous", async () => {
  assertDenied(await run(copilot("", { toolName: "view", toolArgs: { path: "/w/.env", file_path: "/w/a.txt" } }), undefined, readGuard), "copilot-cli");
});

test("(a) Copilot camelCase form with toolArgs rm -rf and a snake_case tool_input ls beside it", async () => {
  assertDenied(await run(copilot("rm -rf /", { tool_input: { command: "ls" } })), "copilot-cli");
});

test("(a) Copilot camelCase form with toolArgs rm -rf and a toolInput ls beside it", async () => {
  assertDenied(await run(copilot("rm -rf /", { toolInput: { command: "ls" } })), "copilot-cli");
});

test("(a) Copilot camelCase form with toolName bash and a snake_case tool_name view beside it", async () => {
  assertDenied(await run(copilot("rm -rf /", { tool_name: "view", tool_input: { path: "/x" } })), "copilot-cli");
});

test("(a) Copilot .claude form with tool_input ls and a camelCase toolArgs rm -rf beside it", async () => {
  assertDenied(await run(copilotClaude("ls", { toolArgs: { command: "rm -rf /" } })), "copilot-cli");
});

test("(a) Copilot toolArgs as JSON text with whitespace around it", async () => {
  assertDenied(await run(copilot("", { toolArgs: `\n  ${JSON.stringify({ command: "rm -rf /" })}  \n` })), "copilot-cli");
});

test("(a) Copilot toolArgs as doubly encoded JSON text (a string inside): fails closed", async () => {
  assertDenied(await run(copilot("", { toolArgs: JSON.stringify(JSON.stringify({ command: "rm -rf /" })) })), "copilot-cli");
});

test("(a) Gemini tool_input as JSON text", async () => {
  assertDenied(await run(gemini("", { tool_input: JSON.stringify({ command: "rm -rf /" }) })), "gemini-cli");
});

test("(a) Bash's command as an array (a type the handler does not expect): fails closed, never allowed", async () => {
  assertDenied(await run(claude("", { tool_input: { command: ["rm", "-rf", "/"] } })), "claude-code");
});

test("(a) Bash's command as a number: fails closed", async () => {
  assertDenied(await run(codex("", { tool_input: { command: 5 } })), "codex");
});

test("(a) Bash's command as an object with its own includes, under droid and Gemini: fails closed", async () => {
  assertDenied(await run(droid("", { tool_input: { command: { includes: 1 } } })), "droid");
  assertDenied(await run(gemini("", { tool_input: { command: null } })), "gemini-cli");
});

test("(b) a tool field of another type in a tool the hook does not handle: no answer", async () => {
  assertNoAnswer(await run(claude("", { tool_name: "Read", tool_input: { file_path: ["x"] } })));
});

for (const [wrong, form, agent, make] of [
  ["codex", "gemini-cli", "gemini-cli", gemini],
  ["gemini-cli", "claude-code", "claude-code", claude],
  ["droid", "copilot-cli camelCase", "copilot-cli", copilot],
  ["codex", "droid", "droid", droid],
  ["gemini-cli", "codex", "codex", codex],
  ["copilot-cli", "droid", "droid", droid],
] as const) {
  test(`(a) ${AGENT_ENV}=${wrong} (the wrong agent) on a ${form} rm -rf call: denied in ${agent}'s dialect`, async () => {
    assertDenied(await run(make("rm -rf /"), wrong), agent);
  });
}

test(`(a) ${AGENT_ENV} set to junk on an rm -rf call: denied`, async () => {
  const outcome = await run(claude("rm -rf /"), "cursor");
  assertDenied(outcome, "claude-code");
  assert.match(outcome.stderr, /CLAUDE_HOOK_PROTOCOL_AGENT names "cursor"/);
});

test(`(a) ${AGENT_ENV} set to junk on a Gemini rm -rf call: denied in Gemini's dialect`, async () => {
  assertDenied(await run(gemini("rm -rf /"), "__proto__"), "gemini-cli");
});

async function withArgv<T>(arg: string, body: () => Promise<T>): Promise<T> {
  const saved = process.argv;
  process.argv = [saved[0]!, "hook.mjs", arg];
  try {
    return await body();
  } finally {
    process.argv = saved;
  }
}

test("(a) --agent=codex in the command on a Gemini rm -rf call: denied in Gemini's dialect", async () => {
  assertDenied(await withArgv("--agent=codex", () => denyRmRf.handle(JSON.stringify(gemini("rm -rf /")))), "gemini-cli");
});

test("(b) --agent=junk in the command: a Read and another agent's SessionStart get no answer", async () => {
  assertNoAnswer(await withArgv("--agent=__proto__", () => denyRmRf.handle(JSON.stringify(claude("", { tool_name: "Read", tool_input: { file_path: "/x" } })))));
  assertNoAnswer(await withArgv("--agent=", () => denyRmRf.handle(JSON.stringify({ sessionId: "s", timestamp: 1, cwd: "/w", source: "new", initialPrompt: "rm -rf /" }))));
});

// (b) calls it was not written to judge
test(`(b) ${AGENT_ENV} set to junk: ls is allowed (the junk named on stderr), a Read and a SessionStart get no answer`, async () => {
  const ls = await run(claude("ls"), "cursor");
  assert.deepEqual({ exit: ls.exit, stdout: ls.stdout }, { exit: 0, stdout: "" });
  assert.match(ls.stderr, /names "cursor", not an agent/);
  assertNoAnswer(await run(claude("", { tool_name: "Read", tool_input: { file_path: "/x" } }), "cursor"));
  assertNoAnswer(await run({ session_id: "s", transcript_path: "/t", cwd: "/w", hook_event_name: "SessionStart", source: "startup" }, "constructor"));
});

test(`(b) ${AGENT_ENV} names the wrong agent: another agent's SessionStart, Read and ls get no answer`, async () => {
  assertNoAnswer(await run({ session_id: "s", transcript_path: "/h/.gemini/tmp/x.jsonl", cwd: "/w", hook_event_name: "SessionStart", timestamp: "t", source: "startup" }, "codex"));
  assertNoAnswer(await run(claude("", { tool_name: "Read", tool_input: { file_path: "/x" } }), "gemini-cli"));
  assertNoAnswer(await run(gemini("ls"), "droid"));
  assertNoAnswer(await run(copilot("ls"), "codex"));
});

test("(b) Copilot camelCase and snake_case twins that agree: ls is not made ambiguous", async () => {
  assertNoAnswer(await run(copilot("ls", { tool_name: "bash", tool_input: { command: "ls", description: "d" } })));
});

test("(b) Copilot twins that disagree outside the tool (sessionId beside session_id, transcriptPath beside transcript_path): ls is judged, not failed on", async () => {
  assertNoAnswer(await run(copilot("ls", { session_id: "other", transcriptPath: "/a", transcript_path: "/b" })));
});

test("(b) Copilot twins that disagree, neither of them Bash: no answer", async () => {
  assertNoAnswer(await run(copilot("", { toolName: "view", toolArgs: { path: "/a" }, tool_name: "glob", tool_input: { pattern: "*" } })));
});

test("(b) the event name of another type (null, a number, an object, a list): no answer", async () => {
  for (const name of [null, 5, { PreToolUse: 1 }, ["PreToolUse"]]) assertNoAnswer(await run(claude("rm -rf /", { hook_event_name: name })));
});

test("(b) other events carrying a Bash rm -rf: PostToolUse, PermissionRequest, AfterTool, postToolUseFailure, permissionRequest", async () => {
  assertNoAnswer(await run(claude("rm -rf /", { hook_event_name: "PostToolUse", tool_response: {} })));
  assertNoAnswer(await run(codex("rm -rf /", { hook_event_name: "PermissionRequest" })));
  assertNoAnswer(await run(gemini("rm -rf /", { hook_event_name: "AfterTool", tool_response: {} })));
  assertNoAnswer(await run(copilot("rm -rf /", { error: "Path does not exist" })));
  const { toolArgs, ...rest } = copilot("rm -rf /") as Record<string, unknown>;
  assertNoAnswer(await run({ hookName: "permissionRequest", ...rest, toolInput: toolArgs, permissionSuggestions: [] }));
});

test("(b) a UserPromptSubmit whose prompt says rm -rf and whose stray tool_name says Bash", async () => {
  assertNoAnswer(await run({ ...claude("rm -rf /"), hook_event_name: "UserPromptSubmit", prompt: "rm -rf /" }));
});

test("(b) a SessionStart with a swapped-type tool_name and tool_input under each agent", async () => {
  for (const [, , make] of FORMS) {
    const base = make("ls") as Record<string, unknown>;
    const named = "hook_event_name" in base ? { hook_event_name: "SessionStart" } : {};
    assertNoAnswer(await run({ ...base, ...named, source: "startup", tool_name: 5, tool_input: "x", toolName: undefined, toolArgs: undefined }));
  }
});

test("(b) a Read guard (tools: [Read]) gives no answer to shell calls of any agent, and judges Copilot's view", async () => {
  for (const [, , make] of FORMS) assertNoAnswer(await run(make("cat .env"), undefined, readGuard));
  assertDenied(await run(copilot("", { toolName: "view", toolArgs: { path: "/w/.env" } }), undefined, readGuard), "copilot-cli");
  assertNoAnswer(await run(copilot("", { toolName: "view", toolArgs: { path: "/w/a.txt" } }), undefined, readGuard));
});

test("(b) Gemini's and droid's other tools (read_file, Read-named droid tools) are not Bash", async () => {
  assertNoAnswer(await run(gemini("", { tool_name: "read_file", tool_input: { absolute_path: "/x" } })));
  assertNoAnswer(await run(droid("", { tool_name: "Read", tool_input: { file_path: "/x" } })));
  assertNoAnswer(await run(gemini("rm -rf /", { tool_name: "run_shell_command_x" })));
});

test("(b) nothing of the input pollutes a prototype", async () => {
  await run(`{"sessionId":"s","timestamp":1,"cwd":"/w","toolName":"bash","toolArgs":{"command":"ls"},"__proto__":{"tool_name":"Bash","polluted":1},"constructor":{"prototype":{"polluted":1}}}`);
  assert.equal(({} as Record<string, unknown>)["polluted"], undefined);
});

// A named agent (CLAUDE_HOOK_PROTOCOL_AGENT or --agent=) that is not the one whose stdin the hook gets
// (issue #24 item 7): the answer must deny under every agent that may have sent that stdin, as each
// agent's merge reads it (its recorded behaviour), and a detection rule rests only on what no other
// agent sends (issue #25 item 3).
import { blockedUnder as mergedUnder } from "../lib/agent-schemas.js";

const blockedUnder = (agent: AgentName, stdin: Record<string, unknown>, outcome: HookOutcome): boolean => mergedUnder(agent, stdin, outcome).blocked;

const blockPrompt = defineHook({ event: "UserPromptSubmit", failClosed: true, run: (input, answer) => (input.prompt.includes("secret") ? answer.block("no secrets") : undefined) });
const blockAfterTool = defineHook({ event: "PostToolUse", tools: ["Bash"], failClosed: true, run: (_input, answer) => answer.block("the output leaks") });
const claudePrompt = (prompt: string) => ({ session_id: "s", transcript_path: "/h/.claude/projects/p/s.jsonl", cwd: "/w", permission_mode: "default", hook_event_name: "UserPromptSubmit", prompt });
const claudeAfterBash = { session_id: "s", transcript_path: "/h/.claude/projects/p/s.jsonl", cwd: "/w", permission_mode: "default", hook_event_name: "PostToolUse", tool_name: "Bash", tool_input: { command: "cat x" }, tool_response: { stdout: "k" }, tool_use_id: "t" };

test(`(a) ${AGENT_ENV}=copilot-cli on a Claude Code rm -rf call: denied in Claude Code's form (Copilot always sends a timestamp)`, async () => {
  const outcome = await run(claude("rm -rf /"), "copilot-cli");
  assertDenied(outcome, "claude-code");
  assert.ok(blockedUnder("claude-code", claude("rm -rf /"), outcome));
});

test(`(a) ${AGENT_ENV}=copilot-cli and --agent=copilot-cli on a Codex rm -rf call: denied in Codex's form, which Codex reads`, async () => {
  const outcome = await run(codex("rm -rf /"), "copilot-cli");
  assertDenied(outcome, "codex");
  assert.ok(blockedUnder("codex", codex("rm -rf /"), outcome));
  const byArg = await withArgv("--agent=copilot-cli", () => denyRmRf.handle(JSON.stringify(codex("rm -rf /"))));
  assert.ok(blockedUnder("codex", codex("rm -rf /"), byArg), JSON.stringify(byArg));
});

test(`(a) ${AGENT_ENV}=copilot-cli on droid's and Qwen Code's rm -rf calls: denied in their forms`, async () => {
  const qwen = { session_id: "s", transcript_path: "/h/.qwen/projects/p/chats/s.jsonl", cwd: "/w", hook_event_name: "PreToolUse", timestamp: "2026-01-01T00:00:00.000Z", permission_mode: "yolo", tool_name: "run_shell_command", tool_input: { command: "rm -rf /" } };
  for (const [agent, stdin] of [["droid", droid("rm -rf /")], ["qwen-code", qwen]] as const) {
    const outcome = await run(stdin, "copilot-cli");
    assert.ok(blockedUnder(agent, stdin as Record<string, unknown>, outcome), `${agent}: ${JSON.stringify(outcome)}`);
  }
});

test(`(a) ${AGENT_ENV}=droid on a Claude Code PostToolUse droid could send too: the block is exit 2, which both read as one (droid's block there is exit 2, Claude Code's JSON)`, async () => {
  const outcome = await run(claudeAfterBash, "droid", blockAfterTool);
  assert.equal(outcome.exit, 2, JSON.stringify(outcome));
  assert.match(outcome.stderr, /the output leaks/, "the reason on stderr");
  for (const agent of ["claude-code", "droid"] as const) assert.ok(blockedUnder(agent, claudeAfterBash, outcome), `${agent}: ${JSON.stringify(outcome)}`);
});

test(`(a) ${AGENT_ENV}=droid, a fail-closed PostToolUse hook that crashes on a stdin both may send: blocked under both`, async () => {
  const crashes = defineHook({ event: "PostToolUse", tools: ["Bash"], failClosed: true, run: () => { throw new Error("policy server down"); } });
  const outcome = await run(claudeAfterBash, "droid", crashes);
  for (const agent of ["claude-code", "droid"] as const) assert.ok(blockedUnder(agent, claudeAfterBash, outcome), `${agent}: ${JSON.stringify(outcome)}`);
  assert.match(outcome.stderr, /policy server down/);
});

test(`(a) ${AGENT_ENV}=droid on a Claude Code prompt (droid's always has message_id and has_images): Claude Code's block`, async () => {
  const outcome = await run(claudePrompt("tell me the secret"), "droid", blockPrompt);
  assert.equal(outcome.agent, "claude-code");
  assert.ok(blockedUnder("claude-code", claudePrompt("tell me the secret"), outcome), JSON.stringify(outcome));
});

test(`(a) ${AGENT_ENV}=droid on a Claude Code rm -rf call with permission_mode: one deny both read`, async () => {
  const outcome = await run(claude("rm -rf /"), "droid");
  for (const agent of ["claude-code", "droid"] as const) assert.ok(blockedUnder(agent, claude("rm -rf /"), outcome), `${agent}: ${JSON.stringify(outcome)}`);
});

test(`(a) ${AGENT_ENV}=droid on a Claude Code call without permission_mode (droid always sends one): Claude Code's form`, async () => {
  const { permission_mode: _, ...stdin } = claude("rm -rf /");
  const outcome = await run(stdin, "droid");
  assertDenied(outcome, "claude-code");
  assert.ok(blockedUnder("claude-code", stdin, outcome));
});

test(`(a) ${AGENT_ENV}=codex on a Claude Code prompt (Codex's always has turn_id): Claude Code's block`, async () => {
  const outcome = await run(claudePrompt("the secret"), "codex", blockPrompt);
  assert.equal(outcome.agent, "claude-code");
  assert.ok(blockedUnder("claude-code", claudePrompt("the secret"), outcome));
});

test(`(a) ${AGENT_ENV}=gemini-cli, qwen-code or copilot-cli on a Claude Code prompt (each always sends a timestamp): Claude Code's block`, async () => {
  for (const named of ["gemini-cli", "qwen-code", "copilot-cli"]) {
    const outcome = await run(claudePrompt("the secret"), named, blockPrompt);
    assert.equal(outcome.agent, "claude-code", named);
    assert.ok(blockedUnder("claude-code", claudePrompt("the secret"), outcome), named);
  }
});

test("(a) a Claude Code PreToolUse carrying turn_id (a Codex field) is read as Codex's, whose deny Claude Code reads too", async () => {
  const stdin = claude("rm -rf /", { turn_id: "t" });
  const outcome = await run(stdin);
  for (const agent of ["claude-code", "codex"] as const) assert.ok(blockedUnder(agent, stdin, outcome), agent);
});

test("(a) Codex's SessionStart with transcript_path null is Codex's, whatever the command names; a string \"null\" is not null", async () => {
  const seen: string[] = [];
  const start = defineHook({ event: "SessionStart", run: (input, answer) => (seen.push(input.source), answer.addContext("policy")) });
  const stdin = { session_id: "s", transcript_path: null, cwd: "/w", hook_event_name: "SessionStart", model: "gpt-5", permission_mode: "default", source: "startup" };
  for (const named of [undefined, "claude-code", "droid"]) assert.equal((await run(stdin, named, start)).agent, "codex", String(named));
  assert.equal((await run({ ...stdin, transcript_path: "null" }, undefined, start)).agent, "claude-code");
  assert.equal(seen.length, 4);
});

test("(a) Claude Code's MessageDisplay carries turn_id: a MessageDisplay hook's handler runs under Claude Code", async () => {
  const seen: unknown[] = [];
  const display = defineHook({ event: "MessageDisplay", run: (input) => void seen.push(input.delta) });
  const stdin = { session_id: "s", transcript_path: "/h/.claude/projects/p/s.jsonl", cwd: "/w", hook_event_name: "MessageDisplay", turn_id: "t", message_id: "m", index: 0, final: true, delta: "hello\n" };
  const outcome = await run(stdin, undefined, display);
  assert.equal(outcome.agent, "claude-code");
  assert.deepEqual(seen, ["hello\n"]);
});

// Tool names: a guard written for Claude Code's Read, Write and Edit runs on each agent's own file tools (issue #24 item 8).
const secretGuard = (tool: "Read" | "Write" | "Edit") => defineHook({ event: "PreToolUse", tools: [tool], failClosed: true, run: (input, answer) => (String((input.tool_input as { file_path?: unknown }).file_path).endsWith(".env") ? answer.deny("no .env") : undefined) });
const qwenTool = (tool_name: string, tool_input: object) => ({ session_id: "s", transcript_path: "/h/.qwen/projects/p/chats/s.jsonl", cwd: "/w", hook_event_name: "PreToolUse", timestamp: "2026-01-01T00:00:00.000Z", permission_mode: "yolo", tool_name, tool_input });

test("(a) Qwen Code's read_file, write_file and edit of .env: denied by the Read, Write and Edit guards, also under a wrong name", async () => {
  for (const [tool, own, input] of [["Read", "read_file", { file_path: "/w/.env" }], ["Write", "write_file", { file_path: "/w/.env", content: "x" }], ["Edit", "edit", { file_path: "/w/.env", old_string: "a", new_string: "b" }]] as const) {
    for (const named of [undefined, "gemini-cli", "claude-code"]) assertDenied(await run(qwenTool(own, input), named, secretGuard(tool)), "qwen-code");
  }
});

test("(b) Qwen Code's glob, grep_search and a read_file of another file: the Read guard gives no answer", async () => {
  assertNoAnswer(await run(qwenTool("glob", { pattern: "/w/.env" }), undefined, secretGuard("Read")));
  assertNoAnswer(await run(qwenTool("grep_search", { pattern: ".env" }), undefined, secretGuard("Read")));
  assertNoAnswer(await run(qwenTool("read_file", { file_path: "/w/a.txt" }), undefined, secretGuard("Read")));
});

test("(a) Gemini CLI's read_file and replace of .env: denied; replace's allow_multiple reaches the handler as replace_all", async () => {
  assertDenied(await run(gemini("", { tool_name: "read_file", tool_input: { file_path: "/w/.env" } }), undefined, secretGuard("Read")), "gemini-cli");
  assertDenied(await run(gemini("", { tool_name: "replace", tool_input: { file_path: "/w/.env", instruction: "i", old_string: "a", new_string: "b" } }), undefined, secretGuard("Edit")), "gemini-cli");
  const seen: unknown[] = [];
  const edits = defineHook({ event: "PreToolUse", tools: ["Edit"], run: (input) => void seen.push(input.tool_input.replace_all) });
  await run(gemini("", { tool_name: "replace", tool_input: { file_path: "/w/a", old_string: "a", new_string: "b", allow_multiple: true } }), undefined, edits);
  assert.deepEqual(seen, [true]);
});

test("(a) Copilot CLI's .claude-style Read with its own path field: the Read guard judges path", async () => {
  assertDenied(await run(copilotClaude("", { tool_name: "Read", tool_input: { path: "/w/.env" } }), undefined, secretGuard("Read")), "copilot-cli");
});

test("(b) Gemini CLI's web_fetch is no WebFetch: a WebFetch hook gives it no answer", async () => {
  const fetches = defineHook({ event: "PreToolUse", tools: ["WebFetch"], failClosed: true, run: (_input, answer) => answer.deny("no fetching") });
  assertNoAnswer(await run(gemini("", { tool_name: "web_fetch", tool_input: { prompt: "summarise https://example.com" } }), undefined, fetches));
});

// The capabilities subpath and command with bad arguments.
import { PassThrough } from "node:stream";
import { allCapabilities, capabilitiesOf, shownSupport, ANSWER_KINDS, DEGRADE_POLICY, SUPPORT_LEVELS } from "../../src/entry/capabilities.js";
import { main } from "../../src/cli/main.js";

test("capabilities subpath: capabilitiesOf of a prototype key, a non-string or a near miss is undefined", () => {
  for (const bad of ["__proto__", "constructor", "toString", "hasOwnProperty", "", "CODEX", "codex ", undefined, null, 5, {}, ["codex"]]) {
    assert.equal(capabilitiesOf(bad as never), undefined, String(bad));
  }
  assert.equal(capabilitiesOf("codex")?.agent, "codex");
});

test("capabilities subpath: the data and the degrade policy cannot be changed by an importer (the kit degrades by them)", () => {
  const codex = capabilitiesOf("codex")!;
  const before = JSON.stringify(allCapabilities());
  assert.throws(() => { (DEGRADE_POLICY as Record<string, string>)["deny"] = "nothing"; });
  assert.throws(() => { (ANSWER_KINDS as unknown as string[]).push("x"); });
  assert.throws(() => { (SUPPORT_LEVELS as unknown as string[]).pop(); });
  const anyEvent = Object.values(codex.events)[0] as Record<string, { support: string }>;
  assert.throws(() => { Object.values(anyEvent)[0]!.support = "enforced"; });
  assert.throws(() => { (codex as { events: unknown }).events = {}; });
  assert.equal(DEGRADE_POLICY.deny, "refuse");
  assert.equal(JSON.stringify(allCapabilities()), before);
});

test("capabilities subpath: shownSupport never throws, whatever the kind, the stdout and the effects", () => {
  const deep = `${"[".repeat(100_000)}${"]".repeat(100_000)}`;
  const deepObject = `${'{"a":'.repeat(50_000)}{"additionalContext":"x"}${"}".repeat(50_000)}`;
  const cases: [unknown, unknown, unknown][] = [
    ["__proto__", "{}", {}], ["nope", "{}", {}], [undefined, undefined, undefined], ["context", deep, {}], ["context", deepObject, { model_context: ["x"] }],
    ["deny", null, null], ["message", '{"systemMessage":"m"}', { notices: 5, model_context: "m" }], ["context", '{"additionalContext":"c"}', { model_context: [1, null, "c"] }],
    ["rewrite", '{"updatedInput":{"__proto__":{}}}', { tool_input: {} }], ["rewrite", '{"updatedInput":{"a":1}}', { tool_input: { a: 10n } }], ["allow", "{}", { decision: { toString: 1 } }],
  ];
  for (const [kind, stdout, effects] of cases) {
    const shown = shownSupport(kind as never, stdout as never, effects as never);
    assert.ok((SUPPORT_LEVELS as readonly string[]).includes(shown.support), `${String(kind)}: ${JSON.stringify(shown)}`);
  }
  assert.equal(shownSupport("context", deepObject, { model_context: ["x"] }).support, "enforced");
  assert.equal(shownSupport("rewrite", '{"updatedInput":{"__proto__":{}}}', { tool_input: {} }).support, "ignored", "a prototype is not an applied rewrite");
  assert.equal(shownSupport("nope" as never, "{}", {}).support, "unsupported");
});

async function cli(args: readonly string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const out = new PassThrough();
  const err = new PassThrough();
  let stdout = "";
  let stderr = "";
  out.on("data", (c: Buffer) => (stdout += c.toString()));
  err.on("data", (c: Buffer) => (stderr += c.toString()));
  const code = await main(args, { stdin: new PassThrough(), stdout: out, stderr: err, env: {} });
  return { code, stdout, stderr };
}

test("capabilities command: a missing, unknown, prototype-named, NUL-bearing or repeated --agent / --format is exit 2 with nothing on stdout", async () => {
  for (const args of [["--agent"], ["--agent", "__proto__"], ["--agent", "constructor"], ["--agent", "codex\u0000"], ["--format", "toString"], ["--agent", "codex", "--agent", "droid"], ["--format", "json", "--format", "text"], ["extra"], ["--nope"]]) {
    const { code, stdout, stderr } = await cli(["capabilities", ...args]);
    assert.equal(code, 2, args.join(" "));
    assert.equal(stdout, "");
    assert.ok(stderr.length > 0 && !/\n\s+at /.test(stderr), "one message, no stack");
  }
  const json = await cli(["capabilities", "--format=json", "--agent=droid"]);
  assert.equal(json.code, 0);
  assert.deepEqual(Object.keys(JSON.parse(json.stdout)), ["droid"]);
});

test("capabilities command: a 1 MB --agent is not echoed whole", async () => {
  const { code, stderr } = await cli(["capabilities", "--agent", "x".repeat(1_000_000)]);
  assert.equal(code, 2);
  assert.ok(stderr.length < 10_000, `${stderr.length} bytes on stderr`);
});

test("capabilities command: terminal control sequences in --agent are not written raw to stderr", async () => {
  const { stderr } = await cli(["capabilities", "--agent", "\u001b[2J\u001b]0;title\u0007x"]);
  assert.doesNotMatch(stderr, /\u001b/);
});

test("capabilities command: an argument after -- is a positional argument, refused", async () => {
  const { code } = await cli(["capabilities", "--", "--agent"]);
  assert.equal(code, 2);
});
