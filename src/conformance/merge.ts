/**
 * `claude-hook-protocol conformance merge`: one request per line (an event and
 * its hooks' raw results in completion order), one answer line per request:
 * the merged result with `effects`. A malformed request gets one error line
 * `{"error":{code,path,message}}` and the next line is read. Each answer is
 * written as soon as it is computed.
 */
import { createInterface } from "node:readline";
import type { Readable, Writable } from "node:stream";
import { mergeRequest, parseMergeRequest } from "../claude-code/merge-request.js";
import { stringifyOr } from "../claude-code/jsc-json.js";

const TOO_DEEP = JSON.stringify({
  error: { code: "internal-error", path: "(root)", message: "the answer nests too deep for JSON.stringify to write" },
});

function writeLine(output: Writable, value: unknown): Promise<void> {
  return new Promise((resolve) => {
    if (output.write(stringifyOr(value, TOO_DEEP) + "\n")) resolve();
    else output.once("drain", () => resolve());
  });
}

/** Serve requests until `input` ends; resolves to the exit code (0, or 1 if any request was malformed). */
export async function serveMergeConformance(input: Readable, output: Writable): Promise<number> {
  const lines = createInterface({ input, crlfDelay: Infinity });
  let malformed = 0;
  for await (const line of lines) {
    if (line.trim() === "") continue;
    const parsed = parseMergeRequest(line);
    if (!parsed.ok) {
      malformed++;
      await writeLine(output, { error: parsed.error });
      continue;
    }
    let answer: unknown;
    try {
      answer = mergeRequest(parsed.request);
    } catch (e) {
      // a bug of ours, not of the request: still one line, and go on
      answer = { error: { code: "internal-error", path: "(root)", message: e instanceof Error ? e.message : String(e) } };
    }
    await writeLine(output, answer);
  }
  return malformed > 0 ? 1 : 0;
}
