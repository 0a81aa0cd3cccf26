/**
 * `serde_json::Value` in TypeScript, exact: integers stay exact over
 * [i64::MIN, u64::MAX] (`SerdeInteger`, a bigint), floats are `SerdeFloat`
 * (so `1.0` stays a float and `1` an integer), objects are `Map`s (so
 * `__proto__` is only a key). serde_json (no `preserve_order`) keeps objects
 * in a BTreeMap: keys sorted by UTF-8 bytes, the last duplicate winning.
 */
import { formatF64 } from "./number-text.js";

export class SerdeInteger {
  constructor(readonly value: bigint) {}
}

export class SerdeFloat {
  constructor(readonly value: number) {}
}

export type SerdeValue = null | boolean | string | SerdeInteger | SerdeFloat | SerdeArray | SerdeObject;
export type SerdeArray = readonly SerdeValue[];
export type SerdeObject = ReadonlyMap<string, SerdeValue>;

export const I64_MIN = -(2n ** 63n);
export const U64_MAX = 2n ** 64n - 1n;

/** Orders strings by Unicode code point, which is UTF-8 byte order (BTreeMap<String, _>). */
export function compareUtf8(a: string, b: string): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const x = a.charCodeAt(i);
    const y = b.charCodeAt(i);
    if (x !== y) return codeUnitRank(x) - codeUnitRank(y);
  }
  return a.length - b.length;
}

// Surrogates (code points above U+FFFF) sort after U+E000..U+FFFF in code point order.
function codeUnitRank(unit: number): number {
  if (unit >= 0xd800 && unit <= 0xdfff) return unit + 0x2000;
  if (unit >= 0xe000) return unit - 0x800;
  return unit;
}

export function sortedEntries(object: SerdeObject): [string, SerdeValue][] {
  return [...object.entries()].sort((x, y) => compareUtf8(x[0], y[0]));
}

