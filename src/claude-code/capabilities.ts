/**
 * What Claude Code 2.1.332 does with each answer a hook can give, per event
 * (src/core/capabilities.ts): a claim cites the recorded vectors whose
 * single hook answered as the kit writes it and whose recorded effects show
 * the claim (test/capabilities.test.ts re-merges each); `documented` claims
 * rest on the dialect's documented rules (docs/merge-rules.md) with no such vector yet.
 */
import { documented, recorded, type AgentCapabilities } from "../core/capabilities.js";

export const capabilities: AgentCapabilities = {
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
      ]),
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
      block: documented("enforced"),
      stop: recorded("enforced", [
        "test/vectors/merge/claude-code/PostToolBatch/cap-posttoolbatch-continue-false.json",
      ]),
      message: recorded("enforced", [
        "test/vectors/merge/claude-code/PostToolBatch/cap-posttoolbatch-systemMessage.json",
      ]),
    },
    Notification: {
      context: documented("ignored", "as the event table reads it; no recording"),
      stop: documented("ignored", "as the event table reads it; no recording"),
      message: documented("ignored", "as the event table reads it; no recording"),
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
      stop: documented("ignored", "as the event table reads it; no recording"),
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
      stop: documented("ignored", "as the event table reads it; no recording"),
      message: documented("ignored", "as the event table reads it; no recording"),
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
      stop: documented("ignored", "as the event table reads it; no recording"),
      message: recorded("enforced", [
        "test/vectors/merge/claude-code/PostCompact/cap-postcompact-systemMessage.json",
      ]),
    },
    PreModelSwitch: {
      deny: documented("enforced"),
      ask: documented("enforced"),
      allow: documented("enforced"),
      stop: documented("enforced"),
      message: documented("enforced"),
    },
    PostModelSwitch: {
      context: documented("enforced"),
      stop: documented("enforced"),
      message: documented("enforced"),
    },
    PermissionRequest: {
      deny: recorded("enforced", [
        "test/vectors/merge/claude-code/PermissionRequest/read-deny.json",
      ]),
      allow: recorded("enforced", [
        "test/vectors/merge/claude-code/PermissionRequest/allow.json",
        "test/vectors/merge/claude-code/PermissionRequest/no-rule-perm-allow-host-slow.json",
      ]),
      stop: documented("ignored", "as the event table reads it; no recording"),
      message: documented("ignored", "as the event table reads it; no recording"),
    },
    PermissionDenied: {
      stop: documented("ignored", "as the event table reads it; no recording"),
      message: recorded("ignored", [
        "test/vectors/merge/claude-code/PermissionDenied/systemMessage.json",
      ]),
    },
    Setup: {
      context: documented("ignored", "as the event table reads it; no recording"),
      stop: documented("enforced"),
      message: documented("ignored", "as the event table reads it; no recording"),
    },
    TeammateIdle: {
      block: documented("enforced"),
      stop: documented("enforced"),
      message: documented("enforced"),
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
      block: documented("enforced"),
      stop: documented("ignored", "as the event table reads it; no recording"),
      message: documented("enforced"),
    },
    ElicitationResult: {
      block: documented("enforced"),
      stop: documented("ignored", "as the event table reads it; no recording"),
      message: documented("enforced"),
    },
    ConfigChange: {
      block: documented("enforced"),
      stop: documented("ignored", "as the event table reads it; no recording"),
      message: documented("enforced"),
    },
    WorktreeCreate: {
      block: documented("enforced"),
      stop: documented("ignored", "as the event table reads it; no recording"),
      message: documented("enforced"),
    },
    WorktreeRemove: {
      block: documented("enforced"),
      stop: documented("ignored", "as the event table reads it; no recording"),
      message: documented("enforced"),
    },
    InstructionsLoaded: {
      stop: documented("ignored", "as the event table reads it; no recording"),
      message: documented("ignored", "as the event table reads it; no recording"),
    },
    CwdChanged: {
      stop: documented("ignored", "as the event table reads it; no recording"),
      message: documented("ignored", "as the event table reads it; no recording"),
    },
    FileChanged: {
      stop: documented("ignored", "as the event table reads it; no recording"),
      message: documented("enforced"),
    },
    DirectoryAdded: {
      stop: documented("ignored", "as the event table reads it; no recording"),
      message: { ...documented("degraded", "as the event table reads it; no recording"), as: "context" },
    },
    MessageDisplay: {
      stop: documented("ignored", "as the event table reads it; no recording"),
      message: documented("enforced"),
    },
    PreSkillShellCommand: {
      deny: documented("enforced"),
      ask: documented("enforced"),
      allow: documented("enforced"),
      // settled by the Agent SDK's doc comments (docs/spec/claude-code-hooks.md [S]), as the event row and the merge read them: not driven by the observer
      rewrite: documented("ignored", "never applied, and the command does not run: the Agent SDK's doc comments say any updatedInput keeps it from running, as the event table reads it"),
      stop: documented("enforced"),
      message: documented("enforced"),
    },
  },
};
