/**
 * The droid reader and merge on single answers and hostile input: droid's
 * exit-code x stdout rules (src/droid/read.ts), JavaScript truthiness and
 * spread, and inputs that must give values, never throws. Expected values
 * are droid 0.215.0's observed behaviour (test/observer/droid/observed,
 * docs/spec/droid-observed.md), cited per case.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { mergeDroid, type DroidHookResult } from "../../src/droid/merge.js";
import { plainContextOf, readDroidHook, spreadInto } from "../../src/droid/read.js";
import { validateMergedResult } from "../../generated/validators/records.js";

const TOOL_INPUT = { command: "echo hi", riskLevel: "low", riskLevelReason: "r" };
const OUTPUT = "hi\n\n\n[Process exited with code 0]";
const hook = (stdout: string, exit = 0, stderr = "", extra: Partial<DroidHookResult> = {}): DroidHookResult => ({ command: "h.sh", stdout, stderr, exit, ...extra });
const pre = (...hooks: DroidHookResult[]) =>
  mergeDroid("PreToolUse", hooks.map((h, i) => ({ config_index: i, ...h })), { input: { tool_name: "Execute", tool_input: TOOL_INPUT }, toolOutput: OUTPUT });
const deny = (reason?: string) => JSON.stringify({ hookSpecificOutput: { permissionDecision: "deny", ...(reason === undefined ? {} : { permissionDecisionReason: reason }) } });
const allow = JSON.stringify({ hookSpecificOutput: { permissionDecision: "allow" } });

test("JSON is read on any exit code; a timeout or a signal counts as exit 1 and keeps what was printed (pre-06c, pre-p06)", () => {
  assert.equal(readDroidHook({ exit: 1, stdout: deny("R"), stderr: "" }).hookSpecificOutput?.permissionDecision, "deny");
  const timedOut = readDroidHook({ exit: null, stdout: deny("R"), stderr: "", timed_out: true });
  assert.equal(timedOut.exitCode, 1);
  assert.equal(pre(hook(deny("R"), 0, "", { exit: null, timed_out: true })).effects.tool_result, "Error: R");
  assert.equal(readDroidHook({ exit: null, stdout: "", stderr: "" }).exitCode, 1);
});

test("the trimmed stdout must start with `{`; whitespace before it is fine (pre-p11), a BOM is not JSON, a flat decision is ignored (pre-10c)", () => {
  assert.equal(pre(hook("\n   " + deny("R-ws") + "\n")).effects.tool_result, "Error: R-ws");
  assert.equal(pre(hook("\uFEFF" + deny("R"))).effects.decision, null);
  assert.equal(pre(hook('{"permissionDecision":"deny","permissionDecisionReason":"R"}')).effects.decision, null);
  assert.equal(pre(hook('just text {"hookSpecificOutput":{"permissionDecision":"deny"}}')).effects.decision, null);
  const invalid = pre(hook("{not json"));
  assert.equal(invalid.runs[0]!.output, "invalid");
  assert.equal(invalid.effects.tool_input?.["command"], "echo hi");
});

test("deny texts: reason, default, exit 2 stderr, exit 2 default (pre-03, pre-05b, pre-12c)", () => {
  assert.equal(pre(hook(deny())).effects.tool_result, "Error: Tool execution denied by hook");
  assert.equal(pre(hook(deny(""))).effects.tool_result, "Error: Tool execution denied by hook");
  assert.equal(pre(hook("", 2, "S\n")).effects.tool_result, "Error: S\n");
  assert.equal(pre(hook("", 2)).effects.tool_result, "Error: Tool execution blocked by hook");
  assert.equal(pre(hook(JSON.stringify({ hookSpecificOutput: { permissionDecision: "deny", permissionDecisionReason: 42 } }))).effects.tool_result, "Error: 42");
});

test("the first configured decision decides; exit 2 is read after it; continue:false and exit 3 before everything (pre-14b, pre-p02, pre-p03, pre-p10)", () => {
  assert.equal(pre(hook(allow), hook(deny("R"))).effects.decision, "allow");
  assert.equal(pre(hook(deny("R")), hook(allow)).effects.tool_result, "Error: R");
  assert.equal(pre(hook("", 2, "S"), hook(deny("R"))).effects.tool_result, "Error: R");
  assert.equal(pre(hook(allow), hook("", 2, "S")).effects.tool_result, "Error: S");
  const bogus = pre(hook(JSON.stringify({ hookSpecificOutput: { permissionDecision: "Deny" } })), hook(deny("R")));
  assert.equal(bogus.effects.decision, null);
  assert.equal(bogus.effects.blocked, false);
  const stopped = pre(hook(allow), hook('{"continue":false}'));
  assert.deepEqual([stopped.effects.stopped, stopped.effects.tool_input, stopped.effects.decision], [true, null, null]);
  assert.equal(pre(hook(deny("R")), hook("", 3, "A")).effects.stopped, true);
  // completion order is irrelevant: the same hooks given in the other order
  const reversed = mergeDroid("PreToolUse", [hook(deny("R"), 0, "", { config_index: 1 }), hook(allow, 0, "", { config_index: 0 })], { input: { tool_name: "Execute", tool_input: TOOL_INPUT } });
  assert.equal(reversed.effects.decision, "allow");
});

test("updatedInput is a shallow merge, with allow or no decision; ignored with ask and deny (pre-11b, pre-11d, pre-13d, pre-p09)", () => {
  const rewrite = (decision?: string) => JSON.stringify({ hookSpecificOutput: { ...(decision === undefined ? {} : { permissionDecision: decision }), updatedInput: { command: "echo A" } } });
  // A changed Execute command loses the model's risk fields (pre-p19); the same command keeps them and gains the rest (pre-p20).
  assert.deepEqual({ ...pre(hook(rewrite())).effects.tool_input }, { command: "echo A" });
  const same = JSON.stringify({ hookSpecificOutput: { permissionDecision: "allow", updatedInput: { command: "echo hi", summary: "S", riskLevel: "high" } } });
  assert.deepEqual({ ...pre(hook(same)).effects.tool_input }, { ...TOOL_INPUT, summary: "S", riskLevel: "high" });
  const otherTool = mergeDroid("PreToolUse", [hook(JSON.stringify({ hookSpecificOutput: { updatedInput: { file_path: "/b" } } }))], { input: { tool_name: "Read", tool_input: { file_path: "/a", riskLevel: "x" } } });
  assert.deepEqual({ ...otherTool.effects.tool_input }, { file_path: "/b", riskLevel: "x" });
  assert.equal(pre(hook(rewrite("ask"))).effects.tool_input?.["command"], "echo hi");
  assert.equal(pre(hook(JSON.stringify({ hookSpecificOutput: { permissionDecision: "ask" } })), hook(rewrite())).effects.tool_input?.["command"], "echo A");
  assert.equal(pre(hook(rewrite("deny"))).effects.tool_input, null);
  const twoRewrites = pre(hook(rewrite()), hook(JSON.stringify({ hookSpecificOutput: { permissionDecision: "allow", updatedInput: { command: "echo B" } } })));
  assert.equal(twoRewrites.effects.tool_input?.["command"], "echo B");
  assert.equal(twoRewrites.updated_input?.["command"], "echo B");
});

test("the first configured exit 1 with stderr is prepended; exit 127, empty stderr and later ones are not (pre-06, pre-p04, pre-p05, pre-p07)", () => {
  assert.equal(pre(hook("", 1, "W1"), hook("", 1, "W2")).effects.tool_result, `W1\n\n${OUTPUT}`);
  assert.equal(pre(hook("", 1, "")).effects.tool_result, null);
  assert.equal(pre(hook("", 127, "W")).effects.tool_result, null);
  assert.equal(pre(hook("", 1, ""), hook("", 1, "W2")).effects.tool_result, null);
});

test("PostToolUse: first context (any exit), then [Hook Feedback]; decision block ignored; continue:false first (post-08, post-p17, post-p18, post-02)", () => {
  const post = (...hooks: DroidHookResult[]) => mergeDroid("PostToolUse", hooks.map((h, i) => ({ config_index: i, ...h })), { input: { tool_name: "Execute", tool_input: TOOL_INPUT, tool_response: OUTPUT } });
  const ctx = (c: string) => JSON.stringify({ hookSpecificOutput: { additionalContext: c } });
  assert.deepEqual(post(hook(ctx("A")), hook("", 2, "S")).effects.model_context, ["A", "[Hook Feedback] S"]);
  assert.deepEqual(post(hook(ctx("A")), hook(ctx("B"))).effects.model_context, ["A"]);
  assert.deepEqual(post(hook(ctx("E"), 1, "W")).effects.model_context, ["E"]);
  assert.deepEqual(post(hook("", 2)).effects.model_context, ["[Hook Feedback] PostToolUse hook reported an issue"]);
  assert.equal(post(hook('{"decision":"block","reason":"R"}')).effects.blocked, false);
  const stopped = post(hook(ctx("A")), hook('{"continue":false}'));
  assert.deepEqual([stopped.effects.stopped, stopped.effects.model_context], [true, []]);
});

test("UserPromptSubmit, Stop, SessionStart, PreCompact and the no-effect events", () => {
  const ups = (...hooks: DroidHookResult[]) => mergeDroid("UserPromptSubmit", hooks.map((h, i) => ({ config_index: i, ...h })), { input: { prompt: "do it" } });
  assert.deepEqual(ups(hook('{"continue":false,"systemMessage":"M"}')).effects.notices, ["M"]);
  assert.deepEqual(ups(hook("", 2)).effects.notices, ["User prompt submission blocked by hook"]);
  assert.equal(ups(hook("", 3)).effects.blocked, true);
  assert.equal(ups(hook(JSON.stringify({ hookSpecificOutput: { updatedInput: { prompt: "P2" } } }))).effects.prompt, "P2");
  assert.deepEqual(ups(hook("plain\n", 1)).effects.model_context, []);
  const stop = (...hooks: DroidHookResult[]) => mergeDroid("Stop", hooks.map((h, i) => ({ config_index: i, ...h })), { input: {} });
  assert.deepEqual(stop(hook("", 2)).effects.model_context, ["Stop hook requested continuation"]);
  assert.deepEqual(stop(hook('{"continue":false}'), hook('{"decision":"block","reason":"R"}')).effects.model_context, ["R"]);
  assert.equal(stop(hook('{"continue":false}')).effects.stopped, true);
  const ss = mergeDroid("SessionStart", [hook("one\n"), hook('{"hookSpecificOutput":{"additionalContext":"two"}}'), hook('{"continue":false}')], { input: { source: "startup" } });
  assert.deepEqual(ss.effects.model_context, ["one\n\ntwo"]);
  assert.equal(mergeDroid("PreCompact", [hook("", 3)], { input: {} }).effects.blocked, true);
  for (const event of ["Notification", "SubagentStop", "SessionEnd"]) assert.equal(mergeDroid(event, [hook("", 2, "S")], { input: {} }).effects.blocked, false);
  const unknown = mergeDroid("PermissionRequest", [hook(deny("R"))], { input: {} });
  assert.equal(unknown.effects.decision, null);
  assert.match(unknown.errors.at(-1)!, /no PermissionRequest event/);
});

test("plain-text context: exit 0 only; invalid JSON and JSON without a known key are text (ups-p13, ss-p14)", () => {
  assert.equal(plainContextOf(readDroidHook({ exit: 0, stdout: "{not json\n", stderr: "" })), "{not json");
  assert.equal(plainContextOf(readDroidHook({ exit: 0, stdout: '{"foo":1}', stderr: "" })), '{"foo":1}');
  assert.equal(plainContextOf(readDroidHook({ exit: 0, stdout: '{"continue":true}', stderr: "" })), undefined);
  assert.equal(plainContextOf(readDroidHook({ exit: 2, stdout: "text", stderr: "" })), undefined);
});

test("JavaScript spread of a non-object updatedInput: a string spreads its characters, a number nothing", () => {
  assert.deepEqual({ ...spreadInto({ a: 1 }, "xy") }, { a: 1, 0: "x", 1: "y" });
  assert.deepEqual({ ...spreadInto({ a: 1 }, 5) }, { a: 1 });
  assert.deepEqual({ ...spreadInto({ a: 1 }, [true]) }, { a: 1, 0: true });
});

test("hostile input: __proto__ keys stay data, deep nesting and lone surrogates give values, the result validates", () => {
  const proto = pre(hook('{"hookSpecificOutput":{"permissionDecision":"allow","updatedInput":{"__proto__":{"polluted":true},"command":"x"}}}'));
  assert.equal(({} as Record<string, unknown>)["polluted"], undefined);
  assert.equal(Object.getPrototypeOf(proto.effects.tool_input), null);
  assert.ok(Object.keys(proto.effects.tool_input!).includes("__proto__"));
  const deep = "[".repeat(100000) + "]".repeat(100000);
  const deepReason = pre(hook(`{"hookSpecificOutput":{"permissionDecision":"deny","permissionDecisionReason":${deep}}}`));
  assert.equal(typeof deepReason.effects.tool_result, "string");
  const surrogate = pre(hook(deny("\ud800 lone")));
  assert.equal(surrogate.effects.tool_result, "Error: \ud800 lone");
  for (const result of [proto, surrogate, pre(hook("", 2)), pre()]) assert.equal(validateMergedResult(JSON.parse(JSON.stringify(result))), true, JSON.stringify(validateMergedResult.errors));
  assert.doesNotThrow(() => pre(hook("\u0000{\u0000", 99, "\uFFFD")));
});
