/**
 * The canonical schemas and the validators generated from them.
 *
 * Layout rules (every file of schemas/): draft-07, `$id`/path/title agree,
 * every property described, union roots in the shape JSTT and Ajv's
 * discriminator need, closed or open as the family says.
 *
 * Behaviour: one valid sample per object schema (test/fixtures/schema-samples.json, an
 * agent's in test/<agent>/schema-samples.json, written from the references or recorded) validates, and copies with a misspelled key,
 * a mistyped value or a wrong tag are rejected; every hook input recorded from
 * real Claude Code 2.1.332 runs validate; 287 recorded hook outputs get the
 * verdict Claude Code gave them (277 accepted, 10 rejected); the Rust family accepts `null` and
 * missing fields exactly where the hand-written serde fixture says serde does.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { join } from "node:path";
import { loadSchemas, resolveRef, type JsonObject, type JsonValue, type LoadedSchema } from "../scripts/lib/schemas.js";
import * as validators from "../generated/validators/index.js";
import type { Validator } from "../generated/validators/index.js";
import { HOOK_EVENTS } from "../generated/names.js";
import { AGENT_FACTS } from "./lib/agent-facts.js";
import { AGENT_NAMES } from "../src/core/agents.js";

const root = fileURLToPath(new URL("..", import.meta.url));
const schemas = loadSchemas(join(root, "schemas"));
const byPath = new Map(schemas.map((schema) => [schema.path, schema]));
const byTitle = new Map(schemas.map((schema) => [schema.title, schema]));
type Samples = Record<string, Record<string, unknown>>;
const samplesIn = (path: string): Samples => (existsSync(join(root, path)) ? (JSON.parse(readFileSync(join(root, path), "utf8")) as { samples: Samples }).samples : {});
/** Each agent's samples (test/<agent>/schema-samples.json), by agent. */
const agentSamples = new Map(AGENT_NAMES.map((agent) => [agent, samplesIn(`test/${agent}/schema-samples.json`)]));
/** Every sample: the ones of no agent's family (test/fixtures/schema-samples.json), then each agent's. */
const samples: Samples = Object.assign({}, samplesIn("test/fixtures/schema-samples.json"), ...agentSamples.values());

function validatorFor(title: string): Validator<unknown> {
  const validator = (validators as unknown as Record<string, Validator<unknown> | undefined>)[`validate${title}`];
  assert.ok(validator, `no validate${title} export`);
  return validator;
}

const isObject = (value: JsonValue | undefined): value is JsonObject => typeof value === "object" && value !== null && !Array.isArray(value);
const kebab = (name: string): string => name.replace(/(?<!^)(?=[A-Z])/g, "-").toLowerCase();
const directoryOf = (path: string): string => path.split("/").slice(0, -1).join("/");
const baseName = (path: string): string => path.split("/").pop()!.replace(/\.schema\.json$/, "");

/** How a file's title is made from its name, per directory: `<prefix><Name><suffix>` (an agent's directories: its test/<agent>/facts.ts). */
const NAMING: Readonly<Record<string, { prefix: string; suffix: string }>> = {
  ...Object.fromEntries([...AGENT_FACTS.values()].flatMap((facts) => Object.entries(facts.schemaNaming))),
  "": { prefix: "", suffix: "" },
  common: { prefix: "", suffix: "" },
  "common/permission-suggestion": { prefix: "permission-", suffix: "-suggestion" },
  rust: { prefix: "rust-", suffix: "" },
  "rust/hook-specific-output": { prefix: "rust-", suffix: "-output" },
  "rust/permission-decision": { prefix: "rust-permission-", suffix: "" },
  install: { prefix: "install-", suffix: "" },
};

test("every schema file: draft-07, $id = base + path, title follows the file name", () => {
  assert.ok(schemas.length >= 90, `only ${schemas.length} schemas`);
  for (const schema of schemas) {
    const naming = NAMING[directoryOf(schema.path)];
    assert.ok(naming, `schemas/${schema.path}: directory has no naming rule (add one: an agent's in its test/<agent>/facts.ts, any other in test/schemas.test.ts)`);
    assert.equal(kebab(schema.title), `${naming.prefix}${baseName(schema.path)}${naming.suffix}`, `schemas/${schema.path}: title ${schema.title}`);
  }
});

