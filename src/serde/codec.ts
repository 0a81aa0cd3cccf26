/**
 * The serde-exact reader and writer of the Rust family, over a serde model
 * given as data: `readRust` accepts exactly what `serde_json::from_str`
 * accepts (same value, same error text and position), `writeRust` prints
 * exactly what `serde_json::to_string` prints (serde_json 1.0.149).
 */
import { JsonDeserializer } from "./json-deserializer.js";
import { SerdeFailure, toSerdeError, type SerdeError } from "./errors.js";
import type { SerdeModel } from "./model.js";
import { ModelReader, valueSeed } from "./model-de.js";
import { ModelWriter } from "./model-ser.js";
import type { Seed } from "./de.js";
import { writeSerdeValue } from "./value.js";

export type ReadResult<T = unknown> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly error: SerdeError };

export interface RustCodec {
  /** `serde_json::from_str::<T>(text)`; never throws on bad text. */
  read(typeName: string, text: string): ReadResult;
  /** `serde_json::to_string(&value)`; throws a TypeError when `value` does not have the type's shape. */
  write(typeName: string, value: unknown): string;
  /** The model's Rust name for a type name (`HookOutput`, `RustHookOutput`, `ClaudePreToolUseOutput`). */
  resolve(typeName: string): string;
}

/** `serde_json::Value` is built in; every other name comes from the model. */
export const VALUE_TYPE = "Value";

export function readWithSeed<T>(seed: Seed<T>, text: string): ReadResult<T> {
  // A JS string cannot hold invalid UTF-8; lone surrogates become U+FFFD here, as a &str would need.
  const de = JsonDeserializer.fromText(text);
  try {
    const value = seed(de);
    de.end();
    return { ok: true, value };
  } catch (e) {
    if (e instanceof SerdeFailure) return { ok: false, error: toSerdeError(e) };
    throw e;
  }
}

export function createRustCodec(model: SerdeModel): RustCodec {
  const reader = new ModelReader(model);
  const writer = new ModelWriter(model);
  const resolved = new Map<string, string>();
  const resolve = (typeName: string): string => {
    const known = resolved.get(typeName);
    if (known !== undefined) return known;
    let found: string | undefined;
    if (typeName === VALUE_TYPE || Object.prototype.hasOwnProperty.call(model, typeName)) found = typeName;
    else {
      for (const type of Object.values(model)) {
        if (type.schemaTitle === typeName || type.schemaTitle === `Rust${typeName}`) found = type.rustName;
      }
    }
    if (found === undefined) throw new TypeError(`unknown Rust type name: ${typeName}`);
    resolved.set(typeName, found);
    return found;
  };
  return {
    resolve,
    read(typeName, text) {
      const rustName = resolve(typeName);
      return readWithSeed(rustName === VALUE_TYPE ? valueSeed : reader.seedFor(rustName), text);
    },
    write(typeName, value) {
      const rustName = resolve(typeName);
      return rustName === VALUE_TYPE ? writeSerdeValue(value) : writer.write(rustName, value);
    },
  };
}
