/**
 * How the kit tells Kimi Code CLI's stdin (src/core/detection.ts): every input carries
 * `client_type: "kimi_code_cli"` (every payload in test/observer/kimi-code/observed), a key no
 * other agent sends.
 */
import type { RankedDetectionRule } from "../core/detection.js";

export const detection: readonly RankedDetectionRule[] = [
  { rank: 5, agent: "kimi-code", because: "client_type kimi_code_cli", when: [{ key: "client_type", oneOf: ["kimi_code_cli"] }] },
];
