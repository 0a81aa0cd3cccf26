/**
 * Reading one hook's stdout exactly as Claude Code 2.1.332 does
 * (claude-code-hooks.md §2.1, corrected by what was measured):
 *
 * 1. stdout is trimmed (String#trim also drops a BOM: observed, probe-v19).
 * 2. Not starting with `{` → plain text (a JSON array or string too).
 * 3. A first line `{"async":true}` → the async announcement.
 * 4. Parse failure → a parse error in JSC's words (pre-30, pre-39, probes) when
 *    the text looks like a JSON object: it ends with `}` or its first key starts
 *    with `"` (probe-v22); else plain text (`{nope`: new-ss-invalid-json,
 *    new-pre-invalid-json-open). Several JSON lines are a parse error (pre-39).
 *    The rule is inferred from those runs; claude-code-hooks.md §2.1 says
 *    "not ending in `}` → plain text" and "JSON Lines → plain text".
 * 5. Validation against Claude Code's schema, with its texts (output-shape.ts).
 * 6. `hookEventName` must name the running event; a top-level
 *    `decision:"block"` still applies with the hookSpecificOutput dropped (pre-31, pre-37).
 */
import { isJsonObject, parseJsonAsJsc, stringifyOr, type JsonObject, type JsonValue } from "./jsc-json.js";
import { checkOutputShape, unknownKeysWarning, validationFailureText } from "./output-shape.js";

export type { JsonObject };

/** Why Claude Code would not use a JSON output. */
export interface StdoutError {
  readonly code: "json-parse" | "json-validation" | "wrong-event-name";
  /** Dotted path of the offending field (`(root)` for the whole output); null for parse errors. */
  readonly path: string | null;
  /** Claude Code's text, as it appears in the transcript's `hook_non_blocking_error`. */
  readonly message: string;
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
}

const PARSE_HINT =
  "Emit the payload with a JSON encoder (jq, ConvertTo-Json, json.dumps) rather than string concatenation so backslashes and quotes inside strings are escaped.";

/** The non-blocking error text of output that starts with `{` but does not parse. */
export function parseErrorText(jscMessage: string): string {
  return `Hook output looks like a JSON object but is not valid JSON — JSON Parse error: ${jscMessage}. ${PARSE_HINT}`;
}

function looksLikeJsonObject(text: string): boolean {
  return text.endsWith("}") || /^\{\s*"/.test(text);
}

/**
 * @param event the running event (`PreToolUse`), for the hookEventName check
 * @param hookName Claude Code's name of the hook, `PreToolUse:Bash` (used in the block-with-foreign-hso warning)
 */
export function readHookStdout(stdout: string, event: string, hookName: string = event): StdoutReading {
  const text = stdout.trim();
  const base = { text, async: false, json: null, parsed: null, error: null, warnings: [] as string[] };
  if (text === "") return { ...base, output: "empty" };
  if (!text.startsWith("{")) return { ...base, output: "text" };

  const firstLine = text.split("\n", 1)[0]!;
  const first = parseJsonAsJsc(firstLine);
  if (first.ok && isJsonObject(first.value) && first.value["async"] === true) {
    return { ...base, output: "json", async: true, json: first.value, parsed: first.value };
  }

  const parsed = parseJsonAsJsc(text);
  if (!parsed.ok) {
    if (!looksLikeJsonObject(text)) return { ...base, output: "text" };
    return { ...base, output: "invalid", error: { code: "json-parse", path: null, message: parseErrorText(parsed.message) } };
  }
  const value = parsed.value;
  if (!isJsonObject(value)) return { ...base, output: "text" };

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
      warnings.push(
        `[WARN] Hook ${hookName} blocked, but its hookSpecificOutput was ignored because it names ${named}, not ${event}. Set hookEventName to ${event} to use it.`,
      );
      return { ...base, output: "json", json, parsed: value, warnings };
    }
    return {
      ...base,
      output: "invalid",
      parsed: value,
      warnings,
      error: {
        code: "wrong-event-name",
        path: "hookSpecificOutput.hookEventName",
        message: `Hook returned incorrect event name: expected '${event}' but got '${named}'. Full stdout: ${stringifyOr(json, text, 2)}`,
      },
    };
  }
  return { ...base, output: "json", json, parsed: value, warnings };
}
