/**
 * The one table of Qwen Code 0.24.4's hook events: what each corresponds to
 * in Claude Code, what its matcher is tested against, how its hooks' answers
 * are merged and what the merged answer does. Rows cite the recordings
 * (test/observer/qwen-code/observed, docs/spec/qwen-code-observed.md) or say
 * the rule was read from Qwen's bundled code only ("not driven").
 */

export const QWEN_CODE_EVENT_NAMES = [
  "PreToolUse",
  "PostToolUse",
  "PostToolUseFailure",
  "PostToolBatch",
  "Notification",
  "UserPromptSubmit",
  "UserPromptExpansion",
  "SessionStart",
  "Stop",
  "MessageDisplay",
  "SubagentStart",
  "SubagentStop",
  "PreCompact",
  "PostCompact",
  "SessionEnd",
  "SessionDelete",
  "PermissionRequest",
  "PermissionDenied",
  "StopFailure",
  "TodoCreated",
  "TodoCompleted",
  "InstructionsLoaded",
] as const;

export type QwenCodeEventName = (typeof QWEN_CODE_EVENT_NAMES)[number];

/**
 * How Qwen combines several hooks' outputs before the event reads them
 * (its `HookAggregator`): `or` = any `block`/`deny` blocks, reasons joined,
 * each `hookSpecificOutput` key from the LAST output that has it, contexts
 * joined; `simple` = later outputs' keys overwrite earlier ones, contexts
 * joined; `none` = the answers are dropped (StopFailure).
 */
export type Combination = "or" | "simple" | "none";

/** What the combined answer does (src/qwen-code/merge.ts has one function per strategy). */
export type MergeStrategy = "pre-tool-use" | "post-tool-use" | "user-prompt-submit" | "user-prompt-expansion" | "pre-compact" | "session-start" | "stop" | "subagent-stop" | "no-effect";

export interface QwenCodeEventRules {
  /** The Claude Code event of the same name (Qwen uses Claude Code's names). */
  readonly canonical: string | null;
  /** The stdin field the matcher is tested against; null: every group runs. */
  readonly matchField: "tool_name" | "source" | "agent_type" | "command_name" | null;
  readonly summary: string;
  readonly combination: Combination;
  readonly merge: MergeStrategy;
  /** Plain stdout of an exit-0 hook is context (elsewhere it is only a logged `systemMessage`). */
  readonly plainTextIsContext: boolean;
  /** Driven by the observer (recordings exist); false: read from the bundled code. */
  readonly recorded: boolean;
}

const NOT_DRIVEN = { matchField: null, combination: "simple", merge: "no-effect", plainTextIsContext: false, recorded: false } as const;

