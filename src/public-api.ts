/**
 * Claude Code's exported functions, guarded at the public boundary
 * (src/core/api-boundary.ts): each listed once with its parameters; the root
 * and `./claude-code` re-export these, so both give the same function. The
 * package's own code calls the unguarded ones, whose arguments it has typed.
 */
import { argumentFailure, checkFields, guardApi, type ArgumentFailure } from "./core/api-boundary.js";
import { pointerSegments } from "./core/errors.js";
import type { RunRecord } from "./core/records.js";
import { validateRunRecord } from "../generated/validators/records.js";
import { classifyRun as rawClassifyRun } from "./claude-code/classify.js";
import { asyncDelivery as rawAsyncDelivery, mergeRuns as rawMergeRuns } from "./claude-code/merge.js";
import { readHookStdout as rawReadHookStdout, parseErrorText as rawParseErrorText } from "./claude-code/read-stdout.js";
import { claudeCodeFromRust as rawClaudeCodeFromRust } from "./claude-code/from-rust.js";
import { hookNameOf as rawHookNameOf } from "./claude-code/event-rules.js";
import { eventInfo as rawEventInfo } from "./claude-code/event-catalog.js";

export const readHookStdout = guardApi("readHookStdout", [["stdout", "string"], ["event", "string"], ["hookName", "string", "optional"]], rawReadHookStdout);
export const parseErrorText = guardApi("parseErrorText", [["jscMessage", "string"]], rawParseErrorText);
export const classifyRun = guardApi("classifyRun", [["result", "object"], ["context", "object"]], (...args: Parameters<typeof rawClassifyRun>) => {
  const [result, context] = args;
  const bad =
    checkFields("classifyRun", 0, result, { command: ["string"], exit: ["number", "null"], stdout: ["string"], stderr: ["string"] }) ??
    checkFields("classifyRun", 1, context, { event: ["string"], hookName: ["string"] });
  return bad ?? rawClassifyRun(...args);
});
/** Claude Code's merge of run records; each record is checked against the RunRecord schema first (its error at `/1/<index>/<field>`). */
export const mergeRuns = guardApi("mergeRuns", [["event", "string"], ["runs", "array"], ["context", "object"]], (...args: Parameters<typeof rawMergeRuns>) => {
  const [, runs, context] = args;
  for (let i = 0; i < runs.length; i++) {
    const bad = runRecordFailure(runs[i], i);
    if (bad !== null) return bad;
  }
  return checkFields("mergeRuns", 2, context, { toolName: ["string", "null"], toolInput: ["object", "null"], input: ["object"] }) ?? rawMergeRuns(...args);
});

/** Why `run` (the `index`th of mergeRuns' records) is not a run record, or null. */
function runRecordFailure(run: RunRecord | undefined, index: number): ArgumentFailure | null {
  if (validateRunRecord(run)) return null;
  const [first] = validateRunRecord.errors ?? [];
  return argumentFailure([1, index, ...pointerSegments(first?.instancePath ?? "")], `mergeRuns: run ${index}${first?.instancePath ?? ""} ${first?.message ?? "is not a run record"}`);
}
export const asyncDelivery = guardApi("asyncDelivery", [["runs", "array"]], rawAsyncDelivery);
export const claudeCodeFromRust = guardApi("claudeCodeFromRust", [["value", "object"]], rawClaudeCodeFromRust);
export const hookNameOf = guardApi("hookNameOf", [["event", "string"], ["input", "object"]], rawHookNameOf);
/** The event's catalog entry, or undefined for any value that names no event. */
export const eventInfo = guardApi("eventInfo", [["name", "any"]], rawEventInfo, () => undefined);
