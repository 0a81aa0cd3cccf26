/**
 * How the kit tells the agent from a stdin alone, as ordered data (the first
 * rule whose conditions all hold names the agent; none: Claude Code), so kits
 * in other languages read the same rules from generated/kit/agents.json. Each
 * condition rests on the fields an agent's *-observed.md lists and on what
 * no other agent's schema lets it send (test/kit-detection.test.ts checks
 * every rule on every recorded payload and on payloads made from each
 * agent's schemas). A rule that holds proves its agent; no rule holding
 * proves nothing (Claude Code, or an agent whose input can look like it).
 */
import type { AgentName } from "../core/agents.js";

export type DetectionCondition =
  /** The key is present. */
  | { readonly has: string }
  /** The key is a string among these. */
  | { readonly key: string; readonly oneOf: readonly string[] }
  /** The key is a string this regular expression (JavaScript syntax, no flags) finds in. */
  | { readonly key: string; readonly matches: string }
  /** The key is present and null. */
  | { readonly isNull: string }
  /** `hook_event_name` is one of this agent's own event names (generated/kit/agents.json `events`). */
  | { readonly eventOf: AgentName }
  /** `hook_event_name` is not one of this agent's own event names. */
  | { readonly eventNotOf: AgentName };

export interface DetectionRule {
  readonly agent: AgentName;
  /** What told it, for messages. */
  readonly because: string;
  readonly when: readonly DetectionCondition[];
}

export const DETECTION_RULES: readonly DetectionRule[] = [
  // Copilot CLI's own hooks get camelCase keys and no event name (copilot-cli-observed.md, "Hook stdin")
  { agent: "copilot-cli", because: "camelCase sessionId", when: [{ has: "sessionId" }] },
  { agent: "copilot-cli", because: "camelCase toolName", when: [{ has: "toolName" }] },
  // both send a timestamp: the event name tells them apart, else Gemini CLI's transcript_path (Copilot's Claude-style input has none but on Stop)
  // Qwen Code (a Gemini CLI fork with Claude Code's names) sends a timestamp like Gemini CLI, and permission_mode, which Gemini CLI does not (src/qwen-code/detect.ts)
  { agent: "qwen-code", because: "a timestamp, transcript_path and permission_mode", when: [{ has: "timestamp" }, { has: "transcript_path" }, { has: "permission_mode" }] },
  { agent: "gemini-cli", because: "a timestamp and a Gemini CLI event name", when: [{ has: "timestamp" }, { eventOf: "gemini-cli" }, { eventNotOf: "copilot-cli" }] },
  { agent: "copilot-cli", because: "a timestamp and a Copilot CLI event name", when: [{ has: "timestamp" }, { eventOf: "copilot-cli" }, { eventNotOf: "gemini-cli" }] },
  { agent: "gemini-cli", because: "a timestamp and transcript_path", when: [{ has: "timestamp" }, { has: "transcript_path" }] },
  { agent: "copilot-cli", because: "a timestamp without transcript_path", when: [{ has: "timestamp" }] },
  // Claude Code's MessageDisplay carries turn_id too (schemas/claude-code/hook-input/message-display): only with a Codex event
  { agent: "codex", because: "turn_id and a Codex event name", when: [{ has: "turn_id" }, { eventOf: "codex" }] },
  // Codex's SessionStart and SessionEnd have no turn_id; their transcript is a rollout file (codex-observed.md), or null,
  // which Codex's schema allows (schemas/codex/input) and no other agent's (each has a string transcript_path or none)
  { agent: "codex", because: "a null transcript_path", when: [{ isNull: "transcript_path" }] },
  { agent: "codex", because: "a rollout transcript", when: [{ key: "transcript_path", matches: "/sessions/\\d{4}/\\d{2}/\\d{2}/rollout-[^/]*\\.jsonl$" }] },
  // droid's permission modes (droid-observed.md); Claude Code's are default, acceptEdits, plan, ...
  { agent: "droid", because: "a droid permission_mode", when: [{ key: "permission_mode", oneOf: ["auto-low", "auto-medium", "auto-high", "off"] }] },
  { agent: "droid", because: "a ~/.factory transcript", when: [{ key: "transcript_path", matches: "/\\.factory/" }] },
];

/** The agent when no rule holds. */
export const DETECTION_DEFAULT: AgentName = "claude-code";
