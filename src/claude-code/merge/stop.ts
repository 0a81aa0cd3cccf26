/**
 * Stop, SubagentStop. A block: a user-role `<system-reminder>` per blocking
 * hook (`Stop hook feedback:\n<R>`; exit 2: `[<cmd>]: <stderr>`), then one
 * system-role message with a `<Event> hook blocking error from command: ...`
 * paragraph per decision:block hook, then the context as system paragraphs
 * (stop-01, -02, -03). No block: context as user-role reminders (stop-05).
 * Stop continue:false wins over a block (stop-07).
 *
 * Either a block or a context alone keeps the turn going: the model is
 * called again, and Claude Code counts a context like a block towards its cap
 * of consecutive continuations (stop-05, fid-stop-context-always: 9 and the
 * cap notice). The context is not a block (`blocked` stays false), so
 * `continues` says it.
 */
import { additionalContextText, blockingErrorText, STOP_HOOK_PROBLEM_NOTICE, stopReminder, systemReminder } from "../texts.js";
import { applyStops, blockReason, hsoOf, nonEmpty, type Strategy } from "./accumulator.js";

export const mergeStop: Strategy<"stop"> = (acc, rule) => {
  const event = acc.event;
  const reminders: string[] = [];
  const system: string[] = [];
  const contexts: string[] = [];
  let problem = false;
  for (const r of acc.runs) {
    if (r.outcome === "error") problem = true;
    if (r.blocking_error !== null) {
      acc.blocked = true;
      acc.reasons.push(r.stderr);
      reminders.push(stopReminder(acc.large(r.blocking_error)));
    }
    const json = acc.json(r);
    if (json === null) continue;
    if (json["decision"] === "block") {
      const reason = blockReason(json);
      acc.blocked = true;
      acc.reasons.push(reason);
      reminders.push(stopReminder(acc.large(reason)));
      system.push(blockingErrorText(event, r.command, acc.large(reason)));
    }
    const ctx = nonEmpty(hsoOf(json)?.["additionalContext"]);
    if (ctx !== null) {
      acc.additionalContext.push(ctx);
      contexts.push(additionalContextText(event, acc.large(ctx)));
      system.push(contexts[contexts.length - 1]!);
    }
  }
  applyStops(acc);
  if (rule.problemNotice && (acc.blocked || problem)) acc.notices.push(STOP_HOOK_PROBLEM_NOTICE);
  acc.continues = !acc.stopped && (acc.blocked || contexts.length > 0);
  if (acc.stopped) return; // the turn ends: no further request (stop-07)
  if (acc.blocked) {
    // consecutive user messages are sent as one, each but the last text ending in a newline (stop-03)
    acc.modelMessages.push(...reminders.map((t, i) => (i < reminders.length - 1 ? `${t}\n` : t)));
    if (system.length > 0) acc.modelMessages.push(system.join("\n\n"));
  } else if (contexts.length > 0) {
    acc.modelMessages.push(systemReminder(contexts.join("\n\n")));
  }
};
