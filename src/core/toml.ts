/**
 * A small TOML reader for what an agent's `config.toml` holds around its
 * hooks: tables and arrays of tables
 * (`[hooks]`, `[[hooks.PreToolUse]]`, `[[hooks]]`, `[projects."/path"]`), dotted and quoted keys, strings (basic, literal,
 * multi-line), integers, floats, booleans, arrays and inline tables. Dates
 * and times are kept as their text. Never throws: a document it cannot read
 * is an error value with the line and column. Tables are null-prototype.
 */
import type { ProtocolError } from "./errors.js";
import type { JsonObject, JsonValue } from "../json/value.js";

/** A TOML integer outside 64 bits: the reader refuses it (TOML 1.0: integers are 64-bit signed). */
export const tomlIntegerOutOfRange = (token: string): string => `integer ${token.length > 40 ? `${token.slice(0, 40)}... (${token.length} characters)` : token} is out of range (a TOML integer is 64-bit signed)`;

export type TomlResult =
  | {
      readonly ok: true;
      readonly value: JsonObject;
      /** A number's token as written (`5`, `+5`, `5_0`, `0x10`, `5.0`, `inf`), by its path; undefined for anything else. A reader that tells integers from floats (serde) needs it: `5.0` and `5` are the same JS number. */
      readonly literalOf: (path: readonly (string | number)[]) => string | undefined;
    }
  | { readonly ok: false; readonly error: ProtocolError };

const I64_MIN = -(2n ** 63n);
const I64_MAX = 2n ** 63n - 1n;

/** Arrays and inline tables nested deeper than this are refused (no stack overflow on hostile input). */
const MAX_DEPTH = 128;

class TomlError extends Error {}

const table = (): JsonObject => Object.create(null) as JsonObject;
const isTable = (v: JsonValue | undefined): v is JsonObject => v !== null && typeof v === "object" && !Array.isArray(v);

class Parser {
  private pos = 0;
  /** Tables defined by a header or as inline values: defining them again is an error. */
  private readonly closed = new WeakSet<JsonObject>();
  private readonly headers = new WeakSet<JsonObject>();
  /** Number tokens by container and key or index. */
  readonly literals = new WeakMap<object, Map<string | number, string>>();
  /** The token of the number value() last read; null after any other value. */
  private lastNumber: string | null = null;
  constructor(private readonly text: string) {}

  fail(message: string): never {
    throw new TomlError(message);
  }

  position(): { line: number; column: number } {
    const before = this.text.slice(0, this.pos);
    const line = before.split("\n").length;
    return { line, column: this.pos - before.lastIndexOf("\n") };
  }

  private peek(offset = 0): string {
    return this.text[this.pos + offset] ?? "";
  }

  private skipSpaces(): void {
    while (this.peek() === " " || this.peek() === "\t") this.pos++;
  }

  private skipComment(): void {
    if (this.peek() !== "#") return;
    while (this.pos < this.text.length && this.peek() !== "\n") this.pos++;
  }

  /** Spaces, comments and newlines (inside arrays). */
  private skipBlank(): void {
    for (;;) {
      this.skipSpaces();
      this.skipComment();
      if (this.peek() === "\n") this.pos++;
      else if (this.peek() === "\r" && this.peek(1) === "\n") this.pos += 2;
      else return;
    }
  }

  private endOfLine(): void {
    this.skipSpaces();
    this.skipComment();
    if (this.pos >= this.text.length) return;
    if (this.peek() === "\n") this.pos++;
    else if (this.peek() === "\r" && this.peek(1) === "\n") this.pos += 2;
    else this.fail(`expected the end of the line, found ${JSON.stringify(this.peek())}`);
  }

