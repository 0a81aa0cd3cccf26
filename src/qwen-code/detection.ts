/**
 * How the kit tells Qwen Code's stdin (src/core/detection.ts): a Gemini CLI fork with Claude Code's names, it sends a
 * timestamp and transcript_path like Gemini CLI, and permission_mode, which Gemini CLI does not (src/qwen-code/detect.ts):
 * before Gemini CLI's rules (rank 40).
 */
import type { RankedDetectionRule } from "../core/detection.js";

export const detection: readonly RankedDetectionRule[] = [
  { rank: 30, agent: "qwen-code", because: "a timestamp, transcript_path and permission_mode", when: [{ has: "timestamp" }, { has: "transcript_path" }, { has: "permission_mode" }] },
];
