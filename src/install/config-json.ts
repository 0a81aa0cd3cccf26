/**
 * Editing an agent's JSON hook file: read it (a file that does not parse is an
 * error and is never rewritten), cut the owner's entries out, insert new ones,
 * all as text edits at their positions (./json-edit.ts), so what is not ours
 * stays byte for byte and uninstall after install gives the file back.
 */
import { jsonPointer, type ProtocolError } from "../core/errors.js";
import { blankComments } from "../json/comments.js";
import { parseJsonText } from "../json/positions.js";
import { isJsonObject, type JsonObject, type JsonValue } from "../json/value.js";
import { JsonText, newFileText, type PathSegment } from "./json-edit.js";
import { ownerOf } from "./marker.js";
import type { ConfigFile, Placement } from "./types.js";
import { appendTomlTables, readTomlConfig, stripOwnedToml, tomlEventMap } from "./config-toml.js";

const isToml = (file: ConfigFile): boolean => file.format === "toml-tables";

export type ReadConfig = { readonly ok: true; readonly value: JsonObject | null } | { readonly ok: false; readonly error: ProtocolError & { readonly file: string } };

/** The text as the agent's reader sees its structure (comments blanked where it allows them; a BOM as a space: each agent's read-back decides about it). */
const structureOf = (file: ConfigFile, text: string): string => (file.comments === true ? blankComments(text) : text).replace(/^\uFEFF/, " ");

const MAX_DEPTH = 512;

/** How deep brackets nest outside strings (the editor's scanner recurses: deeper files are refused, not a stack overflow). */
function nesting(text: string): number {
  let depth = 0;
  let max = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 34) {
      for (i++; i < text.length && text.charCodeAt(i) !== 34; i++) if (text.charCodeAt(i) === 92) i++;
    } else if (c === 123 || c === 91) max = Math.max(max, ++depth);
    else if (c === 125 || c === 93) depth--;
  }
  return max;
}

/** `text` null: the file is absent. */
export function readConfig(file: ConfigFile, text: string | null): ReadConfig {
  if (isToml(file)) return readTomlConfig(file, text);
  if (text === null) return { ok: true, value: null };
  const fail = (message: string, path = "", position?: { line: number; column: number }): ReadConfig => ({
    ok: false,
    error: { code: "config-unreadable", path, message: `${file.path}: ${message}; not rewritten`, file: file.path, ...(position === undefined ? {} : { position }) },
  });
  const structure = structureOf(file, text);
  if (nesting(structure) > MAX_DEPTH) return fail(`nesting deeper than ${MAX_DEPTH} levels`);
  const parsed = parseJsonText(structure);
  if (!parsed.ok) return fail(`not valid JSON (${parsed.message})`, "", { line: parsed.position.line, column: parsed.position.column });
  const value = parsed.value;
  if (!isJsonObject(value)) return fail("not a JSON object");
  if (file.map === "hooks" && value["hooks"] !== undefined && !isJsonObject(value["hooks"])) return fail('"hooks" is not an object', "/hooks");
  return { ok: true, value };
}

/** The value of a text readConfig accepted. */
export function valueOf(file: ConfigFile, text: string | null): JsonObject | null {
  if (text === null) return null;
  const read = readConfig(file, text);
  return read.ok ? read.value : null;
}

const commandOf = (entry: JsonObject): string | null => {
  const command = entry["command"] ?? entry["bash"];
  return typeof command === "string" ? command : null;
};

const isOwned = (entry: JsonValue | undefined, owner: string): boolean => isJsonObject(entry ?? null) && ownerOf(commandOf(entry as JsonObject) ?? "") === owner;

const mapPath = (file: ConfigFile): PathSegment[] => (file.map === "hooks" ? ["hooks"] : []);

/** The event map of a file's value, if it has one. */
export function eventMap(file: ConfigFile, value: JsonObject | null): JsonObject | null {
  if (isToml(file)) return tomlEventMap(value);
  if (value === null) return null;
  const map = file.map === "hooks" ? value["hooks"] : value;
  return isJsonObject(map ?? null) ? (map as JsonObject) : null;
}

/** The paths of the owner's entries: flat entries, marked handlers (their group when every handler of it is marked). */
function ownedPaths(file: ConfigFile, value: JsonObject, owner: string): PathSegment[][] {
  const out: PathSegment[][] = [];
  const map = eventMap(file, value);
  if (map === null) return out;
  for (const event of Object.keys(map)) {
    const list = map[event];
    if (!Array.isArray(list)) continue;
    for (let j = 0; j < list.length; j++) {
      const entry = list[j];
      if (isOwned(entry, owner)) {
        out.push([...mapPath(file), event, j]);
        continue;
      }
      if (!isJsonObject(entry ?? null) || !Array.isArray((entry as JsonObject)["hooks"])) continue;
      const handlers = (entry as JsonObject)["hooks"] as JsonValue[];
      const marked = handlers.map((handler) => isOwned(handler, owner));
      // a group left without handlers goes
      if (marked.length > 0 && marked.every(Boolean)) out.push([...mapPath(file), event, j]);
      else marked.forEach((owned, k) => owned && out.push([...mapPath(file), event, j, "hooks", k]));
    }
  }
  return out;
}

/**
 * The text without the owner's entries. Containers install made go with their
 * last entry (./json-edit.ts), a file install made goes (null) when nothing but
 * its skeleton is left.
 */
export function stripOwned(file: ConfigFile, text: string | null, owner: string): string | null {
  if (isToml(file)) return stripOwnedToml(file, text, owner);
  if (text === null) return null;
  const value = valueOf(file, text);
  const paths = value === null ? [] : ownedPaths(file, value, owner);
  if (paths.length === 0) return text;
  const doc = new JsonText(text, file.comments === true);
  if (doc.removeAll(paths) === "file") return null;
  if (Object.keys(file.skeleton).length > 0 && doc.text === newFileText(file.skeleton)) return null;
  return doc.text;
}

/**
 * Adds each placement to its event's list (made if missing); a new file
 * starts from the skeleton. An event whose value is there but not a list is
 * an error (overwriting it would lose what it holds).
 */
export function appendPlacements(file: ConfigFile, text: string | null, placements: readonly Placement[]): { readonly text: string | null } | { readonly error: ProtocolError } {
  if (isToml(file)) return appendTomlTables(file, text, placements);
  if (placements.length === 0) return { text };
  const byEvent = new Map<string, JsonObject[]>();
  for (const { event, entry } of placements) byEvent.set(event, [...(byEvent.get(event) ?? []), entry]);
  const asObject = (): JsonObject => {
    const out = Object.create(null) as JsonObject;
    for (const [event, entries] of byEvent) out[event] = entries;
    return out;
  };
  if (text === null) {
    const value = Object.assign(Object.create(null), file.skeleton) as JsonObject;
    if (file.map === "hooks") value["hooks"] = asObject();
    else Object.assign(value, asObject());
    return { text: newFileText(value) };
  }
  const doc = new JsonText(text, file.comments === true);
  const map = eventMap(file, valueOf(file, text));
  if (map === null) {
    doc.addMember([], "hooks", asObject());
    return { text: doc.text };
  }
  for (const [event, entries] of byEvent) {
    const list = map[event];
    if (list === undefined) doc.addMember(mapPath(file), event, entries);
    else if (Array.isArray(list)) doc.appendItems([...mapPath(file), event], entries);
    else {
      const path = jsonPointer([...mapPath(file), event]);
      return { error: { code: "config-conflict", path, message: `${file.path}: the hooks of ${event} are not a list; not rewritten` } };
    }
  }
  return { text: doc.text };
}
