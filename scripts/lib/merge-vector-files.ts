/**
 * Writing one agent's recorded merge vectors (test/vectors/merge/<agent>/<Event>/<rule>.json,
 * format: test/vectors/merge-vector.schema.json): the vector shape every
 * extractor builds, and the sync of a set of vector files with the
 * directory (write what changed, remove what has no recording; `--check`
 * writes nothing and counts).
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";

type Json = null | boolean | number | string | Json[] | { [k: string]: Json };

export interface RecordedMergeVector {
  description: string;
  scenario: string;
  source: string;
  request: { [k: string]: Json };
  expected: { effects: { [k: string]: Json } };
  skip_reason?: string;
  notes?: string[];
}

function listVectorFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? readdirSync(join(dir, entry.name)).filter((f) => f.endsWith(".json")).map((f) => join(dir, entry.name, f)) : [],
  );
}

/** Makes `dir` hold exactly `files` (path -> text); with `check`, writes nothing. Returns how many files would change or changed. */
export function syncVectorFiles(tool: string, dir: string, files: ReadonlyMap<string, string>, check: boolean): number {
  let changed = 0;
  for (const [target, text] of files) {
    if (existsSync(target) && readFileSync(target, "utf8") === text) continue;
    changed++;
    if (check) process.stderr.write(`${tool}: ${target} would change\n`);
    else {
      mkdirSync(dirname(target), { recursive: true });
      writeFileSync(target, text);
    }
  }
  // a vector whose recording is gone (or was renamed) goes too
  for (const stale of listVectorFiles(dir).filter((f) => !files.has(f))) {
    changed++;
    if (check) process.stderr.write(`${tool}: ${stale} has no recording\n`);
    else rmSync(stale);
  }
  process.stderr.write(`${tool}: ${files.size} vectors, ${changed} ${check ? "would change" : "changed"}\n`);
  return changed;
}
