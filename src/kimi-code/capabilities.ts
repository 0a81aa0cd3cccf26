/**
 * What Kimi Code CLI 2.1.0 does with each answer a hook can give, per event
 * (src/core/capabilities.ts): a `recorded` claim cites the merge vectors
 * (test/vectors/merge/kimi-code, from the three recording sets of
 * test/observer/kimi-code: the 22 the dialect was written from, `held-out/`
 * `kh-*` and `cap/` `cap-*`) whose single hook answered that way and whose
 * recorded effects show it (test/capabilities.test.ts re-merges each);
 * `fromEventTable` claims take their level from the event table and answer writer, whose rows rest
 * on Kimi's bundled code with no such vector
 * (unverified): SessionEnd and PermissionRequest never fire in print mode
 * (kh-se-*, kh-perm-*); a Stop's or a StopFailure's `continue: false`, and a
 * StopFailure's block, cannot be told from the turn ending anyway; and
 * context has no form on StopFailure, PreCompact or PostCompact.
 *
 * Kimi reads only `permissionDecision: "deny"`, exit 2 and, on
 * UserPromptSubmit, `message` or plain stdout; it has no `continue`,
 * `systemMessage`, `updatedInput` or `additionalContext`. Its tools carry
 * Claude Code's names (`Bash` with `command`); Read and Write name the file `path`.
 */
import { recorded, type CapabilityClaim } from "../core/capabilities.js";
import { fromEventTable, type AgentCapabilitiesSource, type TableClaim } from "../core/derived-claims.js";

const V = "test/vectors/merge/kimi-code";
const UNSUPPORTED = fromEventTable();
/** An event whose hooks Kimi does not wait for, or whose results it drops (bundle): the kit's writer refuses every answer there. */
const NOTHING: Partial<Record<"context" | "block" | "stop" | "message", CapabilityClaim | TableClaim>> = { context: UNSUPPORTED, block: UNSUPPORTED, stop: UNSUPPORTED, message: UNSUPPORTED };
/** Claude Code's form of the answer, which Kimi does not read: the recording shows it changed nothing. */
const ignoredAs = (event: string, rule: string): CapabilityClaim => recorded("unsupported", [`${V}/${event}/${rule}.json`]);

export const capabilities: AgentCapabilitiesSource = {
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
      stop: ignoredAs("PreToolUse", "kh-pre-continue-false"),
      message: recorded("ignored", [`${V}/PreToolUse/cap-pre-system-message.json`], { note: "neither `message` nor plain stdout reaches the model or the user either (km-pre-11, two hooks)" }),
    },
    PostToolUse: {
      context: recorded("ignored", [`${V}/PostToolUse/cap-post-context.json`], { note: "plain stdout reaches nobody either (km-post-01, two hooks)" }),
      block: recorded("ignored", [`${V}/PostToolUse/block-json.json`]),
      stop: ignoredAs("PostToolUse", "kh-post-continue-false"),
      message: ignoredAs("PostToolUse", "cap-post-system-message"),
    },
    PostToolUseFailure: {
      context: ignoredAs("PostToolUseFailure", "cap-ptuf-context"),
      block: ignoredAs("PostToolUseFailure", "cap-ptuf-block"),
      stop: ignoredAs("PostToolUseFailure", "cap-ptuf-continue-false"),
      message: ignoredAs("PostToolUseFailure", "cap-ptuf-system-message"),
    },
    UserPromptSubmit: {
      context: recorded("enforced", [`${V}/UserPromptSubmit/additional-context-json.json`], { note: "as `message` or plain stdout, in a `<hook_result>` block; additionalContext is dropped" }),
      block: recorded("enforced", [`${V}/UserPromptSubmit/exit2.json`], { note: "exit 2 (or a deny): no model request, the run fails" }),
      stop: ignoredAs("UserPromptSubmit", "kh-ups-continue-false"),
      message: recorded("enforced", [`${V}/UserPromptSubmit/kh-ups-system-message.json`], { note: "not read as such: print mode prints the whole stdout as a `UserPromptSubmit hook` line, and the model gets it too, in a `<hook_result>` block" }),
    },
    SessionStart: {
      context: recorded("ignored", [`${V}/SessionStart/cap-ss-context.json`], { note: "plain stdout reaches nobody either (km-ss-01, two hooks)" }),
      block: ignoredAs("SessionStart", "cap-ss-block"),
      stop: ignoredAs("SessionStart", "cap-ss-continue-false"),
      message: ignoredAs("SessionStart", "cap-ss-system-message"),
    },
    Stop: {
      context: ignoredAs("Stop", "cap-stop-context"),
      block: recorded("enforced", [`${V}/Stop/exit2-once.json`], { note: "exit 2 (or a deny); once per turn; decision:block is ignored" }),
      stop: fromEventTable("not read (bundle); the turn ends either way, so no recording can tell (cap-stop-continue-false)"),
      message: ignoredAs("Stop", "cap-stop-system-message"),
    },
    SessionEnd: NOTHING,
    SubagentStart: {
      context: ignoredAs("SubagentStart", "cap-substart-context"),
      block: ignoredAs("SubagentStart", "cap-substart-block"),
      stop: ignoredAs("SubagentStart", "cap-substart-continue-false"),
      message: ignoredAs("SubagentStart", "cap-substart-system-message"),
    },
    SubagentStop: {
      context: ignoredAs("SubagentStop", "cap-substop-context"),
      block: ignoredAs("SubagentStop", "cap-substop-block"),
      stop: ignoredAs("SubagentStop", "cap-substop-continue-false"),
      message: ignoredAs("SubagentStop", "cap-substop-system-message"),
    },
    // auto compaction fires in print mode: a reply reporting 130000 of the model's 131072 tokens (cap-precompact-*); context has no form there
    PreCompact: {
      context: UNSUPPORTED,
      block: ignoredAs("PreCompact", "cap-precompact-block"),
      stop: ignoredAs("PreCompact", "cap-precompact-continue-false"),
      message: ignoredAs("PreCompact", "cap-precompact-system-message"),
    },
    PostCompact: {
      context: UNSUPPORTED,
      block: ignoredAs("PostCompact", "cap-postcompact-block"),
      stop: ignoredAs("PostCompact", "cap-postcompact-continue-false"),
      message: ignoredAs("PostCompact", "cap-postcompact-system-message"),
    },
    // a background task that ends while the turn runs (cap-notification-*)
    Notification: {
      context: ignoredAs("Notification", "cap-notification-context"),
      block: ignoredAs("Notification", "cap-notification-block"),
      stop: ignoredAs("Notification", "cap-notification-continue-false"),
      message: ignoredAs("Notification", "cap-notification-system-message"),
    },
    StopFailure: {
      context: UNSUPPORTED,
      block: fromEventTable("not read (bundle); the run fails either way, so no recording can tell (cap-stopfailure-block)"),
      stop: fromEventTable("not read (bundle); the run fails either way, so no recording can tell (cap-stopfailure-continue-false)"),
      message: ignoredAs("StopFailure", "cap-stopfailure-system-message"),
    },
    PermissionRequest: { deny: UNSUPPORTED, allow: UNSUPPORTED, ...NOTHING },
  },
};
