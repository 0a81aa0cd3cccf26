/**
 * Kimi Code CLI 2.1.0's reading and writing of a hook's intent
 * (src/core/intent.ts). Reading merges the one answer by Kimi's rules
 * (src/kimi-code/merge.ts); writing uses the answers the recordings show
 * Kimi acting on: a PreToolUse deny as `permissionDecision: "deny"`
 * (km-pre-02), a UserPromptSubmit or Stop block as exit 2 with the reason on
 * stderr (km-ups-02, km-stop-02), UserPromptSubmit context as `message`
 * (km-ups-03), a UserPromptSubmit user message as `systemMessage` (which Kimi
 * does not read: print mode prints the prompt hook's whole stdout, and the
 * model gets it too, kh-ups-system-message). Everything else is unsupported:
 * ask (km-pre-07) and updatedInput (km-pre-06) are no answer, context
 * elsewhere is dropped (km-pre-10, cap-post-context, cap-ss-context), and Kimi
 * reads no `continue` or `systemMessage`. An allow is the empty answer: Kimi
 * reads allow as none.
 */
import type { HookAnswer } from "../core/dialect.js";
import type { HookIntent, IntentPart, WriteResult } from "../core/intent.js";
import { requestInput } from "../core/merge-request.js";
import { isKimiCodeEvent } from "./events.js";
import { mergeKimiCode } from "./merge.js";

/** What Kimi does with this one answer, as an intent (null when it does nothing). */
export function readKimiCodeIntent(answer: HookAnswer): HookIntent | null {
  if (!isKimiCodeEvent(answer.event)) return null;
  const input = requestInput({ event: answer.event, hooks: [], ...(answer.input === undefined ? {} : { input: answer.input }) });
  const merged = mergeKimiCode(answer.event, [{ command: "hook", exit: answer.exit, stdout: answer.stdout, stderr: answer.stderr, config_index: 0 }], { input });
  const intent: { -readonly [K in keyof HookIntent]?: HookIntent[K] } = {};
  if (merged.effects.decision === "deny") intent.decision = "deny";
  else if (merged.effects.blocked) intent.block = true;
  const reason = merged.reasons[0];
  if (merged.effects.blocked && reason !== undefined) intent.reason = reason;
  if (merged.additional_context.length > 0) intent.context = merged.additional_context.join("\n\n");
  return Object.keys(intent).length === 0 ? null : intent;
}

export function writeKimiCodeIntent(event: string, intent: HookIntent): WriteResult {
  if (!isKimiCodeEvent(event)) return { ok: false, unsupported: [], message: `Kimi Code has no ${event} event` };
  const unsupported: IntentPart[] = [];
  const blocks = intent.decision === "deny" || intent.block === true;
  let answer: { exit: number; stdout: string; stderr: string } = { exit: 0, stdout: "", stderr: "" };
  if (event === "PreToolUse") {
    if (intent.decision === "ask") unsupported.push("decision");
    if (blocks) {
      const hso: Record<string, string> = { hookEventName: event, permissionDecision: "deny" };
      if (intent.reason !== undefined) hso["permissionDecisionReason"] = intent.reason;
      answer = { exit: 0, stdout: JSON.stringify({ hookSpecificOutput: hso }), stderr: "" };
    }
  } else if (event === "UserPromptSubmit" || event === "Stop") {
    if (intent.decision !== undefined && intent.decision !== "deny") unsupported.push("decision");
    if (blocks) answer = { exit: 2, stdout: "", stderr: intent.reason ?? "" };
  } else {
    if (intent.decision !== undefined) unsupported.push("decision");
    if (intent.block === true) unsupported.push("block");
  }
  if (intent.context !== undefined) {
    if (event === "UserPromptSubmit" && !blocks) answer = { exit: 0, stdout: JSON.stringify({ message: intent.context }), stderr: "" };
    else unsupported.push("context");
  }
  if (intent.updatedInput !== undefined) unsupported.push("updatedInput");
  if (intent.stop !== undefined) unsupported.push("stop");
  if (intent.userMessage !== undefined) {
    // print mode prints a prompt hook's whole stdout as a `UserPromptSubmit hook` line, and the model gets it too (kh-ups-system-message); a `message` beside it would be printed instead
    if (event === "UserPromptSubmit" && !blocks && intent.context === undefined) answer = { exit: 0, stdout: JSON.stringify({ systemMessage: intent.userMessage }), stderr: "" };
    else unsupported.push("userMessage");
  }
  if (unsupported.length > 0) return { ok: false, unsupported, message: `Kimi Code cannot say ${unsupported.join(", ")} on ${event}` };
  return { ok: true, answer };
}
