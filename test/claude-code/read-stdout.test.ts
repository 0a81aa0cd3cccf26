/**
 * Reading a hook's stdout: every recorded single-hook PreToolUse observation
 * whose hook Claude Code reported as an error on exit 0 carries Claude Code's
 * own text in `hook_response.stderr`; ours must be identical. Warnings are
 * compared with the debug-log lines of the same runs.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { fileURLToPath } from "node:url";
import { readHookStdout } from "../../src/claude-code/read-stdout.js";
import { jscParseErrorMessage, parseJsonAsJsc } from "../../src/claude-code/jsc-json.js";
import { loadObservations, scriptedOutput, type OutputPart } from "../../scripts/lib/observations.js";

interface Observation {
  name: string;
  scenario: { event?: string; hooks: { stdout?: string; stdout_parts?: OutputPart[]; exit?: number; event?: string }[] };
  hook_events: { subtype: string; outcome?: string; exit_code?: number; stderr?: string }[];
  debug_hook_lines: string[] | null;
}

function stdoutOf(h: Observation["scenario"]["hooks"][number]): string {
  return scriptedOutput(h.stdout, h.stdout_parts);
}

const all = loadObservations<Observation>(fileURLToPath(new URL("../..", import.meta.url))).map((o) => o.observation);

test("Claude Code's error text for every single-hook exit-0 error observation, any event", () => {
  let compared = 0;
  for (const o of all) {
    if (o.scenario.hooks.length !== 1) continue;
    const hook = o.scenario.hooks[0]!;
    const responses = o.hook_events.filter((e) => e.subtype === "hook_response");
    if (responses.length !== 1) continue;
    const response = responses[0]!;
    const event = hook.event ?? o.scenario.event ?? "PreToolUse";
    const reading = readHookStdout(stdoutOf(hook), event, `${event}:Bash`);
    if (response.outcome === "error" && (hook.exit ?? 0) === 0) {
      assert.ok(reading.error, `${o.name}: expected an error`);
      const expected = response.stderr!.replace(/^Failed to run: /, "");
      assert.equal(reading.error.message, expected, o.name);
      compared++;
    } else if (response.outcome === "success") {
      assert.equal(reading.error, null, `${o.name}: Claude Code accepted it`);
    }
  }
  assert.ok(compared >= 15, `compared ${compared}`);
});

test("unknown keys are stripped and reported as Claude Code's debug log does", () => {
  for (const name of ["pre-35-unknown-keys", "pre-31-wrong-event-name", "probe-u01-unknown-key-in-decision"]) {
    const o = all.find((x) => x.name === name);
    assert.ok(o, name);
    const event = o.scenario.event ?? "PreToolUse";
    const reading = readHookStdout(stdoutOf(o.scenario.hooks[0]!), event, `${event}:Bash`);
    const logged = (o.debug_hook_lines ?? []).filter((l) => l.startsWith("Hook JSON output had unrecognized keys"));
    assert.deepEqual(reading.warnings, logged, name);
  }
  const r = readHookStdout('{"foo":1,"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny"}}', "PreToolUse");
  assert.equal(r.output, "json");
  assert.equal(r.json?.["foo"], undefined);
});

test("block with a foreign hookSpecificOutput keeps the block and drops the hso (pre-37)", () => {
  const o = all.find((x) => x.name === "pre-37-block-with-wrong-event-hso");
  assert.ok(o);
  const r = readHookStdout(stdoutOf(o.scenario.hooks[0]!), "PreToolUse", "PreToolUse:Bash");
  assert.equal(r.output, "json");
  assert.equal(r.json?.["decision"], "block");
  assert.equal(r.json?.["hookSpecificOutput"], undefined);
  const warn = (o.debug_hook_lines ?? []).find((l) => l.includes("hookSpecificOutput was ignored"));
  assert.ok(warn);
  assert.ok(r.warnings.some((w) => warn.endsWith(w)), `${r.warnings.join("|")} vs ${warn}`);
});

test("plain text, empty, BOM and the async announcement", () => {
  assert.equal(readHookStdout("", "PreToolUse").output, "empty");
  assert.equal(readHookStdout("  \n", "PreToolUse").output, "empty");
  assert.equal(readHookStdout("hello", "UserPromptSubmit").output, "text");
  assert.equal(readHookStdout('[{"a":1}]', "PreToolUse").output, "text");
  assert.equal(readHookStdout('plain\n{"continue":false}', "PreToolUse").output, "text");
  assert.equal(readHookStdout('\uFEFF {"continue":false}\n', "PreToolUse").json?.["continue"], false);
  const a = readHookStdout('{"async":true}\n{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny"}}', "PreToolUse");
  assert.equal(a.async, true);
  assert.equal(a.error, null);
  // a parse error when it ends in "}" (probe-v22: only the outer brace missing), else plain text,
  // even after a quoted key (new-ss-invalid-json, new-se-malformed-json)
  assert.equal(readHookStdout('{"hookSpecificOutput":{"hookEventName":"UserPromptSubmit","additionalContext":"x"}', "UserPromptSubmit").output, "invalid");
  assert.equal(readHookStdout("{nope", "SessionStart").output, "text");
  assert.equal(readHookStdout('{"a":', "SessionEnd").output, "text");
});

test("__proto__ in hook output is plain data", () => {
  const r = readHookStdout('{"__proto__":{"continue":false},"hookSpecificOutput":{"hookEventName":"PreToolUse","__proto__":1}}', "PreToolUse");
  assert.equal(r.output, "json");
  assert.equal(({} as Record<string, unknown>)["continue"], undefined);
  assert.equal(r.json?.["continue"], undefined);
  assert.deepEqual(r.warnings, ["Hook JSON output had unrecognized keys (ignored): __proto__, hookSpecificOutput.__proto__."]);
});

test("JSC's parse messages for the observed shapes", () => {
  assert.equal(jscParseErrorMessage('{"a":1,}'), "Property name must be a string literal");
  assert.equal(jscParseErrorMessage("{'a':1}"), "Single quotes (') are not allowed in JSON");
  assert.equal(jscParseErrorMessage('{"a":{"b":1}'), "Expected '}'");
  assert.equal(jscParseErrorMessage('{"a":tru}'), 'Unexpected identifier "tru"');
  assert.equal(jscParseErrorMessage("{not json}"), "Expected '}'");
  assert.equal(jscParseErrorMessage('{"a":1}\n{"b":2}'), "Unable to parse JSON string");
  const p = parseJsonAsJsc('{"a":[1,{"b":null}]}');
  assert.ok(p.ok);
  assert.equal(Object.getPrototypeOf(p.value), null);
});

test("validation texts not covered by observations follow the same format", () => {
  const missing = readHookStdout('{"hookSpecificOutput":{"hookEventName":"PermissionRequest"}}', "PermissionRequest");
  assert.equal(missing.error?.code, "json-validation");
  assert.match(missing.error!.message, /^Hook JSON output validation failed — hookSpecificOutput\.decision: expected object, received undefined \(PermissionRequest decision must be/);
  const watch = readHookStdout('{"hookSpecificOutput":{"hookEventName":"CwdChanged","watchPaths":["a",1]}}', "CwdChanged");
  assert.match(watch.error!.message, /^Hook JSON output validation failed — hookSpecificOutput\.watchPaths\.1: expected string, received number\n/);
});

test("100,000 levels of nesting: read, validated and reported without exhausting the stack", () => {
  const depth = 100_000;
  const deep = `${"[".repeat(depth)}${"]".repeat(depth)}`;
  const ok = readHookStdout(`{"hookSpecificOutput":{"hookEventName":"PreToolUse","updatedInput":{"deep":${deep}}}}`, "PreToolUse");
  assert.equal(ok.output, "json");
  const bad = readHookStdout(`{"continue":${deep}}`, "PreToolUse");
  assert.match(bad.error!.message, /^Hook JSON output validation failed — continue: expected boolean, received array\n/);
  assert.equal(readHookStdout(`{"a":${"[".repeat(depth)}}`, "PreToolUse").error?.code, "json-parse");
});

test("reading errors are ProtocolErrors: a JSON Pointer path, Claude Code's words in the message", () => {
  const bad = readHookStdout('{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"maybe"}}', "PreToolUse");
  assert.equal(bad.error?.code, "json-validation");
  assert.equal(bad.error?.path, "/hookSpecificOutput/permissionDecision");
  assert.ok(bad.error?.message.startsWith("Hook JSON output validation failed — hookSpecificOutput.permissionDecision: Invalid option"), bad.error?.message);
  const root = readHookStdout('{"continue":"no"}', "Stop");
  assert.equal(root.error?.path, "/continue");
  const wrong = readHookStdout('{"hookSpecificOutput":{"hookEventName":"PostToolUse"}}', "PreToolUse");
  assert.equal(wrong.error?.code, "wrong-event-name");
  assert.equal(wrong.error?.path, "/hookSpecificOutput/hookEventName");
  const parse = readHookStdout('{"a":1,}', "PreToolUse");
  assert.equal(parse.error?.code, "json-parse");
  assert.equal(parse.error?.path, "");
  const escaped = readHookStdout('{"hookSpecificOutput":{"hookEventName":"Setup","a/b~c":1,"additionalContext":5}}', "Setup");
  assert.equal(escaped.error?.path, "/hookSpecificOutput/additionalContext");
});

test("plain text says why: Claude Code's debug line for text, and for `{` that is no object (new-pre-invalid-json-open)", () => {
  assert.equal(readHookStdout("hello", "Stop").plainTextLine, "Hook output does not start with {, treating as plain text");
  const open = all.find((o) => o.name === "new-pre-invalid-json-open");
  assert.ok(open);
  const reading = readHookStdout(stdoutOf(open.scenario.hooks[0]!), "PreToolUse");
  assert.equal(reading.output, "text");
  const logged = (open.debug_hook_lines ?? []).find((l) => l.startsWith("Hook output starts with {"));
  assert.ok(logged !== undefined && logged.endsWith(reading.plainTextLine!), `${reading.plainTextLine} vs ${logged}`);
  assert.equal(readHookStdout('{"ok":true}', "Stop").plainTextLine, null);
});
