/**
 * Intents and conversion through the Claude Code dialect: what an answer
 * means, the answer written back, and the check that the written answer does
 * what the original did (merged under the real rules).
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import { claudeCode } from "../src/claude-code/dialect.js";
import { readClaudeCodeIntent, writeClaudeCodeIntent } from "../src/claude-code/intent.js";
import { convertAnswer } from "../src/core/convert.js";

const input = { tool_name: "Bash", tool_input: { command: "rm -rf build" } };

test("exit 2 on PreToolUse means deny with the stderr as reason; written back it is a JSON deny that merges the same", () => {
  const answer = { event: "PreToolUse", exit: 2, stdout: "", stderr: "no deletes\n", input };
  assert.deepEqual(readClaudeCodeIntent(answer), { decision: "deny", reason: "no deletes" });
  const c = convertAnswer(answer, claudeCode, claudeCode);
  assert.ok(c.ok);
  assert.deepEqual(JSON.parse(c.answer.stdout), { hookSpecificOutput: { hookEventName: "PreToolUse", permissionDecision: "deny", permissionDecisionReason: "no deletes" } });
  assert.equal(c.equivalent, true, c.differences.join("\n"));
});

test("a rewrite, context and a stop survive the round trip", () => {
  const out = { continue: false, stopReason: "done", systemMessage: "hi", hookSpecificOutput: { hookEventName: "PreToolUse", permissionDecision: "allow", updatedInput: { command: "ls" }, additionalContext: "ctx" } };
  const answer = { event: "PreToolUse", exit: 0, stdout: JSON.stringify(out), stderr: "", input };
  // JSON.parse round trip: the reader builds null-prototype objects
  const intent = JSON.parse(JSON.stringify(readClaudeCodeIntent(answer))) as unknown;
  assert.deepEqual(intent, { decision: "allow", updatedInput: { command: "ls" }, context: "ctx", stop: { reason: "done" }, userMessage: "hi" });
  const c = convertAnswer(answer, claudeCode, claudeCode);
  assert.ok(c.ok && c.equivalent, JSON.stringify(c));
});

test("a block on Stop is decision:block; a decision on an event without one is refused by name", () => {
  assert.deepEqual(JSON.parse((writeClaudeCodeIntent("Stop", { block: true, reason: "tests fail" }) as { answer: { stdout: string } }).answer.stdout), { decision: "block", reason: "tests fail" });
  const refused = writeClaudeCodeIntent("Notification", { decision: "deny" });
  assert.equal(refused.ok, false);
  assert.deepEqual(!refused.ok && refused.unsupported, ["decision"]);
  assert.equal(writeClaudeCodeIntent("PermissionRequest", { decision: "ask" }).ok, false);
});

test("an answer that means nothing converts to an empty answer", () => {
  const c = convertAnswer({ event: "PreToolUse", exit: 1, stdout: "", stderr: "oops", input }, claudeCode, claudeCode);
  assert.ok(c.ok);
  assert.deepEqual(c.answer, { exit: 0, stdout: "", stderr: "" });
  assert.equal(c.equivalent, true);
});
