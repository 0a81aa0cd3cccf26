/**
 * Gemini CLI 0.61.0's HookAggregator on the outputs of one event's hooks, in
 * listing (configuration) order: the four merge strategies of the event
 * table, reproduced with the CLI's JavaScript semantics (src/json/js-values.ts).
 * No outputs at all -> no merged output (the event then has no effect).
 *
 * Where the CLI's own code throws on an odd value (the `in` operator on a
 * string or number `hookSpecificOutput`, iterating a non-iterable
 * `allowedFunctionNames`), the whole event's result is lost: its
 * `executeHooks` catches the error and returns no output, so none of the
 * event's hooks has any effect. That is reproduced as a `failure`.
 */
import type { JsonObject, JsonValue } from "../json/value.js";
import type { MergeStrategy } from "./events.js";
import { jsString, spread, spreadEntries, truthy, type Field } from "../json/js-values.js";

/** The CLI's merge threw: its text (the JavaScript TypeError it would raise, paraphrased). */
export class AggregateFailure {
  constructor(readonly message: string) {}
}

/** `"key" in value` throws a TypeError for a primitive. */
function checkInOperand(value: Field, key: string): void {
  if (value !== null && value !== undefined && typeof value !== "object") {
    throw new AggregateFailure(`TypeError: Cannot use 'in' operator to search for '${key}' in ${jsString(value)}`);
  }
}

/** `isBlockingDecision()`: exactly `"block"` or `"deny"` (case matters). */
export const isBlocking = (decision: Field): boolean => decision === "block" || decision === "deny";

/** `mergeWithOrDecision`. */
function mergeOrDecision(outputs: readonly JsonObject[]): JsonObject {
  const merged = Object.create(null) as JsonObject;
  merged["continue"] = true;
  merged["suppressOutput"] = false;
  const stopReasons: string[] = [];
  const reasons: string[] = [];
  const systemMessages: string[] = [];
  const contexts: string[] = [];
  let blocking = false;
  let asking = false;
  let stopping = false;
  let specific: JsonObject | undefined;
  for (const output of outputs) {
    if (output["continue"] === false) {
      stopping = true;
      merged["continue"] = false;
      if (truthy(output["stopReason"])) stopReasons.push(jsString(output["stopReason"]));
    }
    if (isBlocking(output["decision"])) {
      blocking = true;
      merged["decision"] = output["decision"]!;
    } else if (output["decision"] === "ask") {
      asking = true;
      if (!blocking) merged["decision"] = "ask";
    }
    if (truthy(output["reason"])) reasons.push(jsString(output["reason"]));
    if (truthy(output["systemMessage"])) systemMessages.push(jsString(output["systemMessage"]));
    if (truthy(output["suppressOutput"])) merged["suppressOutput"] = true;
    const hso = output["hookSpecificOutput"];
    if (hso !== null && typeof hso === "object" && !Array.isArray(hso) && hso["clearContext"] === true) {
      specific = spread(specific, { clearContext: true });
    }
    if (truthy(hso)) {
      const rest = spreadEntries(hso).filter(([key]) => key !== "clearContext");
      specific = spread(specific);
      for (const [key, value] of rest) specific[key] = value;
      checkInOperand(hso, "additionalContext");
      if (hso !== null && typeof hso === "object" && !Array.isArray(hso) && typeof hso["additionalContext"] === "string") contexts.push(hso["additionalContext"]);
    }
  }
  if (!blocking && !asking && !stopping) merged["decision"] = "allow";
  if (stopReasons.length > 0) merged["stopReason"] = stopReasons.join("\n");
  if (reasons.length > 0) merged["reason"] = reasons.join("\n");
  if (systemMessages.length > 0) merged["systemMessage"] = systemMessages.join("\n");
  if (contexts.length > 0) specific = spread(specific, { additionalContext: contexts.join("\n") });
  if (specific !== undefined) merged["hookSpecificOutput"] = specific;
  return merged;
}

/** `mergeWithFieldReplacement`: hookSpecificOutput always becomes an object (one level merged). */
function mergeFieldReplacement(outputs: readonly JsonObject[]): JsonObject {
  let merged = Object.create(null) as JsonObject;
  for (const output of outputs) {
    const specific = spread(merged["hookSpecificOutput"], output["hookSpecificOutput"]);
    merged = spread(merged, output);
    merged["hookSpecificOutput"] = specific;
  }
  return merged;
}

/** `mergeToolSelectionOutputs`: only toolConfig counts; any output at all yields a toolConfig. */
function mergeToolSelection(outputs: readonly JsonObject[]): JsonObject {
  let none = false;
  let any = false;
  const names = new Set<string>();
  for (const output of outputs) {
    const hso = output["hookSpecificOutput"];
    const config = hso !== null && typeof hso === "object" && !Array.isArray(hso) ? hso["toolConfig"] : undefined;
    if (!truthy(config) || config === null || typeof config !== "object") continue;
    const mode = Array.isArray(config) ? undefined : config["mode"];
    if (mode === "NONE") none = true;
    else if (mode === "ANY") any = true;
    const allowed: JsonValue | undefined = Array.isArray(config) ? undefined : config["allowedFunctionNames"];
    if (truthy(allowed)) {
      if (typeof allowed === "string") for (const c of allowed) names.add(c);
      else if (Array.isArray(allowed)) for (const name of allowed) names.add(jsString(name));
      else throw new AggregateFailure("TypeError: toolConfig.allowedFunctionNames is not iterable");
    }
  }
  const mode = none ? "NONE" : any ? "ANY" : "AUTO";
  const allowedFunctionNames = none ? [] : [...names].sort();
  return spread({ hookSpecificOutput: spread({ hookEventName: "BeforeToolSelection", toolConfig: spread({ mode, allowedFunctionNames }) }) });
}

/** The merged output, null when no hook gave one, or the failure that loses the event's result. */
export function aggregate(strategy: MergeStrategy, outputs: readonly JsonObject[]): JsonObject | null | AggregateFailure {
  try {
    return merge(strategy, outputs);
  } catch (e) {
    if (e instanceof AggregateFailure) return e;
    throw e;
  }
}

function merge(strategy: MergeStrategy, outputs: readonly JsonObject[]): JsonObject | null {
  if (outputs.length === 0) return null;
  switch (strategy) {
    case "or-decision":
      return mergeOrDecision(outputs);
    case "field-replacement":
      return mergeFieldReplacement(outputs);
    case "tool-selection":
      return mergeToolSelection(outputs);
    case "simple":
      return spread(...outputs);
  }
}
