/**
 * One hook's result as Gemini CLI 0.61.0 reads it (hookRunner
 * `executeCommandHook`): `stdout.trim()`, or `stderr.trim()` when stdout is
 * empty; JSON when it parses to an object (an array counts, and has no
 * fields), a JSON string parsed once more; anything else that fails to parse
 * is plain text, turned into an output by the exit code (0: allow + the text
 * as systemMessage, 1: the same with `Warning: `, other: deny with the text
 * as reason). A JSON number, boolean or null is no output at all. A timed-out
 * hook has no output. Never throws.
 */
import { toNullPrototype, type JsonObject } from "../json/value.js";
import { plainTextWarning } from "./texts.js";

export type OutputKind =
  /** Nothing to read (both streams empty after trimming), a timeout, or JSON that is not an object. */
  | "none"
  | "json"
  | "text";

export interface HookReading {
  readonly kind: OutputKind;
  /** The output the merge gets (null-prototype), or null when there is none. */
  readonly output: JsonObject | null;
  /** Which stream the text came from. */
  readonly stream: "stdout" | "stderr" | null;
  /** The trimmed text that was parsed. */
  readonly text: string;
  /** Why JSON-looking text was read as plain text, or why parsed JSON was not used; null otherwise. */
  readonly note: string | null;
  /** Gemini CLI counts the hook as failed (exit code other than 0, a timeout): the user is warned. */
  readonly failed: boolean;
}

/** The exit code as the CLI keeps it: `exitCode || 0`, so a signal death (null) counts as 0. */
export function effectiveExit(exit: number | null): number {
  return exit === null || exit === 0 ? 0 : exit;
}

function parse(text: string): { ok: true; value: unknown } | { ok: false; message: string } {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch (e) {
    return { ok: false, message: e instanceof Error ? e.message : String(e) };
  }
}

function plainText(text: string, exit: number): JsonObject {
  const output = Object.create(null) as JsonObject;
  if (exit === 0) {
    output["decision"] = "allow";
    output["systemMessage"] = text;
  } else if (exit === 1) {
    output["decision"] = "allow";
    output["systemMessage"] = plainTextWarning(text);
  } else {
    output["decision"] = "deny";
    output["reason"] = text;
  }
  return output;
}

export function readHookOutput(result: { readonly exit: number | null; readonly stdout: string; readonly stderr: string; readonly timed_out?: boolean }): HookReading {
  const exit = effectiveExit(result.exit);
  if (result.timed_out === true) return { kind: "none", output: null, stream: null, text: "", note: "timed out: the output is discarded", failed: true };
  const failed = exit !== 0;
  const out = result.stdout.trim();
  const text = out !== "" ? out : result.stderr.trim();
  const stream = out !== "" ? "stdout" : text !== "" ? "stderr" : null;
  if (text === "") return { kind: "none", output: null, stream: null, text, note: null, failed };
  let parsed = parse(text);
  if (parsed.ok && typeof parsed.value === "string") parsed = parse(parsed.value);
  if (!parsed.ok) {
    const note = text.startsWith("{") || text.startsWith("[") || text.startsWith('"') ? `not JSON (${parsed.message}): read as plain text` : null;
    return { kind: "text", output: plainText(text, exit), stream, text, note, failed };
  }
  const value = parsed.value;
  if (value === null || typeof value !== "object") {
    return { kind: "none", output: null, stream, text, note: `JSON ${value === null ? "null" : typeof value}: not an output, ignored`, failed };
  }
  // An array is an object to the CLI: an output without fields.
  const output = Array.isArray(value) ? (Object.create(null) as JsonObject) : (toNullPrototype(value) as JsonObject);
  return { kind: "json", output, stream, text, note: Array.isArray(value) ? "a JSON array: an output without fields" : null, failed };
}
