/**
 * Agent-neutral JSON values: the parsed-JSON types every dialect reads into,
 * and the copies and writes that keep `__proto__` as data and never throw.
 */

export type JsonValue = null | boolean | number | string | JsonValue[] | { [key: string]: JsonValue };

export type JsonObject = { [key: string]: JsonValue };

/** A JSON object (not null, not an array). */
export function isJsonObject(v: JsonValue | null | undefined): v is JsonObject {
  return v !== null && v !== undefined && typeof v === "object" && !Array.isArray(v);
}

/**
 * Deep copy with null-prototype objects: keys such as `__proto__` or
 * `constructor` are plain data. Iterative, so 100,000 levels of nesting (which
 * JSON.parse accepts) copy without exhausting the stack.
 */
export function toNullPrototype(value: unknown): JsonValue {
  const copy = (v: unknown): JsonValue => {
    if (Array.isArray(v)) return new Array<JsonValue>(v.length);
    if (v !== null && typeof v === "object") return Object.create(null) as { [key: string]: JsonValue };
    return v as JsonValue;
  };
  const root = copy(value);
  const pending: [unknown, JsonValue][] = [[value, root]];
  for (let item = pending.pop(); item !== undefined; item = pending.pop()) {
    const [source, target] = item;
    if (Array.isArray(source)) {
      const out = target as JsonValue[];
      source.forEach((child, i) => {
        out[i] = copy(child);
        if (child !== null && typeof child === "object") pending.push([child, out[i]!]);
      });
    } else if (source !== null && typeof source === "object") {
      const out = target as { [key: string]: JsonValue };
      for (const key of Object.keys(source)) {
        const child = (source as Record<string, unknown>)[key];
        out[key] = copy(child);
        if (child !== null && typeof child === "object") pending.push([child, out[key]!]);
      }
    }
  }
  return root;
}

/** `value` and everything in it frozen (iteratively: a value may nest deep); returns `value`. */
export function deepFreeze<T>(value: T): T {
  const pending: unknown[] = [value];
  for (let item = pending.pop(); item !== undefined; item = pending.pop()) {
    if (item === null || typeof item !== "object" || Object.isFrozen(item)) continue;
    Object.freeze(item);
    for (const key of Object.keys(item)) pending.push((item as Record<string, unknown>)[key]);
  }
  return value;
}

/** JSON.stringify that answers `fallback` instead of throwing when the value nests too deep to write. */
export function stringifyOr(value: unknown, fallback: string, indent?: number): string {
  try {
    return JSON.stringify(value, null, indent);
  } catch {
    return fallback;
  }
}
