/**
 * `claude-hook-protocol/claude-code`: the Claude Code 2.1.332 dialect: one
 * hook's stdout as Claude Code reads it, classifying a run, merging runs,
 * the event catalog. Only re-exports.
 */
export { claudeCode } from "../claude-code/dialect.js";
export { readHookStdout, parseErrorText, type StdoutReading, type StdoutError } from "../claude-code/read-stdout.js";
export { classifyRun, type HookRunResult, type ClassifyContext } from "../claude-code/classify.js";
export { mergeRuns, asyncDelivery, type MergeContext } from "../claude-code/merge.js";
export { mergeRequest } from "../claude-code/merge-request.js";
export { claudeCodeFromRust, type ClaudeCodeFromRust } from "../claude-code/from-rust.js";
export { hookNameOf } from "../claude-code/event-rules.js";
export { EVENT_CATALOG, eventInfo, COMMON_OUTPUT_FIELDS, type EventInfo } from "../claude-code/event-catalog.js";
export { HOOK_EVENTS, HOOK_SPECIFIC_OUTPUT_EVENTS, EVENTS_WITHOUT_HOOK_SPECIFIC_OUTPUT } from "../../generated/names.js";
