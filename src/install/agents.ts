/** The installers, in the order `--agent all` plans them (the one module of src/install/ that names agents, as src/dialects.ts does). */
import { claudeCodeInstaller } from "../claude-code/install.js";
import { codexInstaller } from "../codex/install.js";
import { copilotInstaller } from "../copilot-cli/install.js";
import { droidInstaller } from "../droid/install.js";
import { geminiInstaller } from "../gemini-cli/install.js";
import { qwenCodeInstaller } from "../qwen-code/install.js";
import type { AgentInstaller, ManifestNames } from "./types.js";

export const INSTALLERS: readonly AgentInstaller[] = [claudeCodeInstaller, codexInstaller, geminiInstaller, copilotInstaller, droidInstaller, qwenCodeInstaller];

/** The names a manifest is written in: Claude Code's. */
export const MANIFEST_NAMES: ManifestNames = claudeCodeInstaller.manifestNames!;

export function installerFor(agent: string): AgentInstaller | undefined {
  return INSTALLERS.find((installer) => installer.agent === agent);
}
