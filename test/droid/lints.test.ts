/**
 * droid's divergence lints (Dialect.divergences): one answer, judged as
 * droid 0.215.0 reads it, where a Claude Code author would expect otherwise.
 * Each case names the recording that shows the behaviour the lint warns about.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { droid } from "../../src/droid/dialect.js";
import type { HookAnswer } from "../../src/core/dialect.js";

const codes = (answer: Partial<HookAnswer> & { event: string }): string[] =>
  droid.divergences!({ exit: 0, stdout: "", stderr: "", ...answer }).map((d) => d.code);
const hso = (fields: Record<string, unknown>) => JSON.stringify({ hookSpecificOutput: { hookEventName: "PreToolUse", ...fields } });

test("first-decision-wins: an allow overrides a later deny (pre-14b, pre-26b)", () => {
  const lints = droid.divergences!({ event: "PreToolUse", exit: 0, stdout: hso({ permissionDecision: "allow" }), stderr: "" });
  const lint = lints.find((d) => d.code === "first-decision-wins");
  assert.ok(lint);
  assert.match(lint.message, /^droid: the first configured decision wins, so this allow overrides a later deny/);
});

test("JSON on a non-zero exit is read (pre-06c, post-p17); context dropped on PreToolUse (pre-18)", () => {
  assert.ok(codes({ event: "PreToolUse", exit: 1, stdout: hso({ permissionDecision: "deny" }) }).includes("json-on-nonzero-exit"));
  assert.ok(!codes({ event: "PreToolUse", exit: 1, stdout: "plain" }).includes("json-on-nonzero-exit"));
  assert.ok(codes({ event: "PreToolUse", stdout: hso({ additionalContext: "C" }) }).includes("context-dropped"));
  assert.ok(!codes({ event: "PostToolUse", stdout: hso({ additionalContext: "C" }) }).includes("context-dropped"));
});

test("ask, unknown decision values, decision before exit 2, flat and legacy decisions (pre-04, pre-p08, pre-p01, pre-10c, pre-10)", () => {
  assert.ok(codes({ event: "PreToolUse", stdout: hso({ permissionDecision: "ask" }) }).includes("ask-is-not-a-decision"));
  assert.ok(codes({ event: "PreToolUse", stdout: hso({ permissionDecision: "Deny" }) }).includes("unknown-decision-shadows"));
  assert.ok(codes({ event: "PreToolUse", exit: 2, stdout: hso({ permissionDecision: "deny" }) }).includes("decision-before-exit2"));
  assert.ok(codes({ event: "PreToolUse", stdout: '{"permissionDecision":"deny"}' }).includes("flat-decision-ignored"));
  assert.ok(codes({ event: "PreToolUse", stdout: '{"decision":"block","reason":"R"}' }).includes("decision-block-ignored"));
  assert.ok(!codes({ event: "Stop", stdout: '{"decision":"block","reason":"R"}' }).includes("decision-block-ignored"));
  assert.ok(codes({ event: "Stop", stdout: '{"decision":"block"}' }).includes("block-without-reason"));
});

test("rewrites, prepended stderr, exit 3, invalid JSON, hidden texts, rpc-only prompts, unknown events", () => {
  assert.ok(codes({ event: "PreToolUse", stdout: hso({ permissionDecision: "allow", updatedInput: { command: "x" } }) }).includes("updated-input-merge"));
  assert.ok(codes({ event: "PreToolUse", exit: 1, stderr: "W" }).includes("stderr-prepended"));
  assert.ok(codes({ event: "PreToolUse", exit: 3 }).includes("exit3-aborts"));
  assert.ok(codes({ event: "PreToolUse", stdout: "{oops" }).includes("invalid-json-ignored"));
  assert.match(droid.divergences!({ event: "UserPromptSubmit", exit: 0, stdout: "{oops", stderr: "" }).find((d) => d.code === "invalid-json-ignored")!.message, /context/);
  assert.ok(codes({ event: "PostToolUse", stdout: '{"systemMessage":"S"}' }).includes("system-message-hidden"));
  assert.ok(codes({ event: "PreToolUse", stdout: '{"continue":false,"stopReason":"x"}' }).includes("stop-reason-hidden"));
  assert.ok(codes({ event: "UserPromptSubmit" }).includes("prompt-hooks-rpc-only"));
  assert.ok(codes({ event: "SessionStart", exit: 2, stderr: "S" }).includes("exit2-ignored"));
  assert.deepEqual(codes({ event: "PermissionRequest" }), ["unknown-event"]);
  assert.deepEqual(codes({ event: "PreToolUse", stdout: hso({ permissionDecision: "deny", permissionDecisionReason: "R" }) }), []);
});

test("the dialect: 9 events with their Claude Code names, registered, a runner with droid's four files", () => {
  assert.equal(droid.agent, "droid");
  assert.equal(droid.version, "0.215.0");
  assert.deepEqual(droid.events.map((e) => e.name), ["PreToolUse", "PostToolUse", "Notification", "UserPromptSubmit", "Stop", "SubagentStop", "PreCompact", "SessionStart", "SessionEnd"]);
  for (const e of droid.events) assert.equal(e.canonical, e.name);
  assert.equal(droid.events.find((e) => e.name === "SessionStart")!.matchField, "source");
  assert.equal(droid.runner!.configLocations.length, 4);
});
