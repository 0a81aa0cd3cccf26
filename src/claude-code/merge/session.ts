/** SessionStart, SubagentStart, Setup (context in one paragraph) and SessionEnd (the user only). */
import { additionalContextText, hookErrorText, invalidWithExitText, sessionEndFailedText, commandText } from "../texts.js";
import { applyStops, blockReason, hsoOf, nonEmpty, type Strategy } from "./accumulator.js";

/**
 * SessionStart: all context in **one** paragraph `SessionStart hook additional
 * context: v1\nv2` (ss-01b), plain stdout one paragraph per hook
 * `SessionStart:<source> hook success: ...` (ss-02); decision:block is a
 * non-blocking error (second recording set). SubagentStart: one joined
 * paragraph (in the subagent's first request). Setup: context does not reach
 * the model in -p (observed).
 */
export const mergeSession: Strategy<"session"> = (acc, rule) => {
  const contexts: string[] = [];
  for (const r of acc.runs) {
    const json = acc.json(r);
    if (acc.rules.plainStdoutIsContext && r.outcome === "success" && r.output === "text") acc.addPlainStdout(acc.nameOf(r), r);
    if (rule.blockIsError && json?.["decision"] === "block") acc.errors.push(hookErrorText(r.hook_name, commandText(r.command, blockReason(json))));
    const ctx = nonEmpty(hsoOf(json)?.["additionalContext"]);
    if (ctx !== null) {
      acc.additionalContext.push(ctx);
      contexts.push(acc.large(ctx));
    }
  }
  if (contexts.length > 0 && rule.contextReachesModel) {
    // after the plain-stdout paragraphs, whatever the completion order (new-ss-context-then-plain)
    acc.modelMessages.push(additionalContextText(acc.event, contexts.join("\n")));
  }
  applyStops(acc);
};

/**
 * SessionEnd: no effect on the conversation; failures go to the CLI's stderr
 * (new-se-exit2). Output that fails validation is a failure even with exit 0,
 * its validation text the reason; with exit 1 the stderr follows it
 * (new-se-invalid-continue, new-se-invalid-continue-exit1). Exit 2 reports
 * its stderr alone, as for the other events.
 */
export const mergeSessionEnd: Strategy<"session-end"> = (acc) => {
  for (const r of acc.runs) {
    const invalid = r.validation_error?.message ?? null;
    if (r.exit === 0 && invalid !== null) acc.notices.push(sessionEndFailedText(r.command, invalid));
    else if (r.exit !== 0 && r.exit !== null) {
      const why = invalid !== null && r.exit !== 2 ? invalidWithExitText(invalid, r.exit, r.stderr) : r.stderr;
      acc.notices.push(sessionEndFailedText(r.command, why));
    }
  }
};
