/**
 * TeammateIdle, TaskCreated, TaskCompleted, Elicitation, ElicitationResult,
 * ConfigChange, WorktreeCreate, WorktreeRemove: documented to be blockable by
 * exit 2 or decision:block (§1.2), not observed.
 */
import { blockingErrorText } from "../texts.js";
import { applyStops, blockReason, type Strategy } from "./accumulator.js";

export const mergeBlockable: Strategy<"blockable"> = (acc, rule) => {
  for (const r of acc.runs) {
    const json = acc.json(r);
    let text: string | null = r.blocking_error;
    if (text === null && json?.["decision"] === "block") text = blockReason(json);
    if (rule.anyFailureBlocks && r.exit !== 0 && r.exit !== null && text === null) text = r.stderr;
    // the stdout's last line is the event's value: a JSON answer names no directory, so the action fails
    if (rule.stdoutIsValue === true && r.exit === 0 && json !== null && text === null) text = r.stdout.trim().split("\n").at(-1) ?? "";
    if (text === null) continue;
    acc.blocked = true;
    acc.reasons.push(text);
    if (rule.blockReachesModel) acc.modelMessages.push(blockingErrorText(acc.hookName, r.command, text));
  }
  applyStops(acc);
};
