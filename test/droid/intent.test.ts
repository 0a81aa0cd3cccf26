/**
 * droid's intents (src/droid/intent.ts) and conversion to and from Claude
 * Code: what one answer means under droid's rules, the answer droid needs
 * for an intent, and the parts droid cannot say (ask, PreToolUse context, a
 * user message, a SessionStart block).
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import { claudeCode } from "../../src/claude-code/dialect.js";
import { convertAnswer } from "../../src/core/convert.js";
import { droid } from "../../src/droid/dialect.js";
import { readDroidIntent, writeDroidIntent } from "../../src/droid/intent.js";

const input = { tool_name: "Execute", tool_input: { command: "rm -rf build", riskLevel: "high", riskLevelReason: "deletes" } };
const plain = (value: unknown): unknown => JSON.parse(JSON.stringify(value));

test("droid's reading: exit 2 denies, JSON on exit 1 still counts, ask and PreToolUse context mean nothing", () => {
  assert.deepEqual(readDroidIntent({ event: "PreToolUse", exit: 2, stdout: "", stderr: "no deletes", input }), { decision: "deny", reason: "no deletes" });
  const onExit1 = readDroidIntent({ event: "PreToolUse", exit: 1, stdout: '{"hookSpecificOutput":{"permissionDecision":"deny","permissionDecisionReason":"R"}}', stderr: "", input });
  assert.deepEqual(onExit1, { decision: "deny", reason: "R" });
  assert.equal(readDroidIntent({ event: "PreToolUse", exit: 0, stdout: '{"hookSpecificOutput":{"permissionDecision":"ask","additionalContext":"C"}}', stderr: "", input }), null);
  const rewrite = readDroidIntent({ event: "PreToolUse", exit: 0, stdout: '{"hookSpecificOutput":{"updatedInput":{"command":"ls"}}}', stderr: "", input });
  assert.deepEqual(plain(rewrite), { updatedInput: { command: "ls" } });
  assert.deepEqual(readDroidIntent({ event: "Stop", exit: 0, stdout: '{"decision":"block","reason":"tests fail"}', stderr: "" }), { block: true, reason: "tests fail" });
  assert.deepEqual(readDroidIntent({ event: "SessionStart", exit: 0, stdout: "hello\n", stderr: "", input: { source: "startup" } }), { context: "hello" });
  assert.deepEqual(readDroidIntent({ event: "UserPromptSubmit", exit: 0, stdout: '{"continue":false,"stopReason":"no"}', stderr: "" }), { stop: { reason: "no" } });
});

test("droid's writing: the fields and exit codes droid acts on; what it cannot say is refused by name", () => {
  const deny = writeDroidIntent("PreToolUse", { decision: "deny", reason: "R" });
  assert.ok(deny.ok);
  assert.deepEqual(JSON.parse(deny.answer.stdout), { hookSpecificOutput: { hookEventName: "PreToolUse", permissionDecision: "deny", permissionDecisionReason: "R" } });
  const block = writeDroidIntent("PostToolUse", { block: true, reason: "lint failed", context: "see log" });
  assert.ok(block.ok);
  assert.deepEqual([block.answer.exit, block.answer.stderr], [2, "lint failed"]);
  const stopNoReason = writeDroidIntent("Stop", { block: true });
  assert.ok(stopNoReason.ok && stopNoReason.answer.exit === 2);
  for (const [event, intent, part] of [
    ["PreToolUse", { decision: "ask" }, "decision"],
    ["PreToolUse", { context: "C" }, "context"],
    ["PreToolUse", { userMessage: "hi" }, "userMessage"],
    ["SessionStart", { block: true }, "block"],
    ["SessionStart", { stop: {} }, "stop"],
    ["UserPromptSubmit", { block: true, context: "C" }, "context"],
  ] as const) {
    const written = writeDroidIntent(event, intent);
    assert.equal(written.ok, false, `${event} ${JSON.stringify(intent)}`);
    assert.deepEqual(!written.ok && written.unsupported, [part]);
  }
  assert.equal(writeDroidIntent("PermissionRequest", {}).ok, false);
});

test("Claude Code -> droid: an exit-2 deny converts to a JSON deny droid merges the same", () => {
  const c = convertAnswer({ event: "PreToolUse", exit: 2, stdout: "", stderr: "no deletes\n", input: { tool_name: "Bash", tool_input: { command: "rm -rf build" } } }, claudeCode, droid);
  assert.ok(c.ok, JSON.stringify(c));
  assert.equal(c.event, "PreToolUse");
  assert.equal(c.equivalent, true, c.differences.join("\n"));
});

test("Claude Code -> droid: context on PreToolUse is refused (droid drops it); droid -> Claude Code: a Stop block", () => {
  const refused = convertAnswer({ event: "PreToolUse", exit: 0, stdout: '{"hookSpecificOutput":{"hookEventName":"PreToolUse","additionalContext":"C"}}', stderr: "", input }, claudeCode, droid);
  assert.equal(refused.ok, false);
  assert.deepEqual(!refused.ok && refused.unsupported, ["context"]);
  const back = convertAnswer({ event: "Stop", exit: 2, stdout: "", stderr: "keep going" }, droid, claudeCode);
  assert.ok(back.ok, JSON.stringify(back));
  assert.deepEqual(JSON.parse(back.answer.stdout), { decision: "block", reason: "keep going" });
});

test("droid -> droid round trips are equivalent", () => {
  for (const [event, stdout, exit] of [
    ["PreToolUse", '{"hookSpecificOutput":{"permissionDecision":"allow","updatedInput":{"command":"ls"}}}', 0],
    ["PreToolUse", '{"continue":false}', 0],
    ["PostToolUse", '{"hookSpecificOutput":{"additionalContext":"C"}}', 2],
    ["Stop", '{"decision":"block","reason":"R"}', 0],
  ] as const) {
    const c = convertAnswer({ event, exit, stdout, stderr: "S", input }, droid, droid);
    assert.ok(c.ok, `${event} ${stdout}: ${JSON.stringify(c)}`);
    assert.equal(c.equivalent, true, `${event} ${stdout}: ${c.differences.join("; ")}`);
  }
});
