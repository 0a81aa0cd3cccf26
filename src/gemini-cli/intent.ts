/**
 * Gemini CLI's writing of a hook's intent (src/core/intent.ts), by the rules
 * docs/gemini-cli.md records: the decision is the top-level `decision` (its
 * `hookSpecificOutput.permissionDecision` is ignored), a rewrite is the whole
 * `hookSpecificOutput.tool_input`, a block is `decision: "deny"`, context is
 * `hookSpecificOutput.additionalContext` (dropped on BeforeTool, so refused).
 */
import type { HookIntent, IntentPart, WriteResult } from "../core/intent.js";
import type { JsonObject } from "../json/value.js";

const DECISION_EVENTS = new Set(["BeforeTool"]);
const BLOCK_EVENTS = new Set(["BeforeTool", "AfterTool", "BeforeAgent", "AfterAgent"]);
const CONTEXT_EVENTS = new Set(["AfterTool", "BeforeAgent", "SessionStart"]);

export function writeGeminiCliIntent(event: string, intent: HookIntent): WriteResult {
  const unsupported: IntentPart[] = [];
  const out: JsonObject = {};
  const hso: JsonObject = { hookEventName: event };
  if (intent.decision !== undefined) {
    if (DECISION_EVENTS.has(event)) out["decision"] = intent.decision;
    else unsupported.push("decision");
  }
  if (intent.block === true) {
    if (BLOCK_EVENTS.has(event)) out["decision"] = "deny";
    else unsupported.push("block");
  }
  if (intent.reason !== undefined && out["decision"] !== undefined) out["reason"] = intent.reason;
  if (intent.updatedInput !== undefined) {
    if (event === "BeforeTool" && intent.decision !== "deny") hso["tool_input"] = intent.updatedInput;
    else unsupported.push("updatedInput");
  }
  if (intent.context !== undefined) {
    if (CONTEXT_EVENTS.has(event)) hso["additionalContext"] = intent.context;
    else unsupported.push("context");
  }
  if (intent.stop !== undefined) {
    out["continue"] = false;
    if (intent.stop.reason !== undefined) out["stopReason"] = intent.stop.reason;
  }
  if (intent.userMessage !== undefined) out["systemMessage"] = intent.userMessage;
  if (unsupported.length > 0) return { ok: false, unsupported, message: `Gemini CLI cannot say ${unsupported.join(", ")} on ${event}` };
  if (Object.keys(hso).length > 1) out["hookSpecificOutput"] = hso;
  return { ok: true, answer: { exit: 0, stdout: Object.keys(out).length === 0 ? "" : JSON.stringify(out), stderr: "" } };
}
