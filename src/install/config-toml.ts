/**
 * Editing an agent's TOML file whose hooks are a list of `[[hooks]]` tables
 * (one table per hook: `event`, `matcher`, `command`, `timeout`), as text:
 * a new hook is a table appended at the end; the owner's tables are cut out
 * from their header line to their last key line, so comments, blank lines and
 * every other table stay byte for byte, and uninstall after install gives the
 * file back. Every edit is checked by parsing the result: the document must
 * be the one before with exactly those tables added or taken out, or the edit
 * is refused (a `[[hooks]]` line inside a multi-line string, say). The value
 * the planner sees is the tables as an event map of flat entries. Names no agent.
 */
import type { ProtocolError } from "../core/errors.js";
import { parseToml } from "../core/toml.js";
import { isJsonObject, type JsonObject, type JsonValue } from "../json/value.js";
import { ownerOf } from "./marker.js";
import type { ConfigFile, Placement } from "./types.js";

type Read = { readonly ok: true; readonly value: JsonObject | null } | { readonly ok: false; readonly error: ProtocolError & { readonly file: string } };

// lines are split on "\n": a CRLF file's lines keep their "\r"
const HOOKS_HEADER = /^[ \t]*\[\[[ \t]*(?:hooks|"hooks"|'hooks')[ \t]*\]\][ \t]*(?:#[^\r]*)?\r?$/;
const ANY_HEADER = /^[ \t]*\[/;
const KEY_LINE = /^[ \t]*[^#\s]/;

export function readTomlConfig(file: ConfigFile, text: string | null): Read {
  if (text === null) return { ok: true, value: null };
  const parsed = parseToml(text, file.path);
  if (!parsed.ok) return { ok: false, error: { ...parsed.error, code: "config-unreadable", message: `${parsed.error.message}; not rewritten`, file: file.path } };
  const hooks = parsed.value["hooks"];
  if (hooks !== undefined && (!Array.isArray(hooks) || !hooks.every((t) => isJsonObject(t)))) {
    return { ok: false, error: { code: "config-unreadable", path: "/hooks", message: `${file.path}: hooks is not a list of [[hooks]] tables; not rewritten`, file: file.path } };
  }
  return { ok: true, value: parsed.value };
}

/** The `[[hooks]]` tables as an event map of flat entries (`{matcher, command, timeout}`), in file order. */
export function tomlEventMap(value: JsonObject | null): JsonObject | null {
  if (value === null) return null;
  const map = Object.create(null) as JsonObject;
  const hooks = value["hooks"];
  if (!Array.isArray(hooks)) return map;
  for (const table of hooks) {
    if (!isJsonObject(table) || typeof table["event"] !== "string") continue;
    const { event, ...entry } = table;
    const list = (map[event as string] ??= []) as JsonValue[];
    list.push(Object.assign(Object.create(null) as JsonObject, entry));
  }
  return map;
}

const owned = (table: JsonValue, owner: string): boolean => isJsonObject(table) && typeof table["command"] === "string" && ownerOf(table["command"]) === owner;

/** Each `[[hooks]]` table's lines: from its header to its last key line. */
function tableSpans(lines: readonly string[]): { first: number; last: number }[] {
  const spans: { first: number; last: number }[] = [];
  for (let i = 0; i < lines.length; i++) {
    if (!HOOKS_HEADER.test(lines[i]!)) continue;
    let last = i;
    let j = i + 1;
    for (; j < lines.length && !ANY_HEADER.test(lines[j]!); j++) if (KEY_LINE.test(lines[j]!)) last = j;
    spans.push({ first: i, last });
    i = j - 1;
  }
  return spans;
}

const sameJson = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);

/** The text without the owner's tables; null when install made the file and nothing else is left. */
export function stripOwnedToml(file: ConfigFile, text: string | null, owner: string): string | null {
  if (text === null) return null;
  const read = readTomlConfig(file, text);
  if (!read.ok || read.value === null) return text;
  const hooks = (read.value["hooks"] ?? []) as JsonValue[];
  if (!hooks.some((t) => owned(t, owner))) return text;
  const lines = text.split("\n");
  const spans = tableSpans(lines);
  // tables that cannot be told apart as text (written inline, a header inside a string) stay: the planner's read-back then refuses the plan
  const refuse = text;
  if (spans.length !== hooks.length) return refuse;
  const drop = new Set<number>();
  spans.forEach((span, k) => {
    if (owned(hooks[k]!, owner)) for (let i = span.first; i <= span.last; i++) drop.add(i);
  });
  const out = lines.filter((_, i) => !drop.has(i)).join("\n");
  const after = parseToml(out, file.path);
  const expected = { ...read.value, hooks: hooks.filter((t) => !owned(t, owner)) };
  if (expected.hooks.length === 0) delete (expected as Record<string, unknown>)["hooks"];
  if (!after.ok || !sameJson(after.value, expected)) return refuse;
  return out.trim() === "" ? null : out;
}

/** A TOML basic string (JSON's escapes are TOML's, but DEL must be escaped too); null for text TOML cannot hold (a lone surrogate). */
export function tomlString(text: string): string | null {
  if (/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/.test(text)) return null;
  return JSON.stringify(text).replace(/\u007f/g, "\\u007f");
}

function tomlLiteral(value: JsonValue): string | null {
  if (typeof value === "string") return tomlString(value);
  if (typeof value === "number" && Number.isSafeInteger(value)) return String(value);
  if (typeof value === "boolean") return String(value);
  return null;
}

/** Appends one `[[hooks]]` table per placement (`event` first, then the entry's keys) at the end of the text. */
export function appendTomlTables(file: ConfigFile, text: string | null, placements: readonly Placement[]): { readonly text: string | null } | { readonly error: ProtocolError } {
  if (placements.length === 0) return { text };
  const tables: string[] = [];
  // the file's own line ending (a CRLF file stays CRLF throughout)
  const eol = text !== null && text.includes("\r\n") ? "\r\n" : "\n";
  for (const { event, entry } of placements) {
    const lines = ["[[hooks]]"];
    for (const [key, value] of Object.entries({ event, ...entry })) {
      const literal = tomlLiteral(value as JsonValue);
      if (literal === null) return { error: { code: "config-conflict", path: `/hooks/${key}`, message: `${file.path}: ${key} cannot be written as TOML; not rewritten` } };
      lines.push(`${key} = ${literal}`);
    }
    tables.push(lines.join(eol) + eol);
  }
  const before = text ?? "";
  const existing = text === null ? null : readTomlConfig(file, text);
  // hooks written as an inline array (`hooks = [...]`) cannot take a [[hooks]] table after them (TOML forbids it; the reader here allows it)
  if (existing !== null && existing.ok && existing.value !== null && Array.isArray(existing.value["hooks"]) && tableSpans(before.split("\n")).length !== existing.value["hooks"].length) {
    return { error: { code: "config-conflict", path: "/hooks", message: `${file.path}: hooks is not written as [[hooks]] tables; a table cannot be appended; not rewritten` } };
  }
  const out = before + (before === "" || before.endsWith("\n") ? "" : eol) + tables.join("");
  // the document must be the one before with these tables after its own
  const read = text === null ? { ok: true as const, value: Object.create(null) as JsonObject } : readTomlConfig(file, text);
  const after = parseToml(out, file.path);
  if (!read.ok || read.value === null || !after.ok) return { error: { code: "config-conflict", path: "/hooks", message: `${file.path}: a [[hooks]] table cannot be appended (hooks written inline?); not rewritten` } };
  const added = placements.map(({ event, entry }) => ({ event, ...entry }));
  const expected = { ...read.value, hooks: [...((read.value["hooks"] ?? []) as JsonValue[]), ...added] };
  if (!sameJson(after.value, expected)) return { error: { code: "config-conflict", path: "/hooks", message: `${file.path}: appending [[hooks]] tables would change what else the file says; not rewritten` } };
  return { text: out };
}
