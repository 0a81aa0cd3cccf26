/**
 * Copilot CLI's intents (src/copilot-cli/intent.ts), conversion from Claude
 * Code and the cross-agent judgement: what a Claude Code author's answer does
 * under Copilot (the team's `.claude` hooks run under Copilot too).
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { claudeCode } from "../../src/claude-code/dialect.js";
import { copilotCli } from "../../src/copilot-cli/dialect.js";
import { readCopilotIntent, writeCopilotIntent } from "../../src/copilot-cli/intent.js";
import { convertAnswer } from "../../src/core/convert.js";
import type { HookIntent } from "../../src/core/intent.js";
import { judgeAcrossAgents } from "../../src/core/judge.js";

const input = { tool_name: "Bash", tool_input: { command: "rm -rf /tmp/x" } };

test("every intent Copilot can say is written so that Copilot reads it back the same, in both spellings", () => {
  const cases: [string, HookIntent][] = [
    ["preToolUse", { decision: "deny", reason: "no" }],
    ["PreToolUse", { decision: "ask", reason: "sure?" }],
    ["preToolUse", { decision: "allow", updatedInput: { command: "ls" }, context: "ctx" }],
    ["PreToolUse", { updatedInput: { command: "ls" } }],
    ["permissionRequest", { decision: "deny", reason: "not here" }],
    ["PermissionRequest", { decision: "allow" }],
    ["postToolUse", { block: true, reason: "bad output" }],
    ["PostToolUse", { context: "look closer" }],
    ["userPromptSubmitted", { block: true, reason: "no prompt" }],
    ["UserPromptSubmit", { context: "remember" }],
    ["sessionStart", { context: "hello" }],
    ["agentStop", { block: true, reason: "run the tests" }],
    ["Stop", { block: true, reason: "keep going" }],
    ["postToolUseFailure", { context: "try again" }],
  ];
  for (const [event, intent] of cases) {
    const written = writeCopilotIntent(event, intent);
    assert.ok(written.ok, `${event}: ${JSON.stringify(written)}`);
    assert.deepEqual(JSON.parse(JSON.stringify(readCopilotIntent({ event, ...written.answer, input }))), intent, event);
  }
});

test("what Copilot cannot say is named: stop, a user message, an agentStop block without a reason, ask on a permission request", () => {
  const cases: [string, HookIntent, string][] = [
    ["preToolUse", { stop: { reason: "halt" } }, "stop"],
    ["sessionStart", { userMessage: "hi" }, "userMessage"],
    ["agentStop", { block: true }, "block"],
    ["permissionRequest", { decision: "ask" }, "decision"],
    ["sessionStart", { block: true }, "block"],
    ["preToolUse", { decision: "deny", updatedInput: { command: "x" } }, "updatedInput"],
  ];
  for (const [event, intent, part] of cases) {
    const written = writeCopilotIntent(event, intent);
    assert.equal(written.ok, false, event);
    if (!written.ok) assert.deepEqual(written.unsupported, [part], event);
  }
  assert.equal(writeCopilotIntent("Notification", {}).ok, false);
});

test("a Claude Code deny converts to an equivalent Copilot answer on the Claude-style spelling", () => {
  const answer = { event: "PreToolUse", exit: 0, stdout: JSON.stringify({ hookSpecificOutput: { hookEventName: "PreToolUse", permissionDecision: "deny", permissionDecisionReason: "no rm" } }), stderr: "", input };
  const converted = convertAnswer(answer, claudeCode, copilotCli);
  assert.ok(converted.ok, JSON.stringify(converted));
  if (converted.ok) {
    assert.equal(converted.event, "PreToolUse");
    assert.equal(converted.equivalent, true, converted.differences.join("; "));
  }
});

test("judged across agents: a Claude Code author's exit 1 denies under Copilot, and the lint says so", () => {
  const [reference, copilot] = judgeAcrossAgents({ event: "PreToolUse", exit: 1, stdout: "", stderr: "oops", input }, [claudeCode, copilotCli]);
  assert.equal(reference!.effects!.decision, null);
  assert.equal(copilot!.event, "PreToolUse");
  assert.equal(copilot!.effects!.decision, "deny");
  assert.equal(copilot!.effects!.tool_result, 'Denied by preToolUse hook from "<unknown hooks file>" (hook errored)');
  const codes = copilot!.divergences.map((d) => d.code);
  assert.ok(codes.includes("exit-1-denies"), codes.join(", "));
  assert.ok(codes.includes("fails-closed"), codes.join(", "));
});
