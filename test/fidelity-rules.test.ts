/**
 * Issue 18: the rules recorded for it, held by the public merge on inputs the
 * recordings do not cover (the recorded vectors themselves run in
 * test/merge-vectors.test.ts and the other agents' vector tests).
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import { allDialects } from "../src/dialects.js";
import { mergeRequest } from "../src/claude-code/merge-request.js";
import { parsedToolInput } from "../src/claude-code/tool-input-check.js";
import type { MergeRequest } from "../src/core/merge-request.js";

const hook = (stdout: string, exit = 0, stderr = ""): MergeRequest["hooks"][number] => ({ command: "h", stdout, stderr, exit });
const json = (value: unknown): string => JSON.stringify(value);

test("one definition of blocked and stopped: continue:false on every agent's prompt event is a stop, never a block", () => {
  const promptEvent: Readonly<Record<string, string>> = {
    "claude-code": "UserPromptSubmit",
    codex: "UserPromptSubmit",
    "gemini-cli": "BeforeAgent",
    droid: "UserPromptSubmit",
  };
  for (const dialect of allDialects()) {
    const event = promptEvent[dialect.agent];
    if (event === undefined) continue;
    const stop = dialect.mergeRequest({ event, input: { prompt: "do it" }, hooks: [hook(json({ continue: false, stopReason: "halt" }))] });
    assert.deepEqual([stop.effects.blocked, stop.effects.stopped, stop.blocked], [false, true, false], dialect.agent);
    // a block is still a block
    const block = dialect.mergeRequest({ event, input: { prompt: "do it" }, hooks: [hook("", 2, "no")] });
    assert.equal(block.effects.blocked, true, `${dialect.agent} exit 2`);
  }
});

test("Stop: continues on a block or a context alone, not after continue:false nor on a missing script's exit 2", () => {
  const stop = (...hooks: MergeRequest["hooks"]): { continues: boolean | undefined; blocked: boolean; stopped: boolean } => {
    const e = mergeRequest({ event: "Stop", hooks }).effects;
    return { continues: e.continues, blocked: e.blocked, stopped: e.stopped };
  };
  const context = json({ hookSpecificOutput: { hookEventName: "Stop", additionalContext: "go on" } });
  assert.deepEqual(stop(hook(context)), { continues: true, blocked: false, stopped: false });
  assert.deepEqual(stop(hook(json({ decision: "block", reason: "r" }))), { continues: true, blocked: true, stopped: false });
  assert.deepEqual(stop(hook(context), hook(json({ continue: false }))), { continues: false, blocked: false, stopped: true });
  assert.deepEqual(stop(hook("")), { continues: false, blocked: false, stopped: false });
  assert.deepEqual(stop(hook("", 2, "bash: /x.sh: No such file or directory")), { continues: false, blocked: false, stopped: false });
  // events that end no turn do not say it
  assert.equal(mergeRequest({ event: "PreToolUse", tool_name: "Bash", tool_input: { command: "ls" }, hooks: [hook(context)] }).effects.continues, undefined);
});

test("the missing-script reading by class: its events only, empty stdout only, the two patterns anywhere in stderr, any case", () => {
  const blocked = (event: string, stdout: string, stderr: string): boolean => mergeRequest({ event, tool_name: "Bash", tool_input: { command: "ls" }, hooks: [hook(stdout, 2, stderr)] }).effects.blocked;
  for (const event of ["Stop", "SubagentStop", "TaskCompleted", "TeammateIdle"]) {
    for (const stderr of ["bash: /x.sh: No such file or directory", "sh: 0: can't open /x.sh", "NO SUCH FILE", "ok\nthen: no such file\n"]) assert.equal(blocked(event, "", stderr), false, `${event} ${stderr}`);
    for (const stderr of ["sh: 1: /x.sh: not found", "cannot open", "", "no-such-file"]) assert.equal(blocked(event, "", stderr), true, `${event} ${JSON.stringify(stderr)}`);
    assert.equal(blocked(event, "output", "No such file or directory"), true, `${event} with stdout`);
    assert.equal(blocked(event, "  \n", "No such file or directory"), false, `${event} whitespace stdout`);
  }
  // a hook that is not a plugin's: its UserPromptSubmit exit 2 blocks (fid-ups-exit2-missing-script); other events too
  for (const event of ["UserPromptSubmit", "PreToolUse", "TaskCreated", "PostToolUse"]) assert.equal(blocked(event, "", "No such file or directory"), true, event);
  const text = mergeRequest({ event: "Stop", hooks: [hook("", 2, " bash: /x.sh: No such file or directory \n")] }).runs[0]!.non_blocking_error;
  assert.equal(text, 'Hook script appears to be missing \u2014 "h" exited 2 with: bash: /x.sh: No such file or directory. Treating as non-blocking. If this is a plugin hook, check the plugin install (run /plugin).');
});

test("a rewrite runs parsed: undeclared keys dropped at any depth, defaults filled, the input itself untouched", () => {
  const rewrite = JSON.parse('{"command":"ls","description":"d","session_id":"s","__proto__":{"polluted":true},"constructor":1,"extra":{"a":[1,{"b":2}]}}') as Record<string, unknown>;
  const parsed = parsedToolInput("Bash", rewrite as never);
  assert.deepEqual(Object.keys(parsed), ["command", "description"]);
  assert.equal(({} as Record<string, unknown>)["polluted"], undefined);
  assert.ok(Object.hasOwn(rewrite, "session_id") && Object.hasOwn(rewrite, "__proto__"), "the given input keeps its keys");
  assert.deepEqual({ ...parsedToolInput("Edit", { file_path: "/f", old_string: "a", new_string: "b", dry_run: true } as never) }, { file_path: "/f", old_string: "a", new_string: "b", replace_all: false });
  assert.deepEqual({ ...parsedToolInput("Edit", { file_path: "/f", old_string: "a", new_string: "b", replace_all: true } as never) }, { file_path: "/f", old_string: "a", new_string: "b", replace_all: true });
  // tools without a schema (MCP, unknown, hostile names) keep the rewrite as given
  for (const tool of ["mcp__srv__tool", "NoSuchTool", "__proto__", "constructor", "", null]) {
    const input = { a: 1, b: { c: 2 } };
    assert.deepEqual({ ...parsedToolInput(tool, input as never) }, input, String(tool));
  }
  // through the merge: the recorded case (fid-ui-bash-session-id)
  const merged = mergeRequest({
    event: "PreToolUse",
    tool_name: "Bash",
    tool_input: { command: "echo original" },
    hooks: [hook(json({ hookSpecificOutput: { hookEventName: "PreToolUse", permissionDecision: "allow", updatedInput: { command: "echo A", description: "d", session_id: "abc" } } }))],
  });
  assert.deepEqual({ ...merged.effects.tool_input }, { command: "echo A", description: "d" });
  assert.equal((merged.updated_input as Record<string, unknown>)["session_id"], "abc", "updated_input keeps what the hook answered");
});

test("TaskCreated and TaskCompleted: each blocking hook's feedback, joined by newlines, replaces the task tool's result", () => {
  const merged = mergeRequest({ event: "TaskCompleted", hooks: [hook("", 2, "tests fail"), hook(json({ decision: "block", reason: "not done" })), hook(json({ continue: false }))] });
  assert.equal(merged.effects.tool_result, "TaskCompleted hook feedback:\n[h]: tests fail\nTaskCompleted hook feedback:\nnot done");
  assert.deepEqual([merged.effects.blocked, merged.effects.stopped, merged.effects.model_context], [true, false, []]);
  const quiet = mergeRequest({ event: "TaskCreated", hooks: [hook(json({ systemMessage: "s", continue: false }))] });
  assert.deepEqual([quiet.effects.blocked, quiet.effects.tool_result, quiet.effects.notices, quiet.effects.stopped], [false, null, [], false]);
});
