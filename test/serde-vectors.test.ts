/**
 * Every serde vector (test/vectors/serde/*.json, answers recorded from the
 * serde oracle) through our reader and writer: same accept/reject, same
 * canonical text, same error text (message and position).
 */
import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { test } from "node:test";
import { formatSerdeError, readRust } from "../src/serde/index.js";
import { writeRustText } from "./lib/write-rust.js";

interface VectorFile {
  description: string;
  cases: { description: string; type: string; json: string; expected: { ok: boolean; canonical?: string; error?: string } }[];
}

const dir = new URL("./vectors/serde/", import.meta.url);
const files = readdirSync(dir).filter((f) => f.endsWith(".json")).sort();

test("the serde vectors cover at least 300 cases", () => {
  const total = files.reduce((n, f) => n + (JSON.parse(readFileSync(new URL(f, dir), "utf8")) as VectorFile).cases.length, 0);
  assert.ok(total >= 300, `${total} cases`);
});

for (const file of files) {
  const vectors = JSON.parse(readFileSync(new URL(file, dir), "utf8")) as VectorFile;
  test(`serde vectors: ${file}`, async (t) => {
    for (const c of vectors.cases) {
      await t.test(c.description, () => {
        const result = readRust(c.type, c.json);
        const actual = result.ok
          ? { ok: true, canonical: writeRustText(c.type, result.value) }
          : { ok: false, error: formatSerdeError(result.error) };
        assert.deepEqual(actual, c.expected);
      });
    }
  });
}
