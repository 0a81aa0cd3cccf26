/**
 * Claude Code's exported functions, guarded at the public boundary
 * (src/core/api-boundary.ts): each listed once with its parameters; the root
 * and `./claude-code` re-export these, so both give the same function. The
 * package's own code calls the unguarded ones, whose arguments it has typed.
 */
import { guardApi } from "./core/api-boundary.js";
import { classifyRun as rawClassifyRun } from "./claude-code/classify.js";
import { asyncDelivery as rawAsyncDelivery, mergeRuns as rawMergeRuns } from "./claude-code/merge.js";
import { readHookStdout as rawReadHookStdout, parseErrorText as rawParseErrorText } from "./claude-code/read-stdout.js";
import { claudeCodeFromRust as rawClaudeCodeFromRust } from "./claude-code/from-rust.js";
import { hookNameOf as rawHookNameOf } from "./claude-code/event-rules.js";
import { eventInfo as rawEventInfo } from "./claude-code/event-catalog.js";

export const readHookStdout = guardApi("readHookStdout", [["stdout", "string"], ["event", "string"], ["hookName", "string", "optional"]], rawReadHookStdout);
export const parseErrorText = guardApi("parseErrorText", [["jscMessage", "string"]], rawParseErrorText);
export const classifyRun = guardApi("classifyRun", [["result", "object"], ["context", "object"]], rawClassifyRun);
export const mergeRuns = guardApi("mergeRuns", [["event", "string"], ["runs", "array"], ["context", "object"]], rawMergeRuns);
export const asyncDelivery = guardApi("asyncDelivery", [["runs", "array"]], rawAsyncDelivery);
export const claudeCodeFromRust = guardApi("claudeCodeFromRust", [["value", "object"]], rawClaudeCodeFromRust);
export const hookNameOf = guardApi("hookNameOf", [["event", "string"], ["input", "object"]], rawHookNameOf);
/** The event's catalog entry, or undefined for any value that names no event. */
export const eventInfo = guardApi("eventInfo", [["name", "any"]], rawEventInfo, () => undefined);
