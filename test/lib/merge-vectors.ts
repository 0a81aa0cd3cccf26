/**
 * The merge vectors of one agent: `test/vectors/merge/<agent>/<Event>/<rule>.json`,
 * read in path order. Tests share this loader so a new layout is one change.
 */
import assert from "node:assert/strict";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { PassThrough } from "node:stream";
import { serveMergeConformance } from "../../src/conformance/merge.js";
import type { AgentName } from "../../src/core/agents.js";
import type { Dialect } from "../../src/core/dialect.js";

export const MERGE_VECTORS_DIR = fileURLToPath(new URL("../vectors/merge/", import.meta.url));

/** A recorded merge vector as the per-agent tests read it (test/vectors/merge-vector.schema.json); `R`: the request as a test reads it. */
export interface RecordedVector<R = Record<string, unknown>> {
  readonly scenario: string;
  readonly source: string;
  readonly request: R;
  readonly expected: { readonly effects: Record<string, unknown> };
  readonly skip_reason?: string;
}

export interface LoadedVector<V> {
  /** Path below test/vectors/merge/, e.g. `claude-code/PreToolUse/deny-then-allow.json`. */
  readonly path: string;
  readonly vector: V;
}

function listJson(dir: string): string[] {
  return readdirSync(dir)
    .sort()
    .flatMap((name) => {
      const path = join(dir, name);
      return statSync(path).isDirectory() ? listJson(path) : name.endsWith(".json") ? [path] : [];
    });
}

export function loadMergeVectors<V>(agent: AgentName): LoadedVector<V>[] {
  return listJson(join(MERGE_VECTORS_DIR, agent)).map((path) => ({
    path: relative(MERGE_VECTORS_DIR, path),
    vector: JSON.parse(readFileSync(path, "utf8")) as V,
  }));
}

/**
 * Requests through the `conformance merge` line protocol of `dialect`, one
 * answer per request; the protocol must end with status 0 (no malformed line).
 */
export async function conformanceAnswers(dialect: Dialect, requests: readonly Record<string, unknown>[]): Promise<Record<string, unknown>[]> {
  const input = new PassThrough();
  const output = new PassThrough();
  let text = "";
  output.on("data", (chunk: Buffer) => (text += chunk.toString("utf8")));
  const served = serveMergeConformance(input, output, dialect);
  input.end(requests.map((r) => JSON.stringify(r)).join("\n") + "\n");
  assert.equal(await served, 0, text.slice(0, 500));
  return text.trim().split("\n").map((line) => JSON.parse(line) as Record<string, unknown>);
}
