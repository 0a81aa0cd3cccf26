/**
 * Where droid 0.215.0's hook timer cannot hold a timeout: past 2147483.647 s
 * (Node's 2147483647 ms timer limit) droid's timer fires at once: it marks the
 * hook failed (exit 1), and kills it before it answers in some runs, the deny
 * then lost: 2 of 7 recorded runs (2147484 s in one of two runs,
 * 4294968 s; kept for 3000000 s twice, 4294967 s, 1e10 s; 2147483 s
 * completes normally, twice: dr-num-timeout-*). A race no runner can reproduce: the runner honours the
 * timeout and says the deny is not to be counted on; lint flags it.
 */

/** Node's timer limit, in seconds. */
export const DROID_TIMER_LIMIT_SEC = (2 ** 31 - 1) / 1000;

/** The seconds of `timeout` when droid's timer cannot hold them, else null (droid reads numbers only: dr-cfg-timeout-string). */
export function droidTimeoutPastTimerLimit(timeout: unknown): number | null {
  return typeof timeout === "number" && Number.isFinite(timeout) && timeout > DROID_TIMER_LIMIT_SEC ? timeout : null;
}

import { configuredTimeout } from "../process/timeout.js";

/** droid's timeout when a handler sets none (seconds). */
export const DROID_DEFAULT_TIMEOUT_SEC = 60;

export type DroidTimeout =
  | { readonly kind: "ms"; readonly ms: number; readonly pastTimerLimit: boolean }
  /** None, or unusable (0, -1, Infinity: `invalid` says so): droid's default of 60 s. */
  | { readonly kind: "default"; readonly invalid: string | null }
  /** Not a number: droid rejects the file's hooks as a whole (dr-cfg-timeout-string). */
  | { readonly kind: "refused"; readonly message: string };

/**
 * A handler `timeout` as this package reads it for droid (seconds), the one place the runner's
 * config reader and install take it from: text rejects the file; an unusable number takes the
 * default; past Node's timer limit it is held here, but droid may lose the deny (`pastTimerLimit`).
 */
export function readDroidTimeout(value: unknown): DroidTimeout {
  if (value === undefined || value === null) return { kind: "default", invalid: null };
  if (typeof value !== "number") return { kind: "refused", message: `timeout ${(JSON.stringify(value) ?? String(value)).slice(0, 60)} is not a number` };
  const timeout = configuredTimeout(value, "s", DROID_DEFAULT_TIMEOUT_SEC * 1000);
  if (timeout === null || "invalid" in timeout) return { kind: "default", invalid: timeout === null ? null : timeout.invalid };
  return { kind: "ms", ms: timeout.ms, pastTimerLimit: droidTimeoutPastTimerLimit(value) !== null };
}

/** The same from the literal as written in droid's JSON (`10`, `"10"`, `1e400`); null: absent. */
export function readDroidTimeoutLiteral(literal: string | null): DroidTimeout {
  if (literal === null) return readDroidTimeout(undefined);
  try {
    return readDroidTimeout(JSON.parse(literal));
  } catch {
    return { kind: "refused", message: `timeout ${literal.slice(0, 60)} is not JSON` };
  }
}
