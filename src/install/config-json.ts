/**
 * Editing an agent's JSON hook file: read it (a file that does not parse is an
 * error and is never rewritten), take the owner's entries out, append new
 * ones, write it back in the file's own indentation. Keys keep their order;
 * what is not ours is left as it was, so a file written in the usual
 * `JSON.stringify(v, null, indent)` style comes back byte for byte.
 */
import { jsonPointer, type ProtocolError } from "../core/errors.js";
import { parseJsonWithPositions } from "../json/positions.js";
import { isJsonObject, toNullPrototype, type JsonObject, type JsonValue } from "../json/value.js";
import { ownerOf } from "./marker.js";
import type { ConfigFile, Placement } from "./types.js";

export type ReadConfig = { readonly ok: true; readonly value: JsonObject | null } | { readonly ok: false; readonly error: ProtocolError & { readonly file: string } };

/** `text` null: the file is absent. */
export function readConfig(file: ConfigFile, text: string | null): ReadConfig {
  if (text === null) return { ok: true, value: null };
  const fail = (message: string, path = "", position?: { line: number; column: number }): ReadConfig => ({
    ok: false,
    error: { code: "config-unreadable", path, message: `${file.path}: ${message}; not rewritten`, file: file.path, ...(position === undefined ? {} : { position }) },
  });
  const parsed = parseJsonWithPositions(text);
  if (!parsed.ok) return fail(`not valid JSON (${parsed.message})`, "", { line: parsed.position.line, column: parsed.position.column });
  const value = toNullPrototype(parsed.value);
  if (!isJsonObject(value)) return fail("not a JSON object");
  if (file.map === "hooks" && value["hooks"] !== undefined && !isJsonObject(value["hooks"])) return fail('"hooks" is not an object', "/hooks");
  return { ok: true, value };
}

const commandOf = (entry: JsonObject): string | null => {
  const command = entry["command"] ?? entry["bash"];
  return typeof command === "string" ? command : null;
};

const isOwned = (entry: JsonValue, owner: string): boolean => isJsonObject(entry) && ownerOf(commandOf(entry) ?? "") === owner;

/** The event map of a file's value, if it has one. */
function eventMap(file: ConfigFile, value: JsonObject): JsonObject | null {
  const map = file.map === "hooks" ? value["hooks"] : value;
  return isJsonObject(map ?? null) ? (map as JsonObject) : null;
}

/**
 * The value without the owner's entries: flat entries whose command is
 * marked, and marked handlers of a group (a group left empty goes). Lists,
 * the `hooks` object and the file itself go only when this emptied them.
 * null: the file should not exist.
 */
export function stripOwned(file: ConfigFile, value: JsonObject | null, owner: string): JsonObject | null {
  if (value === null) return null;
  const copy = toNullPrototype(value) as JsonObject;
  const map = eventMap(file, copy);
  if (map === null) return copy;
  let removedAny = false;
  for (const event of Object.keys(map)) {
    const list = map[event];
    if (!Array.isArray(list)) continue;
    let removed = false;
    const kept: JsonValue[] = [];
    for (const entry of list) {
      if (isOwned(entry, owner)) {
        removed = true;
        continue;
      }
      if (isJsonObject(entry) && Array.isArray(entry["hooks"])) {
        const handlers = entry["hooks"].filter((handler) => !isOwned(handler, owner));
        if (handlers.length !== entry["hooks"].length) {
          removed = true;
          if (handlers.length === 0) continue;
          entry["hooks"] = handlers;
        }
      }
      kept.push(entry);
    }
    if (!removed) continue;
    removedAny = true;
    if (kept.length === 0) delete map[event];
    else map[event] = kept;
  }
  if (!removedAny) return copy;
  if (file.map === "hooks" && Object.keys(map).length === 0) delete copy["hooks"];
  return isEmptyFile(file, copy) ? null : copy;
}

/** Nothing left but the skeleton a new file gets. */
function isEmptyFile(file: ConfigFile, value: JsonObject): boolean {
  const keys = Object.keys(value).filter((key) => !(key in file.skeleton && JSON.stringify(value[key]) === JSON.stringify(file.skeleton[key])));
  if (file.map === "root") return Object.keys(value).length === 0;
  return keys.length === 0;
}

/**
 * Appends each placement to its event's list (made if missing); a new file
 * starts from the skeleton. An event whose value is there but not a list is
 * an error (overwriting it would lose what it holds).
 */
export function appendPlacements(file: ConfigFile, value: JsonObject | null, placements: readonly Placement[]): { readonly value: JsonObject | null } | { readonly error: ProtocolError } {
  if (placements.length === 0) return { value };
  const out = value ?? (toNullPrototype(file.skeleton) as JsonObject);
  let map = eventMap(file, out);
  if (map === null) {
    map = Object.create(null) as JsonObject;
    out["hooks"] = map;
  }
  for (const { event, entry } of placements) {
    const list = map[event];
    if (list === undefined) map[event] = [entry];
    else if (Array.isArray(list)) list.push(entry);
    else {
      const path = jsonPointer(file.map === "hooks" ? ["hooks", event] : [event]);
      return { error: { code: "config-conflict", path, message: `${file.path}: the hooks of ${event} are not a list; not rewritten` } };
    }
  }
  return { value: out };
}

/** The indentation of the file's first indented line ("" for a one-line file); two spaces for a new file. */
function indentOf(text: string | null): string {
  if (text === null) return "  ";
  const m = /\n([ \t]+)\S/.exec(text);
  if (m !== null) return m[1]!;
  return text.trim().includes("\n") ? "  " : "";
}

/** The value as the file's text, in the style of the text it replaces. */
export function serialize(value: JsonObject, before: string | null): string {
  const indent = indentOf(before);
  const body = indent === "" ? JSON.stringify(value) : JSON.stringify(value, null, indent);
  const newline = before === null || before.endsWith("\n") ? "\n" : "";
  return body + newline;
}
