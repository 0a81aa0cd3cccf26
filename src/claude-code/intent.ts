/**
 * Claude Code's reading of a hook's intent (src/core/intent.ts): which output
 * fields carry a decision, a rewrite, context, a block or a stop on each
 * event, as the event's row in the event table (events.ts) says. The writing
 * is in write-intent.ts.
 */
import type { HookAnswer } from "../core/dialect.js";
import type { HookIntent } from "../core/intent.js";
import { isJsonObject, type JsonValue } from "../json/value.js";
import { rulesOf } from "./events.js";
import { readHookStdout } from "./read-stdout.js";
import { hasPermissionDecision } from "./write-intent.js";

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
    if (rulesOf(event).exit2 !== "block") return null;
    return hasPermissionDecision(event) ? compact({ decision: "deny", reason }) : compact({ block: true, reason });
  }
  if (answer.exit !== 0) return null;
  const reading = readHookStdout(answer.stdout, event);
  if (reading.output === "text") return rulesOf(event).plainStdoutIsContext ? { context: reading.text } : null;
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

// The writer lives in its own module so that a hook answering through it (the kit) does not load the reader.
export { writeClaudeCodeIntent } from "./write-intent.js";
