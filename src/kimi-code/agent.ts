/** Kimi Code CLI as one `Agent` (src/agent.ts): what this folder holds, for the registry (src/agents.ts). */
import type { Agent } from "../agent.js";
import { deriveCapabilities } from "../core/derived-claims.js";
import { capabilities } from "./capabilities.js";
import { detection } from "./detection.js";
import { kimiCode as dialect } from "./dialect.js";

export const agent: Agent = {
  name: "kimi-code",
  dialect,
  capabilities: deriveCapabilities(capabilities, dialect),
  kit: { answerWriter: { module: "./intent.js", export: "writeKimiCodeIntent" }, detection },
  installer: async () => (await import("./install.js")).kimiCodeInstaller,
  linter: async () => (await import("./lint-rules.js")).kimiCodeLinter,
};
