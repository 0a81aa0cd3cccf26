/**
 * JSON.parse as Claude Code 2.1.332 experiences it. The CLI runs on
 * JavaScriptCore (Bun), so a parse failure is worded by JSC's LiteralParser,
 * not by V8: `JSON Parse error: Property name must be a string literal`,
 * `Unable to parse JSON string` for content after the value, ...
 *
 * Valid JSON is parsed by the host's JSON.parse (both engines accept the same
 * texts) and copied into null-prototype objects, so `__proto__` stays data.
 * Invalid JSON is re-scanned here to find JSC's message.
 *
 * Observed texts (test/observer/claude-code/probes, pre-30, pre-39, new-*-invalid-json*):
 * a missing key after a comma → `Property name must be a string literal`, a
 * missing first key → `Expected '}'`; `'` → `Single quotes (') are not allowed
 * in JSON`; a missing `}` / `]` → `Expected '}'` / `Expected ']'`; `tru` →
 * `Unexpected identifier "tru"`; a missing `:` → `Expected ':' before value in
 * object property definition`; `\q` → `Invalid escape character q`; `\u12` →
 * `"\u12"}" is not a valid unicode escape`; an open string or a raw control
 * character → `Unterminated string`; `[1,]` → `Unexpected comma at the end of
 * array expression`; `#` → `Unrecognized token '#'`; `-` → `Invalid number`;
 * `{"a":}` → `Unexpected token '}'`; two documents → `Unable to parse JSON
 * string`. Only `Unexpected EOF` (nothing after a `:`) is unobserved.
 */
import { toNullPrototype, type JsonValue } from "../json/value.js";

export { isJsonObject, toNullPrototype, stringifyOr, type JsonValue, type JsonObject } from "../json/value.js";

export type JscParse = { readonly ok: true; readonly value: JsonValue } | { readonly ok: false; readonly message: string };

/** Parse `text` as JSC would; on failure `message` is JSC's text without the `JSON Parse error: ` prefix. */
export function parseJsonAsJsc(text: string): JscParse {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return { ok: false, message: jscParseErrorMessage(text) };
  }
  return { ok: true, value: toNullPrototype(raw) };
}



class JscError {
  constructor(readonly message: string) {}
}

const UNABLE = "Unable to parse JSON string";

/** The message JSC gives for invalid JSON `text` (call only when JSON.parse failed). */
export function jscParseErrorMessage(text: string): string {
  const scanner = new Scanner(text);
  try {
    scanner.skipWhitespace();
    scanner.value();
    scanner.skipWhitespace();
    // A complete value followed by more text: JSC has no specific message.
    return UNABLE;
  } catch (e) {
    if (e instanceof JscError) return e.message;
    return UNABLE;
  }
}

const IDENT = /[A-Za-z_$0-9]/;
const TOKEN_START = /[A-Za-z_$0-9"{}[\],:-]/;

class Scanner {
  private pos = 0;
  constructor(private readonly text: string) {}

  skipWhitespace(): void {
    while (this.pos < this.text.length && " \t\n\r".includes(this.text[this.pos]!)) this.pos++;
  }

  private peek(): string | undefined {
    return this.text[this.pos];
  }

  value(): void {
    this.skipWhitespace();
    const c = this.peek();
    if (c === undefined) throw new JscError("Unexpected EOF");
    if (c === "{") return this.object();
    if (c === "[") return this.array();
    if (c === '"') return this.string();
    if (c === "'") throw new JscError("Single quotes (') are not allowed in JSON");
    if (c === "-" || (c >= "0" && c <= "9")) return this.number();
    if (IDENT.test(c)) return this.identifier();
    if ("}],:".includes(c)) throw new JscError(`Unexpected token '${c}'`); // probe-j09
    throw new JscError(`Unrecognized token '${c}'`);
  }

  private identifier(): void {
    const start = this.pos;
    while (this.pos < this.text.length && IDENT.test(this.text[this.pos]!)) this.pos++;
    const word = this.text.slice(start, this.pos);
    if (word === "true" || word === "false" || word === "null") return;
    throw new JscError(`Unexpected identifier "${word}"`);
  }

  private number(): void {
    const m = /^-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?/.exec(this.text.slice(this.pos));
    if (m === null || m[0] === "-") throw new JscError("Invalid number");
    this.pos += m[0].length;
  }

  private string(): void {
    this.pos++; // opening quote
    for (;;) {
      const c = this.peek();
      if (c === undefined) throw new JscError("Unterminated string");
      if (c === '"') {
        this.pos++;
        return;
      }
      if (c === "\\") {
        const e = this.text[this.pos + 1];
        if (e === undefined) throw new JscError("Unterminated string");
        if (e === "u") {
          if (!/^[0-9A-Fa-f]{4}$/.test(this.text.slice(this.pos + 2, this.pos + 6))) {
            // JSC quotes the six characters from the backslash (probe-j05)
            throw new JscError(`"${this.text.slice(this.pos, this.pos + 6)}" is not a valid unicode escape`);
          }
          this.pos += 6;
          continue;
        }
        if (!`"\\/bfnrt`.includes(e)) throw new JscError(`Invalid escape character ${e}`);
        this.pos += 2;
        continue;
      }
      if (c < " ") throw new JscError("Unterminated string");
      this.pos++;
    }
  }

  private object(): void {
    this.pos++; // {
    this.skipWhitespace();
    if (this.peek() === "}") {
      this.pos++;
      return;
    }
    for (let first = true; ; first = false) {
      this.skipWhitespace();
      const c = this.peek();
      // lexer errors come first; then JSC words a missing first key and a missing key after a comma differently
      // (new-pre-invalid-json-closed `{not json}`, probe-v07 `{"a":1,}`)
      if (c === "'") throw new JscError("Single quotes (') are not allowed in JSON");
      if (c !== undefined && !TOKEN_START.test(c)) throw new JscError(`Unrecognized token '${c}'`);
      if (c !== '"') throw new JscError(first ? "Expected '}'" : "Property name must be a string literal");
      this.string();
      this.skipWhitespace();
      if (this.peek() !== ":") throw new JscError("Expected ':' before value in object property definition");
      this.pos++;
      this.value();
      this.skipWhitespace();
      const next = this.peek();
      if (next === ",") {
        this.pos++;
        continue;
      }
      if (next === "}") {
        this.pos++;
        return;
      }
      throw new JscError("Expected '}'");
    }
  }

  private array(): void {
    this.pos++; // [
    this.skipWhitespace();
    if (this.peek() === "]") {
      this.pos++;
      return;
    }
    for (;;) {
      this.value();
      this.skipWhitespace();
      const next = this.peek();
      if (next === ",") {
        this.pos++;
        this.skipWhitespace();
        if (this.peek() === "]") throw new JscError("Unexpected comma at the end of array expression");
        continue;
      }
      if (next === "]") {
        this.pos++;
        return;
      }
      throw new JscError("Expected ']'");
    }
  }
}
