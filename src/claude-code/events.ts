/**
 * Every event of Claude Code 2.1.332 and everything the package knows about
 * it, one row per event: the runner's selection, the reading of one result,
 * the merge strategy and the early stop all read these rows, and nothing
 * else says which event does what. Every field is required: an event missing
 * from `HookEvent` (generated/types.ts, from the schemas) or a row missing a
 * field is a compile error, so adding an event is its schemas plus one row
 * (test/claude-code/events.test.ts proves it).
 *
 * Sources: docs/spec/claude-code-observed.md where measured (scenario names in
 * brackets), claude-code-hooks.md §1.2, §2.3 and §3.6 (documented) elsewhere.
 */
import { basename } from "node:path";
import type { HookEvent } from "../../generated/types.js";

/** What a matcher is compared against. */
export interface MatchRule {
  /** The input field holding the match value (`tool_name`, `source`, ...). */
  readonly field: string;
  /** What the values look like, for `events`. */
  readonly values: string;
  /** The match value is the field itself, or the basename of the path in it (FileChanged). */
  readonly valueOf: "field" | "basename";
  /** The narrow exact-name alphabet (no `-`, space, `,`). */
  readonly narrow: boolean;
}

/** What exit code 2 does. */
export type Exit2Rule =
  /** blocks (the stderr is the blocking text) */
  | "block"
  /** a non-blocking error `[<cmd>]: <stderr>` (SessionStart: ss-03) */
  | "non-blocking"
  /** not honoured: stderr discarded, the flow is unchanged (PermissionRequest: perm-07) */
  | "ignored";

/** What `continue:false` does: null when it is discarded or ignored (§2.3, observed on SessionStart, PostToolUseFailure, SubagentStop, PermissionRequest). */
export type ContinueFalseRule = null | {
  /** Several hooks stop: whose `stopReason` is kept (PreToolUse the last: pre-72; PostToolUse the first: probe-m05). */
  readonly reasonKept: "first" | "last";
  /** Without a `stopReason`: Claude Code's `Execution stopped by hook` (new-pre-continue-false-no-stopReason), or none. */
  readonly missingReason: "stopped-by-hook" | "none";
};

/**
 * Where a hook's `systemMessage` goes: a `<hook name> says: ...` notice to the
 * user (pre-73, post-08, ups-08), the text alone as a line of the command's
 * output to the user (PreModelSwitch: `/model`, cap-premodelswitch-systemMessage),
 * nowhere visible (observed silent on PermissionRequest, PermissionDenied,
 * SessionStart, SubagentStart, PreCompact, CwdChanged, Notification, FileChanged,
 * MessageDisplay), or to the model (DirectoryAdded, §2.3).
 */
export type SystemMessageRule = "notice" | "verbatim" | "silent" | "model";

/** Whose result ends the wait for the other hooks (they are cancelled): see src/claude-code/runner/early-stop.ts. */
export type EarlyStopRule =
  | "never"
  /** a block (exit 2 or decision:block) or continue:false (UserPromptSubmit: ups-11, new-ups-*) */
  | "block-or-continue-false"
  /** a decision allow or deny (PermissionRequest: perm-05, new-perm-*) */
  | "allow-or-deny"
  /** continue:false (PostToolUse: new-post-continue-false-and-context) */
  | "continue-false";

