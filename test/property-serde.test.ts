/**
 * Properties of the serde-exact reader/writer over values generated from the
 * serde model itself (every type of the Rust family, every field, any
 * `serde_json::Value` in `updatedInput`):
 *
 * - read after write is identity on values: `readRust(T, writeRustText(T, v))` gives `v` back;
 * - write after read is identity on canonical text: a canonical text reads and writes back byte for byte;
 * - any accepted spelling of a value (whitespace, key order, unknown keys,
 *   `null` for an absent Option) writes the same canonical text as the value.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import fc from "fast-check";
import { readRust, SerdeFloat, SerdeInteger, type SerdeValue } from "../src/serde/index.js";
import { serdeModel } from "../src/serde/default-model.js";
import type { SerdeField, SerdeFieldType, SerdeType } from "../src/serde/model.js";
import { writeRustText } from "./lib/write-rust.js";

const I64_MIN = -(2n ** 63n);
const U64_MAX = 2n ** 64n - 1n;
const RUNS = 300;

/** Well-formed strings over all of Unicode (a Rust String cannot hold a lone surrogate). */
const text = fc.oneof(fc.string({ unit: "binary", maxLength: 12 }), fc.constantFrom("", "__proto__", "constructor", "\u0000", '"\\/\b\f\n\r\t', "\u2028\ud83d\ude00"));

/**
 * Floats serde_json reads back exactly: the text the writer prints (ryu's
 * shortest digits; plain decimal with `.0` between 1e-5 and 1e16, else
 * `d.ddde±X`) must give serde's parser at most 15 significant digits (that
 * fit 2^53) and a decimal exponent within ±22 (its exact fast path).
 * serde_json without `float_roundtrip` does not read every float text back
 * to the same double: real serde (the in-repo harness and the oracle) reads
 * `1.0837665805811905e-271` as `1.0837665805811904e-271` and its own
 * `3722040957485830.0` as `3722040957485830.5`, and so do we; over all
 * doubles neither identity holds in serde itself.
 */
function serdeReadsExactly(x: number): boolean {
  const [digits, exp] = x.toExponential().split("e") as [string, string];
  const significant = digits.replace(/^-/, "").replace(".", "").length;
  const exponent = Number(exp);
  if (exponent >= -5 && exponent < 16) {
    // plain decimal: an integral value gains a ".0" digit
    return Number.isInteger(x) ? Math.abs(x) * 10 < 2 ** 53 : significant <= 15;
  }
  return significant <= 15 && Math.abs(exponent - (significant - 1)) <= 22;
}
const exactFloat = fc.oneof(
  fc
    .tuple(fc.integer({ min: -(10 ** 15) + 1, max: 10 ** 15 - 1 }), fc.integer({ min: -22, max: 22 }))
    .map(([m, e]) => (e >= 0 ? m * 10 ** e : m / 10 ** -e))
    .filter(serdeReadsExactly),
  fc.constantFrom(0, -0, 1, -1.5, 0.1, 1e21, 1e-7, 123.456, 2 ** 40),
);

/** `serde_json::Value`: exact integers over [i64::MIN, u64::MAX], finite floats, Map objects. */
const serdeValue: fc.Arbitrary<SerdeValue> = fc.letrec<{ value: SerdeValue }>((tie) => ({
  value: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    fc.constant(null),
    fc.boolean(),
    text,
    fc.bigInt({ min: I64_MIN, max: U64_MAX }).map((n) => new SerdeInteger(n)),
    exactFloat.map((x) => new SerdeFloat(x)),
    fc.array(tie("value"), { maxLength: 4 }),
    fc
      .uniqueArray(fc.tuple(text, tie("value")), { maxLength: 4, selector: (entry) => entry[0] })
      .map((entries) => new Map(entries)),
  ),
})).value;

function nullProto(entries: [string, unknown][]): Record<string, unknown> {
  return Object.assign(Object.create(null) as Record<string, unknown>, Object.fromEntries(entries));
}

function typeNamed(rustName: string): SerdeType {
  const type = serdeModel[rustName];
  if (type === undefined) throw new Error(`no type ${rustName} in the serde model`);
  return type;
}

/** A value of a field type as the reader returns it (None is an absent key, handled by the caller). */
function fieldValue(type: SerdeFieldType): fc.Arbitrary<unknown> {
  switch (type.kind) {
    case "bool":
      return fc.boolean();
    case "string":
      return text;
    case "value":
      return serdeValue;
    case "option":
      // Some(Value::Null) is written as null and read back as None: not a value the reader returns
      return type.inner.kind === "value" ? serdeValue.filter((v) => v !== null) : fieldValue(type.inner);
    case "named":
      return typedValue(typeNamed(type.rustName));
  }
}

function fieldsValue(fields: readonly SerdeField[], fixed: [string, unknown][]): fc.Arbitrary<Record<string, unknown>> {
  const parts = fields.map((field) => {
    const value = fieldValue(field.type).map((v): [string, unknown] => [field.wireName, v]);
    return field.type.kind === "option" ? fc.option(value, { nil: undefined }) : value;
  });
  return fc.tuple(...parts).map((entries) => nullProto([...fixed, ...entries.filter((e): e is [string, unknown] => e !== undefined)]));
}

