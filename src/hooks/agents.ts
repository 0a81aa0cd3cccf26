/**
 * Which agent ran the hook, told from its stdin alone (each agent's
 * *-observed.md lists its fields), and the answer writer of each agent the kit
 * can answer for. A writer is loaded only when a hook has something to write.
 */
import type { AgentName } from "../core/agents.js";
import type { WriteResult, HookIntent } from "../core/intent.js";
import type { JsonObject } from "../json/value.js";

/** Events Gemini CLI names its own way (gemini-cli-observed.md). */
const GEMINI_EVENTS = new Set(["BeforeTool", "AfterTool", "BeforeAgent", "AfterAgent", "BeforeModel", "AfterModel", "BeforeToolSelection", "PreCompress"]);
/** droid's permission modes (droid-observed.md); Claude Code's are default, acceptEdits, plan, ... */
const DROID_MODES = new Set(["auto-low", "auto-medium", "auto-high", "off"]);

export interface Detected {
  readonly agent: AgentName;
  /** The field that told it, for messages (`turn_id`). */
  readonly because: string;
}

export function detectAgent(input: JsonObject): Detected {
  if (typeof input["sessionId"] === "string" || typeof input["toolName"] === "string") return { agent: "copilot-cli", because: "camelCase sessionId/toolName" };
  if (input["timestamp"] !== undefined) {
    const event = input["hook_event_name"];
    if (typeof event === "string" && GEMINI_EVENTS.has(event)) return { agent: "gemini-cli", because: `the event name ${event}` };
    // Gemini CLI sends transcript_path; Copilot CLI's Claude-style input does not (copilot-cli-observed.md)
    return input["transcript_path"] !== undefined ? { agent: "gemini-cli", because: "timestamp" } : { agent: "copilot-cli", because: "timestamp without transcript_path" };
  }
  if (input["turn_id"] !== undefined) return { agent: "codex", because: "turn_id" };
  // Codex's SessionStart has no turn_id; its transcript is a rollout file (codex-observed.md). Claude Code sends `model` too.
  if (typeof input["transcript_path"] === "string" && /\/sessions\/\d{4}\/\d{2}\/\d{2}\/rollout-[^/]*\.jsonl$/.test(input["transcript_path"])) return { agent: "codex", because: "a rollout transcript" };
  const mode = input["permission_mode"];
  if ((typeof mode === "string" && DROID_MODES.has(mode)) || (typeof input["transcript_path"] === "string" && input["transcript_path"].includes("/.factory/"))) {
    return { agent: "droid", because: typeof mode === "string" && DROID_MODES.has(mode) ? `permission_mode ${mode}` : "a ~/.factory transcript" };
  }
  return { agent: "claude-code", because: "no other agent's fields" };
}

export const AGENT_DISPLAY_NAMES: Readonly<Record<AgentName, string>> = {
  "claude-code": "Claude Code",
  codex: "Codex CLI",
  "gemini-cli": "Gemini CLI",
  "copilot-cli": "Copilot CLI",
  droid: "droid",
  "qwen-code": "Qwen Code",
};

export type AnswerWriter = (event: string, intent: HookIntent) => WriteResult;

/**
 * The answer writer of each agent the kit answers for: the dialect's
 * `writeIntent` (src/core/dialect.ts), imported on first use. An agent whose
 * dialect is not here yet is refused with a clear message.
 */
const WRITERS: Partial<Record<AgentName, () => Promise<AnswerWriter>>> = {
  "claude-code": async () => (await import("../claude-code/write-intent.js")).writeClaudeCodeIntent,
  codex: async () => (await import("../codex/intent.js")).writeCodexIntent,
  droid: async () => (await import("../droid/intent.js")).writeDroidIntent,
};

export function answerWriter(agent: AgentName): (() => Promise<AnswerWriter>) | undefined {
  return WRITERS[agent];
}
