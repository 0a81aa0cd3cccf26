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
export { defineHook } from "./define.js";
export { runHook } from "./process.js";
export type { Hook, HookDefinition, HookOutcome, HandlerResult } from "./define.js";
export type { Answers, Reply, CommonAnswers, ContextAnswers, BlockAnswers, DecisionAnswers, RewriteAnswers, PermissionRequestAnswers } from "./answers.js";
export type { HookInputs, HookInput, HookEventName, ToolEventName, AnyTool } from "./types.js";
export type { ToolInputs, ToolInputOf } from "./tool-inputs.js";
export { detectAgent, declaredAgent, whichAgent, AGENT_ENV, AGENT_ARG } from "./agents.js";
export { setSessionEnv, sessionEnvLines, shellQuote } from "./session-env.js";
export { createLogger } from "./log.js";
export type { Logger, LoggerOptions, LogLevel } from "./log.js";
