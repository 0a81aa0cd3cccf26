/**
 * Reading a FILE argument or `-` (stdin) as text, bounded: every input the
 * CLI reads goes through here, so `/dev/zero`, an endless pipe, a directory
 * or bytes that are not text end in one line saying what and where (exit 2),
 * never in a process that grows until it dies or a stack trace.
 */
import { closeSync, fstatSync, openSync, readSync } from "node:fs";
import type { Readable } from "node:stream";

/** The most the CLI reads from one input: far above any event input or hook output, far below V8's string limit (512 MiB). */
export const MAX_INPUT_BYTES = 64 * 1024 * 1024;

/** The deepest nesting the CLI accepts in a JSON input it hands on (JSON.stringify recurses; an agent never sends deeper). */
export const MAX_JSON_DEPTH = 10_000;

export type InputText = { readonly ok: true; readonly text: string; readonly name: string } | { readonly ok: false; readonly message: string };

export interface ReadOptions {
  /**
   * Decode invalid UTF-8 as U+FFFD, as an agent decodes a hook's stdout
   * (validate reads what the agent would read); otherwise it is refused.
   */
  readonly lossy?: boolean;
}

const tooLarge = (name: string): InputText => ({ ok: false, message: `${name}: more than ${MAX_INPUT_BYTES / 1024 / 1024} MiB; not read` });

/** Bytes -> text, or why they are not UTF-8 text (naming the byte offset). */
function decode(bytes: Uint8Array, name: string, options: ReadOptions): InputText {
  if ((bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff)) {
    if (options.lossy !== true) return { ok: false, message: `${name}: UTF-16 text (byte order mark at byte 0); save it as UTF-8` };
  }
  if (options.lossy === true) return { ok: true, text: new TextDecoder("utf-8").decode(bytes), name };
  try {
    return { ok: true, text: new TextDecoder("utf-8", { fatal: true }).decode(bytes), name };
  } catch {
    return { ok: false, message: `${name}: not UTF-8 text (invalid byte sequence at byte ${firstInvalidUtf8(bytes)})` };
  }
}

/** The offset of the first byte that does not start or continue a valid UTF-8 sequence (RFC 3629: no overlongs, no surrogates). */
function firstInvalidUtf8(bytes: Uint8Array): number {
  for (let i = 0; i < bytes.length; ) {
    const b = bytes[i]!;
    const length = b < 0x80 ? 1 : b >= 0xc2 && b <= 0xdf ? 2 : b >= 0xe0 && b <= 0xef ? 3 : b >= 0xf0 && b <= 0xf4 ? 4 : 0;
    if (length === 0 || i + length > bytes.length) return i;
    // the second byte's range depends on the first (overlongs, surrogates, above U+10FFFF)
    const low = b === 0xe0 ? 0xa0 : b === 0xf0 ? 0x90 : 0x80;
    const high = b === 0xed ? 0x9f : b === 0xf4 ? 0x8f : 0xbf;
    for (let k = 1; k < length; k++) {
      const c = bytes[i + k]!;
      if (k === 1 ? c < low || c > high : c < 0x80 || c > 0xbf) return i;
    }
    i += length;
  }
  return bytes.length;
}

export async function readStream(stream: Readable, name = "stdin", options: ReadOptions = {}): Promise<InputText> {
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of stream) {
      const bytes = typeof chunk === "string" ? Buffer.from(chunk) : (chunk as Buffer);
      size += bytes.length;
      if (size > MAX_INPUT_BYTES) {
        stream.destroy();
        return tooLarge(name);
      }
      chunks.push(bytes);
    }
  } catch (error) {
    return { ok: false, message: `cannot read ${name}: ${(error as NodeJS.ErrnoException).code ?? String(error)}` };
  }
  return decode(Buffer.concat(chunks), name, options);
}

/**
 * A file read whole, bounded: a directory is refused by name, a device or a
 * FIFO is read until it ends or passes MAX_INPUT_BYTES.
 */
export function readFileBounded(path: string, options: ReadOptions = {}): InputText {
  let fd: number;
  try {
    fd = openSync(path, "r");
  } catch (error) {
    return { ok: false, message: `cannot read ${path}: ${(error as NodeJS.ErrnoException).code ?? String(error)}` };
  }
  try {
    if (fstatSync(fd).isDirectory()) return { ok: false, message: `${path}: a directory, not a file` };
    const chunks: Buffer[] = [];
    let size = 0;
    for (;;) {
      const chunk = Buffer.allocUnsafe(Math.min(1024 * 1024, MAX_INPUT_BYTES + 1 - size));
      const read = readSync(fd, chunk, 0, chunk.length, null);
      if (read === 0) break;
      size += read;
      if (size > MAX_INPUT_BYTES) return tooLarge(path);
      chunks.push(chunk.subarray(0, read));
    }
    return decode(Buffer.concat(chunks), path, options);
  } catch (error) {
    return { ok: false, message: `cannot read ${path}: ${(error as NodeJS.ErrnoException).code ?? String(error)}` };
  } finally {
    closeSync(fd);
  }
}

export async function readInput(path: string | undefined, stdin: Readable, options: ReadOptions = {}): Promise<InputText> {
  if (path === undefined || path === "-") return readStream(stdin, "stdin", options);
  return readFileBounded(path, options);
}

/**
 * Where `text` (JSON) nests deeper than MAX_JSON_DEPTH, as a message; null
 * when it does not. A scan of brackets outside strings: linear, no recursion.
 */
export function tooDeep(text: string, name: string): string | null {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i++; // backslash: skip the escaped character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      if (++depth > MAX_JSON_DEPTH) return `${name}: JSON nested deeper than ${MAX_JSON_DEPTH} levels (at character ${i + 1}); not read`;
    } else if (c === 0x5d || c === 0x7d) depth--;
  }
  return null;
}