/** How several hooks' results combine: one strategy each, under src/claude-code/merge/, with what differs by event. */
export type MergeRule =
  | {
      /** deny > defer > ask > allow (merge/permission-decision.ts) */
      readonly strategy: "permission-decision";
      /**
       * The tool the decision gates: `rewritable` (runs with the last forwarded
       * updatedInput), `shell-command` (only a plain allow lets it run, any
       * rewrite keeps it from running, §1.2), `none` (no tool: no tool input, no tool result).
       */
      readonly tool: "rewritable" | "shell-command" | "none";
      /** The merged result's legacy `decision` is the strongest decision (PreToolUse only). */
      readonly seedsDecision: boolean;
      /** An ask that ends as a denial in -p keeps continue:false from applying (pre-70b, new-pre-continue-false-ask-no-host). */
      readonly askCancelsStop: boolean;
    }
  | { /** the first decision wins (merge/permission-request.ts) */ readonly strategy: "permission-request" }
  | { /** retry:true (merge/permission-denied.ts) */ readonly strategy: "permission-denied" }
  | {
      /** one paragraph per hook, blocks to the model (merge/post-tool.ts) */
      readonly strategy: "post-tool";
      /** updatedToolOutput replaces the tool's output (post-04). */
      readonly rewritesToolOutput: boolean;
      /** continue:false drops a block in the same output (new-post-block-plus-continue-false). */
      readonly continueFalseDropsBlock: boolean;
    }
  | { /** exit 2, block and continue:false stop the loop (merge/post-tool.ts) */ readonly strategy: "post-tool-batch" }
  | { /** the first to block or stop decides (merge/prompt.ts) */ readonly strategy: "prompt" }
  | { /** plain stdout and context, one paragraph per hook (merge/prompt.ts) */ readonly strategy: "per-hook-context" }
  | {
      /** all context in one paragraph (merge/session.ts) */
      readonly strategy: "session";
      /** decision:block is a non-blocking error (SessionStart, second recording set). */
      readonly blockIsError: boolean;
      /** The context reaches the model (not Setup's in -p: observed). */
      readonly contextReachesModel: boolean;
    }
  | { /** failures to the CLI's stderr (merge/session.ts) */ readonly strategy: "session-end" }
  | {
      /** reminders per blocking hook (merge/stop.ts) */
      readonly strategy: "stop";
      /** A block or a failed hook shows `stop hook problem · ctrl+o to see` (Stop only). */
      readonly problemNotice: boolean;
    }
  | { /** a block cancels the compaction, stdout is appended (merge/compaction.ts) */ readonly strategy: "pre-compact" }
  | { /** one line per hook to the user (merge/compaction.ts) */ readonly strategy: "post-compact" }
  | {
      /** exit 2 or decision:block blocks, documented only (merge/blockable.ts) */
      readonly strategy: "blockable";
      /** The block text reaches the model (`... hook blocking error from command: ...`). */
      readonly blockReachesModel: boolean;
      /** Any non-zero exit blocks, not only 2 (WorktreeCreate). */
      readonly anyFailureBlocks: boolean;
      /**
       * The stdout's last line is the event's value (WorktreeCreate: the directory the hook made), so a JSON answer
       * fails the action whatever it says: `systemMessage` or `continue:false` is read as a directory that does not
       * exist (cap-worktreecreate-systemMessage, cap-worktreecreate-continue-false). The kit writes neither there.
       */
      readonly stdoutIsValue?: boolean;
    }
  | { /** a block replaces the task tool's result, the task is rolled back or stays open (merge/task.ts) */ readonly strategy: "task" }
  | { /** hooks only notify: errors and notices, nothing combines */ readonly strategy: "none" };

export type MergeStrategy = MergeRule["strategy"];

