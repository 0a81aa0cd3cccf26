/**
 * `--event` (and a request's or a test case's event) for every command: the
 * name in the agent's own spelling or in Claude Code's, through the one
 * resolver (src/core/event-names.ts) over the registry's dialects.
 */
import { DEFAULT_AGENT } from "../core/agents.js";
import type { Dialect } from "../core/dialect.js";
import { resolveAgentEvent, resolveCanonicalEvent, type EventResolution } from "../core/event-names.js";
import { allDialects, dialectOf } from "../dialects.js";

/** `name` as `dialect`'s own event; the message names another agent's spelling when `name` is one. */
export function agentEvent(dialect: Dialect, name: string): EventResolution {
  const resolved = resolveAgentEvent(dialect, name);
  if (resolved.ok) return resolved;
  const owner = allDialects().find((d) => d !== dialect && d.events.some((e) => e.name === name && e.canonical !== null));
  if (owner === undefined) return resolved;
  const canonical = owner.events.find((e) => e.name === name)!.canonical!;
  const here = resolveAgentEvent(dialect, canonical);
  return {
    ok: false,
    message: here.ok
      ? `"${name}" is ${owner.displayName}'s name for ${canonical}; ${dialect.displayName} calls it ${here.event} (give --agent ${owner.agent} to act as ${owner.displayName})`
      : `"${name}" is ${owner.displayName}'s name for ${canonical}, which ${dialect.displayName} does not have`,
  };
}

/** `name` as a Claude Code event (the default agent's), for commands that act as Claude Code. */
export function claudeCodeEvent(name: string): EventResolution {
  return agentEvent(dialectOf(DEFAULT_AGENT)!, name);
}

/** The canonical event `name` means for a comparison across `dialects` (their spellings first, then every agent's). */
export function canonicalEvent(dialects: readonly Dialect[], name: string): ReturnType<typeof resolveCanonicalEvent> {
  return resolveCanonicalEvent([...dialects, ...allDialects()], name);
}
