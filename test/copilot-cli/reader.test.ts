/**
 * The Copilot CLI reader, lints and merge on their own: how one stdout is read
 * (recorded rules, scenario names cited), the divergence lints a Claude Code
 * author gets, the event table's two spellings, and hostile input (`__proto__`
 * keys, deep nesting, lone surrogates, bytes that are not JSON, malformed
 * requests) answered with values, never a throw.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { PassThrough } from "node:stream";
import { copilotCli } from "../../src/copilot-cli/dialect.js";
import { existsSync, readFileSync } from "node:fs";
import { COPILOT_EVENT_NAMES, EVENTS, resolveEvent, STOP_BLOCK_CAP } from "../../src/copilot-cli/events.js";
import { NO_APPROVER, stopCapNotice } from "../../src/copilot-cli/texts.js";
import { parseHookStdout, readPreToolAnswer, textOf } from "../../src/copilot-cli/read-output.js";
import { serveMergeConformance } from "../../src/conformance/merge.js";
import type { MergeRequest } from "../../src/core/merge-request.js";
import { validateMergedResult } from "../../generated/validators/records.js";

const ARGS = { command: "echo original", description: "d" };
/** A preToolUse request as the recordings it cites ran: with `--allow-all-tools`. */
const pre = (hooks: Partial<MergeRequest["hooks"][number]>[], extra: Record<string, unknown> = {}): MergeRequest =>
  ({ event: "preToolUse", tool_name: "bash", tool_input: ARGS, allow_all_tools: true, hooks: hooks.map((h) => ({ command: "h", exit: 0, stdout: "", stderr: "", source: "/u/hooks/a.json", ...h })), ...extra }) as MergeRequest;

test("stdout: one JSON object with whitespace around it; text before or after, arrays and bad JSON are ignored (pre-09, pre-09e)", () => {
  assert.equal(parseHookStdout("  \n").output, "empty");
  assert.equal(parseHookStdout("allow").output, "text");
  assert.equal(parseHookStdout('note\n{"permissionDecision":"deny"}').output, "text");
  assert.equal(parseHookStdout('{"permissionDecision":"deny"} trailing').output, "invalid");
  assert.equal(parseHookStdout("[1]").output, "text");
  assert.equal(parseHookStdout(' {"a":1}\n').output, "json");
  assert.equal(parseHookStdout('{"permissionDecision":"allow","permissionDecision":"deny"}').json?.["permissionDecision"], "deny", "the last duplicate counts (new-pre-duplicate-key)");
});

test("key by key: a bad value loses only its key; other values are texts as String() makes them (new-pre-bad-enum-with-context, new-pre-deny-reason-number)", () => {
  const answer = readPreToolAnswer(parseHookStdout('{"permissionDecision":"maybe","additionalContext":5,"permissionDecisionReason":true}').json, false);
  assert.equal(answer.decision, undefined);
  assert.equal(answer.context, "5");
  assert.equal(answer.reason, "true");
  assert.equal(textOf(null), undefined);
  assert.equal(textOf({}), "[object Object]", "JavaScript's String() (new-blind2-pre-deny-reason-object)");
  assert.equal(textOf([1, [2, null], "x"]), "1,2,,x");
});

test("hookSpecificOutput is read only for Claude-style PreToolUse, before the flat keys; flat updatedInput never (pre-04b, cpre-06b, pre-12d, new-blind-cpre-flat-allow-hso-deny)", () => {
  const json = parseHookStdout('{"permissionDecision":"allow","updatedInput":{"command":"x"},"hookSpecificOutput":{"permissionDecision":"deny","updatedInput":{"command":"y"}}}').json;
  assert.equal(readPreToolAnswer(json, false).decision, "allow");
  assert.equal(readPreToolAnswer(json, false).rewrite, undefined);
  assert.equal(readPreToolAnswer(json, true).decision, "deny");
  assert.deepEqual({ ...(readPreToolAnswer(json, true).rewrite as object) }, { command: "y" });
});

test("the event table: both spellings resolve to one event with its canonical Claude Code name", () => {
  for (const name of COPILOT_EVENT_NAMES) {
    const rules = EVENTS[name];
    assert.equal(resolveEvent(name)?.claudeStyle, false);
    if (rules.claudeStyleName !== null) {
      assert.equal(resolveEvent(rules.claudeStyleName)?.event, name);
      assert.equal(resolveEvent(rules.claudeStyleName)?.claudeStyle, true);
    }
  }
  assert.equal(resolveEvent("Stop")?.event, "agentStop");
  assert.equal(resolveEvent("UserPromptSubmit")?.event, "userPromptSubmitted");
  assert.equal(resolveEvent("PreCompact"), null);
  const names = copilotCli.events.map((e) => e.name);
  assert.ok(names.includes("preToolUse") && names.includes("PreToolUse"));
  assert.equal(copilotCli.events.find((e) => e.name === "agentStop")?.canonical, "Stop");
});

