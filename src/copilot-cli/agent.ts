/** GitHub Copilot CLI as one `Agent` (src/agent.ts): what this folder holds, for the registry (src/agents.ts). */
import type { Agent } from "../agent.js";
import { deriveCapabilities } from "../core/derived-claims.js";
import { capabilities } from "./capabilities.js";
import { detection } from "./detection.js";
import { copilotCli as dialect } from "./dialect.js";

export const agent: Agent = {
  name: "copilot-cli",
  dialect,
  capabilities: deriveCapabilities(capabilities, dialect),
  kit: { answerWriter: { module: "./intent.js", export: "writeCopilotIntent" }, detection },
  installer: async () => (await import("./install.js")).copilotInstaller,
  linter: async () => (await import("./lint-rules.js")).copilotLinter,
  settingsSchemas: async () => (await import("./settings-schema.js")).settingsSchemas,
};
