/**
 * claude-hook-protocol: the Claude Code hook protocol as generated types and
 * standalone validators, a serde-exact reader/writer for the Rust family,
 * Claude Code's reading and merge of several hooks' answers, and a runner.
 * This file only re-exports.
 */

// Generated from schemas/ (npm run gen): every protocol type, its validator, the name lists.
export type * from "../generated/types.js";
export * from "../generated/validators/index.js";
export * from "../generated/names.js";

// Rust family: serde_json-exact reading and writing of exomonad-core's types.
export * from "./serde/index.js";

// Claude Code dialect: reading one hook's stdout, classifying a run, merging runs.
export { readHookStdout, parseErrorText, type StdoutReading, type StdoutError, type JsonObject } from "./claude-code/read-stdout.js";
export { classifyRun, type HookRunResult, type ClassifyContext } from "./claude-code/classify.js";
export { mergeRuns, asyncDelivery, type MergeContext } from "./claude-code/merge.js";
export { claudeCodeFromRust, type ClaudeCodeFromRust } from "./claude-code/from-rust.js";
export { hookNameOf } from "./claude-code/event-rules.js";
export { mergeRequest } from "./claude-code/merge-request.js";
export {
  parseMergeRequest,
  requestInput,
  type MergeRequest,
  type MergeRequestHook,
  type ParsedRequest,
  type RequestError,
  type RequestExtensions,
} from "./core/merge-request.js";
export type { ProtocolError, TextPosition } from "./core/errors.js";
export { AGENT_NAMES, type AgentName } from "./core/agents.js";
export type { Dialect, DialectEvent, HookAnswer, Divergence } from "./core/dialect.js";
export { dialectOf, allDialects } from "./dialects.js";
export type { RunRecord, MergedResult, MergeEffects, RunOutcome, PermissionDecision } from "./core/records.js";

// Running configured hooks as Claude Code does.
export * from "./runner/index.js";

// The line protocols any implementation can be tested by.
export { serveSerdeConformance, answerSerdeRequest } from "./conformance/serde.js";
export { serveMergeConformance } from "./conformance/merge.js";
