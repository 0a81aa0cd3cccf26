/**
 * Derives the serde model (`src/serde/model.ts`) from `schemas/rust/`: the
 * `x-rust` annotations say what serde's attributes say (Rust names, rename,
 * default, skip_serializing_if, tag); the schema structure says the rest
 * (variants and their order, field order, tag values, `$ref` targets). The
 * two are cross-checked, so an annotation cannot contradict the schema it
 * sits on; every mismatch fails naming the file and the field.
 */
import type {
  SerdeDefault,
  SerdeField,
  SerdeFieldType,
  SerdeModel,
  SerdeType,
  SerdeVariant,
} from "../../src/serde/model.js";
import { isJsonObject as isObject, refOf, resolveRef, type JsonObject, type JsonValue, type LoadedSchema } from "./schemas.js";

/** The schemas of the Rust family live under this directory of `schemas/`. */
export const RUST_SCHEMA_DIR = "rust/";

class ModelError extends Error {}

function fail(path: string, why: string): never {
  throw new ModelError(`schemas/${path}: ${why}`);
}

function str(value: JsonValue | undefined): string | undefined {
  return typeof value === "string" ? value : undefined;
}

/** The target of a property written `{"allOf": [{"$ref": ...}]}` (or a bare `$ref`), if it is one. */
function refTarget(fromPath: string, schema: JsonObject): string | undefined {
  const ref = refOf(schema);
  return ref === undefined ? undefined : resolveRef(fromPath, ref);
}

/** Parses a Rust type as written in an `x-rust` `type`: `bool`, `String`, `Value`, `Option<T>`, or a type of the model. */
export function parseRustType(text: string): SerdeFieldType | undefined {
  const option = /^Option<(.+)>$/.exec(text);
  if (option !== null) {
    const inner = parseRustType(option[1]!);
    return inner === undefined || inner.kind === "option" ? undefined : { kind: "option", inner };
  }
  if (text === "bool") return { kind: "bool" };
  if (text === "String") return { kind: "string" };
  if (text === "Value" || text === "serde_json::Value") return { kind: "value" };
  if (/^[A-Z][A-Za-z0-9]*$/.test(text)) return { kind: "named", rustName: text };
  return undefined;
}

interface Context {
  readonly byPath: ReadonlyMap<string, LoadedSchema>;
}

function rustNameOf(context: Context, fromPath: string, target: string): string {
  const schema = context.byPath.get(target);
  if (schema === undefined) fail(fromPath, `$ref ${target} names no schema`);
  const xr = schema.schema["x-rust"];
  const name = isObject(xr) ? str(xr["name"]) : undefined;
  if (name === undefined) fail(target, `referenced from ${fromPath} as a Rust type, but has no "x-rust".name`);
  return name;
}

/** Checks that the JSON Schema of a field accepts what its Rust type reads (and `null` exactly for `Option`). */
function checkFieldSchema(context: Context, path: string, key: string, type: SerdeFieldType, schema: JsonObject): void {
  const where = `property ${JSON.stringify(key)}`;
  const jsonType = schema["type"];
  const typeList = Array.isArray(jsonType) ? jsonType : jsonType === undefined ? [] : [jsonType];
  const expectScalar = (scalar: string, nullable: boolean): void => {
    const want = nullable ? [scalar, "null"] : [scalar];
    if (typeList.length !== want.length || want.some((t) => !typeList.includes(t))) {
      fail(path, `${where}: Rust type wants "type": ${JSON.stringify(nullable ? want : scalar)}, schema says ${JSON.stringify(jsonType ?? null)}`);
    }
  };
  const checkNamed = (rustName: string, nullable: boolean): void => {
    let target: string | undefined;
    if (nullable) {
      const anyOf = schema["anyOf"];
      const ok = Array.isArray(anyOf) && anyOf.length === 2 && isObject(anyOf[1]) && anyOf[1]["type"] === "null" && isObject(anyOf[0]);
      if (!ok) fail(path, `${where}: Option<${rustName}> must be written {"anyOf": [{"$ref": ...}, {"type": "null"}]}`);
      target = refTarget(path, anyOf[0] as JsonObject);
    } else {
      target = refTarget(path, schema);
    }
    if (target === undefined) fail(path, `${where}: Rust type ${rustName} needs a $ref to its schema`);
    const actual = rustNameOf(context, path, target);
    if (actual !== rustName) fail(path, `${where}: Rust type ${rustName} but $ref ${target} is ${actual}`);
  };
  const nullable = type.kind === "option";
  const inner = type.kind === "option" ? type.inner : type;
  switch (inner.kind) {
    case "bool":
      return expectScalar("boolean", nullable);
    case "string":
      return expectScalar("string", nullable);
    case "value":
      // serde_json::Value reads any JSON, null included (Option<Value> reads null as None).
      if (jsonType !== undefined || schema["tsType"] !== "unknown") fail(path, `${where}: a Value field must be {"tsType": "unknown"} with no "type"`);
      return;
    case "named":
      return checkNamed(inner.rustName, nullable);
    case "option":
      return fail(path, `${where}: nested Option`);
  }
}

