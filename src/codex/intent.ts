/**
 * Codex CLI's writing of a hook's intent (src/core/intent.ts), by the rules
 * docs/codex.md records: a deny needs a non-empty reason (a reason-less deny
 * fails open, so one is supplied), `allow` exists only with a rewrite of the
 * `command`, `ask`, `continue:false` on PreToolUse and rewrites anywhere else
 * are refused at run time, so they are reported as unsupported instead.
 */
import type { HookIntent, IntentPart, WriteResult } from "../core/intent.js";
import type { JsonObject } from "../json/value.js";
import { CODEX_EVENTS } from "./events.js";
import { DEFAULT_DENY_REASON } from "./texts.js";

// SubagentStart: the context opens the subagent's first request (cap-subagentstart-context)
const CONTEXT_EVENTS = new Set(["PreToolUse", "PostToolUse", "UserPromptSubmit", "SessionStart", "SubagentStart"]);
// from the event rows, so the writer, the reader and the capabilities say one thing (SubagentStop: Codex's output schema takes decision:block)
const BLOCK_EVENTS = new Set(Object.entries(CODEX_EVENTS).filter(([, row]) => row.reading === "post-tool-use" || row.reading === "block-decision").map(([name]) => name));
// PreCompact, PostCompact: continue:false ends the turn the compaction opens (cap-precompact-continue-false, cap-postcompact-continue-false)
// SubagentStop: a stopped hook run, the subagent ends (subagents/cx-sub-subagentstop-continue-false)
const STOP_EVENTS = new Set(["PostToolUse", "UserPromptSubmit", "Stop", "SubagentStop", "SessionStart", "PreCompact", "PostCompact"]);

export function writeCodexIntent(event: string, intent: HookIntent): WriteResult {
  const unsupported: IntentPart[] = [];
  const out: JsonObject = {};
  const hso: JsonObject = { hookEventName: event };
  if (event === "PreToolUse") {
    const deny = intent.decision === "deny" || intent.block === true;
    if (deny) {
      hso["permissionDecision"] = "deny";
      hso["permissionDecisionReason"] = intent.reason !== undefined && intent.reason.trim() !== "" ? intent.reason : DEFAULT_DENY_REASON;
      if (intent.updatedInput !== undefined) unsupported.push("updatedInput");
    } else if (intent.updatedInput !== undefined) {
      if (intent.decision === "ask" || typeof intent.updatedInput["command"] !== "string") unsupported.push("updatedInput");
      else {
        hso["permissionDecision"] = "allow";
        hso["updatedInput"] = intent.updatedInput;
      }
    } else if (intent.decision !== undefined) {
      unsupported.push("decision");
    }
    if (intent.stop !== undefined) unsupported.push("stop");
  } else if (event === "PermissionRequest") {
    if (intent.decision === "allow" || intent.decision === "deny") {
      const decision: JsonObject = { behavior: intent.decision };
      if (intent.decision === "deny" && intent.reason !== undefined) decision["message"] = intent.reason;
      hso["decision"] = decision;
    } else if (intent.decision !== undefined) unsupported.push("decision");
    if (intent.updatedInput !== undefined) unsupported.push("updatedInput");
    if (intent.stop !== undefined) unsupported.push("stop");
  } else {
    if (intent.decision !== undefined) unsupported.push("decision");
    if (intent.updatedInput !== undefined) unsupported.push("updatedInput");
    if (intent.block === true) {
      if (!BLOCK_EVENTS.has(event) || intent.reason === undefined || intent.reason.trim() === "") unsupported.push("block");
      else {
        out["decision"] = "block";
        out["reason"] = intent.reason;
      }
    }
    if (intent.stop !== undefined) {
      if (!STOP_EVENTS.has(event)) unsupported.push("stop");
      else {
        out["continue"] = false;
        if (intent.stop.reason !== undefined) out["stopReason"] = intent.stop.reason;
      }
    }
  }
  if (intent.context !== undefined) {
    if (CONTEXT_EVENTS.has(event) && hso["permissionDecision"] !== "allow") hso["additionalContext"] = intent.context;
    else unsupported.push("context");
  }
  if (intent.userMessage !== undefined) out["systemMessage"] = intent.userMessage;
  if (unsupported.length > 0) return { ok: false, unsupported, message: `Codex CLI refuses ${unsupported.join(", ")} on ${event} (docs/codex.md: the hook run fails and the action goes on)` };
  if (Object.keys(hso).length > 1) out["hookSpecificOutput"] = hso;
  return { ok: true, answer: { exit: 0, stdout: Object.keys(out).length === 0 ? "" : JSON.stringify(out), stderr: "" } };
}