test("lints: exit 1 denies, exit 2 drops the reason, ignored fields (pre-07b, pre-13c, pre-19b, pre-11)", () => {
  const codes = (event: string, exit: number, stdout: string, stderr = ""): string[] => copilotCli.divergences!({ event, exit, stdout, stderr }).map((d) => d.code);
  const exit1 = copilotCli.divergences!({ event: "PreToolUse", exit: 1, stdout: "", stderr: "boom" });
  assert.deepEqual(exit1.map((d) => d.code), ["exit-1-denies"]);
  assert.match(exit1[0]!.message, /^Copilot CLI: exit 1 denies here; Claude Code would let the tool run/);
  assert.deepEqual(codes("preToolUse", 2, "", "too dangerous"), ["reason-dropped"]);
  assert.deepEqual(codes("preToolUse", 2, '{"permissionDecision":"deny","permissionDecisionReason":"R"}', "x"), [], "a JSON deny keeps its reason (pre-06d)");
  assert.deepEqual(codes("preToolUse", 0, '{"systemMessage":"hi","continue":false,"decision":"block"}'), ["ignored-field", "ignored-field", "ignored-field"]);
  assert.deepEqual(codes("UserPromptSubmit", 2, "", "no"), ["exit-2-not-blocking"]);
  assert.deepEqual(codes("preToolUse", 0, '{"hookSpecificOutput":{"permissionDecision":"deny"}}'), ["ignored-field"]);
  assert.deepEqual(codes("PreToolUse", 0, '{"hookSpecificOutput":{"permissionDecision":"deny"}}'), []);
  assert.deepEqual(codes("PreToolUse", 0, '{"permissionDecision":"ask"}'), ["ask-denies"]);
  assert.deepEqual(codes("permissionRequest", 1, ""), ["exit-1-denies"]);
  assert.deepEqual(codes("sessionStart", 0, "plain context"), ["plain-text-ignored"]);
  assert.deepEqual(codes("Notification", 0, ""), ["unknown-event"]);
  assert.deepEqual(codes("Stop", 0, '{"decision":"block","reason":5}'), ["block-ignored"]);
  assert.deepEqual(codes("agentStop", 0, '{"decision":"block","reason":""}'), ["block-ignored"]);
  assert.deepEqual(codes("postToolUse", 0, '{"decision":"block","reason":""}'), [], "an empty reason still blocks a tool result");
});

test("exit 1 fails closed even with an allow; a hook after a deny is a skipped record; completion order does not matter (pre-07b, pre-13)", () => {
  const denied = copilotCli.mergeRequest(pre([{ exit: 1, stdout: '{"permissionDecision":"allow"}' }, { config_index: 1, stdout: '{"additionalContext":"late"}' }]));
  assert.equal(denied.effects.tool_result, 'Denied by preToolUse hook from "/u/hooks/a.json" (hook errored)');
  assert.deepEqual(denied.runs.map((r) => r.outcome), ["block", "skipped"]);
  assert.deepEqual(denied.effects.model_context, []);
  const reversed = copilotCli.mergeRequest(pre([
    { config_index: 1, stdout: '{"permissionDecision":"deny","permissionDecisionReason":"B"}' },
    { config_index: 0, stdout: '{"permissionDecision":"deny","permissionDecisionReason":"A"}' },
  ]));
  assert.equal(reversed.effects.tool_result, "Denied by preToolUse hook: A", "the first configured deny wins, whenever it completed");
  assert.equal(validateMergedResult(reversed), true, JSON.stringify(validateMergedResult.errors));
});

