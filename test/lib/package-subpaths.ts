/**
 * The package's subpaths with code (package.json "exports"), each with the
 * TypeScript module behind it: what the API report pins and what the hostile
 * suite calls every function of.
 */
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));

type Target = string | null | { readonly types: string; readonly default: string };
export const pkg = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as { name: string; exports: Record<string, Target> };

/** The TypeScript source behind a `dist/...` target: `./dist/src/entry/serde.js` -> `src/entry/serde.ts`. */
function sourceOf(distPath: string): string {
  return distPath.replace(/^\.\/dist\//, "").replace(/\.d\.ts$|\.js$/, ".ts");
}

/** Every subpath with code (schemas and package.json are files), patterns expanded, null targets left out. */
export function subpaths(): { readonly subpath: string; readonly source: string }[] {
  const out: { subpath: string; source: string }[] = [];
  const excluded = new Set(Object.entries(pkg.exports).filter(([, t]) => t === null).map(([k]) => k));
  for (const [key, target] of Object.entries(pkg.exports)) {
    if (target === null || typeof target === "string") continue;
    // the declarations name the module a subpath exports (./hooks runs a bundle of it: scripts/bundle-kit.mjs)
    const source = sourceOf(target.types);
    if (!key.includes("*")) {
      out.push({ subpath: key, source });
      continue;
    }
    const [prefix, suffix] = source.split("*") as [string, string];
    for (const file of readdirSync(join(ROOT, dirname(prefix + "x"))).sort()) {
      const full = `${dirname(prefix + "x")}/${file}`;
      if (!full.startsWith(prefix) || !full.endsWith(suffix)) continue;
      const stem = full.slice(prefix.length, full.length - suffix.length);
      const subpath = key.replace("*", stem);
      if (!excluded.has(subpath)) out.push({ subpath, source: full });
    }
  }
  return out;
}

