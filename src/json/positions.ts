/**
 * A strict JSON parser that remembers where each value is: problems in a
 * settings file or a hook's output can then say `line:column` as well as the
 * path, and a reader that must see a number as written (`5` is not `5.0` to
 * serde) gets the value's source text. Objects are built with a null
 * prototype, so `__proto__` is data. Errors are values; nothing throws on bad
 * input.
 *
 * Linear in the input whatever its shape (long keys, long strings, deep
 * paths, many keys, many escapes): every character is read once, each key is
 * hashed once, and positions live in a tree of nodes (one per value) rather
 * than in strings that spell a value's whole path, which made a long key or a
 * deep path cost its length again for every value below it.
 */

import { toNullPrototype, type JsonValue } from "./value.js";

export interface TextPosition {
  readonly line: number;
  readonly column: number;
  readonly offset: number;
}

export type JsonPathSegment = string | number;

/** Where a value's text starts and ends (offsets into the text, end exclusive). */
export interface TextSpan {
  readonly start: number;
  readonly end: number;
}

export type ParsedJson =
  | {
      readonly ok: true;
      readonly value: unknown;
      /** The member's key (object members) or the value (array items, the root); a missing path points at its deepest existing prefix. */
      readonly positionOf: (path: readonly JsonPathSegment[]) => TextPosition;
      /** The innermost key or value that starts at or before a 1-based line:column (for errors that carry only a position). */
      readonly pathAt: (line: number, column: number) => JsonPathSegment[];
      /** The value's text as written (a number's literal: `5.0`, `-0`, `1e2`), or undefined when the path does not exist. */
      readonly sourceOf: (path: readonly JsonPathSegment[]) => string | undefined;
      /** The value's span in the text, or undefined when the path does not exist. */
      readonly spanOf: (path: readonly JsonPathSegment[]) => TextSpan | undefined;
      /** The keys written more than once in the object at `path` (JSON.parse keeps the last; serde's structs refuse a known field twice). */
      readonly duplicateKeysOf: (path: readonly JsonPathSegment[]) => readonly string[];
    }
  | { readonly ok: false; readonly message: string; readonly position: TextPosition };

/** Options for measuring the parser itself (tests): `onWork` gets the units of work done, see `parseJsonWithPositions`. */
export interface ParseOptions {
  readonly onWork?: (units: number) => void;
}

/** `hooks.PreToolUse[0].matcher`; `(root)` for the empty path. */
export function formatJsonPath(path: readonly JsonPathSegment[]): string {
  let out = "";
  for (const segment of path) {
    if (typeof segment === "number") out += `[${segment}]`;
    else if (/^[A-Za-z_$][A-Za-z0-9_$]*$/.test(segment)) out += out === "" ? segment : `.${segment}`;
    else out += `[${JSON.stringify(segment)}]`;
  }
  return out === "" ? "(root)" : out;
}

/** The one-character escapes after a backslash and what they stand for, by char code. */
const SIMPLE_ESCAPES: readonly (string | undefined)[] = (() => {
  const table: (string | undefined)[] = [];
  for (const [e, v] of [['"', '"'], ["\\", "\\"], ["/", "/"], ["b", "\b"], ["f", "\f"], ["n", "\n"], ["r", "\r"], ["t", "\t"]] as const) table[e.charCodeAt(0)] = v;
  return table;
})();

class JsonSyntaxError {
  constructor(
    readonly message: string,
    readonly offset: number,
  ) {}
}

const hexValue = (c: number): number => (c >= 48 && c <= 57 ? c - 48 : c >= 65 && c <= 70 ? c - 55 : c >= 97 && c <= 102 ? c - 87 : -1);

/** The end of the digits from `k`. */
function digitsEnd(text: string, k: number): number {
  const n = text.length;
  while (k < n) {
    const c = text.charCodeAt(k);
    if (c < 48 || c > 57) break;
    k++;
  }
  return k;
}