  parse(): JsonObject {
    const root = table();
    let current = root;
    while (this.pos < this.text.length) {
      this.skipBlank();
      if (this.pos >= this.text.length) break;
      if (this.peek() === "[") {
        const arrayOfTables = this.peek(1) === "[";
        this.pos += arrayOfTables ? 2 : 1;
        this.skipSpaces();
        const path = this.key();
        this.skipSpaces();
        if (this.text.slice(this.pos, this.pos + (arrayOfTables ? 2 : 1)) !== (arrayOfTables ? "]]" : "]")) this.fail(`expected ${arrayOfTables ? "]]" : "]"} after a table name`);
        this.pos += arrayOfTables ? 2 : 1;
        current = arrayOfTables ? this.appendTable(root, path) : this.openTable(root, path);
        this.endOfLine();
      } else {
        const path = this.key();
        this.skipSpaces();
        if (this.peek() !== "=") this.fail(`expected = after the key ${path.join(".")}`);
        this.pos++;
        this.skipSpaces();
        const value = this.value(0);
        this.assign(current, path, value);
        this.endOfLine();
      }
    }
    return root;
  }

  /** Walk (creating) the tables of a dotted path; through an array of tables, into its last element. */
  private descend(from: JsonObject, path: readonly string[]): JsonObject {
    let at = from;
    for (const part of path) {
      let next = at[part];
      if (next === undefined) {
        next = table();
        at[part] = next;
      }
      if (Array.isArray(next)) next = next[next.length - 1];
      if (!isTable(next) || this.closed.has(next)) this.fail(`${part} is already defined as a value`);
      at = next;
    }
    return at;
  }

  private openTable(root: JsonObject, path: readonly string[]): JsonObject {
    const parent = this.descend(root, path.slice(0, -1));
    const last = path[path.length - 1]!;
    const existing = parent[last];
    if (existing === undefined) {
      const created = table();
      parent[last] = created;
      this.headers.add(created);
      return created;
    }
    if (!isTable(existing) || this.closed.has(existing) || this.headers.has(existing)) this.fail(`table [${path.join(".")}] is defined twice`);
    this.headers.add(existing);
    return existing;
  }

  private appendTable(root: JsonObject, path: readonly string[]): JsonObject {
    const parent = this.descend(root, path.slice(0, -1));
    const last = path[path.length - 1]!;
    const existing = parent[last] ?? [];
    if (!Array.isArray(existing)) this.fail(`${path.join(".")} is not an array of tables`);
    const created = table();
    existing.push(created);
    parent[last] = existing;
    return created;
  }

  private assign(into: JsonObject, path: readonly string[], value: JsonValue): void {
    const parent = this.descend(into, path.slice(0, -1));
    const last = path[path.length - 1]!;
    if (parent[last] !== undefined) this.fail(`the key ${path.join(".")} is defined twice`);
    parent[last] = value;
    this.keepLiteral(parent, last);
  }

  private keepLiteral(container: object, key: string | number): void {
    if (this.lastNumber === null) return;
    let map = this.literals.get(container);
    if (map === undefined) this.literals.set(container, (map = new Map()));
    map.set(key, this.lastNumber);
    this.lastNumber = null;
  }

  private key(): string[] {
    const parts: string[] = [];
    for (;;) {
      this.skipSpaces();
      const c = this.peek();
      if (c === '"') parts.push(this.basicString());
      else if (c === "'") parts.push(this.literalString());
      else {
        const start = this.pos;
        while (/[A-Za-z0-9_-]/.test(this.peek())) this.pos++;
        if (this.pos === start) this.fail(`expected a key, found ${JSON.stringify(c || "the end")}`);
        parts.push(this.text.slice(start, this.pos));
      }
      this.skipSpaces();
      if (this.peek() !== ".") return parts;
      this.pos++;
    }
  }

