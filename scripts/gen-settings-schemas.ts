/**
 * Every agent's editor schemas (src/<agent>/settings-schema.ts, through the
 * registry's `settingsSchemas`) -> generated/settings/<agent>/<file>.schema.json:
 * self-contained (the canonical schemas each refers to are copied into
 * `definitions`), draft-07, `$id` https://claude-hook-protocol.dev/settings/<agent>/<file>.schema.json,
 * without the keywords only this package's generators read (`tsType`, `x-*`,
 * `discriminator`), so any editor or validator can use the file as it is.
 * An agent without JSON configuration files has none.
 */
import { AGENTS } from "../src/agents.js";
import { SETTINGS_SCHEMA_BASE, type SettingsSchema } from "../src/core/settings-schema.js";
import type { GeneratedFile, GenerateContext } from "./lib/generated-file.js";
import { DRAFT_07, SCHEMA_BASE, type JsonObject, type JsonValue } from "./lib/schemas.js";

const DROPPED = new Set(["tsType", "discriminator", "$schema", "$id"]);

/** The definitions key of a canonical schema: its path below schemas/ without `.schema.json`, `/` as `.` (a key is one JSON Pointer segment). */
const keyOf = (id: string): string => id.slice(SCHEMA_BASE.length).replace(/\.schema\.json$/, "").replaceAll("/", ".");

/** `schema` with its canonical `$ref`s copied into `definitions` (refs resolved against `base`). */
export function bundleSettingsSchema(entry: SettingsSchema, id: string, context: GenerateContext): JsonObject {
  const byId = new Map(context.schemas.map((s) => [s.id, s.schema] as const));
  const definitions = new Map<string, JsonValue>();
  const pending: string[] = [];
  const rewrite = (value: JsonValue, base: string | null, canonical: boolean): JsonValue => {
    if (Array.isArray(value)) return value.map((item) => rewrite(item, base, canonical));
    if (value === null || typeof value !== "object") return value;
    const out: { [key: string]: JsonValue } = {};
    for (const [key, child] of Object.entries(value)) {
      if (DROPPED.has(key) || key.startsWith("x-")) continue;
      if (canonical && entry.unknownKeysIgnored && key === "additionalProperties" && child === false) continue;
      if (key === "$ref" && typeof child === "string" && !child.startsWith("#")) {
        const target = base === null ? child : new URL(child, base).href;
        if (!byId.has(target)) throw new Error(`gen-settings-schemas: ${id}: $ref ${child} names no canonical schema`);
        const k = keyOf(target);
        if (!definitions.has(k)) {
          definitions.set(k, null);
          pending.push(target);
        }
        out[key] = `#/definitions/${k}`;
        continue;
      }
      // the root's own properties are names, not schemas: a property called `$ref` stays
      out[key] = key === "properties" || key === "definitions" ? Object.fromEntries(Object.entries(child as JsonObject).map(([name, s]) => [name, rewrite(s, base, canonical)])) : rewrite(child, base, canonical);
    }
    return out;
  };
  const root = rewrite(entry.schema, null, false) as { [key: string]: JsonValue };
  for (let target = pending.shift(); target !== undefined; target = pending.shift()) definitions.set(keyOf(target), rewrite(byId.get(target)!, target, true));
  const own = (root["definitions"] ?? {}) as JsonObject;
  const all = { ...own, ...Object.fromEntries([...definitions].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) };
  const { definitions: _, ...rest } = root;
  return { $schema: DRAFT_07, $id: id, ...rest, ...(Object.keys(all).length > 0 ? { definitions: all } : {}) };
}

export async function generateSettingsSchemas(context: GenerateContext): Promise<GeneratedFile[]> {
  const files: GeneratedFile[] = [];
  for (const agent of AGENTS) {
    for (const entry of (await agent.settingsSchemas?.()) ?? []) {
      const id = `${SETTINGS_SCHEMA_BASE}${agent.name}/${entry.file}.schema.json`;
      files.push({ path: `generated/settings/${agent.name}/${entry.file}.schema.json`, content: `${JSON.stringify(bundleSettingsSchema(entry, id, context), null, 2)}\n` });
    }
  }
  return files;
}
