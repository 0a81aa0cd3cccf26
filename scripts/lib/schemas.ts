/**
 * Loads the canonical schemas: every `schemas/**\/*.schema.json`, in sorted
 * path order, parsed and deep-frozen so no generator can mutate its input.
 * Checks what every generator relies on (draft-07, `$id` = base + path, a
 * unique `title`) and fails naming the file.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";

export const SCHEMA_BASE = "https://claude-hook-protocol.dev/schemas/";
export const DRAFT_07 = "http://json-schema.org/draft-07/schema#";

export type JsonValue = null | boolean | number | string | readonly JsonValue[] | { readonly [key: string]: JsonValue };
export type JsonObject = { readonly [key: string]: JsonValue };

export interface LoadedSchema {
  /** Path relative to `schemas/`, `/`-separated: `rust/hook-output.schema.json`. */
  readonly path: string;
  readonly id: string;
  /** The TypeScript name. */
  readonly title: string;
  /** The parsed file, deep-frozen. */
  readonly schema: JsonObject;
}

/** Relative paths of every `*.schema.json` under `dir`, sorted by path (byte order). */
export function listSchemaPaths(dir: string, prefix = ""): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir).sort()) {
    const full = join(dir, name);
    if (statSync(full).isDirectory()) out.push(...listSchemaPaths(full, `${prefix}${name}/`));
    else if (name.endsWith(".schema.json")) out.push(`${prefix}${name}`);
  }
  return out.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
}

export function deepFreeze<T>(value: T): T {
  if (typeof value === "object" && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}

export function loadSchemas(schemaDir: string): LoadedSchema[] {
  const loaded: LoadedSchema[] = [];
  const titles = new Map<string, string>();
  for (const path of listSchemaPaths(schemaDir)) {
    const fail = (why: string): never => {
      throw new Error(`schemas/${path}: ${why}`);
    };
    let schema: JsonObject;
    try {
      schema = JSON.parse(readFileSync(join(schemaDir, path), "utf8")) as JsonObject;
    } catch (error) {
      return fail(`not valid JSON (${(error as Error).message})`);
    }
    if (schema["$schema"] !== DRAFT_07) fail(`"$schema" must be "${DRAFT_07}"`);
    const id = schema["$id"];
    if (id !== SCHEMA_BASE + path) fail(`"$id" must be "${SCHEMA_BASE + path}" (got ${JSON.stringify(id)})`);
    const title = schema["title"];
    if (typeof title !== "string" || !/^[A-Z][A-Za-z0-9]*$/.test(title)) fail(`"title" must be a PascalCase TypeScript name`);
    const clash = titles.get(title as string);
    if (clash !== undefined) fail(`title ${JSON.stringify(title)} is also the title of schemas/${clash}`);
    titles.set(title as string, path);
    loaded.push({ path, id: id as string, title: title as string, schema: deepFreeze(schema) });
  }
  return loaded;
}

export function isJsonObject(value: JsonValue | undefined): value is JsonObject {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** The schema at `path` (relative to `schemas/`); `generator` names the caller in the error. */
export function schemaAt(schemas: readonly LoadedSchema[], path: string, generator: string): LoadedSchema {
  const schema = schemas.find((candidate) => candidate.path === path);
  if (schema === undefined) throw new Error(`${generator}: schemas/${path} is missing`);
  return schema;
}

/** The `$ref` of `{"$ref": ...}` or of `{"allOf": [{"$ref": ...}]}` (a reference with its own description), else undefined. */
export function refOf(schema: JsonObject): string | undefined {
  const direct = schema["$ref"];
  if (typeof direct === "string") return direct;
  const allOf = schema["allOf"];
  if (Array.isArray(allOf) && allOf.length === 1 && isJsonObject(allOf[0]) && typeof allOf[0]["$ref"] === "string") return allOf[0]["$ref"];
  return undefined;
}

/** Resolves a relative `$ref` (a file path) against the path of the schema holding it; both relative to `schemas/`. */
export function resolveRef(fromPath: string, ref: string): string {
  const parts = fromPath.split("/").slice(0, -1);
  for (const segment of ref.split("/")) {
    if (segment === "..") parts.pop();
    else if (segment !== ".") parts.push(segment);
  }
  return parts.join("/");
}

/** A mutable deep copy, for tools that annotate the schemas they are given (Ajv). */
export function cloneJson<T>(value: T): T {
  return structuredClone(value) as T;
}
