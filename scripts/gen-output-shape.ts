/**
 * schemas/claude-code/ -> generated/claude-code-output-shape.ts: the field
 * tables `src/claude-code/output-shape.ts` checks a hook's JSON output with
 * (Claude Code's stripping reading, its own texts). Every field, type, enum,
 * required flag and discriminated union comes from the schemas, starting at
 * `claude-code/hook-output.schema.json`, so the tables cannot drift from them;
 * Claude Code's wording and ordering stay in src.
 *
 * A property shape the table has no kind for fails the generation, naming it.
 */
import { isJsonObject as isObject, refOf, resolveRef, schemaAt as schemaAtPath, type JsonObject, type LoadedSchema } from "./lib/schemas.js";
import { jsLiteral, tsBanner, type GeneratedFile, type GenerateContext } from "./lib/generated-file.js";
import type {
  ClaudeCodeOutputField as OutputField,
  ClaudeCodeOutputFieldType as OutputFieldType,
  ClaudeCodeOutputShapeTables as OutputShapeTables,
  ClaudeCodeOutputUnion as OutputUnion,
} from "../src/claude-code/output-shape-tables.js";

export const OUTPUT_SHAPE_ROOT = "claude-code/hook-output.schema.json";

const schemaAt = (schemas: readonly LoadedSchema[], path: string): LoadedSchema => schemaAtPath(schemas, path, "gen-output-shape");

/** Derives the tables from the schemas (pure; the test feeds it modified copies). */
export function deriveOutputShapeTables(schemas: readonly LoadedSchema[]): OutputShapeTables {
  const unions: { [title: string]: OutputUnion } = {};

  function fieldType(owner: LoadedSchema, name: string, property: JsonObject): OutputFieldType {
    const where = `schemas/${owner.path} property ${JSON.stringify(name)}`;
    const ref = refOf(property);
    if (ref !== undefined) {
      const target = schemaAt(schemas, resolveRef(owner.path, ref));
      if (!isObject(target.schema["discriminator"])) throw new Error(`gen-output-shape: ${where} refers to ${target.path}, which is not a discriminated union`);
      addUnion(target);
      return { kind: "union", union: target.title };
    }
    if (property["tsType"] === "unknown") return { kind: "unknown" };
    const values = property["enum"];
    if (Array.isArray(values)) {
      if (!values.every((value) => typeof value === "string")) throw new Error(`gen-output-shape: ${where}: only string enums are supported`);
      return { kind: "enum", values: values as string[] };
    }
    switch (property["type"]) {
      case "boolean":
      case "string":
        return { kind: property["type"] };
      case "number":
      case "integer":
        return { kind: "number" };
      case "object":
        if (property["additionalProperties"] === true && property["properties"] === undefined) return { kind: "record" };
        break;
      case "array": {
        const items = property["items"];
        if (isObject(items) && items["type"] === "string") return { kind: "string-array" };
        // Other item types are not checked item by item (see output-shape.ts).
        return { kind: "array" };
      }
    }
    throw new Error(`gen-output-shape: ${where} has a shape the output table has no kind for: ${JSON.stringify(property)}`);
  }

  function objectFields(owner: LoadedSchema, skip: string | null): OutputField[] {
    const properties = owner.schema["properties"];
    if (owner.schema["type"] !== "object" || !isObject(properties)) throw new Error(`gen-output-shape: schemas/${owner.path} is not an object schema`);
    const required = (owner.schema["required"] ?? []) as readonly string[];
    const fields: OutputField[] = [];
    for (const [name, property] of Object.entries(properties)) {
      if (name === skip) continue;
      if (!isObject(property)) throw new Error(`gen-output-shape: schemas/${owner.path} property ${name} is not a schema object`);
      fields.push({ name, type: fieldType(owner, name, property), required: required.includes(name) });
    }
    return fields;
  }

  function addUnion(root: LoadedSchema): void {
    if (Object.hasOwn(unions, root.title)) return;
    const tag = (root.schema["discriminator"] as JsonObject)["propertyName"];
    const oneOf = root.schema["oneOf"];
    if (typeof tag !== "string" || !Array.isArray(oneOf)) throw new Error(`gen-output-shape: schemas/${root.path} is not a discriminated union`);
    const variants: { tag: string; fields: OutputField[] }[] = [];
    unions[root.title] = { tag, variants };
    for (const branch of oneOf) {
      const ref = isObject(branch) ? refOf(branch) : undefined;
      if (ref === undefined) throw new Error(`gen-output-shape: schemas/${root.path}: every oneOf branch must be a $ref`);
      const variant = schemaAt(schemas, resolveRef(root.path, ref));
      const tagSchema = (variant.schema["properties"] as JsonObject | undefined)?.[tag];
      const value = isObject(tagSchema) ? tagSchema["const"] : undefined;
      if (typeof value !== "string") throw new Error(`gen-output-shape: schemas/${variant.path}: the tag ${tag} is not a string const`);
      variants.push({ tag: value, fields: objectFields(variant, tag) });
    }
  }

  const fields = objectFields(schemaAt(schemas, OUTPUT_SHAPE_ROOT), null);
  // The checker reads fields with `input[name]`: a name inherited from Object.prototype would read as present.
  for (const name of [...fields.map((f) => f.name), ...Object.values(unions).flatMap((u) => u.variants.flatMap((v) => v.fields.map((f) => f.name)))]) {
    if (name in Object.prototype) throw new Error(`gen-output-shape: field name ${name} shadows an Object.prototype member`);
  }
  const sortedUnions: { [title: string]: OutputUnion } = {};
  for (const title of Object.keys(unions).sort()) sortedUnions[title] = unions[title]!;
  return { fields, unions: sortedUnions };
}

function renderFields(fields: readonly OutputField[], indent: string): string {
  return `[\n${fields.map((field) => `${indent}  ${jsLiteral(field)},\n`).join("")}${indent}]`;
}

function renderUnions(unions: OutputShapeTables["unions"]): string {
  const entries = Object.entries(unions).map(([title, union]) => {
    const variants = union.variants.map((variant) => `      { tag: ${jsLiteral(variant.tag)}, fields: ${renderFields(variant.fields, "      ")} },\n`).join("");
    return `  ${jsLiteral(title)}: {\n    tag: ${jsLiteral(union.tag)},\n    variants: [\n${variants}    ],\n  },\n`;
  });
  return `{\n${entries.join("")}}`;
}

/** The tables as a TypeScript module; its types are declared in src (a type-only import, erased at run time). */
export function renderOutputShape(tables: OutputShapeTables): string {
  return `${tsBanner("scripts/gen-output-shape.ts", `schemas/${OUTPUT_SHAPE_ROOT} and what it references`)}import type { ClaudeCodeOutputField, ClaudeCodeOutputUnion } from "../src/claude-code/output-shape-tables.js";

/** The fields of ClaudeCodeHookOutput, in the schema's property order. */
export const CLAUDE_CODE_OUTPUT_FIELDS: readonly ClaudeCodeOutputField[] = ${renderFields(tables.fields, "")};

/** The discriminated unions the fields refer to, by schema title. */
export const CLAUDE_CODE_OUTPUT_UNIONS: { readonly [title: string]: ClaudeCodeOutputUnion } = ${renderUnions(tables.unions)};
`;
}

export function generateOutputShape(context: GenerateContext): GeneratedFile[] {
  return [{ path: "generated/claude-code-output-shape.ts", content: renderOutputShape(deriveOutputShapeTables(context.schemas)) }];
}
