/**
 * Samples for the bindings' round-trip tests: random instances of a flat
 * schema (fast-check, seeded), checked valid by Ajv, and the hook inputs
 * Claude Code 2.1.332 actually sent, as recorded by the observer.
 */
import { spawnSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import assert from "node:assert/strict";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import fc from "fast-check";
import { Ajv, type ValidateFunction } from "ajv";
import { listSchemaPaths } from "../scripts/lib/schemas.js";

export const repoRoot = fileURLToPath(new URL("..", import.meta.url));

export interface Schema {
  readonly $id?: string;
  readonly $ref?: string;
  readonly title?: string;
  readonly type?: string | readonly string[];
  readonly enum?: readonly unknown[];
  readonly const?: unknown;
  readonly properties?: Readonly<Record<string, Schema>>;
  readonly required?: readonly string[];
  readonly items?: Schema;
  readonly oneOf?: readonly Schema[];
  readonly anyOf?: readonly Schema[];
  readonly allOf?: readonly Schema[];
  readonly minimum?: number;
  readonly minLength?: number;
  readonly pattern?: string;
  readonly definitions?: Readonly<Record<string, Schema>>;
  readonly [key: string]: unknown;
}

/** Every schema under `schemas/`, by `$id`. */
export function loadSchemas(): Map<string, Schema> {
  const byId = new Map<string, Schema>();
  const dir = join(repoRoot, "schemas");
  for (const path of listSchemaPaths(dir)) {
    const schema = JSON.parse(readFileSync(join(dir, path), "utf8")) as Schema;
    if (schema.$id !== undefined) byId.set(schema.$id, schema);
  }
  return byId;
}

export function schemaByTitle(schemas: ReadonlyMap<string, Schema>, title: string): Schema | undefined {
  return [...schemas.values()].find((s) => s.title === title);
}

/** An Ajv validator for one schema, with every other schema available to `$ref`. */
export function validatorFor(schemas: ReadonlyMap<string, Schema>, id: string): ValidateFunction {
  const ajv = new Ajv({ strict: false, allErrors: true });
  for (const schema of schemas.values()) ajv.addSchema(schema as object);
  const validate = ajv.getSchema(id);
  if (validate === undefined) throw new Error(`no schema ${id}`);
  return validate;
}

type Resolved = { schema: Schema; base: string };

function resolveRef(ref: string, base: string, schemas: ReadonlyMap<string, Schema>): Resolved {
  const url = new URL(ref, base);
  const fileId = url.href.replace(/#.*$/, "");
  const root = schemas.get(fileId);
  if (root === undefined) throw new Error(`unresolved $ref ${ref} from ${base}`);
  let target: unknown = root;
  for (const part of url.hash.replace(/^#\/?/, "").split("/").filter((p) => p !== "")) {
    target = (target as Record<string, unknown>)[decodeURIComponent(part)];
  }
  return { schema: target as Schema, base: fileId };
}

// Valid Unicode only: Go and C# replace lone surrogates, so the shared samples
// keep to text every language can hold.
const text = fc.string({ unit: "grapheme", maxLength: 12 });

const json: fc.Arbitrary<unknown> = fc
  .jsonValue({ maxDepth: 3 })
  .map((v) => JSON.parse(JSON.stringify(v)) as unknown);

/** A fast-check arbitrary of valid instances of `schema` (the keywords our flat schemas use). */
export function arbitraryOf(schema: Schema, base: string, schemas: ReadonlyMap<string, Schema>): fc.Arbitrary<unknown> {
  if (schema.$ref !== undefined) {
    const target = resolveRef(schema.$ref, base, schemas);
    return arbitraryOf(target.schema, target.base, schemas);
  }
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum !== undefined) return fc.constantFrom(...schema.enum);
  const alternatives = schema.oneOf ?? schema.anyOf;
  if (alternatives !== undefined) return fc.oneof(...alternatives.map((s) => arbitraryOf(s, base, schemas)));
  if (schema.allOf?.length === 1 && schema.properties === undefined && schema.type === undefined) {
    // `{allOf: [{$ref}], description}`: a reference with its own description.
    return arbitraryOf(schema.allOf[0]!, base, schemas);
  }
  if (schema.allOf !== undefined) {
    // Merge the object parts (a base schema plus event fields).
    const parts = schema.allOf.map((s) => (s.$ref !== undefined ? resolveRef(s.$ref, base, schemas).schema : s));
    const { allOf: _ignored, ...rest } = schema;
    const merged: Schema = {
      ...rest,
      type: "object",
      properties: Object.assign({}, ...parts.map((p) => p.properties ?? {}), schema.properties ?? {}),
      required: [...new Set([...parts.flatMap((p) => p.required ?? []), ...(schema.required ?? [])])],
    };
    return arbitraryOf(merged, base, schemas);
  }
  const types = schema.type === undefined ? [] : typeof schema.type === "string" ? [schema.type] : [...schema.type];
  if (types.length === 0) return json;
  return fc.oneof(...types.map((type) => arbitraryOfType(type, schema, base, schemas)));
}

function arbitraryOfType(type: string, schema: Schema, base: string, schemas: ReadonlyMap<string, Schema>): fc.Arbitrary<unknown> {
  switch (type) {
    case "null":
      return fc.constant(null);
    case "boolean":
      return fc.boolean();
    case "integer":
      return fc.integer({ min: schema.minimum ?? -(2 ** 31), max: 2 ** 31 });
    case "number":
      return fc
        .double({ noNaN: true, noDefaultInfinity: true, min: schema.minimum ?? -1e300, max: 1e300 })
        .map((n) => (Object.is(n, -0) ? 0 : n));
    case "string":
      if (schema.pattern !== undefined) return fc.stringMatching(new RegExp(schema.pattern));
      return schema.minLength !== undefined ? fc.string({ unit: "grapheme", minLength: schema.minLength, maxLength: 12 }) : text;
    case "array":
      return fc.array(schema.items === undefined ? json : arbitraryOf(schema.items, base, schemas), { maxLength: 3 });
    case "object": {
      const properties = schema.properties ?? {};
      if (Object.keys(properties).length === 0) return fc.dictionary(text, json, { maxKeys: 3 });
      const model: Record<string, fc.Arbitrary<unknown>> = {};
      for (const [key, property] of Object.entries(properties)) model[key] = arbitraryOf(property, base, schemas);
      const required = (schema.required ?? []).filter((k) => k in properties);
      return fc.record(model, { requiredKeys: required });
    }
    default:
      throw new Error(`arbitraryOf: type ${type}`);
  }
}

/** `count` valid instances of the schema titled `title`, seeded, in JSON form. */
export function samplesOf(schemas: ReadonlyMap<string, Schema>, title: string, count: number, seed: number): unknown[] {
  const schema = schemaByTitle(schemas, title);
  if (schema?.$id === undefined) throw new Error(`no schema titled ${title}`);
  const values = fc.sample(arbitraryOf(schema, schema.$id, schemas), { numRuns: count, seed });
  // JSON form: what any language reads.
  return values.map((v) => JSON.parse(JSON.stringify(v)) as unknown);
}

export interface ObservedInput {
  readonly scenario: string;
  readonly event: string;
  readonly input: Record<string, unknown>;
}

/** Every hook input Claude Code sent in a recorded observer scenario. */
export function observedInputs(): ObservedInput[] {
  const dir = join(repoRoot, "test/observer/claude-code/observed");
  const out: ObservedInput[] = [];
  for (const name of readdirSync(dir).sort()) {
    if (!name.endsWith(".json")) continue;
    const observation = JSON.parse(readFileSync(join(dir, name), "utf8")) as {
      hooks?: { stdin_first?: Record<string, unknown> | null }[];
    };
    for (const hook of observation.hooks ?? []) {
      const input = hook.stdin_first;
      if (input !== null && typeof input === "object" && typeof input["hook_event_name"] === "string") {
        out.push({ scenario: name, event: input["hook_event_name"], input });
      }
    }
  }
  return out;
}

export interface RoundTripAnswer {
  readonly ok: boolean;
  readonly value?: unknown;
  readonly error?: string;
}

/** Run a round-trip driver: one JSON request per stdin line, one JSON answer per stdout line. */
export function runDriver(command: string, args: readonly string[], requests: readonly unknown[]): RoundTripAnswer[] {
  const result = spawnSync(command, args, {
    input: requests.map((r) => JSON.stringify(r)).join("\n") + "\n",
    encoding: "utf8",
    maxBuffer: 256 * 1024 * 1024,
  });
  assert.equal(result.status, 0, result.stderr);
  const lines = result.stdout.split("\n").filter((l) => l !== "");
  assert.equal(lines.length, requests.length);
  return lines.map((l) => JSON.parse(l) as RoundTripAnswer);
}

export interface InputRequest {
  /** The schema title, which is also the generated class name. */
  readonly type: string;
  readonly value: Record<string, unknown>;
  /** The input with only the fields its schema declares: what a binding keeps. */
  readonly declared: Record<string, unknown>;
  /** The fields its schema requires. */
  readonly required: readonly string[];
}

/** The recorded inputs whose event has a hook-input schema, as round-trip requests. */
export function observedInputRequests(schemas: ReadonlyMap<string, Schema>): InputRequest[] {
  const byEvent = new Map<string, Schema>();
  for (const schema of schemas.values()) {
    if (schema.$id?.includes("/hook-input/") === true && schema.title !== undefined) {
      byEvent.set(schema.title.replace(/HookInput$/, ""), schema);
    }
  }
  const requests: InputRequest[] = [];
  for (const { event, input } of observedInputs()) {
    const schema = byEvent.get(event);
    if (schema === undefined) continue;
    const keys = declaredKeys(schema, schema.$id!, schemas);
    const declared = Object.fromEntries(Object.entries(input).filter(([k]) => keys.includes(k)));
    requests.push({ type: schema.title!, value: input, declared, required: requiredKeys(schema, schema.$id!, schemas) });
  }
  return requests;
}

/** The property names a schema declares, its `allOf` parts included. */
function declaredKeys(schema: Schema, base: string, schemas: ReadonlyMap<string, Schema>): string[] {
  if (schema.$ref !== undefined) {
    const target = resolveRef(schema.$ref, base, schemas);
    return declaredKeys(target.schema, target.base, schemas);
  }
  return [...Object.keys(schema.properties ?? {}), ...(schema.allOf ?? []).flatMap((part) => declaredKeys(part, base, schemas))];
}

function requiredKeys(schema: Schema, base: string, schemas: ReadonlyMap<string, Schema>): string[] {
  if (schema.$ref !== undefined) {
    const target = resolveRef(schema.$ref, base, schemas);
    return requiredKeys(target.schema, target.base, schemas);
  }
  return [...(schema.required ?? []), ...(schema.allOf ?? []).flatMap((part) => requiredKeys(part, base, schemas))];
}

/**
 * `value` (an instance of the schema titled `title`) without the optional
 * fields, at any depth, whose value `dropped` says a binding loses. For
 * stating a binding's known limits exactly, and nothing more.
 */
export function withoutOptional(
  schemas: ReadonlyMap<string, Schema>,
  title: string,
  value: unknown,
  dropped: (fieldValue: unknown, fieldSchema: Schema) => boolean,
): unknown {
  const schema = schemaByTitle(schemas, title);
  if (schema?.$id === undefined) throw new Error(`no schema titled ${title}`);
  return prune(value, schema, schema.$id, schemas, dropped);
}

function prune(
  value: unknown,
  schema: Schema,
  base: string,
  schemas: ReadonlyMap<string, Schema>,
  dropped: (fieldValue: unknown, fieldSchema: Schema) => boolean,
): unknown {
  if (schema.$ref !== undefined) {
    const target = resolveRef(schema.$ref, base, schemas);
    return prune(value, target.schema, target.base, schemas, dropped);
  }
  if (Array.isArray(value)) {
    return schema.items === undefined ? value : value.map((item) => prune(item, schema.items!, base, schemas, dropped));
  }
  if (value === null || typeof value !== "object") return value;
  const { properties, required } = objectFields(schema, base, schemas);
  const out: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(value)) {
    const declared = properties.get(key);
    if (declared !== undefined && !required.has(key) && dropped(field, declared.schema)) continue;
    out[key] = declared === undefined ? field : prune(field, declared.schema, declared.base, schemas, dropped);
  }
  return out;
}

/**
 * The fields an object schema declares and requires, `allOf` parts included.
 * A union (`oneOf`/`anyOf`) is taken as quicktype flattens it: every
 * variant's fields, required only where every variant requires them.
 */
function objectFields(
  schema: Schema,
  base: string,
  schemas: ReadonlyMap<string, Schema>,
): { properties: Map<string, Resolved>; required: Set<string> } {
  const properties = new Map<string, Resolved>();
  const required = new Set<string>();
  const parts: Resolved[] = [
    { schema, base },
    ...(schema.allOf ?? []).map((part) => (part.$ref !== undefined ? resolveRef(part.$ref, base, schemas) : { schema: part, base })),
  ];
  for (const part of parts) {
    if (part.schema !== schema && part.schema.$ref === undefined) {
      const inner = objectFields(part.schema, part.base, schemas);
      inner.properties.forEach((v, k) => properties.set(k, v));
      inner.required.forEach((k) => required.add(k));
      continue;
    }
    for (const [k, v] of Object.entries(part.schema.properties ?? {})) properties.set(k, { schema: v, base: part.base });
    for (const k of part.schema.required ?? []) required.add(k);
  }
  const variants = schema.oneOf ?? schema.anyOf;
  if (variants !== undefined) {
    const each = variants.map((v) => {
      const r = v.$ref !== undefined ? resolveRef(v.$ref, base, schemas) : { schema: v, base };
      return objectFields(r.schema, r.base, schemas);
    });
    for (const fields of each) fields.properties.forEach((v, k) => properties.set(k, v));
    const [first, ...rest] = each;
    for (const k of first?.required ?? []) if (rest.every((f) => f.required.has(k))) required.add(k);
  }
  return { properties, required };
}

/** Titles of the event-input schemas (`schemas/claude-code/hook-input/`). */
export function inputTitles(schemas: ReadonlyMap<string, Schema>): string[] {
  return [...schemas.values()]
    .filter((s) => s.$id?.includes("/hook-input/") === true && s.title !== undefined)
    .map((s) => s.title!)
    .sort();
}

export const hasInputSchemas = (schemas: ReadonlyMap<string, Schema>): boolean =>
  [...schemas.keys()].some((id) => id.includes("/hook-input/"));
