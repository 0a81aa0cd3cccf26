/**
 * The registry (src/agents.ts) -> the agent lists that must be static:
 * `generated/agents.ts` (`AGENT_NAMES`, `DEFAULT_AGENT`: what src/core/agents.ts
 * exports, so shared code can type an agent without loading one; and
 * `AGENT_SUMMARIES`, what the CLI's help texts say of each agent) and
 * `generated/agent-capabilities.ts` (every agent's capabilities as data, in
 * registry order: the `./capabilities` subpath reads them without loading any
 * agent's folder). `npm run gen:check` fails when either drifts from the registry.
 */
import { AGENTS, loadInstallers, loadLinters } from "../src/agents.js";
import { jsLiteral, tsBanner, type GeneratedFile } from "./lib/generated-file.js";

const SOURCE = "src/agents.ts (the registry) and each src/<agent>/agent.ts";

export async function generateAgents(): Promise<GeneratedFile[]> {
  const names = AGENTS.map((agent) => agent.name);
  const [first] = names;
  if (first === undefined) throw new Error("gen-agents: the registry lists no agent");
  for (const agent of AGENTS) {
    if (agent.dialect.agent !== agent.name || agent.capabilities.agent !== agent.name) {
      throw new Error(`gen-agents: src/${agent.name}/agent.ts assembles a dialect or capabilities of another agent (${agent.dialect.agent}, ${agent.capabilities.agent})`);
    }
  }
  const linters = await loadLinters();
  const installers = await loadInstallers();
  const summaries = AGENTS.map((agent, i) => ({
    name: agent.name,
    displayName: agent.dialect.displayName,
    configLocations: agent.dialect.runner?.configLocations ?? [],
    lintRulePrefix: linters[i]!.rules[0]?.id.split("-")[0] ?? "",
    installFiles: installers[i]!.filesSummary,
  }));
  const agentsTs = `${tsBanner("scripts/gen-agents.ts", SOURCE)}
/** The agents whose hook protocol the package models, by the names used on the command line (\`--agent\`), in \`MergedResult.agent\` and in vector files, in registry order. */
export const AGENT_NAMES = ${jsLiteral(names)} as const;

/** The agent a command or a merge assumes when none is named: the registry's first. */
export const DEFAULT_AGENT = ${jsLiteral(first)} as (typeof AGENT_NAMES)[number];

/** What the CLI's help says of each agent, in registry order: its display name, where its runner reads hooks, its lint rules' ID prefix, where \`install\` writes (its installer's \`filesSummary\`). */
export const AGENT_SUMMARIES: readonly { readonly name: (typeof AGENT_NAMES)[number]; readonly displayName: string; readonly configLocations: readonly string[]; readonly lintRulePrefix: string; readonly installFiles: readonly string[] }[] = ${jsLiteral(summaries, 2)};
`;
  const capabilities = Object.fromEntries(AGENTS.map((agent) => [agent.name, agent.capabilities]));
  const capabilitiesTs = `${tsBanner("scripts/gen-agents.ts", `${SOURCE}: each src/<agent>/capabilities.ts`)}
/** Every agent's capabilities (src/<agent>/capabilities.ts, shape \`AgentCapabilities\`), by agent name in registry order. */
export const AGENT_CAPABILITIES = ${jsLiteral(capabilities)};
`;
  return [
    { path: "generated/agents.ts", content: agentsTs },
    { path: "generated/agent-capabilities.ts", content: capabilitiesTs },
  ];
}
