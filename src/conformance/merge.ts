/**
 * `claude-hook-protocol conformance merge`: one request per line (an event and
 * its hooks' raw results in completion order), one answer line per request:
 * the merged result with `effects`, as the chosen agent's dialect merges it. A malformed request gets one error line
 * `{"error":{code,path,message}}` and the next line is read. Each answer is
 * written as soon as it is computed.
 */
import type { Readable, Writable } from "node:stream";
import type { Dialect } from "../core/dialect.js";
import { parseMergeRequest } from "../core/merge-request.js";
import { stringifyOr } from "../json/value.js";
import { isStreamPair, lineText, protocolLines } from "./lines.js";

const TOO_DEEP = JSON.stringify({
  error: { code: "internal-error", path: "", message: "the answer nests too deep for JSON.stringify to write" },
});

function writeLine(output: Writable, value: unknown): Promise<void> {
  return new Promise((resolve) => {
    if (output.write(stringifyOr(value, TOO_DEEP) + "\n")) resolve();
    else output.once("drain", () => resolve());
  });
}

/** Serve requests for `dialect` until `input` ends; resolves to the exit code (0, or 1 if any request was malformed; 2 when the streams are not streams). */
export async function serveMergeConformance(input: Readable, output: Writable, dialect: Dialect): Promise<number> {
  if (!isStreamPair(input, output)) return 2;
  let malformed = 0;
  for await (const read of protocolLines(input)) {
    if (!read.ok) {
      malformed++;
      await writeLine(output, { error: { code: "invalid-request", path: "", message: read.message } });
      continue;
    }
    const line = lineText(read.bytes);
    if (line.trim() === "") continue;
    const parsed = parseMergeRequest(line, dialect.requestExtensions);
    if (!parsed.ok) {
      malformed++;
      await writeLine(output, { error: parsed.error });
      continue;
    }
    let answer: unknown;
    try {
      answer = dialect.mergeRequest(parsed.request);
    } catch (e) {
      // a bug of ours, not of the request: still one line, and go on
      answer = { error: { code: "internal-error", path: "", message: e instanceof Error ? e.message : String(e) } };
    }
    await writeLine(output, answer);
  }
  return malformed > 0 ? 1 : 0;
}
