/**
 * Every wording of Kimi Code CLI 2.1.0 that a hook's answer can produce,
 * exactly (test/observer/kimi-code/observed; the strings are also in Kimi's
 * bundled JavaScript). One place: the reader, merge, lints and docs use these.
 */

/** The block text when a blocking hook gave none (exit 2 with empty stderr, a deny without a string reason). */
export const blockedBy = (event: string): string => `Blocked by ${event} hook`;

/** What the model gets for a tool call a PreToolUse hook blocked, before the reason (km-pre-02, km-pre-03). */
export const TOOL_EXECUTION_FAILED = "<system>ERROR: Tool execution failed.</system>";
export const deniedToolResult = (reason: string): string => `${TOOL_EXECUTION_FAILED}\n${reason}`;

/** A UserPromptSubmit hook's text as the model gets it: one block per hook, the blocks of one prompt joined by a newline in one user message (km-ups-01). */
export const hookResult = (event: string, message: string): string => `<hook_result hook_event="${event}">\n${message}\n</hook_result>`;

/** What print mode shows of a UserPromptSubmit hook's text: an assistant line (km-ups-01, km-ups-02). */
export const hookNotice = (event: string, message: string, blocked: boolean): string => `${event} hook${blocked ? " blocked" : ""}\n\n${message}`;

/** The run's error on stderr when a UserPromptSubmit hook refused the prompt; the exit code is 1 (km-ups-02). */
export const PROMPT_BLOCKED = "error: failed to run prompt: Prompt hook blocked the request.";

/** Kimi's timeout for a hook with none (seconds). */
export const DEFAULT_TIMEOUT_SECONDS = 30;
