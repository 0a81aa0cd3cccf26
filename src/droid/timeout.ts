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