/** The end of the JSON number that starts at `i`, or -1 when none does (`-`; `01` reads as `0`, and the `1` then fails). */
function numberEnd(text: string, i: number): number {
  let k = i;
  if (text.charCodeAt(k) === 45) k++;
  const c = text.charCodeAt(k);
  if (c === 48) k++;
  else if (c >= 49 && c <= 57) k = digitsEnd(text, k + 1);
  else return -1;
  if (text.charCodeAt(k) === 46) {
    const after = digitsEnd(text, k + 1);
    if (after > k + 1) k = after;
  }
  const e = text.charCodeAt(k);
  if (e === 101 || e === 69) {
    let j = k + 1;
    const sign = text.charCodeAt(j);
    if (sign === 43 || sign === 45) j++;
    const after = digitsEnd(text, j);
    if (after > j) k = after;
  }
  return k;
}

/** The value of the number text[from, to): digits only and short enough to be exact are summed, the rest goes to Number(). */
function numberValue(text: string, from: number, to: number): number {
  const negative = text.charCodeAt(from) === 45;
  const digitsFrom = negative ? from + 1 : from;
  if (to - digitsFrom <= 15) {
    let value = 0;
    let k = digitsFrom;
    for (; k < to; k++) {
      const c = text.charCodeAt(k);
      if (c < 48 || c > 57) break;
      value = value * 10 + (c - 48);
    }
    if (k === to) return negative ? -value : value;
  }
  return Number(text.slice(from, to));
}

/**
 * Parse `text` as strict JSON. Work (`options.onWork`) counts characters
 * read plus characters of keys hashed; it stays within a small multiple of
 * the text's length for any input.
 *
 * Every value is a node, numbered in text order, its fields in flat arrays
 * (no object per value): `at` is what positions point to (a member's key, an
 * array item's or the root's value), `start`/`end` its text, children a
 * linked list; lookups by key or index build a child table once per node.
 */
