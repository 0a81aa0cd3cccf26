/**
 * How the kit tells Qwen Code's stdin (src/core/detection.ts): every input has a timestamp, transcript_path and
 * permission_mode, which no other agent's input has together (src/qwen-code/detect.ts).
 */
import type { AgentDetectionRule } from "../core/detection.js";

export const detection: readonly AgentDetectionRule[] = [
  { because: "a timestamp, transcript_path and permission_mode", when: [{ has: "timestamp" }, { has: "transcript_path" }, { has: "permission_mode" }] },
];
