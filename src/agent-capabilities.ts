/**
 * Every agent's capabilities file (src/<agent>/capabilities.ts), by agent
 * name, from the registry (src/agents.ts), as src/dialects.ts gives the
 * dialects. `claude-hook-protocol/capabilities` reads the same data from
 * generated/agent-capabilities.ts instead, so it loads no dialect;
 * `npm run gen` writes them there and to generated/kit/agents.json.
 */
import type { AgentName } from "./core/agents.js";
import { AGENT_NAMES } from "./core/agents.js";
import type { AgentCapabilities } from "./core/capabilities.js";
import { AGENTS } from "./agents.js";
import { deepFreeze } from "./json/value.js";

// frozen all the way down: a caller of the subpath cannot change what every other caller (and the CLI) reads;
// null prototype: `capabilitiesOf("__proto__")` or `("constructor")` is no agent's
const CAPABILITIES: Partial<Record<AgentName, AgentCapabilities>> = deepFreeze(
  Object.assign(Object.create(null) as Partial<Record<AgentName, AgentCapabilities>>, Object.fromEntries(AGENTS.map((agent) => [agent.name, agent.capabilities]))),
);

/** The capabilities of `agent`, or undefined when it names no agent with a capabilities file (any other value too). */
export function capabilitiesOf(agent: AgentName): AgentCapabilities | undefined {
  return typeof agent === "string" ? CAPABILITIES[agent] : undefined;
}

/** Every agent's capabilities, in AGENT_NAMES order. */
export function allCapabilities(): AgentCapabilities[] {
  return AGENT_NAMES.flatMap((name) => (CAPABILITIES[name] === undefined ? [] : [CAPABILITIES[name]!]));
}