/** What JSON.stringify (and serde_json) would escape: `"`, `\\`, controls; surrogates (lone ones get `\\u` escapes). */
const NEEDS_ESCAPE = /["\\\u0000-\u001f\ud800-\udfff]/;

/** serde_json's string escaping; the same as JSON.stringify for well-formed strings. */
export function writeJsonString(value: string): string {
  // JSON.stringify's fixed cost per call dominates for short strings: skip it when nothing needs escaping.
  return NEEDS_ESCAPE.test(value) ? JSON.stringify(value) : `"${value}"`;
}

export function writeNumber(value: SerdeInteger | SerdeFloat): string {
  if (value instanceof SerdeInteger) return value.value.toString();
  // serde_json writes non-finite floats as null.
  return Number.isFinite(value.value) ? formatF64(value.value) : "null";
}

type WriteFrame =
  | { readonly kind: "array"; readonly source: object; readonly items: readonly unknown[]; index: number }
  | { readonly kind: "object"; readonly source: object; readonly entries: [string, unknown][]; index: number };

function objectEntries(value: object): [string, unknown][] {
  const entries: [string, unknown][] = [];
  // Plain-object input: keys whose value is undefined or a function are left out, as JSON.stringify does.
  if (value instanceof Map) {
    for (const [k, v] of value as Map<unknown, unknown>) if (v !== undefined && typeof v !== "function") entries.push([String(k), v]);
  } else {
    for (const entry of Object.entries(value)) if (entry[1] !== undefined && typeof entry[1] !== "function") entries.push(entry);
  }
  return entries.length > 1 ? entries.sort((x, y) => compareUtf8(x[0], y[0])) : entries;
}

/**
 * `serde_json::to_string(&Value)`; iterative, so any depth is fine. Accepts
 * a `SerdeValue`, or ordinary JS values read as `fromPlainJson` reads them.
 * Throws a TypeError for a value that contains itself (a Rust value cannot;
 * writing it would grow the text until the heap runs out); `writeRust`
 * returns that as an error value.
 */
export function writeSerdeValue(root: SerdeValue | unknown): string {
  let out = "";
  const stack: WriteFrame[] = [];
  // the containers being written (shared, non-cyclic references are fine)
  const open = new Set<object>();
  const enter = (value: object): void => {
    if (open.has(value)) throw new TypeError("writeRust: the value contains itself (a cycle)");
    open.add(value);
  };
  let pending = true;
  let next: unknown = root;
  for (;;) {
    if (pending) {
      pending = false;
      let value = next;
      if (typeof value === "number" || typeof value === "bigint") value = fromPlainJson(value);
      if (value === null || value === undefined || typeof value === "function" || typeof value === "symbol") out += "null";
      else if (typeof value === "boolean") out += value ? "true" : "false";
      else if (typeof value === "string") out += writeJsonString(value);
      else if (value instanceof SerdeInteger || value instanceof SerdeFloat) out += writeNumber(value);
      else if (Array.isArray(value)) {
        enter(value);
        out += "[";
        stack.push({ kind: "array", source: value, items: value, index: 0 });
      } else {
        enter(value as object);
        out += "{";
        stack.push({ kind: "object", source: value as object, entries: objectEntries(value as object), index: 0 });
      }
    }
    const frame = stack[stack.length - 1];
    if (frame === undefined) return out;
    if (frame.kind === "array") {
      if (frame.index < frame.items.length) {
        if (frame.index > 0) out += ",";
        next = frame.items[frame.index++];
        pending = true;
        continue;
      }
      out += "]";
    } else {
      if (frame.index < frame.entries.length) {
        const [key, value] = frame.entries[frame.index] as [string, unknown];
        out += (frame.index > 0 ? "," : "") + writeJsonString(key) + ":";
        frame.index++;
        next = value;
        pending = true;
        continue;
      }
      out += "}";
    }
    open.delete(stack.pop()!.source);
  }
}

/**
 * Ordinary JS values, as `JSON.parse` of serde_json's text for this value
 * gives them (what a JavaScript reader such as Claude Code sees): integers
 * become numbers (rounded beyond 2^53, like JSON.parse), keys come in
 * serde's sorted order, and `__proto__` is an own data property.
 */
export function toPlainJson(root: SerdeValue): unknown {
  const convert = (value: SerdeValue, depth: number): unknown => {
    if (value === null || typeof value === "boolean" || typeof value === "string") return value;
    if (value instanceof SerdeInteger) return Number(value.value);
    if (value instanceof SerdeFloat) return value.value;
    if (depth > 2000) return convertDeep(value);
    if (Array.isArray(value)) return (value as SerdeArray).map((v) => convert(v, depth + 1));
    const out: Record<string, unknown> = {};
    for (const [key, v] of sortedEntries(value as SerdeObject)) {
      Object.defineProperty(out, key, { value: convert(v, depth + 1), enumerable: true, writable: true, configurable: true });
    }
    return out;
  };
  return convert(root, 0);
}

// Beyond a few thousand levels, go through text: JSON.parse does not recurse on the JS stack.
function convertDeep(value: SerdeValue): unknown {
  return JSON.parse(writeSerdeValue(value));
}

/**
 * A `SerdeValue` from ordinary JS values, as serde_json would read
 * `JSON.stringify(value)`: integral numbers below 1e21 inside the i64/u64
 * range become integers, other finite numbers floats, non-finite numbers null.
 * Throws a TypeError for a value that contains itself.
 */
export function fromPlainJson(root: unknown): SerdeValue {
  // Iterative (an explicit list of pending conversions), so any depth is fine. A
  // container is "open" until its children are done (the `leave` job): meeting an
  // open one again is a cycle, a TypeError rather than a list that grows forever.
  let result: SerdeValue = null;
  const open = new Set<object>();
  const pending: { readonly source: unknown; readonly assign: (value: SerdeValue) => void; readonly leave?: true }[] = [
    { source: root, assign: (value) => (result = value) },
  ];
  const enter = (source: object): void => {
    if (open.has(source)) throw new TypeError("fromPlainJson: the value contains itself (a cycle)");
    open.add(source);
    pending.push({ source, assign: () => undefined, leave: true });
  };
  for (let job = pending.pop(); job !== undefined; job = pending.pop()) {
    const { source, assign } = job;
    if (job.leave === true) open.delete(source as object);
    else if (Array.isArray(source)) {
      const items: SerdeValue[] = new Array<SerdeValue>(source.length).fill(null);
      assign(items);
      enter(source);
      source.forEach((item, i) => pending.push({ source: item, assign: (value) => (items[i] = value) }));
    } else if (typeof source === "object" && source !== null && !(source instanceof SerdeInteger || source instanceof SerdeFloat)) {
      const object = new Map<string, SerdeValue>();
      assign(object);
      enter(source);
      const entries = source instanceof Map ? [...(source as Map<unknown, unknown>).entries()] : Object.entries(source);
      for (const [rawKey, item] of entries) {
        if (item === undefined || typeof item === "function") continue;
        const key = String(rawKey);
        object.set(key, null);
        pending.push({ source: item, assign: (value) => object.set(key, value) });
      }
    } else {
      assign(fromPlainScalar(source));
    }
  }
  return result;
}

function fromPlainScalar(value: unknown): SerdeValue {
  if (typeof value === "boolean" || typeof value === "string") return value;
  if (value instanceof SerdeInteger || value instanceof SerdeFloat) return value;
  if (typeof value === "bigint") {
    return value >= I64_MIN && value <= U64_MAX ? new SerdeInteger(value) : new SerdeFloat(Number(value));
  }
  if (typeof value === "number") {
    if (!Number.isFinite(value)) return null;
    if (Number.isInteger(value) && Math.abs(value) < 1e21) {
      const big = BigInt(value);
      if (big >= I64_MIN && big <= U64_MAX) return new SerdeInteger(big);
    }
    return new SerdeFloat(value);
  }
  return null;
}
