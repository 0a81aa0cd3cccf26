/**
 * Claude Code's wording table (src/claude-code/output-shape.ts) against the
 * generated validator of schemas/claude-code/hook-output.schema.json: they
 * must accept and reject the same outputs. The generated validator is strict
 * (additionalProperties: false); Claude Code strips unknown keys instead, so
 * its `additionalProperties` errors must be exactly our unknown-key list.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { validateClaudeCodeHookOutput } from "../generated/validators.js";
import { checkOutputShape, HOOK_SPECIFIC_VARIANTS, TOP_LEVEL_FIELDS } from "../src/claude-code/output-shape.js";
import { toNullPrototype } from "../src/claude-code/jsc-json.js";

type Obj = Record<string, unknown>;

function compare(output: Obj, label: string): void {
  const ours = checkOutputShape(toNullPrototype(output) as Parameters<typeof checkOutputShape>[0]);
  const valid = validateClaudeCodeHookOutput(output);
  const errors = valid ? [] : (validateClaudeCodeHookOutput.errors ?? []);
  const unknown = errors
    .filter((e) => e.keyword === "additionalProperties")
    .map((e) => [...e.instancePath.split("/").filter(Boolean), String(e.params["additionalProperty"])].join("."));
  const rejected = errors.some((e) => e.keyword !== "additionalProperties");
  assert.equal(ours.ok, !rejected, `${label}: ours ${JSON.stringify(ours)} vs generated ${JSON.stringify(errors)}`);
  if (ours.ok) assert.deepEqual([...ours.unknownKeys].sort(), unknown.sort(), label);
}

const SAMPLE: Record<string, unknown> = {
  boolean: true, string: "s", number: 1, record: { a: 1 }, array: [], unknown: 1, "string-array": ["a"],
  "permission-request-decision": { behavior: "allow" },
};
const WRONG: Record<string, unknown> = {
  boolean: "yes", string: 5, number: "1", record: "x", array: {}, "string-array": [1],
  "permission-request-decision": "allow",
};

test("every recorded hook output: same verdict, same unknown keys", () => {
  let n = 0;
  for (const f of readdirSync("test/vectors/merge").filter((x) => x.endsWith(".json"))) {
    const v = JSON.parse(readFileSync(join("test/vectors/merge", f), "utf8")) as { request: { hooks?: { stdout: string }[] } };
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
  for (const field of TOP_LEVEL_FIELDS) {
    const t = field.type;
    const right = t.kind === "enum" ? t.values[0] : SAMPLE[t.kind];
    compare({ [field.name]: right }, `top ${field.name}`);
    compare({ [field.name]: t.kind === "enum" ? "nope" : WRONG[t.kind] }, `top ${field.name} wrong`);
  }
  for (const [name, fields] of HOOK_SPECIFIC_VARIANTS) {
    const required = Object.fromEntries(fields.filter((f) => f.required === true).map((f) => [f.name, SAMPLE[f.type.kind] ?? "s"]));
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
