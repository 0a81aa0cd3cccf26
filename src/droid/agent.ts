/** Factory droid as one `Agent` (src/agent.ts): what this folder holds, for the registry (src/agents.ts). */
import type { Agent } from "../agent.js";
import { deriveCapabilities } from "../core/derived-claims.js";
import { capabilities } from "./capabilities.js";
import { detection } from "./detection.js";
import { droid as dialect } from "./dialect.js";

export const agent: Agent = {
  name: "droid",
  dialect,
  capabilities: deriveCapabilities(capabilities, dialect),
  kit: { answerWriter: { module: "./intent.js", export: "writeDroidIntent" }, detection },
  installer: async () => (await import("./install.js")).droidInstaller,
  linter: async () => (await import("./lint-rules.js")).droidLinter,
  settingsSchemas: async () => (await import("./settings-schema.js")).settingsSchemas,
};
