/**
 * Each agent's input schemas (schemas/<agent>/ directories named *input), read as plain JSON: the
 * files, each flattened (its `allOf` references' properties and required keys folded in), and the
 * event each is of. Codegen (scripts/gen-kit-agents.ts: the detection order) and the tests
 * (test/lib/agent-schemas.ts) read them the same way.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join } from "node:path";

export type Schema = { type?: string | string[]; const?: unknown; enum?: unknown[]; required?: string[]; properties?: Record<string, Schema>; allOf?: { $ref?: string }[]; title?: string };

/** A schema's properties and required keys, its `allOf` references' included. */
export function flattened(file: string): { properties: Record<string, Schema>; required: Set<string> } {
  const schema = JSON.parse(readFileSync(file, "utf8")) as Schema;
  const out = { properties: {} as Record<string, Schema>, required: new Set<string>() };
  for (const part of schema.allOf ?? []) {
    if (part.$ref === undefined) continue;
    const inner = flattened(join(dirname(file), part.$ref));
    Object.assign(out.properties, inner.properties);
    for (const key of inner.required) out.required.add(key);
  }
  Object.assign(out.properties, schema.properties ?? {});
  for (const key of schema.required ?? []) out.required.add(key);
  return out;
}

/** The agent's input schema files, sorted. */
export function inputSchemas(agent: string): string[] {
  const root = join("schemas", agent);
  return readdirSync(root)
    .filter((dir) => dir.endsWith("input") && statSync(join(root, dir)).isDirectory())
    .sort()
    .flatMap((dir) => readdirSync(join(root, dir)).filter((f) => f.endsWith(".schema.json")).sort().map((f) => join(root, dir, f)));
}

/** The event a schema file is of: its `hook_event_name` const, else its file name in PascalCase; null when it has no hook_event_name. */
export function eventOfSchema(file: string, properties: Record<string, Schema> = flattened(file).properties): string | null {
  const named = properties["hook_event_name"];
  if (named === undefined) return null;
  return typeof named.const === "string" ? named.const : eventOfFileName(file);
}

/** The event a schema file is named after (`pre-tool-use.schema.json` -> PreToolUse). */
export const eventOfFileName = (file: string): string => file.split("/").pop()!.replace(".schema.json", "").replace(/(^|-)([a-z])/g, (_m, _dash, c: string) => c.toUpperCase());
