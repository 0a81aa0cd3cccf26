/**
 * The package's `./hooks` export is a bundle of the compiled kit
 * (scripts/bundle-kit.mjs, for its cold start: one module instead of 19).
 * It must be the same kit: the same runtime names as dist/src/hooks/index.js,
 * every static import a Node builtin (nothing left to resolve at start-up),
 * and every lazily imported module present beside it.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { existsSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { builtKit, ROOT } from "./lib/built-kit.js";

const bundleUrl = builtKit();
const bundle = fileURLToPath(bundleUrl);
const pkg = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as { exports: Record<string, { types: string; default: string }> };

test("./hooks runs the bundle and is typed by the kit's declarations", () => {
  assert.equal(join(ROOT, pkg.exports["./hooks"]!.default), bundle);
  assert.equal(pkg.exports["./hooks"]!.types, "./dist/src/hooks/index.d.ts");
});

test("the bundle exports what dist/src/hooks/index.js exports", async () => {
  const bundled = Object.keys(await import(bundleUrl)).sort();
  const modules = Object.keys(await import(join(ROOT, "dist/src/hooks/index.js"))).sort();
  assert.deepEqual(bundled, modules);
  assert.ok(bundled.includes("runHook") && bundled.includes("defineHook"));
});

test("every static import of the bundle is a Node builtin; every dynamic one is a module beside it", () => {
  const text = readFileSync(bundle, "utf8");
  const staticImports = [...text.matchAll(/^import\s[^;]*?from\s+"([^"]+)";/gm)].map((m) => m[1]!);
  assert.ok(staticImports.length > 0);
  assert.deepEqual(staticImports.filter((specifier) => !specifier.startsWith("node:")), []);
  const lazy = [...text.matchAll(/\bimport\("([^"]+)"\)/g)].map((m) => m[1]!);
  assert.ok(lazy.length >= 6, `the agents' writers are loaded lazily: ${lazy.join(", ")}`);
  for (const specifier of lazy) assert.ok(existsSync(join(dirname(bundle), specifier)), `${specifier} is not beside the bundle`);
});
