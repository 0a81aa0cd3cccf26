/**
 * `events --agent A|all`: each agent's own event names, what each copies in
 * the protocol's canonical (Claude Code) vocabulary, and (with `all`) one
 * table of the mapping across agents.
 */
import type { Dialect } from "../core/dialect.js";
import type { Style } from "./style.js";

export interface EventMapping {
  /** The canonical (Claude Code) event; null for an agent's own event with no counterpart. */
  readonly canonical: string | null;
  /** Per agent: its event names that copy `canonical` (empty: none). */
  readonly agents: Readonly<Record<string, readonly string[]>>;
}

/** Rows in the first dialect's event order, then the others' events without a counterpart. */
export function eventMappings(dialects: readonly Dialect[]): EventMapping[] {
  const rows = new Map<string, Record<string, string[]>>();
  const own: EventMapping[] = [];
  for (const dialect of dialects) {
    for (const event of dialect.events) {
      if (event.canonical === null) {
        own.push({ canonical: null, agents: { [dialect.agent]: [event.name] } });
        continue;
      }
      const row = rows.get(event.canonical) ?? {};
      (row[dialect.agent] ??= []).push(event.name);
      rows.set(event.canonical, row);
    }
  }
  const fill = (agents: Record<string, readonly string[]>): Record<string, readonly string[]> =>
    Object.fromEntries(dialects.map((d) => [d.agent, agents[d.agent] ?? []]));
  return [...[...rows].map(([canonical, agents]) => ({ canonical, agents: fill(agents) })), ...own.map((m) => ({ ...m, agents: fill(m.agents) }))];
}

export function renderDialectEvents(dialect: Dialect, s: Style): string {
  const lines = [`${s.bold(`${dialect.displayName} ${dialect.version}`)}: ${dialect.events.length} events`];
  for (const e of dialect.events) {
    const copies = e.canonical === null ? "no Claude Code counterpart" : e.canonical === e.name ? "" : `~ ${e.canonical}`;
    lines.push(`  ${s.bold(e.name)}${copies === "" ? "" : ` ${s.dim(copies)}`}`);
    lines.push(`    matcher: ${e.matchField ?? "none"}; ${e.summary}`);
  }
  return lines.join("\n") + "\n";
}

export function renderMappings(dialects: readonly Dialect[], s: Style, mappings: readonly EventMapping[] = eventMappings(dialects)): string {
  const header = ["canonical", ...dialects.map((d) => d.displayName)];
  const rows = mappings.map((m) => [m.canonical ?? "-", ...dialects.map((d) => (m.agents[d.agent] ?? []).join(", ") || "-")]);
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: readonly string[]): string => cells.map((c, i) => c.padEnd(widths[i]!)).join("  ").trimEnd();
  return [s.bold(line(header)), ...rows.map(line)].join("\n") + "\n";
}
