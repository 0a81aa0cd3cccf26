/**
 * How the kit tells Kimi Code CLI's stdin (src/core/detection.ts): every input carries
 * `client_type: "kimi_code_cli"` (every payload in test/observer/kimi-code/observed), a key no
 * other agent sends.
 */
import type { AgentDetectionRule } from "../core/detection.js";

export const detection: readonly AgentDetectionRule[] = [
  { because: "client_type kimi_code_cli", when: [{ key: "client_type", oneOf: ["kimi_code_cli"] }] },
];
