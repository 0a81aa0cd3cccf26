/**
 * Claude Code's wording table (src/claude-code/output-shape.ts) against the
 * generated validator of schemas/claude-code/hook-output.schema.json: they
 * must accept and reject the same outputs. The generated validator is strict
 * (additionalProperties: false); Claude Code strips unknown keys instead, so
 * its `additionalProperties` errors at the top and in hookSpecificOutput must
 * be exactly our unknown-key list (deeper ones Claude Code does not list).
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { validateClaudeCodeHookOutput } from "../../generated/validators/index.js";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { pathToFileURL } from "node:url";
import { CLAUDE_CODE_OUTPUT_FIELDS, CLAUDE_CODE_OUTPUT_UNIONS } from "../../generated/claude-code-output-shape.js";
import {
  CLAUDE_CODE_FIELD_ORDER,
  CLAUDE_CODE_VARIANT_ORDER,
  checkOutputShape,
  createOutputShapeChecker,
  type OutputShapeTables,
} from "../../src/claude-code/output-shape.js";
import { toNullPrototype } from "../../src/claude-code/jsc-json.js";
import { deriveOutputShapeTables, renderOutputShape } from "../../scripts/gen-output-shape.js";
import { loadSchemas, type JsonObject, type LoadedSchema } from "../../scripts/lib/schemas.js";
import { loadMergeVectors } from "../lib/merge-vectors.js";

type Obj = Record<string, unknown>;

function compare(output: Obj, label: string): void {
  const ours = checkOutputShape(toNullPrototype(output) as Parameters<typeof checkOutputShape>[0]);
  const valid = validateClaudeCodeHookOutput(output);
  const errors = valid ? [] : (validateClaudeCodeHookOutput.errors ?? []);
  // Claude Code lists the stripped keys of the output and its hookSpecificOutput only (probe-u01)
  const unknown = errors
    .filter((e) => e.keyword === "additionalProperties" && e.instancePath.split("/").length <= 2)
    .map((e) => [...e.instancePath.split("/").filter(Boolean), String(e.params["additionalProperty"])].join("."));
  const rejected = errors.some((e) => e.keyword !== "additionalProperties");
  assert.equal(ours.ok, !rejected, `${label}: ours ${JSON.stringify(ours)} vs generated ${JSON.stringify(errors)}`);
  if (ours.ok) assert.deepEqual([...ours.unknownKeys].sort(), unknown.sort(), label);
}

const SAMPLE: Record<string, unknown> = {
  boolean: true, string: "s", number: 1, record: { a: 1 }, array: [], unknown: 1, "string-array": ["a"],
  union: { behavior: "allow" },
};
const WRONG: Record<string, unknown> = {
  boolean: "yes", string: 5, number: "1", record: "x", array: {}, "string-array": [1],
  union: "allow",
};

test("every recorded hook output: same verdict, same unknown keys", () => {
  let n = 0;
  for (const { path: f, vector: v } of loadMergeVectors<{ request: { hooks?: { stdout: string }[] } }>("claude-code")) {
    for (const h of v.request.hooks ?? []) {
      let parsed: unknown;
      try {
        parsed = JSON.parse(h.stdout.trim());
      } catch {
        continue;
      }
      if (parsed === null || typeof parsed !== "object" || Array.isArray(parsed) || "async" in parsed) continue;
      compare(parsed as Obj, f);
      n++;
    }
  }
  assert.ok(n > 150, `${n} outputs`);
});

test("every field of every variant, with a right and a wrong value", () => {
  for (const field of CLAUDE_CODE_OUTPUT_FIELDS) {
    const t = field.type;
    if (t.kind === "union") continue;
    const right = t.kind === "enum" ? t.values[0] : SAMPLE[t.kind];
    compare({ [field.name]: right }, `top ${field.name}`);
    compare({ [field.name]: t.kind === "enum" ? "nope" : WRONG[t.kind] }, `top ${field.name} wrong`);
  }
  const variants = CLAUDE_CODE_OUTPUT_UNIONS["ClaudeCodeHookSpecificOutput"]!.variants;
  assert.equal(variants.length, 23);
  for (const { tag: name, fields } of variants) {
    const required = Object.fromEntries(fields.filter((f) => f.required).map((f) => [f.name, SAMPLE[f.type.kind] ?? "s"]));
    compare({ hookSpecificOutput: { hookEventName: name, ...required } }, name);
    compare({ hookSpecificOutput: { hookEventName: name, ...required, bogus: 1 } }, `${name} unknown key`);
    for (const field of fields) {
      const t = field.type;
      const right = t.kind === "enum" ? t.values[0] : SAMPLE[t.kind];
      compare({ hookSpecificOutput: { hookEventName: name, ...required, [field.name]: right } }, `${name}.${field.name}`);
      if (t.kind !== "unknown") {
        const wrong = t.kind === "enum" ? "nope" : WRONG[t.kind];
        compare({ hookSpecificOutput: { hookEventName: name, ...required, [field.name]: wrong } }, `${name}.${field.name} wrong`);
      }
    }
  }
  compare({ hookSpecificOutput: { hookEventName: "PermissionRequest", decision: { behavior: "deny", message: "m", interrupt: true, x: 1 } } }, "decision unknown key");
  compare({ hookSpecificOutput: { hookEventName: "PermissionRequest", decision: { behavior: "maybe" } } }, "bad behavior");
  compare({ hookSpecificOutput: { hookEventName: "Bogus" } }, "bogus event");
  compare({ hookSpecificOutput: { permissionDecision: "deny" } }, "no event name");
  compare({ hookSpecificOutput: "x" }, "hso string");
});

test("Claude Code's order lists name only what the schemas have, and every variant", () => {
  const names = CLAUDE_CODE_OUTPUT_FIELDS.map((f) => f.name);
  for (const name of CLAUDE_CODE_FIELD_ORDER) assert.ok(names.includes(name), `${name} is not a field of hook-output.schema.json`);
  for (const [title, order] of Object.entries(CLAUDE_CODE_VARIANT_ORDER)) {
    const tags = CLAUDE_CODE_OUTPUT_UNIONS[title]?.variants.map((v) => v.tag) ?? [];
    assert.deepEqual([...order].sort(), [...tags].sort(), title);
  }
});

test("first issue and the listed variants follow Claude Code's order, not the schemas'", () => {
  // hook-output.schema.json lists reason after terminalSequence; Claude Code's zod schema right after decision
  const both = checkOutputShape(toNullPrototype({ systemMessage: 1, reason: 2 }) as never);
  assert.deepEqual(both, { ok: false, issue: { code: "json-validation", path: "/reason", message: "reason: expected string, received number" } });
  const bogus = checkOutputShape(toNullPrototype({ hookSpecificOutput: { hookEventName: "Bogus" } }) as never);
  assert.equal(bogus.ok, false);
  if (!bogus.ok) {
    assert.equal(bogus.issue.path, "/hookSpecificOutput/hookEventName");
    assert.equal(bogus.issue.message, 'hookSpecificOutput.hookEventName: expected one of "PreToolUse" | "UserPromptSubmit" | "UserPromptExpansion" | "SessionStart" | "Setup" | "PreModelSwitch" | …');
  }
});

test("permissionDisplay (in Claude Code's schema, malformed values ignored) is not an unknown key", () => {
  const r = checkOutputShape(toNullPrototype({ hookSpecificOutput: { hookEventName: "PreToolUse", permissionDisplay: 5 } }) as never);
  assert.equal(r.ok, true);
  if (r.ok) assert.deepEqual(r.unknownKeys, []);
});

/** The schemas with `edit` applied to a writable copy of the one at `path`. */
function editedSchemas(path: string, edit: (schema: Record<string, any>) => void): LoadedSchema[] {
  return loadSchemas("schemas").map((loaded) => {
    if (loaded.path !== path) return loaded;
    const schema = structuredClone(loaded.schema) as Record<string, any>;
    edit(schema);
    return { ...loaded, schema: schema as JsonObject };
  });
}

