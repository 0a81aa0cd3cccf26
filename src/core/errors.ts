/**
 * The one error value every part of the package returns instead of throwing:
 * a stable `code`, where (`path`, a JSON Pointer into the document at fault,
 * "" for the whole document), the exact wording (an agent's or serde's own
 * text where it has one) and, for text input, the position.
 */
export interface TextPosition {
  /** 1-based. */
  readonly line: number;
  /** 1-based, in characters of the line as the producer counts them (serde: bytes). */
  readonly column: number;
}

export interface ProtocolError {
  readonly code: string;
  /** JSON Pointer (RFC 6901) of the offending value; "" for the whole document. */
  readonly path: string;
  readonly message: string;
  readonly position?: TextPosition;
}

/** RFC 6901: `["hooks", 0, "a/b"]` -> `/hooks/0/a~1b`. */
export function jsonPointer(segments: readonly (string | number)[]): string {
  let out = "";
  for (const segment of segments) out += "/" + String(segment).replace(/~/g, "~0").replace(/\//g, "~1");
  return out;
}

/** The inverse of `jsonPointer`: `/hooks/0/a~1b` -> `["hooks", "0", "a/b"]` ("" -> []). */
export function pointerSegments(pointer: string): string[] {
  return pointer === "" ? [] : pointer.slice(1).split("/").map((s) => s.replace(/~1/g, "/").replace(/~0/g, "~"));
}

export type Result<T, E extends ProtocolError = ProtocolError> =
  | { readonly ok: true; readonly value: T }
  | { readonly ok: false; readonly error: E };
