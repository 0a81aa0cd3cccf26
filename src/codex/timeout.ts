/**
 * A hook `timeout` as Codex CLI 0.171.0 reads it, from its literal: the one
 * place the runner, lint and install take it from. The literal matters, not
 * the number it spells (`5` and `5.0` are one JS number), so callers pass the
 * value's text as written (src/json/positions.ts `sourceOf`, src/core/toml.ts
 * `literalOf`).
 *
 * Measured (test/observer/codex/observed/cx-num-*, and the serde oracle with
 * Codex's handler type, which agrees on every literal):
 * - hooks.json (serde_json, built with `arbitrary_precision`; handlers are an
 *   internally tagged enum, so the number is buffered first): a literal with a
 *   fraction or an exponent (`5.0`, `1e2`, `1.5`, `0.0`, `1e400`) or past
 *   u64 (`18446744073709551616`) fails as `invalid type: map, expected u64`,
 *   a negative one as `invalid value: integer`, both refusing the WHOLE file;
 *   `-0` reads as 0.
 * - config.toml (toml crate): integers only (`+5`, `5_0`, `0x10` are
 *   integers), not negative; a float, `inf` or `nan`, or a negative integer
 *   sets the whole config.toml aside; past i64 the document does not parse.
 * - 0 is raised to 1 s (`timeout.max(1)`: a slower hook is killed at 1 s and
 *   fails open, cx-num-json-zero-slow-hook, -minus-zero-slow-hook).
 * - above 9223372036854775807 (i64) Codex panics while loading hooks (the
 *   hook's trust hash is written as TOML, whose integers are i64): no turn
 *   runs at all (cx-num-json-i64-max-plus-1, -u64-max).
 */
import * as texts from "./texts.js";
import { tomlInteger } from "../core/toml.js";

/** How Codex reads one timeout literal. `ms` is what the hook gets (`seconds` raised to 1, times 1000; past 2^53 ms it is rounded). */
export type CodexTimeout =
  | { readonly kind: "seconds"; readonly seconds: bigint; readonly ms: number; readonly raisedFromZero: boolean }
  | { readonly kind: "default"; readonly seconds: bigint; readonly ms: number }
  /** serde refuses it: Codex refuses the whole hooks.json, or sets the whole config.toml aside. `message` is serde's. */
  | { readonly kind: "refused"; readonly message: string }
  /** Read, but Codex 0.171.0 panics loading hooks with it: no hook and no turn runs. */
  | { readonly kind: "crashes"; readonly message: string };

/** Codex's default when `timeout` is absent or null. */
export const CODEX_DEFAULT_TIMEOUT_SEC = 600n;

const U64_MAX = 2n ** 64n - 1n;
const I64_MAX = 2n ** 63n - 1n;
const I64_MIN = -(2n ** 63n);

const seconds = (value: bigint): CodexTimeout => {
  if (value > I64_MAX) return { kind: "crashes", message: texts.timeoutCrashesCodex(String(value)) };
  const effective = value < 1n ? 1n : value;
  return { kind: "seconds", seconds: effective, ms: Number(effective) * 1000, raisedFromZero: value === 0n };
};

/**
 * `literal` (the value's text in the file: `5`, `5.0`, `"5"`, `null`) as
 * Codex reads a handler's `timeout` in hooks.json (`syntax` "json") or in
 * config.toml's `[hooks]` ("toml": a TOML token, as src/core/toml.ts keeps
 * it). Absent: pass null.
 */
export function readCodexTimeoutLiteral(literal: string | null, syntax: "json" | "toml"): CodexTimeout {
  if (literal === null || (syntax === "json" && literal === "null")) return { kind: "default", seconds: CODEX_DEFAULT_TIMEOUT_SEC, ms: Number(CODEX_DEFAULT_TIMEOUT_SEC) * 1000 };
  return syntax === "json" ? jsonTimeout(literal.trim()) : tomlTimeout(literal.trim());
}

function jsonTimeout(literal: string): CodexTimeout {
  if (/^-?(?:0|[1-9][0-9]*)$/.test(literal)) {
    // past 20 digits it is past u64 (and i64): no BigInt of a megabyte of digits, which takes minutes
    if (literal.replace(/^-/, "").length > 20) return { kind: "refused", message: texts.SERDE_NUMBER_AS_MAP };
    const value = BigInt(literal);
    if (value === 0n) return seconds(0n);
    // arbitrary_precision: an integer that fits neither u64 nor i64 is kept as text, which reaches u64 as a map
    if (value > U64_MAX || value < I64_MIN) return { kind: "refused", message: texts.SERDE_NUMBER_AS_MAP };
    if (value < 0n) return { kind: "refused", message: texts.serdeNegativeInteger(literal) };
    return seconds(value);
  }
  if (/^-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?$/.test(literal)) return { kind: "refused", message: texts.SERDE_NUMBER_AS_MAP };
  return { kind: "refused", message: texts.serdeNotU64(jsonTypeOf(literal)) };
}

/** serde's name for a JSON value's type, from its text. */
function jsonTypeOf(literal: string): string {
  if (literal.startsWith('"')) return `string ${literal.length > 80 ? `${literal.slice(0, 77)}..."` : literal}`;
  if (literal === "true" || literal === "false") return `boolean \`${literal}\``;
  if (literal.startsWith("[")) return "sequence";
  if (literal.startsWith("{")) return "map";
  return `\`${literal.slice(0, 40)}\``;
}

function tomlTimeout(literal: string): CodexTimeout {
  const value = tomlInteger(literal);
  if (value !== null && (value > I64_MAX || value < I64_MIN)) return { kind: "refused", message: texts.tomlIntegerOutOfRange(literal) };
  if (value !== null) return value < 0n ? { kind: "refused", message: texts.serdeNegativeInteger(String(value)) } : seconds(value);
  if (/^[+-]?(?:inf|nan)$/.test(literal) || /^[+-]?[0-9_]+(?:\.[0-9_]+)?(?:[eE][+-]?[0-9_]+)?$/.test(literal)) return { kind: "refused", message: texts.serdeTomlFloat(literal) };
  return { kind: "refused", message: texts.serdeNotU64(literal.startsWith('"') || literal.startsWith("'") ? `string ${literal.slice(0, 80)}` : `\`${literal.slice(0, 40)}\``) };
}

/** Where a document's number literals come from: src/json/positions.ts `sourceOf` for hooks.json, src/core/toml.ts `literalOf` for config.toml. */
export interface CodexLiterals {
  readonly syntax: "json" | "toml";
  readonly of: (path: readonly (string | number)[]) => string | undefined;
  /** Keys written twice in the object at a path (JSON only: TOML refuses a key twice as it parses). */
  readonly duplicatesOf?: (path: readonly (string | number)[]) => readonly string[];
}

/** A handler's `timeout` (its value `value` at `path`) as Codex reads it; the literal when known, else the value written as JSON. */
export function readCodexHandlerTimeout(value: unknown, path: readonly (string | number)[], literals: CodexLiterals): CodexTimeout {
  if (value === undefined || value === null) return readCodexTimeoutLiteral(null, literals.syntax);
  const literal = literals.of(path) ?? JSON.stringify(value) ?? String(value);
  return readCodexTimeoutLiteral(literal, literals.syntax);
}
