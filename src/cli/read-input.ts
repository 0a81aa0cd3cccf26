/** Reading a FILE argument or `-` (stdin) as text; errors are values. */
import { readFileSync } from "node:fs";
import type { Readable } from "node:stream";

export type InputText = { readonly ok: true; readonly text: string; readonly name: string } | { readonly ok: false; readonly message: string };

export async function readStream(stream: Readable): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(typeof chunk === "string" ? Buffer.from(chunk) : (chunk as Buffer));
  return new TextDecoder("utf-8").decode(Buffer.concat(chunks));
}

export async function readInput(path: string | undefined, stdin: Readable): Promise<InputText> {
  if (path === undefined || path === "-") return { ok: true, text: await readStream(stdin), name: "stdin" };
  try {
    return { ok: true, text: new TextDecoder("utf-8").decode(readFileSync(path)), name: path };
  } catch (error) {
    return { ok: false, message: `cannot read ${path}: ${(error as NodeJS.ErrnoException).code ?? String(error)}` };
  }
}
