/**
 * Samples for the bindings' round-trip tests: random instances of any schema
 * (fast-check, seeded; open objects get unknown keys too), invalid variants
 * of them that Ajv refuses, and the real payloads: every hook input an agent
 * sent and every exit-0 JSON output a hook gave it, in the recordings under
 * test/observer/ (Claude Code's, and each agent's under test/observer/<agent>/
 * once its schemas exist).
 */
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import assert from "node:assert/strict";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import fc from "fast-check";
import { Ajv, type ValidateFunction } from "ajv";
import { listSchemaPaths } from "../scripts/lib/schemas.js";
import { inTypeModel } from "../scripts/lib/type-model.js";

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
      if (Object.keys(properties).length === 0) {
        const values = typeof schema.additionalProperties === "object" ? arbitraryOf(schema.additionalProperties as Schema, base, schemas) : json;
        return fc.dictionary(text, values, { maxKeys: 3 });
      }
      const model: Record<string, fc.Arbitrary<unknown>> = {};
      for (const [key, property] of Object.entries(properties)) model[key] = arbitraryOf(property, base, schemas);
      const required = (schema.required ?? []).filter((k) => k in properties);
      const declared = fc.record(model, { requiredKeys: required });
      if (schema.additionalProperties === false) return declared;
      // An open object: unknown keys are part of the value and must survive.
      const unknown = fc.dictionary(fc.constantFrom("x_unknown", "zz-later-field", "Extra", "extra"), json, { maxKeys: 2 });
      return fc.tuple(declared, unknown).map(([known, more]) => {
        const out: Record<string, unknown> = { ...(known as Record<string, unknown>) };
        for (const [key, value] of Object.entries(more)) if (!(key in properties)) out[key] = value;
        return out;
      });
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

/** One request of the types line protocol: a schema title and a JSON text. */
export interface TypesRequest {
  readonly type: string;
  readonly json: string;
  /** Where it came from, for failure messages. */
  readonly origin: string;
}

function walkJson(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .sort()
    .flatMap((name) => {
      const path = join(dir, name);
      return statSync(path).isDirectory() ? walkJson(path) : name.endsWith(".json") ? [path] : [];
    });
}

/** `PreToolUse` -> `pre-tool-use`. */
const kebab = (name: string): string => name.replace(/([a-z0-9])([A-Z])/g, "$1-$2").toLowerCase();

/**
 * The family a recording belongs to: `test/observer/<agent>/...` when
 * `schemas/<agent>/` exists, else Claude Code's (the recordings at the top).
 */
function familyOfRecording(path: string, families: ReadonlySet<string>): string | undefined {
  const relative = path.slice(join(repoRoot, "test/observer").length + 1);
  const first = relative.split("/")[0]!;
  if (families.has(first)) return first;
  return ["observed", "scenarios", "probes"].includes(first) ? "claude-code" : undefined;
}

/** Title of the first of `schemas/<path>` that exists. */
function titleAt(schemas: ReadonlyMap<string, Schema>, ...paths: string[]): string | undefined {
  for (const path of paths) {
    const title = schemas.get(`https://claude-hook-protocol.dev/schemas/${path}`)?.title;
    if (title !== undefined) return title;
  }
  return undefined;
}

/** The titles of the variants of a union root, by tag value. */
function variantsByTag(schemas: ReadonlyMap<string, Schema>, unionPath: string): Map<string, string> {
  const out = new Map<string, string>();
  const id = `https://claude-hook-protocol.dev/schemas/${unionPath}`;
  const root = schemas.get(id);
  const tag = (root?.["discriminator"] as { propertyName?: string } | undefined)?.propertyName;
  if (root === undefined || tag === undefined) return out;
  for (const branch of root.oneOf ?? []) {
    if (branch.$ref === undefined) continue;
    const variant = resolveRef(branch.$ref, id, schemas).schema;
    const property = variant.properties?.[tag];
    const values = property?.const !== undefined ? [property.const] : (property?.enum ?? []);
    for (const value of values) if (typeof value === "string" && variant.title !== undefined) out.set(value, variant.title);
  }
  return out;
}

interface InputUnion {
  readonly title: string;
  readonly tag: string;
  readonly variants: Map<string, string>;
}

/** The family's input unions: top-level `*input*.schema.json` files with a discriminator. */
function inputUnionsOf(schemas: ReadonlyMap<string, Schema>, family: string): InputUnion[] {
  const prefix = `https://claude-hook-protocol.dev/schemas/${family}/`;
  const out: InputUnion[] = [];
  for (const [id, schema] of schemas) {
    const name = id.slice(prefix.length);
    if (!id.startsWith(prefix) || name.includes("/") || !name.includes("input")) continue;
    const tag = (schema["discriminator"] as { propertyName?: string } | undefined)?.propertyName;
    if (tag === undefined || schema.title === undefined) continue;
    out.push({ title: schema.title, tag, variants: variantsByTag(schemas, `${family}/${name}`) });
  }
  return out;
}

export interface RecordedPayloads {
  /** Each hook input (as the union root's title, and as its event's own input title). */
  readonly inputs: TypesRequest[];
  /** Each exit-0 output that parses as JSON, as the family's output title. */
  readonly outputs: TypesRequest[];
}

