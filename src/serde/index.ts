/** The serde-exact reader/writer of the Rust family (exomonad-core 0.1.0, serde_json 1.0.149). */
import { createRustCodec, type ReadResult } from "./codec.js";
import { serdeModel } from "./default-model.js";

export { createRustCodec, readWithSeed, VALUE_TYPE, type ReadResult, type RustCodec } from "./codec.js";
export { formatSerdeError, type SerdeError, type SerdeErrorCode, type SerdeErrorKind } from "./errors.js";
export { formatF64 } from "./number-text.js";
export {
  compareUtf8,
  fromPlainJson,
  toPlainJson,
  writeSerdeValue,
  SerdeFloat,
  SerdeInteger,
  type SerdeArray,
  type SerdeObject,
  type SerdeValue,
} from "./value.js";

/** Type names: `HookSpecificOutput`, `HookOutput`, `PermissionDecision`, `ToolPermission`, `Value` (or Rust / schema names). */
export type RustTypeName = "HookSpecificOutput" | "HookOutput" | "PermissionDecision" | "ToolPermission" | "Value";

const rustCodec = createRustCodec(serdeModel);

/** `serde_json::from_str::<T>(text)` for the exomonad-core hook output types. */
export function readRust(typeName: RustTypeName | (string & {}), text: string): ReadResult {
  return rustCodec.read(typeName, text);
}

/** `serde_json::to_string(&value)` (serde_json 1.0.149) for the exomonad-core hook output types. */
export function writeRust(typeName: RustTypeName | (string & {}), value: unknown): string {
  return rustCodec.write(typeName, value);
}
