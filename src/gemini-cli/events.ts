/**
 * The one table of Gemini CLI 0.61.0's hook events: what each corresponds to
 * in Claude Code, what its matcher is tested against, how its hooks' answers
 * are merged and what a deny, a stop and a context do. Every fact cites the
 * recording that shows it (test/observer/gemini-cli/observed/<name>.json).
 *
 * Reading one hook is the same for every event (read-output.ts): JSON from
 * stdout (else stderr) whatever the exit code; plain text is allow with a
 * systemMessage on exit 0, the same with `Warning: ` on exit 1, and a deny
 * with the text on any other exit code. What that deny then does is `deny`.
 */

export const EVENT_NAMES = [
  "BeforeTool",
  "AfterTool",
  "BeforeAgent",
  "AfterAgent",
  "BeforeModel",
  "AfterModel",
  "BeforeToolSelection",
  "SessionStart",
  "SessionEnd",
  "Notification",
  "PreCompress",
] as const;

export type EventName = (typeof EVENT_NAMES)[number];

/** HookAggregator.mergeOutputs: which merge an event's outputs get (always in listing order). */
export type MergeStrategy =
  /** continue:false > deny/block > ask > allow; reasons, systemMessages, contexts joined with `\n`; hookSpecificOutput shallow-merged. */
  | "or-decision"
  /** `{...merged, ...output}` with hookSpecificOutput merged one level: later listed fields replace earlier ones whole. */
  | "field-replacement"
  /** Only hookSpecificOutput.toolConfig: NONE > ANY > AUTO, names unioned and sorted. */
  | "tool-selection"
  /** `{...merged, ...output}`: the later listed output replaces top-level fields. */
  | "simple";

/** What a merged deny/block (JSON, or plain text with exit >= 2) does. */
export type DenyEffect =
  | "tool-not-run"
  | "replaces-tool-result"
  | "prompt-not-sent"
  | "retry-with-reason"
  | "model-call-blocked"
  | "warning-only"
  | "ignored";

/** Where `hookSpecificOutput.additionalContext` goes. */
export type ContextPlacement = "dropped" | "appended-to-tool-result" | "own-part-after-prompt" | "prefixed-to-prompt";

/** How the `Agent execution blocked/stopped: ` warnings are worded: the CLI prefers the systemMessage for agent events. */
export type WarningText = "system-message-or-reason" | "reason" | "none";

export interface EventRules {
  /** The Claude Code event this one copies, or null. */
  readonly canonical: string | null;
  /** The input field the matcher is tested against, or null (no matcher). */
  readonly matchField: string | null;
  /** `regex`: `new RegExp(matcher).test(value)` (an invalid regex: exact string); `exact`: string equality. */
  readonly matchKind: "regex" | "exact" | null;
  /** Handler `timeout` default, in milliseconds. */
  readonly defaultTimeoutMs: number;
  readonly merge: MergeStrategy;
  readonly deny: DenyEffect;
  /** `continue:false`: the run ends (no further model request) or nothing happens. */
  readonly stop: "ends-run" | "ignored";
  readonly context: ContextPlacement;
  readonly warnings: WarningText;
  /** The merged systemMessage is also written verbatim to stderr (before `Hook system message: `). */
  readonly echoesSystemMessage: boolean;
  readonly summary: string;
  /** The recordings that show the row's rules. */
  readonly evidence: readonly string[];
}

const DEFAULT_TIMEOUT_MS = 60_000;

