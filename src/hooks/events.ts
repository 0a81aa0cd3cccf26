/**
 * Which answers each Claude Code event takes, as the kit's types offer them
 * (src/claude-code/event-catalog.ts has the facts; test/kit-api.test.ts checks
 * these lists against it).
 */

/** Events with a permission decision (allow, deny, ask). */
export const DECISION_EVENTS = ["PreToolUse", "PreModelSwitch", "PreSkillShellCommand"] as const;
/** Decision events whose allow may carry a rewritten tool input. */
export const REWRITE_EVENTS = ["PreToolUse", "PreSkillShellCommand"] as const;
/** Events a hook can block (`decision: "block"` with a reason), besides the decision events and PermissionRequest. */
export const BLOCK_EVENTS = [
  "PostToolUse", "PostToolUseFailure", "PostToolBatch", "UserPromptSubmit", "UserPromptExpansion", "Stop", "SubagentStop",
  "PreCompact", "TeammateIdle", "TaskCreated", "TaskCompleted", "Elicitation", "ElicitationResult", "ConfigChange",
  "WorktreeCreate",
] as const;
/** Events whose answer can add text to the model's context (`additionalContext`). */
export const CONTEXT_EVENTS = [
  "PreToolUse", "PostToolUse", "PostToolUseFailure", "PostToolBatch", "Notification", "UserPromptSubmit", "UserPromptExpansion",
  "SessionStart", "Stop", "SubagentStart", "SubagentStop", "PostModelSwitch", "Setup",
] as const;
/** Events whose input says `stop_hook_active` (the agent continues because a Stop hook blocked). */
export const STOP_EVENTS = ["Stop", "SubagentStop"] as const;
/** Events whose input names a tool. */
export const TOOL_EVENTS = ["PreToolUse", "PostToolUse", "PostToolUseFailure", "PermissionRequest", "PermissionDenied"] as const;

export type DecisionEvent = (typeof DECISION_EVENTS)[number];
export type RewriteEvent = (typeof REWRITE_EVENTS)[number];
export type BlockEvent = (typeof BLOCK_EVENTS)[number];
export type ContextEvent = (typeof CONTEXT_EVENTS)[number];
