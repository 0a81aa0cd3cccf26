/**
 * Hostile inputs (expected error texts checked against the serde oracle) for the serde reader/writer: a clean value or a clean error
 * (serde_json's own text), never a throw, a hang, a stack overflow or a
 * polluted prototype.
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import { formatSerdeError, fromPlainJson, readRust, SerdeInteger, toPlainJson, writeSerdeValue, type SerdeValue } from "../src/serde/index.js";
import { writeRustText } from "./lib/write-rust.js";

function errorText(type: string, json: string): string {
  const result = readRust(type, json);
  assert.equal(result.ok, false, `expected ${type} to reject`);
  return result.ok ? "" : formatSerdeError(result.error);
}

test("a 10 MB envelope reads and writes back byte for byte", () => {
  const message = "x".repeat(7_000_000);
  const items = Array.from({ length: 500_000 }, (_, i) => String(i)).join(",");
  const json = `{"continue":true,"systemMessage":"${message}","hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"allow","updatedInput":{"items":[${items}]}}}`;
  assert.ok(json.length > 10_000_000);
  const result = readRust("HookOutput", json);
  assert.ok(result.ok);
  assert.equal(writeRustText("HookOutput", result.value), json);
});

test("100,000 nested arrays: recursion limit exceeded, no stack overflow", () => {
  const deep = "[".repeat(100_000) + "]".repeat(100_000);
  assert.equal(errorText("Value", deep), "recursion limit exceeded at line 1 column 128");
  assert.equal(errorText("HookSpecificOutput", `{"hookEventName":"Stop","x":${deep}}`), "recursion limit exceeded at line 1 column 155");
});

test("100,000 nested values under an unknown envelope key are skipped iteratively, as serde_json does", () => {
  const arrays = "[".repeat(100_000) + "]".repeat(100_000);
  const objects = '{"a":'.repeat(100_000) + "1" + "}".repeat(100_000);
  assert.deepEqual(readRust("HookOutput", `{"x":${arrays},"y":${objects},"continue":false}`), { ok: true, value: { continue: false } });
  assert.equal(errorText("HookOutput", `{"x":${"[".repeat(100_000)}`), "EOF while parsing a list at line 1 column 100005");
});

test("a deeply nested value built in code is converted and written without recursion", () => {
  let value: SerdeValue = new SerdeInteger(1n);
  let plain: unknown = { a: 1 };
  for (let i = 0; i < 100_000; i++) {
    value = [value];
    plain = [plain];
  }
  assert.equal(writeSerdeValue(value), "[".repeat(100_000) + "1" + "]".repeat(100_000));
  assert.equal(writeSerdeValue(fromPlainJson(plain)), "[".repeat(100_000) + '{"a":1}' + "]".repeat(100_000));
});

test("lone surrogates: serde's errors for escapes, U+FFFD for a lone surrogate in the JS string itself", () => {
  assert.equal(errorText("Value", '"\\ud800"'), "unexpected end of hex escape at line 1 column 8");
  assert.equal(errorText("Value", '"\\udc00"'), "lone leading surrogate in hex escape at line 1 column 7");
  assert.equal(errorText("HookOutput", '{"systemMessage":"\\ud83d"}'), "unexpected end of hex escape at line 1 column 25");
  // A &str cannot hold a lone surrogate: it reaches the reader as U+FFFD.
  assert.deepEqual(readRust("Value", '"a\ud800b"'), { ok: true, value: "a\ufffdb" });
  // Skipped unknown keys of the envelope accept them, as serde_json does.
  assert.deepEqual(readRust("HookOutput", '{"x":"\\ud800"}'), { ok: true, value: { continue: true } });
});

test("__proto__ and constructor keys in updatedInput are plain data, written back unchanged", () => {
  const json = '{"hookEventName":"PreToolUse","permissionDecision":"allow","updatedInput":{"__proto__":{"polluted":true},"constructor":{"prototype":{"polluted":true}},"toString":1}}';
  const result = readRust("HookSpecificOutput", json);
  assert.ok(result.ok);
  assert.equal(({} as Record<string, unknown>)["polluted"], undefined);
  assert.equal(writeRustText("HookSpecificOutput", result.value), json);
  const input = (result.value as { updatedInput: SerdeValue }).updatedInput;
  const plain = toPlainJson(input) as Record<string, unknown>;
  assert.equal(Object.getPrototypeOf(plain), Object.prototype);
  assert.deepEqual(Object.keys(plain), ["__proto__", "constructor", "toString"]);
  assert.deepEqual(Object.getOwnPropertyDescriptor(plain, "__proto__")?.value, { polluted: true });
  assert.equal(({} as Record<string, unknown>)["polluted"], undefined);
  assert.equal(writeRustText("Value", plain), '{"__proto__":{"polluted":true},"constructor":{"prototype":{"polluted":true}},"toString":1}');
});

test("NUL bytes: escaped NUL round-trips, raw NUL in a string or between tokens is serde's error", () => {
  const ok = readRust("Value", '{"\\u0000":"a\\u0000b"}');
  assert.ok(ok.ok);
  assert.equal(writeRustText("Value", ok.value), '{"\\u0000":"a\\u0000b"}');
  assert.equal(errorText("Value", '"a\u0000b"'), "control character (\\u0000-\\u001F) found while parsing a string at line 1 column 3");
  assert.equal(errorText("Value", "\u0000"), "expected value at line 1 column 1");
  assert.equal(errorText("HookOutput", "{}\u0000"), "trailing characters at line 1 column 3");
});

test("numbers that would lose precision in JS stay exact", () => {
  const result = readRust("Value", "[18446744073709551615,-9223372036854775808,9007199254740993,1e400]");
  assert.equal(result.ok, false);
  const exact = readRust("Value", "[18446744073709551615,-9223372036854775808,9007199254740993]");
  assert.ok(exact.ok);
  assert.deepEqual(exact.value, [new SerdeInteger(18446744073709551615n), new SerdeInteger(-9223372036854775808n), new SerdeInteger(9007199254740993n)]);
  assert.equal(writeRustText("Value", exact.value), "[18446744073709551615,-9223372036854775808,9007199254740993]");
});