test("a schema change flows into the table: a new field and a new enum value are checked", async () => {
  const schemas = editedSchemas("claude-code/hook-specific-output/setup.schema.json", (schema) => {
    schema["properties"]["tabTitle"] = { type: "string", description: "test-only" };
  });
  const pre = editedSchemas("claude-code/hook-specific-output/pre-tool-use.schema.json", (schema) => {
    schema["properties"]["permissionDecision"]["enum"].push("escalate");
  });
  const setupOutput = { hookSpecificOutput: { hookEventName: "Setup", tabTitle: "t" } };
  // today's table: an unknown key, stripped
  const today = checkOutputShape(toNullPrototype(setupOutput) as never);
  assert.ok(today.ok);
  if (today.ok) assert.deepEqual(today.unknownKeys, ["hookSpecificOutput.tabTitle"]);

  // the generated module text, imported as a consumer would
  const dir = mkdtempSync(join(tmpdir(), "output-shape-"));
  try {
    const file = join(dir, "claude-code-output-shape.ts");
    writeFileSync(file, renderOutputShape(deriveOutputShapeTables(schemas)));
    const module = (await import(pathToFileURL(file).href)) as typeof import("../../generated/claude-code-output-shape.js");
    const check = createOutputShapeChecker({ fields: module.CLAUDE_CODE_OUTPUT_FIELDS, unions: module.CLAUDE_CODE_OUTPUT_UNIONS });
    const accepted = check(toNullPrototype(setupOutput) as never);
    assert.ok(accepted.ok);
    if (accepted.ok) {
      assert.deepEqual(accepted.unknownKeys, []);
      assert.equal((accepted.value["hookSpecificOutput"] as Record<string, unknown>)["tabTitle"], "t");
    }
    assert.deepEqual(check(toNullPrototype({ hookSpecificOutput: { hookEventName: "Setup", tabTitle: 1 } }) as never), {
      ok: false,
      issue: { code: "json-validation", path: "/hookSpecificOutput/tabTitle", message: "hookSpecificOutput.tabTitle: expected string, received number" },
    });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }

  const escalate = { hookSpecificOutput: { hookEventName: "PreToolUse", permissionDecision: "escalate" } };
  assert.equal(checkOutputShape(toNullPrototype(escalate) as never).ok, false);
  const tables: OutputShapeTables = deriveOutputShapeTables(pre);
  assert.equal(createOutputShapeChecker(tables)(toNullPrototype(escalate) as never).ok, true);
});

test("the generator fails on a property shape it has no kind for, naming it", () => {
  const schemas = editedSchemas("claude-code/hook-specific-output/setup.schema.json", (schema) => {
    schema["properties"]["odd"] = { type: "null" };
  });
  assert.throws(() => deriveOutputShapeTables(schemas), /setup\.schema\.json property "odd"/);
});
