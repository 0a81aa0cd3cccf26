/**
 * A hook's configured timeout, read the same way for every agent: a finite
 * number worth at least a millisecond in the agent's unit. Anything else
 * (negative, zero, Infinity from `1e309`, NaN from TOML's `nan`, text) would
 * either never fire or kill the hook at once, losing its answer; the agent's
 * default applies instead and the caller reports the value.
 */
export type ConfiguredTimeout = { readonly ms: number } | { readonly invalid: string } | null;

/** null when no timeout is configured (absent or null): the default applies silently. */
export function configuredTimeout(value: unknown, unit: "s" | "ms", defaultMs: number): ConfiguredTimeout {
  if (value === undefined || value === null) return null;
  const ms = typeof value === "number" ? (unit === "s" ? value * 1000 : value) : Number.NaN;
  if (Number.isFinite(ms) && ms >= 1) return { ms };
  const shown = typeof value === "number" ? String(value) : JSON.stringify(value) ?? String(value);
  const unitName = unit === "s" ? "seconds" : "milliseconds";
  return { invalid: `timeout ${shown.slice(0, 60)} is not a positive number of ${unitName}; the default (${unit === "s" ? defaultMs / 1000 : defaultMs} ${unit}) applies` };
}
