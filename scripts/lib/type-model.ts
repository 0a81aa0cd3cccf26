/**
 * The language-neutral type model the Rust, Python and Go emitters print:
 * every schema of `schemas/` (each family directory, and the records at the
 * top) normalized into named declarations (structs, tagged unions, string
 * enums, literals) and type expressions. Driven by the schema files alone:
 * a new family directory flows in with no code here.
 *
 * `schemas/rust/` is left out: that family is exomonad's serde types, printed
 * from the serde model (scripts/gen-rust.ts) with exomonad's names. So is
 * `schemas/claude-code/settings/` (the settings file is an agent's
 * configuration, not a message hooks exchange) and `schemas/claude-code/tools/`
 * (the tools' inputs, which hook inputs carry as open `tool_input` objects):
 * their string patterns (`\S`, `^https?://`, tool parameter formats) have no
 * counterpart in the emitters; likewise the hook-test file format
 * (`hook-test.schema.json`), an authoring tool's fixture, not a message, and
 * the install manifest (`install/`), the input of a command.
 *
 * Fails naming the schema and the construct it cannot model, so a schema
 * feature no emitter prints never passes silently.
 */
import { isJsonObject, refOf, resolveRef, type JsonObject, type JsonValue, type LoadedSchema } from "./schemas.js";

export type Literal = string | number | boolean;

export type TypeExpr =
  | { readonly kind: "any" }
  | { readonly kind: "boolean" }
  | { readonly kind: "string" }
  | { readonly kind: "integer"; readonly minimum?: number }
  | { readonly kind: "number"; readonly minimum?: number }
  | { readonly kind: "literal"; readonly value: Literal }
  | { readonly kind: "array"; readonly items: TypeExpr }
  /** A JSON object of any keys. */
  | { readonly kind: "map"; readonly values: TypeExpr }
  | { readonly kind: "named"; readonly name: string }
  | { readonly kind: "nullable"; readonly inner: TypeExpr };

export interface Field {
  /** The JSON key. */
  readonly key: string;
  readonly type: TypeExpr;
  readonly required: boolean;
  readonly doc: string;
}

interface DeclBase {
  readonly name: string;
  readonly doc: string;
  /** The family (directory under `schemas/`, or `records` for the top-level files). */
  readonly family: string;
  /** A whole schema file's title (a type the line protocol names), not an inner definition. */
  readonly root: boolean;
}

export interface StructDecl extends DeclBase {
  readonly kind: "struct";
  readonly fields: readonly Field[];
  /** `additionalProperties` is not false: unknown keys are part of the value and are kept. */
  readonly open: boolean;
  /** Set when this struct is a variant of a tagged union: the tag key and the values it takes. */
  readonly variantOf?: { readonly union: string; readonly tag: string; readonly values: readonly string[] };
}

export interface UnionDecl extends DeclBase {
  readonly kind: "union";
  readonly tag: string;
  /** In `oneOf` order; each names a struct declaration. */
  readonly variants: readonly { readonly struct: string; readonly values: readonly string[] }[];
}

export interface EnumDecl extends DeclBase {
  readonly kind: "enum";
  readonly values: readonly string[];
}

export type Decl = StructDecl | UnionDecl | EnumDecl;

export interface TypeModel {
  /** Every declaration, in schema path order (inner ones after their owner). */
  readonly decls: readonly Decl[];
  /** Families in path order, each with its declarations. */
  readonly families: readonly string[];
}

/** Families the generic emitters leave out (see the module comment). */
export const EXCLUDED_FAMILIES: readonly string[] = ["rust"];
/** Directories below a family the generic emitters leave out (see the module comment). */
export const EXCLUDED_DIRECTORIES: readonly string[] = ["claude-code/settings/", "claude-code/tools/", "hook-test.schema.json", "install/"];

/** Whether the generic emitters print this schema. */
export function inTypeModel(path: string): boolean {
  return !EXCLUDED_FAMILIES.includes(familyOf(path)) && !EXCLUDED_DIRECTORIES.some((dir) => path.startsWith(dir));
}

