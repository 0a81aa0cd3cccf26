/**
 * The static module graph of a JavaScript or TypeScript module: every relative
 * module it imports or re-exports, transitively (`import type` / `export type`
 * are erased from the JavaScript and do not count). Used to prove that one
 * entry point does not load another's modules (test/api-surface.test.ts) and
 * to report what each entry point loads (bench/import-cost.ts).
 */
import { readFileSync } from "node:fs";
import { dirname, resolve } from "node:path";

const STATIC = /^(?:import|export)\s(?!type\s)[^;]*?from\s+"(\.[^"]+)"/gm;
const BARE_IMPORT = /^import\s+"(\.[^"]+)"/gm;
const DYNAMIC = /\bimport\(\s*"(\.[^"]+)"\s*\)/g;

/** `file` and every module it loads (absolute paths). TypeScript sources resolve `./x.js` to `./x.ts`. */
export function moduleGraph(file: string, seen = new Set<string>()): Set<string> {
  if (seen.has(file)) return seen;
  seen.add(file);
  const text = readFileSync(file, "utf8");
  const typescript = file.endsWith(".ts");
  for (const pattern of [STATIC, BARE_IMPORT, DYNAMIC]) {
    for (const [, specifier] of text.matchAll(pattern)) {
      moduleGraph(resolve(dirname(file), typescript ? specifier!.replace(/\.js$/, ".ts") : specifier!), seen);
    }
  }
  return seen;
}

/** One relative import of a module, as written: a static or type-only `import`/`export ... from`, a bare `import "x"`, or a dynamic `import("x")`. */
export interface ModuleImport {
  /** Absolute path of the imported module (TypeScript sources: `./x.js` resolved to `./x.ts`). */
  readonly target: string;
  readonly kind: "static" | "type" | "dynamic";
}

const ANY_FROM = /^(?:import|export)\s([^;]*?)from\s+"(\.[^"]+)"/gm;

/** Every relative import `file` writes, type-only ones included (the architecture's imports, not only what loads). */
export function directImports(file: string): ModuleImport[] {
  const text = readFileSync(file, "utf8");
  const at = (specifier: string): string => resolve(dirname(file), file.endsWith(".ts") ? specifier.replace(/\.js$/, ".ts") : specifier);
  const out: ModuleImport[] = [];
  for (const [, clause, specifier] of text.matchAll(ANY_FROM)) out.push({ target: at(specifier!), kind: /^type\s/.test(clause!) ? "type" : "static" });
  for (const [, specifier] of text.matchAll(BARE_IMPORT)) out.push({ target: at(specifier!), kind: "static" });
  for (const [, specifier] of text.matchAll(DYNAMIC)) out.push({ target: at(specifier!), kind: "dynamic" });
  return out;
}
