/**
 * Reading one hook's stdout exactly as Claude Code 2.1.332 does
 * (claude-code-hooks.md §2.1, corrected by what was measured):
 *
 * 1. stdout is trimmed (String#trim also drops a BOM: observed, probe-v19).
 * 2. Not starting with `{` → plain text (a JSON array or string too).
 * 3. A first line `{"async":true}` → the async announcement: the first line
 *    of stdout as written, before the output is trimmed (a blank line, then
 *    `{"async":true}` is awaited and read whole: probe-a03; see isAsyncAnnouncement).
 * 4. Parse failure → a parse error in JSC's words (pre-30, pre-39, probes) when
 *    the text looks like a JSON object: it ends with `}` (probe-v22 lacks only
 *    its outer brace); else plain text, even after a `"` key (`{nope`:
 *    new-ss-invalid-json; `{"a":`: new-se-malformed-json). Several JSON lines
 *    are a parse error (pre-39), although claude-code-hooks.md §2.1 says
 *    "JSON Lines → plain text".
 * 5. Validation against Claude Code's schema, with its texts (output-shape.ts).
 * 6. `hookEventName` must name the running event; a top-level
 *    `decision:"block"` still applies with the hookSpecificOutput dropped (pre-31, pre-37).
 */
import { isJsonObject, parseJsonAsJsc, stringifyOr, type JsonObject, type JsonValue } from "./jsc-json.js";
import { checkOutputShape, validationFailureText } from "./output-shape.js";
import type { ProtocolError } from "../core/errors.js";
import {
  foreignHookSpecificOutputWarning,
  notAnObjectLine,
  parseErrorText,
  PLAIN_TEXT_LINE,
  unknownKeysWarning,
  wrongEventNameText,
} from "./texts.js";

export type { JsonObject };
/** Re-exported for the package entry point (src/index.ts). */
export { parseErrorText };

/**
 * Why Claude Code would not use a JSON output: `path` is the JSON Pointer of
 * the offending value ("" for the whole output, and for parse errors),
 * `message` Claude Code's text as it appears in the transcript's `hook_non_blocking_error`.
 */
export interface StdoutError extends ProtocolError {
  readonly code: "json-parse" | "json-validation" | "wrong-event-name";
}

export interface StdoutReading {
  /** The seed's `output`: what stdout was. */
  readonly output: "empty" | "text" | "json" | "invalid";
  /** stdout after trimming (what Claude Code uses as plain text). */
  readonly text: string;
  /** The first line announced `{"async":true}`: the hook goes to the background, its decision is not awaited. */
  readonly async: boolean;
  /** The output as Claude Code uses it: validated, unknown keys stripped (null-prototype objects). */
  readonly json: JsonObject | null;
  /** What JSON.parse gave, before validation (null for empty/text/parse errors). */
  readonly parsed: JsonValue | null;
  readonly error: StdoutError | null;
  /** Debug-log lines Claude Code writes while accepting the output. */
  readonly warnings: readonly string[];
  /** For plain text: Claude Code's debug line saying why the output was read as text; null otherwise. */
  readonly plainTextLine: string | null;
}

/** The first line of stdout as the hook wrote it: up to the first newline. */
export function firstLineOf(stdout: string): string {
  const newline = stdout.indexOf("\n");
  return newline === -1 ? stdout : stdout.slice(0, newline);
}

/**
 * Whether this first line of stdout (as written, untrimmed: firstLineOf)
 * announces `{"async":true}`: the hook goes to the background, its decision
 * is not awaited. The one rule for the runner, which watches the stream
 * (src/process/spawn-hook.ts takes it as a predicate), and the reader. Claude
 * Code looks at the first line as written: after a blank first line the
 * announcement is not seen, the hook is awaited and its output read whole
 * (probe-a03); the line itself may have spaces around it.
 */
export function isAsyncAnnouncement(firstLine: string): boolean {
  return announcementIn(firstLine) !== null;
}

function announcementIn(firstLine: string): JsonObject | null {
  const line = firstLine.trim();
  if (!line.startsWith("{")) return null;
  const parsed = parseJsonAsJsc(line);
  return parsed.ok && isJsonObject(parsed.value) && parsed.value["async"] === true ? parsed.value : null;
}

function looksLikeJsonObject(text: string): boolean {
  return text.endsWith("}");
}

/**
 * @param event the running event (`PreToolUse`), for the hookEventName check
 * @param hookName Claude Code's name of the hook, `PreToolUse:Bash` (used in the block-with-foreign-hso warning)
 */
export function readHookStdout(stdout: string, event: string, hookName: string = event): StdoutReading {
  const text = stdout.trim();
  const base = { text, async: false, json: null, parsed: null, error: null, warnings: [] as string[], plainTextLine: null };
  if (text === "") return { ...base, output: "empty" };
  if (!text.startsWith("{")) return { ...base, output: "text", plainTextLine: PLAIN_TEXT_LINE };

  // one line (the usual output): the parse below answers the announcement too, no second parse
  const firstLine = firstLineOf(stdout);
  const oneLine = firstLine.trim().length === text.length;
  const announced = oneLine ? null : announcementIn(firstLine);
  if (announced !== null) return { ...base, output: "json", async: true, json: announced, parsed: announced };

  const parsed = parseJsonAsJsc(text);
  if (!parsed.ok) {
    if (!looksLikeJsonObject(text)) return { ...base, output: "text", plainTextLine: notAnObjectLine(parsed.message) };
    return { ...base, output: "invalid", error: { code: "json-parse", path: "", message: parseErrorText(parsed.message) } };
  }
  const value = parsed.value;
  // text starting with `{` that parses is an object
  if (!isJsonObject(value)) return { ...base, output: "text", plainTextLine: PLAIN_TEXT_LINE };
  if (oneLine && value["async"] === true) return { ...base, output: "json", async: true, json: value, parsed: value };

  const shape = checkOutputShape(value);
  if (!shape.ok) {
    return {
      ...base,
      output: "invalid",
      parsed: value,
      error: { code: "json-validation", path: shape.issue.path, message: validationFailureText(shape.issue, value, text) },
    };
  }
  const warnings: string[] = [];
  if (shape.unknownKeys.length > 0) warnings.push(unknownKeysWarning(shape.unknownKeys));
  const json = shape.value;

  const hso = json["hookSpecificOutput"];
  if (isJsonObject(hso) && hso["hookEventName"] !== event) {
    const named = String(hso["hookEventName"]);
    if (json["decision"] === "block") {
      delete json["hookSpecificOutput"];
      warnings.push(foreignHookSpecificOutputWarning(hookName, named, event));
      return { ...base, output: "json", json, parsed: value, warnings };
    }
    return {
      ...base,
      output: "invalid",
      parsed: value,
      warnings,
      error: {
        code: "wrong-event-name",
        path: "/hookSpecificOutput/hookEventName",
        message: wrongEventNameText(event, named, stringifyOr(json, text, 2)),
      },
    };
  }
  return { ...base, output: "json", json, parsed: value, warnings };
}
