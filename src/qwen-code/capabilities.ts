/**
 * What Qwen Code 0.24.4 does with each answer a hook can give, per event
 * (src/core/capabilities.ts): a claim cites the recorded vectors whose
 * single hook answered as the kit writes it and whose recorded effects show
 * the claim (test/capabilities.test.ts re-merges each); a claim no vector shows
 * yet is `fromEventTable`: its level is what the event table and answer writer give (src/core/derived-claims.ts;
 * the rows rest on docs/spec/qwen-code-observed.md), said to be unverified; `documented` only where the
 * table models what headless Qwen does not (ask).
 *
 * One rule no claim can show: on PreToolUse the LAST decision in
 * configuration order counts, so an `allow` (or `ask`) overrides an earlier
 * hook's `deny` (pair-02); a deny is enforced only if no later hook decides.
 *
 * Tools: the shell tool is `run_shell_command` with Claude Code's `command`
 * field (pre-61); Qwen's matchers also accept `Bash` (mat-01).
 */
import { documented, recorded, type CapabilityClaim } from "../core/capabilities.js";
import { fromEventTable, type AgentCapabilitiesSource, type TableClaim } from "../core/derived-claims.js";

const V = "test/vectors/merge/qwen-code";
const LAST_WINS = "a later hook's allow or ask overrides it: the last decision in configuration order counts";
const UNSUPPORTED = fromEventTable();

/** An event whose four Claude Code answer forms were recorded changing nothing (`cap-<event>-{context,block,continue-false,systemMessage}`). */
function nothingShown(event: string): Partial<Record<"context" | "block" | "stop" | "message", CapabilityClaim>> {
  const at = (form: string): string => `${V}/${event}/cap-${event.toLowerCase()}-${form}.json`;
  return { context: recorded("unsupported", [at("context")]), block: recorded("unsupported", [at("block")]), stop: recorded("unsupported", [at("continue-false")]), message: recorded("unsupported", [at("systemMessage")]) };
}

/** The events whose answers were not driven (most do not fire headless, ord-01): the kit's writer refuses every answer there. */
const NOTHING: Partial<Record<"context" | "block" | "stop" | "message", CapabilityClaim | TableClaim>> = { context: UNSUPPORTED, block: UNSUPPORTED, stop: UNSUPPORTED, message: UNSUPPORTED };

