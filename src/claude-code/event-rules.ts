/**
 * How Claude Code 2.1.332 treats each of the 34 events' hook results, as far
 * as reading one result and merging several need it. Observed behaviour
 * (claude-code-observed.md) where it was measured, claude-code-hooks.md §1.2
 * (documented semantics) elsewhere; `observed` says which.
 */
import { eventInfo } from "./event-catalog.js";

/** What exit code 2 does on an event. */
export type Exit2Rule =
  /** blocks (the stderr is the blocking text) */
  | "block"
  /** a non-blocking error `[<cmd>]: <stderr>` (SessionStart: ss-03) */
  | "non-blocking"
  /** not honoured: stderr discarded, the flow is unchanged (PermissionRequest: perm-07) */
  | "ignored";

const EXIT2_BLOCKS = new Set([
  "PreToolUse", "PostToolUse", "PostToolUseFailure", "PostToolBatch", "UserPromptSubmit", "UserPromptExpansion",
  "Stop", "SubagentStop", "PreCompact", "PreModelSwitch", "TeammateIdle", "TaskCreated", "TaskCompleted",
  "Elicitation", "ElicitationResult", "ConfigChange", "WorktreeCreate", "WorktreeRemove", "PreSkillShellCommand",
]);
const EXIT2_IGNORED = new Set(["PermissionRequest", "PermissionDenied", "StopFailure", "InstructionsLoaded", "Notification"]);

export function exit2Rule(event: string): Exit2Rule {
  if (EXIT2_BLOCKS.has(event)) return "block";
  if (EXIT2_IGNORED.has(event)) return "ignored";
  return "non-blocking";
}

/**
 * Events on which `continue:false` takes effect. Discarded (§2.3): Notification,
 * MessageDisplay, PreCompact, PostCompact, ConfigChange, Elicitation*,
 * Worktree*, CwdChanged, FileChanged, DirectoryAdded, SessionEnd, StopFailure;
 * ignored by TaskCreated; observed ignored on SessionStart, PostToolUseFailure
 * and (no visible effect) SubagentStop and PermissionRequest (new-perm-allow-with-context-and-sysmsg);
 * PermissionDenied's merge reads only `retry`.
 */
const CONTINUE_HONOURED = new Set([
  "PreToolUse", "PostToolUse", "PostToolBatch", "UserPromptSubmit", "UserPromptExpansion", "Stop",
  "Setup", "SubagentStart", "PreModelSwitch", "PostModelSwitch",
  "TeammateIdle", "TaskCompleted", "PreSkillShellCommand",
]);

export function honoursContinueFalse(event: string): boolean {
  return CONTINUE_HONOURED.has(event);
}

/** Events whose hooks' plain stdout becomes model context (`<hook name> hook success: ...`). */
const PLAIN_STDOUT_IS_CONTEXT = new Set(["UserPromptSubmit", "UserPromptExpansion", "SessionStart", "PostModelSwitch"]);

export function plainStdoutIsContext(event: string): boolean {
  return PLAIN_STDOUT_IS_CONTEXT.has(event);
}

/** Events whose permission decision is read (PreToolUse-style `permissionDecision`). */
export function hasPermissionDecision(event: string): boolean {
  return event === "PreToolUse" || event === "PreSkillShellCommand" || event === "PreModelSwitch";
}

/**
 * Claude Code's name of a hook in its texts: `<Event>:<match query>` for events
 * with a matcher field (`PreToolUse:Bash`, `SessionStart:startup`), else `<Event>`.
 */
export function hookNameOf(event: string, input: Readonly<Record<string, unknown>>): string {
  const field = eventInfo(event)?.matchField ?? null;
  if (field === null) return event;
  const value = input[field];
  return typeof value === "string" && value !== "" ? `${event}:${value}` : event;
}

/** PreToolUse only: the notices of hooks that gave no verdict (pre-30/31/33/39, pre-83). */
export function emitsNoVerdictNotice(event: string): boolean {
  return event === "PreToolUse";
}
