/**
 * The one table of Kimi Code CLI 2.1.0's hook events: what each corresponds
 * to in Claude Code, what its matcher is tested against, and what Kimi does
 * with its hooks' answers. Rows cite the recordings
 * (test/observer/kimi-code/observed, cap/) or say the rule was read from Kimi's
 * bundled code only ("bundle"; its `externalHooks` feature); which answers
 * recordings show is the capabilities' (src/kimi-code/capabilities.ts).
 *
 * Every event runs its matched hooks at once and keeps their results in
 * CONFIGURATION order (km-pre-09: the first deny listed gives the reason,
 * whichever finished first). Only three events read them.
 */

export const KIMI_CODE_EVENT_NAMES = [
  "PreToolUse",
  "PostToolUse",
  "PostToolUseFailure",
  "PermissionRequest",
  "PermissionResult",
  "UserPromptSubmit",
  "UserPromptQueued",
  "TurnStarted",
  "Stop",
  "StopFailure",
  "Interrupt",
  "SessionStart",
  "SessionEnd",
  "SessionHeartbeat",
  "SubagentStart",
  "SubagentStop",
  "TaskStarted",
  "PreCompact",
  "PostCompact",
  "Notification",
] as const;

export type KimiCodeEventName = (typeof KIMI_CODE_EVENT_NAMES)[number];

/** What the event does with its hooks' answers (src/kimi-code/merge.ts has one function per strategy). */
export type MergeStrategy = "pre-tool-use" | "user-prompt-submit" | "stop" | "no-effect";

export interface KimiCodeEventRules {
  /** The Claude Code event it copies, or null (Kimi uses Claude Code's names where it has the event). */
  readonly canonical: string | null;
  /** The stdin field the matcher (a regular expression) is tested against; null: the match value is empty, so only an empty matcher runs. */
  readonly matchField: string | null;
  readonly summary: string;
  readonly merge: MergeStrategy;
}

const IGNORED = { merge: "no-effect" } as const;

export const KIMI_CODE_EVENTS = {
  PreToolUse: {
    canonical: "PreToolUse",
    matchField: "tool_name",
    summary: "before a tool runs: a deny or exit 2 blocks (the first in configuration order gives the reason); allow, ask, updatedInput and context are no answer; exit 1 and timeouts fail open",
    merge: "pre-tool-use",
  },
  PostToolUse: { canonical: "PostToolUse", matchField: "tool_name", summary: "after a tool succeeded: not waited for, every answer is ignored (km-post-01..03)", merge: "no-effect" },
  PostToolUseFailure: { ...IGNORED, canonical: "PostToolUseFailure", matchField: "tool_name", summary: "after a tool failed (its `error` is an object): not waited for, every answer is ignored (cap-ptuf-*)" },
  PermissionRequest: { ...IGNORED, canonical: "PermissionRequest", matchField: "tool_name", summary: "an approval is asked: not waited for, answers ignored (bundle; print mode asks nobody)" },
  PermissionResult: { ...IGNORED, canonical: null, matchField: "tool_name", summary: "an approval was resolved: answers ignored (bundle)" },
  UserPromptSubmit: {
    canonical: "UserPromptSubmit",
    matchField: "prompt",
    summary: "a prompt is submitted: a deny or exit 2 refuses it (no model request, the run fails); otherwise each exit-0 hook's `message`, or its stdout, reaches the model in a `<hook_result>` block",
    merge: "user-prompt-submit",
  },
  UserPromptQueued: { ...IGNORED, canonical: null, matchField: "prompt", summary: "a prompt is queued behind a running turn: answers ignored (bundle)" },
  TurnStarted: { ...IGNORED, canonical: null, matchField: "origin_kind", summary: "a turn starts: answers ignored (bundle)" },
  Stop: {
    canonical: "Stop",
    matchField: null,
    summary: "the turn is ending: a deny or exit 2 sends the reason as a user message and the model answers again, once per turn; `decision: block` is no answer (km-stop-01)",
    merge: "stop",
  },
  StopFailure: { ...IGNORED, canonical: "StopFailure", matchField: "error_type", summary: "the turn failed: answers ignored (cap-stopfailure-*; a block or stop cannot be told from the failed turn)" },
  Interrupt: { ...IGNORED, canonical: null, matchField: null, summary: "the turn was cancelled: answers ignored (bundle)" },
  SessionStart: { canonical: "SessionStart", matchField: "source", summary: "a session starts: waited for, but nothing of the answer reaches the model (km-ss-01)", merge: "no-effect" },
  SessionEnd: { ...IGNORED, canonical: "SessionEnd", matchField: "reason", summary: "a session ends: answers ignored (bundle)" },
  SessionHeartbeat: { ...IGNORED, canonical: null, matchField: null, summary: "every 60 s while a session is open: answers ignored (bundle)" },
  SubagentStart: { ...IGNORED, canonical: "SubagentStart", matchField: "agent_name", summary: "a subagent starts: waited for, answers ignored (cap-substart-*)" },
  SubagentStop: { ...IGNORED, canonical: "SubagentStop", matchField: "agent_name", summary: "a subagent stopped: not waited for, answers ignored (cap-substop-*)" },
  TaskStarted: { ...IGNORED, canonical: null, matchField: "kind", summary: "a background task starts: answers ignored (bundle)" },
  PreCompact: { ...IGNORED, canonical: "PreCompact", matchField: "trigger", summary: "before compaction: waited for, answers ignored (cap-precompact-*: auto compaction)" },
  PostCompact: { ...IGNORED, canonical: "PostCompact", matchField: "trigger", summary: "after compaction: answers ignored (cap-postcompact-*)" },
  Notification: { ...IGNORED, canonical: "Notification", matchField: "notification_type", summary: "a task notification: answers ignored (cap-notification-*: a background task's end)" },
} as const satisfies Record<KimiCodeEventName, KimiCodeEventRules>;

export function isKimiCodeEvent(name: string): name is KimiCodeEventName {
  return (KIMI_CODE_EVENT_NAMES as readonly string[]).includes(name);
}
