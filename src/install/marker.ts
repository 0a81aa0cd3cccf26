/**
 * The marks `install` puts in every command it writes: leading environment
 * assignments, which every agent's shell ignores, so no agent sees an unknown
 * key (an agent may refuse unknown keys in its hooks file).
 *
 *   CLAUDE_HOOK_PROTOCOL_AGENT=<agent> CLAUDE_HOOK_PROTOCOL_OWNER=<owner> <command>
 *
 * `CLAUDE_HOOK_PROTOCOL_AGENT` tells the kit which agent runs the hook (the
 * kit reads it before guessing from stdin); `CLAUDE_HOOK_PROTOCOL_OWNER` is
 * how `uninstall` finds its own entries and no one else's.
 */

import { AGENT_ENV } from "../hooks/agents.js";

/** The variable the kit reads first to know its agent (src/hooks/agents.ts). */
export const AGENT_VARIABLE = AGENT_ENV;
export const OWNER_VARIABLE = "CLAUDE_HOOK_PROTOCOL_OWNER";
export const DEFAULT_OWNER = "claude-hook-protocol";

/**
 * `agentValue` is the shell text after `CLAUDE_HOOK_PROTOCOL_AGENT=`: an
 * agent name, or an expansion when several agents run the same file
 * (`prefix` then holds the assignments it needs, in order).
 */
export function markedCommand(agentValue: string, owner: string, command: string, prefix: readonly string[] = []): string {
  return [...prefix, `${AGENT_VARIABLE}=${agentValue}`, `${OWNER_VARIABLE}=${owner}`, command].join(" ");
}

const ASSIGNMENT = /^([A-Za-z_][A-Za-z0-9_]*)=(\S*)$/;

/** The owner a command was installed for: its leading assignments' `CLAUDE_HOOK_PROTOCOL_OWNER`, else null. */
export function ownerOf(command: string): string | null {
  for (const word of command.trimStart().split(/[ \t]+/)) {
    const m = ASSIGNMENT.exec(word);
    if (m === null) return null;
    if (m[1] === OWNER_VARIABLE) return m[2]!;
  }
  return null;
}
