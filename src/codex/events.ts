/**
 * Codex CLI 0.171.0's hook events: the one table of what each event is and
 * how Codex reads and merges its hooks' answers. Rows of events the observer
 * could not drive (`driven: false`) follow the schemas Codex embeds and the
 * texts in its binary; docs/codex.md says so per rule.
 */
import type { Validator } from "../../generated/validators/validator.js";
import * as validators from "../../generated/validators/codex.js";

export const CODEX_EVENT_NAMES = [
  "PreToolUse",
  "PermissionRequest",
  "PostToolUse",
  "PreCompact",
  "PostCompact",
  "SessionStart",
  "UserPromptSubmit",
  "Stop",
  "SubagentStart",
  "SubagentStop",
  "SessionEnd",
  "Interrupt",
] as const;

export type CodexEventName = (typeof CODEX_EVENT_NAMES)[number];

/**
 * How one hook's valid JSON output is judged (src/codex/read-output.ts):
 * which keys act, which are refused as unsupported.
 */
export type OutputReading =
  | "pre-tool-use"
  | "permission-request"
  | "post-tool-use"
  | "block-decision" // UserPromptSubmit, Stop, SubagentStop: decision:block + reason
  | "context" // SessionStart, SubagentStart: additionalContext, continue:false
  | "universal" // PreCompact, PostCompact: continue/stopReason/systemMessage only
  | "system-message" // Interrupt
  | "none"; // SessionEnd: output not read

/** How the event's runs combine (src/codex/merge.ts). */
export type MergeStrategy =
  | "tool-gate" // any block wins, first configured reason; last-completed rewrite
  | "permission" // deny beats allow; neither: the client is asked
  | "tool-output" // blocks and stops replace the tool output, joined in configured order
  | "prompt" // a block or stop keeps the prompt from the model; else contexts
  | "continuation" // blocks continue the turn as one user message; continue:false wins
  | "context" // contexts; continue:false ends the turn before the model
  | "notify"; // no model-facing effect

/** Exit 2: a block with the trimmed stderr (`missing` names what an empty stderr lacks), or a plain failure. */
export type Exit2Rule = { readonly kind: "block"; readonly missing: string } | { readonly kind: "error" };

export interface CodexEventRules {
  /** The Claude Code event this one copies, or null. */
  readonly canonical: string | null;
  readonly summary: string;
  /** Recorded by the observer (test/observer/codex); false: known from the binary only. */
  readonly driven: boolean;
  /** The hook run's `eventName` (app-server). */
  readonly runName: string;
  /** The hook run id's first part. */
  readonly idPrefix: string;
  /** The stdin keys Codex writes, in its wire order (the recorded payloads; the event's input schema lists them as `required`). */
  readonly stdinKeys: readonly string[];
  /** The input field matchers are matched against (regex, case-sensitive), or null: matchers are not used. */
  readonly matchField: "tool_name" | "source" | null;
  /** The hook run id ends with `:<tool_use_id>`. */
  readonly idHasCallId: boolean;
  /** Seconds, when the handler sets no `timeout`. */
  readonly defaultTimeoutSec: number;
  /** `<kind>` of `hook returned invalid <kind> JSON output`, or null when stdout is not read. */
  readonly invalidKind: string | null;
  /** The validator of the event's strict output schema, or null when stdout is not read. */
  readonly validateOutput: Validator<unknown> | null;
  /** Exit 0 with text that does not start like JSON. */
  readonly plainText: "ignored" | "context" | "invalid" | "non-json-error";
  readonly exit2: Exit2Rule;
  /** A JSON block/deny reason is trimmed before use (exit 2's stderr always is): PreToolUse, PermissionRequest, Stop yes (cx-pre-padded-reason, cx-perm-deny-padded-message, cx-stop-reason-markup); PostToolUse, UserPromptSubmit verbatim (cx-post-block-padded, cx-ups-block-padded-reason). */
  readonly trimsReason: boolean;
  readonly reading: OutputReading;
  readonly merge: MergeStrategy;
}

const DEFAULT_TIMEOUT = 600;

