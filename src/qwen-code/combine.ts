/**
 * How Qwen Code 0.24.4 combines several hooks' answers into one before the
 * event reads it (its `HookAggregator`), in CONFIGURATION order whatever
 * finished first (pair-20), and the getters the events read it with. The
 * security-relevant consequence: `hookSpecificOutput` keys are copied
 * last-wins, so the LAST hook that sets `permissionDecision` decides
 * (pair-02: deny then allow runs), and `permissionDecision` is read before
 * the top-level `decision` that any `block` turns into a block (pre-14, pair-40).
 *
 * Qwen does not validate answers; property tests such as `"x" in value`
 * throw on a `hookSpecificOutput` that is a string, number or `true`, and a
 * throw anywhere in reading makes the event proceed as if no hook had
 * answered. `HookFailure` is that throw as a value.
 */
import { jsString, spread, truthy } from "../json/js-values.js";
import type { JsonObject, JsonValue } from "../json/value.js";
import type { Combination } from "./events.js";
import { escapeContext, NO_REASON_PROVIDED } from "./texts.js";

/** Reading the answer threw in Qwen (a `hookSpecificOutput` `in` cannot test): the event proceeds as if unanswered. */
export class HookFailure {
  constructor(readonly message: string) {}
}

function obj(): JsonObject {
  return Object.create(null) as JsonObject;
}

/** `key in hookSpecificOutput` as JavaScript does it: false for a falsy value, a TypeError for any other non-object. */
function specificField(answer: JsonObject, key: string): JsonValue | undefined {
  const hso = answer["hookSpecificOutput"];
  if (!truthy(hso)) return undefined;
  if (typeof hso !== "object") throw new HookFailure(`Cannot use 'in' operator to search for '${key}' in ${jsString(hso)}`);
  if (Array.isArray(hso)) return undefined;
  return Object.prototype.hasOwnProperty.call(hso, key) ? (hso as JsonObject)[key] : undefined;
}

function contextOf(answer: JsonObject, contexts: string[]): void {
  const context = specificField(answer, "additionalContext");
  if (typeof context === "string") contexts.push(context);
}

/** Qwen's `mergeWithOrLogic`: any block blocks, reasons joined, hookSpecificOutput keys last-wins, contexts joined. */
function combineOr(answers: readonly JsonObject[]): JsonObject {
  const merged = obj();
  const reasons: JsonValue[] = [];
  const contexts: string[] = [];
  const specific = obj();
  let block = false;
  let stop = false;
  let stopReason: JsonValue | undefined;
  for (const answer of answers) {
    if (answer["decision"] === "block" || answer["decision"] === "deny") block = true;
    if (truthy(answer["reason"])) reasons.push(answer["reason"]!);
    if (answer["continue"] === false) {
      stop = true;
      if (truthy(answer["stopReason"])) stopReason = answer["stopReason"];
    }
    contextOf(answer, contexts);
    const hso = answer["hookSpecificOutput"];
    if (truthy(hso) && typeof hso === "object") {
      for (const [key, value] of Object.entries(hso as JsonObject)) if (key !== "additionalContext" && key !== "artifacts") specific[key] = value;
    }
    if (answer["suppressOutput"] !== undefined) merged["suppressOutput"] = answer["suppressOutput"];
    if (answer["systemMessage"] !== undefined) merged["systemMessage"] = answer["systemMessage"];
  }
  if (block) merged["decision"] = "block";
  else if (answers.some((a) => a["decision"] === "allow")) merged["decision"] = "allow";
  if (reasons.length > 0) merged["reason"] = reasons.map((r) => jsString(r)).join("\n");
  if (stop) {
    merged["continue"] = false;
    if (stopReason !== undefined) merged["stopReason"] = stopReason;
  }
  if (contexts.length > 0) specific["additionalContext"] = contexts.join("\n");
  if (Object.keys(specific).length > 0) merged["hookSpecificOutput"] = specific;
  return merged;
}

/** Qwen's `mergeSimple`: later answers' keys overwrite earlier ones; contexts joined. */
function combineSimple(answers: readonly JsonObject[]): JsonObject {
  const contexts: string[] = [];
  let merged = obj();
  for (const answer of answers) {
    contextOf(answer, contexts);
    const { terminalSequence: _ignored, ...rest } = answer;
    merged = spread(merged, rest);
  }
  if (contexts.length > 0) merged["hookSpecificOutput"] = spread(merged["hookSpecificOutput"], { additionalContext: contexts.join("\n") });
  return merged;
}

/** The one answer the event reads, or undefined when no hook answered. Throws HookFailure as Qwen would. */
export function combine(answers: readonly JsonObject[], combination: Combination): JsonObject | undefined {
  if (combination === "none" || answers.length === 0) return undefined;
  if (answers.length === 1) return answers[0];
  return combination === "or" ? combineOr(answers) : combineSimple(answers);
}

/** `getPermissionDecision` (PreToolUse): a valid `permissionDecision` first, then the top-level `decision`. */
export function permissionDecision(answer: JsonObject): "allow" | "deny" | "ask" | undefined {
  const decision = specificField(answer, "permissionDecision");
  if (decision === "allow" || decision === "deny" || decision === "ask") return decision;
  const top = answer["decision"];
  if (top === "allow" || top === "approve") return "allow";
  if (top === "deny" || top === "block") return "deny";
  if (top === "ask") return "ask";
  return undefined;
}

/** `getPermissionDecisionReason`: a string `permissionDecisionReason`, else the (joined) top-level `reason`. */
export function permissionDecisionReason(answer: JsonObject): JsonValue | undefined {
  const reason = specificField(answer, "permissionDecisionReason");
  return typeof reason === "string" ? reason : answer["reason"];
}

/** `getEffectiveReason`: stopReason, else reason, else `No reason provided`. */
export function effectiveReason(answer: JsonObject): JsonValue {
  const value = [answer["stopReason"], answer["reason"]].find(truthy);
  return value ?? NO_REASON_PROVIDED;
}

export const isBlockingDecision = (answer: JsonObject): boolean => answer["decision"] === "block" || answer["decision"] === "deny";
export const stopsExecution = (answer: JsonObject): boolean => answer["continue"] === false;

/** `getAdditionalContext`: a string `additionalContext`, `<` and `>` escaped. */
export function additionalContext(answer: JsonObject): string | undefined {
  const context = specificField(answer, "additionalContext");
  return typeof context === "string" ? escapeContext(context) : undefined;
}
