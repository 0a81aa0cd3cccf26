/** How the kit tells Codex CLI's stdin (src/core/detection.ts): codex-observed.md and Codex's generated schemas (schemas/codex/input). */
import type { AgentDetectionRule } from "../core/detection.js";

export const detection: readonly AgentDetectionRule[] = [
  // Claude Code's MessageDisplay carries turn_id too (schemas/claude-code/hook-input/message-display): only with a Codex event
  { because: "turn_id and a Codex event name", when: [{ has: "turn_id" }, { event: "own" }] },
  // SessionStart and SessionEnd have no turn_id; their transcript is a rollout file, or null, which Codex's schema allows
  // and no other agent's (each has a string transcript_path or none)
  { because: "a null transcript_path", when: [{ isNull: "transcript_path" }] },
  { because: "a rollout transcript", when: [{ key: "transcript_path", matches: "/sessions/\\d{4}/\\d{2}/\\d{2}/rollout-[^/]*\\.jsonl$" }] },
];
