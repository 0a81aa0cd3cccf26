/**
 * Events no recorded run covers follow claude-code-hooks.md §1.2 (documented
 * semantics). These pin our reading of it; the recorded vectors cover the rest.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { mergeRequest } from "../src/claude-code/merge-request.js";
import type { MergeRequestHook } from "../src/core/merge-request.js";

const json = (v: unknown): MergeRequestHook => ({ command: "h", exit: 0, stdout: JSON.stringify(v), stderr: "" });
const exit = (code: number, stderr = "why"): MergeRequestHook => ({ command: "h", exit: code, stdout: "", stderr });

test("PreModelSwitch: deny > ask > allow, exit 2 blocks, no tool", () => {
  const hso = (d: string) => json({ hookSpecificOutput: { hookEventName: "PreModelSwitch", permissionDecision: d } });
  const m = mergeRequest({ event: "PreModelSwitch", input: { to_model: "opus" }, hooks: [hso("deny"), hso("allow"), hso("ask")] });
  assert.deepEqual([m.effects.decision, m.effects.blocked, m.effects.tool_input, m.effects.tool_result], ["deny", true, null, null]);
  assert.equal(mergeRequest({ event: "PreModelSwitch", hooks: [exit(2)] }).effects.decision, "deny");
  // defer is not a PreModelSwitch decision: Claude Code rejects the output
  const defer = mergeRequest({ event: "PreModelSwitch", hooks: [hso("defer")] });
  assert.equal(defer.effects.decision, null);
  assert.equal(defer.runs[0]!.validation_error?.code, "json-validation");
});

test("PreSkillShellCommand: only a plain allow lets the command run; any rewrite stops it", () => {
  const input = { tool_name: "Bash", tool_input: { command: "ls" } };
  const allow = mergeRequest({ event: "PreSkillShellCommand", ...input, hooks: [json({ hookSpecificOutput: { hookEventName: "PreSkillShellCommand", permissionDecision: "allow" } })] });
  assert.deepEqual(allow.effects.tool_input, { command: "ls" });
  const rewrite = mergeRequest({ event: "PreSkillShellCommand", ...input, hooks: [json({ hookSpecificOutput: { hookEventName: "PreSkillShellCommand", updatedInput: { command: "pwd" } } })] });
  assert.equal(rewrite.effects.tool_input, null);
});

test("blockable events: exit 2 or decision:block block; WorktreeCreate fails on any non-zero exit", () => {
  for (const event of ["TeammateIdle", "TaskCreated", "TaskCompleted", "ConfigChange", "Elicitation", "ElicitationResult"]) {
    assert.equal(mergeRequest({ event, hooks: [exit(2)] }).effects.blocked, true, event);
    assert.equal(mergeRequest({ event, hooks: [json({ decision: "block", reason: "r" })] }).effects.blocked, true, event);
    assert.equal(mergeRequest({ event, hooks: [exit(1)] }).effects.blocked, false, event);
  }
  assert.equal(mergeRequest({ event: "WorktreeCreate", hooks: [exit(1)] }).effects.blocked, true);
  // recorded (cap-worktreeremove-block): with a hook, removing the worktree is the hook's work; a block changes nothing
  assert.equal(mergeRequest({ event: "WorktreeRemove", hooks: [json({ decision: "block", reason: "r" })] }).effects.blocked, false);
  // recorded (fid-taskcreated-exit2): the block replaces the TaskCreate tool's result, nothing else reaches the model
  const task = mergeRequest({ event: "TaskCreated", hooks: [exit(2, "no tasks now")] });
  assert.deepEqual([task.effects.tool_result, task.effects.model_context], ["TaskCreated hook feedback:\n[h]: no tasks now", []]);
});

test("events that ignore the outcome: StopFailure, InstructionsLoaded, Notification", () => {
  for (const event of ["StopFailure", "InstructionsLoaded", "Notification"]) {
    const m = mergeRequest({ event, hooks: [exit(2), json({ continue: false, decision: "block", systemMessage: "s" })] });
    assert.deepEqual([m.effects.blocked, m.effects.stopped, m.effects.model_context, m.effects.notices], [false, false, [], []], event);
  }
});

test("async hooks take no part in the event's answer; what they send later is async_context", () => {
  const deny = json({ systemMessage: "s", hookSpecificOutput: { hookEventName: "PreToolUse", permissionDecision: "deny", additionalContext: "c" } });
  const m = mergeRequest({
    event: "PreToolUse",
    tool_name: "Bash",
    tool_input: { command: "ls" },
    hooks: [{ ...deny, async: true }, { command: "x", exit: 2, stdout: '{"async":true}', stderr: "late" }],
  });
  assert.deepEqual([m.effects.decision, m.effects.blocked, m.effects.notices, m.effects.model_context], [null, false, [], []]);
  assert.deepEqual(m.async_context, ["s\nc"]); // probe-a02
  assert.equal(m.ran, 2);
});
