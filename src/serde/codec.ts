/**
 * The serde-exact reader and writer of the Rust family, over a serde model
 * given as data: `readRust` accepts exactly what `serde_json::from_str`
 * accepts (same value, same error text and position), `writeRust` prints
 * exactly what `serde_json::to_string` prints (serde_json 1.0.149).
 */
import { fromStr, type ReadResult } from "./from-str.js";
import type { SerdeModel } from "./model.js";
import { ModelReader } from "./model-de.js";
import { FastModelReader, readCommonCase } from "./model-fast.js";
import { ModelWriter } from "./model-ser.js";
import { writeSerdeValue } from "./value.js";
import { unknownTypeError, usageError, type SerdeError } from "./errors.js";

export type { ReadResult } from "./from-str.js";

/** `serde_json::to_string`'s text, or why the value cannot be written (an error value, as reading gives). */
export type WriteResult = { readonly ok: true; readonly value: string } | { readonly ok: false; readonly error: SerdeError };
/** `serde_json::from_str` with any seed (a `Deserialize` impl). */
export { fromStr as readWithSeed } from "./from-str.js";

export interface RustCodecOptions {
  /**
   * serde_json's `raw_value` feature: a `Value` object whose first key is
   * `$serde_json::private::RawValue` is read as the JSON text of its string
   * value. On in exomonad's real build (a dependency enables it), off in the
   * serde oracle and by default here.
   */
  readonly rawValue?: boolean;
}

export interface RustCodec {
  /** `serde_json::from_str::<T>(text)`; never throws (an unknown type name is an `unknown-type` error value, a text that is not a string `invalid-argument`). */
  read(typeName: string, text: string): ReadResult;
  /** `serde_json::to_string(&value)`; never throws (a value without the type's shape, or that contains itself, is an `unwritable-value` error value). */
  write(typeName: string, value: unknown): WriteResult;
  /** The model's Rust name for a type name (`HookOutput`, `RustHookOutput`, `ClaudePreToolUseOutput`); undefined when it has none. */
  resolve(typeName: string): string | undefined;
}

/** `serde_json::Value` is built in; every other name comes from the model. */
export const VALUE_TYPE = "Value";

export function createRustCodec(model: SerdeModel, options: RustCodecOptions = {}): RustCodec {
  const reader = new ModelReader(model, options.rawValue ?? false);
  const fast = new FastModelReader(model, options.rawValue ?? false);
  const writer = new ModelWriter(model);
  const resolved = new Map<string, string>();
  const resolve = (typeName: string): string | undefined => {
    if (typeof typeName !== "string") return undefined; // a look-up: any other value names no type
    const known = resolved.get(typeName);
    if (known !== undefined) return known;
    let found: string | undefined;
    if (typeName === VALUE_TYPE) found = typeName;
    else {
      // a model given from JavaScript may be anything (null, a Proxy that throws): it then has no such type
      try {
        if (Object.prototype.hasOwnProperty.call(model, typeName)) found = typeName;
        else {
          for (const type of Object.values(model)) {
            if (type.schemaTitle === typeName || type.schemaTitle === `Rust${typeName}`) found = type.rustName;
          }
        }
      } catch {
        return undefined;
      }
    }
    if (found !== undefined) resolved.set(typeName, found);
    return found;
  };
  return {
    resolve,
    read(typeName, text) {
      const rustName = typeof typeName === "string" ? resolve(typeName) : undefined;
      if (rustName === undefined) return { ok: false, error: unknownTypeError(typeName) };
      if (typeof text !== "string") return { ok: false, error: usageError("invalid-argument", `readRust: the text must be a string, not ${text === null ? "null" : typeof text}`) };
      try {
        // The common case straight from the text; anything else (errors included) through the serde port.
        if (rustName === VALUE_TYPE) return readCommonCase(fast.readValue, text) ?? fromStr(reader.valueSeed, text);
        const fastRead = fast.readerFor(rustName);
        return (fastRead && readCommonCase(fastRead, text)) ?? fromStr(reader.seedFor(rustName), text);
      } catch (e) {
        // not serde's error (the reader's own bug, or a stack exhausted): still a value
        return { ok: false, error: usageError("invalid-argument", `readRust: ${e instanceof Error ? e.message : "the text cannot be read"}`) };
      }
    },
    write(typeName, value) {
      const rustName = typeof typeName === "string" ? resolve(typeName) : undefined;
      if (rustName === undefined) return { ok: false, error: unknownTypeError(typeName) };
      try {
        return { ok: true, value: rustName === VALUE_TYPE ? writeSerdeValue(value) : writer.write(rustName, value) };
      } catch (e) {
        // the writers say what does not fit as a TypeError; a Proxy or getter may throw anything
        const message = e instanceof Error ? e.message : "the value cannot be read";
        return { ok: false, error: usageError("unwritable-value", message.startsWith("writeRust: ") ? message : `writeRust: ${message}`) };
      }
    },
  };
}
