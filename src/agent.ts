/**
 * What one agent's folder gives the package: `src/<agent>/agent.ts` exports
 * one `Agent`, assembling what the folder holds; the registry (src/agents.ts)
 * lists them. The machinery (core, json, process, install, lint, the CLI,
 * conformance) names no agent and takes these values. Nothing here names an
 * agent.
 *
 * The parts every merge needs are loaded with the agent (its dialect and
 * capabilities); the installer and the lint rules are loaded when a command
 * asks for them, so importing the registry (the root, `merge`) does not load
 * every agent's configuration writer and rules.
 */
import type { AgentName } from "./core/agents.js";
import type { AgentCapabilities } from "./core/capabilities.js";
import type { AgentDetectionRule } from "./core/detection.js";
import type { Dialect } from "./core/dialect.js";
import type { AgentInstaller } from "./install/types.js";
import type { AgentLinter } from "./lint/types.js";
import type { SettingsSchema } from "./core/settings-schema.js";

export interface Agent {
  /** The name on the command line (`--agent`), in `MergedResult.agent`, in vector files and in the folder's path. */
  readonly name: AgentName;
  /**
   * Its display name and measured version, event table, reading and texts,
   * merge, intent reading and writing, runner and configuration reading, and
   * how `doctor` finds it (`probe`).
   */
  readonly dialect: Dialect;
  /** What it does with each answer, per event, with each claim's provenance. */
  readonly capabilities: AgentCapabilities;
  /** What the hook author's kit (src/hooks/) takes of this agent, as data (the kit names no agent). */
  readonly kit: AgentKit;
  /** What `install` writes into its configuration. */
  installer(): Promise<AgentInstaller>;
  /** Its `lint` rules over its configuration files. */
  linter(): Promise<AgentLinter>;
  /**
   * The schemas editors check its JSON configuration files with (npm run gen:
   * generated/settings/<agent>/); none for an agent whose files are not JSON.
   */
  settingsSchemas?(): Promise<readonly SettingsSchema[]>;
}

/** One export of one module in the agent's folder: a module specifier relative to `src/<agent>/` (`./intent.js`) and the export's name. */
export interface FolderExport {
  readonly module: string;
  readonly export: string;
}

/**
 * What the kit needs of an agent. The kit loads nothing by name: `npm run gen`
 * (scripts/gen-kit-loaders.ts) turns the exports below into lazy `import()`s in
 * generated/kit/loaders.ts, and the detection rules into generated/kit/agents.json
 * (scripts/gen-kit-agents.ts), so a hook loads an agent's module only when it
 * writes an answer the recorded templates do not give.
 */
export interface AgentKit {
  /** Its answer writer, `(event, intent) => WriteResult` (the dialect's `writeIntent`, src/core/intent.ts). */
  readonly answerWriter: FolderExport;
  /** A check a tool-input rewrite must pass before the kit writes it, `(toolName, input) => {ok} | {ok: false, toolResult}`, where the agent refuses a rewrite its tool's schema does not take. */
  readonly toolInputCheck?: FolderExport;
  /** The rules that tell its stdin from every other agent's (src/core/detection.ts); none for the agent detection falls back to. */
  readonly detection: readonly AgentDetectionRule[];
}
