/**
 * judgeAcrossAgents: each dialect's verdict on one answer and the
 * divergences from the reference. Claude Code is real; the second dialect is
 * a stand-in that lets every tool call run (the comparison is what is under
 * test, not that agent).
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import { claudeCode } from "../src/claude-code/dialect.js";
import type { Dialect } from "../src/core/dialect.js";
import { judgeAcrossAgents } from "../src/core/judge.js";

const lenient: Dialect = {
  agent: "codex",
  displayName: "Lenient",
  version: "0",
  events: [{ name: "BeforeTool", canonical: "PreToolUse", matchField: "tool_name", summary: "" }],
  mergeRequest(request) {
    const base = claudeCode.mergeRequest({ ...request, event: "PreToolUse", hooks: [] });
    return { ...base, event: request.event, effects: { ...base.effects, decision: null, blocked: false } };
  },
  divergences: (answer) => (answer.exit === 2 ? [{ code: "exit-2-ignored", message: "Lenient: exit 2 means nothing here" }] : []),
};

const input = { tool_name: "Bash", tool_input: { command: "rm -rf /" } };

test("a deny that another agent lets run is flagged fails-open, with that dialect's own lints", () => {
  const [reference, other] = judgeAcrossAgents({ event: "PreToolUse", exit: 2, stdout: "", stderr: "no", input }, [claudeCode, lenient]);
  assert.equal(reference!.effects!.decision, "deny");
  assert.deepEqual(reference!.divergences, []);
  assert.equal(other!.event, "BeforeTool");
  assert.deepEqual(other!.divergences.map((d) => d.code), ["fails-open", "exit-2-ignored"]);
});

test("an agent without the event gets no-event; an invalid output is not accepted", () => {
  const [cc, other] = judgeAcrossAgents({ event: "Stop", exit: 0, stdout: '{"continue":"yes"}', stderr: "" }, [claudeCode, lenient]);
  assert.equal(cc!.accepted, false);
  assert.ok(cc!.problems.some((p) => p.startsWith("Hook JSON output validation failed")), cc!.problems.join("\n"));
  assert.equal(other!.event, null);
  assert.equal(other!.accepted, false);
  assert.deepEqual(other!.divergences.map((d) => d.code), ["no-event"]);
});

test("a valid allow is accepted by the reference", () => {
  const allow = JSON.stringify({ hookSpecificOutput: { hookEventName: "PreToolUse", permissionDecision: "allow" } });
  const [cc] = judgeAcrossAgents({ event: "PreToolUse", exit: 0, stdout: allow, stderr: "", input }, [claudeCode]);
  assert.equal(cc!.accepted, true);
  assert.equal(cc!.effects!.decision, "allow");
});
