/** `serde_json::from_str`: one value, then only whitespace; failures become error values. */
import type { Seed } from "./de.js";
import { SerdeFailure, toSerdeError, type SerdeError } from "./errors.js";
import { JsonDeserializer } from "./json-deserializer.js";

export type ReadResult<T = unknown> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly error: SerdeError };

export function fromStr<T>(seed: Seed<T>, text: string): ReadResult<T> {
  const read = fromStrOrFailure(seed, text);
  return read.ok ? read : { ok: false, error: toSerdeError(read.failure) };
}

/** `fromStr` with the failure as serde has it (message and position apart), for `map_err(de::Error::custom)`. */
export function fromStrOrFailure<T>(seed: Seed<T>, text: string): { readonly ok: true; readonly value: T } | { readonly ok: false; readonly failure: SerdeFailure } {
  // A JS string cannot hold invalid UTF-8; lone surrogates become U+FFFD here, as a &str would need.
  const de = JsonDeserializer.fromText(text);
  try {
    const value = seed(de);
    de.end();
    return { ok: true, value };
  } catch (e) {
    if (e instanceof SerdeFailure) return { ok: false, failure: e };
    throw e;
  }
}
