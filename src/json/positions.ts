/**
 * A strict JSON parser that remembers where each value is: problems in a
 * settings file or a hook's output can then say `line:column` as well as the
 * path. Objects are built with a null prototype, so `__proto__` is data.
 * Errors are values; nothing throws on bad input.
 */

import { toNullPrototype, type JsonValue } from "./value.js";

export interface TextPosition {
  readonly line: number;
  readonly column: number;
  readonly offset: number;
}

export type JsonPathSegment = string | number;

export type ParsedJson =
  | {
      readonly ok: true;
      readonly value: unknown;
      readonly positionOf: (path: readonly JsonPathSegment[]) => TextPosition;
      /** The innermost key or value that starts at or before a 1-based line:column (for errors that carry only a position). */
      readonly pathAt: (line: number, column: number) => JsonPathSegment[];
    }
  | { readonly ok: false; readonly message: string; readonly position: TextPosition };

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

/** The one-character escapes after a backslash and what they stand for. */
const SIMPLE_ESCAPES: ReadonlyMap<string, string> = new Map([
  ['"', '"'], ["\\", "\\"], ["/", "/"], ["b", "\b"], ["f", "\f"], ["n", "\n"], ["r", "\r"], ["t", "\t"],
]);

class JsonSyntaxError {
  constructor(
    readonly message: string,
    readonly offset: number,
  ) {}
}

export function parseJsonWithPositions(text: string): ParsedJson {
  const lineStarts = [0];
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) === 10) lineStarts.push(i + 1);
  const toPosition = (offset: number): TextPosition => {
    let lo = 0;
    let hi = lineStarts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (lineStarts[mid]! <= offset) lo = mid;
      else hi = mid - 1;
    }
    return { line: lo + 1, column: offset - lineStarts[lo]! + 1, offset };
  };
  // Path key -> offset of the member's key (for object members) or of the value (array items, root).
  const offsets = new Map<string, number>();
  let i = text.charCodeAt(0) === 0xfeff ? 1 : 0;

  const skipWhitespace = (): void => {
    while (i < text.length) {
      const c = text.charCodeAt(i);
      if (c === 32 || c === 9 || c === 10 || c === 13) i++;
      else break;
    }
  };
  const describe = (): string => (i >= text.length ? "end of input" : `${JSON.stringify(text[i])}`);
  const fail = (what: string): never => {
    throw new JsonSyntaxError(`expected ${what}, found ${describe()}`, i);
  };

  const parseString = (): string => {
    const start = i;
    i++; // opening quote
    let out = "";
    for (;;) {
      if (i >= text.length) throw new JsonSyntaxError("unterminated string", start);
      const c = text.charCodeAt(i);
      if (c === 34) {
        i++;
        return out;
      }
      if (c < 0x20) throw new JsonSyntaxError("control character in string", i);
      if (c !== 92) {
        out += text[i];
        i++;
        continue;
      }
      const e = text[i + 1];
      const simple = e === undefined ? undefined : SIMPLE_ESCAPES.get(e);
      if (simple !== undefined) {
        out += simple;
        i += 2;
      } else if (e === "u" && /^[0-9a-fA-F]{4}$/.test(text.slice(i + 2, i + 6))) {
        out += String.fromCharCode(parseInt(text.slice(i + 2, i + 6), 16));
        i += 6;
      } else {
        throw new JsonSyntaxError("invalid escape in string", i);
      }
    }
  };

  const NUMBER = /-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?/y;

  const parseValue = (path: string, depth: number): unknown => {
    if (depth > 512) throw new JsonSyntaxError("nesting deeper than 512 levels", i);
    skipWhitespace();
    if (!offsets.has(path)) offsets.set(path, i);
    const c = text[i];
    if (c === "{") {
      i++;
      const object: Record<string, unknown> = Object.create(null);
      skipWhitespace();
      if (text[i] === "}") {
        i++;
        return object;
      }
      for (;;) {
        skipWhitespace();
        if (text[i] !== '"') fail("a property name in double quotes");
        const keyOffset = i;
        const key = parseString();
        const childPath = `${path}\u0000${key}`;
        offsets.set(childPath, keyOffset);
        skipWhitespace();
        if (text[i] !== ":") fail("':'");
        i++;
        object[key] = parseValue(childPath, depth + 1);
        skipWhitespace();
        if (text[i] === ",") {
          i++;
          continue;
        }
        if (text[i] === "}") {
          i++;
          return object;
        }
        fail("',' or '}'");
      }
    }
    if (c === "[") {
      i++;
      const array: unknown[] = [];
      skipWhitespace();
      if (text[i] === "]") {
        i++;
        return array;
      }
      for (;;) {
        const childPath = `${path}\u0001${array.length}`;
        skipWhitespace();
        offsets.set(childPath, i);
        array.push(parseValue(childPath, depth + 1));
        skipWhitespace();
        if (text[i] === ",") {
          i++;
          continue;
        }
        if (text[i] === "]") {
          i++;
          return array;
        }
        fail("',' or ']'");
      }
    }
    if (c === '"') return parseString();
    for (const [word, value] of [["true", true], ["false", false], ["null", null]] as const) {
      if (text.startsWith(word, i)) {
        i += word.length;
        return value;
      }
    }
    NUMBER.lastIndex = i;
    const m = NUMBER.exec(text);
    if (m !== null) {
      i += m[0].length;
      return Number(m[0]);
    }
    return fail("a JSON value");
  };

  try {
    const value = parseValue("", 0);
    skipWhitespace();
    if (i < text.length) fail("end of input");
    const positionOf = (path: readonly JsonPathSegment[]): TextPosition => {
      // The deepest prefix of the path that exists (a missing key points at its object).
      for (let n = path.length; n >= 0; n--) {
        const key = path
          .slice(0, n)
          .map((s) => (typeof s === "number" ? `\u0001${s}` : `\u0000${s}`))
          .join("");
        const offset = offsets.get(key);
        if (offset !== undefined) return toPosition(offset);
      }
      return toPosition(0);
    };
    const decode = (key: string): JsonPathSegment[] =>
      [...key.matchAll(/([\u0000\u0001])([^\u0000\u0001]*)/g)].map((m) => (m[1] === "\u0001" ? Number(m[2]) : m[2]!));
    const pathAt = (line: number, column: number): JsonPathSegment[] => {
      const target = (lineStarts[line - 1] ?? 0) + column - 1;
      let best = "";
      let bestOffset = -1;
      for (const [key, offset] of offsets) {
        if (offset <= target && (offset > bestOffset || (offset === bestOffset && key.length > best.length))) {
          best = key;
          bestOffset = offset;
        }
      }
      return decode(best);
    };
    return { ok: true, value, positionOf, pathAt };
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