export interface EventRules {
  /** null: the event has no matcher (a configured matcher is ignored, every hook runs). */
  readonly match: MatchRule | null;
  /** Tool events evaluate a handler's `if` rule; on other events a hook with `if` never runs. */
  readonly toolEvent: boolean;
  /** Seconds, for command/http hooks without their own `timeout`. */
  readonly defaultTimeout: number;
  /**
   * The event's hooks share one budget instead of their own timeouts:
   * SessionEnd's 1.5 s, raised to the largest configured `timeout` (at most
   * 60 s), or CLAUDE_CODE_SESSIONEND_HOOKS_TIMEOUT_MS (§3.6).
   */
  readonly sharedTimeoutBudget: boolean;
  /** Hooks get `CLAUDE_ENV_FILE`, a file whose exports later Bash calls see (SessionStart: observed). */
  readonly envFile: boolean;
  /** What a hook can stop, in words, for `events`; null when it cannot block. */
  readonly blocks: string | null;
  readonly exit2: Exit2Rule;
  /** On the prompt events exit 2 drops the hook's JSON (ups-*, new-upe-*); elsewhere it still applies (pre-23). */
  readonly exit2DropsJson: boolean;
  /**
   * Which hooks' exit 2 Claude Code reads as a missing script, a non-blocking
   * error, when their stdout is empty and their stderr matches
   * `/no such file|can't open/i` anywhere (anthropics/claude-code#60490; the
   * 2.1.332 binary; fid-stop-exit2-missing-script, -cant-open,
   * -no-such-file-in-test-output): every hook, a plugin's hooks only
   * (UserPromptSubmit: read from the binary, not recorded), or none.
   */
  readonly exit2MissingScript: "any-hook" | "plugin-hook" | "never";
  readonly continueFalse: ContinueFalseRule;
  readonly systemMessage: SystemMessageRule;
  /** Plain stdout (exit 0) becomes model context, `<hook name> hook success: ...`. */
  readonly plainStdoutIsContext: boolean;
  /**
   * The name in per-hook texts (`... says:`, `... hook success:`): the hook's
   * name (`PreToolUse:Bash`) or the bare event name (UserPromptExpansion: new-upe-*).
   */
  readonly perHookName: "hook" | "event";
  /** Hooks that give no verdict (unusable output, timeout) get a notice (PreToolUse: pre-30/31/33/39, pre-83). */
  readonly noVerdictNotice: boolean;
  readonly merge: MergeRule;
  readonly earlyStop: EarlyStopRule;
  /**
   * The position of the event's hookSpecificOutput variant in Claude Code's
   * zod union (read from the 2.1.332 binary; decides which six names an
   * unknown `hookEventName` lists, probe-v01); null: the event has no variant.
   */
  readonly outputVariantRank: number | null;
}

const TOOL_MATCH = "tool name (Bash, Edit|Write, mcp__server__tool, regex)";

const TOOL: MatchRule = { field: "tool_name", values: TOOL_MATCH, valueOf: "field", narrow: false };
const STOPS_FIRST: ContinueFalseRule = { reasonKept: "first", missingReason: "none" };
const STOPS_FIRST_NAMED: ContinueFalseRule = { reasonKept: "first", missingReason: "stopped-by-hook" };
const NO_STRATEGY: MergeRule = { strategy: "none" };
const BLOCKABLE: MergeRule = { strategy: "blockable", blockReachesModel: false, anyFailureBlocks: false };

