#!/usr/bin/env node
/**
 * Bundles the compiled kit (dist/src/hooks/index.js and the modules it imports
 * statically) into one module, dist/src/hooks/kit.js, which the package's
 * `./hooks` export points at.
 *
 * Why: a hook is a process started on every tool call, and under Node 20 each
 * ES module costs about 0.7 ms to resolve, read, compile and link; the kit's 19
 * modules were most of its cold start over a hand-written hook
 * (bench/kit-cold-start.ts). The bundle is the same code: what the kit loads
 * only when needed (an agent's answer writer or rewrite check, generated/kit/loaders.ts)
 * stays a dynamic import of the unbundled module beside it, so the bundle sits
 * in the same directory and those relative paths hold.
 *
 *   node scripts/bundle-kit.mjs [--check]   (run by `npm run build` after tsc)
 *
 * Also writes kit.d.ts (the bundle's declarations: index.d.ts's). `--check` fails when the bundle is missing or older than a compiled module.
 */
import { build } from "esbuild";
import { existsSync, readdirSync, statSync, writeFileSync } from "node:fs";
import { dirname, join, relative, resolve, sep } from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..");
const ENTRY = join(ROOT, "dist/src/hooks/index.js");
export const KIT_BUNDLE = join(ROOT, "dist/src/hooks/kit.js");

/**
 * A plugin that leaves every dynamic `import()` to run time, unbundled: the lazily loaded writers stay lazy.
 * The specifier is rewritten relative to the bundle, since the importing module (generated/kit/loaders.js,
 * the registry's table of agent modules) is not in the bundle's directory.
 */
const dynamicImportsStayLazy = {
  name: "dynamic-imports-stay-lazy",
  setup(builder) {
    builder.onResolve({ filter: /.*/ }, (args) => {
      if (args.kind !== "dynamic-import") return undefined;
      if (!args.path.startsWith(".")) return { path: args.path, external: true };
      const fromBundle = relative(dirname(KIT_BUNDLE), resolve(args.resolveDir, args.path)).split(sep).join("/");
      return { path: fromBundle.startsWith(".") ? fromBundle : `./${fromBundle}`, external: true };
    });
  },
};

function newestModule(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (path === KIT_BUNDLE) continue;
    newest = Math.max(newest, entry.isDirectory() ? newestModule(path) : entry.name.endsWith(".js") ? statSync(path).mtimeMs : 0);
  }
  return newest;
}

if (process.argv.includes("--check")) {
  const fresh = existsSync(KIT_BUNDLE) && statSync(KIT_BUNDLE).mtimeMs >= newestModule(join(ROOT, "dist"));
  if (!fresh) {
    console.error("bundle-kit: dist/src/hooks/kit.js is missing or older than dist/: run `npm run build`");
    process.exit(1);
  }
} else {
  if (!existsSync(ENTRY)) {
    console.error("bundle-kit: dist/src/hooks/index.js is missing: run tsc -p tsconfig.build.json first");
    process.exit(1);
  }
  const result = await build({
    entryPoints: [ENTRY],
    outfile: KIT_BUNDLE,
    bundle: true,
    format: "esm",
    platform: "node",
    target: "node20",
    plugins: [dynamicImportsStayLazy],
    legalComments: "none",
    logLevel: "warning",
    metafile: true,
  });
  // the bundle's declarations are the modules' own
  writeFileSync(KIT_BUNDLE.replace(/\.js$/, ".d.ts"), '// The declarations of dist/src/hooks/kit.js, the bundle of ./index.js (scripts/bundle-kit.mjs).\nexport * from "./index.js";\n');
  const inputs = Object.keys(result.metafile.inputs).length;
  const bytes = result.metafile.outputs[Object.keys(result.metafile.outputs)[0]].bytes;
  if (process.argv.includes("--verbose")) console.error(`bundle-kit: ${inputs} modules -> dist/src/hooks/kit.js (${(bytes / 1024).toFixed(1)} KiB)`);
}
