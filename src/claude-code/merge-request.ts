/**
 * Claude Code's answer to a merge request (src/core/merge-request.ts): each
 * hook classified in completion order, then merged, the runner's own path on
 * recorded results.
 */
import { requestInput, type MergeRequest } from "../core/merge-request.js";
import type { MergedResult } from "../core/records.js";
import type { HookRunResult } from "./classify.js";
import { classifyAndMerge } from "./merge-results.js";

export function mergeRequest(request: MergeRequest): MergedResult {
  const results = request.hooks.map((h, i): HookRunResult => ({
    command: h.command,
    exit: h.exit,
    stdout: h.stdout,
    stderr: h.stderr,
    timed_out: h.timed_out,
    source: h.source ?? null,
    timeout: h.timeout ?? null,
    completion: i,
    config_index: h.config_index ?? null,
    async: h.async === true,
    form: "shell",
  }));
  return classifyAndMerge(request.event, requestInput(request), results, request.persisted_output_path).merged;
}
