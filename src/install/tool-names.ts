/**
 * Claude Code's tool names as each agent's hook matchers see them, read from
 * the kit's one name mapping (src/hooks/agent-names.ts, generated from the
 * dialects' tables): an agent lists only the tools it names otherwise
 * (`run_shell_command`, `bash`, `Execute`, ...: its capabilities file);
 * any other tool keeps Claude Code's name there.
 */
import { isAgentName } from "../core/agents.js";
import { kitAgent } from "../hooks/agent-names.js";

/** The name `agent`'s hooks see for Claude Code's tool `tool` (MCP tools keep theirs). */
export function agentToolName(agent: string, tool: string): string {
  if (tool.startsWith("mcp__") || !isAgentName(agent)) return tool;
  return kitAgent(agent)?.tools.find((t) => t.canonical === tool)?.name ?? tool;
}

/** Claude Code's name -> the agent's, for the tools the agent names otherwise. */
export function renamedTools(agent: string): ReadonlyMap<string, string> {
  return new Map(isAgentName(agent) ? (kitAgent(agent)?.tools ?? []).map((t) => [t.canonical, t.name] as const) : []);
}

/** Every Claude Code tool name some agent names otherwise. */
export function renamedAnywhere(agents: readonly string[]): ReadonlySet<string> {
  return new Set(agents.flatMap((agent) => [...renamedTools(agent).keys()]));
}
