// The README's figures that come from data in this repository stay equal to it: the capability
// excerpt and its counts, the lint rule count, the hostile suite's total (docs/hostile-inputs.md,
// itself checked against the test files by hostile-doc.test.ts) and the example files of the
// first command. The end-to-end table is install-e2e.test.ts's.
import { test } from "node:test";
import assert from "node:assert/strict";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { loadLinters } from "../src/agents.js";
import { capabilitiesExcerpt, claimCounts } from "./lib/readme-capabilities.js";
import { provenTable } from "./lib/proven-table.js";

const LINTERS = await loadLinters();
const ROOT = fileURLToPath(new URL("..", import.meta.url));
const README = readFileSync(join(ROOT, "README.md"), "utf8");

test("the capability excerpt is the capabilities files' (regenerate: node --import tsx test/lib/readme-capabilities.ts)", () => {
  const block = /<!-- capabilities-excerpt -->\n([\s\S]*?)<!-- \/capabilities-excerpt -->/.exec(README);
  assert.ok(block, "README.md has the <!-- capabilities-excerpt --> block");
  assert.equal(block[1], capabilitiesExcerpt());
});

test("the README's table of what is proven is the data's: versions recorded, vectors re-merged now, claims shown (regenerate: node --import tsx test/lib/proven-table.ts)", () => {
  const block = /<!-- proven-table -->\n([\s\S]*?)<!-- \/proven-table -->/.exec(README);
  assert.ok(block, "README.md has the <!-- proven-table --> block");
  assert.equal(block[1], provenTable());
});

test("the README's claim counts are the capabilities files'", () => {
  const { claims, recorded } = claimCounts();
  assert.match(README, new RegExp(`\\b${claims} claims, ${recorded} of them shown by recorded vectors`));
});

test("the README's lint rule count is the linters'", () => {
  const rules = LINTERS.flatMap((l) => l.rules).length;
  assert.match(README, new RegExp(`with ${rules} stable rule IDs`));
});

test("the README's hostile total is docs/hostile-inputs.md's", () => {
  const doc = readFileSync(join(ROOT, "docs/hostile-inputs.md"), "utf8");
  const total = /^\| \*\*total\*\* \| \| \*\*(\d+)\*\* \|/m.exec(doc);
  assert.ok(total, "docs/hostile-inputs.md has a total row");
  assert.match(README, new RegExp(`\\b${total[1]} attempts\\b`));
});

test("the first command's example files exist", () => {
  const first = /^npm ci && node dist\/src\/cli\.js run (.*)$/m.exec(README);
  assert.ok(first, "README.md starts with npm ci && node dist/src/cli.js run ...");
  for (const file of first[1]!.split(" ").filter((word) => word.startsWith("examples/"))) assert.ok(existsSync(join(ROOT, file)), file);
});
