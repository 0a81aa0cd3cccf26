/**
 * Each agent's input schemas (schemas/<agent>/*input/), flattened: what the kit's detection tests and the named-agent
 * pairs of test/kit-agents.test.ts read to tell which shapes an agent may send.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join } from "node:path";
import type { AgentName } from "../../src/core/agents.js";

export type Schema = { type?: string | string[]; const?: unknown; enum?: unknown[]; required?: string[]; properties?: Record<string, Schema>; allOf?: { $ref?: string }[] };

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

export function inputSchemas(agent: AgentName): string[] {
  const root = join("schemas", agent);
  return readdirSync(root)
    .filter((dir) => dir.endsWith("input") && statSync(join(root, dir)).isDirectory())
    .flatMap((dir) => readdirSync(join(root, dir)).filter((f) => f.endsWith(".schema.json")).map((f) => join(root, dir, f)))
    .sort();
}

/** Every key some input schema of the agent declares. */
export function declaredKeys(agent: AgentName): ReadonlySet<string> {
  return new Set(inputSchemas(agent).flatMap((file) => Object.keys(flattened(file).properties)));
}
