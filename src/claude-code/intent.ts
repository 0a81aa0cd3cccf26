/**
 * Claude Code's reading and writing of a hook's intent (src/core/intent.ts):
 * which output fields carry a decision, a rewrite, context, a block or a stop
 * on each event, as the event catalog and the rules say.
 */
import type { HookAnswer } from "../core/dialect.js";
import type { HookIntent, IntentPart, WriteResult } from "../core/intent.js";
import { isJsonObject, type JsonObject, type JsonValue } from "../json/value.js";
import { eventInfo } from "./event-catalog.js";
import { exit2Rule, hasPermissionDecision, plainStdoutIsContext } from "./event-rules.js";
import { readHookStdout } from "./read-stdout.js";

function text(value: JsonValue | undefined): string | undefined {
  return typeof value === "string" ? value : undefined;
}

/** Only the parts that are set, so `intentParts` lists what the answer says. */
function compact(intent: { -readonly [K in keyof HookIntent]: HookIntent[K] | undefined }): HookIntent {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(intent)) if (value !== undefined) out[key] = value;
  return out as HookIntent;
}

export function readClaudeCodeIntent(answer: HookAnswer): HookIntent | null {
  const { event } = answer;
  if (answer.exit === 2) {
    const reason = answer.stderr.trim() === "" ? undefined : answer.stderr.trim();
    if (exit2Rule(event) !== "block") return null;
    return hasPermissionDecision(event) ? compact({ decision: "deny", reason }) : compact({ block: true, reason });
  }
  if (answer.exit !== 0) return null;
  const reading = readHookStdout(answer.stdout, event);
  if (reading.output === "text") return plainStdoutIsContext(event) ? { context: reading.text } : null;
  const json = reading.json;
  if (json === null || reading.async) return null;
  const hso = isJsonObject(json["hookSpecificOutput"]) ? json["hookSpecificOutput"] : null;
  const intent: { -readonly [K in keyof HookIntent]: HookIntent[K] | undefined } = {
    userMessage: text(json["systemMessage"]),
    context: hso === null ? undefined : text(hso["additionalContext"]),
  };
  if (json["continue"] === false) intent.stop = compact({ reason: text(json["stopReason"]) });
  if (json["decision"] === "block") {
    if (hasPermissionDecision(event)) intent.decision = "deny";
    else intent.block = true;
    intent.reason = text(json["reason"]);
  } else if (json["decision"] === "approve" && hasPermissionDecision(event)) {
    intent.decision = "allow";
  }
  if (hso !== null) {
    const d = hso["permissionDecision"];
    if (d === "allow" || d === "deny" || d === "ask") intent.decision = d;
    intent.reason = text(hso["permissionDecisionReason"]) ?? intent.reason;
    if (isJsonObject(hso["updatedInput"])) intent.updatedInput = hso["updatedInput"];
    const decision = hso["decision"];
    if (isJsonObject(decision)) {
      if (decision["behavior"] === "allow" || decision["behavior"] === "deny") intent.decision = decision["behavior"];
      intent.reason = text(decision["message"]) ?? intent.reason;
      if (isJsonObject(decision["updatedInput"])) intent.updatedInput = decision["updatedInput"];
    }
  }
  return compact(intent);
}

export function writeClaudeCodeIntent(event: string, intent: HookIntent): WriteResult {
  const info = eventInfo(event);
  if (info === undefined) return { ok: false, unsupported: [], message: `Claude Code has no ${event} event` };
  const unsupported: IntentPart[] = [];
  const out: JsonObject = {};
  const hso: JsonObject = { hookEventName: event };
  const fields = new Set(info.outputFields);
  if (event === "PermissionRequest") {
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
