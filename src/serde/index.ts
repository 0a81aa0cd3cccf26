/**
 * The serde-exact reader/writer of the Rust family (exomonad-core 0.1.0,
 * serde_json 1.0.149): what `claude-hook-protocol/serde` exports
 * (src/entry/serde.ts). Helpers such as `compareUtf8` or `formatF64` stay in
 * their modules.
 */
import { createRustCodec, type ReadResult, type WriteResult } from "./codec.js";
import { serdeModel } from "./default-model.js";
import type { RustTypes } from "./rust-types.js";

export { createRustCodec, VALUE_TYPE, type ReadResult, type RustCodec, type RustCodecOptions, type WriteResult } from "./codec.js";
export { serdeModel };
export type { SerdeModel } from "./model.js";
export { formatSerdeError, type SerdeError, type SerdeErrorCode, type SerdeErrorKind } from "./errors.js";
export {
  fromPlainJson,
  toPlainJson,
  writeSerdeValue,
  SerdeFloat,
  SerdeInteger,
  type SerdeArray,
  type SerdeObject,
  type SerdeValue,
} from "./value.js";
export { RUST_HOOK_SPECIFIC_OUTPUT_EVENTS } from "../../generated/names.js";

export type {
  RustHookOutput,
  RustHookSpecificOutput,
  RustPermissionDecision,
  RustToolPermission,
  RustTypes,
} from "./rust-types.js";

/** The protocol's type names (`HookOutput` is the envelope `ClaudePreToolUseOutput`). */
export type RustTypeName = keyof RustTypes;

const rustCodec = createRustCodec(serdeModel);

/**
 * `serde_json::from_str::<T>(text)` for the exomonad-core hook output types.
 * Also takes Rust names (`ClaudePreToolUseOutput`) and schema titles
 * (`RustHookOutput`), untyped.
 */
export function readRust<N extends RustTypeName>(typeName: N, text: string): ReadResult<RustTypes[N]>;
export function readRust(typeName: string, text: string): ReadResult;
export function readRust(typeName: string, text: string): ReadResult {
  return rustCodec.read(typeName, text);
}

/**
 * `serde_json::to_string(&value)` (serde_json 1.0.149) for the exomonad-core
 * hook output types: `{ok: true, value: text}`, or an error value when the
 * value has not the type's shape or contains itself. Never throws.
 */
export function writeRust<N extends RustTypeName>(typeName: N, value: RustTypes[N]): WriteResult;
export function writeRust(typeName: string, value: unknown): WriteResult;
export function writeRust(typeName: string, value: unknown): WriteResult {
  return rustCodec.write(typeName, value);
}