export function familyOf(path: string): string {
  return pathFamily(path);
}

function pathFamily(path: string): string {
  return path.includes("/") ? path.slice(0, path.indexOf("/")) : "records";
}

const pascal = (text: string): string =>
  text
    .split(/[^A-Za-z0-9]+/)
    .filter((part) => part !== "")
    .map((part) => part[0]!.toUpperCase() + part.slice(1))
    .join("");

/** The directory of Claude Code's built-in tools' inputs, and the family name their model uses. */
export const TOOL_INPUT_DIRECTORY = "claude-code/tools/";
export const TOOL_INPUT_FAMILY = "claude-code-tools";

/**
 * The built-in tools' inputs (schemas/claude-code/tools/), the same schemas the
 * TypeScript kit types `tool_input` with, as a model of their own (family
 * `claude-code-tools`): not part of the line protocol. Their string patterns,
 * formats and number bounds are the agent's to check (it refuses the call
 * before any hook runs); the bindings type the field as a string or number.
 */
export function buildToolInputModel(schemas: readonly LoadedSchema[]): TypeModel {
  return buildTypeModel(schemas, { include: (path) => path.startsWith(TOOL_INPUT_DIRECTORY), family: TOOL_INPUT_FAMILY, constraintsUnchecked: true, openObjects: true });
}

/** What the Rust, Python and Go emitters print: every family of the type model, then the tools' inputs. */
export function bindingsModel(schemas: readonly LoadedSchema[]): TypeModel {
  const main = buildTypeModel(schemas);
  const tools = buildToolInputModel(schemas);
  return { decls: [...main.decls, ...tools.decls], families: [...main.families, ...tools.families] };
}

interface ModelOptions {
  readonly include?: (path: string) => boolean;
  /** One family name for every declaration, instead of the directory's. */
  readonly family?: string;
  readonly constraintsUnchecked?: boolean;
  /**
   * Every object keeps unknown keys. A tool's declared input is closed, but a
   * hook reads what the agent sends: a parameter a later version adds must not
   * make the hook fail.
   */
  readonly openObjects?: boolean;
}

