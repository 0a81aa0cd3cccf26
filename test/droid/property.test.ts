/**
 * droid's merge as properties over every completion order and arbitrary
 * answers: droid reads in configured order, so permuting the completion
 * order never changes the effects (docs/spec/droid-observed.md "Several hooks");
 * any bytes on stdout, any exit code, any event give a merged result that
 * validates against schemas/merged-result.schema.json, never a throw.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import fc from "fast-check";
import { droid } from "../../src/droid/dialect.js";
import type { MergeRequest, MergeRequestHook } from "../../src/core/merge-request.js";
import { validateMergedResult } from "../../generated/validators/records.js";

const EVENTS = ["PreToolUse", "PostToolUse", "UserPromptSubmit", "Stop", "SessionStart", "PreCompact", "Notification", "Bogus"];
const answer = fc.oneof(
  fc.constantFrom(
    '{"hookSpecificOutput":{"permissionDecision":"allow"}}',
    '{"hookSpecificOutput":{"permissionDecision":"deny","permissionDecisionReason":"R"}}',
    '{"hookSpecificOutput":{"permissionDecision":"ask","updatedInput":{"command":"x"}}}',
    '{"hookSpecificOutput":{"updatedInput":{"command":"echo B","riskLevel":"high"}}}',
    '{"hookSpecificOutput":{"additionalContext":"C"}}',
    '{"continue":false,"stopReason":"S"}',
    '{"decision":"block","reason":"keep going"}',
    '{"hookSpecificOutput":{"updatedInput":{"prompt":"P"}}}',
    '{"systemMessage":7,"hookSpecificOutput":"x"}',
    "plain text\n",
    "{broken",
    "",
  ),
  fc.string(),
  fc.json(),
);
const hook = fc.record({ stdout: answer, exit: fc.constantFrom(0, 0, 1, 2, 3, 127, null), stderr: fc.constantFrom("", "S", "W\n") });

function request(event: string, hooks: readonly { stdout: string; exit: number | null; stderr: string }[], order: readonly number[]): MergeRequest {
  const configured: MergeRequestHook[] = hooks.map((h, i) => ({ command: `h${i}.sh`, ...h, config_index: i, timeout: 10 }));
  return {
    event,
    tool_name: "Execute",
    tool_input: { command: "echo A", riskLevel: "low", riskLevelReason: "r" },
    input: { prompt: "do it", source: "startup" },
    hooks: order.map((i) => configured[i]!),
  };
}

test("completion order never changes droid's effects", () => {
  fc.assert(
    fc.property(
      fc.constantFrom(...EVENTS),
      fc.array(hook, { minLength: 1, maxLength: 4 }).chain((hooks) => {
        const identity = hooks.map((_, i) => i);
        return fc.tuple(fc.constant(hooks), fc.shuffledSubarray(identity, { minLength: identity.length, maxLength: identity.length }));
      }),
      (event, [hooks, shuffled]) => {
      const identity = hooks.map((_, i) => i);
      const a = droid.mergeRequest(request(event, hooks, identity)).effects;
      const b = droid.mergeRequest(request(event, hooks, shuffled)).effects;
      assert.deepEqual(JSON.parse(JSON.stringify(b)), JSON.parse(JSON.stringify(a)));
      },
    ),
    { numRuns: 400 },
  );
});

test("any answers give a merged result that validates; a deny only ever comes from a hook's deny or exit 2", () => {
  fc.assert(
    fc.property(fc.constantFrom(...EVENTS), fc.array(hook, { maxLength: 4 }), (event, hooks) => {
      const merged = droid.mergeRequest(request(event, hooks, hooks.map((_, i) => i)));
      const plain = JSON.parse(JSON.stringify(merged)) as unknown;
      assert.equal(validateMergedResult(plain), true, JSON.stringify(validateMergedResult.errors));
      if (merged.effects.decision === "deny") {
        assert.equal(event, "PreToolUse");
        assert.ok(hooks.some((h) => h.exit === 2 || h.stdout.includes("deny")));
        assert.equal(merged.effects.tool_input, null);
      }
    }),
    { numRuns: 600 },
  );
});
