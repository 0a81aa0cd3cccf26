/**
 * The classifier: one process result → run record, by Claude Code's
 * exit-code × output matrix. Texts are the ones recorded in the observations
 * named beside each case.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { classifyRun, type HookRunResult } from "../../src/claude-code/classify.js";

const DENY = '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"no"}}';
const ctx = { event: "PreToolUse", hookName: "PreToolUse:Bash" };

function run(exit: number | null, stdout: string, stderr = "", extra: Partial<HookRunResult> = {}, context = ctx) {
  return classifyRun({ command: "/h.sh", exit, stdout, stderr, ...extra }, context);
}

test("exit 0: empty, text, JSON, invalid", () => {
  assert.deepEqual([run(0, "").outcome, run(0, "").output], ["success", "empty"]);
  assert.deepEqual([run(0, "hello").outcome, run(0, "hello").output], ["success", "text"]);
  const deny = run(0, DENY);
  assert.deepEqual([deny.outcome, deny.output, deny.non_blocking_error], ["block", "json", null]);
  const invalid = run(0, '{"continue":"yes"}');
  assert.equal(invalid.outcome, "error");
  assert.equal(invalid.output, "invalid");
  assert.equal(invalid.no_verdict, "no_usable_answer"); // probe-v02
  assert.match(invalid.non_blocking_error!, /^Hook JSON output validation failed — continue: expected boolean, received string\n/);
});

test("exit 2 blocks with [cmd]: stderr, JSON kept; invalid JSON still blocks", () => {
  const r = run(2, "", "");
  assert.equal(r.outcome, "block");
  assert.equal(r.blocking_error, "[/h.sh]: No stderr output"); // pre-21
  const withJson = run(2, '{"systemMessage":"s"}', "why\n");
  assert.equal(withJson.blocking_error, "[/h.sh]: why\n"); // exit-2 stderr is not trimmed
  assert.equal(withJson.json?.["systemMessage"], "s");
  assert.equal(run(2, "{bad", "x").outcome, "block"); // pre-36
});

test("exit 2 on events that cannot block", () => {
  const ss = run(2, "", "ss exit2 stderr", {}, { event: "SessionStart", hookName: "SessionStart:startup" });
  assert.equal(ss.outcome, "error");
  assert.equal(ss.non_blocking_error, "[/h.sh]: ss exit2 stderr"); // ss-03
  const pr = run(2, "", "x", {}, { event: "PermissionRequest", hookName: "PermissionRequest:Bash" });
  assert.equal(pr.outcome, "error");
  assert.equal(pr.blocking_error, null);
  assert.equal(pr.non_blocking_error, null); // perm-07: not honoured, stderr discarded
});

test("other exit codes: JSON applies, text is an error, 126/127 give no verdict", () => {
  const json = run(3, DENY, "err three"); // probe-v18
  assert.deepEqual([json.outcome, json.non_blocking_error], ["block", null]);
  const text = run(1, "plain A", "ups exit1 stderr");
  assert.equal(text.non_blocking_error, "Failed with non-blocking status code: ups exit1 stderr"); // ups-09
  assert.equal(text.no_verdict, null);
  assert.equal(run(127, "", "not found").no_verdict, "no_usable_answer");
  const invalid = run(1, '{"continue":"yes"}', "err one"); // probe-v16
  assert.match(invalid.non_blocking_error!, /\n\nHook exited 1 with stderr:\nerr one$/);
});

test("timeouts, skips, async, wrong event name", () => {
  const t = run(null, DENY, "", { timed_out: true, timeout: 1 });
  assert.deepEqual([t.outcome, t.json, t.no_verdict, t.exit], ["timeout", null, "timed_out", null]); // pre-83
  assert.equal(run(0, "", "", { status: "skipped", message: "duplicate" }).outcome, "skipped");
  // still in the background (the runner's status, or no exit yet) vs finished: its answer follows the announcement (probe-a01)
  assert.deepEqual([run(null, '{"async":true}').outcome, run(0, "", "", { status: "async" }).outcome], ["running", "running"]);
  const finished = run(0, '{"async":true}\n' + DENY);
  assert.deepEqual([finished.async, finished.output, finished.json?.["hookSpecificOutput"] !== undefined], [true, "json", true]);
  const wrong = run(0, '{"hookSpecificOutput":{"hookEventName":"PostToolUse","permissionDecision":"deny"}}');
  assert.equal(wrong.outcome, "error");
  assert.match(wrong.non_blocking_error!, /^Failed to run: Hook returned incorrect event name: expected 'PreToolUse' but got 'PostToolUse'\. Full stdout: \{/); // pre-31
});

test("a runner's process result fits (structural subset of HookProcessResult)", () => {
  const r = classifyRun(
    { command: "c", exit: 0, stdout: "", stderr: "", status: "exited", source: "flag", plugin: null, matcher: "Bash", args: ["a"], argv: ["c", "a"], form: "exec", async: false, timeout: 5, signal: null, duration_ms: 3, message: null, completion: 2, config_index: 0 },
    ctx,
  );
  assert.deepEqual([r.completion, r.config_index, r.form, r.argv], [2, 0, "exec", ["c", "a"]]);
});

test("finished async hooks: exit 2 blocks nothing, other failures in Claude Code's async words", () => {
  const two = run(2, '{"async":true}', "late no");
  assert.deepEqual([two.async, two.outcome, two.blocking_error, two.non_blocking_error], [true, "error", null, null]);
  const one = run(1, "", "boom", { async: true });
  assert.equal(one.non_blocking_error, "Announced async, then failed with status code 1: boom");
});
