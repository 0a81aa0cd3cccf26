/**
 * Rust family → Claude Code dialect: read with the serde-exact reader, convert,
 * and let the merge decide; it must decide what the Rust enum means. Where the
 * Rust value's own serde_json text would be read differently by Claude Code,
 * the conversion says so, and the merge of that raw text shows the difference.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { readRust } from "../../src/serde/index.js";
import { claudeCodeFromRust, type RustHookOutputValue } from "../../src/claude-code/from-rust.js";
import { mergeRequest } from "../../src/claude-code/merge-request.js";
import type { MergedResult } from "../../src/core/records.js";
import { writeRustText } from "../lib/write-rust.js";

function rust(text: string): RustHookOutputValue {
  const r = readRust("HookOutput", text);
  assert.ok(r.ok, JSON.stringify(r));
  return r.value as RustHookOutputValue;
}

function merge(event: string, stdout: string): MergedResult {
  return mergeRequest({
    event,
    tool_name: "Bash",
    tool_input: { command: "ls" },
    input: { prompt: "do it" },
    hooks: [{ command: "rust-hook", exit: 0, stdout, stderr: "" }],
  });
}

test("PreToolUse: the ToolPermission decides, updatedInput becomes plain JSON", () => {
  const value = rust('{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"rust says no"}}');
  const { output, notes } = claudeCodeFromRust(value);
  assert.deepEqual(notes, []);
  const m = merge("PreToolUse", JSON.stringify(output));
  assert.equal(m.effects.decision, "deny");
  assert.equal(m.effects.tool_result, "PreToolUse:Bash hook error: rust says no");

  const rewrite = claudeCodeFromRust(rust('{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"allow","updatedInput":{"command":"ls -la","n":2.0,"__proto__":1}}}'));
  const hso = rewrite.output["hookSpecificOutput"] as Record<string, unknown>;
  const input = hso["updatedInput"] as Record<string, unknown>;
  assert.equal(input["n"], 2);
  assert.equal(Object.hasOwn(input, "__proto__"), true);
  const allowed = merge("PreToolUse", JSON.stringify(rewrite.output));
  assert.equal(allowed.effects.decision, "allow");
  assert.equal((allowed.effects.tool_input as Record<string, unknown>)["command"], "ls -la");
});

test("PermissionRequest: Deny{message, interrupt} and Allow{updatedInput}", () => {
  const deny = claudeCodeFromRust(rust('{"hookSpecificOutput":{"hookEventName":"PermissionRequest","decision":{"behavior":"deny","message":"not here"}}}'));
  const m = merge("PermissionRequest", JSON.stringify(deny.output));
  assert.equal(m.effects.decision, "deny");
  assert.equal(m.effects.tool_result, "not here");
  const allow = claudeCodeFromRust(rust('{"hookSpecificOutput":{"hookEventName":"PermissionRequest","decision":{"behavior":"allow"}}}'));
  assert.equal(merge("PermissionRequest", JSON.stringify(allow.output)).effects.decision, "allow");
});

test("Stop: the Rust decision inside hookSpecificOutput means a block; its raw text would not block", () => {
  const text = '{"hookSpecificOutput":{"hookEventName":"Stop","decision":"block","reason":"run the tests"}}';
  const { output, notes } = claudeCodeFromRust(rust(text));
  assert.equal(notes.length, 1);
  const converted = merge("Stop", JSON.stringify(output));
  assert.equal(converted.effects.blocked, true);
  assert.match(converted.effects.model_context[0]!, /\nStop hook feedback:\nrun the tests\n<\/system-reminder>$/);
  // the serde_json text as exomonad writes it: Claude Code strips the unknown hso keys
  const raw = merge("Stop", writeRustText("HookOutput", rust(text)));
  assert.equal(raw.effects.blocked, false);
  assert.match(raw.runs[0]!.warnings[0]!, /unrecognized keys \(ignored\): hookSpecificOutput\.decision, hookSpecificOutput\.reason/);
});

test("SessionEnd and PreCompact unit variants: no Claude Code variant", () => {
  for (const name of ["SessionEnd", "PreCompact"]) {
    const text = `{"continue":false,"stopReason":"bye","hookSpecificOutput":{"hookEventName":"${name}"}}`;
    const { output, notes } = claudeCodeFromRust(rust(text));
    assert.equal(output["hookSpecificOutput"], undefined);
    assert.equal(output["continue"], false);
    assert.equal(notes.length, 1);
    const raw = merge(name, writeRustText("HookOutput", rust(text)));
    assert.equal(raw.runs[0]!.validation_error?.code, "json-validation", name);
  }
});

test("the envelope: continue is always there, None fields stay absent", () => {
  const { output } = claudeCodeFromRust(rust("{}"));
  assert.deepEqual({ ...output }, { continue: true });
  const stop = claudeCodeFromRust(rust('{"continue":false,"stopReason":"enough","systemMessage":"hi"}'));
  const m = merge("PostToolUse", JSON.stringify(stop.output));
  assert.equal(m.effects.stopped, true);
  assert.equal(m.effects.stop_reason, "enough");
  assert.deepEqual(m.effects.notices, ["PostToolUse:Bash says: hi"]);
});
