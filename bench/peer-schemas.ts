/**
 * The Claude Code output schema (`schemas/claude-code/hook-output.schema.json`
 * and what it references) translated mechanically into zod 4, valibot and
 * TypeBox, so the peers check exactly what our validators check. Two modes:
 * `strict` (unknown keys rejected, as the JSON Schema says) and `strip`
 * (unknown keys dropped, as Claude Code reads an output).
 *
 * Only the JSON Schema subset our Claude Code schemas use is translated:
 * object/properties/required/additionalProperties, oneOf with a
 * discriminator, enum, const, string/number/boolean, arrays, `allOf: [ref]`,
 * and an untyped property (any value). Anything else throws, so the
 * translation cannot silently check less.
 */
import { readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { z } from "zod";
import * as v from "valibot";
import { Type, type TSchema } from "@sinclair/typebox";
import { TypeCompiler } from "@sinclair/typebox/compiler";

const SCHEMAS = resolve(dirname(fileURLToPath(import.meta.url)), "../schemas");

interface JsonSchema {
  readonly type?: string;
  readonly properties?: Readonly<Record<string, JsonSchema>>;
  readonly required?: readonly string[];
  readonly additionalProperties?: boolean;
  readonly oneOf?: readonly JsonSchema[];
  readonly allOf?: readonly JsonSchema[];
  readonly discriminator?: { readonly propertyName: string };
  readonly enum?: readonly string[];
  readonly const?: string | boolean;
  readonly items?: JsonSchema;
  readonly $ref?: string;
}

/** A schema node with the file it came from, so relative `$ref`s resolve. */
interface Node {
  readonly schema: JsonSchema;
  readonly file: string;
}

function load(file: string): Node {
  return { schema: JSON.parse(readFileSync(file, "utf8")) as JsonSchema, file };
}

function deref(node: Node): Node {
  const { schema, file } = node;
  if (schema.$ref !== undefined) return deref(load(join(dirname(file), schema.$ref)));
  if (schema.allOf !== undefined && schema.allOf.length === 1 && schema.type === undefined) return deref({ schema: schema.allOf[0]!, file });
  return node;
}

const KNOWN = new Set(["$schema", "$id", "title", "description", "type", "properties", "required", "additionalProperties", "oneOf", "allOf",
  "discriminator", "enum", "const", "items", "$ref", "default", "tsType"]);

/** A translation target: how each construct is spelled in one library. */
interface Builder<S> {
  any(): S;
  string(): S;
  number(): S;
  boolean(): S;
  literal(value: string | boolean): S;
  picklist(values: readonly string[]): S;
  array(items: S): S;
  record(): S;
  object(shape: Record<string, { schema: S; optional: boolean }>, closed: boolean): S;
  variant(key: string, options: S[]): S;
}

function translate<S>(node: Node, b: Builder<S>, mode: "strict" | "strip"): S {
  const { schema, file } = deref(node);
  for (const key of Object.keys(schema)) if (!KNOWN.has(key)) throw new Error(`peer-schemas: ${file}: ${key} not translated`);
  if (schema.const !== undefined) return b.literal(schema.const);
  if (schema.enum !== undefined) return b.picklist(schema.enum);
  if (schema.oneOf !== undefined) {
    if (schema.discriminator === undefined) throw new Error(`peer-schemas: ${file}: oneOf without discriminator`);
    return b.variant(schema.discriminator.propertyName, schema.oneOf.map((s) => translate({ schema: s, file }, b, mode)));
  }
  switch (schema.type) {
    case undefined:
      return b.any();
    case "string":
      return b.string();
    case "number":
      return b.number();
    case "boolean":
      return b.boolean();
    case "array":
      return b.array(schema.items === undefined ? b.any() : translate({ schema: schema.items, file }, b, mode));
    case "object": {
      if (schema.properties === undefined) return b.record();
      const required = new Set(schema.required ?? []);
      const shape: Record<string, { schema: S; optional: boolean }> = {};
      for (const [name, prop] of Object.entries(schema.properties)) {
        shape[name] = { schema: translate({ schema: prop, file }, b, mode), optional: !required.has(name) };
      }
      return b.object(shape, mode === "strict" && schema.additionalProperties === false);
    }
    default:
      throw new Error(`peer-schemas: ${file}: type ${schema.type} not translated`);
  }
}

const zodBuilder: Builder<z.ZodType> = {
  any: () => z.unknown(),
  string: () => z.string(),
  number: () => z.number(),
  boolean: () => z.boolean(),
  literal: (value) => z.literal(value),
  picklist: (values) => z.enum(values as [string, ...string[]]),
  array: (items) => z.array(items),
  record: () => z.record(z.string(), z.unknown()),
  object: (shape, closed) => {
    const fields = Object.fromEntries(Object.entries(shape).map(([k, f]) => [k, f.optional ? f.schema.optional() : f.schema]));
    return closed ? z.strictObject(fields) : z.object(fields);
  },
  variant: (key, options) => z.discriminatedUnion(key, options as unknown as [z.ZodObject, ...z.ZodObject[]]),
};

type V = v.GenericSchema;
const valibotBuilder: Builder<V> = {
  any: () => v.unknown(),
  string: () => v.string(),
  number: () => v.number(),
  boolean: () => v.boolean(),
  literal: (value) => v.literal(value),
  picklist: (values) => v.picklist(values),
  array: (items) => v.array(items),
  record: () => v.record(v.string(), v.unknown()),
  object: (shape, closed) => {
    const fields = Object.fromEntries(Object.entries(shape).map(([k, f]) => [k, f.optional ? v.optional(f.schema) : f.schema]));
    return closed ? v.strictObject(fields) : v.object(fields);
  },
  variant: (key, options) => v.variant(key, options as unknown as v.VariantOptions<string>) as V,
};

const typeboxBuilder: Builder<TSchema> = {
  any: () => Type.Unknown(),
  string: () => Type.String(),
  number: () => Type.Number(),
  boolean: () => Type.Boolean(),
  literal: (value) => Type.Literal(value),
  picklist: (values) => Type.Union(values.map((x) => Type.Literal(x))),
  array: (items) => Type.Array(items),
  record: () => Type.Record(Type.String(), Type.Unknown()),
  object: (shape, closed) =>
    Type.Object(
      Object.fromEntries(Object.entries(shape).map(([k, f]) => [k, f.optional ? Type.Optional(f.schema) : f.schema])),
      { additionalProperties: !closed },
    ),
  // TypeBox has no discriminated union; its compiler tries each branch.
  variant: (_key, options) => Type.Union(options),
};

const OUTPUT = join(SCHEMAS, "claude-code/hook-output.schema.json");

/** `(value) => boolean` checks of ClaudeCodeHookOutput by each peer. */
export function peerValidators(mode: "strict" | "strip"): { zod: (x: unknown) => unknown; valibot: (x: unknown) => unknown; typebox: (x: unknown) => boolean } {
  const zodSchema = translate(load(OUTPUT), zodBuilder, mode);
  const valibotSchema = translate(load(OUTPUT), valibotBuilder, mode);
  const typeboxCheck = TypeCompiler.Compile(translate(load(OUTPUT), typeboxBuilder, mode));
  return {
    // safeParse: a result value, no throw, the parsed (stripped) value on success, like ours
    zod: (x) => zodSchema.safeParse(x).success,
    valibot: (x) => v.safeParse(valibotSchema, x).success,
    typebox: (x) => typeboxCheck.Check(x),
  };
}
