/**
 * The stored observer recordings (test/observer/claude-code/.../observed/*.json), as the
 * merge-vector extractor and the tests that compare against the recordings
 * read them: one loader, so both see the same runs and the same hook output.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

/** Recorded runs (observed/), each beside its scenarios/ directory. */
export const OBSERVATION_DIRS = ["test/observer/claude-code/observed", "test/observer/claude-code/probes/observed", "test/observer/claude-code-tools/observed" /* #11 kit: rewrites vs tool schemas */, "test/observer/claude-code/subagents/observed" /* #25: hooks on a subagent's tool calls */] as const;

/** A part of a hook's scripted stdout/stderr. */
export interface OutputPart {
  text?: string;
  base64?: string;
  repeat?: string;
  times?: number;
}

/**
 * Every recording, in directory then name order, with the file it came from
 * (`test/observer/claude-code/observed/pre-01-....json`). The observer cuts strings over
 * 64 KiB in its stored copy of the scenario; the scenario file beside it has
 * the hooks' whole output, so that one is used then. A missing directory
 * throws: it must not silently drop its recordings.
 */
export function loadObservations<T extends { name: string; scenario: unknown }>(root: string): { observation: T; source: string }[] {
  const out: { observation: T; source: string }[] = [];
  for (const dir of OBSERVATION_DIRS) {
    const abs = join(root, dir);
    if (!existsSync(abs)) throw new Error(`observations: ${dir} does not exist`);
    for (const f of readdirSync(abs).filter((x) => x.endsWith(".json")).sort()) {
      const o = JSON.parse(readFileSync(join(abs, f), "utf8")) as T;
      const scenarioFile = join(abs, "..", "scenarios", f);
      if (existsSync(scenarioFile) && JSON.stringify(o.scenario).includes("characters cut by the oracle")) {
        o.scenario = JSON.parse(readFileSync(scenarioFile, "utf8")) as T["scenario"];
      }
      out.push({ observation: o, source: `${dir}/${f}` });
    }
  }
  return out;
}

/** The scenario's placeholders, as the recorded paths are normalised in the vectors. */
const VARS: Record<string, string> = { MARKER: "$TMP/work/oracle-marker.txt", WORK: "$TMP/work", DIR: "$TMP", HOOKS: "$TMP/hooks" };

export function substituteVars(s: string): string {
  return s.replace(/\{\{(\w+)\}\}/g, (m, k: string) => VARS[k] ?? m);
}

/** What a scripted hook wrote: `text`, or its `parts` as bytes (invalid UTF-8 → U+FFFD, as Claude Code reads it). */
export function scriptedOutput(text: string | undefined, parts: readonly OutputPart[] | undefined): string {
  if (parts === undefined) return substituteVars(text ?? "");
  const buf = Buffer.concat(parts.map((p) =>
    p.base64 !== undefined ? Buffer.from(p.base64, "base64")
      : p.repeat !== undefined ? Buffer.from(p.repeat.repeat(p.times ?? 1))
        : Buffer.from(substituteVars(p.text ?? ""))));
  return buf.toString("utf8");
}

/**
 * A vector's description from a scenario's: the vectors keep it under 200 characters (test/vector-files.test.ts), while
 * a scenario's own may say more; the cut is at a clause or word boundary, marked with "…", and the whole stays in the scenario.
 */
export function shortDescription(text: string, max = 200): string {
  if (text.length <= max) return text;
  const head = text.slice(0, max - 1);
  const clause = Math.max(head.lastIndexOf("; "), head.lastIndexOf(". "), head.lastIndexOf(": "));
  const cut = clause >= max / 2 ? clause : head.lastIndexOf(" ");
  return `${head.slice(0, cut > 0 ? cut : max - 1).trimEnd()}…`;
}
