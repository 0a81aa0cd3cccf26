/** Gemini CLI as one `Agent` (src/agent.ts): what this folder holds, for the registry (src/agents.ts). */
import type { Agent } from "../agent.js";
import { deriveCapabilities } from "../core/derived-claims.js";
import { capabilities } from "./capabilities.js";
import { detection } from "./detection.js";
import { geminiCli as dialect } from "./dialect.js";

export const agent: Agent = {
  name: "gemini-cli",
  dialect,
  capabilities: deriveCapabilities(capabilities, dialect),
  kit: { answerWriter: { module: "./intent.js", export: "writeGeminiCliIntent" }, detection },
  installer: async () => (await import("./install.js")).geminiInstaller,
  linter: async () => (await import("./lint-rules.js")).geminiLinter,
  settingsSchemas: async () => (await import("./settings-schema.js")).settingsSchemas,
};
