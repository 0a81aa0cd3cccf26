/**
 * Gemini CLI 0.61.0's divergence lints: what a Claude Code hook author's
 * answer does under Gemini CLI. Each case names the recording that shows the
 * behaviour the lint warns about.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { geminiCli } from "../../src/gemini-cli/dialect.js";
import type { HookAnswer } from "../../src/core/dialect.js";

const lint = (answer: Partial<HookAnswer> & { event: string }) => geminiCli.divergences!({ exit: 0, stdout: "", stderr: "", ...answer });
const codes = (answer: Partial<HookAnswer> & { event: string }) => lint(answer).map((d) => d.code);
const SHELL = { tool_name: "run_shell_command", tool_input: { command: "ls" } };

test("ignored-field: Claude Code's permissionDecision is ignored (bt-36)", () => {
  const found = lint({ event: "BeforeTool", stdout: JSON.stringify({ hookSpecificOutput: { hookEventName: "PreToolUse", permissionDecision: "deny", permissionDecisionReason: "no" } }) });
  assert.ok(found.some((d) => d.code === "ignored-field" && d.message === "Gemini CLI ignores hookSpecificOutput.permissionDecision; use decision: deny"));
  assert.ok(found.some((d) => d.message.includes("permissionDecisionReason")));
});

test("ignored-field: updatedInput and updatedToolOutput are not read", () => {
  assert.ok(lint({ event: "BeforeTool", stdout: '{"hookSpecificOutput":{"updatedInput":{"command":"x"}}}' }).some((d) => d.message.includes("tool_input")));
  assert.ok(codes({ event: "AfterTool", stdout: '{"hookSpecificOutput":{"updatedToolOutput":"x"}}' }).includes("ignored-field"));
});

test("claude-event-name: a Claude Code event name is skipped by the CLI; the answer is judged as the Gemini event", () => {
  const found = lint({ event: "PreToolUse", stdout: '{"decision":"DENY"}' });
  assert.equal(found[0]!.code, "claude-event-name");
  assert.ok(found[0]!.message.includes("BeforeTool"));
  assert.ok(found.some((d) => d.code === "fails-open"));
  assert.deepEqual(codes({ event: "Nonsense" }), ["unknown-event"]);
});

test("fails-open: exit 2 without output (gp-10), exit 2 with allowing JSON (bt-09), a JSON number with exit 2 (gp-07)", () => {
  assert.deepEqual(codes({ event: "BeforeTool", exit: 2 }), ["fails-open"]);
  assert.deepEqual(codes({ event: "BeforeTool", exit: 2, stdout: '{"decision":"allow"}', stderr: "blocked!" }), ["fails-open"]);
  assert.deepEqual(codes({ event: "BeforeTool", exit: 2, stdout: "1", stderr: "blocked!" }), ["fails-open"]);
  assert.deepEqual(codes({ event: "BeforeTool", exit: 2, stderr: "blocked!" }), []);
});

test("fails-open: decision case (bt-62), JSON followed by text on exit 0 (bt-58), a string hookSpecificOutput (gp-02)", () => {
  assert.ok(lint({ event: "BeforeTool", stdout: '{"decision":"DENY"}' }).some((d) => d.message.includes('"DENY" allows')));
  assert.deepEqual(codes({ event: "BeforeTool", stdout: '{"decision":"deny"}\nmore text' }), ["fails-open"]);
  assert.deepEqual(codes({ event: "BeforeTool", exit: 2, stdout: '{"decision":"deny"} trailing' }), ["invalid-json"]);
  assert.ok(codes({ event: "BeforeTool", stdout: '{"hookSpecificOutput":"oops"}' }).includes("fails-open"));
});

test("context-dropped on BeforeTool and AfterAgent (bt-60, aa-06); plain text is not context on BeforeAgent", () => {
  assert.deepEqual(codes({ event: "BeforeTool", stdout: '{"hookSpecificOutput":{"additionalContext":"c"}}' }), ["context-dropped"]);
  assert.deepEqual(codes({ event: "AfterAgent", stdout: '{"hookSpecificOutput":{"additionalContext":"c"}}' }), ["context-dropped"]);
  assert.deepEqual(codes({ event: "AfterTool", stdout: '{"hookSpecificOutput":{"additionalContext":"c"}}' }), []);
  assert.deepEqual(codes({ event: "UserPromptSubmit", stdout: "some context" }), ["claude-event-name", "plain-text-not-context"]);
});

test("rewrites replace the whole argument object (bt-23); an array rewrite is ignored (bt-40); ask hangs in -p (bt-26)", () => {
  assert.deepEqual(codes({ event: "BeforeTool", input: SHELL, stdout: '{"hookSpecificOutput":{"tool_input":{"description":"d"}}}' }), ["rewrite-replaces-input"]);
  assert.deepEqual(codes({ event: "BeforeTool", input: SHELL, stdout: '{"hookSpecificOutput":{"tool_input":{"command":"ls -l"}}}' }), []);
  assert.deepEqual(codes({ event: "BeforeTool", stdout: '{"hookSpecificOutput":{"tool_input":["x"]}}' }), ["ignored-field"]);
  assert.deepEqual(codes({ event: "BeforeTool", stdout: '{"decision":"ask"}' }), ["ask-hangs"]);
});

test("stopReason without continue:false (bt-44) and a deny on SessionStart (ss-07, gp-08) are ignored", () => {
  assert.deepEqual(codes({ event: "BeforeTool", stdout: '{"decision":"deny","stopReason":"x"}' }), ["ignored-field"]);
  assert.deepEqual(codes({ event: "SessionStart", stdout: '{"decision":"deny"}' }), ["ignored-field"]);
});

test("a plain allow has no lint", () => {
  assert.deepEqual(codes({ event: "BeforeTool", stdout: '{"decision":"allow"}' }), []);
  assert.deepEqual(codes({ event: "BeforeTool", stdout: '{"decision":"deny","reason":"no"}' }), []);
});
