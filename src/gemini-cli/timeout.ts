/**
 * A hook `timeout` as Gemini CLI 0.61.0 reads it: the one place the runner,
 * lint and install take it from. The settings are read with JSON.parse (after
 * strip-json-comments), so the number is the literal's JS value, and the CLI
 * hands it to Node's setTimeout unchecked. Node fires after 1 ms for what is
 * not, once made a number, at least 1 and at most 2147483647 (its 32-bit
 * timer limit; past it with a TimeoutOverflowWarning): the hook then always
 * times out and fails open. Recorded: 0, -1, "abc", 0.5 fail; "5000" works;
 * null takes the default (gp-cfg-timeout-*); 2147483647 works, 2147483648,
 * 2147483647.5, 1e10, "2147483648" and 1e400 (Infinity) fire at once
 * (gp-num-timeout-*).
 */
import type { JsonValue } from "../json/value.js";

/** Node's timer limit (ms). */
export const GEMINI_TIMER_LIMIT_MS = 2 ** 31 - 1;

export type GeminiTimeout =
  | { readonly kind: "ms"; readonly ms: number; readonly asText: boolean }
  | { readonly kind: "default" }
  /** setTimeout fires after 1 ms: the hook always times out and fails open. `pastLimit`: above Node's limit rather than under 1. */
  | { readonly kind: "fires-at-once"; readonly pastLimit: boolean };

/** A handler's `timeout` value (as JSON.parse gave it) as Gemini CLI's timer reads it. */
export function readGeminiTimeout(value: JsonValue | undefined): GeminiTimeout {
  if (value === undefined || value === null) return { kind: "default" };
  // setTimeout's `after *= 1`: text that holds a number is that number; anything else is NaN
  const ms = typeof value === "string" ? Number(value) : typeof value === "number" ? value : Number.NaN;
  if (ms >= 1 && ms <= GEMINI_TIMER_LIMIT_MS) return { kind: "ms", ms, asText: typeof value === "string" };
  return { kind: "fires-at-once", pastLimit: ms > GEMINI_TIMER_LIMIT_MS };
}

/** The same from the literal as written in settings.json (`5000`, `1e400`, `"5000"`); null: absent. Text that is not JSON fires at once (Gemini would not read the file at all). */
export function readGeminiTimeoutLiteral(literal: string | null): GeminiTimeout {
  if (literal === null) return { kind: "default" };
  try {
    return readGeminiTimeout(JSON.parse(literal) as JsonValue);
  } catch {
    return { kind: "fires-at-once", pastLimit: false };
  }
}
