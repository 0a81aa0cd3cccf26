/**
 * serde_json's `raw_value` feature, which exomonad's real build has on (a
 * dependency enables it) and the serde oracle has off: with
 * `createRustCodec(model, { rawValue: true })` a `Value` object whose first
 * key is `$serde_json::private::RawValue` reads as the JSON text of its
 * string. Expected answers recorded from the oracle rebuilt with
 * `serde_json = { version = "1", features = ["raw_value"] }`.
 * (Without the option the same inputs are ordinary objects: see
 * test/vectors/serde/value-objects.json.)
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import { serdeModel } from "../generated/serde-model.js";
import { createRustCodec, formatSerdeError } from "../src/serde/index.js";
import { writeRustText } from "./lib/write-rust.js";

// [type, json, canonical (accepted) | null, error (rejected) | null]
const RAW_VALUE_ORACLE: [string, string, string | null, string | null][] = [
  ["Value", "{\"$serde_json::private::RawValue\":\"[1,2]\"}", "[1,2]", null],
  ["Value", "{\"$serde_json::private::RawValue\":\"[1,2]\",\"a\":1}", null, "trailing comma at line 1 column 42"],
  ["Value", "{\"a\":1,\"$serde_json::private::RawValue\":\"[1,2]\"}", "{\"$serde_json::private::RawValue\":\"[1,2]\",\"a\":1}", null],
  ["Value", "{\"$serde_json::private::RawValue\":5}", null, "invalid type: integer `5`, expected raw value at line 1 column 35"],
  ["Value", "{\"$serde_json::private::RawValue\":\"[1,\"}", null, "EOF while parsing a value at line 1 column 3"],
  ["Value", "{\"$serde_json::private::RawValue\":\"{\\\"b\\\":1}\"}", "{\"b\":1}", null],
  ["HookSpecificOutput", "{\"hookEventName\":\"PreToolUse\",\"permissionDecision\":\"allow\",\"updatedInput\":{\"$serde_json::private::RawValue\":\"[1,2]\"}}", "{\"hookEventName\":\"PreToolUse\",\"permissionDecision\":\"allow\",\"updatedInput\":[1,2]}", null],
  ["HookSpecificOutput", "{\"hookEventName\":\"PreToolUse\",\"permissionDecision\":\"allow\",\"updatedInput\":{\"$serde_json::private::RawValue\":\"[1,2]\",\"x\":1}}", null, "invalid length 2, expected 1 element in map"],
  ["HookSpecificOutput", "{\"hookEventName\":\"PreToolUse\",\"permissionDecision\":\"allow\",\"updatedInput\":{\"$serde_json::private::RawValue\":\"nul\"}}", null, "EOF while parsing a value at line 1 column 3"],
  ["HookSpecificOutput", "{\"hookEventName\":\"PreToolUse\",\"permissionDecision\":\"allow\",\"updatedInput\":{\"$serde_json::private::RawValue\":7}}", null, "invalid type: integer `7`, expected raw value"],
  ["HookOutput", "{\"hookSpecificOutput\":{\"hookEventName\":\"PreToolUse\",\"permissionDecision\":\"allow\",\"updatedInput\":{\"$serde_json::private::RawValue\":\"1e400\"}}}", null, "number out of range at line 1 column 5"],
  ["Value", "{\"$serde_json::private::RawValue\":\"1 x\"}", null, "trailing characters at line 1 column 3"],
  ["Value", "[{\"$serde_json::private::RawValue\":\"true\"}]", "[true]", null],
  ["Value", "{\"$serde_json::private::RawValue\":\"\\n1\\n\\n x\"}", null, "trailing characters at line 4 column 2"]
];

test("raw_value: the token key reads its string as JSON text, as serde_json with raw_value does", () => {
  const codec = createRustCodec(serdeModel, { rawValue: true });
  for (const [type, json, canonical, error] of RAW_VALUE_ORACLE) {
    const result = codec.read(type, json);
    const actual = result.ok ? { canonical: writeRustText(type, result.value, codec), error: null } : { canonical: null, error: formatSerdeError(result.error) };
    assert.deepEqual(actual, { canonical, error }, json);
  }
});
