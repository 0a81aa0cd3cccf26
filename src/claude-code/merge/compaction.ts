/** PreCompact and PostCompact: what the /compact command reports, in configuration order (new-precompact-plain-two). */
import type { JsonValue } from "../jsc-json.js";
import type { RunRecord } from "../../core/records.js";
import { additionalInstructionsText, compactionBlockedText, compactionFailedText, compactionSucceededText, commandText } from "../texts.js";
import { blockReason, nonEmpty, type Strategy } from "./accumulator.js";

/** Configuration order, where Claude Code reports in it. */
function inConfigOrder(runs: readonly RunRecord[]): RunRecord[] {
  return [...runs].sort((a, b) => (a.config_index ?? 0) - (b.config_index ?? 0));
}

/** `<Event> [<cmd>] completed successfully: <stdout>` / `... failed: <why>` (the /compact command's output to the user). */
function compactionLine(r: RunRecord): string | null {
  if (r.timed_out || r.outcome === "skipped") return null;
  if (r.validation_error !== null && r.exit === 0) return compactionFailedText(r.event, r.command, r.validation_error.message);
  if (r.exit === 0) return compactionSucceededText(r.event, r.command, r.stdout.trim());
  return compactionFailedText(r.event, r.command, r.stderr);
}

/**
 * PreCompact: exit 2 or decision:block cancel the compaction (`Compaction
 * blocked by PreCompact hook: [<cmd>]: <stderr or reason>`); otherwise each
 * exit-0 hook's stdout, even a JSON object, is appended to the compaction
 * prompt after `Additional Instructions:`, in configuration order; output that
 * fails validation is not (new-precompact-*).
 */
export const mergePreCompact: Strategy<"pre-compact"> = (acc) => {
  for (const r of acc.runs) {
    const json = acc.json(r);
    const blockText = r.blocking_error ?? (json?.["decision"] === "block" ? commandText(r.command, blockReason(json)) : null);
    if (blockText !== null) {
      acc.blocked = true;
      acc.reasons.push(blockText);
      acc.notices.push(compactionBlockedText(blockText));
      return;
    }
  }
  const ordered = inConfigOrder(acc.runs);
  for (const r of ordered) {
    const line = compactionLine(r);
    if (line !== null) acc.notices.push(line);
  }
  const appended = ordered.filter((r) => r.exit === 0 && !r.timed_out && r.validation_error === null && r.stdout.trim() !== "").map((r) => r.stdout.trim());
  const custom = nonEmpty(acc.context.input["custom_instructions"] as JsonValue | undefined);
  acc.additionalContext.push(...appended);
  if (appended.length > 0 || custom !== null) {
    acc.modelMessages.push(additionalInstructionsText([...(custom === null ? [] : [custom]), ...appended]));
  }
};

/** PostCompact speaks to the user only, in configuration order. */
export const mergePostCompact: Strategy<"post-compact"> = (acc) => {
  for (const r of inConfigOrder(acc.runs)) {
    const line = compactionLine(r);
    if (line !== null) acc.notices.push(line);
  }
};
