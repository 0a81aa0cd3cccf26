/**
 * schemas/codex/ against the schemas Codex CLI 0.171.0 embeds
 * (test/observer/codex/embedded-schemas): the same keys and required keys
 * everywhere; the only differences are the ones docs/codex.md lists, each
 * decided by a recording (open inputs, nullable strings and enums,
 * hookEventName as an enum).
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

type Obj = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- schema documents
const EMBEDDED = "test/observer/codex/embedded-schemas";
const read = (file: string): Obj => JSON.parse(readFileSync(file, "utf8")) as Obj;
const embedded = readdirSync(EMBEDDED).filter((f) => f.endsWith(".schema.json")).map((f) => read(join(EMBEDDED, f)));
const resolve = (doc: Obj, node: Obj): Obj => {
  const ref = node["$ref"] ?? node["allOf"]?.[0]?.["$ref"];
  return typeof ref === "string" && ref.startsWith("#/definitions/") ? doc["definitions"][ref.slice(14)] : node;
};
/** Our nested schema behind `{anyOf: [{$ref: file}, null]}`. */
const ours = (from: string, node: Obj): Obj => read(join(from, node["anyOf"][0]["$ref"]));

test("every embedded schema has ours, with the same keys and the same required keys", () => {
  assert.equal(embedded.length, 23);
  for (const schema of embedded) {
    const [event, , kind] = (schema["title"] as string).split(".");
    const file = `schemas/codex/${kind}/${event}.schema.json`;
    const mine = read(file);
    assert.deepEqual(Object.keys(mine["properties"]).sort(), Object.keys(schema["properties"]).sort(), file);
    assert.deepEqual([...(mine["required"] ?? [])].sort(), [...(schema["required"] ?? [])].sort(), `${file} required`);
    const hso = schema["properties"]["hookSpecificOutput"];
    if (hso !== undefined) {
      const theirs = resolve(schema, hso);
      const mineHso = ours("schemas/codex/output", mine["properties"]["hookSpecificOutput"]);
      assert.deepEqual(Object.keys(mineHso["properties"]).sort(), Object.keys(theirs["properties"]).sort(), `${file} hookSpecificOutput`);
      assert.deepEqual(mineHso["required"], theirs["required"]);
      assert.equal(mineHso["additionalProperties"], false);
      const decision = theirs["properties"]["decision"];
      if (decision !== undefined) {
        const theirDecision = resolve(schema, decision);
        const myDecision = ours("schemas/codex/hook-specific-output", mineHso["properties"]["decision"]);
        assert.deepEqual(Object.keys(myDecision["properties"]).sort(), Object.keys(theirDecision["properties"]).sort());
        assert.deepEqual(myDecision["required"], theirDecision["required"]);
      }
    }
  }
});

test("the differences are exactly the documented ones", () => {
  for (const schema of embedded) {
    const [event, , kind] = (schema["title"] as string).split(".");
    const mine = read(`schemas/codex/${kind}/${event}.schema.json`);
    assert.equal(schema["additionalProperties"], false);
    // Inputs: open, so a hook validating its stdin survives a new Codex field; outputs: closed as Codex reads them.
    assert.equal(mine["additionalProperties"], kind === "input");
    for (const [key, theirs] of Object.entries(schema["properties"] as Obj)) {
      const t = resolve(schema, theirs as Obj);
      const m = mine["properties"][key] as Obj;
      if (kind === "output" && t["enum"] !== undefined) {
        // serde Option<enum>: null accepted (cx-pre-decision-null-deny).
        assert.deepEqual(m["enum"], [...t["enum"], null], `${event}.${key}`);
      } else if (kind === "output" && (theirs as Obj)["default"] === null && t["type"] === "string") {
        // serde Option<String>: null is accepted as absent (cx-pre-sysmsg-null-deny, cx-pre-null-reason-deny).
        assert.deepEqual(m["type"], ["string", "null"], `${event}.${key}`);
      } else if (t["type"] === "boolean") {
        // A null boolean makes the whole output invalid (cx-pre-continue-null-deny).
        assert.equal(m["type"], "boolean", `${event}.${key}`);
      } else if (key === "hook_event_name") {
        assert.equal(m["const"], t["const"]);
      }
    }
  }
  const hso = read("schemas/codex/hook-specific-output/pre-tool-use.schema.json");
  // const PreToolUse in the binary; any output-bearing event name in the recordings (cx-pre-*-event-name-deny), not SessionEnd.
  assert.equal(hso["properties"]["hookEventName"]["enum"].length, 11);
  assert.ok(!hso["properties"]["hookEventName"]["enum"].includes("SessionEnd"));
});
