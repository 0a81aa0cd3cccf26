/**
 * Errors of the serde-exact reader, as values.
 *
 * serde_json keeps one error type with a code, a line and a column (line 0 =
 * "no position yet"); data errors raised by serde's visitors start without a
 * position and get one from the first enclosing `fix_position`. The reader
 * mirrors that with a throwable `SerdeFailure` used internally only; the
 * public API converts it into a `SerdeError` value and never throws.
 */
import { jsonPointer, type ProtocolError, type TextPosition } from "../core/errors.js";

/** serde_json's `ErrorCode` variants (syntax / eof) plus serde's data-error families. */
export type SerdeErrorCode =
  | "eof-while-parsing-list"
  | "eof-while-parsing-object"
  | "eof-while-parsing-string"
  | "eof-while-parsing-value"
  | "expected-colon"
  | "expected-list-comma-or-end"
  | "expected-object-comma-or-end"
  | "expected-some-ident"
  | "expected-some-value"
  | "invalid-escape"
  | "invalid-number"
  | "number-out-of-range"
  | "invalid-unicode-code-point"
  | "control-character-while-parsing-string"
  | "key-must-be-a-string"
  | "lone-leading-surrogate-in-hex-escape"
  | "trailing-comma"
  | "trailing-characters"
  | "unexpected-end-of-hex-escape"
  | "recursion-limit-exceeded"
  | "invalid-type"
  | "invalid-value"
  | "invalid-length"
  | "unknown-variant"
  | "missing-field"
  | "duplicate-field"
  | "custom";

/** serde_json's `Category` (Syntax, Data, Eof); `usage` when the type name is not one of the model's (not serde's). */
export type SerdeErrorKind = "syntax" | "data" | "eof" | "usage";

/**
 * A serde error as the package's one error value (`ProtocolError`): the
 * message is serde_json's `Display` text (`<text> at line L column C` when
 * serde reports a position), the position also structured.
 */
export interface SerdeError extends ProtocolError {
  /** `unknown-type`: not one of the model's type names; `invalid-argument`: the text is not a string; `unwritable-value`: the value has not the type's shape (or contains itself). */
  readonly code: SerdeErrorCode | "unknown-type" | "invalid-argument" | "unwritable-value";
  readonly kind: SerdeErrorKind;
  /**
   * JSON Pointer of the value the error arose in ("" at the root): the only
   * locator of errors serde reports without a position (those from an
   * internally tagged enum's buffered body).
   */
  readonly path: string;
  /** serde_json's line (1-based) and column (UTF-8 bytes since the last `\n`, up to and including the offending byte); absent when serde reports none. */
  readonly position?: TextPosition;
}

const SYNTAX_MESSAGES = {
  "eof-while-parsing-list": "EOF while parsing a list",
  "eof-while-parsing-object": "EOF while parsing an object",
  "eof-while-parsing-string": "EOF while parsing a string",
  "eof-while-parsing-value": "EOF while parsing a value",
  "expected-colon": "expected `:`",
  "expected-list-comma-or-end": "expected `,` or `]`",
  "expected-object-comma-or-end": "expected `,` or `}`",
  "expected-some-ident": "expected ident",
  "expected-some-value": "expected value",
  "invalid-escape": "invalid escape",
  "invalid-number": "invalid number",
  "number-out-of-range": "number out of range",
  "invalid-unicode-code-point": "invalid unicode code point",
  "control-character-while-parsing-string": "control character (\\u0000-\\u001F) found while parsing a string",
  "key-must-be-a-string": "key must be a string",
  "lone-leading-surrogate-in-hex-escape": "lone leading surrogate in hex escape",
  "trailing-comma": "trailing comma",
  "trailing-characters": "trailing characters",
  "unexpected-end-of-hex-escape": "unexpected end of hex escape",
  "recursion-limit-exceeded": "recursion limit exceeded",
} as const;

export type SyntaxErrorCode = keyof typeof SYNTAX_MESSAGES;

/** Thrown inside the reader only (like Rust's `?`); caught at the API boundary. */
export class SerdeFailure {
  private resolvedLine: number;
  private resolvedColumn: number;
  /** A position in the source text not yet turned into line and column (only reported failures pay for that). */
  private source: string | undefined;
  private sourceIndex = 0;
  private sourceExtraBytes = 0;

