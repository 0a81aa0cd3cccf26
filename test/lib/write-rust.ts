/** `writeRust`'s text, for tests that write values known to fit: a failure is an assertion with serde's message. */
import assert from "node:assert/strict";
import { writeRust, type RustCodec } from "../../src/serde/index.js";

export function writeRustText(typeName: string, value: unknown, codec?: RustCodec): string {
  const written = codec === undefined ? writeRust(typeName, value) : codec.write(typeName, value);
  assert.ok(written.ok, written.ok ? "" : `writeRust(${typeName}) failed: ${written.error.message}`);
  return written.value;
}

