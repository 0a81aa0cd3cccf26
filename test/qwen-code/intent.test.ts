/**
 * Qwen Code's intent reader and writer (src/qwen-code/intent.ts) and what
 * tells its input apart (src/qwen-code/detect.ts): the writer's deny is, byte
 * for byte, what the kit printed under real Qwen Code (kit-01, captured by its
 * wrapper) and what Qwen then enforced; the predicate holds for every
 * recorded Qwen payload and for no recorded payload of the five other agents.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { isQwenCodeInput } from "../../src/qwen-code/detect.js";
import { readQwenCodeIntent, writeQwenCodeIntent } from "../../src/qwen-code/intent.js";

const KIT = "test/observer/qwen-code/kit";
const REASON = "rm -rf is blocked by policy: delete files one by one, or ask the user";

const payloads = (agent: string): Record<string, unknown>[] =>
  readdirSync(`test/observer/${agent}/observed`).filter((f) => f.endsWith(".json")).flatMap((f) => {
    const rec = JSON.parse(readFileSync(join(`test/observer/${agent}/observed`, f), "utf8")) as { hooks?: { stdin_first?: unknown }[] };
    return (rec.hooks ?? []).map((h) => h.stdin_first).filter((s): s is Record<string, unknown> => typeof s === "object" && s !== null && !Array.isArray(s));
  });

test("the writer's deny is what the kit printed under real Qwen Code, and Qwen denied with it (kit-01)", () => {
  const written = writeQwenCodeIntent("PreToolUse", { decision: "deny", reason: REASON });
  assert.ok(written.ok);
  assert.equal(written.answer.stdout, readFileSync(join(KIT, "kit-01-deny-rm-rf.h0.stdout"), "utf8"));
  const recorded = JSON.parse(readFileSync("test/observer/qwen-code/observed/kit-01-deny-rm-rf.json", "utf8")) as { outcome: { tool_ran: boolean; tool_messages: string[] } };
  assert.equal(recorded.outcome.tool_ran, false);
  assert.deepEqual(recorded.outcome.tool_messages, [REASON]);
  assert.deepEqual(readQwenCodeIntent({ event: "PreToolUse", exit: 0, stdout: written.answer.stdout, stderr: "" }), { decision: "deny", reason: REASON });
});

test("what Qwen Code cannot say is refused by name", () => {
  const refused = (event: string, intent: Parameters<typeof writeQwenCodeIntent>[1]): readonly string[] => {
    const written = writeQwenCodeIntent(event, intent);
    return written.ok ? [] : written.unsupported;
  };
  assert.deepEqual(refused("PreToolUse", { decision: "allow", updatedInput: { command: "ls" } }), ["updatedInput"]);
  assert.deepEqual(refused("PreToolUse", { context: "C" }), ["context"]);
  assert.deepEqual(refused("PreToolUse", { stop: {} }), ["stop"]);
  assert.deepEqual(refused("PostToolUse", { block: true, reason: "R" }), ["block"]);
  assert.deepEqual(refused("Stop", { stop: { reason: "R" } }), ["stop"]);
  assert.deepEqual(refused("SessionStart", { userMessage: "M" }), ["userMessage"]);
  assert.equal(writeQwenCodeIntent("BeforeTool", { block: true }).ok, false);
});

test("each written answer reads back as its intent", () => {
  const cases: [string, Parameters<typeof writeQwenCodeIntent>[1]][] = [
    ["PreToolUse", { decision: "ask", reason: "R" }],
    ["PreToolUse", { decision: "allow" }],
    ["PostToolUse", { context: "C" }],
    ["UserPromptSubmit", { block: true, reason: "R" }],
    ["UserPromptSubmit", { context: "C" }],
    ["Stop", { block: true, reason: "R" }],
    ["SessionStart", { context: "C" }],
  ];
  for (const [event, intent] of cases) {
    const written = writeQwenCodeIntent(event, intent);
    assert.ok(written.ok, event);
    assert.deepEqual(readQwenCodeIntent({ event, exit: written.answer.exit, stdout: written.answer.stdout, stderr: "" }), intent, `${event} ${JSON.stringify(intent)}`);
  }
  // continue:false before a tool is a deny with the stop reason (pre-53)
  assert.deepEqual(readQwenCodeIntent({ event: "PreToolUse", exit: 0, stdout: '{"continue":false,"stopReason":"S"}', stderr: "" }), { decision: "deny", reason: "S" });
});

test("isQwenCodeInput: every recorded Qwen Code payload, no recorded payload of another agent", () => {
  const qwen = [...payloads("qwen-code"), ...readdirSync(KIT).filter((f) => f.endsWith(".stdin")).map((f) => JSON.parse(readFileSync(join(KIT, f), "utf8")) as Record<string, unknown>)];
  assert.ok(qwen.length >= 100);
  for (const p of qwen) assert.equal(isQwenCodeInput(p), true, JSON.stringify(p).slice(0, 200));
  let others = 0;
  for (const agent of ["claude-code", "codex", "gemini-cli", "copilot-cli", "droid"]) {
    for (const p of payloads(agent)) {
      others++;
      assert.equal(isQwenCodeInput(p), false, `${agent}: ${JSON.stringify(p).slice(0, 200)}`);
    }
  }
  assert.ok(others >= 500, `${others} payloads of other agents`);
});