export const CODEX_EVENTS = {
  PreToolUse: {
    canonical: "PreToolUse",
    stdinKeys: ["session_id", "turn_id", "transcript_path", "cwd", "hook_event_name", "model", "permission_mode", "tool_name", "tool_input", "tool_use_id"],
    summary: "before a tool runs: a deny/block with a reason blocks it, allow + updatedInput rewrites it",
    driven: true,
    runName: "preToolUse",
    idPrefix: "pre-tool-use",
    matchField: "tool_name",
    idHasCallId: true,
    defaultTimeoutSec: DEFAULT_TIMEOUT,
    invalidKind: "pre-tool-use",
    validateOutput: validators.validateCodexPreToolUseHookOutput,
    plainText: "ignored",
    exit2: { kind: "block", missing: "a blocking reason" },
    trimsReason: true,
    reading: "pre-tool-use",
    merge: "tool-gate",
  },
  PermissionRequest: {
    canonical: "PermissionRequest",
    stdinKeys: ["session_id", "turn_id", "transcript_path", "cwd", "hook_event_name", "model", "permission_mode", "tool_name", "tool_input"],
    summary: "when Codex would ask the client to approve an escalated call: allow or deny without asking",
    driven: true,
    runName: "permissionRequest",
    idPrefix: "permission-request",
    matchField: "tool_name",
    idHasCallId: true,
    defaultTimeoutSec: DEFAULT_TIMEOUT,
    invalidKind: "permission-request",
    validateOutput: validators.validateCodexPermissionRequestHookOutput,
    plainText: "ignored",
    exit2: { kind: "block", missing: "a denial reason" },
    trimsReason: true,
    reading: "permission-request",
    merge: "permission",
  },
  PostToolUse: {
    canonical: "PostToolUse",
    stdinKeys: ["session_id", "turn_id", "transcript_path", "cwd", "hook_event_name", "model", "permission_mode", "tool_name", "tool_input", "tool_response", "tool_use_id"],
    summary: "after a tool ran: a block replaces the output the model gets",
    driven: true,
    runName: "postToolUse",
    idPrefix: "post-tool-use",
    matchField: "tool_name",
    idHasCallId: true,
    defaultTimeoutSec: DEFAULT_TIMEOUT,
    invalidKind: "post-tool-use",
    validateOutput: validators.validateCodexPostToolUseHookOutput,
    plainText: "ignored",
    exit2: { kind: "block", missing: "feedback" },
    trimsReason: false,
    reading: "post-tool-use",
    merge: "tool-output",
  },
  PreCompact: {
    canonical: "PreCompact",
    stdinKeys: ["session_id", "turn_id", "transcript_path", "cwd", "hook_event_name", "model", "trigger"],
    summary: "before a compaction (recorded: an auto-compaction, cap-precompact-*)",
    driven: true,
    runName: "preCompact",
    idPrefix: "pre-compact",
    matchField: null,
    idHasCallId: false,
    defaultTimeoutSec: DEFAULT_TIMEOUT,
    // the binary's generic `hook returned invalid {event name} hook JSON output` (recorded: cap-precompact-block)
    invalidKind: "PreCompact hook",
    validateOutput: validators.validateCodexPreCompactHookOutput,
    plainText: "ignored",
    exit2: { kind: "error" },
    trimsReason: false,
    reading: "universal",
    merge: "notify",
  },
  PostCompact: {
    canonical: "PostCompact",
    stdinKeys: ["session_id", "turn_id", "transcript_path", "cwd", "hook_event_name", "model", "trigger"],
    summary: "after a compaction (recorded: an auto-compaction, cap-postcompact-*)",
    driven: true,
    runName: "postCompact",
    idPrefix: "post-compact",
    matchField: null,
    idHasCallId: false,
    defaultTimeoutSec: DEFAULT_TIMEOUT,
    // the binary's generic `hook returned invalid {event name} hook JSON output` (recorded: cap-precompact-block)
    invalidKind: "PostCompact hook",
    validateOutput: validators.validateCodexPostCompactHookOutput,
    plainText: "ignored",
    exit2: { kind: "error" },
    trimsReason: false,
    reading: "universal",
    merge: "notify",
  },
  SessionStart: {
    canonical: "SessionStart",
    stdinKeys: ["session_id", "transcript_path", "cwd", "hook_event_name", "model", "permission_mode", "source"],
    summary: "when a session starts: context before the prompt; continue:false ends the turn",
    driven: true,
    runName: "sessionStart",
    idPrefix: "session-start",
    matchField: "source",
    idHasCallId: false,
    defaultTimeoutSec: DEFAULT_TIMEOUT,
    invalidKind: "session start",
    validateOutput: validators.validateCodexSessionStartHookOutput,
    plainText: "context",
    exit2: { kind: "error" },
    trimsReason: false,
    reading: "context",
    merge: "context",
  },
  UserPromptSubmit: {
    canonical: "UserPromptSubmit",
    stdinKeys: ["session_id", "turn_id", "transcript_path", "cwd", "hook_event_name", "model", "permission_mode", "prompt"],
    summary: "before the prompt reaches the model: a block or stop keeps it from the model",
    driven: true,
    runName: "userPromptSubmit",
    idPrefix: "user-prompt-submit",
    matchField: null,
    idHasCallId: false,
    defaultTimeoutSec: DEFAULT_TIMEOUT,
    invalidKind: "user prompt submit",
    validateOutput: validators.validateCodexUserPromptSubmitHookOutput,
    plainText: "context",
    exit2: { kind: "block", missing: "a blocking reason" },
    trimsReason: false,
    reading: "block-decision",
    merge: "prompt",
  },
  Stop: {
    canonical: "Stop",
    stdinKeys: ["session_id", "turn_id", "transcript_path", "cwd", "hook_event_name", "model", "permission_mode", "stop_hook_active", "last_assistant_message"],
    summary: "when the turn would end: a block continues it with the reason as a user message",
    driven: true,
    runName: "stop",
    idPrefix: "stop",
    matchField: null,
    idHasCallId: false,
    defaultTimeoutSec: DEFAULT_TIMEOUT,
    invalidKind: "stop hook",
    validateOutput: validators.validateCodexStopHookOutput,
    plainText: "invalid",
    exit2: { kind: "block", missing: "a continuation prompt" },
    trimsReason: true,
    reading: "block-decision",
    merge: "continuation",
  },
  SubagentStart: {
    canonical: "SubagentStart",
    stdinKeys: ["session_id", "turn_id", "transcript_path", "cwd", "hook_event_name", "model", "permission_mode", "agent_id", "agent_type"],
    summary: "when a subagent starts (recorded: spawn_agent, cap-subagentstart-*; continue:false is not read)",
    driven: true,
    runName: "subagentStart",
    idPrefix: "subagent-start",
    matchField: null,
    idHasCallId: false,
    defaultTimeoutSec: DEFAULT_TIMEOUT,
    invalidKind: "subagent start",
    validateOutput: validators.validateCodexSubagentStartHookOutput,
    plainText: "context",
    exit2: { kind: "error" },
    trimsReason: false,
    reading: "context",
    merge: "context",
  },
  SubagentStop: {
    canonical: "SubagentStop",
    // in the order Codex writes them (cx-sub-subagentstop-silent)
    stdinKeys: ["session_id", "turn_id", "transcript_path", "agent_transcript_path", "cwd", "hook_event_name", "model", "permission_mode", "stop_hook_active", "agent_id", "agent_type", "last_assistant_message"],
    summary: "when a subagent's turn ends: a block sends the reason to the subagent, which goes on (recorded: cx-sub-subagentstop-block-once)",
    driven: true,
    runName: "subagentStop",
    idPrefix: "subagent-stop",
    matchField: null,
    idHasCallId: false,
    defaultTimeoutSec: DEFAULT_TIMEOUT,
    invalidKind: "subagent stop hook",
    validateOutput: validators.validateCodexSubagentStopHookOutput,
    plainText: "invalid",
    exit2: { kind: "block", missing: "a continuation prompt" },
    trimsReason: true,
    reading: "block-decision",
    merge: "continuation",
  },
  SessionEnd: {
    canonical: "SessionEnd",
    stdinKeys: ["session_id", "transcript_path", "cwd", "hook_event_name", "reason"],
    summary: "when a session ends; its output is not read (recorded: no hook run is reported, cap-sessionend-*)",
    driven: true,
    runName: "sessionEnd",
    idPrefix: "session-end",
    matchField: null,
    idHasCallId: false,
    defaultTimeoutSec: DEFAULT_TIMEOUT,
    invalidKind: null,
    validateOutput: null,
    plainText: "ignored",
    exit2: { kind: "error" },
    trimsReason: false,
    reading: "none",
    merge: "notify",
  },
  Interrupt: {
    canonical: null,
    stdinKeys: ["session_id", "turn_id", "transcript_path", "cwd", "hook_event_name", "model", "permission_mode"],
    summary: "when the user interrupts a turn; only systemMessage (not driven)",
    driven: false,
    runName: "interrupt",
    idPrefix: "interrupt",
    matchField: null,
    idHasCallId: false,
    defaultTimeoutSec: DEFAULT_TIMEOUT,
    invalidKind: "interrupt hook",
    validateOutput: validators.validateCodexInterruptHookOutput,
    plainText: "non-json-error",
    exit2: { kind: "error" },
    trimsReason: false,
    reading: "system-message",
    merge: "notify",
  },
} as const satisfies Record<CodexEventName, CodexEventRules>;

export function isCodexEvent(name: string): name is CodexEventName {
  return (CODEX_EVENT_NAMES as readonly string[]).includes(name);
}

export function codexEvent(name: CodexEventName): CodexEventRules {
  return CODEX_EVENTS[name];
}
