/**
 * Claude Code's writing of a hook's intent (src/core/intent.ts): the answer
 * Claude Code understands as the intent on each event, or the parts it cannot
 * express. Apart from the reader (intent.ts) so that writing an answer loads
 * only the event table, not the stdout reader (a kit hook runs on every tool call).
 */
import type { HookIntent, IntentPart, WriteResult } from "../core/intent.js";
import type { JsonObject } from "../json/value.js";
import { eventInfo } from "./event-catalog.js";
import { rulesOf } from "./events.js";

/** The event reads a PreToolUse-style `permissionDecision` (its merge strategy is the permission decision). */
export function hasPermissionDecision(event: string): boolean {
  return rulesOf(event).merge.strategy === "permission-decision";
}

export function writeClaudeCodeIntent(event: string, intent: HookIntent): WriteResult {
  const info = eventInfo(event);
  if (info === undefined) return { ok: false, unsupported: [], message: `Claude Code has no ${event} event` };
  const unsupported: IntentPart[] = [];
  const out: JsonObject = {};
  const hso: JsonObject = { hookEventName: event };
  const fields = new Set(info.outputFields);
  if (rulesOf(event).merge.strategy === "permission-request") {
    if (intent.decision === "ask") unsupported.push("decision");
    else if (intent.decision !== undefined) {
      const decision: JsonObject = { behavior: intent.decision };
      if (intent.decision === "deny" && intent.reason !== undefined) decision["message"] = intent.reason;
      if (intent.updatedInput !== undefined) {
        if (intent.decision === "allow") decision["updatedInput"] = intent.updatedInput;
        else unsupported.push("updatedInput");
      }
      hso["decision"] = decision;
    } else if (intent.updatedInput !== undefined) unsupported.push("updatedInput");
  } else if (hasPermissionDecision(event)) {
    const decision = intent.decision ?? (intent.block === true ? "deny" : undefined);
    if (decision !== undefined) hso["permissionDecision"] = decision;
    if (intent.reason !== undefined) hso["permissionDecisionReason"] = intent.reason;
    if (intent.updatedInput !== undefined) {
      if (fields.has("updatedInput")) hso["updatedInput"] = intent.updatedInput;
      else unsupported.push("updatedInput");
    }
  } else {
    if (intent.decision !== undefined) unsupported.push("decision");
    if (intent.updatedInput !== undefined) unsupported.push("updatedInput");
    if (intent.block === true) {
      if (info.blocks === null) unsupported.push("block");
      else {
        out["decision"] = "block";
        if (intent.reason !== undefined) out["reason"] = intent.reason;
      }
    }
  }
  if (intent.context !== undefined) {
    if (fields.has("additionalContext")) hso["additionalContext"] = intent.context;
    else unsupported.push("context");
  }
  // the stdout is the event's value (WorktreeCreate's directory): a stop or a message would fail the action instead
  const merge = rulesOf(event).merge;
  const stdoutIsValue = merge.strategy === "blockable" && merge.stdoutIsValue === true;
  if (stdoutIsValue && intent.stop !== undefined) unsupported.push("stop");
  if (stdoutIsValue && intent.userMessage !== undefined) unsupported.push("userMessage");
  if (intent.stop !== undefined) {
    out["continue"] = false;
    if (intent.stop.reason !== undefined) out["stopReason"] = intent.stop.reason;
  }
  if (intent.userMessage !== undefined) out["systemMessage"] = intent.userMessage;
  if (unsupported.length > 0) {
    return { ok: false, unsupported, message: `Claude Code cannot say ${unsupported.join(", ")} on ${event}` };
  }
  if (Object.keys(hso).length > 1) out["hookSpecificOutput"] = hso;
  return { ok: true, answer: { exit: 0, stdout: Object.keys(out).length === 0 ? "" : JSON.stringify(out), stderr: "" } };
}
