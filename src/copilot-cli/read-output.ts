/**
 * Reading one hook's stdout as GitHub Copilot CLI 1.0.102 does:
 *
 * * One JSON object, surrounding whitespace allowed; anything else (plain
 *   text, a line of text before the JSON, text after it, an array) is ignored
 *   without a notice (pre-09-plain-text, pre-09e-text-then-json, ss-03). A
 *   duplicate key: the last one counts (new-pre-duplicate-key).
 * * Key by key, leniently: a key whose value Copilot cannot use is dropped and
 *   the rest of the output still applies (new-pre-bad-enum-with-context); a
 *   number or boolean where a text is expected is used as its text
 *   (new-pre-deny-reason-number, new-blind-pre-context-boolean).
 * * Unknown keys are ignored; so are `continue`, `stopReason`,
 *   `systemMessage`, `suppressOutput` and legacy `decision` in preToolUse.
 *
 * Never throws: a document too deep for JSON.parse is "invalid", objects are
 * null-prototype (a `__proto__` key is data).
 */
import { isJsonObject, toNullPrototype, type JsonObject, type JsonValue } from "../json/value.js";
import { writeSerdeValue } from "../serde/index.js";
import type { EventRules } from "./events.js";

export type OutputKind = "empty" | "text" | "json" | "invalid";

export interface ParsedStdout {
  readonly output: OutputKind;
  readonly json: JsonObject | null;
}

export function parseHookStdout(stdout: string): ParsedStdout {
  const text = stdout.trim();
  if (text === "") return { output: "empty", json: null };
  if (!text.startsWith("{")) return { output: "text", json: null };
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return { output: "invalid", json: null };
  }
  const value = toNullPrototype(parsed);
  return isJsonObject(value) ? { output: "json", json: value } : { output: "invalid", json: null };
}

/**
 * A text as Copilot's JavaScript side converts a value (`String(value)`): a number
 * or boolean as its text (new-pre-deny-reason-number, new-blind-pre-context-boolean),
 * an object as `[object Object]` (new-blind2-pre-deny-reason-object), an array
 * joined with commas; null (as absent) gives none.
 */
export function textOf(value: JsonValue | undefined): string | undefined {
  if (value === undefined || value === null) return undefined;
  try {
    return jsString(value);
  } catch {
    return undefined; // an array nested deeper than the stack: no text (JavaScript's String() would throw too)
  }
}

function jsString(value: JsonValue): string {
  if (Array.isArray(value)) return value.map((item) => (item === null ? "" : jsString(item))).join(",");
  if (typeof value === "object") return "[object Object]";
  return String(value);
}

/** A value as JSON text, a string as itself (serde_json's compact writing: the key-merged events). */
export function jsonTextOf(value: JsonValue | undefined): string | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value === "string") return value;
  try {
    return writeSerdeValue(value);
  } catch {
    return undefined;
  }
}

/** A value as the event converts it to text (EventRules.valueText). */
export function valueText(value: JsonValue | undefined, conversion: EventRules["valueText"]): string | undefined {
  return conversion === "json-text" ? jsonTextOf(value) : textOf(value);
}

/** A context counts unless its text is empty: `""` adds nothing (new-blind2-pre-empty-context), `0` adds `0` (new-blind3-pre-context-zero). */
export function contextText(value: JsonValue | undefined, conversion: EventRules["valueText"] = "js-string"): string | undefined {
  const text = valueText(value, conversion);
  return text === "" ? undefined : text;
}

function oneOf<T extends string>(value: JsonValue | undefined, allowed: readonly T[]): T | undefined {
  return typeof value === "string" && (allowed as readonly string[]).includes(value) ? (value as T) : undefined;
}

export type PreToolDecision = "allow" | "deny" | "ask";

export interface PreToolAnswer {
  readonly decision: PreToolDecision | undefined;
  readonly reason: string | undefined;
  /** `modifiedArgs` (or a Claude-style `hookSpecificOutput.updatedInput`) as given: the tool reads it (toolArgsOf in merge.ts). */
  readonly rewrite: JsonValue | undefined;
  readonly context: string | undefined;
}

/**
 * preToolUse keys: flat ones in both spellings; a Claude-style hook also has
 * `hookSpecificOutput` read (whose `hookEventName` is never checked: cpre-02d),
 * and a key it has shadows the flat one, even with a value Copilot cannot use
 * (new-blind2-cpre-flat-and-hso-rewrite, new-blind3-cpre-hso-bad-flat-deny,
 * new-blind3-cpre-two-contexts-one-answer).
 */
export function readPreToolAnswer(json: JsonObject | null, claudeStyle: boolean): PreToolAnswer {
  if (json === null) return { decision: undefined, reason: undefined, rewrite: undefined, context: undefined };
  const hso = claudeStyle && isJsonObject(json["hookSpecificOutput"]) ? json["hookSpecificOutput"] : null;
  const pick = <T>(read: (o: JsonObject, key: string) => T | undefined, flatKey: string, hsoKey: string = flatKey): T | undefined =>
    hso !== null && hso[hsoKey] !== undefined ? read(hso, hsoKey) : read(json, flatKey);
  const decision = pick((o, k) => oneOf(o[k], ["allow", "deny", "ask"] as const), "permissionDecision");
  const reason = pick((o, k) => textOf(o[k]), "permissionDecisionReason");
  const context = pick((o, k) => contextText(o[k]), "additionalContext");
  // flat `updatedInput` is ignored in both spellings (pre-12d); the nested one only for Claude-style hooks (cpre-06b)
  const rewrite = pick((o, k) => (o[k] === null ? undefined : o[k]), "modifiedArgs", "updatedInput");
  return { decision, reason, rewrite, context };
}

export interface PostToolAnswer {
  readonly context: string | undefined;
  /**
   * `modifiedResult.textResultForLlm`; a `modifiedResult` that is not an object is ignored (post-03b), one
   * without the text too (new-blind3-post-modified-no-text); a text that is not a string empties the tool
   * message (new-blind4-post-modified-number).
   */
  readonly replacement: string | undefined;
  /** `decision:"block"` with a reason: the reason. */
  readonly blockReason: string | undefined;
}

export function readPostToolAnswer(json: JsonObject | null, rules: EventRules): PostToolAnswer {
  if (json === null) return { context: undefined, replacement: undefined, blockReason: undefined };
  const modified = json["modifiedResult"];
  const text = isJsonObject(modified) ? modified["textResultForLlm"] : undefined;
  return {
    context: contextText(json["additionalContext"], rules.valueText),
    replacement: text === undefined || text === null ? undefined : typeof text === "string" ? text : "",
    blockReason: blockReasonOf(json, rules),
  };
}

/**
 * `decision:"block"` counts with a reason; a block without one does nothing
 * (new-blind-stop-block-no-reason, new-blind2-ups-block-no-reason). Which reasons
 * count is the event's (`EventRules.blockReason`).
 */
export function blockReasonOf(json: JsonObject, rules: EventRules): string | undefined {
  if (json["decision"] !== "block") return undefined;
  const reason = json["reason"];
  if (rules.blockReason === "text") return textOf(reason);
  if (typeof reason !== "string") return undefined;
  return reason === "" && rules.blockReason === "non-empty-string" ? undefined : reason;
}

export function contextOf(json: JsonObject | null, rules: EventRules): string | undefined {
  return json === null ? undefined : contextText(json["additionalContext"], rules.valueText);
}

export function behaviorOf(json: JsonObject): "allow" | "deny" | undefined {
  return oneOf(json["behavior"], ["allow", "deny"] as const);
}
