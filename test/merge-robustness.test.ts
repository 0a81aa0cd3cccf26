/**
 * Bad input never throws: any hook output, exit code and event (every event of the table
 * and unknown ones) merges into a result that the generated MergedResult
 * validator accepts; outputs are built from the fields Claude Code reads, with
 * wrong types, unknown keys and `__proto__` mixed in.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import fc from "fast-check";
import { mergeRequest } from "../src/claude-code/merge-request.js";
import type { MergeRequestHook } from "../src/core/merge-request.js";
import { validateMergedResult } from "../generated/validators/index.js";
import { EVENT_CATALOG } from "../src/claude-code/event-catalog.js";

const events = [...EVENT_CATALOG.map((e) => e.name), "Bogus"];
const scalar = fc.oneof(fc.string({ maxLength: 12 }), fc.boolean(), fc.integer(), fc.constant(null));
const value = fc.oneof(scalar, fc.array(scalar, { maxLength: 3 }), fc.dictionary(fc.string({ maxLength: 6 }), scalar, { maxKeys: 3 }));
const key = fc.constantFrom(
  "continue", "stopReason", "decision", "reason", "systemMessage", "suppressOutput", "__proto__", "extra",
  "permissionDecision", "permissionDecisionReason", "updatedInput", "additionalContext", "updatedToolOutput", "retry",
);
const choice = fc.constantFrom("allow", "deny", "ask", "defer", "block", "approve", "maybe");
const hso = fc.record({
  hookEventName: fc.constantFrom(...events),
  permissionDecision: choice,
  additionalContext: fc.string({ maxLength: 20 }),
  updatedInput: fc.dictionary(fc.string({ maxLength: 6 }), scalar, { maxKeys: 2 }),
  decision: fc.oneof(fc.record({ behavior: choice, message: fc.string({ maxLength: 8 }), interrupt: fc.boolean() }, { requiredKeys: ["behavior"] }), value),
}, { requiredKeys: [] });
const output = fc.record({
  top: fc.dictionary(key, fc.oneof(value, choice), { maxKeys: 4 }),
  hso: fc.option(hso),
}).map(({ top, hso: h }) => JSON.stringify(h === null ? top : { ...top, hookSpecificOutput: h }));
const stdout = fc.oneof(output, fc.string({ maxLength: 30 }), output.map((s) => s.slice(0, -1)), output.map((s) => `${s}\n${s}`));
const hook: fc.Arbitrary<MergeRequestHook> = fc.record({
  command: fc.constantFrom("a", "b", "$(x)"),
  exit: fc.oneof(fc.constantFrom(0, 1, 2, 3, 126, 127), fc.constant(null)),
  stdout,
  stderr: fc.string({ maxLength: 10 }),
  timed_out: fc.boolean(),
});

test("any hooks of any event merge into a valid result without throwing", () => {
  fc.assert(
    fc.property(fc.constantFrom(...events), fc.array(hook, { maxLength: 4 }), (event, hooks) => {
      const merged = mergeRequest({ event, tool_name: "Bash", tool_input: { command: "ls" }, input: { prompt: "p" }, hooks });
      const ok = validateMergedResult(JSON.parse(JSON.stringify(merged)));
      assert.ok(ok, JSON.stringify(validateMergedResult.errors?.slice(0, 2)));
      assert.equal(merged.runs.length, hooks.length);
      assert.equal(({} as Record<string, unknown>)["continue"], undefined);
    }),
    { numRuns: 400, seed: 4242 },
  );
});
