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

/**
 * One value's place in the text. `at` is what positions point to: a member's
 * key, an array item's or the root's value. Children are in text order, so a
 * position is found by binary search at each level.
 */
class Node {
  start = 0;
  end = 0;
  /** Object members by key (the last of duplicate keys, as JSON.parse keeps) and in text order; array items. */
  members: Map<string, Node> | null = null;
  ordered: Node[] | null = null;
  duplicates: string[] | null = null;
  constructor(readonly at: number, readonly segment: JsonPathSegment | null) {}
}

const hexValue = (c: number): number => (c >= 48 && c <= 57 ? c - 48 : c >= 65 && c <= 70 ? c - 55 : c >= 97 && c <= 102 ? c - 87 : -1);

/**
 * Parse `text` as strict JSON. Work (`options.onWork`) counts characters
 * read plus characters of keys hashed; it stays within a small multiple of
 * the text's length for any input.
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
    const start = i;
    i++;
    let runStart = i;
    let parts: string[] | null = null;
    for (;;) {
      if (i >= n) throw new JsonSyntaxError("unterminated string", start);
      const c = text.charCodeAt(i);
      if (c === 34) {
        const last = text.slice(runStart, i);
        i++;
        work += i - start;
        if (parts === null) return last;
        parts.push(last);
        return parts.join("");
      }
      if (c < 0x20) throw new JsonSyntaxError("control character in string", i);
      if (c !== 92) {
        i++;
        continue;
      }
      (parts ??= []).push(text.slice(runStart, i));
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

  const NUMBER = /-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?/y;

  /** The value at `i` (whitespace skipped) into `node`'s span. */
  const parseValue = (node: Node, depth: number): unknown => {
    if (depth > 512) throw new JsonSyntaxError("nesting deeper than 512 levels", i);
    node.start = i;
    const c = text.charCodeAt(i);
    let value: unknown;
    if (c === 123 /* { */) {
      i++;
      work++;
      const object: Record<string, unknown> = Object.create(null);
      const members = new Map<string, Node>();
      const ordered: Node[] = [];
      node.members = members;
      node.ordered = ordered;
      skipWhitespace();
      if (text.charCodeAt(i) === 125) {
        i++;
        work++;
      } else {
        for (;;) {
          skipWhitespace();
          if (text.charCodeAt(i) !== 34) fail("a property name in double quotes");
          const keyOffset = i;
          const key = parseString();
          const child = new Node(keyOffset, key);
          skipWhitespace();
          if (text.charCodeAt(i) !== 58) fail("':'");
          i++;
          work++;
          skipWhitespace();
          object[key] = parseValue(child, depth + 1);
          if (members.has(key)) (node.duplicates ??= []).push(key);
          members.set(key, child);
          ordered.push(child);
          // the key is hashed twice (the object and the member map)
          work += 2 * key.length;
          skipWhitespace();
          const next = text.charCodeAt(i);
          if (next === 44) {
            i++;
            work++;
            continue;
          }
          if (next === 125) {
            i++;
            work++;
            break;
          }
          fail("',' or '}'");
        }
      }
      value = object;
    } else if (c === 91 /* [ */) {
      i++;
      work++;
      const array: unknown[] = [];
      const ordered: Node[] = [];
      node.ordered = ordered;
      skipWhitespace();
      if (text.charCodeAt(i) === 93) {
        i++;
        work++;
      } else {
        for (;;) {
          skipWhitespace();
          const child = new Node(i, array.length);
          array.push(parseValue(child, depth + 1));
          ordered.push(child);
          skipWhitespace();
          const next = text.charCodeAt(i);
          if (next === 44) {
            i++;
            work++;
            continue;
          }
          if (next === 93) {
            i++;
            work++;
            break;
          }
          fail("',' or ']'");
        }
      }
      value = array;
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
      NUMBER.lastIndex = i;
      const m = NUMBER.exec(text);
      if (m === null) return fail("a JSON value");
      i += m[0].length;
      value = Number(m[0]);
    }
    if (c !== 123 && c !== 91 && c !== 34) work += i - node.start;
    node.end = i;
    return value;
  };

  try {
    skipWhitespace();
    const root = new Node(i, null);
    const value = parseValue(root, 0);
    skipWhitespace();
    if (i < n) fail("end of input");
    options.onWork?.(work);
    /** The nodes along `path`, as far as they exist. */
    const walk = (path: readonly JsonPathSegment[]): { node: Node; complete: boolean } => {
      let node = root;
      for (const segment of path) {
        const next = typeof segment === "number" ? (node.members === null ? node.ordered?.[segment] : undefined) : node.members?.get(segment);
        if (next === undefined) return { node, complete: false };
        node = next;
      }
      return { node, complete: true };
    };
    const positionOf = (path: readonly JsonPathSegment[]): TextPosition => toPosition(walk(path).node.at);
    const spanOf = (path: readonly JsonPathSegment[]): TextSpan | undefined => {
      const { node, complete } = walk(path);
      return complete ? { start: node.start, end: node.end } : undefined;
    };
    const sourceOf = (path: readonly JsonPathSegment[]): string | undefined => {
      const span = spanOf(path);
      return span === undefined ? undefined : text.slice(span.start, span.end);
    };
    const duplicateKeysOf = (path: readonly JsonPathSegment[]): readonly string[] => {
      const { node, complete } = walk(path);
      return complete ? (node.duplicates ?? []) : [];
    };
    const pathAt = (line: number, column: number): JsonPathSegment[] => {
      toPosition(0);
      const target = (lineStarts![line - 1] ?? 0) + column - 1;
      const path: JsonPathSegment[] = [];
      let node = root;
      // the last node in text order that starts at or before the target: at each level, the last child that does
      for (;;) {
        const children = node.ordered;
        if (children === null || children.length === 0 || children[0]!.at > target) break;
        let lo = 0;
        let hi = children.length - 1;
        while (lo < hi) {
          const mid = (lo + hi + 1) >> 1;
          if (children[mid]!.at <= target) lo = mid;
          else hi = mid - 1;
        }
        node = children[lo]!;
        path.push(node.segment!);
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
