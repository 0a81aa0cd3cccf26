/**
 * serde_json 1.0.149's `Deserializer<StrRead>` (default features), ported
 * method by method: the reader with its `error` / `peek_error` positions, whitespace, idents, the non-`float_roundtrip` number parser,
 * string unescaping, the grammar-only skip of ignored values (iterative, no
 * depth limit, as in serde_json), the recursion limit of 128, and the
 * `Deserializer` methods with their `fix_position` calls.
 */
import {
  attempt,
  NONE,
  visit,
  contentVisitor,
  unitVisitor,
  visitorOf,
  type Content,
  type Deserializer,
  type EnumAccess,
  type MapAccess,
  type Maybe,
  type Seed,
  type SeqAccess,
  type VariantAccess,
  type Visitor,
} from "./de.js";
import { SerdeFailure, syntaxFailureAt, type SyntaxErrorCode } from "./errors.js";
import { invalidType, type Unexpected } from "./messages.js";
import { POW10 } from "./number-text.js";
import { I64_MIN, U64_MAX } from "./value.js";

/** The magnitude of i64::MIN: a larger negative integer is read as a float. */
const I64_MIN_MAGNITUDE = -I64_MIN;
const I32_MAX = 2147483647;
const I32_MIN = -2147483648;
const EOF = -1;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const DIGIT_0 = 0x30;
const DIGIT_9 = 0x39;

function isDigit(c: number): boolean {
  return c >= DIGIT_0 && c <= DIGIT_9;
}

function hexValue(c: number): number {
  if (c >= 0x30 && c <= 0x39) return c - 0x30;
  if (c >= 0x61 && c <= 0x66) return c - 0x61 + 10;
  if (c >= 0x41 && c <= 0x46) return c - 0x41 + 10;
  return -1;
}

/** serde_json's `ParserNumber`. */
export type ParsedNumber =
  | { readonly kind: "u64"; readonly value: bigint }
  | { readonly kind: "i64"; readonly value: bigint }
  | { readonly kind: "f64"; readonly value: number };

function visitNumber<T>(n: ParsedNumber, visitor: Visitor<T>): T {
  switch (n.kind) {
    case "u64": return visit.u64(visitor, n.value);
    case "i64": return visit.i64(visitor, n.value);
    case "f64": return visit.f64(visitor, n.value);
  }
}

function unexpectedNumber(n: ParsedNumber): Unexpected {
  switch (n.kind) {
    case "u64": return { kind: "unsigned", value: n.value };
    case "i64": return { kind: "signed", value: n.value };
    case "f64": return { kind: "float", value: n.value };
  }
}

interface WellFormedString {
  isWellFormed(): boolean;
  toWellFormed(): string;
}

/** Escapes in a string after which the rest is decoded natively (a 1 MB body may have 40,000: no rope of pieces). */
const MANY_ESCAPES = 8;

