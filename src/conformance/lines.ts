/**
 * Request lines of a line protocol, bounded: a line longer than
 * MAX_LINE_BYTES is reported (and skipped to its newline) instead of being
 * buffered until the process runs out of memory. Lines end at "\n"; each is
 * given as its bytes (a "\r" before the "\n" kept: each protocol decides).
 */
import type { Readable } from "node:stream";

/** Far above any request a test sends, far below V8's string limit. */
export const MAX_LINE_BYTES = 64 * 1024 * 1024;

export type ProtocolLine = { readonly ok: true; readonly bytes: Buffer } | { readonly ok: false; readonly message: string };

const TOO_LONG: ProtocolLine = { ok: false, message: `request line longer than ${MAX_LINE_BYTES / 1024 / 1024} MiB; skipped` };

export async function* protocolLines(input: Readable, maxBytes = MAX_LINE_BYTES): AsyncGenerator<ProtocolLine> {
  let pending: Buffer[] = [];
  let pendingSize = 0;
  let skipping = false; // inside a line already reported as too long
  const finish = (head: Buffer): ProtocolLine => {
    return { ok: true, bytes: pending.length > 0 ? Buffer.concat([...pending, head]) : head };
  };
  for await (const chunk of input) {
    let buffer = typeof chunk === "string" ? Buffer.from(chunk, "utf8") : (chunk as Buffer);
    for (let newline = buffer.indexOf(0x0a); newline !== -1; newline = buffer.indexOf(0x0a)) {
      const head = buffer.subarray(0, newline);
      if (skipping) skipping = false;
      else if (pendingSize + head.length > maxBytes) yield TOO_LONG;
      else yield finish(head);
      pending = [];
      pendingSize = 0;
      buffer = buffer.subarray(newline + 1);
    }
    if (skipping || buffer.length === 0) continue;
    if (pendingSize + buffer.length > maxBytes) {
      yield TOO_LONG;
      pending = [];
      pendingSize = 0;
      skipping = true;
    } else {
      pending.push(buffer);
      pendingSize += buffer.length;
    }
  }
  if (pending.length > 0) yield finish(Buffer.alloc(0));
}

/** A line as text, as readline gives it: UTF-8 (U+FFFD for an invalid sequence), a final "\r" dropped. */
export function lineText(bytes: Buffer): string {
  return bytes.toString("utf8", 0, bytes.length > 0 && bytes[bytes.length - 1] === 0x0d ? bytes.length - 1 : bytes.length);
}

/** `input` can be read line by line and `output` written: what the serve functions check first, so a wrong argument is exit code 2, not a TypeError. */
export function isStreamPair(input: unknown, output: unknown): boolean {
  try {
    return (
      typeof input === "object" && input !== null && typeof (input as { [Symbol.asyncIterator]?: unknown })[Symbol.asyncIterator] === "function" &&
      typeof output === "object" && output !== null && typeof (output as { write?: unknown }).write === "function"
    );
  } catch {
    return false;
  }
}
