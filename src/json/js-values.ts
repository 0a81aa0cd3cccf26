/**
 * The JavaScript semantics agents written in JavaScript (their dialects say
 * which) apply to a hook's parsed output, which they never validate:
 * truthiness tests (`if (output.reason)`), string conversion
 * (`reasons.join("\n")`, template literals) and object spread
 * (`{...merged, ...output}`), reproduced on JSON values so that an odd value
 * (a number reason, a string hookSpecificOutput) acts as it does in the CLI.
 */
import type { JsonObject, JsonValue } from "./value.js";

/** `undefined` stands for a missing key. */
export type Field = JsonValue | undefined;

/** JavaScript truthiness of a JSON value. */
export function truthy(value: Field): boolean {
  if (value === undefined || value === null || value === false || value === 0 || value === "") return false;
  return !(typeof value === "number" && Number.isNaN(value));
}

/**
 * `String(value)` as `Array.prototype.join` and template literals apply it.
 * Arrays join their items with `,` (null items as ""); iterative, so a
 * deeply nested array cannot exhaust the stack.
 */
export function jsString(value: Field): string {
  if (value === undefined) return "undefined";
  if (value === null) return "null";
  if (typeof value === "string") return value;
  if (typeof value === "number" || typeof value === "boolean") return String(value);
  if (!Array.isArray(value)) return "[object Object]";
  // Each array's text is its items' texts joined with ","; resolve innermost first.
  const out: string[] = [];
  const stack: { items: readonly JsonValue[]; next: number; parts: string[] }[] = [{ items: value, next: 0, parts: [] }];
  while (stack.length > 0) {
    const top = stack[stack.length - 1]!;
    if (top.next === top.items.length) {
      stack.pop();
      const text = top.parts.join(",");
      if (stack.length === 0) out.push(text);
      else stack[stack.length - 1]!.parts.push(text);
      continue;
    }
    const item = top.items[top.next++]!;
    if (Array.isArray(item)) stack.push({ items: item, next: 0, parts: [] });
    else top.parts.push(item === null ? "" : jsString(item));
  }
  return out[0]!;
}

/** Own enumerable entries of a value as object spread / rest destructuring sees them (strings spread their characters). */
export function spreadEntries(value: Field): [string, JsonValue][] {
  if (value === undefined || value === null || typeof value === "number" || typeof value === "boolean") return [];
  if (typeof value === "string") {
    // a String object's own keys are its UTF-16 code units
    const entries: [string, JsonValue][] = [];
    for (let i = 0; i < value.length; i++) entries.push([String(i), value.charAt(i)]);
    return entries;
  }
  if (Array.isArray(value)) return value.map((v, i) => [String(i), v]);
  return Object.keys(value).map((k) => [k, value[k]!]);
}

/** `{...a, ...b}` into a new null-prototype object. */
export function spread(...values: Field[]): JsonObject {
  const out = Object.create(null) as JsonObject;
  for (const value of values) for (const [k, v] of spreadEntries(value)) out[k] = v;
  return out;
}

/** `value` when it is a plain object (not null, not an array), else undefined. */
export function objectOrUndefined(value: Field): JsonObject | undefined {
  return value !== null && value !== undefined && typeof value === "object" && !Array.isArray(value) ? value : undefined;
}