export const QWEN_CODE_EVENTS = {
  PreToolUse: {
    canonical: "PreToolUse",
    matchField: "tool_name",
    summary: "before a tool runs: the LAST decision in configuration order counts (a later allow overrides an earlier deny); the reason reaches the model verbatim; updatedInput and context are ignored",
    combination: "or",
    merge: "pre-tool-use",
    plainTextIsContext: false,
    recorded: true,
  },
  PostToolUse: {
    canonical: "PostToolUse",
    matchField: "tool_name",
    summary: "after a tool succeeded: context is appended to the tool result after a blank line; continue:false replaces the result with the stop reason; block and exit 2 are ignored",
    combination: "or",
    merge: "post-tool-use",
    plainTextIsContext: false,
    recorded: true,
  },
  PostToolUseFailure: {
    canonical: "PostToolUseFailure",
    matchField: "tool_name",
    summary: "after a tool failed (PostToolUse does not run then): context is appended to the failed result (post-09)",
    combination: "or",
    merge: "post-tool-use",
    plainTextIsContext: false,
    recorded: true,
  },
  PostToolBatch: { ...NOT_DRIVEN, canonical: "PostToolBatch", combination: "or", summary: "after a model turn's tool calls all ran (ord-01); its answers were not driven" },
  Notification: { ...NOT_DRIVEN, canonical: "Notification", summary: "a notification (`auth_success` at start-up, nt-01); its answers were not driven" },
  UserPromptSubmit: {
    canonical: "UserPromptSubmit",
    matchField: null,
    summary: "a prompt is submitted, and again (empty prompt) before each continuation: context is appended to the prompt in a `<qwen:user-prompt-submit-context>` block; a block drops the prompt silently",
    combination: "or",
    merge: "user-prompt-submit",
    plainTextIsContext: true,
    recorded: true,
  },
  UserPromptExpansion: {
    canonical: "UserPromptExpansion",
    // the command's name without "/" (its documents; every recording has one command and no matcher)
    matchField: "command_name",
    summary: "a slash command (a custom command) expanded its prompt: context is appended to the expanded prompt after a blank line; a block or continue:false ends the run before any request, exit 1 and the result error `UserPromptExpansion blocked: <reason>` (cap-userpromptexpansion-*, recorded with the lab)",
    combination: "or",
    merge: "user-prompt-expansion",
    plainTextIsContext: true,
    recorded: true,
  },
  SessionStart: {
    canonical: "SessionStart",
    matchField: "source",
    summary: "a session starts: context (JSON or plain stdout) goes into the system message in a `<qwen:session-start-context>` block; exit 2 is ignored",
    combination: "simple",
    merge: "session-start",
    plainTextIsContext: true,
    recorded: true,
  },
  Stop: {
    canonical: "Stop",
    matchField: null,
    summary: "the turn is ending: a block (or continue:false, or exit 2) sends the reason as a user message and the model answers again, at most 8 times in a row",
    combination: "or",
    merge: "stop",
    plainTextIsContext: false,
    recorded: true,
  },
  MessageDisplay: { ...NOT_DRIVEN, canonical: null, summary: "a message is displayed (not driven)" },
  SubagentStart: { ...NOT_DRIVEN, canonical: "SubagentStart", matchField: "agent_type", recorded: true, summary: "a subagent starts (sub-01): context, block, continue:false and systemMessage change nothing, the subagent's requests are as without the hook (cap-subagentstart-*, recorded with the lab)" },
  SubagentStop: {
    canonical: "SubagentStop",
    matchField: "agent_type",
    summary: "a subagent is about to stop: a block sends `[Message from parent agent]: <reason>` to the subagent, which answers again (sub-01)",
    combination: "or",
    merge: "subagent-stop",
    plainTextIsContext: false,
    recorded: true,
  },
  PreCompact: {
    canonical: "PreCompact",
    matchField: null,
    summary: "before compaction (`/compress` after a prompt; on a fresh session none runs, pc-01): context goes into the summary request's `Additional Instructions:`; block and continue:false are ignored, the summary is requested (cap-precompact-*, recorded with the lab)",
    combination: "simple",
    merge: "pre-compact",
    plainTextIsContext: false,
    recorded: true,
  },
  PostCompact: { ...NOT_DRIVEN, canonical: "PostCompact", recorded: true, summary: "after a compaction that succeeded (`/compress` once the history is worth it): context, block and continue:false change nothing, the next prompt is answered from the summary (cap-postcompact-*, recorded with the lab)" },
  SessionEnd: { ...NOT_DRIVEN, canonical: "SessionEnd", summary: "a session ends (does not run in a `-p` run, ord-01)" },
  SessionDelete: { ...NOT_DRIVEN, canonical: null, summary: "a session is deleted (not driven)" },
  PermissionRequest: { ...NOT_DRIVEN, canonical: "PermissionRequest", matchField: "tool_name", summary: "a permission prompt (never under --yolo, also not on ask: nt-01); deny beats allow here (bundle)" },
  PermissionDenied: { ...NOT_DRIVEN, canonical: "PermissionDenied", matchField: "tool_name", summary: "a permission was denied (not driven)" },
  StopFailure: { ...NOT_DRIVEN, canonical: "StopFailure", combination: "none", recorded: true, summary: "the turn ended with an error; headless only Qwen's loop guard fires it (a repeated identical tool call), and the answers are dropped: exit 1, the same result (cap-stopfailure-*, recorded with the lab)" },
  TodoCreated: { ...NOT_DRIVEN, canonical: null, combination: "or", summary: "a todo is created (not driven)" },
  TodoCompleted: { ...NOT_DRIVEN, canonical: null, combination: "or", summary: "a todo is completed (not driven)" },
  InstructionsLoaded: { ...NOT_DRIVEN, canonical: "InstructionsLoaded", recorded: true, summary: "a context file was loaded (a project QWEN context file, ~/.qwen/output-language.md: once per file): its answers change nothing (cap-instructionsloaded-*, recorded with the lab)" },
} as const satisfies Record<QwenCodeEventName, QwenCodeEventRules>;

export function isQwenCodeEvent(name: string): name is QwenCodeEventName {
  return (QWEN_CODE_EVENT_NAMES as readonly string[]).includes(name);
}
