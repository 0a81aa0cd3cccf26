/** How the kit tells Gemini CLI's stdin (src/core/detection.ts): every input has `timestamp` and `transcript_path` (gemini-cli-observed.md). */
import type { AgentDetectionRule } from "../core/detection.js";

export const detection: readonly AgentDetectionRule[] = [
  // another agent's stdin may have a timestamp too: an event name of its own that such a stdin cannot have first (which
  // agents': scripts/lib/detection-order.ts, from their schemas), then transcript_path
  { because: "a timestamp and a Gemini CLI event name", when: [{ has: "timestamp" }, { event: "unshared" }] },
  { because: "a timestamp and transcript_path", when: [{ has: "timestamp" }, { has: "transcript_path" }] },
];
