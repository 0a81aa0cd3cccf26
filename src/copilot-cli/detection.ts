/** How the kit tells Copilot CLI's stdin (src/core/detection.ts): copilot-cli-observed.md, "Hook stdin". */
import type { RankedDetectionRule } from "../core/detection.js";

export const detection: readonly RankedDetectionRule[] = [
  // its own hooks get camelCase keys and no event name
  { rank: 10, agent: "copilot-cli", because: "camelCase sessionId", when: [{ has: "sessionId" }] },
  { rank: 20, agent: "copilot-cli", because: "camelCase toolName", when: [{ has: "toolName" }] },
  // its Claude-style input has a timestamp, as Gemini CLI's: the event name tells them apart (ranks 40-60, with gemini-cli's)
  { rank: 50, agent: "copilot-cli", because: "a timestamp and a Copilot CLI event name", when: [{ has: "timestamp" }, { eventOf: "copilot-cli" }, { eventNotOf: "gemini-cli" }] },
  // else Gemini CLI's transcript_path (Copilot's Claude-style input has none but on Stop)
  { rank: 70, agent: "copilot-cli", because: "a timestamp without transcript_path", when: [{ has: "timestamp" }] },
];
