/**
 * The agents whose hook protocol the package models, by the names used on
 * the command line (`--agent`), in `MergedResult.agent` and in vector files.
 * Which dialect implements each is src/dialects.ts's business; this list
 * only names them, so shared code can type an agent without importing one.
 */
export const AGENT_NAMES = ["claude-code", "codex", "gemini-cli", "copilot-cli", "droid", "qwen-code"] as const;

export type AgentName = (typeof AGENT_NAMES)[number];

/** The agent a command or a merge assumes when none is named. */
export const DEFAULT_AGENT: AgentName = "claude-code";

export function isAgentName(value: unknown): value is AgentName {
  return typeof value === "string" && (AGENT_NAMES as readonly string[]).includes(value);
}