export function parseJsonWithPositions(text: string, options: ParseOptions = {}): ParsedJson {
  const n = text.length;
  let work = 0;
  let lineStarts: number[] | null = null;
  const toPosition = (offset: number): TextPosition => {
    if (lineStarts === null) {
      lineStarts = [0];
      for (let k = 0; k < n; k++) if (text.charCodeAt(k) === 10) lineStarts.push(k + 1);
    }
    const starts = lineStarts;
    let lo = 0;
    let hi = starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (starts[mid]! <= offset) lo = mid;
      else hi = mid - 1;
    }
    return { line: lo + 1, column: offset - starts[lo]! + 1, offset };
  };
  // five int32 fields per node, grown by doubling (offsets fit: a JS string is shorter than 2^31)
  const FIELDS = 5;
  // where positions point (a member's key, else the value), the value's text, its first child, its next sibling
  const [AT, START, END, FIRST_CHILD, NEXT_SIBLING] = [0, 1, 2, 3, 4] as const;
  let nodes = new Int32Array(FIELDS * Math.min(1024, n + 2));
  let count = 0;
  /** A member's key ("" for array items and the root: their segment is their place among the parent's children). */
  const keys: string[] = [];
  /** Objects (by node) with a key written more than once, and those keys. */
  const duplicates = new Map<number, string[]>();
  const newNode = (offset: number, key: string): number => {
    if ((count + 1) * FIELDS > nodes.length) {
      const grown = new Int32Array(nodes.length * 2);
      grown.set(nodes);
      nodes = grown;
    }
    const base = count * FIELDS;
    nodes[base + AT] = offset;
    nodes[base + START] = offset;
    nodes[base + END] = offset;
    nodes[base + FIRST_CHILD] = -1;
    nodes[base + NEXT_SIBLING] = -1;
    keys.push(key);
    return count++;
  };
  const field = (node: number, f: number): number => nodes[node * FIELDS + f]!;
  let i = text.charCodeAt(0) === 0xfeff ? 1 : 0;

  const skipWhitespace = (): void => {
    const from = i;
    while (i < n) {
      const c = text.charCodeAt(i);
      if (c === 32 || c === 9 || c === 10 || c === 13) i++;
      else break;
    }
    work += i - from;
  };
  const describe = (): string => (i >= n ? "end of input" : `${JSON.stringify(text[i])}`);
  const fail = (what: string): never => {
    throw new JsonSyntaxError(`expected ${what}, found ${describe()}`, i);
  };

  /** The string at `i` (its opening quote), decoded: unescaped runs are sliced whole, never copied char by char. */
  const parseString = (): string => {
    const from = i;
    i++;
    let runStart = i;
    let parts: string[] | null = null;
    for (;;) {
      if (i >= n) throw new JsonSyntaxError("unterminated string", from);
      const c = text.charCodeAt(i);
      if (c === 34) {
        const last = text.slice(runStart, i);
        i++;
        work += i - from;
        if (parts === null) return last;
        parts.push(last);
        return parts.join("");
      }
      if (c < 0x20) throw new JsonSyntaxError("control character in string", i);
      if (c !== 92) {
        i++;
        continue;
      }
      parts ??= [];
      if (i > runStart) parts.push(text.slice(runStart, i));
      const e = i + 1 < n ? text.charCodeAt(i + 1) : -1;
      const simple = e >= 0 ? SIMPLE_ESCAPES[e] : undefined;
      if (simple !== undefined) {
        parts.push(simple);
        i += 2;
      } else if (e === 117 /* u */ && i + 5 < n) {
        const h0 = hexValue(text.charCodeAt(i + 2));
        const h1 = hexValue(text.charCodeAt(i + 3));
        const h2 = hexValue(text.charCodeAt(i + 4));
        const h3 = hexValue(text.charCodeAt(i + 5));
        if ((h0 | h1 | h2 | h3) < 0) throw new JsonSyntaxError("invalid escape in string", i);
        parts.push(String.fromCharCode((h0 << 12) | (h1 << 8) | (h2 << 4) | h3));
        i += 6;
      } else {
        throw new JsonSyntaxError("invalid escape in string", i);
      }
      runStart = i;
    }
  };

  /** The value at `i` (whitespace skipped), into `node`'s span and children. */
  const parseValue = (node: number, depth: number): unknown => {
    if (depth > 512) throw new JsonSyntaxError("nesting deeper than 512 levels", i);
    nodes[node * FIELDS + START] = i;
    const c = text.charCodeAt(i);
    let value: unknown;
    if (c === 123 /* { */ || c === 91 /* [ */) {
      const isObject = c === 123;
      const close = isObject ? 125 : 93;
      i++;
      work++;
      const object: Record<string, unknown> | null = isObject ? Object.create(null) : null;
      const array: unknown[] | null = isObject ? null : [];
      let last = -1;
      skipWhitespace();
      if (text.charCodeAt(i) === close) {
        i++;
        work++;
      } else {
        for (;;) {
          skipWhitespace();
          let child: number;
          let key = "";
          if (object !== null) {
            if (text.charCodeAt(i) !== 34) fail("a property name in double quotes");
            const keyOffset = i;
            key = parseString();
            child = newNode(keyOffset, key);
            skipWhitespace();
            if (text.charCodeAt(i) !== 58) fail("':'");
            i++;
            work++;
            skipWhitespace();
          } else {
            child = newNode(i, "");
          }
          if (last === -1) nodes[node * FIELDS + FIRST_CHILD] = child;
          else nodes[last * FIELDS + NEXT_SIBLING] = child;
          last = child;
          const item = parseValue(child, depth + 1);
          if (object !== null) {
            // the key is hashed twice (the check and the write)
            if (key in object) {
              const seen = duplicates.get(node);
              if (seen === undefined) duplicates.set(node, [key]);
              else seen.push(key);
            }
            object[key] = item;
            work += 2 * key.length;
          } else array!.push(item);
          skipWhitespace();
          const next = text.charCodeAt(i);
          if (next === 44) {
            i++;
            work++;
            continue;
          }
          if (next === close) {
            i++;
            work++;
            break;
          }
          fail(isObject ? "',' or '}'" : "',' or ']'");
        }
      }
      value = object ?? array;
    } else if (c === 34) {
      value = parseString();
    } else if (c === 116 && text.startsWith("true", i)) {
      i += 4;
      value = true;
    } else if (c === 102 && text.startsWith("false", i)) {
      i += 5;
      value = false;
    } else if (c === 110 && text.startsWith("null", i)) {
      i += 4;
      value = null;
    } else {
      const stop = numberEnd(text, i);
      if (stop === -1) return fail("a JSON value");
      value = numberValue(text, i, stop);
      i = stop;
    }
    if (c !== 123 && c !== 91 && c !== 34) work += i - field(node, START);
    nodes[node * FIELDS + END] = i;
    return value;
  };

  try {
    skipWhitespace();
    const root = newNode(i, "");
    const value = parseValue(root, 0);
    skipWhitespace();
    if (i < n) fail("end of input");
    options.onWork?.(work);
    /** A node's children in text order, and by key (objects; the last of duplicate keys) or index: built once per node, on first lookup. */
    const tables = new Map<number, { ordered: number[]; byKey: Map<string, number> | null }>();
    const childrenOf = (node: number): { ordered: number[]; byKey: Map<string, number> | null } => {
      let table = tables.get(node);
      if (table === undefined) {
        const ordered: number[] = [];
        for (let child = field(node, FIRST_CHILD); child !== -1; child = field(child, NEXT_SIBLING)) ordered.push(child);
        table = { ordered, byKey: isObjectNode(node) ? new Map(ordered.map((child) => [keys[child]!, child])) : null };
        tables.set(node, table);
      }
      return table;
    };
    const isObjectNode = (node: number): boolean => text.charCodeAt(field(node, START)) === 123;
    /** The nodes along `path`, as far as they exist. */
    const walk = (path: readonly JsonPathSegment[]): { node: number; complete: boolean } => {
      let node = root;
      for (const seg of path) {
        const c = text.charCodeAt(field(node, START));
        if (c !== 123 && c !== 91) return { node, complete: false };
        const table = childrenOf(node);
        const next = typeof seg === "number" ? (isObjectNode(node) ? undefined : table.ordered[seg]) : isObjectNode(node) ? table.byKey?.get(seg) : undefined;
        if (next === undefined) return { node, complete: false };
        node = next;
      }
      return { node, complete: true };
    };
    const positionOf = (path: readonly JsonPathSegment[]): TextPosition => toPosition(field(walk(path).node, AT));
    const spanOf = (path: readonly JsonPathSegment[]): TextSpan | undefined => {
      const { node, complete } = walk(path);
      return complete ? { start: field(node, START), end: field(node, END) } : undefined;
    };
    const sourceOf = (path: readonly JsonPathSegment[]): string | undefined => {
      const span = spanOf(path);
      return span === undefined ? undefined : text.slice(span.start, span.end);
    };
    const duplicateKeysOf = (path: readonly JsonPathSegment[]): readonly string[] => {
      const { node, complete } = walk(path);
      return complete ? (duplicates.get(node) ?? []) : [];
    };
    const pathAt = (line: number, column: number): JsonPathSegment[] => {
      toPosition(0);
      const target = (lineStarts![line - 1] ?? 0) + column - 1;
      const path: JsonPathSegment[] = [];
      let node = root;
      // the last node in text order that starts at or before the target: at each level, the last child that does
      for (;;) {
        const children = childrenOf(node).ordered;
        if (children.length === 0 || field(children[0]!, AT) > target) break;
        let lo = 0;
        let hi = children.length - 1;
        while (lo < hi) {
          const mid = (lo + hi + 1) >> 1;
          if (field(children[mid]!, AT) <= target) lo = mid;
          else hi = mid - 1;
        }
        path.push(isObjectNode(node) ? keys[children[lo]!]! : lo);
        node = children[lo]!;
      }
      return path;
    };
    return { ok: true, value, positionOf, pathAt, sourceOf, spanOf, duplicateKeysOf };
  } catch (error) {
    if (error instanceof JsonSyntaxError) return { ok: false, message: error.message, position: toPosition(error.offset) };
    throw error;
  }
}

/**
 * A configuration file's text as a JSON value with null-prototype objects, or
 * the syntax error with its line and column (a problem can then say where).
 * The native parser reads valid text; the positional one only explains invalid text.
 */
export function parseJsonText(text: string): { readonly ok: true; readonly value: JsonValue } | { readonly ok: false; readonly message: string; readonly position: { readonly line: number; readonly column: number } } {
  try {
    return { ok: true, value: toNullPrototype(JSON.parse(text)) };
  } catch (error) {
    const located = parseJsonWithPositions(text);
    if (!located.ok) return { ok: false, message: located.message, position: { line: located.position.line, column: located.position.column } };
    return { ok: false, message: error instanceof Error ? error.message : String(error), position: { line: 1, column: 1 } };
  }
}
