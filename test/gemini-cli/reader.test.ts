/**
 * Gemini CLI 0.61.0's reading of one hook (src/gemini-cli/read-output.ts),
 * its merges (aggregate.ts) and the merge request on hostile input. Expected
 * values are the observed rules (docs/spec/gemini-cli-observed.md, the recording
 * named beside each case) and the CLI's JavaScript semantics.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { readHookOutput } from "../../src/gemini-cli/read-output.js";
import { aggregate, AggregateFailure } from "../../src/gemini-cli/aggregate.js";
import { jsString } from "../../src/json/js-values.js";
import { mergeRequest } from "../../src/gemini-cli/merge-request.js";
import { parseMergeRequest } from "../../src/core/merge-request.js";
import { geminiCli } from "../../src/gemini-cli/dialect.js";
import type { JsonObject } from "../../src/json/value.js";

const read = (stdout: string, exit: number | null = 0, stderr = "") => readHookOutput({ exit, stdout, stderr });
const plain = (o: JsonObject | null) => (o === null ? null : { ...o });

test("JSON from stdout whatever the exit code (bt-09, bt-52)", () => {
  assert.deepEqual(plain(read('{"decision":"allow"}', 2).output), { decision: "allow" });
  assert.deepEqual(plain(read('{"decision":"deny","reason":"json reason"}', 2, "other").output), { decision: "deny", reason: "json reason" });
  assert.equal(read('{"decision":"allow"}', 2).failed, true);
});

test("stderr is read when stdout is empty (bt-32); stdout wins when both hold text", () => {
  const r = read("", 0, '{"decision":"deny","reason":"deny from stderr"}');
  assert.equal(r.stream, "stderr");
  assert.deepEqual(plain(r.output), { decision: "deny", reason: "deny from stderr" });
  assert.deepEqual(plain(read("out text", 2, "err text").output), { decision: "deny", reason: "out text" });
});

test("a JSON string is parsed once more (bt-34); a string of non-JSON is plain text", () => {
  assert.deepEqual(plain(read(JSON.stringify('{"decision":"deny","reason":"double encoded"}')).output), { decision: "deny", reason: "double encoded" });
  const r = read('"just a string"', 0);
  assert.equal(r.kind, "text");
  assert.deepEqual(plain(r.output), { decision: "allow", systemMessage: '"just a string"' });
});

test("plain text by exit code: 0 allow + message (bt-11), 1 Warning: (bt-07), other deny (bt-05, gp-10)", () => {
  assert.deepEqual(plain(read("hello", 0).output), { decision: "allow", systemMessage: "hello" });
  assert.deepEqual(plain(read("", 1, "careful").output), { decision: "allow", systemMessage: "Warning: careful" });
  assert.deepEqual(plain(read("", 2, "A exit-2 stderr").output), { decision: "deny", reason: "A exit-2 stderr" });
  assert.deepEqual(plain(read("B blocks", 3).output), { decision: "deny", reason: "B blocks" });
  assert.deepEqual(plain(read("x", 127).output), { decision: "deny", reason: "x" });
});

test("JSON followed by text is plain text: allow on exit 0 (bt-58)", () => {
  const r = read('{"decision":"deny","reason":"A denies"}\nmore text', 0);
  assert.equal(r.kind, "text");
  assert.equal(r.output!["decision"], "allow");
  assert.ok(r.note !== null);
});

test("no output, exit 2 without output, a JSON number or null: no output at all (gp-07, gp-10)", () => {
  assert.equal(read("", 0).output, null);
  assert.equal(read("  \n", 2, "\t").output, null);
  assert.equal(read("1", 2, "A wants to block").output, null);
  assert.equal(read("null", 2).output, null);
  assert.equal(read("true", 0).kind, "none");
});

test("an array is an output without fields; a timeout discards the output; a signal death counts as exit 0", () => {
  const array = read('["deny"]', 0);
  assert.equal(array.kind, "json");
  assert.deepEqual(plain(array.output), {});
  const timedOut = readHookOutput({ exit: null, stdout: '{"decision":"deny"}', stderr: "", timed_out: true });
  assert.equal(timedOut.output, null);
  assert.equal(timedOut.failed, true);
  assert.equal(read("hi", null).output!["systemMessage"], "hi");
  assert.equal(read("hi", null).failed, false);
});

test("trim() removes a BOM, so a BOM before JSON still parses", () => {
  assert.equal(read('\uFEFF{"decision":"deny"}', 0).output!["decision"], "deny");
});

test("hostile input: __proto__ stays data, deep nesting and lone surrogates never throw", () => {
  const r = read('{"__proto__":{"decision":"deny"},"decision":"ask"}');
  assert.equal(Object.getPrototypeOf(r.output), null);
  assert.equal(r.output!["decision"], "ask");
  assert.ok("__proto__" in r.output!);
  const deep = "[".repeat(100_000) + "]".repeat(100_000);
  assert.equal(read(deep).kind, "json");
  const deepObject = '{"reason":' + "[".repeat(50_000) + "]".repeat(50_000) + ',"decision":"deny"}';
  const merged = mergeRequest({ event: "BeforeTool", tool_name: "run_shell_command", tool_input: { command: "ls" }, hooks: [{ command: "h", exit: 0, stdout: deepObject, stderr: "" }] });
  assert.equal(merged.effects.decision, "deny");
  // the nested empty arrays are truthy but String() to "": the reason falls back
  assert.equal(merged.effects.tool_result, "Tool execution blocked: No reason provided");
  const surrogate = mergeRequest({ event: "BeforeTool", tool_input: {}, hooks: [{ command: "h", exit: 2, stdout: "\ud800 lone", stderr: "" }] });
  assert.equal(surrogate.effects.tool_result, "Tool execution blocked: \ud800 lone");
});

test("jsString is String(): numbers, arrays joined with commas, objects", () => {
  assert.equal(jsString(5), "5");
  assert.equal(jsString([1, [2, null], "x"]), "1,2,,x");
  assert.equal(jsString({ a: 1 }), "[object Object]");
  assert.equal(jsString(null), "null");
});

const o = (value: Record<string, unknown>) => Object.assign(Object.create(null) as JsonObject, value) as JsonObject;

test("OR merge: stop > deny > ask > allow; every reason joined in order; no decision with a stop alone (bt-19, bt-46, bt-64)", () => {
  const merged = aggregate("or-decision", [o({ decision: "ask", reason: "A" }), o({ decision: "block", reason: "B" }), o({ decision: "ask" })]) as JsonObject;
  assert.equal(merged["decision"], "block");
  assert.equal(merged["reason"], "A\nB");
  const stop = aggregate("or-decision", [o({ continue: false, reason: "only a reason" })]) as JsonObject;
  assert.equal(stop["decision"], undefined);
  assert.equal(stop["continue"], false);
  assert.equal((aggregate("or-decision", [o({})]) as JsonObject)["decision"], "allow");
  assert.equal(aggregate("or-decision", []), null);
});

test("OR merge: a non-object truthy hookSpecificOutput makes the CLI's merge throw (gp-02)", () => {
  const failure = aggregate("or-decision", [o({ hookSpecificOutput: "oops" }), o({ decision: "deny" })]);
  assert.ok(failure instanceof AggregateFailure);
  assert.equal(failure.message, "TypeError: Cannot use 'in' operator to search for 'additionalContext' in oops");
  assert.ok(!((aggregate("or-decision", [o({ hookSpecificOutput: "" }), o({ decision: "deny" })]) as unknown) instanceof AggregateFailure));
});

test("field replacement: the later listed output replaces fields whole (bm-05); tool selection: NONE > ANY > AUTO, names unioned and sorted", () => {
  const merged = aggregate("field-replacement", [o({ hookSpecificOutput: { llm_request: { model: "a" } } }), o({ hookSpecificOutput: { llm_request: { config: {} } } })]) as JsonObject;
  assert.deepEqual({ ...(merged["hookSpecificOutput"] as JsonObject) }, { llm_request: { config: {} } });
  const tools = aggregate("tool-selection", [o({ hookSpecificOutput: { toolConfig: { mode: "ANY", allowedFunctionNames: ["b"] } } }), o({ hookSpecificOutput: { toolConfig: { allowedFunctionNames: ["a"] } } })]) as JsonObject;
  assert.deepEqual(JSON.parse(JSON.stringify(tools)), { hookSpecificOutput: { hookEventName: "BeforeToolSelection", toolConfig: { mode: "ANY", allowedFunctionNames: ["a", "b"] } } });
  assert.equal(JSON.stringify((aggregate("tool-selection", [o({})]) as JsonObject)["hookSpecificOutput"]), '{"hookEventName":"BeforeToolSelection","toolConfig":{"mode":"AUTO","allowedFunctionNames":[]}}');
});

test("the request's name/matcher/sequential keys are accepted for gemini-cli only; listing order beats completion order (bt-17)", () => {
  const line = JSON.stringify({
    event: "BeforeTool",
    tool_name: "run_shell_command",
    tool_input: { command: "echo original", description: "d" },
    hooks: [
      { command: "b", name: "B", exit: 0, stdout: '{"hookSpecificOutput":{"tool_input":{"command":"echo B"}}}', stderr: "", config_index: 1, sequential: true },
      { command: "a", name: "A", exit: 0, stdout: '{"hookSpecificOutput":{"tool_input":{"command":"echo A"}}}', stderr: "", config_index: 0, matcher: "run_shell_command" },
    ],
  });
  assert.equal(parseMergeRequest(line).ok, false);
  const parsed = parseMergeRequest(line, geminiCli.requestExtensions);
  assert.ok(parsed.ok);
  const merged = geminiCli.mergeRequest(parsed.request);
  assert.deepEqual({ ...merged.effects.tool_input }, { command: "echo B" });
  assert.deepEqual(merged.effects.model_context, ["[System] Tool input parameters were modified by a hook before execution."]);
  assert.equal(merged.runs[0]!.hook_name, "B");
  assert.equal(merged.agent, "gemini-cli");
});

test("an unknown event (a Claude Code name) merges to nothing", () => {
  const merged = mergeRequest({ event: "PreToolUse", hooks: [{ command: "h", exit: 2, stdout: "no", stderr: "" }] });
  assert.equal(merged.effects.blocked, false);
  assert.equal(merged.effects.decision, null);
});

test("the dialect lists the 11 events with their Claude Code equivalents", () => {
  const canonical = Object.fromEntries(geminiCli.events.map((e) => [e.name, e.canonical]));
  assert.deepEqual(canonical, {
    BeforeTool: "PreToolUse",
    AfterTool: "PostToolUse",
    BeforeAgent: "UserPromptSubmit",
    AfterAgent: "Stop",
    BeforeModel: null,
    AfterModel: null,
    BeforeToolSelection: null,
    SessionStart: "SessionStart",
    SessionEnd: "SessionEnd",
    Notification: "Notification",
    PreCompress: "PreCompact",
  });
});
