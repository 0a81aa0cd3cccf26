/** How the kit tells Copilot CLI's stdin (src/core/detection.ts): copilot-cli-observed.md, "Hook stdin". */
import type { AgentDetectionRule } from "../core/detection.js";

export const detection: readonly AgentDetectionRule[] = [
  // its own hooks get camelCase keys and no event name
  { because: "camelCase sessionId", when: [{ has: "sessionId" }] },
  { because: "camelCase toolName", when: [{ has: "toolName" }] },
  // its Claude-style input has a timestamp, as another agent's may: an event name of its own that such a stdin cannot
  // have tells it (which agents': scripts/lib/detection-order.ts, from their schemas)
  { because: "a timestamp and a Copilot CLI event name", when: [{ has: "timestamp" }, { event: "unshared" }] },
  // else a timestamp alone, after the rules of the agents whose stdin has one and transcript_path (its Claude-style
  // input has none but on Stop, which its own event name told above)
  { because: "a timestamp without transcript_path", when: [{ has: "timestamp" }] },
];
