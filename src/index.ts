/**
 * claude-hook-protocol: the coding-agent hook protocol. The root holds the
 * main verbs and every type; the rest is under subpaths (package.json
 * `exports`, entry modules in src/entry/): `./claude-code`, `./serde`,
 * `./runner`, `./validators` and `./validators/<family>`, `./conformance`,
 * `./schemas/*`. This file only re-exports; test/api-surface.test.ts pins it.
 */

// Every protocol type, generated from schemas/ (npm run gen).
export type * from "../generated/types.js";
export type { Validator, ValidationError } from "../generated/validators/validator.js";
export { HOOK_EVENTS } from "../generated/names.js";

// Merging: a request of raw hook results for any agent, or Claude Code's classified run records.
export { merge } from "./merge.js";
export { mergeRuns } from "./public-api.js";
export type { MergeContext } from "./claude-code/merge.js";
export {
  checkMergeRequest,
  parseMergeRequest,
  type MergeRequest,
  type MergeRequestHook,
  type ParsedRequest,
  type RequestError,
  type RequestExtensions,
} from "./core/merge-request.js";

// Reading one hook's answer: Claude Code's stdout reading and classification; the Rust family as serde reads it.
export { readHookStdout, classifyRun, claudeCodeFromRust } from "./public-api.js";
export type { StdoutReading, StdoutError } from "./claude-code/read-stdout.js";
export type { HookRunResult, ClassifyContext } from "./claude-code/classify.js";
export { readRust, writeRust, type RustTypeName } from "./serde/index.js";
export type { ReadResult, WriteResult } from "./serde/codec.js";
export type { SerdeError } from "./serde/errors.js";

// Agents and their dialects.
export { AGENT_NAMES, isAgentName, type AgentName } from "./core/agents.js";
export { publicDialectOf as dialectOf, publicDialects as allDialects } from "./dialects.js";
export type { Dialect, DialectEvent, DialectRunner, HookAnswer, Divergence } from "./core/dialect.js";
export type { PublicDialect } from "./core/public-dialect.js";

// Running configured hooks as Claude Code does: ./runner (child processes and http stay out of the root's import).
export type { RunEventOptions, EventOutcome } from "./claude-code/runner/run-event.js";
export type { ConfigProblem } from "./claude-code/runner/types.js";

// Shared shapes.
export type { ProtocolError, TextPosition, Result } from "./core/errors.js";
export type { ArgumentFailure } from "./core/api-boundary.js";
export type { RunRecord, MergedResult, MergeEffects, RunOutcome, PermissionDecision } from "./core/records.js";
export type { JsonObject, JsonValue } from "./json/value.js";
