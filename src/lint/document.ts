/**
 * Reading a hook file for lint (agent-neutral): the strict parser with
 * positions, and a walk over Claude Code-shaped event maps
 * (`{"<Event>": [{"matcher", "hooks": [handler]}]}`) that most agents share.
 */
import { jsonPointer } from "../core/errors.js";
import { parseJsonWithPositions } from "../json/positions.js";
import { isJsonObject, toNullPrototype, type JsonObject, type JsonValue } from "../json/value.js";
import type { LintFinding, LintRule } from "./types.js";

export type Segments = readonly (string | number)[];

export interface LintDocument {
  readonly value: JsonValue;
  /** A finding of `rule` at `path`, with its line:column. */
  readonly at: (rule: LintRule, path: Segments, message: string) => LintFinding;
  /** A value's text as written (a number's literal: `5.0`, `-0`), for agents whose reader sees the literal; undefined when the path does not exist. */
  readonly sourceOf: (path: Segments) => string | undefined;
  /** The keys written twice in the object at a path (JSON.parse keeps the last). */
  readonly duplicateKeysOf: (path: Segments) => readonly string[];
}

/** The parsed file, or the one finding that it does not parse (`invalidJson` is the agent's rule for that). */
export function readDocument(agent: string, file: string, text: string, invalidJson: LintRule, consequence: string): { ok: true; doc: LintDocument } | { ok: false; finding: LintFinding } {
  const parsed = parseJsonWithPositions(text);
  const base = (rule: LintRule, path: Segments, message: string): LintFinding => ({ rule: rule.id, code: rule.code, severity: rule.severity, agent, file, path: jsonPointer(path), message });
  if (!parsed.ok) {
    const { line, column } = parsed.position;
    return { ok: false, finding: { ...base(invalidJson, [], `not valid JSON (${parsed.message}); ${consequence}`), position: { line, column } } };
  }
  const at = (rule: LintRule, path: Segments, message: string): LintFinding => {
    const where = parsed.positionOf(path);
    return { ...base(rule, path, message), position: { line: where.line, column: where.column } };
  };
  return { ok: true, doc: { value: toNullPrototype(parsed.value), at, sourceOf: parsed.sourceOf, duplicateKeysOf: parsed.duplicateKeysOf } };
}

export interface WalkedHandler {
  readonly index: number;
  readonly path: Segments;
  readonly handler: JsonValue;
}

export interface WalkedGroup {
  readonly index: number;
  readonly path: Segments;
  /** The group itself (nested form) or the flat entry. */
  readonly entry: JsonValue;
  readonly matcher: JsonValue | undefined;
  /** The handlers of a nested group; a flat entry is its own single handler. */
  readonly handlers: readonly WalkedHandler[];
}

export interface WalkedEvent {
  readonly name: string;
  readonly path: Segments;
  /** null: the event's value is not a list. */
  readonly groups: readonly WalkedGroup[] | null;
}

/** Each event of the map at `mapPath`, with its groups and handlers. Flat entries (no `hooks` list) count as one handler. */
export function walkEvents(value: JsonValue, mapPath: Segments): WalkedEvent[] {
  let map: JsonValue | undefined = value;
  for (const segment of mapPath) map = isJsonObject(map ?? null) ? (map as JsonObject)[segment as string] : undefined;
  if (!isJsonObject(map ?? null)) return [];
  return Object.entries(map as JsonObject).map(([name, list]) => {
    const path = [...mapPath, name];
    if (!Array.isArray(list)) return { name, path, groups: null };
    const groups = list.map((entry, index): WalkedGroup => {
      const groupPath = [...path, index];
      const nested = isJsonObject(entry) && Array.isArray(entry["hooks"]);
      const handlers = nested ? (entry["hooks"] as JsonValue[]).map((handler, h) => ({ index: h, path: [...groupPath, "hooks", h], handler })) : [{ index: 0, path: groupPath, handler: entry }];
      return { index, path: groupPath, entry, matcher: isJsonObject(entry) ? entry["matcher"] : undefined, handlers };
    });
    return { name, path, groups };
  });
}

/**
 * The tool names a matcher lists when it is a plain list (`Bash`, `Bash|Read`,
 * `^(?:bash)$`); null for any other regex, whose reach lint does not judge.
 */
export function matcherNames(matcher: string): string[] | null {
  const inner = matcher.replace(/^\^(?:\(\?:)?/, "").replace(/(?:\))?\$$/, "");
  if (!/^[A-Za-z0-9_-]+(?:\|[A-Za-z0-9_-]+)*$/.test(inner)) return null;
  return inner.split("|");
}

/** `value` is a string command handler (`{"type": "command", "command"|"bash": "..."}`). */
export function commandOf(handler: JsonValue): string | null {
  if (!isJsonObject(handler)) return null;
  const command = handler["command"] ?? handler["bash"];
  return typeof command === "string" ? command : null;
}

/** A finding of `rule` per tool name of a plain-list matcher that `hintOf` says the agent never shows hooks. */
export function foreignToolFindings(
  at: (rule: LintRule, path: Segments, message: string) => LintFinding,
  rule: LintRule,
  matcherPath: Segments,
  matcher: string,
  hintOf: (name: string) => string | null,
): LintFinding[] {
  return (matcherNames(matcher) ?? []).flatMap((name) => {
    const hint = hintOf(name);
    return hint === null ? [] : [at(rule, matcherPath, `${hint}; it never matches there`)];
  });
}

/**
 * `mcp__server` without a tool part: MCP tools are `mcp__<server>__<tool>`,
 * so where a plain name is compared whole (an exact name, an anchored regex)
 * it matches no tool.
 */
export function serverOnlyMcpNames(matcher: string): string[] {
  return (matcherNames(matcher) ?? []).filter((name) => /^mcp__(?:(?!__).)+$/.test(name));
}

/** At or above this a timeout in seconds was surely meant in milliseconds (1000 s is almost 17 minutes). */
const MILLISECONDS_LIKE_SECONDS = 1000;

/**
 * A finding of `rule` per handler `timeout` (or another of `keys`) of at
 * least 1000, for agents that read seconds: the value was written in
 * milliseconds (another agent's unit) and the hook may hang that long.
 */
export function millisecondTimeouts(
  at: (rule: LintRule, path: Segments, message: string) => LintFinding,
  rule: LintRule,
  value: JsonValue,
  mapPath: Segments,
  displayName: string,
  keys: readonly string[] = ["timeout"],
): LintFinding[] {
  const out: LintFinding[] = [];
  for (const event of walkEvents(value, mapPath)) {
    for (const group of event.groups ?? []) for (const handler of group.handlers) {
      if (!isJsonObject(handler.handler)) continue;
      for (const key of keys) {
        const timeout = handler.handler[key];
        // not finite (1e400): the agent's own reading of it is another rule's
        if (typeof timeout !== "number" || !Number.isFinite(timeout) || timeout < MILLISECONDS_LIKE_SECONDS) continue;
        const hours = Math.floor(timeout / 3600);
        const minutes = Math.round((timeout % 3600) / 60);
        out.push(at(rule, [...handler.path, key], `${key} ${timeout} is ${timeout} s (${hours > 0 ? `${hours} h ` : ""}${minutes} min): ${displayName} reads seconds; ${timeout / 1000} s was meant?`));
      }
    }
  }
  return out;
}
