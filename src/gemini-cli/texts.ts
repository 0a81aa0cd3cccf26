/**
 * Every wording of Gemini CLI 0.61.0 the dialect reproduces, exactly as the
 * CLI writes it (docs/spec/gemini-cli-observed.md "Texts, exactly"; the bundle's
 * hookRunner, hookEventHandler, hook-utils and nonInteractiveCli).
 */

/** The model's `functionResponse.error` for a BeforeTool denial. */
export const toolBlocked = (reason: string): string => `Tool execution blocked: ${reason}`;

/** `getEffectiveReason()`'s fallback when a deny or stop gives no text. */
export const NO_REASON = "No reason provided";

/** BeforeModel's fallback when the merged output has no reason at all (field-replacement merge). */
export const MODEL_CALL_BLOCKED = "Model call blocked by hook";

/** The tool result text of a BeforeTool or AfterTool `continue:false` (stream `tool_result`, stderr). */
export const stoppedByHook = (stopText: string): string => `Agent execution stopped by hook: ${stopText}`;

/** AfterTool denial as the user sees it (the model gets the bare reason). */
export const toolResultBlocked = (reason: string): string => `Tool result blocked: ${reason}`;

/** Appended (after a blank line) to the tool's output when a BeforeTool hook rewrote the arguments. */
export const INPUT_MODIFIED_NOTE = "[System] Tool input parameters were modified by a hook before execution.";

/** A rewrite the tool's parameter schema rejects: the tool does not run. */
export const rewriteInvalid = (problem: string): string => `Tool parameter modification by hook failed validation: ${problem}`;

/** The JSON-schema wording of the tool's parameter validation for a missing property. */
export const missingParam = (name: string): string => `params must have required property '${name}'`;

/** How hook context reaches the model: BeforeAgent (own part), AfterTool (after `\n\n`), SessionStart (before `\n\n<prompt>`). */
export const hookContext = (context: string): string => `<hook_context>${context}</hook_context>`;

/** `getAdditionalContext()`: only `<` and `>` are escaped. */
export const escapeContext = (context: string): string => context.replace(/</g, "&lt;").replace(/>/g, "&gt;");

/** Plain text with exit 1 becomes this systemMessage. */
export const plainTextWarning = (text: string): string => `Warning: ${text}`;

/** The stderr line for the merged systemMessage (unless suppressOutput). */
export const hookSystemMessage = (message: string): string => `Hook system message: ${message}`;

/** The user warning after any hook of an event failed (non-zero exit, timeout). */
export const hooksFailed = (names: readonly string[], event: string): string =>
  `Hook(s) [${names.join(", ")}] failed for event ${event}. Press F12 to see the debug drawer for more details.`;

/** The error of a hook killed at its timeout (also shown as `Hook execution error: <it>`). */
export const timedOut = (timeoutMs: number): string => `Hook timed out after ${timeoutMs}ms`;

export const hookExecutionError = (message: string): string => `Hook execution error: ${message}`;

/** The stderr line when the CLI's own merge threw (executeHooks' catch): the event's hooks then have no effect. */
export const hookEventBusError = (event: string, message: string): string => `Hook event bus error for ${event}: ${message}`;

/** The warnings of `-p` (stream-json `error` events, json `warnings`). */
export const agentBlocked = (text: string): string => `Agent execution blocked: ${text}`;
export const agentStopped = (text: string): string => `Agent execution stopped: ${text}`;

/** Config-time texts (runner). */
export const invalidEventName = (name: string): string => `Invalid hook event name: "${name}" from project config. Skipping.`;


/** A `hooksConfig.enabled` that is not a boolean, and what Gemini CLI makes of it (gp-cfg-enabled-*). */
export const hooksSwitchNotBoolean = (value: string, on: boolean): string =>
  `hooksConfig.enabled ${value.slice(0, 60)} is not a boolean; Gemini CLI reads it as ${on ? "true" : "false: no hook runs"}`;
/** A timeout Gemini CLI's timer fires on at once (gp-cfg-timeout-*; past Node's timer limit: gp-num-timeout-*). */
export const timerFiresAtOnce = (value: string, pastLimit: boolean): string =>
  `timeout ${value.slice(0, 60)}${pastLimit ? " ms is past Node's timer limit (2147483647 ms)" : ""}: Gemini CLI's timer fires after 1 ms, so this hook always times out and fails open`;
/** A timeout written as text that holds a number: Gemini CLI's timer reads the number, in milliseconds (gp-cfg-timeout-string-number). */
export const timeoutAsText = (value: string, ms: number): string => `timeout ${value.slice(0, 60)} is text; Gemini CLI's timer reads it as ${ms} ms`;
