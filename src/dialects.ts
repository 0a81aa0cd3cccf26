/**
 * The dialects of the registry's agents (src/agents.ts), by agent name: the
 * CLI and the line protocols pick a dialect from here (`--agent`). Names no
 * agent: a new agent is its folder and one line in the registry.
 */
import { AGENTS } from "./agents.js";
import { isAgentName, type AgentName } from "./core/agents.js";
import type { Dialect } from "./core/dialect.js";
import { publicDialect, type PublicDialect } from "./core/public-dialect.js";

/** The dialect of `agent`, or undefined when the package does not implement it yet. */
export function dialectOf(agent: AgentName): Dialect | undefined {
  // `__proto__` or `constructor` from a command line names no agent (not Object.prototype's)
  return isAgentName(agent) ? AGENTS.find((candidate) => candidate.name === agent)?.dialect : undefined;
}

/** Every implemented dialect, in AGENT_NAMES order. */
export function allDialects(): Dialect[] {
  return AGENTS.map((agent) => agent.dialect);
}

/** The exported form (`PublicDialect`, methods that take any value) of `agent`'s dialect; undefined for any value that names none. */
export function publicDialectOf(agent: AgentName | (string & {})): PublicDialect | undefined {
  const dialect = dialectOf(agent as AgentName);
  return dialect === undefined ? undefined : publicDialect(dialect);
}

/** Every implemented dialect in its exported form, in AGENT_NAMES order. */
export function publicDialects(): PublicDialect[] {
  return allDialects().map(publicDialect);
}

export { DEFAULT_AGENT } from "./core/agents.js";
