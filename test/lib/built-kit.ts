/**
 * The package compiled to dist/, for tests that run hooks as plain node
 * processes (as agents run them): built when missing or older than a source
 * file, so that such a test never runs stale code.
 */
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

export const ROOT = fileURLToPath(new URL("../..", import.meta.url));

function newestSource(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestSource(path) : entry.name.endsWith(".ts") ? statSync(path).mtimeMs : 0);
  }
  return newest;
}

/**
 * The file URL of the built kit as the package exports it (`claude-hook-protocol/hooks`: the
 * bundle scripts/bundle-kit.mjs makes of dist/src/hooks/), building dist/ first if needed.
 */
export function builtKit(): string {
  const index = join(ROOT, "dist/src/hooks/index.js");
  const bundle = join(ROOT, "dist/src/hooks/kit.js");
  const newest = Math.max(newestSource(join(ROOT, "src")), newestSource(join(ROOT, "generated")));
  if (!existsSync(index) || statSync(index).mtimeMs < newest) {
    const build = spawnSync(process.execPath, [join(ROOT, "node_modules/typescript/bin/tsc"), "-p", "tsconfig.build.json"], { cwd: ROOT, encoding: "utf8" });
    if (build.status !== 0) throw new Error(`building dist/ failed:\n${build.stdout}${build.stderr}`);
  }
  if (!existsSync(bundle) || statSync(bundle).mtimeMs < statSync(index).mtimeMs || spawnSync(process.execPath, [join(ROOT, "scripts/bundle-kit.mjs"), "--check"], { cwd: ROOT }).status !== 0) {
    const bundled = spawnSync(process.execPath, [join(ROOT, "scripts/bundle-kit.mjs")], { cwd: ROOT, encoding: "utf8" });
    if (bundled.status !== 0) throw new Error(`bundling the kit failed:\n${bundled.stdout}${bundled.stderr}`);
  }
  return pathToFileURL(bundle).href;
}
