/**
 * Reading a file whole, bounded: every file the package reads on a user's
 * word (the CLI's inputs, install's manifest and agents' files, lint's files)
 * goes through here, so `/dev/zero`, an endless FIFO, a directory or bytes
 * that are not text end in a message saying what and where, never in a
 * process that grows until it dies. Nothing here names an agent.
 */
import { closeSync, fstatSync, openSync, readSync } from "node:fs";

/** The most the CLI reads from one input: far above any event input or hook output, far below V8's string limit (512 MiB). */
export const MAX_INPUT_BYTES = 64 * 1024 * 1024;

export type InputText =
  | { readonly ok: true; readonly text: string; readonly name: string }
  /** `code`: the errno of a failed open or read (`ENOENT`, `ELOOP`, ...), or why the bytes were refused. */
  | { readonly ok: false; readonly message: string; readonly code: string };

export interface ReadOptions {
  /**
   * Decode invalid UTF-8 as U+FFFD, as an agent decodes a hook's stdout
   * (validate reads what the agent would read); otherwise it is refused.
   */
  readonly lossy?: boolean;
  /** Decode as `fs.readFileSync(path, "utf8")` does (lossy, a byte order mark kept): for files written back byte for byte. */
  readonly asNode?: boolean;
}

export const tooLarge = (name: string): InputText => ({ ok: false, message: `${name}: more than ${MAX_INPUT_BYTES / 1024 / 1024} MiB; not read`, code: "too-large" });

/** Bytes -> text, or why they are not UTF-8 text (naming the byte offset). */
export function decode(bytes: Uint8Array, name: string, options: ReadOptions): InputText {
  if (options.asNode === true) return { ok: true, text: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString("utf8"), name };
  if ((bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff)) {
    if (options.lossy !== true) return { ok: false, message: `${name}: UTF-16 text (byte order mark at byte 0); save it as UTF-8`, code: "utf-16" };
  }
  if (options.lossy === true) return { ok: true, text: new TextDecoder("utf-8").decode(bytes), name };
  try {
    return { ok: true, text: new TextDecoder("utf-8", { fatal: true }).decode(bytes), name };
  } catch {
    return { ok: false, message: `${name}: not UTF-8 text (invalid byte sequence at byte ${firstInvalidUtf8(bytes)})`, code: "not-utf-8" };
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

/**
 * A file read whole, bounded: a directory is refused by name, a device or a
 * FIFO is read until it ends or passes MAX_INPUT_BYTES.
 */
export function readFileBounded(path: string, options: ReadOptions = {}): InputText {
  let fd: number;
  try {
    fd = openSync(path, "r");
  } catch (error) {
    return unreadable(path, error);
  }
  try {
    if (fstatSync(fd).isDirectory()) return { ok: false, message: `${path}: a directory, not a file`, code: "EISDIR" };
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
    return unreadable(path, error);
  } finally {
    closeSync(fd);
  }
}

/**
 * A configuration file as an agent reads it (`readFileSync(path, "utf8")`), bounded: its text; null when
 * there is none (absent); or why it was not read (unreadable, a directory, over MAX_INPUT_BYTES or
 * endless such as `/dev/zero`), for the caller to report: no hook of it is read, and the process does
 * not grow until it dies.
 */
export function readConfigText(path: string): string | null | { readonly refused: string } {
  const read = readFileBounded(path, { asNode: true });
  if (read.ok) return read.text;
  // absent (or under something that is not a directory): the normal case; anything else is said
  return read.code === "ENOENT" || read.code === "ENOTDIR" ? null : { refused: read.message };
}

/** An open or read that failed, by its errno. */
function unreadable(path: string, error: unknown): InputText {
  const code = (error as NodeJS.ErrnoException | null)?.code ?? "error";
  return { ok: false, message: `cannot read ${path}: ${code}`, code };
}
