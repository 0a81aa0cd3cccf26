/**
 * `claude-hook-protocol/serde`: the Rust family read and written exactly as
 * serde_json 1.0.149 does (exomonad-core 0.1.0's hook output types). The
 * value helpers take any value (src/core/api-boundary.ts): a cycle, a
 * throwing getter or a Proxy is an `invalid-argument` error value at its
 * JSON Pointer. The package's own code uses the unguarded helpers.
 */
import { guardApi } from "../core/api-boundary.js";
import { formatSerdeError as formatTyped, fromPlainJson as fromTyped, toPlainJson as toTyped, writeSerdeValue as writeTyped } from "../serde/index.js";

export * from "../serde/index.js";
/** serde_json's `Display` of an error (its `message`). */
export const formatSerdeError = guardApi("formatSerdeError", [["error", "object"]], (error: Parameters<typeof formatTyped>[0]) => {
  const message = formatTyped(error);
  if (typeof message !== "string") throw new TypeError(`error.message must be a string`);
  return message;
});
export const fromPlainJson = guardApi("fromPlainJson", [["value", "any"]], fromTyped);
export const toPlainJson = guardApi("toPlainJson", [["value", "any"]], toTyped);
export const writeSerdeValue = guardApi("writeSerdeValue", [["value", "any"]], writeTyped);
