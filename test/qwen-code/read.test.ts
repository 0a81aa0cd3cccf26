/**
 * Qwen Code's reading of one hook (src/qwen-code/read.ts) and its merge
 * (combine.ts, merge.ts) on the rules the recordings show, plus hostile
 * answers by class: whatever a hook prints, the merge answers (never
 * throws), `__proto__` is data, and no malformed answer turns into a deny
 * that Qwen would not give, nor drops one that it would.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { readQwenCodeHook } from "../../src/qwen-code/read.js";
import { mergeQwenCode, timeoutSeconds, type QwenCodeHookResult } from "../../src/qwen-code/merge.js";

const DENY = (reason: string): string => JSON.stringify({ hookSpecificOutput: { hookEventName: "PreToolUse", permissionDecision: "deny", permissionDecisionReason: reason } });
const ALLOW = JSON.stringify({ hookSpecificOutput: { hookEventName: "PreToolUse", permissionDecision: "allow" } });
const INPUT = { tool_name: "run_shell_command", tool_input: { command: "rm -rf /", description: "d" } };
const hook = (over: Partial<QwenCodeHookResult>, i = 0): QwenCodeHookResult => ({ command: `h${i}`, exit: 0, stdout: "", stderr: "", config_index: i, ...over });
const pre = (...hooks: QwenCodeHookResult[]) => mergeQwenCode("PreToolUse", hooks, { input: INPUT }).effects;

test("the stream Qwen reads: exit 2 reads stderr only; other codes stdout, else stderr", () => {
  assert.equal(readQwenCodeHook({ exit: 2, stdout: DENY("x"), stderr: "" }, "PreToolUse").output, undefined, "pre-28/pre-30: no answer");
  assert.equal(readQwenCodeHook({ exit: 0, stdout: "", stderr: DENY("via stderr") }, "PreToolUse").json, true, "pre-23");
  assert.equal(readQwenCodeHook({ exit: 1, stdout: DENY("exit 1"), stderr: "" }, "PreToolUse").json, true, "pre-71");
  const bom = readQwenCodeHook({ exit: 0, stdout: `\uFEFF${DENY("bom")}`, stderr: "" }, "PreToolUse");
  assert.equal(bom.json, true, "pre-38: a BOM is trimmed away");
  assert.equal(readQwenCodeHook({ exit: 0, stdout: JSON.stringify(DENY("twice")), stderr: "" }, "PreToolUse").json, true, "pre-72: a JSON string is parsed again");
});

test("plain text becomes an answer by exit code; invalid JSON is ignored except on exit 2", () => {
  assert.deepEqual({ ...readQwenCodeHook({ exit: 0, stdout: "hi", stderr: "" }, "PreToolUse").output }, { decision: "allow", reason: "Hook executed successfully", systemMessage: "hi" });
  const context = readQwenCodeHook({ exit: 0, stdout: "\u001b[31mred\u001b[0m\nline", stderr: "" }, "UserPromptSubmit").output!;
  assert.equal((context["hookSpecificOutput"] as Record<string, unknown>)["additionalContext"], "red\nline", "escape sequences stripped per line");
  assert.equal(readQwenCodeHook({ exit: 127, stdout: "", stderr: "nope" }, "PreToolUse").output!["systemMessage"], "Warning: nope");
  assert.deepEqual({ ...readQwenCodeHook({ exit: 2, stdout: "", stderr: "  S\n" }, "PreToolUse").output }, { decision: "deny", reason: "S" }, "pre-76: trimmed");
  const invalid = readQwenCodeHook({ exit: 0, stdout: "{oops", stderr: "" }, "PreToolUse");
  assert.equal(invalid.output, undefined);
  assert.equal(invalid.parseFailed, true);
  assert.equal(readQwenCodeHook({ exit: 2, stdout: "", stderr: "{oops" }, "PreToolUse").output!["reason"], "{oops");
  assert.equal(readQwenCodeHook({ exit: 0, stdout: "x", stderr: "", timed_out: true }, "PreToolUse").output, undefined, "to-01: a killed hook says nothing");
});

test("the LAST decision in configuration order counts, whatever finished first", () => {
  assert.equal(pre(hook({ stdout: DENY("A") }, 0), hook({ stdout: ALLOW }, 1)).blocked, false, "pair-02");
  assert.equal(pre(hook({ stdout: ALLOW }, 1), hook({ stdout: DENY("A") }, 0)).blocked, false, "pair-20: completion order is irrelevant");
  assert.equal(pre(hook({ stdout: ALLOW }, 0), hook({ stdout: DENY("B") }, 1)).tool_result, "B", "pair-01");
  assert.equal(pre(hook({ stdout: DENY("A") }, 0), hook({ stdout: DENY("B") }, 1)).tool_result, "B", "pair-11: the last reason only");
  assert.equal(pre(hook({ exit: 2, stderr: "A" }, 0), hook({ stdout: ALLOW }, 1)).blocked, false, "pair-40: permissionDecision before the merged block");
  assert.equal(pre(hook({ exit: 2, stderr: "A" }, 0), hook({ stdout: "plain" }, 1)).tool_result, "A\nHook executed successfully", "pair-41");
  assert.equal(pre(hook({ stdout: DENY("A") }, 0), hook({ stdout: JSON.stringify({ hookSpecificOutput: { permissionDecision: "Deny" } }) }, 1)).blocked, false, "pair-43: an unknown value replaces the deny");
  assert.equal(pre(hook({ stdout: DENY("A") }, 0), hook({ exit: 1, stderr: "warn" }, 1)).tool_result, "A", "pair-45");
});

test("what reaches the model: reasons verbatim, Qwen's defaults, context escaped and framed", () => {
  assert.equal(pre(hook({ stdout: JSON.stringify({ hookSpecificOutput: { permissionDecision: "deny" } }) })).tool_result, "No reason provided");
  assert.equal(pre(hook({ stdout: JSON.stringify({ hookSpecificOutput: { permissionDecision: "ask" } }) })).tool_result, "User confirmation required");
  assert.equal(pre(hook({ stdout: JSON.stringify({ continue: false, stopReason: "S" }) })).tool_result, "S");
  assert.equal(pre(hook({ stdout: JSON.stringify({ hookSpecificOutput: { permissionDecision: "allow", updatedInput: { command: "ls" } } }) })).tool_input!["command"], "rm -rf /", "pre-50");
  const post = mergeQwenCode("PostToolUse", [hook({ stdout: JSON.stringify({ hookSpecificOutput: { additionalContext: "A <b>" } }) }, 0), hook({ stdout: JSON.stringify({ hookSpecificOutput: { additionalContext: "B" } }) }, 1)], { input: { ...INPUT, tool_response: { llmContent: "OUT" } } }).effects;
  // the model gets "OUT\n\nA &lt;b&gt;\nB": the tool's own result, unchanged, then the hooks' text, which is context
  assert.equal(post.tool_result, null, "post-20");
  assert.deepEqual(post.model_context, ["A &lt;b&gt;\nB"], "post-20");
  const ups = mergeQwenCode("UserPromptSubmit", [hook({ stdout: "C" })], { input: { prompt: "p" } }).effects;
  assert.deepEqual(ups.model_context, ["<qwen:user-prompt-submit-context>\nC\n</qwen:user-prompt-submit-context>"]);
});

test("timeouts: seconds, 1000 or more read as milliseconds, 60 by default", () => {
  assert.equal(timeoutSeconds(1), 1);
  assert.equal(timeoutSeconds(1500), 1.5);
  assert.equal(timeoutSeconds(undefined), 60);
  assert.equal(timeoutSeconds(-3), 60);
});

test("hostile answers: never a throw; __proto__ is data; a hookSpecificOutput that is not an object fails open as in Qwen", () => {
  const classes: Record<string, string[]> = {
    "not JSON": ["", "\u0000", "{", "}{", "[]", "null", "42", '"text"', '"{\\"a\\":"', "\uFEFF"],
    "wrong types": [JSON.stringify({ decision: 1, reason: [1, [2]], continue: "false", hookSpecificOutput: [] }), JSON.stringify({ hookSpecificOutput: { permissionDecision: null, permissionDecisionReason: 5 } })],
    "prototype keys": ['{"__proto__":{"hookSpecificOutput":{"permissionDecision":"deny"}}}', '{"hookSpecificOutput":{"__proto__":{"permissionDecision":"deny"}}}', '{"constructor":{"prototype":{"decision":"block"}}}'],
    "huge and deep": ["[".repeat(100000) + "]".repeat(100000), `{"reason":"${"x".repeat(1 << 20)}"}`, '{"a":'.repeat(50000) + "1" + "}".repeat(50000)],
  };
  let attempts = 0;
  for (const [cls, outputs] of Object.entries(classes)) {
    for (const stdout of outputs) {
      for (const exit of [0, 1, 2, null]) {
        attempts++;
        const merged = mergeQwenCode("PreToolUse", [hook({ exit, stdout, stderr: exit === 2 ? stdout : "" })], { input: INPUT });
        assert.equal(merged.agent, "qwen-code", `${cls}: ${stdout.slice(0, 40)}`);
        if (cls === "prototype keys" && exit !== 2) assert.equal(merged.effects.blocked, false, `${cls}: ${stdout}`);
      }
    }
  }
  assert.ok(attempts >= 70);
  for (const hso of ['"deny"', "1", "true"]) {
    const merged = mergeQwenCode("PreToolUse", [hook({ stdout: DENY("A") }, 0), hook({ stdout: `{"hookSpecificOutput":${hso}}` }, 1)], { input: INPUT });
    assert.equal(merged.effects.blocked, false, `hookSpecificOutput ${hso}: Qwen's merge throws and the tool runs`);
    assert.ok(merged.errors.some((e) => e.startsWith("PreToolUse hook error: Cannot use 'in' operator")), merged.errors.join("; "));
  }
  assert.equal(Object.getPrototypeOf({}).polluted, undefined);
});

test("every event, answers of every class: the merged result validates against MergedResult", async () => {
  const { validateMergedResult } = await import("../../generated/validators/records.js");
  const { QWEN_CODE_EVENT_NAMES } = await import("../../src/qwen-code/events.js");
  const answers: Partial<QwenCodeHookResult>[] = [
    { stdout: DENY("A") }, { stdout: ALLOW }, { exit: 2, stderr: "S" }, { exit: 2 }, { exit: 1, stderr: "W" }, { stdout: "plain" },
    { stdout: '{"continue":false,"stopReason":"S"}' }, { stdout: '{"decision":"block","reason":"R"}' }, { stdout: "{oops" },
    { stdout: '{"hookSpecificOutput":{"additionalContext":"C <x>"}}' }, { stdout: '{"hookSpecificOutput":"x"}' }, { stdout: "x", timed_out: true, exit: null },
  ];
  let checked = 0;
  for (const event of [...QWEN_CODE_EVENT_NAMES, "BeforeTool"]) {
    for (const [i, a] of answers.entries()) {
      const merged = mergeQwenCode(event, [hook(a, 0), hook(answers[(i + 5) % answers.length]!, 1)], { input: { ...INPUT, prompt: "p", tool_response: { llmContent: "OUT" } } });
      assert.equal(validateMergedResult(merged), true, `${event} ${i}: ${JSON.stringify(validateMergedResult.errors)}`);
      checked++;
    }
  }
  assert.equal(checked, 23 * answers.length);
});
