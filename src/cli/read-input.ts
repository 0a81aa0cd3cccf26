/**
 * Reading a FILE argument or `-` (stdin) as text, bounded: every input the
 * CLI reads goes through here, so `/dev/zero`, an endless pipe, a directory
 * or bytes that are not text end in one line saying what and where (exit 2),
 * never in a process that grows until it dies or a stack trace.
 */
import { decode, readFileBounded, tooLarge, MAX_INPUT_BYTES, type InputText, type ReadOptions } from "../core/read-bounded.js";
import type { Readable } from "node:stream";

export { readFileBounded, MAX_INPUT_BYTES, type InputText, type ReadOptions };

/** The deepest nesting the CLI accepts in a JSON input it hands on (JSON.stringify recurses; an agent never sends deeper). */
export const MAX_JSON_DEPTH = 10_000;


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
    return { ok: false, message: `cannot read ${name}: ${(error as NodeJS.ErrnoException).code ?? String(error)}`, code: (error as NodeJS.ErrnoException).code ?? "error" };
  }
  return decode(Buffer.concat(chunks), name, options);
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
