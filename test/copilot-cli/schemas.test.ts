/**
 * Every hook stdin payload recorded from GitHub Copilot CLI 1.0.102
 * (test/observer/copilot-cli/observed, every invocation of every hook)
 * validates against its dialect's input schema: the native camelCase events
 * against `CopilotCli<Event>Input`, the Claude-style PascalCase ones against
 * `CopilotCliClaudeInput` (PermissionRequest: the camelCase input in both
 * spellings, as recorded). And the schemas are not vacuous: a payload of one
 * event is rejected by another event's schema, and dropping a required key is
 * rejected.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import * as v from "../../generated/validators/copilot-cli.js";
import type { Validator } from "../../generated/validators/index.js";

const DIR = "test/observer/copilot-cli/observed";

const NATIVE: Readonly<Record<string, Validator<unknown>>> = {
  preToolUse: v.validateCopilotCliPreToolUseInput,
  postToolUse: v.validateCopilotCliPostToolUseInput,
  postToolUseFailure: v.validateCopilotCliPostToolUseFailureInput,
  userPromptSubmitted: v.validateCopilotCliUserPromptSubmittedInput,
  sessionStart: v.validateCopilotCliSessionStartInput,
  agentStop: v.validateCopilotCliAgentStopInput,
  permissionRequest: v.validateCopilotCliPermissionRequestInput,
  PermissionRequest: v.validateCopilotCliPermissionRequestInput,
};

function validatorOf(event: string): Validator<unknown> {
  return NATIVE[event] ?? v.validateCopilotCliClaudeInput;
}

interface Payload {
  readonly where: string;
  readonly event: string;
  readonly payload: Record<string, unknown>;
}

const payloads: Payload[] = [];
for (const file of readdirSync(DIR).filter((f) => f.endsWith(".json")).sort()) {
  const run = JSON.parse(readFileSync(join(DIR, file), "utf8")) as { hooks: { index: number; event: string; stdin_first?: Record<string, unknown>; stdin_more?: Record<string, unknown>[] }[] };
  for (const hook of run.hooks) {
    const all = [hook.stdin_first, ...(hook.stdin_more ?? [])].filter((p): p is Record<string, unknown> => p !== undefined && p !== null);
    for (const [i, payload] of all.entries()) payloads.push({ where: `${file} hook ${hook.index} invocation ${i + 1}`, event: hook.event, payload });
  }
}

test("every recorded stdin payload validates against its dialect's input schema", () => {
  assert.ok(payloads.length >= 170, `${payloads.length} payloads`);
  const failures: string[] = [];
  for (const p of payloads) {
    const validate = validatorOf(p.event);
    if (!validate(p.payload)) failures.push(`${p.where} (${p.event}): ${JSON.stringify(validate.errors)}`);
  }
  assert.deepEqual(failures, []);
  const events = new Set(payloads.map((p) => p.event));
  for (const event of ["preToolUse", "PreToolUse", "postToolUse", "PostToolUse", "postToolUseFailure", "userPromptSubmitted", "UserPromptSubmit", "sessionStart", "SessionStart", "agentStop", "Stop", "permissionRequest", "PermissionRequest"]) {
    assert.ok(events.has(event), `no recorded payload of ${event}`);
  }
});

test("a payload is rejected by another event's schema and without a required key", () => {
  const byEvent = new Map(payloads.map((p) => [p.event, p.payload]));
  const pre = byEvent.get("preToolUse")!;
  assert.equal(v.validateCopilotCliPostToolUseInput(pre), false);
  assert.equal(v.validateCopilotCliClaudeInput(pre), false);
  const { toolArgs: _dropped, ...withoutArgs } = pre;
  assert.equal(v.validateCopilotCliPreToolUseInput(withoutArgs), false);
  const pascal = byEvent.get("PreToolUse")!;
  assert.equal(v.validateCopilotCliPreToolUseInput(pascal), false, "snake_case keys are not the native input");
  assert.equal(v.validateCopilotCliClaudeInput({ ...pascal, hook_event_name: "PermissionRequest" }), false);
  assert.equal(v.validateCopilotCliClaudeInput({ ...pascal, timestamp: 1796118386854 }), false, "the PascalCase timestamp is an ISO string");
});

test("the outputs accept what Copilot acts on and reject values it ignores", () => {
  assert.equal(v.validateCopilotCliPreToolUseOutput({ permissionDecision: "deny", permissionDecisionReason: "A denies", continue: false }), true, "open: unknown keys are ignored");
  assert.equal(v.validateCopilotCliPreToolUseOutput({ permissionDecision: "maybe" }), false);
  assert.equal(v.validateCopilotCliPermissionRequestOutput({ behavior: "ask" }), false);
  assert.equal(v.validateCopilotCliClaudePreToolUseOutput({ hookSpecificOutput: { hookEventName: "PostToolUse", permissionDecision: "deny" } }), true);
});
