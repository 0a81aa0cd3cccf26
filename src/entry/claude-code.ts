/**
 * `claude-hook-protocol/claude-code`: the Claude Code 2.1.332 dialect: one
 * hook's stdout as Claude Code reads it, classifying a run, merging runs,
 * the event catalog. The functions take any value (src/public-api.ts).
 */
import { claudeCode as dialect } from "../claude-code/dialect.js";
import { publicDialect } from "../core/public-dialect.js";

export const claudeCode = publicDialect(dialect);
/** Claude Code's merge of a merge request; the request is checked first, as `merge` checks it. */
export const mergeRequest = claudeCode.mergeRequest;
export { readHookStdout, parseErrorText, classifyRun, mergeRuns, asyncDelivery, claudeCodeFromRust, hookNameOf, eventInfo } from "../public-api.js";
export type { StdoutReading, StdoutError } from "../claude-code/read-stdout.js";
export type { HookRunResult, ClassifyContext } from "../claude-code/classify.js";
export type { MergeContext } from "../claude-code/merge.js";
export type { ClaudeCodeFromRust } from "../claude-code/from-rust.js";
export { EVENT_CATALOG, COMMON_OUTPUT_FIELDS, type EventInfo } from "../claude-code/event-catalog.js";
export type { PublicDialect } from "../core/public-dialect.js";
export type { ArgumentFailure } from "../core/api-boundary.js";
export { HOOK_EVENTS, HOOK_SPECIFIC_OUTPUT_EVENTS, EVENTS_WITHOUT_HOOK_SPECIFIC_OUTPUT } from "../../generated/names.js";
