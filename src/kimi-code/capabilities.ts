/**
 * What Kimi Code CLI 2.1.0 does with each answer a hook can give, per event
 * (src/core/capabilities.ts): a `recorded` claim cites the merge vectors
 * (test/vectors/merge/kimi-code, from test/observer/kimi-code/observed)
 * whose single hook answered that way and whose recorded effects show it
 * (test/capabilities.test.ts re-merges each); `documented` claims rest on
 * Kimi's bundled code with no such vector (unverified).
 *
 * Kimi reads only `permissionDecision: "deny"`, exit 2 and, on
 * UserPromptSubmit, `message` or plain stdout; it has no `continue`,
 * `systemMessage`, `updatedInput` or `additionalContext`. Its tools carry
 * Claude Code's names (`Bash` with `command`); Read and Write name the file `path`.
 */
import { documented, recorded, type AgentCapabilities, type CapabilityClaim } from "../core/capabilities.js";

const V = "test/vectors/merge/kimi-code";
const UNSUPPORTED = documented("unsupported");
/** An event whose hooks Kimi does not wait for, or whose results it drops (bundle): the kit's writer refuses every answer there. */
const NOTHING: Partial<Record<"context" | "block" | "stop" | "message", CapabilityClaim>> = { context: UNSUPPORTED, block: UNSUPPORTED, stop: UNSUPPORTED, message: UNSUPPORTED };

export const capabilities: AgentCapabilities = {
  agent: "kimi-code",
  version: "2.1.0",
  // Read and Write keep Claude Code's names but take `path` for `file_path` (held-out kh-tool-read-*, kh-tool-write-*)
  tools: [
    { name: "Read", canonical: "Read", fields: { file_path: "path" }, basis: "recorded" },
    { name: "Write", canonical: "Write", fields: { file_path: "path" }, basis: "recorded" },
  ],
  events: {
    PreToolUse: {
      deny: recorded("enforced", [`${V}/PreToolUse/deny-json.json`], { note: "the first deny in configuration order gives the reason" }),
      ask: recorded("ignored", [`${V}/PreToolUse/ask.json`]),
      allow: recorded("ignored", [`${V}/PreToolUse/allow-plain.json`]),
      rewrite: recorded("ignored", [`${V}/PreToolUse/updated-input.json`]),
      context: recorded("ignored", [`${V}/PreToolUse/additional-context.json`]),
      block: recorded("enforced", [`${V}/PreToolUse/deny-json.json`], { note: "written as a deny; a top-level decision:block is not read (km-pre-13)" }),
      stop: UNSUPPORTED,
      message: documented("ignored", "neither `message` nor plain stdout reaches the model or the user (km-pre-11, two hooks)"),
    },
    PostToolUse: {
      context: documented("ignored", "additionalContext and plain stdout reach nobody (km-post-01, two hooks)"),
      block: recorded("ignored", [`${V}/PostToolUse/block-json.json`]),
      stop: UNSUPPORTED,
      message: UNSUPPORTED,
    },
    PostToolUseFailure: NOTHING,
    UserPromptSubmit: {
      context: recorded("enforced", [`${V}/UserPromptSubmit/additional-context-json.json`], { note: "as `message` or plain stdout, in a `<hook_result>` block; additionalContext is dropped" }),
      block: recorded("enforced", [`${V}/UserPromptSubmit/exit2.json`], { note: "exit 2 (or a deny): no model request, the run fails" }),
      stop: UNSUPPORTED,
      message: UNSUPPORTED,
    },
    SessionStart: {
      context: documented("ignored", "plain stdout and additionalContext reach nobody (km-ss-01, two hooks)"),
      block: UNSUPPORTED,
      stop: UNSUPPORTED,
      message: UNSUPPORTED,
    },
    Stop: {
      context: UNSUPPORTED,
      block: recorded("enforced", [`${V}/Stop/exit2-once.json`], { note: "exit 2 (or a deny); once per turn; decision:block is ignored" }),
      stop: UNSUPPORTED,
      message: UNSUPPORTED,
    },
    SessionEnd: NOTHING,
    SubagentStart: NOTHING,
    SubagentStop: NOTHING,
    PreCompact: NOTHING,
    PostCompact: NOTHING,
    Notification: NOTHING,
    StopFailure: NOTHING,
    PermissionRequest: { deny: UNSUPPORTED, allow: UNSUPPORTED, ...NOTHING },
  },
};
