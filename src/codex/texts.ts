/**
 * Every wording of Codex CLI 0.171.0 the dialect reproduces: what the model
 * gets, what a hook run's entries say, why a hook failed. Recorded texts cite
 * a recording (test/observer/codex/observed/); "(binary)" marks texts read
 * from the executable and not reached by a recording.
 */

/** `hook returned invalid <kind> JSON output` (pre-08b, post-06, perm-12, stop-06, ups: binary). */
export const invalidJsonOutput = (kind: string): string => `hook returned invalid ${kind} JSON output`;

/** A non-zero exit other than 2, and exit 2 where it cannot block (pre-06, ss-03). */
export const exitedWithCode = (code: number): string => `hook exited with code ${code}`;

/** Killed at its timeout (cx-pre-timeout). */
export const timedOut = (seconds: number): string => `hook timed out after ${seconds}s`;

/** Ended by a signal, no exit code (cx-pre-killed-by-signal). */
export const EXITED_WITHOUT_STATUS = "hook exited without a status code";

/** Exit 2 with empty (or whitespace-only) stderr: `<what>` is the event's word for a reason (cx-pre-exit2-no-stderr, cx-post-exit2-no-stderr, cx-ups-exit2-no-stderr, cx-perm-exit2-no-stderr; Stop: binary). */
export const exit2WithoutStderr = (event: string, what: string): string => `${event} hook exited with code 2 but did not write ${what} to stderr`;

/** An output key or value the event refuses at run time (pre-01, pre-14b, pre-17, pre-17c, cx-post-mcp-output, cx-perm-deny-interrupt). */
export const unsupported = (event: string, what: string): string => `${event} hook returned unsupported ${what}`;

/** A block without a non-empty reason (pre-15b, post-02b, ups-02b). */
export const blockWithoutReason = (event: string): string => `${event} hook returned decision:block without a non-empty reason`;

/** A PreToolUse deny without a non-empty reason (pre-03, cx-pre-null-reason-deny, cx-pre-whitespace-reason). */
export const DENY_WITHOUT_REASON = "PreToolUse hook returned permissionDecision:deny without a non-empty permissionDecisionReason";

/** `reason` with no `decision` (cx-pre-reason-without-decision; PostToolUse: binary). */
export const reasonWithoutDecision = (event: string): string => `${event} hook returned reason without decision`;

/** cx-pre-pdr-without-decision. */
export const DECISION_REASON_WITHOUT_DECISION = "PreToolUse hook returned permissionDecisionReason without permissionDecision";

/** cx-pre-updatedinput-without-allow. */
export const UPDATED_INPUT_WITHOUT_ALLOW = "PreToolUse hook returned updatedInput without permissionDecision:allow";

/** Interrupt's stdout must be JSON (binary). */
export const INTERRUPT_NON_JSON = "Interrupt hook returned non-JSON stdout";

/** What the model gets for a PreToolUse block: `R` is the trimmed reason or stderr (pre-04, pre-11b, cx-pre-padded-reason). */
export const preToolUseBlocked = (reason: string, command: string): string => `Command blocked by PreToolUse hook: ${reason}. Command: ${command}`;

/** The same for a tool other than the shell (a subagent tool, `spawn_agent`): its name instead of a command (cx-sub-pre-deny-spawn-tool). */
export const preToolUseToolBlocked = (reason: string, tool: string): string => `Tool call blocked by PreToolUse hook: ${reason}. Tool: ${tool}`;

/** The winning rewrite has no string `command`: the tool does not run and the model gets this (pre-10b). */
export const REWRITE_WITHOUT_COMMAND = "hook returned updatedInput without string field `command`";

/** PostToolUse blocks and stops replace the tool output, joined in configured order (post-08, cx-post-stop-and-block). */
export const POST_TOOL_USE_JOIN = "\n\n";

/** PostToolUse `continue:false` without a stopReason (cx-post-stop-no-reason). */
export const POST_TOOL_USE_STOPPED = "PostToolUse hook stopped execution";

/** A PermissionRequest deny without a message (perm-03). */
export const PERMISSION_DENIED_DEFAULT = "PermissionRequest hook denied approval";

/**
 * Rust's `{:?}` of a string: quotes, backslashes and control characters
 * escaped (cx-perm-deny-quote-newline shows `"`, `\` and a newline).
 */
export function rustDebugString(text: string): string {
  let out = '"';
  for (const ch of text) {
    const code = ch.codePointAt(0)!;
    if (ch === '"') out += '\\"';
    else if (ch === "\\") out += "\\\\";
    else if (ch === "\n") out += "\\n";
    else if (ch === "\r") out += "\\r";
    else if (ch === "\t") out += "\\t";
    else if (ch === "\0") out += "\\0";
    else if (code < 0x20 || code === 0x7f) out += `\\u{${code.toString(16)}}`;
    else out += ch;
  }
  return out + '"';
}

/** What the model gets for a PermissionRequest deny: the message inside two levels of Rust Debug (perm-03, perm-04b, cx-perm-deny-quote-newline). */
export const permissionRejected = (message: string): string =>
  `exec_command failed: CreateProcess { message: ${rustDebugString(`Rejected(${rustDebugString(message)})`)} }`;

