/**
 * The agents the package implements: the one list of them. Everything that
 * needs every agent iterates it (the CLI's `--agent` choices and help, the
 * merge, install, lint, capabilities, doctor); the lists that must be static
 * (`AGENT_NAMES`, the `./capabilities` data) are generated from it
 * (`npm run gen`: scripts/gen-agents.ts). The first is the default agent
 * (`DEFAULT_AGENT`), whose events are the protocol's canonical names. A new
 * agent is its folder (`src/<agent>/agent.ts`), one line below and `npm run gen`.
 */
import type { Agent } from "./agent.js";
import type { AgentInstaller } from "./install/types.js";
import type { AgentLinter } from "./lint/types.js";
import { agent as claudeCode } from "./claude-code/agent.js";
import { agent as codex } from "./codex/agent.js";
import { agent as geminiCli } from "./gemini-cli/agent.js";
import { agent as copilotCli } from "./copilot-cli/agent.js";
import { agent as droid } from "./droid/agent.js";
import { agent as qwenCode } from "./qwen-code/agent.js";
import { agent as kimiCode } from "./kimi-code/agent.js";

export const AGENTS: readonly Agent[] = Object.freeze([claudeCode, codex, geminiCli, copilotCli, droid, qwenCode, kimiCode]);

/** The agent named `name`, or undefined for any value that names none (`__proto__` too). */
export function agentNamed(name: unknown): Agent | undefined {
  return typeof name === "string" ? AGENTS.find((agent) => agent.name === name) : undefined;
}

let installers: Promise<readonly AgentInstaller[]> | undefined;
let linters: Promise<readonly AgentLinter[]> | undefined;

/** Every agent's installer, in registry order (the order `install --agent all` plans them); loaded once. */
export function loadInstallers(): Promise<readonly AgentInstaller[]> {
  return (installers ??= Promise.all(AGENTS.map((agent) => agent.installer())).then((list) => Object.freeze(list)));
}

/**
 * Every agent's linter, in registry order, each with its agent's dialect for the cross-agent
 * judgement (`AgentLinter.dialect`); loaded once, so the same objects each time.
 */
export function loadLinters(): Promise<readonly AgentLinter[]> {
  return (linters ??= Promise.all(AGENTS.map(async (agent): Promise<AgentLinter> => Object.freeze({ ...(await agent.linter()), dialect: agent.dialect }))).then((list) => Object.freeze(list)));
}
