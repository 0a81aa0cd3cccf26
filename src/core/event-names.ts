/**
 * An event named in an agent's own spelling (`BeforeTool`, `preToolUse`) or
 * in the protocol's canonical one (Claude Code's `PreToolUse`), resolved
 * through the dialects' event tables: the one place every command (validate,
 * run, merge, events, test) turns the name a user typed into the event it
 * means. Names no agent: the dialects are parameters.
 */
import type { Dialect } from "./dialect.js";

export type EventResolution =
  | {
      readonly ok: true;
      /** The agent's own event name. */
      readonly event: string;
      /** The canonical (Claude Code) event it copies; null for an event of the agent's own. */
      readonly canonical: string | null;
    }
  | { readonly ok: false; readonly message: string };

/**
 * `name` as `dialect`'s event: its own name first (an agent may have both
 * `PreToolUse` and `preToolUse`), else the event whose canonical is `name`.
 */
export function resolveAgentEvent(dialect: Dialect, name: string): EventResolution {
  const own = dialect.events.find((e) => e.name === name);
  if (own !== undefined) return { ok: true, event: own.name, canonical: own.canonical };
  const copy = dialect.events.find((e) => e.canonical === name);
  if (copy !== undefined) return { ok: true, event: copy.name, canonical: name };
  const otherCanonical = dialect.events.some((e) => e.canonical !== null && e.canonical.toLowerCase() === name.toLowerCase());
  return {
    ok: false,
    message: `${dialect.displayName} has no event "${name}"${otherCanonical ? " (event names are case-sensitive)" : ""}; its events: ${dialect.events.map((e) => (e.canonical === null || e.canonical === e.name ? e.name : `${e.name} (${e.canonical})`)).join(", ")}`,
  };
}

/**
 * The canonical event `name` means, in the canonical spelling or any of
 * `dialects`' own (the first dialect that knows it, in the order given).
 * An agent's event with no canonical counterpart is an error naming it.
 */
export function resolveCanonicalEvent(dialects: readonly Dialect[], name: string): { readonly ok: true; readonly canonical: string } | { readonly ok: false; readonly message: string } {
  if (dialects.some((d) => d.events.some((e) => e.canonical === name))) return { ok: true, canonical: name };
  for (const dialect of dialects) {
    const own = dialect.events.find((e) => e.name === name);
    if (own === undefined) continue;
    if (own.canonical !== null) return { ok: true, canonical: own.canonical };
    return { ok: false, message: `"${name}" is ${dialect.displayName}'s own event, with no counterpart in the other agents` };
  }
  const canonical = [...new Set(dialects.flatMap((d) => d.events.flatMap((e) => (e.canonical === null ? [] : [e.canonical]))))];
  return { ok: false, message: `unknown event "${name}"; one of: ${canonical.join(", ")} (or an agent's own name for one: see \`events --agent all\`)` };
}