function fieldsOf(context: Context, schema: LoadedSchema, tag: string | null): SerdeField[] {
  const path = schema.path;
  const properties = schema.schema["properties"];
  if (!isObject(properties)) return [];
  const required = new Set((schema.schema["required"] as readonly string[] | undefined) ?? []);
  const fields: SerdeField[] = [];
  for (const [key, value] of Object.entries(properties)) {
    if (key === tag) continue;
    if (!isObject(value)) fail(path, `property ${JSON.stringify(key)} is not a schema`);
    const xr = value["x-rust"];
    if (!isObject(xr)) fail(path, `property ${JSON.stringify(key)} has no "x-rust" annotation`);
    const rustName = str(xr["name"]);
    const typeText = str(xr["type"]);
    if (rustName === undefined || !/^[a-z_][a-z0-9_]*$/.test(rustName)) fail(path, `property ${JSON.stringify(key)}: "x-rust".name must be a snake_case Rust identifier`);
    if (typeText === undefined) fail(path, `property ${JSON.stringify(key)}: "x-rust".type is missing`);
    const type = parseRustType(typeText);
    if (type === undefined) fail(path, `property ${JSON.stringify(key)}: cannot read Rust type ${JSON.stringify(typeText)}`);
    const wireName = str(xr["rename"]) ?? rustName;
    if (wireName !== key) fail(path, `property ${JSON.stringify(key)}: serde writes it as ${JSON.stringify(wireName)} (rename it, or fix "x-rust".rename)`);
    checkFieldSchema(context, path, key, type, value);

    let fieldDefault: SerdeDefault | null = null;
    const declaredDefault = xr["default"];
    if (declaredDefault === true) {
      fieldDefault = { kind: "default-trait" };
    } else if (typeof declaredDefault === "string") {
      const schemaDefault = value["default"];
      if (typeof schemaDefault !== "boolean" && typeof schemaDefault !== "string") {
        fail(path, `property ${JSON.stringify(key)}: #[serde(default = "${declaredDefault}")] needs the value it returns as the schema's "default"`);
      }
      fieldDefault = { kind: "function", path: declaredDefault, value: schemaDefault };
    } else if (declaredDefault !== undefined) {
      fail(path, `property ${JSON.stringify(key)}: "x-rust".default must be true (#[serde(default)]) or a function path`);
    }
    if (fieldDefault?.kind === "default-trait" && type.kind === "bool" && value["default"] !== false) {
      fail(path, `property ${JSON.stringify(key)}: bool with #[serde(default)] reads a missing key as false; say "default": false`);
    }
    // Without a default only Option fields may be missing (serde reads them as None).
    const mayBeMissing = fieldDefault !== null || type.kind === "option";
    if (mayBeMissing === required.has(key)) {
      fail(path, `property ${JSON.stringify(key)}: ${mayBeMissing ? "must not be" : "must be"} in "required" (serde ${mayBeMissing ? "accepts" : "rejects"} it missing)`);
    }
    const skip = xr["skipSerializingIf"];
    if (skip !== undefined && skip !== "Option::is_none") fail(path, `property ${JSON.stringify(key)}: only skip_serializing_if = "Option::is_none" is modelled`);
    if (skip !== undefined && type.kind !== "option") fail(path, `property ${JSON.stringify(key)}: skip_serializing_if = "Option::is_none" on a non-Option field`);
    const description = str(value["description"]);
    if (description === undefined) fail(path, `property ${JSON.stringify(key)} has no description`);
    fields.push({ rustName, wireName, type, default: fieldDefault, skipSerializingIfNone: skip !== undefined, doc: description });
  }
  return fields;
}

function oneOfTargets(schema: LoadedSchema): string[] {
  const oneOf = schema.schema["oneOf"];
  if (!Array.isArray(oneOf)) fail(schema.path, "an internally tagged enum needs a oneOf of $refs");
  return oneOf.map((branch, index) => {
    const ref = isObject(branch) ? str(branch["$ref"]) : undefined;
    if (ref === undefined) fail(schema.path, `oneOf[${index}] is not a $ref`);
    return resolveRef(schema.path, ref);
  });
}

