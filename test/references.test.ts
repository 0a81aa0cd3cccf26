/**
 * Every document the code and the docs cite resolves inside the repository:
 * a `*.md` named in a comment or a doc is a path from the root, a path from
 * the citing file, or the name of a file the repository holds (the measured
 * references are in docs/spec/). Nothing cites `shared/spec/`, which only the
 * developers' machines have.
 */
import assert from "node:assert/strict";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { basename, dirname, join, relative } from "node:path";
import { test } from "node:test";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));
const SKIP_DIRS = new Set(["node_modules", "dist", ".git", "target", "generated", "observer", "vectors"]);

function walk(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) {
      if (!SKIP_DIRS.has(name)) walk(path, out);
    } else out.push(path);
  }
  return out;
}

const files = walk(root);
const markdownNames = new Set(files.filter((f) => f.endsWith(".md")).map((f) => basename(f)));
const citing = files.filter((f) => /\.(ts|mts|mjs|js|md|sh)$/.test(f) && !relative(root, f).startsWith("docs/spec/") && f !== fileURLToPath(import.meta.url));

// a citation: a run of path characters ending in .md, not part of a URL
const CITATION = /(?<![\w/.:-])((?:\.{1,2}\/)?[\w.-]+(?:\/[\w.-]+)*\.md)\b/g;

test("every cited *.md resolves inside the repository", () => {
  const unresolved: string[] = [];
  let checked = 0;
  for (const file of citing) {
    const text = readFileSync(file, "utf8");
    for (const match of text.matchAll(CITATION)) {
      const cited = match[1]!;
      // a pattern (`<agent>-observed.md`, `*-observed.md`) names no one file
      if (cited.startsWith("-")) continue;
      checked++;
      const resolves =
        existsSync(join(root, cited)) ||
        existsSync(join(dirname(file), cited)) ||
        // a link written into a generated file below the root (`../../docs/bindings.md`)
        existsSync(join(root, cited.replace(/^(\.\.\/)+/, ""))) ||
        (!cited.includes("/") && markdownNames.has(cited));
      if (!resolves) unresolved.push(`${relative(root, file)}: ${cited}`);
    }
  }
  assert.ok(checked > 20, `only ${checked} citations found: the pattern is broken`);
  assert.deepEqual(unresolved, []);
});

test("nothing cites shared/spec/ (the references live in docs/spec/)", () => {
  const offenders = citing.filter((file) => /shared\/spec\//.test(readFileSync(file, "utf8"))).map((file) => relative(root, file));
  assert.deepEqual(offenders, []);
});
