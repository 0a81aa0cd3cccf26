/** Every hook stdin with a tool in it in an agent's recordings: test/kit-tool-names.test.ts and the language kits' test/bindings-kits-named.test.ts. */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { toNullPrototype, type JsonObject } from "../../src/json/value.js";
import type { AgentName } from "../../src/core/agents.js";

function* files(dir: string): Generator<string> {
  for (const name of readdirSync(dir).sort()) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* files(path);
    else if (name.endsWith(".json") || name.endsWith(".stdin")) yield path;
  }
}

/** Every hook stdin with a tool in it, anywhere in an agent's recordings. */
export function recordedToolCalls(agent: AgentName): { file: string; payload: JsonObject }[] {
  const out: { file: string; payload: JsonObject }[] = [];
  const visit = (file: string, value: unknown): void => {
    if (Array.isArray(value)) return value.forEach((item) => visit(file, item));
    if (value === null || typeof value !== "object") return;
    const object = value as Record<string, unknown>;
    const tool = object["tool_name"] ?? object["toolName"];
    if (typeof tool === "string" && (typeof object["hook_event_name"] === "string" || typeof object["sessionId"] === "string")) out.push({ file, payload: toNullPrototype(object as never) as JsonObject });
    else Object.values(object).forEach((inner) => visit(file, inner));
  };
  for (const file of files(`test/observer/${agent}`)) {
    try {
      visit(file, JSON.parse(readFileSync(file, "utf8")));
    } catch {
      // not one JSON document (a scenario's shell text): no stdin in it
    }
  }
  return out;
}

