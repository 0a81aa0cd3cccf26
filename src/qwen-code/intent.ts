/**
 * Qwen Code's reading and writing of a hook's intent (src/core/intent.ts).
 * Reading merges the one answer by Qwen's own rules (src/qwen-code/merge.ts)
 * and says what Qwen would do with it; writing picks the fields Qwen acts on
 * for each event (src/qwen-code/events.ts) and names the parts it cannot
 * express: a rewrite (`updatedInput` is ignored), PreToolUse context
 * (dropped), a user message (`systemMessage` is only logged), a block
 * after a tool (ignored), a stop where `continue: false` does not end the loop.
 */
import type { HookAnswer } from "../core/dialect.js";
import type { HookIntent, IntentPart, WriteResult } from "../core/intent.js";
import { requestInput } from "../core/merge-request.js";
import type { JsonObject } from "../json/value.js";
import { QWEN_CODE_EVENTS, isQwenCodeEvent } from "./events.js";
import { mergeQwenCode } from "./merge.js";

/** What Qwen does with this one answer, as an intent (null when it does nothing). */
export function readQwenCodeIntent(answer: HookAnswer): HookIntent | null {
  if (!isQwenCodeEvent(answer.event)) return null;
  const input = requestInput({ event: answer.event, hooks: [], ...(answer.input === undefined ? {} : { input: answer.input }) });
  const merged = mergeQwenCode(answer.event, [{ command: "hook", exit: answer.exit, stdout: answer.stdout, stderr: answer.stderr, config_index: 0 }], { input });
  const { effects } = merged;
  const intent: { -readonly [K in keyof HookIntent]?: HookIntent[K] } = {};
  const reason = merged.reasons[0];
  if (effects.decision !== null && effects.decision !== "defer") intent.decision = effects.decision;
  // continue:false before a tool blocks it like a deny (pre-53)
  else if (effects.blocked && answer.event === "PreToolUse") intent.decision = "deny";
  else if (effects.blocked) intent.block = true;
  if (effects.blocked && reason !== undefined && reason !== "") intent.reason = reason;
  if (merged.additional_context.length > 0) intent.context = merged.additional_context.join("\n");
  return Object.keys(intent).length === 0 ? null : intent;
}

/** Events where `continue: false` ends the run (a blocked prompt ends it silently, ups-03; an expanded one with an error, cap-userpromptexpansion-continue-false). */
const STOPPABLE = new Set(["UserPromptSubmit", "UserPromptExpansion"]);
/** Events where `decision: "block"` + `reason` does what a block means. */
const BLOCKABLE = new Set(["UserPromptSubmit", "UserPromptExpansion", "Stop", "SubagentStop"]);
/** Events whose `additionalContext` reaches the model. */
const CONTEXT = new Set(["PostToolUse", "PostToolUseFailure", "UserPromptSubmit", "UserPromptExpansion", "SessionStart", "PreCompact"]);

export function writeQwenCodeIntent(event: string, intent: HookIntent): WriteResult {
  if (!isQwenCodeEvent(event)) return { ok: false, unsupported: [], message: `Qwen Code has no ${event} event` };
  const unsupported: IntentPart[] = [];
  const out: JsonObject = {};
  const hso: JsonObject = { hookEventName: event };
  if (event === "PreToolUse") {
    const decision = intent.decision ?? (intent.block === true ? "deny" : undefined);
    if (decision !== undefined) hso["permissionDecision"] = decision;
    if (intent.reason !== undefined && decision !== undefined && decision !== "allow") hso["permissionDecisionReason"] = intent.reason;
  } else {
    if (intent.decision !== undefined) unsupported.push("decision");
    if (intent.block === true) {
      if (BLOCKABLE.has(event)) {
        out["decision"] = "block";
        if (intent.reason !== undefined) out["reason"] = intent.reason;
      } else unsupported.push("block");
    }
  }
  if (intent.updatedInput !== undefined) unsupported.push("updatedInput");
  if (intent.context !== undefined) {
    if (CONTEXT.has(event) && QWEN_CODE_EVENTS[event].recorded) hso["additionalContext"] = intent.context;
    else unsupported.push("context");
  }
  if (intent.stop !== undefined) {
    if (!STOPPABLE.has(event)) unsupported.push("stop");
    else {
      out["continue"] = false;
      if (intent.stop.reason !== undefined) out["stopReason"] = intent.stop.reason;
    }
  }
  if (intent.userMessage !== undefined) unsupported.push("userMessage");
  if (unsupported.length > 0) return { ok: false, unsupported, message: `Qwen Code cannot say ${unsupported.join(", ")} on ${event}` };
  if (Object.keys(hso).length > 1) out["hookSpecificOutput"] = hso;
  return { ok: true, answer: { exit: 0, stdout: Object.keys(out).length === 0 ? "" : JSON.stringify(out), stderr: "" } };
}

