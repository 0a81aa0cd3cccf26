/**
 * Raw hook process results of one event -> run records (classifier) -> the
 * merged result (merge). Shared by `conformance merge` and the runner, so
 * recorded and live results take the same path.
 */
import { isRecord } from "../json/record.js";
import { classifyRun, type HookRunResult } from "./classify.js";
import { hookNameOf } from "./events.js";
import { mergeRuns } from "./merge.js";
import type { JsonObject } from "./read-stdout.js";
import type { MergedResult, RunRecord } from "../core/records.js";

/** Merge run records already classified; the tool name and input come from the event's input. */
export function mergeClassified(
  event: string,
  input: Readonly<Record<string, unknown>>,
  records: readonly RunRecord[],
  persistedOutputPath?: string,
): MergedResult {
  const toolName = typeof input["tool_name"] === "string" ? input["tool_name"] : null;
  const toolInput = isRecord(input["tool_input"]) ? (input["tool_input"] as JsonObject) : null;
  return mergeRuns(event, records, {
    toolName,
    toolInput,
    input,
    ...(persistedOutputPath !== undefined ? { persistedOutputPath } : {}),
  });
}

/** Classify each process result (in completion order) and merge them. */
export function classifyAndMerge(
  event: string,
  input: Readonly<Record<string, unknown>>,
  results: readonly HookRunResult[],
  persistedOutputPath?: string,
): { records: RunRecord[]; merged: MergedResult } {
  const hookName = hookNameOf(event, input);
  const records = results.map((r) => classifyRun(r, { event, hookName }));
  return { records, merged: mergeClassified(event, input, records, persistedOutputPath) };
}