export function buildTypeModel(schemas: readonly LoadedSchema[], options: ModelOptions = {}): TypeModel {
  const byPath = new Map(schemas.map((schema) => [schema.path, schema]));
  const decls = new Map<string, Decl>();
  /** Declaration names by `path#pointer`, so a schema reached twice is declared once. */
  const named = new Map<string, string>();
  const included = schemas.filter((schema) => (options.include ?? inTypeModel)(schema.path));
  const familyOf = (path: string): string => options.family ?? pathFamily(path);

  const fail = (where: string, why: string): never => {
    throw new Error(`type-model: schemas/${where}: ${why}`);
  };
  const add = (decl: Decl, where: string): void => {
    if (decls.has(decl.name)) fail(where, `two declarations named ${decl.name}`);
    decls.set(decl.name, decl);
  };

  /** The schema a `$ref` (relative file path, optional `#/definitions/X`) points at. */
  const target = (fromPath: string, ref: string): { path: string; pointer: string; schema: JsonObject } => {
    const [file, fragment = ""] = ref.split("#");
    const path = file === "" ? fromPath : resolveRef(fromPath, file!);
    const loaded = byPath.get(path) ?? fail(fromPath, `$ref ${ref} names no schema file`);
    let schema: JsonValue = loaded.schema;
    for (const part of fragment.split("/").filter((p) => p !== "")) {
      schema = (isJsonObject(schema) ? schema[part] : undefined) ?? fail(fromPath, `$ref ${ref} points at nothing`);
    }
    if (!isJsonObject(schema)) fail(fromPath, `$ref ${ref} is no schema object`);
    return { path, pointer: fragment, schema: schema as JsonObject };
  };

  /** The declaration name for the schema at `path#pointer`, declaring it on first sight. */
  const declare = (path: string, pointer: string, schema: JsonObject, suggested: string): string => {
    const key = `${path}#${pointer}`;
    const known = named.get(key);
    if (known !== undefined) return known;
    const title = typeof schema["title"] === "string" ? schema["title"] : suggested;
    named.set(key, title);
    const family = familyOf(path);
    const root = pointer === "";
    const doc = typeof schema["description"] === "string" ? schema["description"] : "";
    const where = `${path}${pointer === "" ? "" : `#${pointer}`}`;
    if (isJsonObject(schema["discriminator"])) {
      const tag = schema["discriminator"]["propertyName"];
      if (typeof tag !== "string") return fail(where, "discriminator without propertyName");
      const oneOf = schema["oneOf"];
      if (!Array.isArray(oneOf)) return fail(where, "discriminator without oneOf");
      const variants = oneOf.map((branch) => {
        const ref = isJsonObject(branch) ? refOf(branch) : undefined;
        if (ref === undefined) return fail(where, "a oneOf branch of a union must be a $ref");
        const variant = target(path, ref);
        const struct = declare(variant.path, variant.pointer, variant.schema, `${title}Variant`);
        const decl = decls.get(struct);
        if (decl?.kind !== "struct") return fail(where, `union variant ${struct} is not an object`);
        const tagField = decl.fields.find((field) => field.key === tag);
        if (tagField === undefined || !tagField.required) return fail(where, `variant ${struct} does not require its tag ${tag}`);
        const values = tagValues(tagField.type);
        if (values === undefined) return fail(where, `variant ${struct}'s tag ${tag} is not a string const or enum`);
        if (decl.variantOf !== undefined) return fail(where, `${struct} is a variant of two unions`);
        decls.set(struct, { ...decl, variantOf: { union: title, tag, values } });
        return { struct, values };
      });
      add({ kind: "union", name: title, doc, family, root, tag, variants }, where);
      return title;
    }
    if (Array.isArray(schema["enum"])) {
      const values = schema["enum"];
      if (!values.every((value): value is string => typeof value === "string")) return fail(where, "a named enum must list strings");
      add({ kind: "enum", name: title, doc, family, root, values }, where);
      return title;
    }
    if (schema["type"] === "object" && (schema["properties"] !== undefined || schema["allOf"] !== undefined)) {
      // Reserve the name first: a recursive reference finds it.
      const fields = objectFields(path, pointer, schema, title);
      add({ kind: "struct", name: title, doc, family, root, fields, open: options.openObjects === true || schema["additionalProperties"] !== false }, where);
      return title;
    }
    return fail(where, "a named type must be an object with properties, a string enum or a discriminated union");
  };

  const tagValues = (type: TypeExpr): readonly string[] | undefined => {
    if (type.kind === "literal" && typeof type.value === "string") return [type.value];
    if (type.kind === "named") {
      const decl = decls.get(type.name);
      if (decl?.kind === "enum") return decl.values;
    }
    return undefined;
  };

  /** Own properties after the `allOf` parts' (own wins: it narrows, e.g. `hook_event_name`). */
  const objectFields = (path: string, pointer: string, schema: JsonObject, owner: string): Field[] => {
    const fields = new Map<string, Field>();
    const required = new Set<string>();
    const allOf = schema["allOf"];
    if (Array.isArray(allOf)) {
      for (const part of allOf) {
        const ref = isJsonObject(part) ? refOf(part) : undefined;
        if (ref === undefined) fail(path, "an allOf part of an object must be a $ref");
        const base = target(path, ref!);
        if (base.schema["additionalProperties"] === false) fail(path, `allOf part ${ref} is closed; its keys would reject the others'`);
        const baseName = declare(base.path, base.pointer, base.schema, `${owner}Base`);
        const baseDecl = decls.get(baseName);
        if (baseDecl?.kind !== "struct") fail(path, `allOf part ${ref} is not an object`);
        for (const field of (baseDecl as StructDecl).fields) {
          fields.set(field.key, field);
          if (field.required) required.add(field.key);
        }
      }
    }
    const properties = schema["properties"];
    const own = Array.isArray(schema["required"]) ? (schema["required"] as string[]) : [];
    for (const key of own) required.add(key);
    if (isJsonObject(properties)) {
      for (const [key, property] of Object.entries(properties)) {
        if (!isJsonObject(property)) fail(path, `property ${key} is no schema`);
        const prop = property as JsonObject;
        fields.set(key, {
          key,
          type: typeOf(path, `${pointer}/properties/${key}`, prop, `${owner}${pascal(key)}`),
          required: false,
          doc: typeof prop["description"] === "string" ? prop["description"] : "",
        });
      }
    }
    for (const key of required) if (!fields.has(key)) fail(path, `required key ${key} has no property`);
    return [...fields.values()].map((field) => ({ ...field, required: required.has(field.key) }));
  };

  const typeOf = (path: string, pointer: string, schema: JsonObject, suggested: string): TypeExpr => {
    const where = `${path}#${pointer}`;
    const ref = refOf(schema);
    if (ref !== undefined) {
      const to = target(path, ref);
      return { kind: "named", name: declare(to.path, to.pointer, to.schema, suggested) };
    }
    const anyOf = schema["anyOf"];
    if (Array.isArray(anyOf)) {
      const nonNull = anyOf.filter((branch) => !(isJsonObject(branch) && branch["type"] === "null"));
      if (anyOf.length !== 2 || nonNull.length !== 1 || !isJsonObject(nonNull[0])) return fail(where, "anyOf must be [T, {type: null}]");
      return { kind: "nullable", inner: typeOf(path, `${pointer}/anyOf/${anyOf.indexOf(nonNull[0]!)}`, nonNull[0] as JsonObject, suggested) };
    }
    if (schema["const"] !== undefined) {
      const value = schema["const"];
      if (typeof value !== "string" && typeof value !== "number" && typeof value !== "boolean") return fail(where, "const must be a string, number or boolean");
      return { kind: "literal", value };
    }
    const types = schema["type"] === undefined ? [] : Array.isArray(schema["type"]) ? (schema["type"] as string[]) : [schema["type"] as string];
    if (Array.isArray(schema["enum"])) {
      const values = schema["enum"];
      const strings = values.filter((value): value is string => typeof value === "string");
      const nullable = values.includes(null);
      if (strings.length + (nullable ? 1 : 0) !== values.length || strings.length === 0) return fail(where, "enum must list strings (and null)");
      const name = declare(path, pointer, { ...schema, enum: strings }, suggested);
      const expr: TypeExpr = { kind: "named", name };
      return nullable || types.includes("null") ? { kind: "nullable", inner: expr } : expr;
    }
    if (schema["tsType"] === "unknown" || (types.length === 0 && schema["properties"] === undefined)) {
      for (const key of Object.keys(schema)) if (!["tsType", "description", "title", "default"].includes(key)) fail(where, `any-JSON schema with ${key}`);
      return { kind: "any" };
    }
    const nonNull = types.filter((type) => type !== "null");
    if (nonNull.length !== 1) return fail(where, `type ${JSON.stringify(types)}: one type, optionally with null`);
    const inner = plainType(path, pointer, schema, nonNull[0]!, suggested);
    return types.includes("null") ? { kind: "nullable", inner } : inner;
  };

  const plainType = (path: string, pointer: string, schema: JsonObject, type: string, suggested: string): TypeExpr => {
    const where = `${path}#${pointer}`;
    const minimum = typeof schema["minimum"] === "number" && options.constraintsUnchecked !== true ? schema["minimum"] : undefined;
    switch (type) {
      case "boolean":
        return { kind: "boolean" };
      case "string":
        if (!options.constraintsUnchecked && (schema["pattern"] !== undefined || schema["minLength"] !== undefined || schema["format"] !== undefined)) {
          fail(where, "string constraints are not modelled");
        }
        return { kind: "string" };
      case "integer":
        return minimum === undefined ? { kind: "integer" } : { kind: "integer", minimum };
      case "number":
        return minimum === undefined ? { kind: "number" } : { kind: "number", minimum };
      case "array": {
        const items = schema["items"];
        if (items === undefined) return { kind: "array", items: { kind: "any" } };
        if (!isJsonObject(items)) return fail(where, "items must be one schema");
        return { kind: "array", items: typeOf(path, `${pointer}/items`, items, `${suggested}Item`) };
      }
      case "object": {
        if (schema["properties"] !== undefined || schema["allOf"] !== undefined) {
          return { kind: "named", name: declare(path, pointer, { ...schema, type: "object" }, suggested) };
        }
        const extra = schema["additionalProperties"];
        if (extra === false) return fail(where, "an object with no properties and no additional ones");
        if (isJsonObject(extra)) return { kind: "map", values: typeOf(path, `${pointer}/additionalProperties`, extra, `${suggested}Value`) };
        return { kind: "map", values: { kind: "any" } };
      }
      default:
        return fail(where, `type ${type} is not modelled`);
    }
  };

  for (const schema of included) {
    declare(schema.path, "", schema.schema, schema.title);
    const definitions = schema.schema["definitions"];
    if (isJsonObject(definitions)) {
      for (const [key, definition] of Object.entries(definitions)) {
        if (isJsonObject(definition)) declare(schema.path, `/definitions/${key}`, definition, `${schema.title}${pascal(key)}`);
      }
    }
  }
  const families = [...new Set(included.map((schema) => familyOf(schema.path)))];
  return { decls: [...decls.values()], families };
}