/** serde_json's `skip_to_escape`: the run of characters up to a quote, a backslash or a control character. */
const STRING_RUN = /[^"\\\u0000-\u001f]*/y;

/**
 * The reader works on the UTF-16 text itself, not on its UTF-8 bytes:
 * everything serde_json compares is ASCII, and a run of string characters
 * is the same text either way. Where serde_json stops inside a multi-byte
 * character (one byte of it read by `next()` / `peek()` before an error,
 * four bytes of a `\u` escape) the error position adds the bytes it read;
 * positions are UTF-8 columns, computed only when a failure is reported.
 */
export class JsonDeserializer implements Deserializer {
  private index = 0;
  private remainingDepth = 128;
  private readonly length: number;

  constructor(private readonly text: string) {
    this.length = text.length;
  }

  static fromText(text: string): JsonDeserializer {
    // A &str cannot hold a lone surrogate: it reads as U+FFFD, as UTF-8 encoding would make it.
    const source = text as unknown as WellFormedString;
    return new JsonDeserializer(source.isWellFormed() ? text : source.toWellFormed());
  }

  // ---- the reader (serde_json's StrRead) ----

  private peek(): number {
    return this.index < this.length ? this.text.charCodeAt(this.index) : EOF;
  }

  /** `peek_or_null`: EOF reads as NUL. */
  private peekOrNull(): number {
    return this.index < this.length ? this.text.charCodeAt(this.index) : 0;
  }

  private next(): number {
    if (this.index < this.length) return this.text.charCodeAt(this.index++);
    return EOF;
  }

  eat(): void {
    this.index++;
  }

  /** Error at the current position: after the last character read. */
  error(code: SyntaxErrorCode): SerdeFailure {
    return syntaxFailureAt(code, this.text, this.index, 0);
  }

  /**
   * Error right after `next()` (or `eat()` after `peek()`) gave `c`: serde_json
   * had read one byte of it, which is all of it only when it is ASCII.
   */
  private errorAfter(c: number, code: SyntaxErrorCode): SerdeFailure {
    return c >= 0x80 ? syntaxFailureAt(code, this.text, this.index - 1, 1) : this.error(code);
  }

  /** Error caused by a character from `peek()`: the position just after its first byte. */
  peekError(code: SyntaxErrorCode): SerdeFailure {
    const i = this.index;
    if (i >= this.length) return syntaxFailureAt(code, this.text, this.length, 0);
    return this.text.charCodeAt(i) >= 0x80 ? syntaxFailureAt(code, this.text, i, 1) : syntaxFailureAt(code, this.text, i + 1, 0);
  }

  /** A data error gets the current position if it has none yet. */
  fixPosition(failure: SerdeFailure): SerdeFailure {
    if (failure.hasPosition) return failure;
    return SerdeFailure.at(failure.code, failure.message, this.text, this.index, 0, failure.path);
  }

  /** `fix_position` of whatever a `Deserializer` method's body threw. */
  private fixed(e: unknown): unknown {
    return e instanceof SerdeFailure ? this.fixPosition(e) : e;
  }

  /** A number whose first character (`-` or a digit) is next, as `deserialize_any` parses it. */
  parseNumberValue(): ParsedNumber {
    if (this.peek() !== 0x2d) return this.parseInteger(true);
    this.eat();
    return this.parseInteger(false);
  }

  /** Enters an array or object: false when that reaches serde_json's recursion limit. */
  descend(): boolean {
    return --this.remainingDepth !== 0;
  }

  ascend(): void {
    this.remainingDepth++;
  }

  /** Skips space, `\n`, `\t`, `\r`; returns the next byte (not consumed) or EOF. */
  parseWhitespace(): number {
    for (;;) {
      const c = this.peek();
      if (c === 0x20 || c === 0x0a || c === 0x09 || c === 0x0d) this.index++;
      else return c;
    }
  }

  /** `Deserializer::end`: only whitespace may follow the value. */
  end(): void {
    if (this.parseWhitespace() !== EOF) throw this.peekError("trailing-characters");
  }

  parseIdent(rest: string): void {
    for (let i = 0; i < rest.length; i++) {
      const c = this.next();
      if (c === EOF) throw this.error("eof-while-parsing-value");
      if (c !== rest.charCodeAt(i)) throw this.errorAfter(c, "expected-some-ident");
    }
  }

  private peekInvalidType(expecting: string): SerdeFailure {
    let unexpected: Unexpected;
    switch (this.peekOrNull()) {
      case 0x6e: // n
        this.eat();
        this.parseIdent("ull");
        unexpected = { kind: "unit" };
        break;
      case 0x74: // t
        this.eat();
        this.parseIdent("rue");
        unexpected = { kind: "bool", value: true };
        break;
      case 0x66: // f
        this.eat();
        this.parseIdent("alse");
        unexpected = { kind: "bool", value: false };
        break;
      case 0x2d: // -
        this.eat();
        unexpected = unexpectedNumber(this.parseInteger(false));
        break;
      case 0x30: case 0x31: case 0x32: case 0x33: case 0x34:
      case 0x35: case 0x36: case 0x37: case 0x38: case 0x39:
        unexpected = unexpectedNumber(this.parseInteger(true));
        break;
      case QUOTE:
        this.eat();
        unexpected = { kind: "str", value: this.parseStr() };
        break;
      case 0x5b:
        unexpected = { kind: "seq" };
        break;
      case 0x7b:
        unexpected = { kind: "map" };
        break;
      default:
        return this.peekError("expected-some-value");
    }
    return this.fixPosition(invalidType(unexpected, expecting));
  }

  // ---- numbers (serde_json 1.0.149, no float_roundtrip) ----

  private parseInteger(positive: boolean): ParsedNumber {
    const c = this.next();
    if (c === EOF) throw this.error("eof-while-parsing-value");
    if (c === DIGIT_0) {
      if (isDigit(this.peekOrNull())) throw this.peekError("invalid-number");
      return this.parseNumber(positive, 0n);
    }
    if (c > DIGIT_0 && c <= DIGIT_9) {
      // Plain numbers while exact (< 2^53), bigint beyond.
      let small = c - DIGIT_0;
      for (;;) {
        const d = this.peekOrNull();
        if (!isDigit(d)) return this.parseNumber(positive, BigInt(small));
        // small * 10 + 9 must stay below 2^53.
        if (small > 900719925474098) break;
        this.eat();
        small = small * 10 + (d - DIGIT_0);
      }
      let significand = BigInt(small);
      for (;;) {
        const d = this.peekOrNull();
        if (!isDigit(d)) return this.parseNumber(positive, significand);
        const grown = significand * 10n + BigInt(d - DIGIT_0);
        if (grown > U64_MAX) return { kind: "f64", value: this.parseLongInteger(positive, significand) };
        this.eat();
        significand = grown;
      }
    }
    throw this.errorAfter(c, "invalid-number");
  }

  private parseNumber(positive: boolean, significand: bigint): ParsedNumber {
    const c = this.peekOrNull();
    if (c === 0x2e) return { kind: "f64", value: this.parseDecimal(positive, significand, 0) };
    if (c === 0x65 || c === 0x45) return { kind: "f64", value: this.parseExponent(positive, significand, 0) };
    if (positive) return { kind: "u64", value: significand };
    // `-0` and magnitudes beyond i64::MIN become floats.
    if (significand === 0n || significand > I64_MIN_MAGNITUDE) return { kind: "f64", value: -Number(significand) };
    return { kind: "i64", value: -significand };
  }

  private parseLongInteger(positive: boolean, significand: bigint): number {
    let exponent = 0;
    for (;;) {
      const c = this.peekOrNull();
      if (isDigit(c)) {
        this.eat();
        exponent++;
      } else if (c === 0x2e) {
        return this.parseDecimal(positive, significand, exponent);
      } else if (c === 0x65 || c === 0x45) {
        return this.parseExponent(positive, significand, exponent);
      } else {
        return this.f64FromParts(positive, significand, exponent);
      }
    }
  }

  private parseDecimal(positive: boolean, significand: bigint, exponentBeforePoint: number): number {
    this.eat();
    let exponentAfterPoint = 0;
    for (;;) {
      const c = this.peekOrNull();
      if (!isDigit(c)) break;
      const grown = significand * 10n + BigInt(c - DIGIT_0);
      if (grown > U64_MAX) {
        return this.parseDecimalOverflow(positive, significand, exponentBeforePoint + exponentAfterPoint);
      }
      this.eat();
      significand = grown;
      exponentAfterPoint--;
    }
    if (exponentAfterPoint === 0) {
      throw this.peekError(this.peek() === EOF ? "eof-while-parsing-value" : "invalid-number");
    }
    const exponent = exponentBeforePoint + exponentAfterPoint;
    const c = this.peekOrNull();
    if (c === 0x65 || c === 0x45) return this.parseExponent(positive, significand, exponent);
    return this.f64FromParts(positive, significand, exponent);
  }

  private parseDecimalOverflow(positive: boolean, significand: bigint, exponent: number): number {
    while (isDigit(this.peekOrNull())) this.eat();
    const c = this.peekOrNull();
    if (c === 0x65 || c === 0x45) return this.parseExponent(positive, significand, exponent);
    return this.f64FromParts(positive, significand, exponent);
  }

  private parseExponent(positive: boolean, significand: bigint, startingExponent: number): number {
    this.eat();
    let positiveExponent = true;
    const sign = this.peekOrNull();
    if (sign === 0x2b) this.eat();
    else if (sign === 0x2d) {
      this.eat();
      positiveExponent = false;
    }
    const first = this.next();
    if (first === EOF) throw this.error("eof-while-parsing-value");
    if (!isDigit(first)) throw this.errorAfter(first, "invalid-number");
    let exponent = first - DIGIT_0;
    for (;;) {
      const c = this.peekOrNull();
      if (!isDigit(c)) break;
      this.eat();
      const digit = c - DIGIT_0;
      if (exponent * 10 + digit > I32_MAX) {
        return this.parseExponentOverflow(positive, significand === 0n, positiveExponent);
      }
      exponent = exponent * 10 + digit;
    }
    const finalExponent = positiveExponent
      ? Math.min(I32_MAX, startingExponent + exponent)
      : Math.max(I32_MIN, startingExponent - exponent);
    return this.f64FromParts(positive, significand, finalExponent);
  }

  private parseExponentOverflow(positive: boolean, zeroSignificand: boolean, positiveExponent: boolean): number {
    if (!zeroSignificand && positiveExponent) throw this.error("number-out-of-range");
    while (isDigit(this.peekOrNull())) this.eat();
    return positive ? 0 : -0;
  }

  private f64FromParts(positive: boolean, significand: bigint, exponent: number): number {
    // `significand as f64` rounds to nearest, ties to even, like Number(bigint).
    let f = Number(significand);
    for (;;) {
      const pow = POW10[Math.abs(exponent)];
      if (pow !== undefined) {
        if (exponent >= 0) {
          f *= pow;
          if (!Number.isFinite(f)) throw this.error("number-out-of-range");
        } else {
          f /= pow;
        }
        break;
      }
      if (f === 0) break;
      if (exponent >= 0) throw this.error("number-out-of-range");
      f /= 1e308;
      exponent += 308;
    }
    return positive ? f : -f;
  }

  // ---- strings ----

  /** serde_json's `skip_to_escape`: to the next quote, backslash or control character (EOF is an error). */
  private skipToEscape(): number {
    const text = this.text;
    const end = this.length;
    let i = this.index;
    // Short runs (keys, tags, enum names): a plain loop is cheapest.
    const shortEnd = Math.min(end, i + 32);
    for (; i < shortEnd; i++) {
      const c = text.charCodeAt(i);
      if (c === QUOTE || c === BACKSLASH || c < 0x20) {
        this.index = i;
        return c;
      }
    }
    // Long runs (texts, file bodies): the regular expression engine scans natively.
    STRING_RUN.lastIndex = i;
    STRING_RUN.test(text);
    i = STRING_RUN.lastIndex;
    this.index = i;
    if (i >= end) throw this.error("eof-while-parsing-string");
    return text.charCodeAt(i);
  }

  /** Reads the rest of a string whose opening quote was consumed. */
  parseStr(): string {
    const text = this.text;
    const start = this.index;
    let c = this.skipToEscape();
    let i = this.index;
    if (c === QUOTE) {
      this.index = i + 1;
      return text.slice(start, i);
    }
    // A few escapes: piece by piece; more: the whole literal natively (`decodeEscapedLiteral`).
    let value = "";
    let runStart = start;
    for (let escapes = 0; ; escapes++) {
      if (c === QUOTE) {
        this.index = i + 1;
        return value + text.slice(runStart, i);
      }
      if (c !== BACKSLASH) {
        this.index = i + 1;
        throw this.error("control-character-while-parsing-string");
      }
      if (escapes === MANY_ESCAPES) {
        const decoded = this.decodeEscapedLiteral(start, i);
        if (decoded !== undefined) return decoded;
        // Refused, so the rest has serde's error: find it without building the string.
        this.checkRestOfStr(i);
      }
      value += text.slice(runStart, i);
      this.index = i + 1;
      value += this.parseEscape();
      runStart = this.index;
      c = this.skipToEscape();
      i = this.index;
    }
  }

  /** From the backslash at `i`: throws the error of the rest of the string, if any, and goes back to `i`. */
  private checkRestOfStr(i: number): void {
    this.index = i;
    for (;;) {
      const c = this.skipToEscape();
      this.index++;
      if (c === QUOTE) break;
      if (c !== BACKSLASH) throw this.error("control-character-while-parsing-string");
      this.parseEscape();
    }
    this.index = i;
  }

  /**
   * A string with escapes, decoded natively: JSON.parse accepts exactly the
   * literals serde_json accepts, except lone surrogate escapes, which leave
   * the result not well-formed. Undefined when either refuses: reading escape
   * by escape then reports serde's error.
   */
  private decodeEscapedLiteral(start: number, firstBackslash: number): string | undefined {
    const text = this.text;
    // The end is the first quote after an even run of backslashes (in a literal JSON.parse accepts).
    let quote = text.indexOf('"', firstBackslash);
    for (;;) {
      if (quote === -1) return undefined;
      let backslashes = 0;
      while (text.charCodeAt(quote - 1 - backslashes) === BACKSLASH) backslashes++;
      if (backslashes % 2 === 0) break;
      quote = text.indexOf('"', quote + 1);
    }
    let decoded: unknown;
    try {
      decoded = JSON.parse(text.slice(start - 1, quote + 1));
    } catch {
      return undefined;
    }
    if (typeof decoded !== "string" || !(decoded as unknown as WellFormedString).isWellFormed()) return undefined;
    this.index = quote + 1;
    return decoded;
  }

  private nextOrEofInString(): number {
    const c = this.next();
    if (c === EOF) throw this.error("eof-while-parsing-string");
    return c;
  }

  private peekOrEofInString(): number {
    const c = this.peek();
    if (c === EOF) throw this.error("eof-while-parsing-string");
    return c;
  }

  private parseEscape(): string {
    const c = this.nextOrEofInString();
    switch (c) {
      case 0x22: return '"';
      case 0x5c: return "\\";
      case 0x2f: return "/";
      case 0x62: return "\b";
      case 0x66: return "\f";
      case 0x6e: return "\n";
      case 0x72: return "\r";
      case 0x74: return "\t";
      case 0x75: {
        const n = this.decodeHexEscape();
        if (n >= 0xdc00 && n <= 0xdfff) throw this.error("lone-leading-surrogate-in-hex-escape");
        if (n < 0xd800 || n > 0xdbff) return String.fromCharCode(n);
        const backslash = this.peekOrEofInString();
        this.eat();
        if (backslash !== BACKSLASH) throw this.errorAfter(backslash, "unexpected-end-of-hex-escape");
        const u = this.peekOrEofInString();
        this.eat();
        if (u !== 0x75) throw this.errorAfter(u, "unexpected-end-of-hex-escape");
        const n2 = this.decodeHexEscape();
        if (n2 < 0xdc00 || n2 > 0xdfff) throw this.error("lone-leading-surrogate-in-hex-escape");
        return String.fromCharCode(n, n2);
      }
      default:
        throw this.errorAfter(c, "invalid-escape");
    }
  }

  /** serde_json 1.0.149: reads four bytes, then reports a bad one after them. */
  private decodeHexEscape(): number {
    const text = this.text;
    const i = this.index;
    if (i + 4 <= this.length) {
      let n = 0;
      let bad = false;
      for (let k = 0; k < 4; k++) {
        const h = hexValue(text.charCodeAt(i + k));
        if (h < 0) bad = true;
        n = n * 16 + h;
      }
      if (!bad) {
        this.index = i + 4;
        return n;
      }
    }
    throw this.badHexEscape();
  }

  /**
   * Four bytes that are not four hex digits: EOF when fewer than four bytes
   * are left, else `invalid escape` after the fourth byte, which may be inside
   * a character.
   */
  private badHexEscape(): SerdeFailure {
    const text = this.text;
    let j = this.index;
    let bytes = 0;
    while (j < this.length) {
      const cp = text.codePointAt(j) as number;
      const width = cp < 0x80 ? 1 : cp < 0x800 ? 2 : cp < 0x10000 ? 3 : 4;
      if (bytes + width > 4) {
        this.index = j;
        return syntaxFailureAt("invalid-escape", text, j, 4 - bytes);
      }
      bytes += width;
      j += width === 4 ? 2 : 1;
      if (bytes === 4) {
        this.index = j;
        return this.error("invalid-escape");
      }
    }
    this.index = this.length;
    return this.error("eof-while-parsing-string");
  }

  private ignoreStr(): void {
    for (;;) {
      const c = this.skipToEscape();
      const i = this.index;
      if (c === QUOTE) {
        this.index = i + 1;
        return;
      }
      // serde_json's `ignore_str` reports a control character before it (`parse_str` after it).
      if (c !== BACKSLASH) throw this.error("control-character-while-parsing-string");
      this.index = i + 1;
      const e = this.nextOrEofInString();
      switch (e) {
        case 0x22: case 0x5c: case 0x2f: case 0x62: case 0x66: case 0x6e: case 0x72: case 0x74:
          break;
        case 0x75:
          this.decodeHexEscape();
          break;
        default:
          throw this.errorAfter(e, "invalid-escape");
      }
    }
  }

  // ---- skipping ignored values: grammar only, iterative ----

  private ignoreValue(): void {
    const frames: number[] = [];
    let enclosing: number | undefined;
    for (;;) {
      const peek = this.parseWhitespace();
      if (peek === EOF) throw this.peekError("eof-while-parsing-value");
      let opened: number | undefined;
      switch (peek) {
        case 0x6e: this.eat(); this.parseIdent("ull"); break;
        case 0x74: this.eat(); this.parseIdent("rue"); break;
        case 0x66: this.eat(); this.parseIdent("alse"); break;
        case 0x2d: this.eat(); this.ignoreInteger(); break;
        case 0x30: case 0x31: case 0x32: case 0x33: case 0x34:
        case 0x35: case 0x36: case 0x37: case 0x38: case 0x39:
          this.ignoreInteger();
          break;
        case QUOTE: this.eat(); this.ignoreStr(); break;
        case 0x5b: case 0x7b:
          if (enclosing !== undefined) frames.push(enclosing);
          enclosing = undefined;
          this.eat();
          opened = peek;
          break;
        default:
          throw this.peekError("expected-some-value");
      }
      let acceptComma: boolean;
      let frame: number;
      if (opened !== undefined) {
        acceptComma = false;
        frame = opened;
      } else if (enclosing !== undefined) {
        acceptComma = true;
        frame = enclosing;
        enclosing = undefined;
      } else {
        const popped = frames.pop();
        if (popped === undefined) return;
        acceptComma = true;
        frame = popped;
      }
      for (;;) {
        const c = this.parseWhitespace();
        if (c === 0x2c && acceptComma) {
          this.eat();
          break;
        } else if ((c === 0x5d && frame === 0x5b) || (c === 0x7d && frame === 0x7b)) {
          // closes the current frame: handled below
        } else if (c !== EOF) {
          if (acceptComma) {
            throw this.peekError(frame === 0x5b ? "expected-list-comma-or-end" : "expected-object-comma-or-end");
          }
          break;
        } else {
          throw this.peekError(frame === 0x5b ? "eof-while-parsing-list" : "eof-while-parsing-object");
        }
        this.eat();
        const popped = frames.pop();
        if (popped === undefined) return;
        frame = popped;
        acceptComma = true;
      }
      if (frame === 0x7b) {
        const q = this.parseWhitespace();
        if (q === QUOTE) this.eat();
        else if (q === EOF) throw this.peekError("eof-while-parsing-object");
        else throw this.peekError("key-must-be-a-string");
        this.ignoreStr();
        const colon = this.parseWhitespace();
        if (colon === 0x3a) this.eat();
        else if (colon === EOF) throw this.peekError("eof-while-parsing-object");
        else throw this.peekError("expected-colon");
      }
      enclosing = frame;
    }
  }

  private ignoreInteger(): void {
    const c = this.next();
    if (c === DIGIT_0) {
      if (isDigit(this.peekOrNull())) throw this.peekError("invalid-number");
    } else if (c > DIGIT_0 && c <= DIGIT_9) {
      while (isDigit(this.peekOrNull())) this.eat();
    } else {
      // `next_char_or_null`: at EOF nothing was consumed; same error either way.
      throw this.errorAfter(c, "invalid-number");
    }
    const p = this.peekOrNull();
    if (p === 0x2e) this.ignoreDecimal();
    else if (p === 0x65 || p === 0x45) this.ignoreExponent();
  }

  private ignoreDecimal(): void {
    this.eat();
    let atLeastOneDigit = false;
    while (isDigit(this.peekOrNull())) {
      this.eat();
      atLeastOneDigit = true;
    }
    if (!atLeastOneDigit) throw this.peekError("invalid-number");
    const p = this.peekOrNull();
    if (p === 0x65 || p === 0x45) this.ignoreExponent();
  }

  private ignoreExponent(): void {
    this.eat();
    const sign = this.peekOrNull();
    if (sign === 0x2b || sign === 0x2d) this.eat();
    const c = this.next();
    if (!isDigit(c)) throw this.errorAfter(c, "invalid-number");
    while (isDigit(this.peekOrNull())) this.eat();
  }

  // ---- structure ----

  parseObjectColon(): void {
    const c = this.parseWhitespace();
    if (c === 0x3a) {
      this.eat();
      return;
    }
    throw this.peekError(c === EOF ? "eof-while-parsing-object" : "expected-colon");
  }

  private endSeq(): void {
    const c = this.parseWhitespace();
    if (c === 0x5d) {
      this.eat();
      return;
    }
    if (c === 0x2c) {
      this.eat();
      throw this.peekError(this.parseWhitespace() === 0x5d ? "trailing-comma" : "trailing-characters");
    }
    throw this.peekError(c === EOF ? "eof-while-parsing-list" : "trailing-characters");
  }

  private endMap(): void {
    const c = this.parseWhitespace();
    if (c === 0x7d) {
      this.eat();
      return;
    }
    if (c === 0x2c) throw this.peekError("trailing-comma");
    throw this.peekError(c === EOF ? "eof-while-parsing-object" : "trailing-characters");
  }

  /**
   * `check_recursion! { eat; visit }` then `match (ret, end)`: the closing
   * check runs even when the visitor failed (it moves the position a data
   * error is then reported at).
   */
  private visitSeqNested<T>(visitor: Visitor<T>): T {
    if (!this.descend()) throw this.peekError("recursion-limit-exceeded");
    this.eat();
    let result: T;
    try {
      result = visit.seq(visitor, new JsonSeqAccess(this));
    } catch (e) {
      this.ascend();
      if (e instanceof SerdeFailure) attempt(() => this.endSeq());
      throw e;
    }
    this.ascend();
    this.endSeq();
    return result;
  }

  private visitMapNested<T>(visitor: Visitor<T>): T {
    if (!this.descend()) throw this.peekError("recursion-limit-exceeded");
    this.eat();
    let result: T;
    try {
      result = visit.map(visitor, new JsonMapAccess(this));
    } catch (e) {
      this.ascend();
      if (e instanceof SerdeFailure) attempt(() => this.endMap());
      throw e;
    }
    this.ascend();
    this.endMap();
    return result;
  }

  // ---- serde::Deserializer for &mut serde_json::Deserializer ----

  deserializeAny<T>(visitor: Visitor<T>): T {
    const peek = this.parseWhitespace();
    if (peek === EOF) throw this.peekError("eof-while-parsing-value");
    try {
      switch (peek) {
        case 0x6e: this.eat(); this.parseIdent("ull"); return visit.unit(visitor);
        case 0x74: this.eat(); this.parseIdent("rue"); return visit.bool(visitor, true);
        case 0x66: this.eat(); this.parseIdent("alse"); return visit.bool(visitor, false);
        case 0x2d: this.eat(); return visitNumber(this.parseInteger(false), visitor);
        case 0x30: case 0x31: case 0x32: case 0x33: case 0x34:
        case 0x35: case 0x36: case 0x37: case 0x38: case 0x39:
          return visitNumber(this.parseInteger(true), visitor);
        case QUOTE: this.eat(); return visit.str(visitor, this.parseStr());
        case 0x5b: return this.visitSeqNested(visitor);
        case 0x7b: return this.visitMapNested(visitor);
        default: throw this.peekError("expected-some-value");
      }
    } catch (e) {
      throw this.fixed(e);
    }
  }

  deserializeBool<T>(visitor: Visitor<T>): T {
    const peek = this.parseWhitespace();
    if (peek === EOF) throw this.peekError("eof-while-parsing-value");
    try {
      if (peek === 0x74) {
        this.eat();
        this.parseIdent("rue");
        return visit.bool(visitor, true);
      }
      if (peek === 0x66) {
        this.eat();
        this.parseIdent("alse");
        return visit.bool(visitor, false);
      }
      throw this.peekInvalidType(visitor.expecting);
    } catch (e) {
      throw this.fixed(e);
    }
  }

  deserializeStr<T>(visitor: Visitor<T>): T {
    const peek = this.parseWhitespace();
    if (peek === EOF) throw this.peekError("eof-while-parsing-value");
    try {
      if (peek !== QUOTE) throw this.peekInvalidType(visitor.expecting);
      return this.visitQuoted(visitor);
    } catch (e) {
      throw this.fixed(e);
    }
  }

  deserializeIdentifier<T>(visitor: Visitor<T>): T {
    return this.deserializeStr(visitor);
  }

  deserializeOption<T>(visitor: Visitor<T>): T {
    if (this.parseWhitespace() === 0x6e) {
      this.eat();
      this.parseIdent("ull");
      return visit.none(visitor);
    }
    return visit.some(visitor, this);
  }

  deserializeUnit<T>(visitor: Visitor<T>): T {
    const peek = this.parseWhitespace();
    if (peek === EOF) throw this.peekError("eof-while-parsing-value");
    try {
      if (peek !== 0x6e) throw this.peekInvalidType(visitor.expecting);
      this.eat();
      this.parseIdent("ull");
      return visit.unit(visitor);
    } catch (e) {
      throw this.fixed(e);
    }
  }

  deserializeStruct<T>(visitor: Visitor<T>): T {
    const peek = this.parseWhitespace();
    if (peek === EOF) throw this.peekError("eof-while-parsing-value");
    try {
      if (peek === 0x5b) return this.visitSeqNested(visitor);
      if (peek === 0x7b) return this.visitMapNested(visitor);
      throw this.peekInvalidType(visitor.expecting);
    } catch (e) {
      throw this.fixed(e);
    }
  }

  /** No `fix_position` here, as in serde_json. */
  deserializeEnum<T>(visitor: Visitor<T>): T {
    const peek = this.parseWhitespace();
    if (peek === 0x7b) {
      if (!this.descend()) throw this.peekError("recursion-limit-exceeded");
      this.eat();
      if (!visitor.visitEnum) throw invalidType({ kind: "map" }, visitor.expecting);
      const value = visitor.visitEnum(new JsonVariantAccess(this, true));
      this.ascend();
      const close = this.parseWhitespace();
      if (close === 0x7d) {
        this.eat();
        return value;
      }
      throw this.error(close === EOF ? "eof-while-parsing-object" : "expected-some-value");
    }
    if (peek === QUOTE) {
      if (!visitor.visitEnum) throw invalidType({ kind: "str", value: "" }, visitor.expecting);
      return visitor.visitEnum(new JsonVariantAccess(this, false));
    }
    throw this.peekError(peek === EOF ? "eof-while-parsing-value" : "expected-some-value");
  }

  deserializeIgnoredAny(): void {
    this.ignoreValue();
  }

  deserializeContent(): Content {
    return this.deserializeAny(contentVisitor);
  }

  private mapKeyDeserializer: JsonMapKey | undefined;

  /** serde_json's `MapKey`: the key string, whatever was asked for (made on first use). */
  get mapKey(): Deserializer {
    return (this.mapKeyDeserializer ??= new JsonMapKey(this));
  }

  /** A key or string whose opening quote is next, given to `visitor`. */
  visitQuoted<T>(visitor: Visitor<T>): T {
    this.eat();
    return visitor.fieldNames === undefined ? visit.str(visitor, this.parseStr()) : this.visitKnownName(visitor, visitor.fieldNames);
  }

  /**
   * A string that is one of the visitor's known names, written without
   * escapes, is matched in place (`visitFieldIndex`): no string is built.
   * The names contain no quote, backslash or control character (see
   * `Visitor.fieldNames`), so a name followed by a quote is the whole string.
   */
  private visitKnownName<T>(visitor: Visitor<T>, names: readonly string[]): T {
    const k = this.matchName(names);
    return k >= 0 && visitor.visitFieldIndex ? visitor.visitFieldIndex(k) : visit.str(visitor, this.parseStr());
  }

  /**
   * After an opening quote: the index of the name (plain, see
   * `Visitor.fieldNames`) the string is, written without escapes, with the
   * string consumed; else -1, nothing consumed.
   */
  matchName(names: readonly string[]): number {
    const text = this.text;
    const start = this.index;
    const first = text.charCodeAt(start);
    for (let k = 0; k < names.length; k++) {
      const name = names[k] as string;
      const end = start + name.length;
      if (name.charCodeAt(0) === first && text.charCodeAt(end) === QUOTE && text.startsWith(name, start)) {
        this.index = end + 1;
        return k;
      }
    }
    return -1;
  }
}

/** serde_json's `MapKey`: the key string, whatever was asked for. */
class JsonMapKey implements Deserializer {
  constructor(private readonly de: JsonDeserializer) {}

  deserializeAny<T>(visitor: Visitor<T>): T {
    return this.de.visitQuoted(visitor);
  }
  deserializeBool<T>(visitor: Visitor<T>): T {
    return this.de.visitQuoted(visitor);
  }
  deserializeStr<T>(visitor: Visitor<T>): T {
    return this.de.visitQuoted(visitor);
  }
  deserializeIdentifier<T>(visitor: Visitor<T>): T {
    return this.de.visitQuoted(visitor);
  }
  deserializeOption<T>(visitor: Visitor<T>): T {
    return visit.some(visitor, this);
  }
  deserializeUnit<T>(visitor: Visitor<T>): T {
    return this.de.visitQuoted(visitor);
  }
  deserializeStruct<T>(visitor: Visitor<T>): T {
    return this.de.visitQuoted(visitor);
  }
  deserializeEnum<T>(visitor: Visitor<T>): T {
    return this.de.deserializeEnum(visitor);
  }
  deserializeIgnoredAny(): void {
    this.de.visitQuoted(ignoredKeyVisitor);
  }
  deserializeContent(): Content {
    return this.de.visitQuoted(contentVisitor);
  }
}

const ignoredKeyVisitor: Visitor<void> = visitorOf<void>({ expecting: "", visitStr: () => undefined });

/**
 * The common start of serde_json's `next_element_seed` / `next_key_seed`:
 * the closing byte ends the container; after the first entry a comma is
 * required. Returns the byte the entry starts with (or EOF), NONE at the end.
 */
abstract class JsonEntries {
  private first = true;
  constructor(protected readonly de: JsonDeserializer) {}

  protected entryStart(close: number, commaOrEnd: SyntaxErrorCode, eof: SyntaxErrorCode): number | typeof NONE {
    const de = this.de;
    const peek = de.parseWhitespace();
    if (peek === close) return NONE;
    if (peek === 0x2c && !this.first) {
      de.eat();
      return de.parseWhitespace();
    }
    if (peek === EOF) throw de.peekError(eof);
    if (!this.first) throw de.peekError(commaOrEnd);
    this.first = false;
    return peek;
  }
}

class JsonSeqAccess extends JsonEntries implements SeqAccess {
  nextElement<T>(seed: Seed<T>): Maybe<T> {
    const peek = this.entryStart(0x5d, "expected-list-comma-or-end", "eof-while-parsing-list");
    if (peek === NONE) return NONE;
    if (peek === 0x5d) throw this.de.peekError("trailing-comma");
    if (peek === EOF) throw this.de.peekError("eof-while-parsing-value");
    return seed(this.de);
  }
}

class JsonMapAccess extends JsonEntries implements MapAccess {
  nextKey<K>(seed: Seed<K>): Maybe<K> {
    const peek = this.entryStart(0x7d, "expected-object-comma-or-end", "eof-while-parsing-object");
    if (peek === NONE) return NONE;
    if (peek === QUOTE) return seed(this.de.mapKey);
    if (peek === 0x7d) throw this.de.peekError("trailing-comma");
    if (peek === EOF) throw this.de.peekError("eof-while-parsing-value");
    throw this.de.peekError("key-must-be-a-string");
  }

  nextValue<V>(seed: Seed<V>): V {
    this.de.parseObjectColon();
    return seed(this.de);
  }
}

/** `VariantAccess` (after `{`) and `UnitVariantAccess` (a bare string). */
class JsonVariantAccess implements EnumAccess, VariantAccess {
  constructor(
    private readonly de: JsonDeserializer,
    private readonly inMap: boolean,
  ) {}

  variant<V>(seed: Seed<V>): [V, VariantAccess] {
    const value = seed(this.de);
    if (this.inMap) this.de.parseObjectColon();
    return [value, this];
  }

  unitVariant(): void {
    if (this.inMap) this.de.deserializeUnit(unitVisitor);
  }
}
