/**
 * serde's data-error messages (`de::Error::invalid_type`, `missing_field`, ...)
 * and the `Unexpected` texts they embed, worded exactly as serde 1.0.228 /
 * serde_json 1.0.149 print them.
 */
import { dataFailure, type SerdeFailure } from "./errors.js";
import { formatF64 } from "./number-text.js";

/** What a visitor was handed that it did not expect (serde's `de::Unexpected`). */
export type Unexpected =
  | { readonly kind: "bool"; readonly value: boolean }
  | { readonly kind: "unsigned"; readonly value: bigint }
  | { readonly kind: "signed"; readonly value: bigint }
  | { readonly kind: "float"; readonly value: number }
  | { readonly kind: "str"; readonly value: string }
  | { readonly kind: "unit" }
  | { readonly kind: "option" }
  | { readonly kind: "seq" }
  | { readonly kind: "map" }
  | { readonly kind: "unit-variant" };

// Rust's `char::escape_debug` leaves a char raw when it is printable: not in
// Cc/Cf/Cs/Co/Cn/Zl/Zp/Zs (space excepted) and not grapheme-extending.
const RUST_DEBUG_ESCAPED = /[\p{Cc}\p{Cf}\p{Cs}\p{Co}\p{Cn}\p{Zl}\p{Zp}\p{Zs}\p{Grapheme_Extend}]/u;

/** Rust's `{:?}` of a `str`: quoted, with Rust's escapes (`\u{7}`, `\0`, `\"`). */
export function rustDebugString(value: string): string {
  let out = '"';
  for (const ch of value) {
    switch (ch) {
      case "\0": out += "\\0"; break;
      case "\t": out += "\\t"; break;
      case "\r": out += "\\r"; break;
      case "\n": out += "\\n"; break;
      case "\\": out += "\\\\"; break;
      case '"': out += '\\"'; break;
      default:
        if (ch !== " " && RUST_DEBUG_ESCAPED.test(ch)) {
          out += `\\u{${(ch.codePointAt(0) ?? 0).toString(16)}}`;
        } else {
          out += ch;
        }
    }
  }
  return out + '"';
}

export function describeUnexpected(unexpected: Unexpected): string {
  switch (unexpected.kind) {
    case "bool": return `boolean \`${unexpected.value}\``;
    case "unsigned":
    case "signed": return `integer \`${unexpected.value}\``;
    case "float": return `floating point \`${formatF64(unexpected.value)}\``;
    case "str": return `string ${rustDebugString(unexpected.value)}`;
    // serde_json words `Unexpected::Unit` as "null" in its own `invalid_type`.
    case "unit": return "null";
    case "option": return "Option value";
    case "seq": return "sequence";
    case "map": return "map";
    case "unit-variant": return "unit variant";
  }
}

export function invalidType(unexpected: Unexpected, expected: string): SerdeFailure {
  return dataFailure("invalid-type", `invalid type: ${describeUnexpected(unexpected)}, expected ${expected}`);
}

export function invalidValue(unexpected: Unexpected, expected: string): SerdeFailure {
  return dataFailure("invalid-value", `invalid value: ${describeUnexpected(unexpected)}, expected ${expected}`);
}

export function invalidLength(length: number, expected: string): SerdeFailure {
  return dataFailure("invalid-length", `invalid length ${length}, expected ${expected}`);
}

/** serde's `OneOf` list: "`a`", "`a` or `b`", "one of `a`, `b`, `c`". */
function oneOf(names: readonly string[]): string {
  if (names.length === 1) return `\`${names[0]}\``;
  if (names.length === 2) return `\`${names[0]}\` or \`${names[1]}\``;
  return `one of ${names.map((n) => `\`${n}\``).join(", ")}`;
}

export function unknownVariant(variant: string, expected: readonly string[]): SerdeFailure {
  return dataFailure(
    "unknown-variant",
    expected.length === 0
      ? `unknown variant \`${variant}\`, there are no variants`
      : `unknown variant \`${variant}\`, expected ${oneOf(expected)}`,
  );
}

export function missingField(field: string): SerdeFailure {
  return dataFailure("missing-field", `missing field \`${field}\``);
}

export function duplicateField(field: string): SerdeFailure {
  return dataFailure("duplicate-field", `duplicate field \`${field}\``);
}

/** serde's `ExpectedInSeq` / `ExpectedInMap`. */
export function elementsIn(count: number, container: "sequence" | "map"): string {
  return count === 1 ? `1 element in ${container}` : `${count} elements in ${container}`;
}
