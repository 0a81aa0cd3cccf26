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
import { deepFreeze } from "./json/value.js";
import { capabilities as codex } from "./codex/capabilities.js";
import { capabilities as copilotCli } from "./copilot-cli/capabilities.js";
import { capabilities as droid } from "./droid/capabilities.js";
import { capabilities as geminiCli } from "./gemini-cli/capabilities.js";
import { capabilities as qwenCode } from "./qwen-code/capabilities.js";

// frozen all the way down: a caller of the subpath cannot change what every other caller (and the CLI) reads;
// null prototype: `capabilitiesOf("__proto__")` or `("constructor")` is no agent's
const CAPABILITIES: Partial<Record<AgentName, AgentCapabilities>> = deepFreeze(Object.assign(Object.create(null) as Partial<Record<AgentName, AgentCapabilities>>, {
  "claude-code": claudeCode,
  codex,
  "gemini-cli": geminiCli,
  "copilot-cli": copilotCli,
  droid,
  "qwen-code": qwenCode,
}));

/** The capabilities of `agent`, or undefined when it names no agent with a capabilities file (any other value too). */
export function capabilitiesOf(agent: AgentName): AgentCapabilities | undefined {
  return typeof agent === "string" ? CAPABILITIES[agent] : undefined;
}

/** Every agent's capabilities, in AGENT_NAMES order. */
export function allCapabilities(): AgentCapabilities[] {
  return AGENT_NAMES.flatMap((name) => (CAPABILITIES[name] === undefined ? [] : [CAPABILITIES[name]!]));
}