test("hostile stdout: __proto__ keys stay data, deep nesting and lone surrogates give values, never a throw", () => {
  const proto = copilotCli.mergeRequest(pre([{ stdout: '{"__proto__":{"permissionDecision":"deny"},"modifiedArgs":{"__proto__":{"x":1},"command":"y"}}' }]));
  assert.equal(proto.effects.tool_result, null);
  assert.equal(Object.getPrototypeOf(proto.effects.tool_input), null);
  assert.deepEqual(Object.keys(proto.effects.tool_input!), ["__proto__", "command"]);
  assert.equal(({} as Record<string, unknown>)["permissionDecision"], undefined, "Object.prototype untouched");
  const deep = "[".repeat(200_000) + "]".repeat(200_000);
  const nested = copilotCli.mergeRequest(pre([{ stdout: `{"additionalContext":"x","deep":${deep}}` }]));
  assert.ok(["json", "invalid"].includes(nested.runs[0]!.output));
  const surrogate = copilotCli.mergeRequest(pre([{ stdout: '{"permissionDecision":"deny","permissionDecisionReason":"\\ud800"}' }]));
  assert.equal(surrogate.effects.tool_result, "Denied by preToolUse hook: \ud800");
  const bytes = copilotCli.mergeRequest(pre([{ stdout: "\ufffd\u0000{" }]));
  assert.equal(bytes.effects.tool_result, null);
  for (const event of ["PostToolUse", "UserPromptSubmit", "Stop", "PermissionRequest", "sessionStart", "postToolUseFailure", "nonsense"]) {
    const r = copilotCli.mergeRequest({ event, hooks: [{ command: "h", exit: null, stdout: "{", stderr: "" }] });
    assert.equal(validateMergedResult(r), true, `${event}: ${JSON.stringify(validateMergedResult.errors)}`);
  }
});

test("conformance merge --agent copilot-cli: the dialect's extra keys are accepted, a typo or wrong kind is an error line", async () => {
  const input = new PassThrough();
  const output = new PassThrough();
  let text = "";
  output.on("data", (chunk: Buffer) => (text += chunk.toString("utf8")));
  const served = serveMergeConformance(input, output, copilotCli);
  input.end(
    [
      JSON.stringify({ event: "permissionRequest", allow_all_tools: true, hooks: [{ command: "h", exit: 0, stdout: "{}", stderr: "", event: "PermissionRequest" }] }),
      JSON.stringify({ event: "preToolUse", allow_all_tool: true, hooks: [] }),
      JSON.stringify({ event: "preToolUse", hooks: [{ command: "h", exit: 0, stdout: "", stderr: "", event: 7 }] }),
      "{not json",
    ].join("\n") + "\n",
  );
  assert.equal(await served, 1);
  const lines = text.trim().split("\n").map((l) => JSON.parse(l) as Record<string, { path?: string } & Record<string, unknown>>);
  assert.equal(lines[0]!["agent"], "copilot-cli");
  assert.equal(lines[1]!["error"]!.path, "/allow_all_tool");
  assert.equal(lines[2]!["error"]!.path, "/hooks/0/event");
  assert.equal(lines[3]!["error"]!["code"], "invalid-json");
});

test("every recording the event table cites exists; the stop cap and its wording are the recorded ones (stop-03)", () => {
  for (const name of COPILOT_EVENT_NAMES) {
    for (const scenario of EVENTS[name].evidence) assert.ok(existsSync(`test/observer/copilot-cli/observed/${scenario}.json`), `${name}: ${scenario}`);
  }
  const run = JSON.parse(readFileSync("test/observer/copilot-cli/observed/stop-03-block-always.json", "utf8")) as { outcome: { notices: string[]; hook_invocations: number[] } };
  assert.deepEqual(run.outcome.notices.map((n) => n.replace(/^(\[[A-Z]+\]) \[[^\]]+\] /, "$1 ")), [stopCapNotice(STOP_BLOCK_CAP)]);
  assert.deepEqual(run.outcome.hook_invocations, [STOP_BLOCK_CAP + 1], "the hook runs once more than the cap");
});

test("a request without allow_all_tools is read as --allow-all-tools, the recordings' command line; false refuses what no hook allowed (cap-pretooluse-silent-without-allow-all, perm-00)", () => {
  for (const file of ["preToolUse/cap-pretooluse-silent-without-allow-all.json", "permissionRequest/perm-00-no-hook-no-allow-all.json"]) {
    const vector = JSON.parse(readFileSync(`test/vectors/merge/copilot-cli/${file}`, "utf8")) as { request: MergeRequest & { allow_all_tools?: boolean } };
    assert.equal(vector.request.allow_all_tools, false, file);
    assert.equal(copilotCli.mergeRequest(vector.request).effects.tool_result, NO_APPROVER, `${file}: recorded without the flag`);
    const { allow_all_tools: _recorded, ...unsaid } = vector.request;
    const withFlag = copilotCli.mergeRequest({ ...vector.request, allow_all_tools: true } as MergeRequest);
    assert.deepEqual(withFlag.effects.tool_input, vector.request.tool_input, `${file}: with the flag the call runs as the model gave it`);
    assert.deepEqual(copilotCli.mergeRequest(unsaid).effects, withFlag.effects, `${file}: left out is the flag`);
  }
});