/** `<`, `>`, `&` escaped, quotes kept (cx-stop-reason-markup). */
const escapeMarkup = (text: string): string => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

/** One Stop continuation prompt (the reason trimmed, markup escaped); several are joined with a newline into one user message (stop-01, stop-05, cx-stop-reason-markup). */
export const hookPrompt = (hookRunId: string, reason: string): string => `<hook_prompt hook_run_id="${escapeMarkup(hookRunId)}">${escapeMarkup(reason)}</hook_prompt>`;
export const HOOK_PROMPT_JOIN = "\n";

/** A hook run's id: `<event-kebab>:<displayOrder>:<sourcePath>`, plus `:<call_id>` on tool events (pre-11b, stop-01). */
export const hookRunId = (eventKebab: string, displayOrder: number, sourcePath: string, callId: string | null): string =>
  `${eventKebab}:${displayOrder}:${sourcePath}${callId === null ? "" : `:${callId}`}`;

/** The entry kinds of a hook run, as `<kind>: <text>` in notices (every recording's hook_runs). */
export type EntryKind = "warning" | "context" | "feedback" | "stop" | "error";
export const entryText = (kind: EntryKind, text: string): string => `${kind}: ${text}`;

/** A project layer whose project is not trusted (pre-25b: Codex's configWarning). */
export const untrustedProject = (codexDir: string, projectDir: string, userConfig: string): string =>
  `Project-local config, hooks, and exec policies are disabled in the following folders until the project is trusted, but skills still load.\n    1. ${codexDir}\n       To load project-local config, hooks, and exec policies, add ${projectDir} as a trusted project in ${userConfig}.\n`;

/** A matcher that is not a regex: Codex drops the handler (cx-pre-matcher-invalid-regex; the regex error after the colon is Rust's, ours is JavaScript's). */
export const invalidMatcher = (matcher: string, file: string, why: string): string => `invalid matcher ${JSON.stringify(matcher)} in ${file}: ${why}`;

/** Ours: an event name Codex does not have. */
export const noSuchEvent = (event: string): string => `Codex CLI 0.171.0 has no hook event "${event}"`;

/** Both forms in one layer (cx-both-representations). */
export const bothRepresentations = (jsonPath: string, tomlPath: string): string =>
  `loading hooks from both ${jsonPath} and ${tomlPath}; prefer a single representation for this layer`;

/**
 * The reason the intent writer gives a deny that has none: Codex refuses a
 * reason-less deny (the hook run fails and the tool runs), so a converted
 * deny must carry words. Claude Code's own fallback text, for the same meaning.
 */
export const DEFAULT_DENY_REASON = "Blocked by hook";

/** A hooks.json serde refuses: Codex warns and runs none of its hooks (cx-cfg-timeout-string, cx-cfg-file-extra-unknown). */
export const hooksFileRejected = (file: string, why: string): string => `failed to parse hooks config ${file}: ${why}; Codex runs no hook of this file`;
/** A config.toml whose [hooks] serde refuses: Codex uses its defaults instead of the whole file (cx-cfg-features-hooks-string-false). */
export const configTomlRejected = (file: string, why: string): string => `${file}: ${why}; Codex sets the whole config.toml aside ("Invalid configuration; using defaults."), none of its hooks run`;
/** `[features] hooks = false`: Codex runs no hook (cx-cfg-features-hooks-false). */
export const hooksFeatureOff = (file: string): string => `${file}: [features] hooks = false: Codex runs no hook`;
/** A `[features] hooks` that is not a boolean: Codex sets the whole config.toml aside. */
export const hooksFeatureInvalid = (file: string, value: string): string => `${file}: [features] hooks = ${value} is not a boolean; Codex sets the whole config.toml aside ("Invalid configuration; using defaults.")`;

/** serde's words for a timeout it cannot read as u64 (measured: cx-num-json-*, cx-cfg-timeout-negative). */
export const SERDE_NUMBER_AS_MAP = "invalid type: map, expected u64 (Codex's reader takes a timeout only as a whole number of seconds written without a fraction or an exponent, 0 to 18446744073709551615)";
export const serdeNegativeInteger = (literal: string): string => `invalid value: integer \`${literal}\`, expected u64`;
export const serdeNotU64 = (what: string): string => `invalid type: ${what}, expected u64`;
export const serdeTomlFloat = (literal: string): string => `invalid type: floating point \`${literal}\`, expected u64 (a TOML timeout must be an integer)`;
/** The TOML reader's words for an integer past 64 bits (src/core/toml.ts), which Codex's timeout check repeats. */
export { tomlIntegerOutOfRange } from "../core/toml.js";
/** A timeout Codex 0.171.0 reads but panics on while loading hooks (cx-num-json-i64-max-plus-1). */
export const timeoutCrashesCodex = (seconds: string): string =>
  `timeout ${seconds} is above 9223372036854775807: Codex 0.171.0 panics while loading hooks ("normalized hook identity should serialize to TOML"), so no hook and no turn runs`;
/** A timeout of 0 (or -0): Codex raises it to 1 s (cx-num-json-zero-slow-hook). */
export const timeoutRaisedToOne = (literal: string): string => `timeout ${literal} is read as 1 s: Codex raises it, and a slower hook is killed and fails open`;
