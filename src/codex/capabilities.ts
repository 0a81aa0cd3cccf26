/**
 * What Codex CLI 0.171.0 does with each answer a hook can give, per event
 * (src/core/capabilities.ts): a claim cites the recorded vectors whose
 * single hook answered as the kit writes it and whose recorded effects show
 * the claim (test/capabilities.test.ts re-merges each); a claim no vector shows
 * yet is `fromEventTable`: its level is what the event table and answer writer give (src/core/derived-claims.ts;
 * the rows rest on docs/codex.md), said to be unverified.
 *
 * Tools: hooks see the model's `exec_command` as `Bash` with `{command}` (codex-observed.md), so no name differs.
 */
import { recorded } from "../core/capabilities.js";
import { fromEventTable, type AgentCapabilitiesSource } from "../core/derived-claims.js";

/** The agent has no way of its own to say it; a recorded hook said it the Claude Code way. */
const CLAUDE_FORM = "said the Claude Code way: the agent has no own way to say it";

export const capabilities: AgentCapabilitiesSource = {
  agent: "codex",
  version: "0.171.0",
  tools: [],
  events: {
    PreToolUse: {
      deny: recorded("enforced", [
        "test/vectors/merge/codex/PreToolUse/cx-pre-invalid-utf8-reason.json",
        "test/vectors/merge/codex/PreToolUse/cx-pre-matcher-alternation.json",
        "test/vectors/merge/codex/PreToolUse/cx-pre-matcher-empty.json",
      ]),
      ask: recorded("unsupported", [
        "test/vectors/merge/codex/PreToolUse/cap-pretooluse-ask.json",
      ]),
      allow: recorded("ignored", [
        "test/vectors/merge/codex/PreToolUse/pre-01-allow.json",
      ], { note: CLAUDE_FORM }),
      rewrite: recorded("enforced", [
        "test/vectors/merge/codex/PreToolUse/cap-pretooluse-rewrite.json",
      ]),
      context: recorded("enforced", [
        "test/vectors/merge/codex/PreToolUse/cx-pre-context-padded.json",
        "test/vectors/merge/codex/PreToolUse/cx-pre-display-order-nonmatching.json",
      ]),
      stop: recorded("ignored", [
        "test/vectors/merge/codex/PreToolUse/pre-17-continue-false.json",
      ], { note: CLAUDE_FORM }),
      message: recorded("enforced", [
        "test/vectors/merge/codex/PreToolUse/cap-pretooluse-systemMessage.json",
      ]),
    },
    PermissionRequest: {
      deny: recorded("enforced", [
        "test/vectors/merge/codex/PermissionRequest/cx-perm-deny-padded-message.json",
        "test/vectors/merge/codex/PermissionRequest/cx-perm-deny-quote-newline.json",
      ]),
      allow: recorded("enforced", [
        "test/vectors/merge/codex/PermissionRequest/perm-01-allow.json",
      ]),
      stop: recorded("unsupported", [
        "test/vectors/merge/codex/PermissionRequest/cap-permissionrequest-continue-false.json",
      ]),
      message: recorded("enforced", [
        "test/vectors/merge/codex/PermissionRequest/cap-permissionrequest-systemMessage.json",
      ]),
    },
    PostToolUse: {
      context: recorded("enforced", [
        "test/vectors/merge/codex/PostToolUse/post-01-additionalContext.json",
      ]),
      block: recorded("enforced", [
        "test/vectors/merge/codex/PostToolUse/cx-post-block-padded.json",
      ]),
      stop: recorded("ignored", [
        "test/vectors/merge/codex/PostToolUse/cx-post-stop-padded-reason.json",
        "test/vectors/merge/codex/PostToolUse/post-04-continue-false.json",
      ]),
      message: recorded("enforced", [
        "test/vectors/merge/codex/PostToolUse/cx-post-sysmsg.json",
      ]),
    },
    PreCompact: {
      block: recorded("unsupported", [
        "test/vectors/merge/codex/PreCompact/cap-precompact-block.json",
      ]),
      stop: recorded("enforced", [
        "test/vectors/merge/codex/PreCompact/cap-precompact-continue-false.json",
      ]),
      message: recorded("enforced", [
        "test/vectors/merge/codex/PreCompact/cap-precompact-systemMessage.json",
      ]),
    },
    PostCompact: {
      stop: recorded("enforced", [
        "test/vectors/merge/codex/PostCompact/cap-postcompact-continue-false.json",
      ]),
      message: recorded("enforced", [
        "test/vectors/merge/codex/PostCompact/cap-postcompact-systemMessage.json",
      ]),
    },
    SessionStart: {
      context: recorded("enforced", [
        "test/vectors/merge/codex/SessionStart/ss-01-additionalContext.json",
        "test/vectors/merge/codex/SessionStart/ss-05-matcher-startup.json",
      ]),
      stop: recorded("enforced", [
        "test/vectors/merge/codex/SessionStart/cx-ss-continue-false.json",
      ]),
      message: recorded("enforced", [
        "test/vectors/merge/codex/SessionStart/cap-sessionstart-systemMessage.json",
      ]),
    },
    UserPromptSubmit: {
      context: recorded("enforced", [
        "test/vectors/merge/codex/UserPromptSubmit/cx-ups-matcher-ignored.json",
        "test/vectors/merge/codex/UserPromptSubmit/cx-ups-reason-without-decision.json",
        "test/vectors/merge/codex/UserPromptSubmit/ups-01-additionalContext.json",
      ]),
      block: recorded("enforced", [
        "test/vectors/merge/codex/UserPromptSubmit/cx-ups-block-padded-reason.json",
        "test/vectors/merge/codex/UserPromptSubmit/cx-ups-block-reason.json",
      ]),
      stop: recorded("enforced", [
        "test/vectors/merge/codex/UserPromptSubmit/cx-ups-continue-false.json",
        "test/vectors/merge/codex/UserPromptSubmit/cx-ups-stop-padded-reason.json",
      ]),
      message: recorded("enforced", [
        "test/vectors/merge/codex/UserPromptSubmit/cap-userpromptsubmit-systemMessage.json",
      ]),
    },
    Stop: {
      context: recorded("unsupported", [
        "test/vectors/merge/codex/Stop/cap-stop-context.json",
      ]),
      block: recorded("enforced", [
        "test/vectors/merge/codex/Stop/cx-stop-reason-markup.json",
        "test/vectors/merge/codex/Stop/stop-01-block-once.json",
      ]),
      stop: recorded("enforced", [
        "test/vectors/merge/codex/Stop/stop-03-continue-false.json",
      ]),
      message: recorded("enforced", [
        "test/vectors/merge/codex/Stop/cap-stop-systemMessage.json",
      ]),
    },
    SubagentStart: {
      context: recorded("enforced", [
        "test/vectors/merge/codex/SubagentStart/cap-subagentstart-context.json",
      ]),
      stop: recorded("unsupported", [
        "test/vectors/merge/codex/SubagentStart/cap-subagentstart-continue-false.json",
      ]),
      message: recorded("enforced", [
        "test/vectors/merge/codex/SubagentStart/cap-subagentstart-systemMessage.json",
      ]),
    },
    // subagents/cx-sub-subagentstop-*: with the main agent waiting on its subagent (wait_agent), SubagentStop runs each time
    // the subagent's turn ends
    SubagentStop: {
      context: fromEventTable(),
      block: recorded("enforced", [
        "test/vectors/merge/codex/SubagentStop/cx-sub-subagentstop-block-once.json",
      ], { note: "the subagent gets the reason as a `<hook_prompt>` user message and goes on; the main agent waits for it" }),
      stop: recorded("enforced", [
        "test/vectors/merge/codex/SubagentStop/cx-sub-subagentstop-continue-false.json",
      ], { note: "Codex reports a stopped hook run and the subagent ends, as it would have: its turn was over" }),
      message: recorded("enforced", [
        "test/vectors/merge/codex/SubagentStop/cx-sub-subagentstop-systemMessage.json",
      ]),
    },
    SessionEnd: {
      stop: recorded("unsupported", [
        "test/vectors/merge/codex/SessionEnd/cap-sessionend-continue-false.json",
      ]),
      message: recorded("ignored", [
        "test/vectors/merge/codex/SessionEnd/cap-sessionend-systemMessage.json",
      ]),
    },
  },
};
