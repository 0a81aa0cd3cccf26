/**
 * Where Qwen Code 0.24.4's hook timer cannot hold a timeout: its
 * readCommandHookTimeout reads a number (or text holding one), seconds below
 * 1000 and milliseconds from 1000 up (to-03), and hands the milliseconds to
 * Node's setTimeout unchecked; past Node's limit (2147483647 ms) Node fires
 * after 1 ms (TimeoutOverflowWarning), the hook times out and fails open.
 * Recorded: 2147483647 works; 2147483648, "2147483648" and 1e10 fire at once
 * (qw-num-timeout-*). Below 1000 (seconds) the milliseconds stay under 10^6.
 */

/** Node's timer limit (ms). */
export const QWEN_TIMER_LIMIT_MS = 2 ** 31 - 1;

/** The milliseconds Qwen Code hands its timer for `timeout` when they are past Node's limit (it then fires after 1 ms); null otherwise. */
export function qwenTimeoutPastTimerLimit(timeout: unknown): number | null {
  const value = typeof timeout === "string" && timeout.trim() !== "" ? Number(timeout) : timeout;
  if (typeof value !== "number" || !Number.isFinite(value) || value <= 0) return null;
  const ms = value >= 1000 ? value : value * 1000;
  return ms > QWEN_TIMER_LIMIT_MS ? ms : null;
}
