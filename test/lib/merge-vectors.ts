/**
 * The merge vectors of one agent: `test/vectors/merge/<agent>/<Event>/<rule>.json`,
 * read in path order. Tests share this loader so a new layout is one change.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import type { AgentName } from "../../src/core/agents.js";

export const MERGE_VECTORS_DIR = fileURLToPath(new URL("../vectors/merge/", import.meta.url));

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
