/**
 * Every wording GitHub Copilot CLI 1.0.102 uses around hooks, exactly as
 * recorded (docs/spec/copilot-cli-observed.md "Texts, exactly"; scenario names in
 * test/observer/copilot-cli/observed). `<file>` is the hooks file's absolute
 * path, or `repo settings` for the project's `.claude/settings*.json`.
 */

/** How Copilot names a `.claude/settings*.json` hooks file in every text (cpre-04-exit1-stderr). */
export const CLAUDE_SETTINGS_LABEL = "repo settings";

// What the model gets for a tool call.
export const denied = (reason: string): string => `Denied by preToolUse hook: ${reason}`;
export const NO_REASON = "No reason provided";
export const askDenied = (reason: string): string => `Denied by preToolUse hook (unable to ask user for confirmation): ${reason}`;
export const EXIT_2_REASON = "hook exited with code 2";
export const erroredDenial = (file: string): string => `Denied by preToolUse hook from "${file}" (hook errored)`;
/** Rewritten args the tool cannot use: a string that is not JSON (serde_json's error: new-pre-modifiedArgs-string), or not an object. */
export const invalidInput = (error: string): string => `Invalid input: ${error}`;
export const notAnObject = (kind: string): string => `Expected JSON object but got ${kind}`;
export const preToolContext = (contexts: readonly string[]): string => `Additional context from preToolUse hook:\n${contexts.join("\n\n")}`;
export const postToolContext = (result: string, tool: string, contexts: readonly string[]): string =>
  `${result}\n\nTool "${tool}" succeeded. Additional guidance from postToolUse hooks:\n${contexts.join("\n\n")}`;
export const toolResultBlocked = (reason: string): string => `Tool result blocked: ${reason}`;
export const failureContext = (tool: string, contexts: readonly string[]): string =>
  `Tool "${tool}" failed. Additional guidance from postToolUseFailure hooks:\n${contexts.join("\n\n")}`;
export const permissionDenied = (message: string): string => `Permission denied by a PermissionRequest hook: ${message}`;
export const PERMISSION_DEFAULT_MESSAGE = "Permission denied by hook.";
/** The merged `message` of a permissionRequest hook that failed (new-perm-exit1). */
export const PERMISSION_HOOK_FAILED = "Permission request hook failed";
export const NO_APPROVER =
  "Permission denied because no interactive user response was available. Retry in an interactive session so the user can approve it, or try an alternative that does not require this permission.";

// What the model gets in other messages.
/** Appended to the prompt's own user message (ups-01-additionalContext). */
export const promptReminder = (context: string): string => `\n\n<system_reminder>\n${context}\n</system_reminder>`;
export const sessionContext = (contexts: readonly string[]): string => contexts.join("\n\n");

// What the user is shown (the CLI's log; `[LEVEL] message`, the `[rust:…]` target left out).
export const hookCommandFailed = (exit: number): string => `Error: Hook command failed with code ${exit}`;
/** The hook run's error text: the failure, then the stderr when there is some (cpre-04-exit1-stderr). */
export const hookRunError = (exit: number, stderr: string): string => (stderr === "" ? hookCommandFailed(exit) : `${hookCommandFailed(exit)}\nStderr: ${stderr}`);
export const hookTimedOut = (seconds: number, command: string): string => `HookTimeoutError: Hook command timed out after ${seconds} seconds: ${command}`;
export const preToolFailClosedNotice = (file: string, exit: number): string => `[ERROR] Error in preToolUse hook from "${file}" (fail-closed): ${hookCommandFailed(exit)}`;
export const errorInEventNotice = (event: string, file: string, exit: number): string => `[ERROR] Error in ${event} hook from "${file}": ${hookCommandFailed(exit)}`;
export const executionFailedNotice = (file: string, exit: number): string => `[ERROR] Hook from "${file}" execution failed: ${hookCommandFailed(exit)}`;
export const permissionFailClosedNotice = (file: string, exit: number): string => `[ERROR] Hook from "${file}" execution failed (fail-closed): ${hookCommandFailed(exit)}`;
/** The subject and what proceeds are the event's (EventRules.timeoutWarning): pre-16-timeout, new-blind-post-timeout, new-blind2-ups-timeout. */
export const timeoutNotice = (subject: string, file: string, proceeds: string, seconds: number, command: string): string =>
  `[WARNING] ${subject} from "${file}" timed out; allowing ${proceeds} to proceed: ${hookTimedOut(seconds, command)}`;
export const toolResultBlockedNotice = (file: string, reason: string): string => `[WARNING] Tool result blocked by hook from "${file}": ${reason}`;
export const promptBlockedNotice = (reason: string): string => `[WARNING] Prompt blocked by hook: ${reason}`;
/** Exit 2 where it cannot block: two lines (post-04-exit2-stderr, ups-04-exit2-stderr). */
export const exit2WarningNotices = (stderr: string): string[] => [`[WARNING] Hook warning: ${stderr}`, `[WARNING] ${stderr}`];
export const stopCapNotice = (times: number): string => `[WARNING] Agent stop hook blocked ${times} consecutive times; ending turn.`;
export const invalidMatcherNotice = (event: string, matcher: string): string => `[ERROR] Invalid matcher regex in ${event} hook: '${matcher}' — hook will be skipped`;
