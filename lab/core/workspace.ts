/**
 * A run's own directory (HOME, working directory, hook scripts, the agent's temp dir), created
 * fresh per scenario under the lab's temp root and removed afterwards, and the scenario
 * placeholders ({{MARKER}} {{WORK}} {{DIR}} {{HOOKS}}) that point into it.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, realpathSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { outputBytes, type OutputPart } from "./hook-script.js";

export interface RunDir { dir: string; home: string; work: string; hooks: string; tmp: string; marker: string; vars: Record<string, string> }

/**
 * The lab's temp root: $CLAUDE_HOOK_PROTOCOL_LAB_TMP or /tmp/chp-lab. Short on purpose: Copilot CLI
 * cuts a hook's path in its timeout messages past a width, and the observers recorded under
 * roots of 14 to 19 characters.
 */
export const tmpRoot = (): string => process.env["CLAUDE_HOOK_PROTOCOL_LAB_TMP"] ?? "/tmp/chp-lab";

/** A fresh run directory under `root` (default: the lab's temp root). */
export function makeRunDir(name: string, markerName: string, root: string = tmpRoot()): RunDir {
  mkdirSync(root, { recursive: true });
  const dir = realpathSync(mkdtempSync(join(root, `${name.replace(/[^\w.-]/g, "_")}-`)));
  const rd = { dir, home: join(dir, "home"), work: join(dir, "work"), hooks: join(dir, "hooks"), tmp: join(dir, "tmp"), marker: join(dir, "work", markerName) };
  for (const d of [rd.home, rd.work, rd.hooks, rd.tmp]) mkdirSync(d, { recursive: true });
  return { ...rd, vars: { MARKER: rd.marker, DIR: dir, HOOKS: rd.hooks, WORK: rd.work } };
}

/** The placeholders substituted in every string of a JSON value. */
export function substitute<T>(value: T, vars: Readonly<Record<string, string>>): T {
  if (typeof value === "string") return value.replace(/\{\{(\w+)\}\}/g, (m, k: string) => vars[k] ?? m) as T;
  if (Array.isArray(value)) return value.map((v: unknown) => substitute(v, vars)) as T;
  if (value !== null && typeof value === "object") {
    // a null prototype: a key "__proto__" in a scenario stays data
    const out: Record<string, unknown> = Object.create(null) as Record<string, unknown>;
    for (const [k, v] of Object.entries(value)) out[k] = substitute(v, vars);
    return out as T;
  }
  return value;
}

/**
 * Files a scenario puts in a directory before the run: text (placeholders substituted),
 * output parts (raw bytes), or any other JSON (written as JSON, placeholders substituted).
 */
export function writeScenarioFiles(root: string, files: unknown, vars: Readonly<Record<string, string>>): void {
  if (files === null || typeof files !== "object") return;
  for (const [rel, content] of Object.entries(files)) {
    const f = join(root, rel);
    // the schemas refuse such names already; a file is never written outside its folder
    if (!f.startsWith(root + "/")) throw new Error(`lab: the scenario file ${JSON.stringify(rel)} is outside ${root}`);
    mkdirSync(dirname(f), { recursive: true });
    writeFileSync(f, typeof content === "string" ? substitute(content, vars) : Array.isArray(content) ? outputBytes(undefined, content as OutputPart[]) : JSON.stringify(substitute(content, vars), null, 2));
  }
}

/** The lines the default tool call appended to the marker file: whether the tool ran, with which input. */
export function markerLines(rd: RunDir): string[] {
  return existsSync(rd.marker) ? readFileSync(rd.marker, "utf8").split("\n").filter(Boolean) : [];
}
