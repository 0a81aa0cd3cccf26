/**
 * claude-hook-protocol/hooks: write a hook in a few typed lines.
 *
 * ```js
 * import { defineHook, runHook } from "claude-hook-protocol/hooks";
 * await runHook(defineHook({
 *   event: "PreToolUse",
 *   tools: ["Bash"],
 *   failClosed: true,
 *   run: (input, answer) => (input.tool_input.command.includes("rm -rf") ? answer.deny("rm -rf is blocked") : undefined),
 * }));
 * ```
 *
 * Importing this module loads the kit's runtime only; the answer writer of
 * the agent that ran the hook and the tool-schema check of a rewrite are
 * loaded when a hook has something to write.
 */
import { guardApi } from "../core/api-boundary.js";
import { DETECTION_DEFAULT, declaredAgent as declaredAgentTyped, detectAgent as detectAgentTyped, whichAgent as whichAgentTyped } from "./agents.js";
import { sessionEnvLines as sessionEnvLinesTyped, setSessionEnv as setSessionEnvTyped, shellQuote as shellQuoteTyped } from "./session-env.js";
import { createLogger as createLoggerTyped } from "./log.js";

export { defineHook } from "./define.js";
export { runHook } from "./process.js";
export type { Hook, HookDefinition, HookOutcome, HandlerResult } from "./define.js";
export type { Answers, Reply, CommonAnswers, ContextAnswers, BlockAnswers, DecisionAnswers, RewriteAnswers, PermissionRequestAnswers } from "./answers.js";
export type { HookInputs, HookInput, HookEventName, ToolEventName, AnyTool } from "./types.js";
export type { ToolInputs, ToolInputOf } from "./tool-inputs.js";
export { AGENT_ENV, AGENT_ARG } from "./agents.js";
export type { ArgumentFailure } from "../core/api-boundary.js";

// The helpers keep the API's error contract (src/core/api-boundary.ts): an argument they cannot take is
// `{ok: false, error}` at its JSON Pointer, never a throw; where the helper's own answer can say it, that
// instead: `detectAgent` the default agent, `whichAgent` an `invalid` reading, `declaredAgent` none
// declared, `createLogger` a logger with the default options (a hook keeps running with what it was given).
export const detectAgent = guardApi("detectAgent", [["input", "object"]], detectAgentTyped, (failure) => ({ agent: DETECTION_DEFAULT, because: `no other agent's fields (${failure.error.message})` }));
export const declaredAgent = guardApi("declaredAgent", [["env", "object", "optional"], ["argv", "array", "optional"]], declaredAgentTyped, () => null);
export const whichAgent = guardApi("whichAgent", [["input", "object"], ["env", "object", "optional"], ["argv", "array", "optional"]], whichAgentTyped, (failure) => ({ invalid: failure.error.message }));
export const setSessionEnv = guardApi("setSessionEnv", [["vars", "object"], ["input", "object", "optional"], ["env", "object", "optional"]], setSessionEnvTyped);
export const sessionEnvLines = guardApi("sessionEnvLines", [["vars", "object"]], sessionEnvLinesTyped);
export const shellQuote = guardApi("shellQuote", [["value", "string"]], shellQuoteTyped);
export const createLogger = guardApi("createLogger", [["options", "object", "optional"], ["env", "object", "optional"]], createLoggerTyped, () => createLoggerTyped());
export type { Logger, LoggerOptions, LogLevel } from "./log.js";
