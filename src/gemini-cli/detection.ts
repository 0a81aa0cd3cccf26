/** How the kit tells Gemini CLI's stdin (src/core/detection.ts): every input has `timestamp` and `transcript_path` (gemini-cli-observed.md). */
import type { RankedDetectionRule } from "../core/detection.js";

export const detection: readonly RankedDetectionRule[] = [
  // Copilot CLI's Claude-style input has a timestamp too: the event name first (copilot-cli's rank 50), then transcript_path
  { rank: 40, agent: "gemini-cli", because: "a timestamp and a Gemini CLI event name", when: [{ has: "timestamp" }, { eventOf: "gemini-cli" }, { eventNotOf: "copilot-cli" }] },
  { rank: 60, agent: "gemini-cli", because: "a timestamp and transcript_path", when: [{ has: "timestamp" }, { has: "transcript_path" }] },
];