/** Every subschema of a file, with a JSON Pointer-ish location. */
function* walk(value: JsonValue, at: string): Generator<[JsonObject, string]> {
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) yield* walk(item, `${at}/${index}`);
  } else if (isObject(value)) {
    yield [value, at];
    for (const [key, child] of Object.entries(value)) {
      if (key === "x-rust" || key === "enum" || key === "const" || key === "default") continue;
      yield* walk(child, `${at}/${key}`);
    }
  }
}

test("every object property has a description, and every schema file too", () => {
  const missing: string[] = [];
  for (const schema of schemas) {
    if (typeof schema.schema["description"] !== "string") missing.push(`schemas/${schema.path}`);
    for (const [node, at] of walk(schema.schema, "#")) {
      if (!isObject(node["properties"])) continue;
      for (const [key, property] of Object.entries(node["properties"])) {
        if (!isObject(property) || typeof property["description"] !== "string" || property["description"].trim() === "") {
          missing.push(`schemas/${schema.path} ${at}/properties/${key}`);
        }
      }
    }
  }
  assert.deepEqual(missing, [], `without a description:\n${missing.join("\n")}`);
});

test("union roots are type object + discriminator + oneOf of $refs, each variant requiring a const tag", () => {
  for (const schema of schemas) {
    const discriminator = schema.schema["discriminator"];
    if (discriminator === undefined) continue;
    assert.equal(schema.schema["type"], "object", schema.path);
    assert.equal(schema.schema["properties"], undefined, `${schema.path}: properties beside oneOf give JSTT an intersection type`);
    assert.equal(schema.schema["required"], undefined, schema.path);
    const tag = (discriminator as JsonObject)["propertyName"] as string;
    const oneOf = schema.schema["oneOf"] as readonly JsonObject[];
    assert.ok(Array.isArray(oneOf) && oneOf.length >= 2, schema.path);
    const seen = new Set<string>();
    for (const branch of oneOf) {
      const variant = byPath.get(resolveRef(schema.path, branch["$ref"] as string));
      assert.ok(variant, `${schema.path}: $ref ${String(branch["$ref"])}`);
      assert.equal(directoryOf(variant.path), schema.path.replace(/\.schema\.json$/, ""), `${variant.path}: variants live in the root's directory`);
      assert.ok((variant.schema["required"] as readonly string[]).includes(tag), `${variant.path}: tag ${tag} not required`);
      const tagSchema = (variant.schema["properties"] as JsonObject)[tag] as JsonObject;
      const values = tagSchema["const"] !== undefined ? [tagSchema["const"]] : (tagSchema["enum"] as readonly JsonValue[]);
      for (const value of values) {
        assert.ok(!seen.has(String(value)), `${schema.path}: tag value ${String(value)} twice`);
        seen.add(String(value));
      }
    }
  }
});

test("open and closed as each family says", () => {
  for (const schema of schemas) {
    const objects = [...walk(schema.schema, "#")].filter(([node]) => node["type"] === "object" && node["discriminator"] === undefined);
    for (const [node, at] of objects) {
      const where = `schemas/${schema.path} ${at}`;
      const additional = node["additionalProperties"];
      if (schema.path.startsWith("rust/")) {
        // serde ignores unknown keys everywhere: the validators accept them, the TS types stay closed.
        assert.equal(additional, undefined, `${where}: Rust-family schemas leave additionalProperties out`);
      } else if (schema.path.startsWith("claude-code/hook-input/") || schema.path.startsWith("common/") && schema.path !== "common/permission-rule-value.schema.json") {
        assert.equal(additional, true, `${where}: inputs allow unknown keys (fields keep arriving)`);
      } else if (schema.path.startsWith("claude-code/settings/")) {
        // A settings file holds keys other than hooks; maps (events, headers) type their values;
        // matcher groups and handlers are closed, so a misspelled key is reported.
        const isMap = isObject(node) && node["properties"] === undefined;
        if (schema.path === "claude-code/settings/hook-settings.schema.json" && at === "#") assert.equal(additional, true, `${where}: the settings file is open`);
        else if (isMap) assert.ok(additional === true || isObject(additional), `${where}: maps say what their values are`);
        else assert.equal(additional, false, `${where}: groups and handlers are closed`);
      } else if (schema.path.startsWith("claude-code/")) {
        const isMap = isObject(node) && node["properties"] === undefined;
        assert.equal(additional, isMap ? true : false, `${where}: ${isMap ? "free-form maps say additionalProperties: true" : "output objects are closed"}`);
      }
    }
  }
});

