/**
 * Editing an agent's JSON hook file: read it (a file that does not parse is an
 * error and is never rewritten), cut the owner's entries out, insert new ones,
 * all as text edits at their positions (./json-edit.ts), so what is not ours
 * stays byte for byte and uninstall after install gives the file back.
 */
import { jsonPointer, type ProtocolError } from "../core/errors.js";
import { blankComments } from "../json/comments.js";
import { parseJsonWithPositions } from "../json/positions.js";
import { isJsonObject, toNullPrototype, type JsonObject, type JsonValue } from "../json/value.js";
import { JsonText, newFileText, type PathSegment } from "./json-edit.js";
import { ownerOf } from "./marker.js";
import type { ConfigFile, Placement } from "./types.js";

export type ReadConfig = { readonly ok: true; readonly value: JsonObject | null } | { readonly ok: false; readonly error: ProtocolError & { readonly file: string } };

/** The text as the agent's reader sees its structure (comments blanked where it allows them). */
const structureOf = (file: ConfigFile, text: string): string => (file.comments === true ? blankComments(text) : text);

/** `text` null: the file is absent. */
export function readConfig(file: ConfigFile, text: string | null): ReadConfig {
  if (text === null) return { ok: true, value: null };
  const fail = (message: string, path = "", position?: { line: number; column: number }): ReadConfig => ({
    ok: false,
    error: { code: "config-unreadable", path, message: `${file.path}: ${message}; not rewritten`, file: file.path, ...(position === undefined ? {} : { position }) },
  });
  const parsed = parseJsonWithPositions(structureOf(file, text));
  if (!parsed.ok) return fail(`not valid JSON (${parsed.message})`, "", { line: parsed.position.line, column: parsed.position.column });
  const value = toNullPrototype(parsed.value);
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
  if (value === null) return null;
  const map = file.map === "hooks" ? value["hooks"] : value;
  return isJsonObject(map ?? null) ? (map as JsonObject) : null;
}

/** The path of the first of the owner's entries: a flat entry, a marked handler (its group when it is the group's only handler). */
function firstOwned(file: ConfigFile, value: JsonObject, owner: string): PathSegment[] | null {
  const map = eventMap(file, value);
  if (map === null) return null;
  for (const event of Object.keys(map)) {
    const list = map[event];
    if (!Array.isArray(list)) continue;
    for (let j = 0; j < list.length; j++) {
      const entry = list[j];
      if (isOwned(entry, owner)) return [...mapPath(file), event, j];
      if (isJsonObject(entry ?? null) && Array.isArray((entry as JsonObject)["hooks"])) {
        const handlers = (entry as JsonObject)["hooks"] as JsonValue[];
        const k = handlers.findIndex((handler) => isOwned(handler, owner));
        if (k === -1) continue;
        // a group left without handlers goes
        return handlers.every((handler) => isOwned(handler, owner)) ? [...mapPath(file), event, j] : [...mapPath(file), event, j, "hooks", k];
      }
    }
  }
  return null;
}

/**
 * The text without the owner's entries. Containers install made go with their
 * last entry (./json-edit.ts), a file install made goes (null) when nothing but
 * its skeleton is left.
 */
export function stripOwned(file: ConfigFile, text: string | null, owner: string): string | null {
  if (text === null) return null;
  const doc = new JsonText(text, file.comments === true);
  let removed = false;
  for (;;) {
    const value = valueOf(file, doc.text);
    const path = value === null ? null : firstOwned(file, value, owner);
    if (path === null) break;
    removed = true;
    if (doc.remove(path) === "file") return null;
  }
  if (removed && Object.keys(file.skeleton).length > 0 && doc.text === newFileText(file.skeleton)) return null;
  return doc.text;
}

/**
 * Adds each placement to its event's list (made if missing); a new file
 * starts from the skeleton. An event whose value is there but not a list is
 * an error (overwriting it would lose what it holds).
 */
export function appendPlacements(file: ConfigFile, text: string | null, placements: readonly Placement[]): { readonly text: string | null } | { readonly error: ProtocolError } {
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
    else if (Array.isArray(list)) for (const entry of entries) doc.appendItem([...mapPath(file), event], entry);
    else {
      const path = jsonPointer([...mapPath(file), event]);
      return { error: { code: "config-conflict", path, message: `${file.path}: the hooks of ${event} are not a list; not rewritten` } };
    }
  }
  return { text: doc.text };
}
