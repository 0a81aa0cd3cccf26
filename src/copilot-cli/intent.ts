/**
 * Copilot CLI's reading and writing of a hook's intent (src/core/intent.ts).
 * Reading merges the one answer by Copilot's own rules (merge.ts) and says
 * what Copilot would do with it; writing uses the flat keys Copilot reads in
 * both spellings (events.ts `keys`) and names what Copilot cannot express:
 * `stop` (`continue:false` is ignored everywhere), a user message
 * (`systemMessage` is ignored), an agentStop block without a reason, and a
 * decision, rewrite, block or context where the event has none.
 */
import type { HookAnswer } from "../core/dialect.js";
import type { HookIntent, IntentPart, WriteResult } from "../core/intent.js";
import type { JsonObject } from "../json/value.js";
import { resolveEvent } from "./events.js";
import { mergeCopilotRequest } from "./merge.js";

/** What Copilot does with this one answer, as an intent (null when it does nothing). */
export function readCopilotIntent(answer: HookAnswer): HookIntent | null {
  if (resolveEvent(answer.event) === null) return null;
  const input = answer.input;
  const toolName = input?.["tool_name"] ?? input?.["toolName"];
  const toolInput = input?.["tool_input"] ?? input?.["toolArgs"];
  const merged = mergeCopilotRequest({
    event: answer.event,
    ...(input === undefined ? {} : { input }),
    ...(typeof toolName === "string" ? { tool_name: toolName } : {}),
    ...(toolInput !== null && typeof toolInput === "object" && !Array.isArray(toolInput) ? { tool_input: toolInput } : {}),
    hooks: [{ command: "hook", exit: answer.exit, stdout: answer.stdout, stderr: answer.stderr, config_index: 0 }],
  });
  const { effects } = merged;
  const intent: { -readonly [K in keyof HookIntent]?: HookIntent[K] } = {};
  if (effects.decision !== null && effects.decision !== "defer") intent.decision = effects.decision;
  if (effects.blocked && effects.decision === null) intent.block = true;
  const reason = merged.reasons[0];
  if (reason !== undefined && reason !== "" && (effects.blocked || effects.decision === "ask")) intent.reason = reason;
  if (merged.updated_input !== null) intent.updatedInput = merged.updated_input;
  if (merged.additional_context.length > 0) intent.context = merged.additional_context.join("\n\n");
  return Object.keys(intent).length === 0 ? null : intent;
}

export function writeCopilotIntent(event: string, intent: HookIntent): WriteResult {
  const resolved = resolveEvent(event);
  if (resolved === null) return { ok: false, unsupported: [], message: `Copilot CLI has no ${event} event` };
  const unsupported: IntentPart[] = [];
  const out: JsonObject = {};
  const keys: readonly string[] = resolved.rules.keys;
  const name = resolved.event;
  if (name === "preToolUse") {
    const decision = intent.decision ?? (intent.block === true ? "deny" : undefined);
    if (decision !== undefined) out["permissionDecision"] = decision;
    if (intent.reason !== undefined && (decision === "deny" || decision === "ask")) out["permissionDecisionReason"] = intent.reason;
    if (intent.updatedInput !== undefined) {
      // a rewrite beside a deny is ignored (pre-12f)
      if (decision === "deny" || decision === "ask") unsupported.push("updatedInput");
      else out["modifiedArgs"] = intent.updatedInput;
    }
  } else if (name === "permissionRequest") {
    const decision = intent.decision ?? (intent.block === true ? "deny" : undefined);
    if (decision === "ask") unsupported.push("decision");
    else if (decision !== undefined) out["behavior"] = decision;
    if (intent.reason !== undefined && decision === "deny") out["message"] = intent.reason;
    if (intent.updatedInput !== undefined) unsupported.push("updatedInput");
  } else {
    if (intent.decision !== undefined) unsupported.push("decision");
    if (intent.updatedInput !== undefined) unsupported.push("updatedInput");
    if (intent.block === true) {
      if (!keys.includes("decision")) unsupported.push("block");
      else if (resolved.rules.blockReason === "non-empty-string" && (intent.reason === undefined || intent.reason === "")) unsupported.push("block");
      else {
        out["decision"] = "block";
        out["reason"] = intent.reason ?? "";
      }
    }
  }
  if (intent.context !== undefined) {
    if (keys.includes("additionalContext")) out["additionalContext"] = intent.context;
    else unsupported.push("context");
  }
  if (intent.stop !== undefined) unsupported.push("stop");
  if (intent.userMessage !== undefined) unsupported.push("userMessage");
  if (unsupported.length > 0) return { ok: false, unsupported, message: `Copilot CLI cannot say ${unsupported.join(", ")} on ${event}` };
  return { ok: true, answer: { exit: 0, stdout: Object.keys(out).length === 0 ? "" : JSON.stringify(out), stderr: "" } };
}
