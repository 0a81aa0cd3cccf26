/** How the kit tells droid's stdin (src/core/detection.ts): droid-observed.md. */
import type { RankedDetectionRule } from "../core/detection.js";

export const detection: readonly RankedDetectionRule[] = [
  // droid's permission modes; Claude Code's are default, acceptEdits, plan, ...
  { rank: 110, agent: "droid", because: "a droid permission_mode", when: [{ key: "permission_mode", oneOf: ["auto-low", "auto-medium", "auto-high", "off"] }] },
  { rank: 120, agent: "droid", because: "a ~/.factory transcript", when: [{ key: "transcript_path", matches: "/\\.factory/" }] },
];
