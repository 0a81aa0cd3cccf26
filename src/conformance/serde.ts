/**
 * `claude-hook-protocol conformance serde`: the serde oracle's line protocol
 * (`shared/tools/serde-oracle`), answered by our reader/writer.
 *
 *   in:  {"type": T, "json": "<raw JSON text>"}   (one per line)
 *   out: {"ok":true,"canonical":"..."} | {"ok":false,"error":"..."}
 *        | {"ok":false,"error":"...","bad_request":true}
 *
 * Answers are written one per request line, in order, each as soon as it is
 * ready; lines that are empty or only whitespace get no answer.
 */
import { isUtf8 } from "node:buffer";
import type { Readable, Writable } from "node:stream";
import { createRustCodec, formatSerdeError, readRust, writeRust } from "../serde/index.js";
import { isStreamPair, protocolLines } from "./lines.js";
import { rustDebugString } from "../serde/messages.js";
import type { SerdeModel } from "../serde/model.js";

/** The oracle's own `Request` struct, read with serde_json's rules too (so bad lines get its error text). */
const REQUEST_MODEL: SerdeModel = {
  Request: {
    kind: "struct",
    rustName: "Request",
    schemaTitle: "Request",
    doc: "",
    fields: [
      { rustName: "kind", wireName: "type", type: { kind: "string" }, default: null, skipSerializingIfNone: false, doc: "" },
      { rustName: "json", wireName: "json", type: { kind: "string" }, default: null, skipSerializingIfNone: false, doc: "" },
    ],
  },
};
const requestCodec = createRustCodec(REQUEST_MODEL);

const PROTOCOL_TYPES = new Set(["HookSpecificOutput", "HookOutput", "PermissionDecision", "ToolPermission", "Value"]);

// Rust's `char::is_whitespace` (Unicode White_Space), for the oracle's `line.trim().is_empty()`.
const RUST_WHITESPACE_ONLY = /^[\t\n\v\f\r \u0085\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]*$/;

/** The answer line (without newline) for one request line, or undefined for a blank line. Never throws. */
export function answerSerdeRequest(line: string): string | undefined {
  if (typeof line !== "string") return JSON.stringify({ ok: false, error: "bad request line: not a string", bad_request: true });
  if (RUST_WHITESPACE_ONLY.test(line)) return undefined;
  const request = requestCodec.read("Request", line);
  if (!request.ok) {
    return JSON.stringify({ ok: false, error: `bad request line: ${formatSerdeError(request.error)}`, bad_request: true });
  }
  const { type, json } = request.value as { type: string; json: string };
  if (!PROTOCOL_TYPES.has(type)) {
    return JSON.stringify({ ok: false, error: `unknown type: ${rustDebugString(type)}`, bad_request: true });
  }
  const result = readRust(type, json);
  if (!result.ok) return JSON.stringify({ ok: false, error: formatSerdeError(result.error) });
  // what was read is always writable; a failure here is ours, said as one line
  const written = writeRust(type, result.value);
  return JSON.stringify(written.ok ? { ok: true, canonical: written.value } : { ok: false, error: written.error.message });
}

function write(output: Writable, text: string): Promise<void> {
  return new Promise((resolve, reject) => {
    output.write(text, (err) => (err ? reject(err) : resolve()));
  });
}

/**
 * Serves the protocol until `input` ends; resolves to the exit code: 0, or
 * 1 at a line that is not UTF-8 (where the oracle's `lines()` fails and it
 * stops, answering nothing more); 2 when the arguments are not streams.
 */
export async function serveSerdeConformance(input: Readable, output: Writable, errors?: Writable): Promise<number> {
  if (!isStreamPair(input, output)) return 2;
  // Lines end at "\n" (a preceding "\r" is dropped), as Rust's BufRead::lines splits them.
  const answer = async (bytes: Buffer): Promise<boolean> => {
    if (!isUtf8(bytes)) {
      errors?.write("conformance serde: stream did not contain valid UTF-8\n");
      return false;
    }
    let end = bytes.length;
    if (end > 0 && bytes[end - 1] === 0x0d) end--;
    const reply = answerSerdeRequest(bytes.toString("utf8", 0, end));
    if (reply !== undefined) await write(output, `${reply}\n`);
    return true;
  };
  for await (const read of protocolLines(input)) {
    if (!read.ok) await write(output, `${JSON.stringify({ ok: false, error: `bad request line: ${read.message}`, bad_request: true })}\n`);
    else if (!(await answer(read.bytes))) return 1;
  }
  return 0;
}
