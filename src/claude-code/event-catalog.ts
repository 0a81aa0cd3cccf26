/**
 * The 34 events of Claude Code 2.1.332 as the runner, the merge and `events` need
 * them: what a matcher is compared against, the default timeout, whether a
 * hook can block, and the `hookSpecificOutput` fields. Source:
 * docs/spec/claude-code-hooks.md §1.2 and §3.6, corrected by
 * claude-code-observed.md where they differ; the output fields are the
 * schemas' (generated/claude-code-output-shape.ts), not a copy of them.
 */
import { CLAUDE_CODE_OUTPUT_FIELDS, CLAUDE_CODE_OUTPUT_UNIONS } from "../../generated/claude-code-output-shape.js";
import type { HookEvent } from "../../generated/types.js";

export interface EventInfo {
  readonly name: string;
  /**
   * The input field a matcher is compared against (`tool_name`, `source`, ...);
   * null: the event has no matcher (a configured matcher is ignored).
   */
  readonly matchField: string | null;
  /** What the matcher values look like, for `events`. */
  readonly matchValues: string;
  /** Tool events evaluate a handler's `if` rule; on other events a hook with `if` never runs. */
  readonly toolEvent: boolean;
  /** Seconds, for command/http hooks without their own `timeout`. */
  readonly defaultTimeout: number;
  /** What a hook can stop, in words; null when it cannot block. */
  readonly blocks: string | null;
  /** The fields of its `hookSpecificOutput` variant; empty when the event has none. */
  readonly outputFields: readonly string[];
  /** Matchers of this event use the narrow exact-name alphabet (no `-`, space, `,`). */
  readonly narrowMatcher: boolean;
}

const TOOL_MATCH = "tool name (Bash, Edit|Write, mcp__server__tool, regex)";

const HOOK_SPECIFIC_FIELDS: ReadonlyMap<string, readonly string[]> = new Map(
  CLAUDE_CODE_OUTPUT_UNIONS["ClaudeCodeHookSpecificOutput"]!.variants.map((v) => [v.tag, v.fields.map((f) => f.name)]),
);

function info(
  name: HookEvent,
  matchField: string | null,
  matchValues: string,
  blocks: string | null,
  extra: Partial<Pick<EventInfo, "toolEvent" | "defaultTimeout" | "narrowMatcher">> = {},
): EventInfo {
  return {
    name,
    matchField,
    matchValues,
    blocks,
    outputFields: HOOK_SPECIFIC_FIELDS.get(name) ?? [],
    toolEvent: extra.toolEvent ?? false,
    defaultTimeout: extra.defaultTimeout ?? 600,
    narrowMatcher: extra.narrowMatcher ?? false,
  };
}

const tool = { toolEvent: true } as const;

export const EVENT_CATALOG: readonly EventInfo[] = [
  info("PreToolUse", "tool_name", TOOL_MATCH, "the tool call (deny, ask, defer; exit 2 = deny)", tool),
  info("PostToolUse", "tool_name", TOOL_MATCH, "nothing: the tool already ran; a block sends the reason to the model", tool),
  info("PostToolUseFailure", "tool_name", TOOL_MATCH, "nothing: a block sends the reason to the model", tool),
  info("PostToolBatch", null, "-", "the agentic loop (exit 2, block, continue:false stop it)"),
  info("Notification", "notification_type", "permission_prompt, idle_prompt, auth_success, elicitation_dialog, ...", null),
  info("UserPromptSubmit", null, "-", "the prompt (it is dropped, no model request)", { defaultTimeout: 30 }),
  info("UserPromptExpansion", "command_name", "command name", "the expansion"),
  info("SessionStart", "source", "startup, resume, clear, compact, fork", null),
  info("SessionEnd", "reason", "clear, resume, logout, prompt_input_exit, other", null),
  info("Stop", null, "-", "the end of the turn (the model continues with the reason)"),
  info("StopFailure", "error", "rate_limit, overloaded, authentication_failed, server_error, unknown, ...", null, { narrowMatcher: true }),
  info("SubagentStart", "agent_type", "agent type (general-purpose, Explore, Plan, ...)", null),
  info("SubagentStop", "agent_type", "agent type", "the end of the subagent (it continues with the reason)"),
  info("PreCompact", "trigger", "manual, auto", "the compaction"),
  info("PostCompact", "trigger", "manual, auto", null),
  info("PreModelSwitch", "to_model", "canonical model name", "the model switch (deny, ask; a timeout blocks)", { defaultTimeout: 30 }),
  info("PostModelSwitch", "to_model", "canonical model name", null, { defaultTimeout: 30 }),
  info("PermissionRequest", "tool_name", TOOL_MATCH, "the permission (decision.behavior deny; exit 2 is not honoured)", tool),
  info("PermissionDenied", "tool_name", TOOL_MATCH, null, tool),
  info("Setup", "trigger", "init, maintenance", null),
  info("TeammateIdle", null, "-", "the teammate going idle (it keeps working)"),
  info("TaskCreated", null, "-", "the task creation (rolled back)"),
  info("TaskCompleted", null, "-", "the task completion"),
  info("Elicitation", "mcp_server_name", "MCP server name", "the elicitation (declined)"),
  info("ElicitationResult", "mcp_server_name", "MCP server name", "the result (action becomes decline)"),
  info("ConfigChange", "source", "user_settings, project_settings, local_settings, policy_settings, skills", "the settings change (not policy_settings)"),
  info("WorktreeCreate", null, "-", "the worktree creation (any non-zero exit fails it)"),
  info("WorktreeRemove", null, "-", "the removal, if the directory still exists"),
  info("InstructionsLoaded", "load_reason", "session_start, nested_traversal, path_glob_match, include, compact", null),
  info("CwdChanged", null, "-", null),
  info("FileChanged", "file_path", "file names split on | (basename of file_path)", null, { narrowMatcher: true }),
  info("DirectoryAdded", "source", "slash_command, register_repo_root", null),
  info("MessageDisplay", null, "-", null, { defaultTimeout: 10 }),
  info("PreSkillShellCommand", "tool_name", "Bash, PowerShell", "the skill's shell command (deny, ask, defer, any updatedInput)"),
];

const BY_NAME: ReadonlyMap<string, EventInfo> = new Map(EVENT_CATALOG.map((e) => [e.name, e]));

export function eventInfo(name: string): EventInfo | undefined {
  return BY_NAME.get(name);
}

/** Top-level output fields every event accepts. */
export const COMMON_OUTPUT_FIELDS: readonly string[] = CLAUDE_CODE_OUTPUT_FIELDS.map((f) => f.name);
