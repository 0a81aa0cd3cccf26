/**
 * Every wording of Factory droid 0.215.0 that a hook's answer can produce,
 * exactly (test/observer/droid/observed; the strings are also in droid's
 * bundled JavaScript). One place: the reader, merge, lints and docs use these.
 */

/** droid prefixes every tool error the model gets. */
export const TOOL_ERROR_PREFIX = "Error: ";

/** PreToolUse deny without (or with an empty) permissionDecisionReason (pre-03). */
export const DENIED_BY_HOOK = "Tool execution denied by hook";
/** PreToolUse exit 2 without stderr (pre-05b). */
export const BLOCKED_BY_HOOK = "Tool execution blocked by hook";

/** The tool message of a denied call: `Error: <reason>` (pre-09b, pre-12). */
export function toolError(reason: string): string {
  return `${TOOL_ERROR_PREFIX}${reason}`;
}

/** PreToolUse: the first configured exit-1 hook's stderr, verbatim, before the tool's own result (pre-06, pre-14h). */
export function prefixedToolResult(warning: string, toolOutput: string): string {
  return `${warning}\n\n${toolOutput}`;
}

/** PostToolUse exit 2: a user message `[Hook Feedback] <stderr>` (post-08). */
export const POST_TOOL_USE_FEEDBACK_PREFIX = "[Hook Feedback]";
/** PostToolUse exit 2 without stderr (post-03b). */
export const POST_TOOL_USE_REPORTED_ISSUE = "PostToolUse hook reported an issue";

export function postToolUseFeedback(stderr: string): string {
  return `${POST_TOOL_USE_FEEDBACK_PREFIX} ${stderr === "" ? POST_TOOL_USE_REPORTED_ISSUE : stderr}`;
}

/** UserPromptSubmit exit 2 / continue:false when the hook gave no stderr, stopReason or systemMessage. */
export const PROMPT_BLOCKED_BY_HOOK = "User prompt submission blocked by hook";
/** UserPromptSubmit exit 3 without stderr. */
export const PROMPT_ABORTED_BY_HOOK = "User prompt submission aborted by hook";

/** Stop exit 2 without stderr: the continuation message. */
export const STOP_CONTINUATION = "Stop hook requested continuation";

/** The default stop reasons droid keeps internally (shown nowhere headless). */
export const HOOK_REQUESTED_STOP = "Hook requested to stop execution";
export const STOP_HOOK_IMMEDIATE_STOP = "Hook requested immediate stop";

/** droid's debug-log line for stdout that starts with `{` but does not parse (the output is then ignored). */
export const JSON_PARSE_FAILED = "[Hooks] Failed to parse JSON output from hook";

/**
 * Texts the interactive TUI adds as user-only messages. Headless droid
 * (`droid exec`, stream-json and JSON-RPC) shows none of them (pre-17,
 * post-06b), so the merge never reports them as notices; the lints and docs name them.
 */
export const TUI_ONLY = {
  postToolUseSystemMessage: (message: string) => `Hook warning: ${message}`,
  postToolUseWarning: (stderr: string) => `[Hook Warning] ${stderr}`,
  stopSystemMessage: (message: string) => `Hook message: ${message}`,
  stopWarning: (stderr: string) => `Stop hook warning: ${stderr}`,
  stopHook: (reason: string) => `Stop hook: ${reason}`,
} as const;

/** The hook batch droid records: `<event>[<match value>]`, or the bare event when it has none. */
export function hookBatchName(event: string, matchValue: string | null): string {
  return matchValue === null || matchValue === "" ? event : `${event}[${matchValue}]`;
}

/** A timeout droid's timer cannot hold (dr-num-timeout-*). */
export const timerPastLimit = (seconds: number): string =>
  `timeout ${seconds} s is past Node's timer limit (2147483.647 s): droid's timer fires at once: the hook is marked failed (exit 1) and, in 2 of 7 recorded runs, killed before it answered, its deny lost`;
