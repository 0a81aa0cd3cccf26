/**
 * One hook's process result as Qwen Code 0.24.4 reads it (its hook runner's
 * `close` handler), before any merge: which stream it reads, whether the
 * text is JSON, and the answer object plain text becomes.
 *
 * - exit 2: stderr only (stdout ignored, pre-30); empty stderr: no answer at
 *   all, the hook counts for nothing (pre-28);
 * - any other exit: the trimmed stdout, or the trimmed stderr when stdout is
 *   empty (pre-23); JSON on a non-zero exit is honoured (pre-71);
 * - JSON: an object (a BOM is trimmed away, pre-38); a JSON string is parsed
 *   once more (pre-72); text starting with `{` that does not parse is
 *   ignored with a log line (pre-37), except on exit 2, where it is a reason;
 * - plain text: exit 0 -> `systemMessage` (context on SessionStart and
 *   UserPromptSubmit when it came from stdout), exit 2 -> a deny with the
 *   text as reason, any other code -> an allow with `Warning: <text>` (pre-24);
 * - a timed-out hook is killed and gives no answer (to-01).
 */
import { stripVTControlCharacters } from "node:util";
import { isJsonObject, toNullPrototype, type JsonObject } from "../json/value.js";
import { QWEN_CODE_EVENTS, isQwenCodeEvent } from "./events.js";
import * as T from "./texts.js";

export interface QwenCodeProcessResult {
  readonly exit: number | null;
  readonly stdout: string;
  readonly stderr: string;
  readonly timed_out?: boolean | undefined;
}

/** Qwen's outcome of one hook. */
export type QwenCodeHookOutcome = "success" | "blocking" | "non_blocking_error" | "timeout";

export interface QwenCodeHookReading {
  /** The answer object Qwen merges, or undefined when the hook gave none. */
  readonly output: JsonObject | undefined;
  /** The answer came from JSON (false: built from plain text, or none). */
  readonly json: boolean;
  /** The text started with `{` but was not JSON: ignored. */
  readonly parseFailed: boolean;
  readonly outcome: QwenCodeHookOutcome;
  /** Qwen's error for the hook (it only logs it), or null. */
  readonly error: string | null;
}

const CONTROL_CHARS = /[\u0000-\u001f\u007f-\u009f]/g;

function obj(entries: Record<string, unknown>): JsonObject {
  return Object.assign(Object.create(null) as JsonObject, entries);
}

/** Plain text as an answer (Qwen's `convertPlainTextToHookOutput`). `contextEvent`: set only for stdout. */
function plainTextAnswer(text: string, exitClass: number, contextEvent: string | undefined): JsonObject {
  if (exitClass === 0) {
    if (contextEvent !== undefined && isQwenCodeEvent(contextEvent) && QWEN_CODE_EVENTS[contextEvent].plainTextIsContext) {
      // escape sequences of coloured output never reach the model; stripped per line so newlines survive
      const context = text.split("\n").map((line) => stripVTControlCharacters(line).replace(CONTROL_CHARS, "")).join("\n");
      return obj({ decision: "allow", reason: T.HOOK_EXECUTED_SUCCESSFULLY, hookSpecificOutput: obj({ hookEventName: contextEvent, additionalContext: context }) });
    }
    return obj({ decision: "allow", reason: T.HOOK_EXECUTED_SUCCESSFULLY, systemMessage: text });
  }
  if (exitClass === 1) return obj({ decision: "allow", reason: T.nonBlockingErrorReason(text), systemMessage: T.warningMessage(text) });
  return obj({ decision: "deny", reason: text });
}

type Parsed = { readonly ok: true; readonly value: unknown } | { readonly ok: false };

function parseTwice(text: string): Parsed {
  try {
    let value: unknown = JSON.parse(text);
    if (typeof value === "string") value = JSON.parse(value);
    return { ok: true, value };
  } catch {
    return { ok: false };
  }
}

export function readQwenCodeHook(result: QwenCodeProcessResult, event: string): QwenCodeHookReading {
  if (result.timed_out === true) return { output: undefined, json: false, parseFailed: false, outcome: "timeout", error: "timed out" };
  const exit = result.exit;
  const blocking = exit === 2;
  const outcome: QwenCodeHookOutcome = exit === 0 ? "success" : blocking ? "blocking" : "non_blocking_error";
  const stdoutText = result.stdout.trim();
  const text = blocking ? result.stderr.trim() : stdoutText || result.stderr.trim();
  if (text === "") return { output: undefined, json: false, parseFailed: false, outcome, error: exit === null ? "Hook killed by signal" : null };
  const parsed = parseTwice(text);
  if (parsed.ok) {
    const value = toNullPrototype(parsed.value);
    if (isJsonObject(value)) return { output: value, json: true, parseFailed: false, outcome, error: exit === null ? "Hook killed by signal" : null };
  } else if (!blocking && text.startsWith("{")) {
    return { output: undefined, json: false, parseFailed: true, outcome: "non_blocking_error", error: T.LOG.invalidJsonError };
  }
  const exitClass = blocking ? 2 : exit === 0 ? 0 : 1;
  const fromStdout = !blocking && stdoutText !== "";
  return { output: plainTextAnswer(text, exitClass, fromStdout ? event : undefined), json: false, parseFailed: false, outcome, error: exit === null ? "Hook killed by signal" : null };
}