  private value(depth: number): JsonValue {
    if (depth > MAX_DEPTH) this.fail(`nested deeper than ${MAX_DEPTH} levels`);
    this.lastNumber = null;
    const c = this.peek();
    if (c === '"') return this.text.startsWith('"""', this.pos) ? this.multilineBasic() : this.basicString();
    if (c === "'") return this.text.startsWith("'''", this.pos) ? this.multilineLiteral() : this.literalString();
    if (c === "[") {
      const items = this.array(depth);
      this.lastNumber = null;
      return items;
    }
    if (c === "{") {
      const inline = this.inlineTable(depth);
      this.lastNumber = null;
      return inline;
    }
    const start = this.pos;
    while (this.pos < this.text.length && !/[\s,\]}#]/.test(this.peek())) this.pos++;
    // A datetime's space before the time (`1979-05-27 07:32:00`) belongs to it.
    if (/^\d{4}-\d{2}-\d{2}$/.test(this.text.slice(start, this.pos)) && /^ \d{2}:/.test(this.text.slice(this.pos, this.pos + 4))) {
      this.pos++;
      while (this.pos < this.text.length && !/[\s,\]}#]/.test(this.peek())) this.pos++;
    }
    const token = this.text.slice(start, this.pos);
    if (token === "true") return true;
    if (token === "false") return false;
    const integer = tomlInteger(token);
    if (integer !== null) {
      // TOML integers are 64-bit signed: past that the toml crate refuses the document (cx-num-toml-i64-max-plus-1)
      if (integer < I64_MIN || integer > I64_MAX) this.fail(tomlIntegerOutOfRange(token));
      this.lastNumber = token;
      return Number(integer);
    }
    if (isTomlFloat(token)) {
      this.lastNumber = token;
      return Number(token.replace(/_/g, ""));
    }
    if (/^[+-]?(inf|nan)$/.test(token)) {
      this.lastNumber = token;
      return token;
    }
    if (/^\d{4}-\d{2}-\d{2}|^\d{2}:\d{2}/.test(token)) return token;
    return this.fail(token === "" ? "expected a value" : `unexpected value ${JSON.stringify(token)}`);
  }

  private array(depth: number): JsonValue[] {
    this.pos++;
    const items: JsonValue[] = [];
    for (;;) {
      this.skipBlank();
      if (this.peek() === "]") {
        this.pos++;
        return items;
      }
      items.push(this.value(depth + 1));
      this.keepLiteral(items, items.length - 1);
      this.skipBlank();
      if (this.peek() === ",") this.pos++;
      else if (this.peek() !== "]") this.fail("expected , or ] in an array");
    }
  }

  private inlineTable(depth: number): JsonObject {
    this.pos++;
    const out = table();
    this.skipBlank();
    if (this.peek() === "}") {
      this.pos++;
      this.closed.add(out);
      return out;
    }
    for (;;) {
      this.skipBlank();
      const path = this.key();
      this.skipSpaces();
      if (this.peek() !== "=") this.fail(`expected = after the key ${path.join(".")}`);
      this.pos++;
      this.skipSpaces();
      this.assign(out, path, this.value(depth + 1));
      this.skipBlank();
      if (this.peek() === ",") {
        this.pos++;
        continue;
      }
      if (this.peek() === "}") {
        this.pos++;
        this.closed.add(out);
        return out;
      }
      this.fail("expected , or } in an inline table");
    }
  }

  private escape(): string {
    const c = this.peek();
    this.pos++;
    const simple: Record<string, string> = { b: "\b", t: "\t", n: "\n", f: "\f", r: "\r", e: "\u001b", '"': '"', "\\": "\\" };
    if (simple[c] !== undefined) return simple[c];
    if (c === "u" || c === "U") {
      const length = c === "u" ? 4 : 8;
      const hex = this.text.slice(this.pos, this.pos + length);
      if (!new RegExp(`^[0-9A-Fa-f]{${length}}$`).test(hex)) this.fail(`invalid \\${c} escape`);
      const code = parseInt(hex, 16);
      if (code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff)) this.fail(`\\${c}${hex} is not a Unicode scalar value`);
      this.pos += length;
      return String.fromCodePoint(code);
    }
    return this.fail(`invalid escape \\${c}`);
  }

  private basicString(): string {
    this.pos++;
    let out = "";
    for (;;) {
      const c = this.peek();
      if (c === "" || c === "\n") this.fail("unterminated string");
      this.pos++;
      if (c === '"') return out;
      out += c === "\\" ? this.escape() : c;
    }
  }

  private literalString(): string {
    this.pos++;
    const end = this.text.indexOf("'", this.pos);
    const newline = this.text.indexOf("\n", this.pos);
    if (end === -1 || (newline !== -1 && newline < end)) this.fail("unterminated literal string");
    const out = this.text.slice(this.pos, end);
    this.pos = end + 1;
    return out;
  }

  private multilineBasic(): string {
    this.pos += 3;
    if (this.peek() === "\n") this.pos++;
    else if (this.peek() === "\r" && this.peek(1) === "\n") this.pos += 2;
    let out = "";
    for (;;) {
      if (this.pos >= this.text.length) this.fail("unterminated multi-line string");
      if (this.text.startsWith('"""', this.pos)) {
        // Up to two quotes may end the content: `""""` and `"""""`.
        let quotes = 3;
        while (this.peek(quotes) === '"' && quotes < 5) quotes++;
        out += '"'.repeat(quotes - 3);
        this.pos += quotes;
        return out;
      }
      const c = this.peek();
      this.pos++;
      if (c !== "\\") {
        out += c;
        continue;
      }
      // A backslash at the end of a line trims the newline and the whitespace after it.
      const rest = /^[ \t]*\r?\n[\s]*/.exec(this.text.slice(this.pos, this.pos + 4096));
      if (rest !== null) this.pos += rest[0].length;
      else out += this.escape();
    }
  }

  private multilineLiteral(): string {
    this.pos += 3;
    if (this.peek() === "\n") this.pos++;
    else if (this.peek() === "\r" && this.peek(1) === "\n") this.pos += 2;
    const end = this.text.indexOf("'''", this.pos);
    if (end === -1) this.fail("unterminated multi-line literal string");
    let stop = end;
    while (this.text[stop + 3] === "'" && stop - end < 2) stop++;
    const out = this.text.slice(this.pos, stop);
    this.pos = stop + 3;
    return out;
  }
}

