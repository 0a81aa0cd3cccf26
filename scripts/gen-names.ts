/**
 * schemas/ -> generated/names.ts: the name lists code needs at run time,
 * read from the schemas so they cannot drift from them (event order as in
 * the Agent SDK's HOOK_EVENTS, variant order as in each union).
 */
import { resolveRef, schemaAt as schemaAtPath, type JsonObject, type LoadedSchema } from "./lib/schemas.js";
import { jsLiteral, tsBanner, type GeneratedFile, type GenerateContext } from "./lib/generated-file.js";

const schemaAt = (context: GenerateContext, path: string): LoadedSchema => schemaAtPath(context.schemas, path, "gen-names");

/** The tag values of a discriminated union root, in `oneOf` order. */
function tagValues(context: GenerateContext, path: string): string[] {
  const root = schemaAt(context, path);
  const tag = (root.schema["discriminator"] as JsonObject | undefined)?.["propertyName"];
  const oneOf = root.schema["oneOf"] as readonly JsonObject[] | undefined;
  if (typeof tag !== "string" || oneOf === undefined) throw new Error(`gen-names: schemas/${path} is not a discriminated union`);
  return oneOf.map((branch) => {
    const variant = schemaAt(context, resolveRef(path, String(branch["$ref"])));
    const value = ((variant.schema["properties"] as JsonObject)[tag] as JsonObject)["const"];
    if (typeof value !== "string") throw new Error(`gen-names: schemas/${variant.path}: the tag is not a string const`);
    return value;
  });
}

export function generateNames(context: GenerateContext): GeneratedFile[] {
  const hookEvents = schemaAt(context, "common/hook-event.schema.json").schema["enum"] as readonly string[];
  const withOutput = tagValues(context, "claude-code/hook-specific-output.schema.json");
  const inputs = tagValues(context, "claude-code/hook-input.schema.json");
  const rustOutput = tagValues(context, "rust/hook-specific-output.schema.json");
  for (const list of [withOutput, inputs, rustOutput]) {
    for (const event of list) if (!hookEvents.includes(event)) throw new Error(`gen-names: ${event} is not in HookEvent`);
  }
  if (inputs.join() !== hookEvents.join()) throw new Error("gen-names: hook-input variants must list every HookEvent in order");
  const withoutOutput = hookEvents.filter((event) => !withOutput.includes(event));
  const paths: Record<string, string> = {};
  for (const schema of context.schemas) paths[schema.title] = `schemas/${schema.path}`;
  const list = (values: readonly string[]): string => `[\n${values.map((value) => `  ${jsLiteral(value)},`).join("\n")}\n] as const`;
  const content = `${tsBanner("scripts/gen-names.ts", "schemas/")}import type { HookEvent } from "./types.js";

/** The ${hookEvents.length} hook events of Claude Code 2.1.332, in the Agent SDK's \`HOOK_EVENTS\` order. */
export const HOOK_EVENTS = ${list(hookEvents)} satisfies readonly HookEvent[];

/** The ${withOutput.length} events with a \`hookSpecificOutput\` variant in Claude Code 2.1.332, in the union's order. */
export const HOOK_SPECIFIC_OUTPUT_EVENTS = ${list(withOutput)} satisfies readonly HookEvent[];

/** The ${withoutOutput.length} events without a \`hookSpecificOutput\` variant: sending one fails Claude Code's validation. */
export const EVENTS_WITHOUT_HOOK_SPECIFIC_OUTPUT = ${list(withoutOutput)} satisfies readonly HookEvent[];

/** The ${rustOutput.length} events of exomonad-core's \`HookSpecificOutput\` enum, in declaration order. */
export const RUST_HOOK_SPECIFIC_OUTPUT_EVENTS = ${list(rustOutput)} satisfies readonly HookEvent[];

/** Every schema's file, by title (the TypeScript name). */
export const SCHEMA_PATHS: Readonly<Record<string, string>> = ${jsLiteral(paths, 2)};
`;
  return [{ path: "generated/names.ts", content }];
}