/**
 * Every recorded hook input (`hooks[].stdin_first`, `stdin_more`) and every
 * exit-0 stdout of a scenario's hooks that parses as JSON, under
 * test/observer/, each as a request for its family's schema: every input
 * union of the family (`schemas/<family>/*input*.schema.json` with a
 * discriminator) whose tag the input carries, and that tag's variant; with
 * none, the event's own `hook-input/<event>.schema.json` or
 * `input/<event>.schema.json`. The output
 * `schemas/<family>/hook-output.schema.json` (or `output.schema.json`; without
 * either, the event's own `hook-output/<event>.schema.json` or
 * `output/<event>.schema.json`).
 */
export function recordedPayloads(schemas: ReadonlyMap<string, Schema>): RecordedPayloads {
  const families = new Set([...schemas.keys()].map((id) => id.replace("https://claude-hook-protocol.dev/schemas/", "").split("/")).filter((p) => p.length > 1).map((p) => p[0]!));
  const inputs: TypesRequest[] = [];
  const outputs: TypesRequest[] = [];
  const inputUnions = new Map<string, InputUnion[]>();
  for (const path of walkJson(join(repoRoot, "test/observer"))) {
    const family = familyOfRecording(path, families);
    if (family === undefined) continue;
    let file: { event?: unknown; hooks?: unknown; scenario?: { event?: unknown } };
    try {
      file = JSON.parse(readFileSync(path, "utf8")) as typeof file;
    } catch {
      continue;
    }
    if (!Array.isArray(file.hooks)) continue;
    const origin = path.slice(repoRoot.length);
    if (!inputUnions.has(family)) inputUnions.set(family, inputUnionsOf(schemas, family));
    const unions = inputUnions.get(family)!;
    const scenarioEvent = typeof file.event === "string" ? file.event : typeof file.scenario?.event === "string" ? file.scenario.event : undefined;
    file.hooks.forEach((hook: Record<string, unknown>, index: number) => {
      const where = `${origin} hooks[${index}]`;
      const event = typeof hook["event"] === "string" ? hook["event"] : scenarioEvent;
      const received = [hook["stdin_first"], ...(Array.isArray(hook["stdin_more"]) ? hook["stdin_more"] : [])];
      for (const input of received) {
        if (input === null || typeof input !== "object" || Array.isArray(input)) continue;
        const json = JSON.stringify(input);
        let matched = false;
        for (const union of unions) {
          const value = (input as Record<string, unknown>)[union.tag];
          const own = typeof value === "string" ? union.variants.get(value) : undefined;
          if (own === undefined) continue;
          inputs.push({ type: union.title, json, origin: where }, { type: own, json, origin: where });
          matched = true;
        }
        // No union names this input's event: the event's own input schema, if any.
        const own = matched || event === undefined ? undefined : titleAt(schemas, `${family}/hook-input/${kebab(event)}.schema.json`, `${family}/input/${kebab(event)}.schema.json`);
        if (own !== undefined) inputs.push({ type: own, json, origin: where });
      }
      const stdout = hook["stdout"];
      const exit = hook["exit"] ?? 0;
      if (typeof stdout !== "string" || exit !== 0) return;
      try {
        JSON.parse(stdout);
      } catch {
        return;
      }
      const perEvent = event === undefined ? [] : [`${family}/hook-output/${kebab(event)}.schema.json`, `${family}/output/${kebab(event)}.schema.json`];
      const output = titleAt(schemas, `${family}/hook-output.schema.json`, `${family}/output.schema.json`, ...perEvent);
      if (output !== undefined) outputs.push({ type: output, json: stdout, origin: where });
    });
  }
  return { inputs, outputs };
}

/** Titles of every schema whose family is not `rust/` (the types protocol's titles). */
export function typeTitles(schemas: ReadonlyMap<string, Schema>): string[] {
  return [...schemas.values()]
    .filter((schema) => schema.$id !== undefined && schema.title !== undefined && inTypeModel(schema.$id.slice(schema.$id.indexOf("/schemas/") + "/schemas/".length)))
    .map((schema) => schema.title!)
    .sort();
}

const otherKind = (value: unknown): unknown =>
  typeof value === "string" ? 17 : typeof value === "number" ? "17" : typeof value === "boolean" ? "true" : value === null ? false : Array.isArray(value) ? {} : [];

/**
 * Variants of `value` with one change each (a key removed, a value of
 * another JSON kind, an unknown key added), at the top and one level down:
 * the caller keeps those its schema refuses.
 */
export function mutations(value: unknown): unknown[] {
  if (value === null || typeof value !== "object" || Array.isArray(value)) return [otherKind(value)];
  const object = value as Record<string, unknown>;
  const out: unknown[] = [{ ...object, zz_unknown_key: 1 }, []];
  for (const [key, field] of Object.entries(object)) {
    const { [key]: _removed, ...rest } = object;
    out.push(rest, { ...object, [key]: otherKind(field) });
    // serde's map form of a unit enum variant: `{"deny": null}` for `"deny"`.
    if (typeof field === "string") out.push({ ...object, [key]: { [field]: null } });
    if (field !== null && typeof field === "object" && !Array.isArray(field)) {
      for (const inner of Object.keys(field).slice(0, 3)) {
        const { [inner]: _gone, ...less } = field as Record<string, unknown>;
        out.push({ ...object, [key]: less }, { ...object, [key]: { ...(field as object), [inner]: otherKind((field as Record<string, unknown>)[inner]) } });
      }
    }
  }
  return out;
}
