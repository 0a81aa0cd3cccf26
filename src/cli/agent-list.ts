/** The registry's agents as the help texts list them (generated/agents.ts: no agent is loaded to print a help). */
import { AGENT_NAMES, AGENT_SUMMARIES, DEFAULT_AGENT } from "../core/agents.js";

/** Every agent's name, comma-separated, the default marked `(default)`. */
export const AGENT_CHOICES = AGENT_NAMES.map((name) => (name === DEFAULT_AGENT ? `${name} (default)` : name)).join(", ");

/** Every agent other than the default, for `--agent` options that change from the default's behaviour. */
export const OTHER_AGENTS: readonly string[] = AGENT_NAMES.filter((name) => name !== DEFAULT_AGENT);

/** One agent other than the default, for the examples. */
export const EXAMPLE_AGENT: string = OTHER_AGENTS[0] ?? DEFAULT_AGENT;

/** Where each agent with a runner reads its hooks, one line each (`  <display name>: <location>; <location>; ...`). */
export const CONFIG_LOCATIONS: string = AGENT_SUMMARIES.filter((agent) => agent.configLocations.length > 0)
  .map((agent) => `  ${agent.displayName}: ${agent.configLocations.join("; ")}`)
  .join("\n");
