/**
 * Every agent's capabilities file (src/<agent>/capabilities.ts), by agent
 * name: the one place that lists them, as src/dialects.ts lists the
 * dialects. Loads no dialect, so `claude-hook-protocol/capabilities` stays
 * small; `npm run gen` writes them to generated/kit/agents.json.
 */
import type { AgentName } from "./core/agents.js";
import { AGENT_NAMES } from "./core/agents.js";
import type { AgentCapabilities } from "./core/capabilities.js";
import { capabilities as claudeCode } from "./claude-code/capabilities.js";
import { capabilities as codex } from "./codex/capabilities.js";
import { capabilities as copilotCli } from "./copilot-cli/capabilities.js";
import { capabilities as droid } from "./droid/capabilities.js";
import { capabilities as geminiCli } from "./gemini-cli/capabilities.js";

const CAPABILITIES: Partial<Record<AgentName, AgentCapabilities>> = {
  "claude-code": claudeCode,
  codex,
  "gemini-cli": geminiCli,
  "copilot-cli": copilotCli,
  droid,
};

/** The capabilities of `agent`, or undefined when it has no capabilities file yet. */
export function capabilitiesOf(agent: AgentName): AgentCapabilities | undefined {
  return CAPABILITIES[agent];
}

/** Every agent's capabilities, in AGENT_NAMES order. */
export function allCapabilities(): AgentCapabilities[] {
  return AGENT_NAMES.flatMap((name) => (CAPABILITIES[name] === undefined ? [] : [CAPABILITIES[name]!]));
}