export const EVENTS = {
  BeforeTool: {
    canonical: "PreToolUse",
    matchField: "tool_name",
    matchKind: "regex",
    defaultTimeoutMs: DEFAULT_TIMEOUT_MS,
    merge: "or-decision",
    deny: "tool-not-run",
    stop: "ends-run",
    context: "dropped",
    warnings: "none",
    echoesSystemMessage: false,
    summary: "before a tool runs: deny it, ask, rewrite its whole argument object, or stop the agent",
    evidence: ["bt-15-two-deny-a-first", "bt-17-two-rewrites-a-first", "bt-46-three-reasons", "bt-64-continue-false-reason-only", "bt-60-deny-then-context", "bt-26-ask"],
  },
  AfterTool: {
    canonical: "PostToolUse",
    matchField: "tool_name",
    matchKind: "regex",
    defaultTimeoutMs: DEFAULT_TIMEOUT_MS,
    merge: "or-decision",
    deny: "replaces-tool-result",
    stop: "ends-run",
    context: "appended-to-tool-result",
    warnings: "none",
    echoesSystemMessage: false,
    summary: "after a tool ran: replace its result with the reason, add context, request a tail call, or stop",
    evidence: ["at-01-additional-context", "at-03-deny-replaces-output", "at-19-deny-no-reason", "at-09-tail-tool-call"],
  },
  BeforeAgent: {
    canonical: "UserPromptSubmit",
    matchField: null,
    matchKind: null,
    defaultTimeoutMs: DEFAULT_TIMEOUT_MS,
    merge: "or-decision",
    deny: "prompt-not-sent",
    stop: "ends-run",
    context: "own-part-after-prompt",
    warnings: "system-message-or-reason",
    echoesSystemMessage: false,
    summary: "once per prompt: block it (no model request) or add context as its own part",
    evidence: ["ba-01-additional-context", "ba-03-block-alias-no-reason", "ba-06-two-contexts", "ba-08-deny-with-system-message", "ba-04b-continue-false-json"],
  },
  AfterAgent: {
    canonical: "Stop",
    matchField: null,
    matchKind: null,
    defaultTimeoutMs: DEFAULT_TIMEOUT_MS,
    merge: "or-decision",
    deny: "retry-with-reason",
    stop: "ends-run",
    context: "dropped",
    warnings: "system-message-or-reason",
    echoesSystemMessage: false,
    summary: "after the final answer: a deny sends the reason as a new user message and the model answers again",
    evidence: ["aa-03-exit2-once-retry", "aa-08-two-deny-once", "aa-06-additional-context", "aa-04b-continue-false-json"],
  },
  BeforeModel: {
    canonical: null,
    matchField: null,
    matchKind: null,
    defaultTimeoutMs: DEFAULT_TIMEOUT_MS,
    merge: "field-replacement",
    deny: "model-call-blocked",
    stop: "ends-run",
    context: "dropped",
    warnings: "reason",
    echoesSystemMessage: false,
    summary: "before each model request: block it (optionally with a synthetic answer) or replace request fields",
    evidence: ["bm-08-exit2-stderr", "bm-03-synthetic-response", "bm-05-two-hooks-field-replacement", "bm-06b-continue-false-json"],
  },
  AfterModel: {
    canonical: null,
    matchField: null,
    matchKind: null,
    defaultTimeoutMs: DEFAULT_TIMEOUT_MS,
    merge: "field-replacement",
    deny: "warning-only",
    stop: "ends-run",
    context: "dropped",
    warnings: "reason",
    echoesSystemMessage: false,
    summary: "after each streamed chunk: replace the chunk or stop; a deny only warns",
    evidence: ["am-01-replace-text", "am-03-continue-false", "am-06-two-hooks-replacement"],
  },
  BeforeToolSelection: {
    canonical: null,
    matchField: null,
    matchKind: null,
    defaultTimeoutMs: DEFAULT_TIMEOUT_MS,
    merge: "tool-selection",
    deny: "ignored",
    stop: "ignored",
    context: "dropped",
    warnings: "none",
    echoesSystemMessage: false,
    summary: "before each model request: restrict the tools offered (toolConfig)",
    evidence: ["bts-01-mode-none", "bts-03-deny-ignored"],
  },
  SessionStart: {
    canonical: "SessionStart",
    matchField: "source",
    matchKind: "exact",
    defaultTimeoutMs: DEFAULT_TIMEOUT_MS,
    merge: "or-decision",
    deny: "ignored",
    stop: "ignored",
    context: "prefixed-to-prompt",
    warnings: "none",
    echoesSystemMessage: true,
    summary: "at startup: context is prefixed to the prompt text; deny and continue:false are ignored",
    evidence: ["ss-01-additional-context", "ss-03-system-message", "ss-05-matcher", "ss-07-exit2-stderr", "ss-09-context-escaped"],
  },
  SessionEnd: {
    canonical: "SessionEnd",
    matchField: "reason",
    matchKind: "exact",
    defaultTimeoutMs: DEFAULT_TIMEOUT_MS,
    merge: "simple",
    deny: "ignored",
    stop: "ignored",
    context: "dropped",
    warnings: "none",
    echoesSystemMessage: false,
    summary: "at exit: the output is only logged (systemMessage on stderr)",
    evidence: ["se-01-session-end"],
  },
  Notification: {
    canonical: "Notification",
    matchField: null,
    matchKind: null,
    defaultTimeoutMs: DEFAULT_TIMEOUT_MS,
    merge: "simple",
    deny: "ignored",
    stop: "ignored",
    context: "dropped",
    warnings: "none",
    echoesSystemMessage: false,
    summary: "when a confirmation is requested: the output has no visible effect",
    evidence: ["nt-01-ask-notification"],
  },
  PreCompress: {
    canonical: "PreCompact",
    matchField: "trigger",
    matchKind: "exact",
    defaultTimeoutMs: DEFAULT_TIMEOUT_MS,
    merge: "simple",
    deny: "ignored",
    stop: "ignored",
    context: "dropped",
    warnings: "none",
    echoesSystemMessage: false,
    summary: "before compression (manual, then auto): the output is only logged",
    evidence: ["pc-01-precompress-manual"],
  },
} as const satisfies Record<EventName, EventRules>;

export function isEventName(name: string): name is EventName {
  return (EVENT_NAMES as readonly string[]).includes(name);
}

/**
 * The model-facing tools whose required parameters the dialect knows: a
 * rewrite without one fails validation and the tool does not run (recorded
 * for the shell tool: bt-23, bt-50; the others from the bundle's tool
 * declarations). Other tools' rewrites are taken as valid.
 */
export const TOOL_REQUIRED_PARAMS: Readonly<Record<string, readonly string[]>> = {
  run_shell_command: ["command"],
  read_file: ["file_path"],
  write_file: ["file_path", "content"],
  list_directory: ["dir_path"],
  glob: ["pattern"],
  grep_search: ["pattern"],
  read_many_files: ["include"],
  google_web_search: ["query"],
  web_fetch: ["prompt"],
};
