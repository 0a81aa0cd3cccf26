/** How the kit tells droid's stdin (src/core/detection.ts): droid-observed.md. */
import type { AgentDetectionRule } from "../core/detection.js";

export const detection: readonly AgentDetectionRule[] = [
  // droid's permission modes; Claude Code's are default, acceptEdits, plan, ...
  { because: "a droid permission_mode", when: [{ key: "permission_mode", oneOf: ["auto-low", "auto-medium", "auto-high", "off"] }] },
  { because: "a ~/.factory transcript", when: [{ key: "transcript_path", matches: "/\\.factory/" }] },
];
