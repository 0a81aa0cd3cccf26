/**
 * Comparing a recording with the committed one: the outcome (what an agent did, already
 * normalised) key by key. A key that only one side has is a difference too.
 */

export interface Difference { key: string; stored: unknown; recorded: unknown }

/** JSON with object keys sorted, so that key order never counts as a difference. */
export function canonical(value: unknown): string {
  return JSON.stringify(value, (_k, v: unknown) => {
    if (v === null || typeof v !== "object" || Array.isArray(v)) return v;
    const out: Record<string, unknown> = {};
    for (const k of Object.keys(v).sort()) out[k] = (v as Record<string, unknown>)[k];
    return out;
  }) ?? "undefined";
}

export function compareOutcomes(stored: unknown, recorded: unknown): Difference[] {
  const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === "object" && !Array.isArray(v);
  if (!isObject(stored) || !isObject(recorded)) {
    return canonical(stored) === canonical(recorded) ? [] : [{ key: "(outcome)", stored, recorded }];
  }
  const keys = [...new Set([...Object.keys(stored), ...Object.keys(recorded)])];
  return keys.filter((k) => canonical(stored[k]) !== canonical(recorded[k])).map((k) => ({ key: k, stored: stored[k], recorded: recorded[k] }));
}

/** The lines `--check` prints for one scenario that differs. */
export function describeDifferences(name: string, differences: readonly Difference[]): string[] {
  const lines = [`${name}: DIFFERENT`];
  for (const d of differences) {
    lines.push(`    ${d.key}:`, `      stored:   ${canonical(d.stored)}`, `      recorded: ${canonical(d.recorded)}`);
  }
  return lines;
}

export function summaryLine(same: number, total: number): string {
  return `recorded again: ${same}/${total} same`;
}
