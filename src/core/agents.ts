/**
 * The agents whose hook protocol the package models, by the names used on
 * the command line (`--agent`), in `MergedResult.agent` and in vector files.
 * The list is generated from the registry (src/agents.ts, `npm run gen`), so
 * shared code can type an agent without importing one; names no agent itself.
 */
import { AGENT_NAMES } from "../../generated/agents.js";

export { AGENT_NAMES, AGENT_SUMMARIES, DEFAULT_AGENT } from "../../generated/agents.js";

export type AgentName = (typeof AGENT_NAMES)[number];

export function isAgentName(value: unknown): value is AgentName {
  return typeof value === "string" && (AGENT_NAMES as readonly string[]).includes(value);
}