/** Every `_` in a number token sits between two digits (TOML's rule). */
function underscoresBetweenDigits(token: string): boolean {
  for (let i = token.indexOf("_"); i !== -1; i = token.indexOf("_", i + 1)) {
    if (!/[0-9A-Fa-f]/.test(token[i - 1] ?? "") || !/[0-9A-Fa-f]/.test(token[i + 1] ?? "")) return false;
  }
  return true;
}

/** A TOML float token (`5.0`, `1e2`, `-1.5E-3`, `1_000.5`): linear, as tomlInteger. */
function isTomlFloat(token: string): boolean {
  return /^[+-]?(?:0|[1-9][0-9_]*)(?:\.[0-9][0-9_]*)?(?:[eE][+-]?[0-9][0-9_]*)?$/.test(token) && /[.eE]/.test(token) && underscoresBetweenDigits(token.replace(/[eE][+-]?/, "e"));
}

/** A TOML integer token's value (decimal with sign and underscores, `0x`, `0o`, `0b`), or null when it is not one. */
export function tomlInteger(token: string): bigint | null {
  // one character class per token, then the underscore rule (each between two digits): linear, no backtracking on a long token
  if (!/^(?:[+-]?(?:0|[1-9][0-9_]*)|0x[0-9A-Fa-f][0-9A-Fa-f_]*|0o[0-7][0-7_]*|0b[01][01_]*)$/.test(token) || !underscoresBetweenDigits(token)) return null;
  const digits = token.replace(/_/g, "").replace(/^[+]/, "");
  // longer than any 64-bit integer in any base (0b + 64 digits): out of range, without a BigInt of a megabyte of digits
  if (digits.length > 67) return token.startsWith("-") ? -(2n ** 64n) : 2n ** 64n;
  return BigInt(digits);
}

/** Read a TOML document; `file` names it in the error. */
export function parseToml(text: string, file = ""): TomlResult {
  const parser = new Parser(text.replace(/^\uFEFF/, ""));
  try {
    const value = parser.parse();
    const literalOf = (path: readonly (string | number)[]): string | undefined => {
      let container: JsonValue | undefined = value;
      for (const segment of path.slice(0, -1)) container = container !== null && typeof container === "object" ? (container as Record<string | number, JsonValue>)[segment] : undefined;
      if (container === null || container === undefined || typeof container !== "object" || path.length === 0) return undefined;
      return parser.literals.get(container)?.get(path[path.length - 1]!);
    };
    return { ok: true, value, literalOf };
  } catch (e) {
    const message = e instanceof TomlError ? e.message : `cannot read: ${e instanceof Error ? e.message : String(e)}`;
    const position = parser.position();
    return { ok: false, error: { code: "config-parse", path: "", message: `${file === "" ? "" : `${file}: `}TOML ${message} (line ${position.line}, column ${position.column})`, position } };
  }
}
