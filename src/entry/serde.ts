/**
 * `claude-hook-protocol/serde`: the Rust family read and written exactly as
 * serde_json 1.0.149 does (exomonad-core 0.1.0's hook output types). Only re-exports.
 */
export { readRust, writeRust, type RustTypeName } from "../serde/index.js";
export { createRustCodec, VALUE_TYPE, type ReadResult, type RustCodec, type RustCodecOptions } from "../serde/codec.js";
export { serdeModel } from "../serde/default-model.js";
export type { SerdeModel } from "../serde/model.js";
export { formatSerdeError, type SerdeError, type SerdeErrorCode, type SerdeErrorKind } from "../serde/errors.js";
export {
  fromPlainJson,
  toPlainJson,
  writeSerdeValue,
  SerdeFloat,
  SerdeInteger,
  type SerdeArray,
  type SerdeObject,
  type SerdeValue,
} from "../serde/value.js";
export { RUST_HOOK_SPECIFIC_OUTPUT_EVENTS } from "../../generated/names.js";
export type {
  RustHookOutput,
  RustHookSpecificOutput,
  RustPermissionDecision,
  RustToolPermission,
  RustTypes,
} from "../serde/rust-types.js";