/** Properties and required keys of an object schema, its `allOf` bases first. */
function shapeOf(schema: LoadedSchema): { properties: Map<string, JsonObject>; required: Set<string>; closed: boolean } {
  const properties = new Map<string, JsonObject>();
  const required = new Set<string>();
  for (const base of (schema.schema["allOf"] as readonly JsonObject[] | undefined) ?? []) {
    const shape = shapeOf(byPath.get(resolveRef(schema.path, base["$ref"] as string))!);
    for (const [key, value] of shape.properties) properties.set(key, value);
    for (const key of shape.required) required.add(key);
  }
  for (const [key, value] of Object.entries((schema.schema["properties"] as JsonObject | undefined) ?? {})) properties.set(key, value as JsonObject);
  for (const key of (schema.schema["required"] as readonly string[] | undefined) ?? []) required.add(key);
  return { properties, required, closed: schema.schema["additionalProperties"] === false };
}

const TAGS = new Set(["hookEventName", "hook_event_name", "behavior", "type"]);
/** A value of another JSON type than `value`. */
function mistyped(value: unknown): unknown {
  if (typeof value === "string") return 12345;
  if (typeof value === "number") return "12345";
  if (typeof value === "boolean") return "true";
  if (Array.isArray(value)) return { not: "an array" };
  if (value === null) return 0;
  return "an object";
}
/** Drops the key's second character: `permissionDecision` -> `prmissionDecision`. */
const misspelled = (key: string): string => key[0] + key.slice(2);
const isAnyJson = (property: JsonObject): boolean => property["tsType"] === "unknown" && property["type"] === undefined;
const explain = (validator: Validator<unknown>): string => JSON.stringify(validator.errors ?? null);

const objectSchemas = schemas.filter((schema) => schema.schema["properties"] !== undefined && !["run-record.schema.json", "merged-result.schema.json"].includes(schema.path) && !schema.path.startsWith("effects"));

test("every object schema has a sample in test/fixtures/schema-samples.json, an agent's in test/<agent>/schema-samples.json", () => {
  const missing = objectSchemas.map((schema) => schema.title).filter((title) => samples[title] === undefined);
  assert.deepEqual(missing, []);
  for (const title of Object.keys(samples)) assert.ok(byTitle.has(title), `sample for unknown title ${title}`);
  for (const [agent, own] of agentSamples) {
    assert.deepEqual(Object.keys(own).filter((title) => !byTitle.get(title)?.path.startsWith(`${agent}/`)), [], `${agent}'s samples are of schemas/${agent}/`);
  }
});

for (const schema of objectSchemas) {
  const sample = samples[schema.title];
  if (sample === undefined) continue;
  test(`${schema.title}: the sample validates; misspelled and mistyped copies are rejected`, () => {
    const validate = validatorFor(schema.title);
    assert.equal(validate(sample), true, `sample rejected: ${explain(validate)}`);
    const { properties, required, closed } = shapeOf(schema);
    for (const [key, value] of Object.entries(sample)) {
      const property = properties.get(key);
      assert.ok(property, `sample key ${key} is not a property of ${schema.title}`);
      if (!isAnyJson(property)) {
        const copy: Record<string, unknown> = { ...sample, [key]: mistyped(value) };
        assert.equal(validate(copy), false, `${key}: ${JSON.stringify(copy[key])} accepted`);
        assert.ok(validate.errors!.some((error) => error.instancePath.startsWith(`/${key}`)), `${key}: errors do not point at it: ${explain(validate)}`);
      }
      if (TAGS.has(key) && property["const"] !== undefined) continue;
      const renamed: Record<string, unknown> = { ...sample, [misspelled(key)]: value };
      delete renamed[key];
      const expectAccepted = !closed && !required.has(key);
      assert.equal(validate(renamed), expectAccepted, `${misspelled(key)} for ${key}: ${expectAccepted ? "open schemas ignore unknown keys" : "must be rejected"} ${explain(validate)}`);
    }
    // The copy is not mutated by validation (no useDefaults).
    assert.deepEqual(sample, samples[schema.title]);
  });
}

/** The union root a variant file belongs to: `x/y/z.schema.json` -> `x/y.schema.json`. */
const rootOf = (variant: LoadedSchema): LoadedSchema | undefined => byPath.get(`${directoryOf(variant.path)}.schema.json`);

