/**
 * What Claude Code 2.1.332 does with each answer a hook can give, per event
 * (src/core/capabilities.ts): a claim cites the recorded vectors whose
 * single hook answered as the kit writes it and whose recorded effects show
 * the claim (test/capabilities.test.ts re-merges each); a claim no vector shows
 * yet is `fromEventTable`: its level is what the event table and answer writer give (src/core/derived-claims.ts;
 * the rows rest on docs/merge-rules.md), said to be unverified.
 */
import { recorded } from "../core/capabilities.js";
import { fromEventTable, type AgentCapabilitiesSource } from "../core/derived-claims.js";

export const capabilities: AgentCapabilitiesSource = {
  agent: "claude-code",
  version: "2.1.332",
  alsoRecordedOn: ["2.1.334"], // docs/versions.md
  tools: [],
  events: {
    PreToolUse: {
      deny: recorded("enforced", [
        "test/vectors/merge/claude-code/PreToolUse/not-run-on-deny.json",
      ]),
      ask: recorded("enforced", [
        "test/vectors/merge/claude-code/PreToolUse/ask-without-rule.json",
        "test/vectors/merge/claude-code/PreToolUse/host-ask-host-allows.json",
      ]),
      allow: recorded("enforced", [
        "test/vectors/merge/claude-code/PreToolUse/allow-without-rule.json",
      ]),
      rewrite: recorded("enforced", [
        "test/vectors/merge/claude-code/PreToolUse/rewrite-partial.json",
      ]),
      context: recorded("enforced", [
        "test/vectors/merge/claude-code/PreToolUse/duplicate-command-project-and-flag.json",
        "test/vectors/merge/claude-code/PreToolUse/duplicate-command-same-group.json",
      ]),
      stop: recorded("enforced", [
        "test/vectors/merge/claude-code/PreToolUse/cap-pre-continue-false.json",
      ], { note: "on a subagent's call it ends only the subagent: the main agent goes on with its empty report (sub-pre-continue-false)" }),
      message: recorded("enforced", [
        "test/vectors/merge/claude-code/PreToolUse/cap-pre-systemMessage.json",
      ]),
    },
    PostToolUse: {
      context: recorded("enforced", [
        "test/vectors/merge/claude-code/PostToolUse/cap-post-context.json",
      ]),
      block: recorded("enforced", [
        "test/vectors/merge/claude-code/PostToolUse/decision-block.json",
      ]),
      stop: recorded("enforced", [
        "test/vectors/merge/claude-code/PostToolUse/continue-false.json",
      ]),
      message: recorded("enforced", [
        "test/vectors/merge/claude-code/PostToolUse/write-systemMessage.json",
      ]),
    },
    PostToolUseFailure: {
      context: recorded("enforced", [
        "test/vectors/merge/claude-code/PostToolUseFailure/cap-posttoolusefailure-context.json",
      ]),
      block: recorded("enforced", [
        "test/vectors/merge/claude-code/PostToolUseFailure/cap-posttoolusefailure-block.json",
      ]),
      stop: recorded("ignored", [
        "test/vectors/merge/claude-code/PostToolUseFailure/continue-false.json",
      ]),
      message: recorded("enforced", [
        "test/vectors/merge/claude-code/PostToolUseFailure/cap-posttoolusefailure-systemMessage.json",
      ]),
    },
    PostToolBatch: {
      context: recorded("enforced", [
        "test/vectors/merge/claude-code/PostToolBatch/cap-posttoolbatch-context.json",
      ]),
      block: fromEventTable(),
      stop: recorded("enforced", [
        "test/vectors/merge/claude-code/PostToolBatch/cap-posttoolbatch-continue-false.json",
      ]),
      message: recorded("enforced", [
        "test/vectors/merge/claude-code/PostToolBatch/cap-posttoolbatch-systemMessage.json",
      ]),
    },
    Notification: {
      context: recorded("ignored", [
        "test/vectors/merge/claude-code/Notification/cap-notification-context.json",
      ]),
      stop: recorded("ignored", [
        "test/vectors/merge/claude-code/Notification/cap-notification-continue-false.json",
      ]),
      message: recorded("ignored", [
        "test/vectors/merge/claude-code/Notification/cap-notification-systemMessage.json",
      ]),
    },
    UserPromptSubmit: {
      context: recorded("enforced", [
        "test/vectors/merge/claude-code/UserPromptSubmit/cap-ups-context.json",
      ]),
      block: recorded("enforced", [
        "test/vectors/merge/claude-code/UserPromptSubmit/decision-block.json",
      ]),
      stop: recorded("enforced", [
        "test/vectors/merge/claude-code/UserPromptSubmit/cap-ups-continue-false.json",
      ]),
      message: recorded("enforced", [
        "test/vectors/merge/claude-code/UserPromptSubmit/cap-ups-systemMessage.json",
      ]),
    },
    UserPromptExpansion: {
      context: recorded("enforced", [
        "test/vectors/merge/claude-code/UserPromptExpansion/cap-userpromptexpansion-context.json",
      ]),
      block: recorded("enforced", [
        "test/vectors/merge/claude-code/UserPromptExpansion/cap-userpromptexpansion-block.json",
      ]),
      stop: recorded("enforced", [
        "test/vectors/merge/claude-code/UserPromptExpansion/cap-userpromptexpansion-continue-false.json",
        "test/vectors/merge/claude-code/UserPromptExpansion/continue-false.json",
      ]),
      message: recorded("enforced", [
        "test/vectors/merge/claude-code/UserPromptExpansion/cap-userpromptexpansion-systemMessage.json",
      ]),
    },
    SessionStart: {
      context: recorded("enforced", [
        "test/vectors/merge/claude-code/SessionStart/sessionstart-context.json",
      ]),
      stop: recorded("ignored", [
        "test/vectors/merge/claude-code/SessionStart/cap-ss-continue-false.json",
      ], { note: "headless (-p): the session goes on" }),
      message: recorded("ignored", [
        "test/vectors/merge/claude-code/SessionStart/cap-ss-systemMessage.json",
      ], { note: "headless (-p): not in the output stream; the transcript keeps it as a hook_system_message attachment" }),
    },
    SessionEnd: {
      stop: recorded("ignored", [
        "test/vectors/merge/claude-code/SessionEnd/cap-sessionend-continue-false.json",
      ]),
      message: recorded("ignored", [
        "test/vectors/merge/claude-code/SessionEnd/context-and-systemMessage.json",
      ]),
    },
    Stop: {
      context: recorded("enforced", [
        "test/vectors/merge/claude-code/Stop/additionalContext.json",
      ]),
      block: recorded("enforced", [
        "test/vectors/merge/claude-code/Stop/block-once.json",
        "test/vectors/merge/claude-code/Stop/block-then-allow-later.json",
      ]),
      stop: recorded("enforced", [
        "test/vectors/merge/claude-code/Stop/continue-false.json",
      ]),
      message: recorded("enforced", [
        "test/vectors/merge/claude-code/Stop/systemMessage.json",
      ]),
    },
    StopFailure: {
      stop: fromEventTable("as the event table reads it; no recording"),
      message: recorded("ignored", [
        "test/vectors/merge/claude-code/StopFailure/cap-stopfailure-systemMessage.json",
      ]),
    },
    SubagentStart: {
      context: recorded("enforced", [
        "test/vectors/merge/claude-code/SubagentStart/cap-subagentstart-context.json",
      ]),
      stop: recorded("ignored", [
        "test/vectors/merge/claude-code/SubagentStart/cap-subagentstart-continue-false.json",
      ], { note: "headless (-p): the subagent and the session go on" }),
      message: recorded("ignored", [
        "test/vectors/merge/claude-code/SubagentStart/cap-subagentstart-systemMessage.json",
      ]),
    },
    SubagentStop: {
      context: recorded("enforced", [
        "test/vectors/merge/claude-code/SubagentStop/context-once.json",
      ]),
      block: recorded("enforced", [
        "test/vectors/merge/claude-code/SubagentStop/block-once.json",
      ]),
      stop: recorded("ignored", [
        "test/vectors/merge/claude-code/SubagentStop/continue-false.json",
      ]),
      message: recorded("ignored", [
        "test/vectors/merge/claude-code/SubagentStop/cap-subagentstop-systemMessage.json",
      ], { note: "headless (-p): shown nowhere" }),
    },
    PreCompact: {
      block: recorded("enforced", [
        "test/vectors/merge/claude-code/PreCompact/block.json",
      ]),
      stop: recorded("ignored", [
        "test/vectors/merge/claude-code/PreCompact/cap-precompact-continue-false.json",
      ], { note: "headless (-p): the compaction goes on" }),
      message: recorded("enforced", [
        "test/vectors/merge/claude-code/PreCompact/json-without-hso.json",
      ]),
    },
    PostCompact: {
      stop: recorded("ignored", [
        "test/vectors/merge/claude-code/PostCompact/cap-postcompact-continue-false.json",
      ]),
      message: recorded("enforced", [
        "test/vectors/merge/claude-code/PostCompact/cap-postcompact-systemMessage.json",
      ]),
    },
    PreModelSwitch: {
      deny: recorded("enforced", [
        "test/vectors/merge/claude-code/PreModelSwitch/cap-premodelswitch-deny.json",
      ]),
      ask: recorded("enforced", [
        "test/vectors/merge/claude-code/PreModelSwitch/cap-premodelswitch-ask.json",
      ]),
      allow: fromEventTable(),
      stop: recorded("ignored", [
        "test/vectors/merge/claude-code/PreModelSwitch/cap-premodelswitch-continue-false.json",
      ]),
      message: recorded("enforced", [
        "test/vectors/merge/claude-code/PreModelSwitch/cap-premodelswitch-systemMessage.json",
      ]),
    },
    PostModelSwitch: {
      context: recorded("enforced", [
        "test/vectors/merge/claude-code/PostModelSwitch/cap-postmodelswitch-context.json",
      ]),
      stop: recorded("ignored", [
        "test/vectors/merge/claude-code/PostModelSwitch/cap-postmodelswitch-continue-false.json",
      ]),
      message: recorded("enforced", [
        "test/vectors/merge/claude-code/PostModelSwitch/cap-postmodelswitch-systemMessage.json",
      ]),
    },
    PermissionRequest: {
      deny: recorded("enforced", [
        "test/vectors/merge/claude-code/PermissionRequest/read-deny.json",
      ]),
      allow: recorded("enforced", [
        "test/vectors/merge/claude-code/PermissionRequest/allow.json",
        "test/vectors/merge/claude-code/PermissionRequest/no-rule-perm-allow-host-slow.json",
      ]),
      stop: recorded("ignored", [
        "test/vectors/merge/claude-code/PermissionRequest/cap-permissionrequest-continue-false.json",
      ]),
      message: fromEventTable("as the event table reads it; no recording"),
    },
    PermissionDenied: {
      stop: recorded("ignored", [
        "test/vectors/merge/claude-code/PermissionDenied/cap-permissiondenied-continue-false.json",
      ]),
      message: recorded("ignored", [
        "test/vectors/merge/claude-code/PermissionDenied/systemMessage.json",
      ]),
    },
    Setup: {
      context: recorded("ignored", [
        "test/vectors/merge/claude-code/Setup/cap-setup-context.json",
      ]),
      stop: recorded("ignored", [
        "test/vectors/merge/claude-code/Setup/cap-setup-continue-false.json",
      ]),
      message: recorded("ignored", [
        "test/vectors/merge/claude-code/Setup/cap-setup-systemMessage.json",
      ]),
    },
    TeammateIdle: {
      block: fromEventTable(),
      stop: fromEventTable(),
      message: fromEventTable(),
    },
    TaskCreated: {
      block: recorded("enforced", [
        "test/vectors/merge/claude-code/TaskCreated/block.json",
      ]),
      stop: recorded("ignored", [
        "test/vectors/merge/claude-code/TaskCreated/continue-false.json",
      ]),
      message: recorded("ignored", [
        "test/vectors/merge/claude-code/TaskCreated/context.json",
      ]),
    },
    TaskCompleted: {
      block: recorded("enforced", [
        "test/vectors/merge/claude-code/TaskCompleted/block.json",
      ]),
      stop: recorded("ignored", [
        "test/vectors/merge/claude-code/TaskCompleted/continue-false.json",
      ]),
      message: recorded("ignored", [
        "test/vectors/merge/claude-code/TaskCompleted/cap-taskcompleted-systemMessage.json",
      ]),
    },
    Elicitation: {
      block: recorded("enforced", [
        "test/vectors/merge/claude-code/Elicitation/cap-elicitation-block.json",
      ]),
      stop: recorded("ignored", [
        "test/vectors/merge/claude-code/Elicitation/cap-elicitation-continue-false.json",
      ]),
      message: recorded("ignored", [
        "test/vectors/merge/claude-code/Elicitation/cap-elicitation-systemMessage.json",
      ]),
    },
    ElicitationResult: {
      block: recorded("enforced", [
        "test/vectors/merge/claude-code/ElicitationResult/cap-elicitationresult-block.json",
      ]),
      stop: recorded("ignored", [
        "test/vectors/merge/claude-code/ElicitationResult/cap-elicitationresult-continue-false.json",
      ]),
      message: recorded("ignored", [
        "test/vectors/merge/claude-code/ElicitationResult/cap-elicitationresult-systemMessage.json",
      ]),
    },
    ConfigChange: {
      block: recorded("enforced", [
        "test/vectors/merge/claude-code/ConfigChange/cap-configchange-block.json",
      ]),
      stop: recorded("ignored", [
        "test/vectors/merge/claude-code/ConfigChange/cap-configchange-continue-false.json",
      ]),
      message: recorded("ignored", [
        "test/vectors/merge/claude-code/ConfigChange/cap-configchange-systemMessage.json",
      ]),
    },
    WorktreeCreate: {
      block: recorded("enforced", [
        "test/vectors/merge/claude-code/WorktreeCreate/cap-worktreecreate-block.json",
      ], { note: "the session does not start: Claude Code reads the stdout's last line as the worktree's directory" }),
      // any JSON answer is the stdout's last line, read as the directory: the kit writes no stop and no message here
      stop: recorded("degraded", ["test/vectors/merge/claude-code/WorktreeCreate/cap-worktreecreate-continue-false.json"], { as: "block", note: "continue:false is read as the worktree's directory: the creation fails as for a block, the session does not start" }),
      message: recorded("unsupported", ["test/vectors/merge/claude-code/WorktreeCreate/cap-worktreecreate-systemMessage.json"], { note: "a systemMessage is read as the worktree's directory: the creation fails, the session does not start; nothing is shown" }),
    },
    WorktreeRemove: {
      block: recorded("unsupported", [
        "test/vectors/merge/claude-code/WorktreeRemove/cap-worktreeremove-block.json",
      ], { note: "a decision:block changes nothing: with a hook, removing the directory is the hook's own work" }),
      stop: recorded("ignored", [
        "test/vectors/merge/claude-code/WorktreeRemove/cap-worktreeremove-continue-false.json",
      ]),
      message: recorded("ignored", [
        "test/vectors/merge/claude-code/WorktreeRemove/cap-worktreeremove-systemMessage.json",
      ]),
    },
    InstructionsLoaded: {
      stop: recorded("ignored", [
        "test/vectors/merge/claude-code/InstructionsLoaded/cap-instructionsloaded-continue-false.json",
      ]),
      message: recorded("ignored", [
        "test/vectors/merge/claude-code/InstructionsLoaded/cap-instructionsloaded-systemMessage.json",
      ]),
    },
    CwdChanged: {
      stop: recorded("ignored", [
        "test/vectors/merge/claude-code/CwdChanged/cap-cwdchanged-continue-false.json",
      ]),
      message: recorded("ignored", [
        "test/vectors/merge/claude-code/CwdChanged/cap-cwdchanged-systemMessage.json",
      ]),
    },
    FileChanged: {
      stop: recorded("ignored", [
        "test/vectors/merge/claude-code/FileChanged/cap-filechanged-continue-false.json",
      ]),
      message: recorded("ignored", [
        "test/vectors/merge/claude-code/FileChanged/cap-filechanged-systemMessage.json",
      ]),
    },
    DirectoryAdded: {
      stop: fromEventTable("as the event table reads it; no recording"),
      message: fromEventTable("as the event table reads it; no recording"),
    },
    MessageDisplay: {
      stop: recorded("ignored", [
        "test/vectors/merge/claude-code/MessageDisplay/cap-messagedisplay-continue-false.json",
      ]),
      message: recorded("ignored", [
        "test/vectors/merge/claude-code/MessageDisplay/cap-messagedisplay-systemMessage.json",
      ]),
    },
    PreSkillShellCommand: {
      deny: recorded("enforced", [
        "test/vectors/merge/claude-code/PreSkillShellCommand/cap-preskillshellcommand-deny.json",
      ]),
      ask: recorded("degraded", [
        "test/vectors/merge/claude-code/PreSkillShellCommand/cap-preskillshellcommand-ask.json",
      ], { as: "deny", note: "a skill cannot wait for an approval: the command does not run" }),
      allow: fromEventTable(),
      // recorded as the Agent SDK's doc comments say (docs/spec/claude-code-hooks.md [S]): a changed command is refused, not run
      rewrite: recorded("ignored", [
        "test/vectors/merge/claude-code/PreSkillShellCommand/cap-preskillshellcommand-rewrite.json",
      ], { note: "never applied, and the command does not run: \"the hook changed the command, which isn't supported here\"" }),
      stop: recorded("enforced", [
        "test/vectors/merge/claude-code/PreSkillShellCommand/cap-preskillshellcommand-continue-false.json",
      ]),
      message: recorded("enforced", [
        "test/vectors/merge/claude-code/PreSkillShellCommand/cap-preskillshellcommand-systemMessage.json",
      ]),
    },
  },
};
