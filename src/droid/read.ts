/**
 * One hook's process result as Factory droid 0.215.0 reads it, before any
 * event rule: the exit code it counts (a timeout or a signal is 1), and the
 * fields it copies out of stdout when the TRIMMED stdout starts with `{` and
 * the WHOLE stdout parses as JSON, on any exit code (pre-06c, pre-p06, post-p17).
 * Everything else in the JSON is ignored; nothing is validated, so a field of
 * another type keeps its value and the merge reads it with JavaScript's
 * truthiness, as droid does.
 */
import { isJsonObject, toNullPrototype, type JsonObject, type JsonValue } from "../json/value.js";

/** What droid keeps of one hook's run (its `HookResult`). */
export interface DroidHookReading {
  /** The exit code droid counts: a timed-out or signalled hook is 1. */
  readonly exitCode: number;
  readonly stdout: string;
  readonly stderr: string;
  /** The stdout parsed (null when it is not JSON starting with `{`). */
  readonly json: JsonObject | null;
  /** Stdout starts with `{` (after trimming) but does not parse: droid logs it and ignores it. */
  readonly parseFailed: boolean;
  readonly continue: JsonValue | undefined;
  readonly stopReason: JsonValue | undefined;
  readonly systemMessage: JsonValue | undefined;
  readonly decision: JsonValue | undefined;
  readonly reason: JsonValue | undefined;
  /** The four fields droid copies from a truthy `hookSpecificOutput` (undefined when it is falsy). */
  readonly hookSpecificOutput: {
    readonly permissionDecision: JsonValue | undefined;
    readonly permissionDecisionReason: JsonValue | undefined;
    readonly additionalContext: JsonValue | undefined;
    readonly updatedInput: JsonValue | undefined;
  } | undefined;
}

export interface DroidProcessResult {
  readonly exit: number | null;
  readonly stdout: string;
  readonly stderr: string;
  readonly timed_out?: boolean | undefined;
}

/** JavaScript truthiness of a JSON value (droid tests fields with `?.x` and `||`). */
export function truthy(value: JsonValue | undefined): boolean {
  return value !== undefined && value !== null && value !== false && value !== 0 && value !== "" && !(typeof value === "number" && Number.isNaN(value));
}

function stringOf(value: JsonValue | undefined): string {
  if (value === undefined) return "undefined";
  if (value === null) return "null";
  if (Array.isArray(value)) return value.map((v) => (v === null || v === undefined ? "" : stringOf(v))).join(",");
  if (typeof value === "object") return "[object Object]";
  return String(value);
}

/** `String(value)` for the texts droid builds from a field of any type; "" for an array nested too deep to print. */
export function jsText(value: JsonValue | undefined): string {
  try {
    return stringOf(value);
  } catch {
    return "";
  }
}

function parseObject(text: string): JsonObject | null | "invalid" {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return "invalid";
  }
  const value = toNullPrototype(raw);
  return isJsonObject(value) ? value : null;
}

/** Property access as JavaScript does it on any JSON value (`"abc".x` is undefined). */
function field(value: JsonValue | undefined, key: string): JsonValue | undefined {
  return isJsonObject(value ?? null) ? (value as JsonObject)[key] : undefined;
}

export function readDroidHook(result: DroidProcessResult): DroidHookReading {
  const exitCode = result.timed_out === true || result.exit === null ? 1 : result.exit;
  const base = { exitCode, stdout: result.stdout, stderr: result.stderr };
  // JavaScript's trim() also drops a BOM; JSON.parse (of the untrimmed text) does not accept one.
  const parsed = result.stdout.trim().startsWith("{") ? parseObject(result.stdout) : null;
  if (parsed === null || parsed === "invalid") {
    return {
      ...base, json: null, parseFailed: parsed === "invalid", continue: undefined, stopReason: undefined,
      systemMessage: undefined, decision: undefined, reason: undefined, hookSpecificOutput: undefined,
    };
  }
  const hso = parsed["hookSpecificOutput"];
  return {
    ...base,
    json: parsed,
    parseFailed: false,
    continue: parsed["continue"],
    stopReason: parsed["stopReason"],
    systemMessage: parsed["systemMessage"],
    decision: parsed["decision"],
    reason: parsed["reason"],
    hookSpecificOutput: truthy(hso)
      ? {
          permissionDecision: field(hso, "permissionDecision"),
          permissionDecisionReason: field(hso, "permissionDecisionReason"),
          additionalContext: field(hso, "additionalContext"),
          updatedInput: field(hso, "updatedInput"),
        }
      : undefined,
  };
}

/** The keys droid's "is this hook JSON?" check knows; stdout JSON with none of them is plain text (ss-p14). */
const HOOK_OUTPUT_KEYS = ["continue", "stopReason", "suppressOutput", "systemMessage", "decision", "reason", "hookSpecificOutput"];

function isHookJson(stdout: string): boolean {
  const trimmed = stdout.trim();
  if (!trimmed.startsWith("{")) return false;
  const parsed = parseObject(trimmed);
  return parsed !== null && parsed !== "invalid" && Object.keys(parsed).some((key) => HOOK_OUTPUT_KEYS.includes(key));
}

/**
 * The context one hook gives SessionStart and UserPromptSubmit: exit 0 only;
 * a non-empty string `additionalContext`, else the trimmed stdout unless it
 * is hook JSON (invalid JSON and JSON without a known key are text: ups-p13, ss-p14).
 */
export function plainContextOf(reading: DroidHookReading): string | undefined {
  if (reading.exitCode !== 0) return undefined;
  const context = reading.hookSpecificOutput?.additionalContext;
  if (typeof context === "string" && context !== "") return context;
  const text = reading.stdout.trim();
  if (text === "" || isHookJson(reading.stdout)) return undefined;
  return text;
}

/** `{...input, ...value}` as JavaScript spreads any value (a string spreads its characters; numbers and booleans nothing). */
export function spreadInto(input: JsonObject, value: JsonValue | undefined): JsonObject {
  const out: JsonObject = Object.assign(Object.create(null) as JsonObject, input);
  if (typeof value === "string") [...value].forEach((ch, i) => (out[String(i)] = ch));
  else if (Array.isArray(value)) value.forEach((v, i) => (out[String(i)] = v));
  else if (isJsonObject(value ?? null)) Object.assign(out, value);
  return out;
}