export const EVENTS = {
  PreToolUse: {
    match: TOOL, toolEvent: true, defaultTimeout: 600, sharedTimeoutBudget: false, envFile: false, blocks: "the tool call (deny, ask, defer; exit 2 = deny)",
    exit2: "block", exit2DropsJson: false, exit2MissingScript: "never", continueFalse: { reasonKept: "last", missingReason: "stopped-by-hook" },
    systemMessage: "notice", plainStdoutIsContext: false, perHookName: "hook", noVerdictNotice: true,
    merge: { strategy: "permission-decision", tool: "rewritable", seedsDecision: true, askCancelsStop: true },
    earlyStop: "never", outputVariantRank: 0,
  },
  PostToolUse: {
    match: TOOL, toolEvent: true, defaultTimeout: 600, sharedTimeoutBudget: false, envFile: false, blocks: "nothing: the tool already ran; a block sends the reason to the model",
    exit2: "block", exit2DropsJson: false, exit2MissingScript: "never", continueFalse: STOPS_FIRST_NAMED,
    systemMessage: "notice", plainStdoutIsContext: false, perHookName: "hook", noVerdictNotice: false,
    merge: { strategy: "post-tool", rewritesToolOutput: true, continueFalseDropsBlock: true },
    earlyStop: "continue-false", outputVariantRank: 9,
  },
  PostToolUseFailure: {
    match: TOOL, toolEvent: true, defaultTimeout: 600, sharedTimeoutBudget: false, envFile: false, blocks: "nothing: a block sends the reason to the model",
    exit2: "block", exit2DropsJson: false, exit2MissingScript: "never", continueFalse: null,
    systemMessage: "notice", plainStdoutIsContext: false, perHookName: "hook", noVerdictNotice: false,
    merge: { strategy: "post-tool", rewritesToolOutput: false, continueFalseDropsBlock: false },
    earlyStop: "never", outputVariantRank: 10,
  },
  PostToolBatch: {
    match: null, toolEvent: false, defaultTimeout: 600, sharedTimeoutBudget: false, envFile: false, blocks: "the agentic loop (exit 2, block, continue:false stop it)",
    exit2: "block", exit2DropsJson: false, exit2MissingScript: "never", continueFalse: STOPS_FIRST,
    systemMessage: "notice", plainStdoutIsContext: false, perHookName: "hook", noVerdictNotice: false,
    merge: { strategy: "post-tool-batch" }, earlyStop: "never", outputVariantRank: 11,
  },
  Notification: {
    match: { field: "notification_type", values: "permission_prompt, idle_prompt, auth_success, elicitation_dialog, ...", valueOf: "field", narrow: false },
    toolEvent: false, defaultTimeout: 600, sharedTimeoutBudget: false, envFile: false, blocks: null,
    exit2: "ignored", exit2DropsJson: false, exit2MissingScript: "never", continueFalse: null,
    systemMessage: "silent", plainStdoutIsContext: false, perHookName: "hook", noVerdictNotice: false,
    merge: NO_STRATEGY, earlyStop: "never", outputVariantRank: 15,
  },
  UserPromptSubmit: {
    match: null, toolEvent: false, defaultTimeout: 30, sharedTimeoutBudget: false, envFile: false, blocks: "the prompt (it is dropped, no model request)",
    exit2: "block", exit2DropsJson: true, exit2MissingScript: "plugin-hook", continueFalse: STOPS_FIRST,
    systemMessage: "notice", plainStdoutIsContext: true, perHookName: "hook", noVerdictNotice: false,
    merge: { strategy: "prompt" }, earlyStop: "block-or-continue-false", outputVariantRank: 1,
  },
  UserPromptExpansion: {
    match: { field: "command_name", values: "command name", valueOf: "field", narrow: false }, toolEvent: false, defaultTimeout: 600, sharedTimeoutBudget: false, envFile: false, blocks: "the expansion",
    exit2: "block", exit2DropsJson: true, exit2MissingScript: "never", continueFalse: STOPS_FIRST,
    systemMessage: "notice", plainStdoutIsContext: true, perHookName: "event", noVerdictNotice: false,
    merge: { strategy: "prompt" }, earlyStop: "never", outputVariantRank: 2,
  },
  SessionStart: {
    match: { field: "source", values: "startup, resume, clear, compact, fork", valueOf: "field", narrow: false }, toolEvent: false, defaultTimeout: 600, sharedTimeoutBudget: false, envFile: true, blocks: null,
    exit2: "non-blocking", exit2DropsJson: false, exit2MissingScript: "never", continueFalse: null,
    systemMessage: "silent", plainStdoutIsContext: true, perHookName: "hook", noVerdictNotice: false,
    merge: { strategy: "session", blockIsError: true, contextReachesModel: true }, earlyStop: "never", outputVariantRank: 3,
  },
  SessionEnd: {
    match: { field: "reason", values: "clear, resume, logout, prompt_input_exit, other", valueOf: "field", narrow: false }, toolEvent: false, defaultTimeout: 600, sharedTimeoutBudget: true, envFile: false, blocks: null,
    exit2: "non-blocking", exit2DropsJson: false, exit2MissingScript: "never", continueFalse: null,
    systemMessage: "silent", plainStdoutIsContext: false, perHookName: "hook", noVerdictNotice: false,
    merge: { strategy: "session-end" }, earlyStop: "never", outputVariantRank: null,
  },
  Stop: {
    match: null, toolEvent: false, defaultTimeout: 600, sharedTimeoutBudget: false, envFile: false, blocks: "the end of the turn (the model continues with the reason)",
    exit2: "block", exit2DropsJson: false, exit2MissingScript: "any-hook", continueFalse: STOPS_FIRST,
    systemMessage: "notice", plainStdoutIsContext: false, perHookName: "hook", noVerdictNotice: false,
    merge: { strategy: "stop", problemNotice: true }, earlyStop: "never", outputVariantRank: 12,
  },
  StopFailure: {
    match: { field: "error", values: "rate_limit, overloaded, authentication_failed, server_error, unknown, ...", valueOf: "field", narrow: true },
    toolEvent: false, defaultTimeout: 600, sharedTimeoutBudget: false, envFile: false, blocks: null,
    exit2: "ignored", exit2DropsJson: false, exit2MissingScript: "never", continueFalse: null,
    systemMessage: "silent", plainStdoutIsContext: false, perHookName: "hook", noVerdictNotice: false,
    merge: NO_STRATEGY, earlyStop: "never", outputVariantRank: null,
  },
  SubagentStart: {
    match: { field: "agent_type", values: "agent type (general-purpose, Explore, Plan, ...)", valueOf: "field", narrow: false }, toolEvent: false, defaultTimeout: 600, sharedTimeoutBudget: false, envFile: false, blocks: null,
    // continue:false: the subagent and the session go on (cap-subagentstart-continue-false)
    exit2: "non-blocking", exit2DropsJson: false, exit2MissingScript: "never", continueFalse: null,
    systemMessage: "silent", plainStdoutIsContext: false, perHookName: "hook", noVerdictNotice: false,
    merge: { strategy: "session", blockIsError: false, contextReachesModel: true }, earlyStop: "never", outputVariantRank: 8,
  },
  SubagentStop: {
    match: { field: "agent_type", values: "agent type", valueOf: "field", narrow: false }, toolEvent: false, defaultTimeout: 600, sharedTimeoutBudget: false, envFile: false,
    blocks: "the end of the subagent (it continues with the reason)",
    // systemMessage: shown nowhere, not in the stream nor the transcript (cap-subagentstop-systemMessage)
    exit2: "block", exit2DropsJson: false, exit2MissingScript: "any-hook", continueFalse: null,
    systemMessage: "silent", plainStdoutIsContext: false, perHookName: "hook", noVerdictNotice: false,
    merge: { strategy: "stop", problemNotice: false }, earlyStop: "never", outputVariantRank: 13,
  },
  PreCompact: {
    match: { field: "trigger", values: "manual, auto", valueOf: "field", narrow: false }, toolEvent: false, defaultTimeout: 600, sharedTimeoutBudget: false, envFile: false, blocks: "the compaction",
    exit2: "block", exit2DropsJson: false, exit2MissingScript: "never", continueFalse: null,
    systemMessage: "silent", plainStdoutIsContext: false, perHookName: "hook", noVerdictNotice: false,
    merge: { strategy: "pre-compact" }, earlyStop: "never", outputVariantRank: null,
  },
  PostCompact: {
    match: { field: "trigger", values: "manual, auto", valueOf: "field", narrow: false }, toolEvent: false, defaultTimeout: 600, sharedTimeoutBudget: false, envFile: false, blocks: null,
    exit2: "non-blocking", exit2DropsJson: false, exit2MissingScript: "never", continueFalse: null,
    systemMessage: "silent", plainStdoutIsContext: false, perHookName: "hook", noVerdictNotice: false,
    merge: { strategy: "post-compact" }, earlyStop: "never", outputVariantRank: null,
  },
  PreModelSwitch: {
    match: { field: "to_model", values: "canonical model name", valueOf: "field", narrow: false }, toolEvent: false, defaultTimeout: 30, sharedTimeoutBudget: false, envFile: false,
    blocks: "the model switch (deny, ask; a timeout blocks)",
    // continue:false: the switch and the session go on (cap-premodelswitch-continue-false); systemMessage: a line
    // of /model's output (cap-premodelswitch-systemMessage)
    exit2: "block", exit2DropsJson: false, exit2MissingScript: "never", continueFalse: null,
    systemMessage: "verbatim", plainStdoutIsContext: false, perHookName: "hook", noVerdictNotice: false,
    merge: { strategy: "permission-decision", tool: "none", seedsDecision: false, askCancelsStop: false },
    earlyStop: "never", outputVariantRank: 5,
  },
  PostModelSwitch: {
    match: { field: "to_model", values: "canonical model name", valueOf: "field", narrow: false }, toolEvent: false, defaultTimeout: 30, sharedTimeoutBudget: false, envFile: false, blocks: null,
    // continue:false: the session goes on (cap-postmodelswitch-continue-false)
    exit2: "non-blocking", exit2DropsJson: false, exit2MissingScript: "never", continueFalse: null,
    systemMessage: "notice", plainStdoutIsContext: true, perHookName: "hook", noVerdictNotice: false,
    merge: { strategy: "per-hook-context" }, earlyStop: "never", outputVariantRank: 7,
  },
  PermissionRequest: {
    match: TOOL, toolEvent: true, defaultTimeout: 600, sharedTimeoutBudget: false, envFile: false, blocks: "the permission (decision.behavior deny; exit 2 is not honoured)",
    exit2: "ignored", exit2DropsJson: false, exit2MissingScript: "never", continueFalse: null,
    systemMessage: "silent", plainStdoutIsContext: false, perHookName: "hook", noVerdictNotice: false,
    merge: { strategy: "permission-request" }, earlyStop: "allow-or-deny", outputVariantRank: 16,
  },
  PermissionDenied: {
    match: TOOL, toolEvent: true, defaultTimeout: 600, sharedTimeoutBudget: false, envFile: false, blocks: null,
    exit2: "ignored", exit2DropsJson: false, exit2MissingScript: "never", continueFalse: null,
    systemMessage: "silent", plainStdoutIsContext: false, perHookName: "hook", noVerdictNotice: false,
    merge: { strategy: "permission-denied" }, earlyStop: "never", outputVariantRank: 14,
  },
  Setup: {
    match: { field: "trigger", values: "init, maintenance", valueOf: "field", narrow: false }, toolEvent: false, defaultTimeout: 600, sharedTimeoutBudget: false, envFile: false, blocks: null,
    // continue:false: the session goes on, the model is called (cap-setup-continue-false)
    exit2: "non-blocking", exit2DropsJson: false, exit2MissingScript: "never", continueFalse: null,
    systemMessage: "silent", plainStdoutIsContext: false, perHookName: "hook", noVerdictNotice: false,
    merge: { strategy: "session", blockIsError: false, contextReachesModel: false }, earlyStop: "never", outputVariantRank: 4,
  },
  TeammateIdle: {
    match: null, toolEvent: false, defaultTimeout: 600, sharedTimeoutBudget: false, envFile: false, blocks: "the teammate going idle (it keeps working)",
    exit2: "block", exit2DropsJson: false, exit2MissingScript: "any-hook", continueFalse: STOPS_FIRST,
    systemMessage: "notice", plainStdoutIsContext: false, perHookName: "hook", noVerdictNotice: false,
    merge: BLOCKABLE, earlyStop: "never", outputVariantRank: null,
  },
  TaskCreated: {
    match: null, toolEvent: false, defaultTimeout: 600, sharedTimeoutBudget: false, envFile: false, blocks: "the task creation (rolled back)",
    exit2: "block", exit2DropsJson: false, exit2MissingScript: "never", continueFalse: null,
    systemMessage: "silent", plainStdoutIsContext: false, perHookName: "hook", noVerdictNotice: false,
    merge: { strategy: "task" }, earlyStop: "never", outputVariantRank: null,
  },
  TaskCompleted: {
    match: null, toolEvent: false, defaultTimeout: 600, sharedTimeoutBudget: false, envFile: false, blocks: "the task completion",
    exit2: "block", exit2DropsJson: false, exit2MissingScript: "any-hook", continueFalse: null,
    systemMessage: "silent", plainStdoutIsContext: false, perHookName: "hook", noVerdictNotice: false,
    merge: { strategy: "task" }, earlyStop: "never", outputVariantRank: null,
  },
  Elicitation: {
    match: { field: "mcp_server_name", values: "MCP server name", valueOf: "field", narrow: false }, toolEvent: false, defaultTimeout: 600, sharedTimeoutBudget: false, envFile: false, blocks: "the elicitation (declined)",
    // a block declines the elicitation (headless, one no hook answers is cancelled); systemMessage: shown nowhere (cap-elicitation-*)
    exit2: "block", exit2DropsJson: false, exit2MissingScript: "never", continueFalse: null,
    systemMessage: "silent", plainStdoutIsContext: false, perHookName: "hook", noVerdictNotice: false,
    merge: BLOCKABLE, earlyStop: "never", outputVariantRank: 17,
  },
  ElicitationResult: {
    match: { field: "mcp_server_name", values: "MCP server name", valueOf: "field", narrow: false }, toolEvent: false, defaultTimeout: 600, sharedTimeoutBudget: false, envFile: false,
    blocks: "the result (action becomes decline)",
    // a block declines the elicitation (headless, one no hook answers is cancelled); systemMessage: shown nowhere (cap-elicitationresult-*)
    exit2: "block", exit2DropsJson: false, exit2MissingScript: "never", continueFalse: null,
    systemMessage: "silent", plainStdoutIsContext: false, perHookName: "hook", noVerdictNotice: false,
    merge: BLOCKABLE, earlyStop: "never", outputVariantRank: 18,
  },
  ConfigChange: {
    match: { field: "source", values: "user_settings, project_settings, local_settings, policy_settings, skills", valueOf: "field", narrow: false },
    toolEvent: false, defaultTimeout: 600, sharedTimeoutBudget: false, envFile: false, blocks: "the settings change (not policy_settings)",
    // a block keeps the change from applying; systemMessage: shown nowhere headless (cap-configchange-*)
    exit2: "block", exit2DropsJson: false, exit2MissingScript: "never", continueFalse: null,
    systemMessage: "silent", plainStdoutIsContext: false, perHookName: "hook", noVerdictNotice: false,
    merge: BLOCKABLE, earlyStop: "never", outputVariantRank: null,
  },
  WorktreeCreate: {
    match: null, toolEvent: false, defaultTimeout: 600, sharedTimeoutBudget: false, envFile: false, blocks: "the worktree creation (any non-zero exit fails it)",
    exit2: "block", exit2DropsJson: false, exit2MissingScript: "never", continueFalse: null,
    // a JSON answer is read as the directory: the creation fails and no systemMessage shows (cap-worktreecreate-*)
    systemMessage: "silent", plainStdoutIsContext: false, perHookName: "hook", noVerdictNotice: false,
    merge: { strategy: "blockable", blockReachesModel: false, anyFailureBlocks: true, stdoutIsValue: true }, earlyStop: "never", outputVariantRank: 21,
  },
  WorktreeRemove: {
    // with a hook, removing the directory is the hook's work: ExitWorktree reports the removal whatever it answers, and a
    // block, continue:false or systemMessage changes nothing and shows nowhere (cap-worktreeremove-*)
    match: null, toolEvent: false, defaultTimeout: 600, sharedTimeoutBudget: false, envFile: false, blocks: null,
    exit2: "non-blocking", exit2DropsJson: false, exit2MissingScript: "never", continueFalse: null,
    systemMessage: "silent", plainStdoutIsContext: false, perHookName: "hook", noVerdictNotice: false,
    merge: NO_STRATEGY, earlyStop: "never", outputVariantRank: null,
  },
  InstructionsLoaded: {
    match: { field: "load_reason", values: "session_start, nested_traversal, path_glob_match, include, compact", valueOf: "field", narrow: false },
    toolEvent: false, defaultTimeout: 600, sharedTimeoutBudget: false, envFile: false, blocks: null,
    exit2: "ignored", exit2DropsJson: false, exit2MissingScript: "never", continueFalse: null,
    systemMessage: "silent", plainStdoutIsContext: false, perHookName: "hook", noVerdictNotice: false,
    merge: NO_STRATEGY, earlyStop: "never", outputVariantRank: null,
  },
  CwdChanged: {
    match: null, toolEvent: false, defaultTimeout: 600, sharedTimeoutBudget: false, envFile: false, blocks: null,
    exit2: "non-blocking", exit2DropsJson: false, exit2MissingScript: "never", continueFalse: null,
    systemMessage: "silent", plainStdoutIsContext: false, perHookName: "hook", noVerdictNotice: false,
    merge: NO_STRATEGY, earlyStop: "never", outputVariantRank: 19,
  },
  FileChanged: {
    match: { field: "file_path", values: "file names split on | (basename of file_path)", valueOf: "basename", narrow: true },
    toolEvent: false, defaultTimeout: 600, sharedTimeoutBudget: false, envFile: false, blocks: null,
    // systemMessage: shown nowhere headless (cap-filechanged-systemMessage)
    exit2: "non-blocking", exit2DropsJson: false, exit2MissingScript: "never", continueFalse: null,
    systemMessage: "silent", plainStdoutIsContext: false, perHookName: "hook", noVerdictNotice: false,
    merge: NO_STRATEGY, earlyStop: "never", outputVariantRank: 20,
  },
  DirectoryAdded: {
    match: { field: "source", values: "slash_command, register_repo_root", valueOf: "field", narrow: false }, toolEvent: false, defaultTimeout: 600, sharedTimeoutBudget: false, envFile: false, blocks: null,
    exit2: "non-blocking", exit2DropsJson: false, exit2MissingScript: "never", continueFalse: null,
    systemMessage: "model", plainStdoutIsContext: false, perHookName: "hook", noVerdictNotice: false,
    merge: NO_STRATEGY, earlyStop: "never", outputVariantRank: null,
  },
  MessageDisplay: {
    match: null, toolEvent: false, defaultTimeout: 10, sharedTimeoutBudget: false, envFile: false, blocks: null,
    // systemMessage: shown nowhere headless (cap-messagedisplay-systemMessage)
    exit2: "non-blocking", exit2DropsJson: false, exit2MissingScript: "never", continueFalse: null,
    systemMessage: "silent", plainStdoutIsContext: false, perHookName: "hook", noVerdictNotice: false,
    merge: NO_STRATEGY, earlyStop: "never", outputVariantRank: 22,
  },
  PreSkillShellCommand: {
    match: { field: "tool_name", values: "Bash, PowerShell", valueOf: "field", narrow: false }, toolEvent: false, defaultTimeout: 600, sharedTimeoutBudget: false, envFile: false,
    // recorded: deny, ask (a skill cannot wait for one) and an updatedInput keep the command from running (cap-preskillshellcommand-*)
    blocks: "the skill's shell command (deny, ask, defer, any updatedInput)",
    exit2: "block", exit2DropsJson: false, exit2MissingScript: "never", continueFalse: STOPS_FIRST_NAMED,
    systemMessage: "notice", plainStdoutIsContext: false, perHookName: "hook", noVerdictNotice: false,
    merge: { strategy: "permission-decision", tool: "shell-command", seedsDecision: false, askCancelsStop: false },
    earlyStop: "never", outputVariantRank: 6,
  },
} satisfies Record<HookEvent, EventRules>;

