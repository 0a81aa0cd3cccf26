/**
 * schemas/**\/*.schema.json -> generated/types.ts, one declaration per schema
 * title, with json-schema-to-typescript 16.
 *
 * All schemas are compiled through one synthetic object root whose
 * `definitions` point at every file: with `unreachableDefinitions` this
 * declares each type exactly once (compiling files one by one re-declares
 * every referenced type; an object root is needed because JSTT drops the
 * definitions of a `oneOf` root). The root's own interface and JSTT's
 * "referenced by" comments are then removed.
 *
 * `additionalProperties: false` applies only to schemas that do not say:
 * the Rust family leaves it out (serde ignores unknown keys, so the
 * validators accept them) while its TypeScript types stay closed and the
 * unions clean. Schemas that write `additionalProperties: true` (Claude Code
 * inputs, free-form maps) get an index signature.
 */
import { compile, type JSONSchema } from "json-schema-to-typescript";
import { tsBanner, type GeneratedFile, type GenerateContext } from "./lib/generated-file.js";

const ROOT_TITLE = "AllSchemasRoot";

export async function generateTypes(context: GenerateContext): Promise<GeneratedFile[]> {
  const definitions: Record<string, { $ref: string }> = {};
  for (const schema of context.schemas) definitions[schema.title] = { $ref: schema.path };
  const root = { title: ROOT_TITLE, type: "object", additionalProperties: false, properties: {}, definitions };
  const compiled = await compile(root as JSONSchema, ROOT_TITLE, {
    cwd: context.schemaDir,
    bannerComment: "",
    additionalProperties: false,
    unknownAny: true,
    strictIndexSignatures: false,
    unreachableDefinitions: true,
    declareExternallyReferenced: true,
    enableConstEnums: false,
    format: true,
    // $refs are relative file names; never fetch the $id URLs.
    $refOptions: { resolve: { http: false } },
  });
  const rootInterface = `export interface ${ROOT_TITLE} {}\n`;
  if (!compiled.includes(rootInterface)) throw new Error(`gen-types: json-schema-to-typescript output lacks "${rootInterface.trim()}"`);
  const body = compiled
    .replace(rootInterface, "")
    .replace(/(?: \*\n)? \* This interface was referenced by `AllSchemasRoot`'s JSON-Schema\n \* via the `definition` "\w+"\.\n/g, "")
    .replace(/\/\*\*\n \*\/\n/g, "")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
  if (body.includes(ROOT_TITLE)) throw new Error(`gen-types: ${ROOT_TITLE} still referenced in the output`);
  for (const schema of context.schemas) {
    if (!new RegExp(`^export (?:type|interface) ${schema.title}\\b`, "m").test(body)) {
      throw new Error(`gen-types: no declaration of ${schema.title} (schemas/${schema.path})`);
    }
  }
  return [{ path: "generated/types.ts", content: `${tsBanner("scripts/gen-types.ts", "schemas/")}\n${body}\n` }];
}
