/**
 * The registry (src/agents.ts) -> the agent enums of the schemas that name every
 * agent: `MergedResult.agent` (schemas/merged-result.schema.json, its description
 * too: each agent's display name and measured version) and a hook test's `agent`
 * (schemas/hook-test.schema.json). Schemas are what `npm run gen` reads, so these
 * edits are made first, in place, as text (the rest of each file is kept byte for
 * byte); `npm run gen:check` names a schema whose enum drifted from the registry.
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { AGENTS } from "../src/agents.js";
import type { GeneratedFile } from "./lib/generated-file.js";

/** The schemas whose top-level `properties.agent` lists every agent, and whether its description is the registry's too. */
export const REGISTRY_SCHEMAS: readonly { readonly path: string; readonly describe: boolean }[] = [
  { path: "schemas/merged-result.schema.json", describe: true },
  { path: "schemas/hook-test.schema.json", describe: false },
];

function description(): string {
  return `The agent whose rules merged this result: ${AGENTS.map((agent) => `\`${agent.name}\` (${agent.dialect.displayName} ${agent.dialect.version})`).join(", ")}.`;
}

/** `text` with the `"enum": [...]` (and `"description"`) of its top-level `properties.agent` made the registry's, or an error. */
export function withRegistryAgents(path: string, text: string, describe: boolean): string {
  const properties = text.search(/\n {2}"properties": \{/);
  const start = properties === -1 ? -1 : text.indexOf('\n    "agent": {', properties);
  const end = start === -1 ? -1 : text.indexOf("\n    }", start);
  if (end === -1) throw new Error(`gen-schema-agents: ${path} has no top-level properties.agent`);
  let block = text.slice(start, end);
  const names = AGENTS.map((agent) => JSON.stringify(agent.name));
  const enumAt = block.match(/"enum": \[([^\]]*)\]/);
  if (enumAt === null) throw new Error(`gen-schema-agents: ${path}'s properties.agent has no enum`);
  const multiline = enumAt[1]!.includes("\n");
  block = block.replace(enumAt[0], `"enum": [${multiline ? `\n${names.map((name) => `        ${name}`).join(",\n")}\n      ]` : `${names.join(", ")}]`}`);
  if (describe) {
    const at = block.match(/"description": ("(?:[^"\\]|\\.)*")/);
    if (at === null) throw new Error(`gen-schema-agents: ${path}'s properties.agent has no description`);
    block = block.replace(at[0], `"description": ${JSON.stringify(description())}`);
  }
  const out = text.slice(0, start) + block + text.slice(end);
  JSON.parse(out);
  return out;
}

/** Each registry schema under `root` as the registry makes it. */
export function schemaAgentFiles(root: string): GeneratedFile[] {
  return REGISTRY_SCHEMAS.map(({ path, describe }) => {
    const full = join(root, path);
    if (!existsSync(full)) throw new Error(`gen-schema-agents: ${path} is missing`);
    return { path, content: withRegistryAgents(path, readFileSync(full, "utf8"), describe) };
  });
}
