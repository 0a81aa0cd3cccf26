/**
 * What GitHub Copilot CLI 1.0.102 does with each answer a hook can give, per event
 * (src/core/capabilities.ts): a claim cites the recorded vectors whose
 * single hook answered as the kit writes it and whose recorded effects show
 * the claim (test/capabilities.test.ts re-merges each); a claim no vector shows
 * yet is `fromEventTable`: its level is what the event table and answer writer give (src/core/derived-claims.ts;
 * the rows rest on docs/copilot-cli.md), said to be unverified.
 *
 * Tools: native hooks see the model-facing names (`bash`, `view`), Claude-style
 * hooks Claude's (`Bash`, `Read`), both with Copilot's argument names (`path`:
 * cpre-17-view-tool-matcher). The native stdin has no event name: the keys tell
 * the event (copilot-cli-observed.md, "Hook stdin").
 */
import { recorded, type AgentCapabilities } from "../core/capabilities.js";

/** The agent has no way of its own to say it; a recorded hook said it the Claude Code way. */
const CLAUDE_FORM = "said the Claude Code way: the agent has no own way to say it";

export const capabilities: AgentCapabilities = {
  agent: "copilot-cli",
  version: "1.0.102",
  tools: [
    { name: "bash", canonical: "Bash", basis: "recorded" },
    { name: "view", canonical: "Read", fields: { file_path: "path" }, basis: "recorded" },
    // a subagent (subagents/ recordings, cp-sub-*): name, description, prompt, agent_type, mode; Claude Code's subagent_type is its agent_type
    { name: "task", canonical: "Agent", fields: { subagent_type: "agent_type" }, basis: "recorded" },
    { name: "edit", canonical: "Edit", fields: { file_path: "path", old_string: "old_str", new_string: "new_str" }, basis: "docs" },
    { name: "create", canonical: "Write", fields: { file_path: "path", content: "file_text" }, basis: "docs" },
  ],
  nativeInput: {
    marker: "sessionId",
    keys: {
      sessionId: "session_id",
      toolName: "tool_name",
      toolArgs: "tool_input",
      toolInput: "tool_input",
      toolResult: "tool_result",
      transcriptPath: "transcript_path",
      stopReason: "stop_reason",
      initialPrompt: "initial_prompt",
    },
    events: [
      { event: "preToolUse", keys: ["toolName", "toolArgs"] },
      { event: "postToolUse", keys: ["toolName", "toolArgs", "toolResult"] },
      { event: "postToolUseFailure", keys: ["toolName", "toolArgs", "error"] },
      { event: "permissionRequest", keys: ["hookName", "toolName", "toolInput"] },
      { event: "agentStop", keys: ["stopReason"] },
      { event: "sessionStart", keys: ["source"] },
      { event: "userPromptSubmitted", keys: ["prompt"] },
    ],
  },
  events: {
    SessionStart: {
      context: recorded("enforced", [
        "test/vectors/merge/copilot-cli/sessionStart/new-blind2-css-flat-context.json",
      ]),
      stop: recorded("unsupported", [
        "test/vectors/merge/copilot-cli/sessionStart/cap-claude-sessionstart-continue-false.json",
      ]),
      message: recorded("unsupported", [
        "test/vectors/merge/copilot-cli/sessionStart/cap-claude-sessionstart-systemMessage.json",
      ]),
    },
    sessionStart: {
      context: recorded("enforced", [
        "test/vectors/merge/copilot-cli/sessionStart/ss-01-additionalContext.json",
      ]),
      stop: recorded("unsupported", [
        "test/vectors/merge/copilot-cli/sessionStart/cap-sessionstart-continue-false.json",
      ]),
      message: recorded("unsupported", [
        "test/vectors/merge/copilot-cli/sessionStart/cap-sessionstart-systemMessage.json",
      ]),
    },
    UserPromptSubmit: {
      context: recorded("enforced", [
        "test/vectors/merge/copilot-cli/userPromptSubmitted/cap-claude-userpromptsubmit-context.json",
      ]),
      block: recorded("enforced", [
        "test/vectors/merge/copilot-cli/userPromptSubmitted/ups-07-claude-block.json",
      ]),
      stop: recorded("unsupported", [
        "test/vectors/merge/copilot-cli/userPromptSubmitted/cap-claude-userpromptsubmit-continue-false.json",
      ]),
      message: recorded("unsupported", [
        "test/vectors/merge/copilot-cli/userPromptSubmitted/cap-claude-userpromptsubmit-systemMessage.json",
      ]),
    },
    userPromptSubmitted: {
      context: recorded("enforced", [
        "test/vectors/merge/copilot-cli/userPromptSubmitted/ups-01-additionalContext.json",
      ]),
      block: recorded("enforced", [
        "test/vectors/merge/copilot-cli/userPromptSubmitted/ups-02-block.json",
      ]),
      stop: recorded("unsupported", [
        "test/vectors/merge/copilot-cli/userPromptSubmitted/ups-09-continue-false.json",
      ]),
      message: recorded("unsupported", [
        "test/vectors/merge/copilot-cli/userPromptSubmitted/cap-userpromptsubmitted-systemMessage.json",
      ]),
    },
    PreToolUse: {
      deny: recorded("enforced", [
        "test/vectors/merge/copilot-cli/preToolUse/cpre-02b-deny-flat.json",
      ]),
      ask: recorded("enforced", [
        "test/vectors/merge/copilot-cli/preToolUse/cap-claude-pretooluse-ask.json",
      ]),
      allow: recorded("enforced", [
        "test/vectors/merge/copilot-cli/preToolUse/cap-claude-pretooluse-allow-without-allow-all.json",
      ]),
      rewrite: recorded("enforced", [
        "test/vectors/merge/copilot-cli/preToolUse/cap-claude-pretooluse-rewrite.json",
      ]),
      context: recorded("enforced", [
        "test/vectors/merge/copilot-cli/preToolUse/cap-claude-pretooluse-context.json",
      ]),
      stop: recorded("ignored", [
        "test/vectors/merge/copilot-cli/preToolUse/cpre-09-continue-false.json",
      ], { note: CLAUDE_FORM }),
      message: recorded("unsupported", [
        "test/vectors/merge/copilot-cli/preToolUse/cap-claude-pretooluse-systemMessage.json",
      ]),
    },
    preToolUse: {
      deny: recorded("enforced", [
        "test/vectors/merge/copilot-cli/preToolUse/cpre-12c-camel-nested-in-native-file.json",
        "test/vectors/merge/copilot-cli/preToolUse/cpre-13b-native-and-claude-both.json",
        "test/vectors/merge/copilot-cli/preToolUse/post-08-pre-deny-skips-post.json",
      ]),
      ask: recorded("enforced", [
        "test/vectors/merge/copilot-cli/preToolUse/pre-05-ask.json",
        "test/vectors/merge/copilot-cli/preToolUse/pre-15d-ask-and-deny.json",
      ]),
      allow: recorded("enforced", [
        "test/vectors/merge/copilot-cli/preToolUse/cap-pretooluse-allow-without-allow-all.json",
      ]),
      rewrite: recorded("enforced", [
        "test/vectors/merge/copilot-cli/preToolUse/cap-pretooluse-rewrite.json",
      ]),
      context: recorded("enforced", [
        "test/vectors/merge/copilot-cli/preToolUse/cap-pretooluse-context.json",
      ]),
      stop: recorded("unsupported", [
        "test/vectors/merge/copilot-cli/preToolUse/cap-pretooluse-continue-false.json",
      ]),
      message: recorded("unsupported", [
        "test/vectors/merge/copilot-cli/preToolUse/cap-pretooluse-systemMessage.json",
      ]),
    },
    PermissionRequest: {
      deny: recorded("enforced", [
        "test/vectors/merge/copilot-cli/permissionRequest/cap-claude-permissionrequest-deny.json",
      ]),
      allow: recorded("enforced", [
        "test/vectors/merge/copilot-cli/permissionRequest/perm-01d-claude-flat-behavior.json",
      ]),
      stop: recorded("unsupported", [
        "test/vectors/merge/copilot-cli/permissionRequest/cap-claude-permissionrequest-continue-false.json",
      ]),
      message: recorded("unsupported", [
        "test/vectors/merge/copilot-cli/permissionRequest/cap-claude-permissionrequest-systemMessage.json",
      ]),
    },
    permissionRequest: {
      deny: recorded("enforced", [
        "test/vectors/merge/copilot-cli/permissionRequest/perm-02b-behavior-deny.json",
        "test/vectors/merge/copilot-cli/permissionRequest/perm-03b-allow-all-behavior-deny.json",
      ]),
      allow: recorded("enforced", [
        "test/vectors/merge/copilot-cli/permissionRequest/cap-permissionrequest-allow.json",
      ]),
      stop: recorded("unsupported", [
        "test/vectors/merge/copilot-cli/permissionRequest/cap-permissionrequest-continue-false.json",
      ]),
      message: recorded("unsupported", [
        "test/vectors/merge/copilot-cli/permissionRequest/cap-permissionrequest-systemMessage.json",
      ]),
    },
    PostToolUse: {
      context: recorded("enforced", [
        "test/vectors/merge/copilot-cli/postToolUse/post-06b-claude-flat-context.json",
      ]),
      block: recorded("enforced", [
        "test/vectors/merge/copilot-cli/postToolUse/post-07-claude-block.json",
      ]),
      stop: recorded("unsupported", [
        "test/vectors/merge/copilot-cli/postToolUse/cap-claude-posttooluse-continue-false.json",
      ]),
      message: recorded("unsupported", [
        "test/vectors/merge/copilot-cli/postToolUse/cap-claude-posttooluse-systemMessage.json",
      ]),
    },
    postToolUse: {
      context: recorded("enforced", [
        "test/vectors/merge/copilot-cli/postToolUse/post-01-additionalContext.json",
      ]),
      block: recorded("enforced", [
        "test/vectors/merge/copilot-cli/postToolUse/post-02-block.json",
      ]),
      stop: recorded("unsupported", [
        "test/vectors/merge/copilot-cli/postToolUse/post-05-continue-false.json",
      ]),
      message: recorded("unsupported", [
        "test/vectors/merge/copilot-cli/postToolUse/cap-posttooluse-systemMessage.json",
      ]),
    },
    postToolUseFailure: {
      context: recorded("enforced", [
        "test/vectors/merge/copilot-cli/postToolUseFailure/post-10-failure-hook.json",
      ]),
      block: recorded("unsupported", [
        "test/vectors/merge/copilot-cli/postToolUseFailure/cap-posttoolusefailure-block.json",
      ]),
      stop: recorded("unsupported", [
        "test/vectors/merge/copilot-cli/postToolUseFailure/cap-posttoolusefailure-continue-false.json",
      ]),
      message: recorded("unsupported", [
        "test/vectors/merge/copilot-cli/postToolUseFailure/cap-posttoolusefailure-systemMessage.json",
      ]),
    },
    Stop: {
      context: recorded("unsupported", [
        "test/vectors/merge/copilot-cli/agentStop/cap-claude-stop-context.json",
      ]),
      block: recorded("enforced", [
        "test/vectors/merge/copilot-cli/agentStop/new-blind5-cstop-block.json",
      ]),
      stop: recorded("unsupported", [
        "test/vectors/merge/copilot-cli/agentStop/cap-claude-stop-continue-false.json",
      ]),
      message: recorded("unsupported", [
        "test/vectors/merge/copilot-cli/agentStop/cap-claude-stop-systemMessage.json",
      ]),
    },
    agentStop: {
      context: recorded("unsupported", [
        "test/vectors/merge/copilot-cli/agentStop/cap-agentstop-context.json",
      ]),
      block: recorded("enforced", [
        "test/vectors/merge/copilot-cli/agentStop/stop-01-block-once.json",
        "test/vectors/merge/copilot-cli/agentStop/stop-03-block-always.json",
      ]),
      stop: recorded("unsupported", [
        "test/vectors/merge/copilot-cli/agentStop/cap-agentstop-continue-false.json",
      ]),
      message: recorded("unsupported", [
        "test/vectors/merge/copilot-cli/agentStop/cap-agentstop-systemMessage.json",
      ]),
    },
  },
};
