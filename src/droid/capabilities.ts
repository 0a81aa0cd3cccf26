/**
 * What Factory droid 0.215.0 does with each answer a hook can give, per event
 * (src/core/capabilities.ts): a claim cites the recorded vectors whose
 * single hook answered as the kit writes it and whose recorded effects show
 * the claim (test/capabilities.test.ts re-merges each); a claim no vector shows
 * yet is `fromEventTable`: its level is what the event table and answer writer give (src/core/derived-claims.ts;
 * the rows rest on docs/droid.md), said to be unverified.
 *
 * Tools: the shell tool is `Execute` (`{command, riskLevel, riskLevelReason}`,
 * droid-observed.md); file creation is `Create`.
 */
import { recorded } from "../core/capabilities.js";
import { fromEventTable, type AgentCapabilitiesSource } from "../core/derived-claims.js";

/** The agent has no way of its own to say it; a recorded hook said it the Claude Code way. */
const CLAUDE_FORM = "said the Claude Code way: the agent has no own way to say it";
/** droid exec could not be driven to the event (recordings cap-notification-systemMessage, cap-precompact-exit2). */
const NOTIFICATION_NOT_FIRED = "not driven: droid exec fired no Notification, even when it refused a call for want of permission (cap-notification-systemMessage)";
const PRECOMPACT_NOT_FIRED = "not driven: droid exec sends the prompt /compact to the model as text and compacts nothing (cap-precompact-exit2); the lab's model reports no usage that could fill the context";

export const capabilities: AgentCapabilitiesSource = {
  agent: "droid",
  version: "0.215.0",
  alsoRecordedOn: ["0.225.2"], // docs/versions.md
  tools: [
    { name: "Execute", canonical: "Bash", basis: "recorded" },
    // recorded: tool-names/kit-tools-01-file-tools (Read and WebSearch keep Claude Code's names and fields; Edit's
    // change_all is from the binary's schema of the tool)
    { name: "Create", canonical: "Write", basis: "recorded" },
    { name: "Edit", canonical: "Edit", fields: { old_string: "old_str", new_string: "new_str", replace_all: "change_all" }, basis: "recorded" },
    // recorded: subagents/dr-sub-pre-deny-task-tool (the subagent tool: description, prompt, subagent_type as Agent's, and droid's own await)
    { name: "Task", canonical: "Agent", basis: "recorded" },
  ],
  events: {
    PreToolUse: {
      deny: recorded("enforced", [
        "test/vectors/merge/droid/PreToolUse/command-regex-match.json",
        "test/vectors/merge/droid/PreToolUse/matcher-empty.json",
        "test/vectors/merge/droid/PreToolUse/matcher-none.json",
      ]),
      ask: recorded("ignored", [
        "test/vectors/merge/droid/PreToolUse/ask.json",
      ], { note: CLAUDE_FORM }),
      allow: recorded("enforced", [
        "test/vectors/merge/droid/PreToolUse/allow-high-risk-auto-low.json",
      ]),
      rewrite: recorded("enforced", [
        "test/vectors/merge/droid/PreToolUse/cap-pretooluse-rewrite.json",
      ]),
      context: recorded("ignored", [
        "test/vectors/merge/droid/PreToolUse/additionalContext.json",
      ], { note: CLAUDE_FORM }),
      stop: recorded("enforced", [
        "test/vectors/merge/droid/PreToolUse/rpc-continue-false.json",
      ]),
      message: recorded("ignored", [
        "test/vectors/merge/droid/PreToolUse/systemMessage.json",
      ], { note: CLAUDE_FORM }),
    },
    PostToolUse: {
      context: recorded("enforced", [
        "test/vectors/merge/droid/PostToolUse/context.json",
        "test/vectors/merge/droid/PostToolUse/rpc-context.json",
      ]),
      block: recorded("enforced", [
        "test/vectors/merge/droid/PostToolUse/exit2-no-stderr.json",
      ]),
      stop: recorded("enforced", [
        "test/vectors/merge/droid/PostToolUse/rpc-continue-false.json",
      ]),
      message: recorded("unsupported", [
        "test/vectors/merge/droid/PostToolUse/cap-posttooluse-systemMessage.json",
      ]),
    },
    Notification: {
      context: fromEventTable(NOTIFICATION_NOT_FIRED),
      stop: fromEventTable(NOTIFICATION_NOT_FIRED),
      message: fromEventTable(NOTIFICATION_NOT_FIRED),
    },
    UserPromptSubmit: {
      context: recorded("enforced", [
        "test/vectors/merge/droid/UserPromptSubmit/cap-userpromptsubmit-context.json",
      ]),
      block: recorded("enforced", [
        "test/vectors/merge/droid/UserPromptSubmit/exit2-block.json",
      ]),
      stop: recorded("enforced", [
        "test/vectors/merge/droid/UserPromptSubmit/continue-false.json",
      ]),
      message: recorded("unsupported", [
        "test/vectors/merge/droid/UserPromptSubmit/cap-userpromptsubmit-systemMessage.json",
      ]),
    },
    Stop: {
      context: recorded("unsupported", [
        "test/vectors/merge/droid/Stop/cap-stop-context.json",
      ]),
      block: recorded("enforced", [
        "test/vectors/merge/droid/Stop/block-once.json",
        "test/vectors/merge/droid/Stop/rpc-block-once.json",
      ]),
      stop: fromEventTable("not shown by a recording: the turn ends after a Stop hook either way (cap-stop-continue-false)"),
      message: recorded("unsupported", [
        "test/vectors/merge/droid/Stop/cap-stop-systemMessage.json",
      ]),
    },
    SubagentStop: {
      context: recorded("unsupported", [
        "test/vectors/merge/droid/SubagentStop/dr-sub-subagentstop-context.json",
      ]),
      block: recorded("unsupported", [
        "test/vectors/merge/droid/SubagentStop/dr-sub-subagentstop-block-once.json",
      ]),
      stop: recorded("unsupported", [
        "test/vectors/merge/droid/SubagentStop/dr-sub-subagentstop-continue-false.json",
      ]),
      message: recorded("unsupported", [
        "test/vectors/merge/droid/SubagentStop/dr-sub-subagentstop-systemMessage.json",
      ]),
    },
    PreCompact: {
      block: fromEventTable(PRECOMPACT_NOT_FIRED),
      stop: fromEventTable(PRECOMPACT_NOT_FIRED),
      message: fromEventTable(PRECOMPACT_NOT_FIRED),
    },
    SessionStart: {
      context: recorded("enforced", [
        "test/vectors/merge/droid/SessionStart/context.json",
      ]),
      stop: recorded("ignored", [
        "test/vectors/merge/droid/SessionStart/continue-false.json",
      ], { note: CLAUDE_FORM }),
      message: recorded("unsupported", [
        "test/vectors/merge/droid/SessionStart/cap-sessionstart-systemMessage.json",
      ]),
    },
    SessionEnd: {
      stop: fromEventTable("not shown by a recording: the session ends after a SessionEnd hook either way (cap-sessionend-continue-false)"),
      message: recorded("unsupported", [
        "test/vectors/merge/droid/SessionEnd/cap-sessionend-systemMessage.json",
      ]),
    },
  },
};