  constructor(
    readonly code: SerdeErrorCode,
    readonly message: string,
    /** 0: no position yet (serde_json's convention). */
    line: number,
    column: number,
    /** Filled in while the failure propagates out of fields, elements and entries. */
    readonly path: (string | number)[] = [],
  ) {
    this.resolvedLine = line;
    this.resolvedColumn = column;
  }

  /**
   * A failure at UTF-16 index `index` of `text`, plus `extraBytes` UTF-8
   * bytes of the character there (serde_json had read only part of it).
   */
  static at(code: SerdeErrorCode, message: string, text: string, index: number, extraBytes: number, path?: (string | number)[]): SerdeFailure {
    const failure = new SerdeFailure(code, message, 0, 0, path);
    failure.source = text;
    failure.sourceIndex = index;
    failure.sourceExtraBytes = extraBytes;
    return failure;
  }

  get hasPosition(): boolean {
    return this.source !== undefined || this.resolvedLine !== 0;
  }

  get line(): number {
    this.resolve();
    return this.resolvedLine;
  }

  get column(): number {
    this.resolve();
    return this.resolvedColumn;
  }

  private resolve(): void {
    if (this.source === undefined) return;
    [this.resolvedLine, this.resolvedColumn] = textPosition(this.source, this.sourceIndex, this.sourceExtraBytes);
    this.source = undefined;
  }
}

/**
 * serde_json's line and column of a byte offset, from a UTF-16 index of the
 * same text: lines counted by `\n` before the offset, the column in UTF-8
 * bytes since the last `\n`.
 */
export function textPosition(text: string, index: number, extraBytes: number): [number, number] {
  let line = 1;
  let lineStart = 0;
  for (let p = text.indexOf("\n"); p !== -1 && p < index; p = text.indexOf("\n", p + 1)) {
    line++;
    lineStart = p + 1;
  }
  return [line, Buffer.byteLength(text.slice(lineStart, index), "utf8") + extraBytes];
}

/**
 * Adds `segment` to the path of a failure coming out of a field, element or
 * entry (called from the `catch` around it; other exceptions pass untouched).
 */
export function prependPath(e: unknown, segment: string | number): void {
  if (e instanceof SerdeFailure) e.path.unshift(segment);
}

/** A syntax error at UTF-16 index `index` of `text` plus `extraBytes` (see `SerdeFailure.at`). */
export function syntaxFailureAt(code: SyntaxErrorCode, text: string, index: number, extraBytes: number): SerdeFailure {
  return SerdeFailure.at(code, SYNTAX_MESSAGES[code], text, index, extraBytes);
}

export function dataFailure(code: SerdeErrorCode, message: string): SerdeFailure {
  return new SerdeFailure(code, message, 0, 0);
}

function kindOf(code: SerdeErrorCode): SerdeErrorKind {
  if (code.startsWith("eof-")) return "eof";
  return code in SYNTAX_MESSAGES ? "syntax" : "data";
}

export function toSerdeError(failure: SerdeFailure): SerdeError {
  const base = { code: failure.code, kind: kindOf(failure.code), path: jsonPointer(failure.path) };
  if (!failure.hasPosition) return { ...base, message: failure.message };
  const position = { line: failure.line, column: failure.column };
  return { ...base, message: `${failure.message} at line ${position.line} column ${position.column}`, position };
}

/** The error for a type name the model does not have (`readRust("NoSuchType", ...)`). */
export function unknownTypeError(typeName: unknown): SerdeError {
  const name = typeof typeName === "string" ? typeName : `(a ${typeName === null ? "null" : typeof typeName}, not a string)`;
  return { code: "unknown-type", kind: "usage", path: "", message: `unknown Rust type name: ${name}` };
}

/** A usage error that is not serde's: the arguments are not what the API takes. */
export function usageError(code: "invalid-argument" | "unwritable-value", message: string): SerdeError {
  return { code, kind: "usage", path: "", message };
}

/** serde_json's `Display` for its error: `<message> at line L column C`, or the bare message (the error's `message`). */
export function formatSerdeError(error: SerdeError): string {
  return error.message;
}
