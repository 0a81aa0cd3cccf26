/**
 * Gemini CLI's answer to a merge request (src/core/merge-request.ts): the
 * hooks' raw results, in completion order, with each one's `config_index`
 * (listing order, which is what the CLI merges in). The dialect adds three
 * hook keys (requestExtensions): the configured `name` (the CLI's texts name
 * a hook by it), `matcher` and `sequential` (recorded for the reader: in a
 * sequential event the later hooks saw the earlier rewrites on stdin, which
 * their recorded output already reflects; the merge itself is the same).
 */
import type { MergeRequest, RequestExtensions } from "../core/merge-request.js";
import type { MergedResult } from "../core/records.js";
import { mergeHooks } from "./merge.js";

export const REQUEST_EXTENSIONS: RequestExtensions = {
  hook: { name: "string", matcher: "string", sequential: "boolean" },
};

export function mergeRequest(request: MergeRequest): MergedResult {
  return mergeHooks({
    event: request.event,
    ...(request.tool_name !== undefined ? { tool_name: request.tool_name } : {}),
    ...(request.tool_input !== undefined ? { tool_input: request.tool_input } : {}),
    hooks: request.hooks.map((h, i) => {
      const extra = h as unknown as { name?: string; matcher?: string };
      return {
        command: h.command,
        name: extra.name ?? null,
        exit: h.exit,
        stdout: h.stdout,
        stderr: h.stderr,
        timed_out: h.timed_out === true,
        source: h.source ?? null,
        matcher: extra.matcher ?? null,
        // the request says seconds; the CLI counts milliseconds
        timeout_ms: h.timeout === undefined ? null : Math.round(h.timeout * 1000),
        completion: i,
        config_index: h.config_index ?? null,
      };
    }),
  });
}
