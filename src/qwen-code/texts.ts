/**
 * Every wording of Qwen Code 0.24.4 that a hook's answer can produce,
 * exactly (test/observer/qwen-code/observed; the strings are also in Qwen's
 * bundled JavaScript). One place: the reader, merge, lints and docs use these.
 */

/** A deny, ask-free block or stop without any reason (pre-03). */
export const NO_REASON_PROVIDED = "No reason provided";
/** An `ask` without a reason (headless: the model gets it as the tool result). */
export const USER_CONFIRMATION_REQUIRED = "User confirmation required";
/** PostToolUse `continue: false` when the combined answer has no reason at all (unreachable: Qwen defaults the reason). */
export const EXECUTION_STOPPED_BY_HOOK = "Execution stopped by hook";

/** The `reason` Qwen gives a plain-text exit-0 answer; it joins the other hooks' reasons. */
export const HOOK_EXECUTED_SUCCESSFULLY = "Hook executed successfully";
/** The `reason` and `systemMessage` of a plain-text answer with an exit code other than 0 and 2 (pre-24). */
export const nonBlockingErrorReason = (text: string): string => `Non-blocking error: ${text}`;
export const warningMessage = (text: string): string => `Warning: ${text}`;

/**
 * Context from `additionalContext`: Qwen escapes `<` and `>` before the
 * model sees it (so a hook cannot close Qwen's own framing tags).
 */
export function escapeContext(context: string): string {
  return context.replace(/</g, "&lt;").replace(/>/g, "&gt;");
}


export const USER_PROMPT_SUBMIT_CONTEXT_OPEN = "<qwen:user-prompt-submit-context>";
export const USER_PROMPT_SUBMIT_CONTEXT_CLOSE = "</qwen:user-prompt-submit-context>";
/** UserPromptSubmit context, appended to the prompt's user message with no separator (ups-01). */
export function userPromptSubmitContext(context: string): string {
  return `${USER_PROMPT_SUBMIT_CONTEXT_OPEN}\n${context}\n${USER_PROMPT_SUBMIT_CONTEXT_CLOSE}`;
}

export const SESSION_START_CONTEXT_OPEN = '<qwen:session-start-context hidden="true">';
export const SESSION_START_CONTEXT_CLOSE = "</qwen:session-start-context>";
/** SessionStart context, in the system message (ss-01). */
export function sessionStartContext(context: string): string {
  return `${SESSION_START_CONTEXT_OPEN}\nSessionStart additional context:\n${context}\n${SESSION_START_CONTEXT_CLOSE}`;
}

/** SubagentStop block: the user message the subagent gets (sub-01). */
export function subagentContinuation(reason: string): string {
  return `[Message from parent agent]: ${reason}`;
}

/** Stop blocks in a row before Qwen ends the turn anyway (stop-03). */
export const STOP_BLOCK_CAP = 8;
export function stopCapWarning(event: "Stop" | "SubagentStop", cap: number = STOP_BLOCK_CAP): string {
  return `${event === "Stop" ? "Stop hook" : "SubagentStop hook"} blocked continuation ${cap} consecutive ${cap === 1 ? "time" : "times"}; overriding and ending the turn.`;
}

/** Debug-log lines (`QWEN_DEBUG_LOG_FILE=1`); headless Qwen prints none of them (pre-37, to-01, pre-24). */
export const LOG = {
  invalidJson: (hook: string) => `Hook "${hook}" printed output that starts like a JSON object but is not valid JSON; it is ignored`,
  invalidJsonError: "Hook output is not valid JSON",
  timedOut: (seconds: number) => `Hook timed out after ${seconds}s`,
  failed: (hooks: readonly string[], event: string) => `Hook(s) [${hooks.join(", ")}] failed for event ${event}. Check debug logs for more details.`,
  systemMessage: (text: string) => `Hook system message: ${text}`,
  millisecondTimeout: (hook: string, value: number) =>
    `Hook "${hook}" sets timeout ${value}, which is read as ${value}ms: hook timeouts are in seconds, and values of 1000 or more keep their old millisecond meaning. Set it to ${value / 1000} to keep this timeout. If you meant ${value} seconds, set it to ${value * 1000}.`,
  invalidMatcher: (matcher: string, value: string, error: string) => `Invalid regex in hook matcher "${matcher}" for "${value}": ${error}`,
} as const;

/** A timeout Qwen Code hands its timer past Node's limit (qw-num-timeout-*). */
export const timerPastLimit = (ms: number): string =>
  `timeout ${ms} ms is past Node's timer limit (2147483647 ms): Qwen Code's timer fires after 1 ms, so this hook always times out and fails open`;
