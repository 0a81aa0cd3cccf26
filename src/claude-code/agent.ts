/** Claude Code as one `Agent` (src/agent.ts): what this folder holds, for the registry (src/agents.ts). */
import type { Agent } from "../agent.js";
import { deriveCapabilities } from "../core/derived-claims.js";
import { capabilities } from "./capabilities.js";
import { claudeCode as dialect } from "./dialect.js";

export const agent: Agent = {
  name: "claude-code",
  dialect,
  capabilities: deriveCapabilities(capabilities, dialect),
  kit: { answerWriter: { module: "./write-intent.js", export: "writeClaudeCodeIntent" }, toolInputCheck: { module: "./tool-input-check.js", export: "checkToolInput" }, detection: [] },
  installer: async () => (await import("./install.js")).claudeCodeInstaller,
  linter: async () => (await import("./lint-rules.js")).claudeCodeLinter,
  settingsSchemas: async () => (await import("./settings-schema.js")).settingsSchemas,
};
