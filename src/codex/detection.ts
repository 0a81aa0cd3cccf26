/** How the kit tells Codex CLI's stdin (src/core/detection.ts): codex-observed.md and Codex's generated schemas (schemas/codex/input). */
import type { RankedDetectionRule } from "../core/detection.js";

export const detection: readonly RankedDetectionRule[] = [
  // Claude Code's MessageDisplay carries turn_id too (schemas/claude-code/hook-input/message-display): only with a Codex event
  { rank: 80, agent: "codex", because: "turn_id and a Codex event name", when: [{ has: "turn_id" }, { eventOf: "codex" }] },
  // SessionStart and SessionEnd have no turn_id; their transcript is a rollout file, or null, which Codex's schema allows
  // and no other agent's (each has a string transcript_path or none)
  { rank: 90, agent: "codex", because: "a null transcript_path", when: [{ isNull: "transcript_path" }] },
  { rank: 100, agent: "codex", because: "a rollout transcript", when: [{ key: "transcript_path", matches: "/sessions/\\d{4}/\\d{2}/\\d{2}/rollout-[^/]*\\.jsonl$" }] },
];
