/**
 * What Gemini CLI 0.61.0 does with each answer a hook can give, per event
 * (src/core/capabilities.ts): a claim cites the recorded vectors whose
 * single hook answered as the kit writes it and whose recorded effects show
 * the claim (test/capabilities.test.ts re-merges each); a claim no vector shows
 * yet is `fromEventTable`: its level is what the event table and answer writer give (src/core/derived-claims.ts;
 * the rows rest on docs/gemini-cli.md), said to be unverified.
 */
import { recorded } from "../core/capabilities.js";
import { fromEventTable, type AgentCapabilitiesSource } from "../core/derived-claims.js";

/** Why no one-hook recording of Notification exists (nt-01-ask-notification). */
const NOTIFICATION_NOT_ALONE = "not shown by a recording: the one way found to fire it in -p is a BeforeTool hook's ask, so the run has hooks of two events and then hangs on the confirmation (nt-01-ask-notification)";

export const capabilities: AgentCapabilitiesSource = {
  agent: "gemini-cli",
  version: "0.61.0",
  tools: [
    { name: "run_shell_command", canonical: "Bash", basis: "recorded" },
    // recorded: tool-names/kit-tools-01-file-tools (file_path, content, old_string, new_string, query as Claude Code names them;
    // replace's allow_multiple is Edit's replace_all from the bundle's declaration). web_fetch takes only a prompt with
    // the URLs in it, not WebFetch's url: no counterpart
    { name: "read_file", canonical: "Read", basis: "recorded" },
    { name: "write_file", canonical: "Write", basis: "recorded" },
    { name: "replace", canonical: "Edit", fields: { replace_all: "allow_multiple" }, basis: "recorded" },
    { name: "google_web_search", canonical: "WebSearch", basis: "recorded" },
  ],
  events: {
    BeforeTool: {
      deny: recorded("enforced", [
        "test/vectors/merge/gemini-cli/BeforeTool/bt-56-matcher-alternation.json",
      ]),
      ask: recorded("enforced", [
        "test/vectors/merge/gemini-cli/BeforeTool/bt-26-ask.json",
      ]),
      allow: fromEventTable("not shown by a recording: -p offers the shell tool only with --yolo, where every call runs, so an allow looks like no answer (cap-beforetool-allow)"),
      rewrite: recorded("enforced", [
        "test/vectors/merge/gemini-cli/BeforeTool/cap-beforetool-rewrite.json",
      ]),
      context: recorded("unsupported", [
        "test/vectors/merge/gemini-cli/BeforeTool/cap-beforetool-context.json",
      ]),
      stop: recorded("enforced", [
        "test/vectors/merge/gemini-cli/BeforeTool/bt-24b-continue-false-json.json",
      ], { note: "on a subagent's call (invoke_agent) it refuses only that call: the subagent gets `Agent execution stopped by hook: R` and goes on, and so does the main agent; the hook input does not say whose call it is (gm-sub-pre-continue-false)" }),
      message: recorded("enforced", [
        "test/vectors/merge/gemini-cli/BeforeTool/gp-11-disabled-by-name.json",
      ]),
    },
    AfterTool: {
      context: recorded("enforced", [
        "test/vectors/merge/gemini-cli/AfterTool/at-01-additional-context.json",
      ]),
      block: recorded("enforced", [
        "test/vectors/merge/gemini-cli/AfterTool/at-03-deny-replaces-output.json",
      ]),
      stop: recorded("enforced", [
        "test/vectors/merge/gemini-cli/AfterTool/cap-aftertool-continue-false.json",
      ]),
      message: recorded("enforced", [
        "test/vectors/merge/gemini-cli/AfterTool/cap-aftertool-systemMessage.json",
      ]),
    },
    BeforeAgent: {
      context: recorded("enforced", [
        "test/vectors/merge/gemini-cli/BeforeAgent/ba-01-additional-context.json",
      ]),
      block: recorded("enforced", [
        "test/vectors/merge/gemini-cli/BeforeAgent/cap-beforeagent-block.json",
      ]),
      stop: recorded("enforced", [
        "test/vectors/merge/gemini-cli/BeforeAgent/ba-04b-continue-false-json.json",
      ]),
      message: recorded("enforced", [
        "test/vectors/merge/gemini-cli/BeforeAgent/cap-beforeagent-systemMessage.json",
      ]),
    },
    AfterAgent: {
      context: recorded("unsupported", [
        "test/vectors/merge/gemini-cli/AfterAgent/cap-afteragent-context.json",
      ]),
      block: recorded("enforced", [
        "test/vectors/merge/gemini-cli/AfterAgent/cap-afteragent-block.json",
      ]),
      stop: recorded("enforced", [
        "test/vectors/merge/gemini-cli/AfterAgent/aa-04b-continue-false-json.json",
      ]),
      message: recorded("enforced", [
        "test/vectors/merge/gemini-cli/AfterAgent/cap-afteragent-systemMessage.json",
      ]),
    },
    SessionStart: {
      context: recorded("enforced", [
        "test/vectors/merge/gemini-cli/SessionStart/ss-01-additional-context.json",
      ]),
      stop: recorded("ignored", [
        "test/vectors/merge/gemini-cli/SessionStart/cap-sessionstart-continue-false.json",
      ]),
      message: recorded("enforced", [
        "test/vectors/merge/gemini-cli/SessionStart/ss-03-system-message.json",
      ]),
    },
    SessionEnd: {
      stop: recorded("ignored", [
        "test/vectors/merge/gemini-cli/SessionEnd/cap-sessionend-continue-false.json",
      ]),
      message: recorded("enforced", [
        "test/vectors/merge/gemini-cli/SessionEnd/se-01-session-end.json",
      ]),
    },
    Notification: {
      context: fromEventTable(NOTIFICATION_NOT_ALONE),
      stop: fromEventTable(`as the event table reads it; ${NOTIFICATION_NOT_ALONE}`),
      message: fromEventTable(NOTIFICATION_NOT_ALONE),
    },
    PreCompress: {
      block: recorded("unsupported", [
        "test/vectors/merge/gemini-cli/PreCompress/cap-precompress-block.json",
      ]),
      stop: recorded("ignored", [
        "test/vectors/merge/gemini-cli/PreCompress/cap-precompress-continue-false.json",
      ]),
      message: recorded("enforced", [
        "test/vectors/merge/gemini-cli/PreCompress/cap-precompress-systemMessage.json",
      ]),
    },
  },
};
