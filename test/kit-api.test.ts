/**
 * The authoring kit (src/hooks/): its types offer each event the answers it
 * takes (checked by tsc on this file: the @ts-expect-error lines must stay
 * errors), and its runtime reads, checks, answers and fails as documented.
 * Expected answers are Claude Code's own forms (claude-code-observed.md,
 * recorded texts); the kit writes them through the dialect's writeIntent.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { defineHook, detectAgent } from "../src/hooks/index.js";
import { BLOCK_EVENTS, CONTEXT_EVENTS, DECISION_EVENTS, REWRITE_EVENTS, TOOL_EVENTS } from "../src/hooks/events.js";
import { EVENT_CATALOG } from "../src/claude-code/event-catalog.js";
import { hasPermissionDecision } from "../src/claude-code/write-intent.js";
import { toNullPrototype, type JsonObject } from "../src/json/value.js";

const base = { session_id: "s", transcript_path: "/home/u/.claude/projects/p/s.jsonl", cwd: "/w", permission_mode: "default" };
const pre = (tool_name: string, tool_input: Record<string, unknown>): string => JSON.stringify({ ...base, hook_event_name: "PreToolUse", tool_name, tool_input, tool_use_id: "t1" });

// ---- types (tsc) ----------------------------------------------------------
defineHook({
  event: "PreToolUse",
  tools: ["Bash", "Write"],
  run: (input, answer) => {
    if (input.tool_name === "Bash") {
      const command: string = input.tool_input.command;
      // @ts-expect-error Bash has no file_path
      void input.tool_input.file_path;
      return answer.rewrite({ command: `${command} --dry-run` });
    }
    const path: string = input.tool_input.file_path;
    // @ts-expect-error a Write rewrite needs content
    void answer.rewrite({ file_path: path });
    return answer.deny("no writes");
  },
});
defineHook({
  event: "PreToolUse",
  run: (input) => {
    if (input.tool_name === "Read") { const path: string = input.tool_input.file_path; void path; }
    if (input.tool_name === "mcp__github__create_issue") { const anything: unknown = input.tool_input["title"]; void anything; }
  },
});
defineHook({
  event: "Stop",
  run: (input, answer) => {
    const again: boolean = input.stop_hook_active;
    // @ts-expect-error Stop has no permission decision
    void answer.deny;
    return again ? undefined : answer.block("tests fail: fix them");
  },
});
defineHook({
  event: "SessionStart",
  run: (_input, answer) => {
    // @ts-expect-error SessionStart cannot block
    void answer.block;
    return answer.addContext("branch main").and(answer.message("context added"));
  },
});

// ---- the event lists agree with the catalog --------------------------------
test("the kit's event lists are the catalog's facts", () => {
  const names = (predicate: (e: (typeof EVENT_CATALOG)[number]) => boolean): string[] => EVENT_CATALOG.filter(predicate).map((e) => e.name).sort();
  assert.deepEqual([...DECISION_EVENTS].sort(), names((e) => hasPermissionDecision(e.name)));
  assert.deepEqual([...REWRITE_EVENTS].sort(), names((e) => hasPermissionDecision(e.name) && e.outputFields.includes("updatedInput")));
  assert.deepEqual([...BLOCK_EVENTS].sort(), names((e) => e.blocks !== null && !hasPermissionDecision(e.name) && e.name !== "PermissionRequest"));
  assert.deepEqual([...CONTEXT_EVENTS].sort(), names((e) => e.outputFields.includes("additionalContext")));
  assert.deepEqual([...TOOL_EVENTS].sort(), names((e) => e.toolEvent));
});

// ---- runtime ---------------------------------------------------------------
const denyRmRf = defineHook({
  event: "PreToolUse",
  tools: ["Bash"],
  run: (input, answer) => (input.tool_input.command.includes("rm -rf") ? answer.deny("no rm -rf") : undefined),
});

test("deny: Claude Code's PreToolUse deny with the reason; nothing: exit 0, empty stdout", async () => {
  const denied = await denyRmRf.handle(pre("Bash", { command: "rm -rf /" }));
  assert.deepEqual(denied, { agent: "claude-code", exit: 0, stdout: JSON.stringify({ hookSpecificOutput: { hookEventName: "PreToolUse", permissionDecision: "deny", permissionDecisionReason: "no rm -rf" } }), stderr: "" });
  assert.deepEqual(await denyRmRf.handle(pre("Bash", { command: "ls" })), { agent: "claude-code", exit: 0, stdout: "", stderr: "" });
  // another tool: the handler is not called
  assert.deepEqual(await denyRmRf.handle(pre("Read", { file_path: "/x" })), { agent: "claude-code", exit: 0, stdout: "", stderr: "" });
});

const crashing = (failClosed: boolean) => defineHook({ event: "PreToolUse", failClosed, run: () => { throw new Error("boom"); } });

test("a crash: a non-blocking error naming it; fail-closed: a deny carrying it", async () => {
  const open = await crashing(false).handle(pre("Bash", { command: "ls" }));
  assert.equal(open.exit, 1);
  assert.equal(open.stdout, "");
  assert.match(open.stderr, /^claude-hook-protocol\/hooks: PreToolUse hook: the handler threw: Error: boom\n/);
  assert.match(open.stderr, /non-blocking/);
  const closed = await crashing(true).handle(pre("Bash", { command: "ls" }));
  assert.equal(closed.exit, 0);
  const output = JSON.parse(closed.stdout) as { hookSpecificOutput: { permissionDecision: string; permissionDecisionReason: string } };
  assert.equal(output.hookSpecificOutput.permissionDecision, "deny");
  assert.match(output.hookSpecificOutput.permissionDecisionReason, /^Hook failed closed: the handler threw: Error: boom/);
});

test("a budget overrun: fail-closed denies; async handlers are awaited", async () => {
  const slow = defineHook({ event: "PreToolUse", failClosed: true, timeoutMs: 50, run: () => new Promise<undefined>((resolve) => void (setTimeout(resolve, 2000) as unknown as { unref(): void }).unref()) });
  const outcome = await slow.handle(pre("Bash", { command: "ls" }));
  assert.match(outcome.stdout, /"permissionDecision":"deny","permissionDecisionReason":"Hook failed closed: the handler did not answer within its 50 ms budget"/);
  const later = defineHook({ event: "PreToolUse", run: async (_input, answer) => { await new Promise((resolve) => setTimeout(resolve, 10)); return answer.ask("sure?"); } });
  assert.equal((await later.handle(pre("Bash", { command: "ls" }))).stdout, JSON.stringify({ hookSpecificOutput: { hookEventName: "PreToolUse", permissionDecision: "ask", permissionDecisionReason: "sure?" } }));
});

test("a Stop fail-closed hook blocks; a SessionStart one cannot and exits 2", async () => {
  const stop = await defineHook({ event: "Stop", failClosed: true, run: () => { throw new Error("x"); } }).handle(JSON.stringify({ ...base, hook_event_name: "Stop", stop_hook_active: false }));
  assert.deepEqual(JSON.parse(stop.stdout), { decision: "block", reason: "Hook failed closed: the handler threw: Error: x" });
  const start = await defineHook({ event: "SessionStart", failClosed: true, run: () => { throw new Error("x"); } }).handle(JSON.stringify({ ...base, hook_event_name: "SessionStart", source: "startup" }));
  assert.equal(start.exit, 2);
});

test("bad stdin, a tool event without tool_input: errors that say what; another event: no answer", async () => {
  assert.deepEqual(await denyRmRf.handle(JSON.stringify({ ...base, hook_event_name: "PostToolUse", tool_name: "Bash", tool_input: {} })), { agent: "claude-code", exit: 0, stdout: "", stderr: "" });
  for (const [stdin, says] of [
    ["not json", /stdin is not one JSON object/],
    ["[1]", /stdin is not a JSON object/],
    [JSON.stringify({ ...base, hook_event_name: "PreToolUse", tool_name: "Bash" }), /needs a string tool_name and an object tool_input/],
    [`{"__proto__":{"x":1},"hook_event_name":"PreToolUse","tool_name":"Bash","tool_input":{"command":"rm -rf /"}}`, null],
  ] as const) {
    const outcome = await denyRmRf.handle(stdin);
    if (says === null) assert.match(outcome.stdout, /"deny"/);
    else {
      assert.equal(outcome.exit, 1, stdin);
      assert.match(outcome.stderr, says);
    }
  }
});

test("a rewrite Claude Code would refuse is the hook's error, with Claude Code's text; a valid one is written", async () => {
  const bad = defineHook({ event: "PreToolUse", run: (_input, answer) => answer.rewrite({ description: "no command" } as never) });
  const outcome = await bad.handle(pre("Bash", { command: "ls" }));
  assert.equal(outcome.exit, 1);
  assert.match(outcome.stderr, /The required parameter `command` is missing/);
  const good = defineHook({ event: "PreToolUse", tools: ["Bash"], run: (input, answer) => answer.rewrite({ ...input.tool_input, command: "ls -la" }) });
  assert.deepEqual(JSON.parse((await good.handle(pre("Bash", { command: "ls" }))).stdout), { hookSpecificOutput: { hookEventName: "PreToolUse", permissionDecision: "allow", updatedInput: { command: "ls -la" } } });
});

test("a helper the event does not take (plain JavaScript) is refused by name", async () => {
  const wrong = defineHook({ event: "SessionStart", run: (_input, answer) => (answer as unknown as { deny(reason: string): never }).deny("x") });
  const outcome = await wrong.handle(JSON.stringify({ ...base, hook_event_name: "SessionStart", source: "startup" }));
  assert.equal(outcome.exit, 1);
  assert.match(outcome.stderr, /Claude Code cannot say decision on SessionStart/);
});

test("Codex is told apart and answered in its own dialect: the deny carries its reason, and Codex's merge denies", async () => {
  const input = { session_id: "0190", turn_id: "0191", transcript_path: "/h/.codex/sessions/2026/11/01/rollout-2026-11-01T10-00-00-0190.jsonl", cwd: "/w", hook_event_name: "PreToolUse", model: "gpt-5", permission_mode: "default", tool_name: "Bash", tool_input: { command: "rm -rf /" }, tool_use_id: "call_1" };
  assert.equal(detectAgent(toNullPrototype(input) as JsonObject).agent, "codex");
  const session = { session_id: "0190", transcript_path: input.transcript_path, cwd: "/w", hook_event_name: "SessionStart", model: "gpt-5", permission_mode: "default", source: "startup" };
  assert.equal(detectAgent(toNullPrototype(session) as JsonObject).agent, "codex");
  const outcome = await denyRmRf.handle(JSON.stringify(input));
  assert.equal(outcome.agent, "codex");
  const { codex } = await import("../src/codex/dialect.js");
  const merged = codex.mergeRequest({ event: "PreToolUse", tool_name: "Bash", tool_input: input.tool_input, input: toNullPrototype(input) as JsonObject, hooks: [{ command: "h", exit: outcome.exit, stdout: outcome.stdout, stderr: outcome.stderr, config_index: 0 }] });
  assert.equal(merged.effects.decision, "deny");
  assert.equal(merged.effects.tool_input, null);
});

test("Gemini CLI and both Copilot CLI forms are told apart and answered (test/kit-agents.test.ts has every agent)", async () => {
  const inputs: [string, JsonObject][] = [
    ["gemini-cli", { session_id: "s", transcript_path: "/h/.gemini/tmp/p/chats/session-x.jsonl", cwd: "/w", hook_event_name: "BeforeTool", timestamp: "2026-11-01T10:00:00.000Z", tool_name: "run_shell_command", tool_input: { command: "ls" } }],
    ["copilot-cli", { sessionId: "s", timestamp: 1, cwd: "/w", toolName: "bash", toolArgs: { command: "ls" } }],
    ["copilot-cli", { hook_event_name: "PreToolUse", session_id: "s", timestamp: "2026-11-01T10:00:00.000Z", cwd: "/w", tool_name: "Bash", tool_input: { command: "ls" } }],
  ];
  for (const [agent, input] of inputs) {
    assert.equal(detectAgent(toNullPrototype(input) as JsonObject).agent, agent, JSON.stringify(input));
    const outcome = await denyRmRf.handle(JSON.stringify(input));
    assert.deepEqual(outcome, { agent, exit: 0, stdout: "", stderr: "" }, "ls: no answer");
  }
});

test("droid is told apart and answered in its own dialect (its writeIntent); its answer reads back as the deny", async () => {
  const input = { session_id: "s", transcript_path: "/h/.factory/sessions/s.jsonl", cwd: "/w", permission_mode: "auto-low", hook_event_name: "PreToolUse", tool_name: "Execute", tool_input: { command: "rm -rf /" } };
  assert.equal(detectAgent(toNullPrototype(input) as JsonObject).agent, "droid");
  const hook = defineHook({ event: "PreToolUse", run: (_input, answer) => answer.deny("no rm -rf") });
  const outcome = await hook.handle(JSON.stringify(input));
  assert.equal(outcome.agent, "droid");
  const { droid } = await import("../src/droid/dialect.js");
  assert.deepEqual(droid.readIntent!({ event: "PreToolUse", exit: outcome.exit, stdout: outcome.stdout, stderr: outcome.stderr, input: toNullPrototype(input) as JsonObject }), { decision: "deny", reason: "no rm -rf" });
});

test("every hook input recorded from Claude Code is detected as Claude Code's", () => {
  let count = 0;
  for (const dir of ["test/observer/claude-code/observed", "test/observer/claude-code/probes/observed"]) {
    for (const file of readdirSync(dir).filter((name) => name.endsWith(".json"))) {
      const run = JSON.parse(readFileSync(join(dir, file), "utf8")) as { hooks?: { stdin_first?: JsonObject | null }[] };
      for (const hook of run.hooks ?? []) {
        if (hook.stdin_first === undefined || hook.stdin_first === null) continue;
        assert.equal(detectAgent(toNullPrototype(hook.stdin_first) as JsonObject).agent, "claude-code", `${file}: ${JSON.stringify(hook.stdin_first).slice(0, 200)}`);
        count++;
      }
    }
  }
  assert.ok(count >= 300, `${count} inputs`);
});

defineHook({
  event: "PostToolUse",
  tools: ["Edit"],
  run: (input) => {
    // the base fields stay typed beside the narrowed tool input
    const where: string = input.cwd;
    const file: string = input.tool_input.file_path;
    void where;
    void file;
  },
});

test("hostile stdin: deep nesting and lone surrogates give an answer or an error value, never a crash", async () => {
  const deep = `{"hook_event_name":"PreToolUse","tool_name":"Bash","tool_input":{"command":"ls","x":${"[".repeat(200_000)}${"]".repeat(200_000)}}}`;
  const outcome = await denyRmRf.handle(deep);
  assert.ok(outcome.exit === 0 || (outcome.exit === 1 && /stdin is not one JSON object/.test(outcome.stderr)), JSON.stringify(outcome).slice(0, 300));
  const surrogate = await denyRmRf.handle(`{"hook_event_name":"PreToolUse","tool_name":"Bash","tool_input":{"command":"rm -rf \\ud800"}}`);
  assert.match(surrogate.stdout, /"permissionDecision":"deny"/);
});

test("a misspelt event (PreTooluse) is an invalid definition said on stderr when defined, not a hook that silently matches nothing", async () => {
  const written: string[] = [];
  const write = process.stderr.write.bind(process.stderr);
  process.stderr.write = ((chunk: string | Uint8Array) => (written.push(String(chunk)), true)) as typeof process.stderr.write;
  let hook;
  try {
    hook = defineHook({ event: "PreTooluse" as "PreToolUse", failClosed: true, run: () => undefined });
  } finally {
    process.stderr.write = write;
  }
  assert.match(written.join(""), /the hook's definition is invalid: event "PreTooluse" is not one of Claude Code's events/);
  // it handles no call (no event of that name exists): the call is not denied on a guess
  const outcome = await hook.handle(pre("Bash", { command: "ls" }));
  assert.equal(outcome.stdout, "");
  assert.equal(outcome.exit, 0);
});
