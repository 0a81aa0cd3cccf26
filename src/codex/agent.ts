/** Codex CLI as one `Agent` (src/agent.ts): what this folder holds, for the registry (src/agents.ts). */
import type { Agent } from "../agent.js";
import { deriveCapabilities } from "../core/derived-claims.js";
import { capabilities } from "./capabilities.js";
import { detection } from "./detection.js";
import { codex as dialect } from "./dialect.js";

export const agent: Agent = {
  name: "codex",
  dialect,
  capabilities: deriveCapabilities(capabilities, dialect),
  kit: { answerWriter: { module: "./intent.js", export: "writeCodexIntent" }, detection },
  installer: async () => (await import("./install.js")).codexInstaller,
  linter: async () => (await import("./lint-rules.js")).codexLinter,
  settingsSchemas: async () => (await import("./settings-schema.js")).settingsSchemas,
};