/** A value of a model type, shaped as `readRust` returns it (null-prototype objects, wire names). */
function typedValue(type: SerdeType): fc.Arbitrary<unknown> {
  switch (type.kind) {
    case "unit-enum":
      return fc.constantFrom(...type.variants.map((v) => v.wireName));
    case "struct":
      return fieldsValue(type.fields, []);
    case "internally-tagged-enum":
      return fc.oneof(...type.variants.map((variant) => fieldsValue(variant.fields ?? [], [[type.tag, variant.wireName]])));
  }
}

const TYPE_NAMES = ["HookOutput", "HookSpecificOutput", "PermissionDecision", "ToolPermission"] as const;
const RUST_NAMES: Record<(typeof TYPE_NAMES)[number], string> = {
  HookOutput: "ClaudePreToolUseOutput",
  HookSpecificOutput: "HookSpecificOutput",
  PermissionDecision: "PermissionDecision",
  ToolPermission: "ToolPermission",
};

const typedCase = fc.oneof(
  ...TYPE_NAMES.map((name) => typedValue(typeNamed(RUST_NAMES[name])).map((value) => ({ name: name as string, value }))),
  serdeValue.map((value) => ({ name: "Value", value: value as unknown })),
);

/**
 * The reader's objects compared by content: struct variants come back with a
 * null prototype, unit variants (`{"hookEventName":"PreCompact"}`) as plain
 * objects (src/serde/model-de.ts), and the prototype is not what these
 * properties are about.
 */
function byContent(value: unknown): unknown {
  if (value === null || typeof value !== "object" || value instanceof Map || value instanceof SerdeFloat || value instanceof SerdeInteger) {
    return value instanceof Map ? new Map([...value].map(([k, v]) => [k, byContent(v)])) : value;
  }
  if (Array.isArray(value)) return value.map(byContent);
  return nullProto(Object.entries(value).map(([k, v]) => [k, byContent(v)]));
}

test("the model names every protocol type", () => {
  for (const name of TYPE_NAMES) assert.ok(serdeModel[RUST_NAMES[name]] !== undefined, name);
});

test("read after write is identity on values (every Rust type and serde_json::Value)", () => {
  fc.assert(
    fc.property(typedCase, ({ name, value }) => {
      const text = writeRustText(name, value);
      const read = readRust(name, text);
      assert.ok(read.ok, `${name} ${text}: ${read.ok ? "" : read.error.message}`);
      assert.deepStrictEqual(byContent(read.value), byContent(value));
    }),
    { numRuns: RUNS },
  );
});

test("write after read is identity on canonical text", () => {
  fc.assert(
    fc.property(typedCase, ({ name, value }) => {
      const canonical = writeRustText(name, value);
      const read = readRust(name, canonical);
      assert.ok(read.ok, `${name} ${canonical}`);
      assert.equal(writeRustText(name, read.value), canonical);
    }),
    { numRuns: RUNS },
  );
});

// ---- other spellings of the same value

const whitespace = fc.constantFrom("", " ", "\n", "\t", "\r\n  ");

/** JSON text of a JS value with whitespace anywhere serde allows it, keys in any order. */
function spell(value: unknown, ws: () => string, order: (keys: string[]) => string[]): string {
  if (value === null) return "null";
  if (typeof value === "boolean") return String(value);
  if (typeof value === "string") return JSON.stringify(value);
  if (value instanceof SerdeInteger) return value.value.toString();
  // shortest round-trip text of the same double; serde_json reads it back as that double
  // exponent form: another spelling than the canonical one, digits and exponent within the exact range
  if (value instanceof SerdeFloat) return Object.is(value.value, -0) ? "-0e0" : value.value.toExponential();
  if (Array.isArray(value)) return `[${ws()}${value.map((v) => spell(v, ws, order)).join(`${ws()},${ws()}`)}${ws()}]`;
  const entries = value instanceof Map ? new Map([...value.entries()].map(([k, v]) => [String(k), v])) : new Map(Object.entries(value as object));
  const keys = order([...entries.keys()]);
  return `{${ws()}${keys.map((k) => `${JSON.stringify(k)}${ws()}:${ws()}${spell(entries.get(k), ws, order)}`).join(`${ws()},${ws()}`)}${ws()}}`;
}

/** Adds what serde ignores: unknown keys, `null` for absent Options (top level of a struct only). */
function withIgnored(name: string, value: unknown, extra: boolean): unknown {
  if (!extra || name === "Value" || name === "ToolPermission" || typeof value !== "object" || value === null) return value;
  const out: Record<string, unknown> = Object.assign(Object.create(null) as Record<string, unknown>, value);
  out["x_unknown_key"] = [1, { nested: "ignored" }];
  if (name === "HookOutput" && !("systemMessage" in out)) out["systemMessage"] = null;
  return out;
}

test("every accepted spelling of a value writes that value's canonical text", () => {
  fc.assert(
    fc.property(typedCase, fc.array(whitespace, { minLength: 1, maxLength: 8 }), fc.boolean(), fc.boolean(), ({ name, value }, spaces, reverse, extra) => {
      let i = 0;
      const ws = (): string => spaces[i++ % spaces.length]!;
      const text = spell(withIgnored(name, value, extra), ws, (keys) => (reverse ? keys.reverse() : keys));
      const read = readRust(name, text);
      assert.ok(read.ok, `${name} ${text}: ${read.ok ? "" : read.error.message}`);
      assert.equal(writeRustText(name, read.value), writeRustText(name, value));
    }),
    { numRuns: RUNS },
  );
});
