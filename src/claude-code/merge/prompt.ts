/** UserPromptSubmit, UserPromptExpansion and PostModelSwitch: plain stdout and context, one paragraph per hook. */
import { promptBlockedText, promptStoppedText } from "../texts.js";
import { applyStops, blockReason, plainAndContextPerHook, str, type Strategy } from "./accumulator.js";

/**
 * The first hook to complete that blocks or stops decides (ups-11, ups-12);
 * then the prompt is dropped, no model request, other hooks' context is
 * discarded (ups-07). Exit 2 drops the hook's JSON. Otherwise one paragraph
 * per hook: plain stdout (`<Event> hook success: ...`) or context (ups-01, ups-03).
 */
export const mergePrompt: Strategy<"prompt"> = (acc) => {
  const prompt = typeof acc.context.input["prompt"] === "string" ? (acc.context.input["prompt"] as string) : "";
  for (const r of acc.runs) {
    const json = acc.json(r);
    const stops = json?.["continue"] === false;
    const blockText = r.blocking_error ?? (json?.["decision"] === "block" ? blockReason(json) : null);
    if (!stops && blockText === null) continue;
    acc.modelMessages.length = 0;
    acc.additionalContext.length = 0;
    if (stops) {
      acc.stopped = true;
      acc.stopReason = str(json?.["stopReason"]);
      acc.notices.push(promptStoppedText(acc.stopReason));
    } else {
      acc.blocked = true;
      acc.reasons.push(json === null ? r.stderr : blockText!);
      acc.notices.push(promptBlockedText(acc.event, String(blockText), prompt));
    }
    return;
  }
  plainAndContextPerHook(acc);
};

/** PostModelSwitch: one paragraph per hook, then continue:false. */
export const mergePerHookContext: Strategy<"per-hook-context"> = (acc) => {
  plainAndContextPerHook(acc);
  applyStops(acc);
};
