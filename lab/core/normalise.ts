/**
 * What varies from run to run by nature, replaced by fixed tokens so that two runs of the same
 * scenario give the same recording (the list is stated in lab/README.md):
 *   the run's temp directory -> $TMP, and its name as agents turn it into a folder name -> $TMP_PROJECT;
 *   the model server's port -> 127.0.0.1:<port>;
 *   strings over 64 KiB -> their first 4 KiB and a note (a hook that prints a megabyte).
 * Agent modules add their own (ids, durations) in the outcome they build.
 */

export const STRING_CAP = 65536;
const STRING_HEAD = 4096;

/** Every character but letters and digits as `-`: how Claude Code names a project folder. */
export const folderNameOf = (dir: string): string => dir.replace(/[^a-zA-Z0-9]/g, "-");

export function replaceAll(text: string, from: string, to: string): string {
  return from === "" ? text : text.split(from).join(to);
}

/** The run's paths and port as tokens, in every string of a JSON value. */
export function normaliseRun<T>(value: T, runDir: string): T {
  let text = JSON.stringify(value);
  if (text === undefined) return value;
  text = replaceAll(text, JSON.stringify(runDir).slice(1, -1), "$TMP");
  text = replaceAll(text, folderNameOf(runDir), "$TMP_PROJECT");
  text = text.replace(/127\.0\.0\.1:\d+/g, "127.0.0.1:<port>");
  return capStrings(JSON.parse(text) as T);
}

export function capStrings<T>(value: T): T {
  if (typeof value === "string") {
    return (value.length > STRING_CAP ? `${value.slice(0, STRING_HEAD)}…[${value.length - STRING_HEAD} more characters cut by the oracle; ${value.length} in all]` : value) as T;
  }
  if (Array.isArray(value)) return value.map(capStrings) as T;
  if (value !== null && typeof value === "object") {
    const out: Record<string, unknown> = Object.create(null) as Record<string, unknown>;
    for (const [k, v] of Object.entries(value)) out[k] = capStrings(v);
    return out as T;
  }
  return value;
}

export const UUID_PATTERN = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g;

/** Ids in a JSON value's strings as tokens: `patterns` in order, each with its replacement. */
export function replaceIds<T>(value: T, patterns: readonly [RegExp, string][]): T {
  let text = JSON.stringify(value);
  if (text === undefined) return value;
  for (const [re, token] of patterns) text = text.replace(re, token);
  return JSON.parse(text) as T;
}
