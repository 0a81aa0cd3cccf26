/**
 * The serde reader/writer API: typed values under wire names, errors as
 * values, the writer from hand-built values, number text and key order.
 * Expected serde texts are the oracle's (see test/vectors/serde).
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import {
  createRustCodec,
  formatSerdeError,
  fromPlainJson,
  readRust,
  SerdeFloat,
  SerdeInteger,
  toPlainJson,
  writeRust,
} from "../src/entry/serde.js";
// internals, not on the public surface
import { formatF64 } from "../src/serde/number-text.js";
import { compareUtf8 } from "../src/serde/value.js";
import type { SerdeModel } from "../src/serde/model.js";
import { readFileSync } from "node:fs";
import { writeRustText } from "./lib/write-rust.js";

test("typed values use the wire names; None leaves the key out; the tag comes first", () => {
  const result = readRust(
    "HookOutput",
    '{"hookSpecificOutput":{"permissionDecision":{"deny":null},"hookEventName":"PreToolUse","permissionDecisionReason":null},"stopReason":null,"suppressOutput":false}',
  );
  assert.deepEqual(result, {
    ok: true,
    value: { continue: true, suppressOutput: false, hookSpecificOutput: { hookEventName: "PreToolUse", permissionDecision: "deny" } },
  });
  assert.deepEqual(readRust("PermissionDecision", '{"message":"m","behavior":"deny"}'), {
    ok: true,
    value: { behavior: "deny", message: "m", interrupt: false },
  });
  assert.deepEqual(readRust("ToolPermission", '{"ask":null}'), { ok: true, value: "ask" });
  assert.deepEqual(readRust("HookSpecificOutput", '["Notification"]'), { ok: true, value: { hookEventName: "Notification" } });
});

test("updatedInput is a SerdeValue: exact integers, floats kept apart, objects as Maps", () => {
  const result = readRust("PermissionDecision", '{"behavior":"allow","updatedInput":{"n":18446744073709551615,"f":1.0,"s":"x","a":[null,true]}}');
  assert.ok(result.ok);
  assert.ok(result.value.behavior === "allow");
  const input = result.value.updatedInput;
  assert.ok(input instanceof Map);
  assert.deepEqual(input.get("n"), new SerdeInteger(18446744073709551615n));
  assert.deepEqual(input.get("f"), new SerdeFloat(1));
  assert.deepEqual(toPlainJson(input), { a: [null, true], f: 1, n: 18446744073709552000, s: "x" });
});

test("errors are the package's error value: code, JSON Pointer path, serde's Display text, the position structured", () => {
  const syntax = readRust("HookOutput", '{"continue":tru}');
  assert.deepEqual(syntax, {
    ok: false,
    error: { code: "expected-some-ident", kind: "syntax", path: "/continue", message: "expected ident at line 1 column 16", position: { line: 1, column: 16 } },
  });
  const eof = readRust("HookOutput", "");
  assert.deepEqual(eof, {
    ok: false,
    error: { code: "eof-while-parsing-value", kind: "eof", path: "", message: "EOF while parsing a value at line 1 column 0", position: { line: 1, column: 0 } },
  });
  const buffered = readRust("HookSpecificOutput", '{"hookEventName":"PreToolUse"}');
  assert.deepEqual(buffered, { ok: false, error: { code: "missing-field", kind: "data", path: "", message: "missing field `permissionDecision`" } });
  assert.ok(!buffered.ok);
  assert.equal(formatSerdeError(buffered.error), "missing field `permissionDecision`");
  const located = readRust("HookOutput", '{"hookSpecificOutput":{"hookEventName":"PreToolUse"}}');
  assert.ok(!located.ok);
  assert.equal(located.error.message, "missing field `permissionDecision` at line 1 column 53");
  assert.deepEqual(located.error.position, { line: 1, column: 53 });
  // Errors from a buffered body have no position; the path still says where they are.
  const nested = readRust("HookSpecificOutput", '{"hookEventName":"PermissionRequest","decision":{"behavior":"deny","message":5}}');
  assert.deepEqual(nested, {
    ok: false,
    error: { code: "invalid-type", kind: "data", path: "/decision/message", message: "invalid type: integer `5`, expected a string" },
  });
  const arrayForm = readRust("HookSpecificOutput", '["PreToolUse","allow",null,[1,"\\udc00"]]');
  assert.ok(!arrayForm.ok);
  assert.equal(arrayForm.error.path, "/3/1");
  const variant = readRust("HookSpecificOutput", '{"hookEventName":"Foo"}');
  assert.ok(!variant.ok);
  assert.equal(variant.error.code, "unknown-variant");
  assert.equal(
    variant.error.message,
    "unknown variant `Foo`, expected one of `PreToolUse`, `PostToolUse`, `UserPromptSubmit`, `SessionStart`, `PermissionRequest`, `Stop`, `SubagentStop`, `Notification`, `PreCompact`, `SessionEnd` at line 1 column 22",
  );
});

test("an unknown type name is an error value, not a throw", () => {
  assert.deepEqual(readRust("NoSuchType", "{}"), {
    ok: false,
    error: { code: "unknown-type", kind: "usage", path: "", message: "unknown Rust type name: NoSuchType" },
  });
});

test("the writer prints serde_json's text for hand-built typed values", () => {
  assert.equal(writeRustText("HookOutput", { continue: true }), '{"continue":true}');
  assert.equal(
    writeRustText("HookOutput", {
      systemMessage: "m",
      hookSpecificOutput: { permissionDecision: "allow", hookEventName: "PreToolUse", updatedInput: { z: 1, a: 2.5, "\u00e9": [1e21] } },
      continue: false,
    }),
    '{"continue":false,"systemMessage":"m","hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"allow","updatedInput":{"a":2.5,"z":1,"\u00e9":[1e+21]}}}',
  );
  assert.equal(writeRustText("PermissionDecision", { behavior: "deny", message: "no", interrupt: false }), '{"behavior":"deny","message":"no","interrupt":false}');
  assert.equal(writeRustText("HookSpecificOutput", { hookEventName: "SessionEnd" }), '{"hookEventName":"SessionEnd"}');
  assert.equal(writeRustText("ToolPermission", "ask"), '"ask"');
  assert.equal(writeRustText("Value", new Map<string, SerdeFloat | SerdeInteger>([["b", new SerdeFloat(-0)], ["a", new SerdeInteger(-9223372036854775808n)]])), '{"a":-9223372036854775808,"b":-0.0}');
});

test("the writer refuses values that do not have the type's shape, as an error value", () => {
  const refused = (typeName: string, value: unknown): string => {
    const written = writeRust(typeName, value);
    assert.ok(!written.ok, `${typeName}: ${JSON.stringify(value)} written`);
    return `${written.error.code}: ${written.error.message}`;
  };
  assert.equal(refused("ToolPermission", "ALLOW"), 'unwritable-value: writeRust: ToolPermission must be one of "allow", "deny", "ask"');
  assert.match(refused("HookSpecificOutput", { hookEventName: "Nope" }), /^unwritable-value: writeRust: HookSpecificOutput\.hookEventName must name a variant/);
  assert.equal(refused("HookOutput", { continue: "yes" }), "unwritable-value: writeRust: ClaudePreToolUseOutput.continue must be a boolean");
  assert.match(refused("PermissionDecision", { behavior: "deny" }), /^unwritable-value: /);
  assert.equal(refused("NoSuchType", {}), "unknown-type: unknown Rust type name: NoSuchType");
});

test("float text follows serde_json 1.0.149 (zmij)", () => {
  const cases: [number, string][] = [
    [1, "1.0"], [-0, "-0.0"], [0, "0.0"], [1e15, "1000000000000000.0"], [1e16, "1e+16"], [1e21, "1e+21"], [1.2e41, "1.2e+41"],
    [1e-5, "0.00001"], [1e-6, "1e-6"], [1.7976931348623157e308, "1.7976931348623157e+308"], [5e-324, "5e-324"], [0.1, "0.1"], [123.456, "123.456"],
  ];
  for (const [value, text] of cases) assert.equal(formatF64(value), text, String(value));
});

test("keys order by UTF-8 bytes, not UTF-16 units", () => {
  const keys = ["\ud83d\ude00", "\uff21", "\u00e9", "a", "Z", "9", "10"];
  assert.deepEqual([...keys].sort(compareUtf8), ["10", "9", "Z", "a", "\u00e9", "\uff21", "\ud83d\ude00"]);
});

test("fromPlainJson reads JS values as serde_json would read JSON.stringify of them", () => {
  assert.deepEqual(fromPlainJson({ a: 1, b: 1.5, c: -0, d: 1e21, e: NaN, f: undefined, g: [undefined] }), new Map<string, unknown>([
    ["a", new SerdeInteger(1n)], ["b", new SerdeFloat(1.5)], ["c", new SerdeInteger(0n)], ["d", new SerdeFloat(1e21)], ["e", null], ["g", [null]],
  ]) as never);
});

test("a codec can be built from any serde model given as data", () => {
  const fixture = JSON.parse(readFileSync(new URL("./fixtures/exomonad-serde-model.json", import.meta.url), "utf8")) as { model: SerdeModel };
  const codec = createRustCodec(fixture.model);
  assert.equal(codec.resolve("HookOutput"), "ClaudePreToolUseOutput");
  assert.equal(codec.resolve("RustHookSpecificOutput"), "HookSpecificOutput");
  const read = codec.read("ClaudePreToolUseOutput", "{}");
  assert.ok(read.ok);
  assert.equal(writeRustText("HookOutput", read.value, codec), '{"continue":true}');
  assert.equal(codec.resolve("Nope"), undefined);
  const unknown = codec.read("Nope", "{}");
  assert.ok(!unknown.ok);
  assert.equal(unknown.error.code, "unknown-type");
});