/** The events in documentation order (the table's). */
export const EVENT_NAMES = Object.keys(EVENTS) as HookEvent[];

/**
 * What a name Claude Code does not have gets (the merge and the classifier
 * take any string and never throw): no matcher, exit 2 a non-blocking error,
 * continue:false ignored, a systemMessage shown, nothing combined.
 */
export const UNKNOWN_EVENT_RULES: EventRules = {
  match: null, toolEvent: false, defaultTimeout: 600, sharedTimeoutBudget: false, envFile: false, blocks: null,
  exit2: "non-blocking", exit2DropsJson: false, exit2MissingScript: "never", continueFalse: null,
  systemMessage: "notice", plainStdoutIsContext: false, perHookName: "hook", noVerdictNotice: false,
  merge: NO_STRATEGY, earlyStop: "never", outputVariantRank: null,
};

export function isHookEvent(name: string): name is HookEvent {
  return Object.hasOwn(EVENTS, name);
}

/** The event's row; UNKNOWN_EVENT_RULES for a name that is not a Claude Code event. */
export function rulesOf(event: string): EventRules {
  return isHookEvent(event) ? EVENTS[event] : UNKNOWN_EVENT_RULES;
}

/**
 * The string a matcher is compared against (the tool name, FileChanged's
 * file basename); null when the event has no matcher, "" when the input lacks the field.
 */
export function matchValueOf(event: string, input: Readonly<Record<string, unknown>>): string | null {
  const match = rulesOf(event).match;
  if (match === null) return null;
  const value = input[match.field];
  if (typeof value !== "string") return "";
  return match.valueOf === "basename" ? basename(value) : value;
}

/**
 * Claude Code's name of a hook in its texts: `<Event>:<match value>` for events
 * with a matcher (`PreToolUse:Bash`, `SessionStart:startup`), else `<Event>`.
 */
export function hookNameOf(event: string, input: Readonly<Record<string, unknown>>): string {
  const value = matchValueOf(event, input);
  return value === null || value === "" ? event : `${event}:${value}`;
}
