/**
 * What a hook of each event receives on stdin, typed: Claude Code 2.1.332's event
 * inputs (generated/types.ts), with a tool event's `tool_input` narrowed by its
 * `tool_name` through {@link ToolInputs}.
 */
import type {
  ConfigChangeHookInput,
  CwdChangedHookInput,
  DirectoryAddedHookInput,
  ElicitationHookInput,
  ElicitationResultHookInput,
  FileChangedHookInput,
  InstructionsLoadedHookInput,
  MessageDisplayHookInput,
  NotificationHookInput,
  PermissionDeniedHookInput,
  PermissionRequestHookInput,
  PostCompactHookInput,
  PostModelSwitchHookInput,
  PostToolBatchHookInput,
  PostToolUseHookInput,
  PostToolUseFailureHookInput,
  PreCompactHookInput,
  PreModelSwitchHookInput,
  PreSkillShellCommandHookInput,
  PreToolUseHookInput,
  SessionEndHookInput,
  SessionStartHookInput,
  SetupHookInput,
  StopHookInput,
  StopFailureHookInput,
  SubagentStartHookInput,
  SubagentStopHookInput,
  TaskCompletedHookInput,
  TaskCreatedHookInput,
  TeammateIdleHookInput,
  UserPromptExpansionHookInput,
  UserPromptSubmitHookInput,
  WorktreeCreateHookInput,
  WorktreeRemoveHookInput,
} from "../../generated/types.js";
import type { ToolInputOf, ToolInputs } from "./tool-inputs.js";
import type { TOOL_EVENTS } from "./events.js";

/** Each event's stdin as Claude Code sends it. */
export interface HookInputs {
  PreToolUse: PreToolUseHookInput;
  PostToolUse: PostToolUseHookInput;
  PostToolUseFailure: PostToolUseFailureHookInput;
  PostToolBatch: PostToolBatchHookInput;
  Notification: NotificationHookInput;
  UserPromptSubmit: UserPromptSubmitHookInput;
  UserPromptExpansion: UserPromptExpansionHookInput;
  SessionStart: SessionStartHookInput;
  SessionEnd: SessionEndHookInput;
  Stop: StopHookInput;
  StopFailure: StopFailureHookInput;
  SubagentStart: SubagentStartHookInput;
  SubagentStop: SubagentStopHookInput;
  PreCompact: PreCompactHookInput;
  PostCompact: PostCompactHookInput;
  PreModelSwitch: PreModelSwitchHookInput;
  PostModelSwitch: PostModelSwitchHookInput;
  PermissionRequest: PermissionRequestHookInput;
  PermissionDenied: PermissionDeniedHookInput;
  Setup: SetupHookInput;
  TeammateIdle: TeammateIdleHookInput;
  TaskCreated: TaskCreatedHookInput;
  TaskCompleted: TaskCompletedHookInput;
  Elicitation: ElicitationHookInput;
  ElicitationResult: ElicitationResultHookInput;
  ConfigChange: ConfigChangeHookInput;
  WorktreeCreate: WorktreeCreateHookInput;
  WorktreeRemove: WorktreeRemoveHookInput;
  InstructionsLoaded: InstructionsLoadedHookInput;
  CwdChanged: CwdChangedHookInput;
  FileChanged: FileChangedHookInput;
  DirectoryAdded: DirectoryAddedHookInput;
  MessageDisplay: MessageDisplayHookInput;
  PreSkillShellCommand: PreSkillShellCommandHookInput;
}

export type HookEventName = keyof HookInputs;

/** The events whose input names a tool (`tool_name`, `tool_input`). */
export type ToolEventName = (typeof TOOL_EVENTS)[number];

/** `T` without keys `K`, keeping its other known keys (`Omit` keeps only the index signature of an open type). */
type Without<T, K extends PropertyKey> = { [P in keyof T as P extends K ? never : P]: T[P] };

/**
 * The input of event `E` for tool `T`: on a tool event, `tool_name` is `T` and
 * `tool_input` that tool's input (distributes over a union of tools).
 */
export type HookInput<E extends HookEventName, T extends string = string> = E extends ToolEventName
  ? T extends string
    ? Without<HookInputs[E], "tool_name" | "tool_input"> & { readonly tool_name: T; readonly tool_input: ToolInputOf<T> }
    : never
  : HookInputs[E];

/**
 * The tools a hook without a `tools` list sees: every tool of {@link ToolInputs}
 * and any MCP tool (`mcp__<server>__<tool>`, an open input). A template type
 * rather than `string`, so that `input.tool_name === "Bash"` still narrows.
 */
export type AnyTool = keyof ToolInputs | `mcp__${string}`;