/** Every named type an expression mentions. */
export function namesIn(type: TypeExpr): string[] {
  switch (type.kind) {
    case "named":
      return [type.name];
    case "array":
      return namesIn(type.items);
    case "map":
      return namesIn(type.values);
    case "nullable":
      return namesIn(type.inner);
    default:
      return [];
  }
}

/** The declaration named `name`; throws naming the caller when absent. */
export function declNamed(model: TypeModel, name: string): Decl {
  const decl = model.decls.find((candidate) => candidate.name === name);
  if (decl === undefined) throw new Error(`type-model: no declaration ${name}`);
  return decl;
}

/** `FooBar` / `fooBar` / `foo-bar` -> `foo_bar`. */
export function snakeCase(text: string): string {
  return text
    .replace(/([a-z0-9])([A-Z])/g, "$1_$2")
    .replace(/([A-Z]+)([A-Z][a-z])/g, "$1_$2")
    .replace(/[^A-Za-z0-9]+/g, "_")
    .replace(/^_+|_+$/g, "")
    .toLowerCase();
}

export { pascal as pascalCase };

/**
 * A family whose inputs carry no event name (Copilot CLI's camelCase hooks:
 * the event is the key the hook is configured under): its `input/<event>.schema.json`
 * files, read by event name. Each emitter prints a union keyed by the event
 * (`<Family>EventInput`) and a reader taking the event and the text.
 */
export interface EventKeyedInputs {
  readonly family: string;
  /** The union's name: `CopilotCliEventInput`. */
  readonly name: string;
  /** Each event (camelCase, as the agent names it) with its input struct. */
  readonly events: readonly { readonly event: string; readonly struct: string }[];
}

export function eventKeyedInputs(schemas: readonly LoadedSchema[]): EventKeyedInputs[] {
  const out: EventKeyedInputs[] = [];
  const families = [...new Set(schemas.filter((s) => inTypeModel(s.path)).map((s) => familyOf(s.path)))];
  for (const family of families) {
    const inputs = schemas.filter((s) => s.path.startsWith(`${family}/input/`) && s.path.endsWith(".schema.json"));
    // A family with an input union (`input.schema.json` with a discriminator) reads its inputs by tag.
    const union = schemas.find((s) => s.path === `${family}/input.schema.json`);
    if (inputs.length === 0 || (union !== undefined && isJsonObject(union.schema["discriminator"]))) continue;
    const camel = (file: string): string => file.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());
    const events = inputs.map((s) => ({ event: camel(s.path.slice(`${family}/input/`.length, -".schema.json".length)), struct: s.title }));
    out.push({ family, name: `${pascal(family)}EventInput`, events });
  }
  return out;
}