test("union roots accept every variant sample and reject a wrong tag with one precise error", () => {
  let checked = 0;
  for (const schema of objectSchemas) {
    const unionRoot = rootOf(schema);
    const sample = samples[schema.title];
    if (unionRoot === undefined || sample === undefined || unionRoot.schema["discriminator"] === undefined) continue;
    const validate = validatorFor(unionRoot.title);
    assert.equal(validate(sample), true, `${unionRoot.title} rejects the ${schema.title} sample: ${explain(validate)}`);
    const tag = (unionRoot.schema["discriminator"] as JsonObject)["propertyName"] as string;
    for (const wrong of [`${String(sample[tag])}x`, String(sample[tag]).toLowerCase() + "_", null, 7]) {
      assert.equal(validate({ ...sample, [tag]: wrong }), false, `${unionRoot.title}: tag ${JSON.stringify(wrong)} accepted`);
      assert.equal(validate.errors!.length, 1, `${unionRoot.title}: ${explain(validate)}`);
    }
    const untagged: Record<string, unknown> = { ...sample };
    delete untagged[tag];
    assert.equal(validate(untagged), false, `${unionRoot.title}: missing tag accepted`);
    checked += 1;
  }
  assert.ok(checked >= 34 + 23 + 10 + 2 + 2 + 3, `only ${checked} variants checked`);
});

test("enum schemas accept their values and reject a changed case", () => {
  for (const title of ["HookEvent", "RustToolPermission", "PermissionUpdateDestination"]) {
    const validate = validatorFor(title);
    for (const value of byTitle.get(title)!.schema["enum"] as readonly string[]) {
      assert.equal(validate(value), true, `${title} ${value}`);
      assert.equal(validate(value.toUpperCase()), false, `${title} ${value.toUpperCase()}`);
    }
    assert.equal(validate(null), false);
  }
});

test("HookEvent is the Agent SDK's HOOK_EVENTS (docs/spec/claude-code-hooks.md §1), and every event has an input variant", () => {
  const sdk = `PreToolUse, PostToolUse, PostToolUseFailure, PostToolBatch, Notification, UserPromptSubmit,
UserPromptExpansion, SessionStart, SessionEnd, Stop, StopFailure, SubagentStart, SubagentStop,
PreCompact, PostCompact, PreModelSwitch, PostModelSwitch, PermissionRequest, PermissionDenied,
Setup, TeammateIdle, TaskCreated, TaskCompleted, Elicitation, ElicitationResult, ConfigChange,
WorktreeCreate, WorktreeRemove, InstructionsLoaded, CwdChanged, FileChanged, DirectoryAdded,
MessageDisplay, PreSkillShellCommand`.split(/,\s*/);
  assert.deepEqual([...HOOK_EVENTS], sdk);
  for (const event of sdk) {
    assert.ok(byTitle.has(`${event}HookInput`), event);
    assert.equal(samples[`${event}HookInput`]?.["hook_event_name"], event);
  }
});

test("every hook input recorded from Claude Code 2.1.332 runs validates as ClaudeCodeHookInput", () => {
  const validate = validatorFor("ClaudeCodeHookInput");
  const dir = join(root, "test/observer/claude-code/observed");
  const events = new Set<string>();
  let count = 0;
  for (const name of readdirSync(dir).sort()) {
    if (!name.endsWith(".json")) continue;
    const observation = JSON.parse(readFileSync(join(dir, name), "utf8")) as { hooks?: { stdin_first?: Record<string, unknown> }[] };
    for (const hook of observation.hooks ?? []) {
      const input = hook.stdin_first;
      // The recorder stores "" when a hook read no JSON from stdin.
      if (typeof input !== "object" || input === null) continue;
      assert.equal(validate(input), true, `${name}: ${explain(validate)}`);
      events.add(String(input["hook_event_name"]));
      count += 1;
    }
  }
  assert.ok(count >= 400, `only ${count} recorded inputs`);
  assert.ok(events.size >= 20, `only ${events.size} events recorded`);
});