export const capabilities: AgentCapabilitiesSource = {
  agent: "qwen-code",
  version: "0.24.4",
  // recorded: observed/ and tool-names/kit-tools-01-file-tools (Claude Code's field names: file_path, content, old_string, new_string, url, prompt)
  tools: [
    { name: "run_shell_command", canonical: "Bash", basis: "recorded" },
    { name: "read_file", canonical: "Read", basis: "recorded" },
    { name: "write_file", canonical: "Write", basis: "recorded" },
    { name: "edit", canonical: "Edit", basis: "recorded" },
    { name: "web_fetch", canonical: "WebFetch", basis: "recorded" },
    // subagents/qw-sub-*, sub-01: subagent_type, description, prompt, run_in_background, all of Agent's fields
    { name: "agent", canonical: "Agent", basis: "recorded" },
  ],
  events: {
    PreToolUse: {
      deny: recorded("enforced", [`${V}/PreToolUse/deny-reason.json`], { note: LAST_WINS }),
      ask: { ...documented("degraded", "headless Qwen asks nobody: the reason goes to the model as for a deny (pre-04)"), as: "deny" },
      allow: fromEventTable("and it overrides every earlier hook's deny (pair-02)"),
      rewrite: recorded("ignored", [`${V}/PreToolUse/updatedInput-allow.json`]),
      context: recorded("ignored", [`${V}/PreToolUse/allow-context.json`]),
      block: recorded("enforced", [`${V}/PreToolUse/legacy-block.json`], { note: LAST_WINS }),
      stop: recorded("degraded", [`${V}/PreToolUse/continue-false.json`], { as: "block", note: "the call is refused with the stop reason and the model is called again" }),
      message: recorded("ignored", [`${V}/PreToolUse/system-message.json`]),
    },
    PostToolUse: {
      context: recorded("enforced", [`${V}/PostToolUse/context.json`]),
      block: recorded("ignored", [`${V}/PostToolUse/block-reason.json`]),
      stop: recorded("degraded", [`${V}/PostToolUse/continue-false.json`], { as: "block", note: "the tool result is replaced by the stop reason; the model is called again" }),
      message: recorded("unsupported", [`${V}/PostToolUse/cap-posttooluse-systemMessage.json`]),
    },
    PostToolUseFailure: {
      context: recorded("enforced", [`${V}/PostToolUseFailure/failed-command.json`]),
      block: recorded("unsupported", [`${V}/PostToolUseFailure/cap-posttoolusefailure-block.json`]),
      stop: recorded("unsupported", [`${V}/PostToolUseFailure/cap-posttoolusefailure-continue-false.json`]),
      message: recorded("unsupported", [`${V}/PostToolUseFailure/cap-posttoolusefailure-systemMessage.json`]),
    },
    UserPromptSubmit: {
      context: recorded("enforced", [`${V}/UserPromptSubmit/context-json.json`]),
      block: recorded("enforced", [`${V}/UserPromptSubmit/exit2-stderr.json`], { note: "the prompt is dropped silently: the run ends with an empty result" }),
      stop: recorded("degraded", [`${V}/UserPromptSubmit/cap-userpromptsubmit-continue-false.json`], { as: "block", note: "continue:false drops the prompt as a block does" }),
      message: recorded("unsupported", [`${V}/UserPromptSubmit/cap-userpromptsubmit-systemMessage.json`]),
    },
    // a custom command's expansion (cap-userpromptexpansion-*, recorded with the lab)
    UserPromptExpansion: {
      context: recorded("enforced", [`${V}/UserPromptExpansion/cap-userpromptexpansion-context.json`], { note: "appended to the expanded prompt after a blank line" }),
      block: recorded("enforced", [`${V}/UserPromptExpansion/cap-userpromptexpansion-block.json`], { note: "the run ends before any request: exit 1, the result error `UserPromptExpansion blocked: R`" }),
      stop: recorded("degraded", [`${V}/UserPromptExpansion/cap-userpromptexpansion-continue-false.json`], { as: "block", note: "continue:false ends the run as a block does" }),
      message: recorded("unsupported", [`${V}/UserPromptExpansion/cap-userpromptexpansion-systemMessage.json`]),
    },
    SessionStart: {
      context: recorded("enforced", [`${V}/SessionStart/cap-sessionstart-context.json`]),
      block: recorded("ignored", [`${V}/SessionStart/exit2-stderr.json`]),
      stop: recorded("unsupported", [`${V}/SessionStart/cap-sessionstart-continue-false.json`]),
      message: recorded("unsupported", [`${V}/SessionStart/cap-sessionstart-systemMessage.json`]),
    },
    Stop: {
      context: recorded("unsupported", [`${V}/Stop/cap-stop-context.json`]),
      block: recorded("enforced", [`${V}/Stop/block-once.json`], { note: "at most 8 blocks in a row" }),
      stop: recorded("degraded", [`${V}/Stop/continue-false.json`], { as: "block", note: "continue:false is a block: the model answers again" }),
      message: recorded("unsupported", [`${V}/Stop/cap-stop-systemMessage.json`]),
    },
    SubagentStop: {
      context: recorded("unsupported", [`${V}/SubagentStop/cap-subagentstop-context.json`]),
      block: recorded("enforced", [`${V}/SubagentStop/subagent-stop-block.json`]),
      stop: recorded("degraded", [`${V}/SubagentStop/cap-subagentstop-continue-false.json`], { as: "block", note: "continue:false is a block: the subagent gets the stop reason and answers again" }),
      message: recorded("unsupported", [`${V}/SubagentStop/cap-subagentstop-systemMessage.json`]),
    },
    // the Claude Code forms, recorded around one tool call: the model gets nothing more and is asked again
    PostToolBatch: {
      context: recorded("unsupported", [`${V}/PostToolBatch/cap-posttoolbatch-context.json`]),
      block: recorded("unsupported", [`${V}/PostToolBatch/cap-posttoolbatch-block.json`]),
      stop: recorded("unsupported", [`${V}/PostToolBatch/cap-posttoolbatch-continue-false.json`]),
      message: recorded("unsupported", [`${V}/PostToolBatch/cap-posttoolbatch-systemMessage.json`]),
    },
    Notification: {
      context: recorded("unsupported", [`${V}/Notification/cap-notification-context.json`]),
      block: recorded("unsupported", [`${V}/Notification/cap-notification-block.json`]),
      stop: recorded("unsupported", [`${V}/Notification/cap-notification-continue-false.json`]),
      message: recorded("unsupported", [`${V}/Notification/cap-notification-systemMessage.json`]),
    },
    // the Claude Code forms change nothing: the subagent's requests are those of a run without the hook (cap-subagentstart-*)
    SubagentStart: nothingShown("SubagentStart"),
    // `/compress` after a prompt (stream-json input): the summary is requested whatever the hook says (cap-precompact-*)
    PreCompact: {
      context: recorded("enforced", [`${V}/PreCompact/cap-precompact-context.json`], { note: "in the summary request, as `Additional Instructions:`" }),
      block: recorded("unsupported", [`${V}/PreCompact/cap-precompact-block.json`]),
      stop: recorded("unsupported", [`${V}/PreCompact/cap-precompact-continue-false.json`]),
      message: recorded("unsupported", [`${V}/PreCompact/cap-precompact-systemMessage.json`]),
    },
    // a compaction that succeeded (a reply reporting 90000 prompt tokens, then `/compress`): the next request is the same whatever the hook says (cap-postcompact-*)
    PostCompact: nothingShown("PostCompact"),
    SessionEnd: NOTHING,
    PermissionRequest: NOTHING,
    PermissionDenied: NOTHING,
    // headless, only Qwen's loop guard fires it, which ends the turn whatever the hooks say (cap-stopfailure-*)
    StopFailure: nothingShown("StopFailure"),
    // a project QWEN context file (and ~/.qwen/output-language.md): the run goes on as without the hook (cap-instructionsloaded-*)
    InstructionsLoaded: nothingShown("InstructionsLoaded"),
  },
};