function buildType(context: Context, schema: LoadedSchema, xr: JsonObject): SerdeType {
  const path = schema.path;
  const kind = str(xr["kind"]);
  const rustName = str(xr["name"]);
  const doc = str(schema.schema["description"]) ?? "";
  if (rustName === undefined || !/^[A-Z][A-Za-z0-9]*$/.test(rustName)) fail(path, `"x-rust".name must be a Rust type name`);
  switch (kind) {
    case "struct":
      if (schema.schema["type"] !== "object") fail(path, `a struct is "type": "object"`);
      return { kind: "struct", rustName, schemaTitle: schema.title, fields: fieldsOf(context, schema, null), doc };
    case "unit-enum": {
      const renameAll = xr["renameAll"] ?? null;
      if (renameAll !== null && renameAll !== "lowercase") fail(path, `only rename_all = "lowercase" is modelled`);
      const declared = xr["variants"];
      const values = schema.schema["enum"];
      if (!Array.isArray(declared) || !Array.isArray(values) || declared.length !== values.length) {
        fail(path, `"x-rust".variants and "enum" must list the same variants`);
      }
      const variants = declared.map((variant, index) => {
        const name = isObject(variant) ? str(variant["name"]) : undefined;
        if (name === undefined) fail(path, `"x-rust".variants[${index}] needs a name`);
        const wireName = renameAll === "lowercase" ? name.toLowerCase() : name;
        if (values[index] !== wireName) fail(path, `variant ${name} is written ${JSON.stringify(wireName)}, but enum[${index}] is ${JSON.stringify(values[index])}`);
        return { rustName: name, wireName, doc: str((variant as JsonObject)["doc"]) ?? "" };
      });
      return { kind: "unit-enum", rustName, schemaTitle: schema.title, renameAll, variants, doc };
    }
    case "internally-tagged-enum": {
      const tag = str(xr["tag"]);
      const discriminator = schema.schema["discriminator"];
      if (tag === undefined || !isObject(discriminator) || discriminator["propertyName"] !== tag) {
        fail(path, `"x-rust".tag must equal discriminator.propertyName`);
      }
      const variants = oneOfTargets(schema).map((target): SerdeVariant => {
        const variant = context.byPath.get(target);
        if (variant === undefined) fail(path, `oneOf $ref ${target} names no schema`);
        const vx = variant.schema["x-rust"];
        const variantName = isObject(vx) ? str(vx["variant"]) : undefined;
        if (variantName === undefined) fail(target, `a variant of ${rustName} needs "x-rust".variant`);
        const properties = variant.schema["properties"];
        const tagSchema = isObject(properties) ? properties[tag] : undefined;
        const wireName = isObject(tagSchema) ? str(tagSchema["const"]) : undefined;
        if (wireName === undefined) fail(target, `the tag ${JSON.stringify(tag)} must be a string "const"`);
        const expectedWire = str((vx as JsonObject)["rename"]) ?? variantName;
        if (wireName !== expectedWire) fail(target, `variant ${variantName} is tagged ${JSON.stringify(expectedWire)}, but the schema's const is ${JSON.stringify(wireName)}`);
        const unit = (vx as JsonObject)["unit"] === true;
        const fields = fieldsOf(context, variant, tag);
        if (unit && fields.length > 0) fail(target, `a unit variant has no fields`);
        return { rustName: variantName, wireName, schemaTitle: variant.title, fields: unit ? null : fields, doc: str(variant.schema["description"]) ?? "" };
      });
      return { kind: "internally-tagged-enum", rustName, schemaTitle: schema.title, tag, variants, doc };
    }
    default:
      return fail(path, `"x-rust".kind must be struct, unit-enum or internally-tagged-enum`);
  }
}

function namedDependencies(type: SerdeType): string[] {
  const out: string[] = [];
  const visit = (fieldType: SerdeFieldType): void => {
    if (fieldType.kind === "named") out.push(fieldType.rustName);
    if (fieldType.kind === "option") visit(fieldType.inner);
  };
  const visitFields = (fields: readonly SerdeField[] | null): void => fields?.forEach((field) => visit(field.type));
  if (type.kind === "struct") visitFields(type.fields);
  if (type.kind === "internally-tagged-enum") type.variants.forEach((variant) => visitFields(variant.fields));
  return out;
}

/**
 * The serde model of every Rust-family schema that declares a Rust type
 * (`"x-rust".kind`), keyed by Rust name, in dependency order (a type comes
 * after the types its fields name; ties in schema path order).
 */
export function buildSerdeModel(schemas: readonly LoadedSchema[]): SerdeModel {
  const context: Context = { byPath: new Map(schemas.map((schema) => [schema.path, schema])) };
  const types = new Map<string, SerdeType>();
  for (const schema of schemas) {
    if (!schema.path.startsWith(RUST_SCHEMA_DIR)) continue;
    const xr = schema.schema["x-rust"];
    if (!isObject(xr)) fail(schema.path, `a Rust-family schema needs an "x-rust" annotation`);
    if (xr["kind"] === undefined) continue; // a variant: read through its enum
    const type = buildType(context, schema, xr);
    if (types.has(type.rustName)) fail(schema.path, `Rust type ${type.rustName} is declared twice`);
    types.set(type.rustName, type);
  }
  const model: Record<string, SerdeType> = {};
  const visiting = new Set<string>();
  const place = (name: string, from: string): void => {
    if (name in model) return;
    const type = types.get(name);
    if (type === undefined) throw new ModelError(`serde model: ${from} names Rust type ${name}, which no schema declares`);
    if (visiting.has(name)) throw new ModelError(`serde model: ${name} is recursive`);
    visiting.add(name);
    for (const dependency of namedDependencies(type)) place(dependency, name);
    visiting.delete(name);
    model[name] = type;
  };
  for (const name of types.keys()) place(name, name);
  return model;
}
