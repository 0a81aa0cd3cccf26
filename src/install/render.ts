/** Pieces every agent's installer uses to write one hook (agent-neutral). */
import type { InstallHook } from "../../generated/types.js";
import type { InstallNote } from "./types.js";

const escapeRegex = (name: string): string => name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** `a|b`, each name's regex characters escaped: for agents that anchor the matcher themselves. */
export function nameAlternation(names: readonly string[]): string {
  return names.map(escapeRegex).join("|");
}

/** `^(?:a|b)$`: for agents that test a matcher as an unanchored regex. */
export function anchoredMatcher(names: readonly string[]): string {
  return `^(?:${nameAlternation(names)})$`;
}

export interface ToolMatch {
  /** The agent's names for the hook's tools; null: every tool (no `tools`). */
  readonly names: readonly string[] | null;
  readonly notes: InstallNote[];
}

/** The hook's tools in the agent's names; on an event without matcher, none (with a note). */
export function toolsFor(agent: string, displayName: string, hook: InstallHook, toAgent: (tool: string) => string, eventHasMatcher: boolean): ToolMatch {
  const notes: InstallNote[] = [];
  if (hook.tools === undefined || hook.tools.length === 0) return { names: null, notes };
  if (!eventHasMatcher) {
    notes.push({ agent, code: "tools-ignored", message: `${displayName}: ${hook.event} has no matcher; "tools" is left out and the hook runs on every ${hook.event}` });
    return { names: null, notes };
  }
  return { names: hook.tools.map(toAgent), notes };
}

export function failClosedNote(agent: string, displayName: string, hook: InstallHook): InstallNote[] {
  return hook.failClosed === true
    ? [{ agent, code: "fail-closed-by-kit", message: `${displayName}: no configuration setting makes a failing hook block; "failClosed" rests on the hook itself (the kit's failClosed)` }]
    : [];
}