test("recorded Claude Code verdicts: an exit-0 JSON output is rejected by ClaudeCodeHookOutput (unknown keys aside) exactly when Claude Code 2.1.332 failed its validation", (t) => {
  const validate = validatorFor("ClaudeCodeHookOutput");
  const dir = join(root, "test/observer/claude-code/observed");
  const tally = { valid: 0, invalid: 0 };
  const disagreements: string[] = [];
  for (const name of readdirSync(dir).sort()) {
    if (!name.endsWith(".json")) continue;
    const observation = JSON.parse(readFileSync(join(dir, name), "utf8")) as { hook_events?: Record<string, unknown>[] };
    for (const event of observation.hook_events ?? []) {
      // Exit 0 only: on exit 2 Claude Code reports stderr, not the validation text.
      if (event["subtype"] !== "hook_response" || event["exit_code"] !== 0) continue;
      const stdout = String(event["stdout"] ?? "").trim();
      if (!stdout.startsWith("{")) continue;
      let value: unknown;
      try {
        value = JSON.parse(stdout);
      } catch {
        continue;
      }
      if (typeof value !== "object" || value === null || Array.isArray(value) || (value as Record<string, unknown>)["async"] === true) continue;
      const rejectedByClaudeCode = /Hook JSON output validation failed/.test(`${String(event["stderr"] ?? "")}${String(event["output"] ?? "")}`);
      validate(value);
      // Claude Code strips unknown keys (zod's default); the reader reports them as warnings.
      const errors = (validate.errors ?? []).filter((error) => error.keyword !== "additionalProperties");
      if ((errors.length > 0) !== rejectedByClaudeCode) disagreements.push(`${name}: Claude Code ${rejectedByClaudeCode ? "rejected" : "accepted"} ${stdout} ${JSON.stringify(errors)}`);
      tally[rejectedByClaudeCode ? "invalid" : "valid"] += 1;
    }
  }
  assert.deepEqual(disagreements, []);
  assert.ok(tally.valid >= 200 && tally.invalid >= 3, JSON.stringify(tally));
  t.diagnostic(`${tally.valid + tally.invalid} recorded exit-0 outputs: ${tally.valid} accepted, ${tally.invalid} rejected, as Claude Code did`);
});

interface FixtureField { readonly wireName: string; readonly type: { readonly kind: string }; readonly default: unknown }
interface FixtureType { readonly schemaTitle: string; readonly kind: string; readonly fields?: readonly FixtureField[]; readonly variants?: readonly { readonly schemaTitle: string; readonly fields: readonly FixtureField[] | null }[] }

test("Rust family: null and missing fields accepted exactly where serde accepts them (serde fixture)", () => {
  const fixture = JSON.parse(readFileSync(join(root, "test/fixtures/exomonad-serde-model.json"), "utf8")) as { model: Record<string, FixtureType> };
  const shapes: { title: string; fields: readonly FixtureField[] }[] = [];
  for (const type of Object.values(fixture.model)) {
    if (type.kind === "struct") shapes.push({ title: type.schemaTitle, fields: type.fields! });
    if (type.kind === "internally-tagged-enum") for (const variant of type.variants!) if (variant.fields !== null) shapes.push({ title: variant.schemaTitle, fields: variant.fields });
  }
  assert.equal(shapes.length, 10);
  for (const { title, fields } of shapes) {
    const validate = validatorFor(title);
    const sample = samples[title]!;
    for (const field of fields) {
      const isOption = field.type.kind === "option";
      assert.equal(validate({ ...sample, [field.wireName]: null }), isOption, `${title}.${field.wireName} = null`);
      const without: Record<string, unknown> = { ...sample };
      delete without[field.wireName];
      assert.equal(validate(without), isOption || field.default !== null, `${title} without ${field.wireName}`);
    }
  }
});

test("Rust family: unit variants and the envelope accept and ignore unknown keys, as serde does", () => {
  for (const [title, value] of [
    ["RustHookSpecificOutput", { hookEventName: "Notification", anything: [1, { deep: true }] }],
    ["RustHookSpecificOutput", { hookEventName: "PreToolUse", permissionDecision: "ask", permission_decision: "x" }],
    ["RustHookOutput", { unknown: 1, continue: true }],
    ["RustHookOutput", {}],
    ["RustPermissionDecision", { behavior: "allow", extra: null }],
  ] as const) {
    const validate = validatorFor(title);
    assert.equal(validate(value), true, `${title} ${JSON.stringify(value)}: ${explain(validate)}`);
  }
  // The default applies only when `continue` is missing: null and "true" are errors in serde.
  for (const wrong of [null, "true", 1]) assert.equal(validators.validateRustHookOutput({ continue: wrong }), false);
});
