/**
 * Every vector file has the format its schema gives (test/vectors/*.schema.json),
 * and its descriptions follow JSON-Schema-Test-Suite's rules: statements, not
 * wishes ("X frobs", never "X should frob" or "test that X frobs"), short,
 * unique in their scope.
 */
import assert from "node:assert/strict";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { test } from "node:test";
import { fileURLToPath } from "node:url";
import { Ajv } from "ajv";

const root = fileURLToPath(new URL("..", import.meta.url));
const vectorsDir = join(root, "test/vectors");
const ajv = new Ajv({ strict: true, allErrors: true });
const readJson = (path: string): unknown => JSON.parse(readFileSync(path, "utf8"));
const validateMerge = ajv.compile(readJson(join(vectorsDir, "merge-vector.schema.json")) as object);
const validateSerde = ajv.compile(readJson(join(vectorsDir, "serde-vectors.schema.json")) as object);

function listJson(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? listJson(path) : name.endsWith(".json") ? [path] : [];
  });
}

const WISHES = /\bshould\b|\btest that\b/i;

function lint(where: string, description: string, max: number, problems: string[]): void {
  if (WISHES.test(description)) problems.push(`${where}: say what happens, not what should ("${description}")`);
  if (description.length > max) problems.push(`${where}: description over ${max} characters (${description.length})`);
  if (description.trim() === "") problems.push(`${where}: empty description`);
}

test("every merge vector of every agent matches merge-vector.schema.json, with a plain short description", () => {
  const files = listJson(join(vectorsDir, "merge"));
  assert.ok(files.length >= 300, `${files.length} merge vectors`);
  const problems: string[] = [];
  for (const file of files) {
    const where = relative(root, file);
    const vector = readJson(file) as { description?: unknown };
    if (!validateMerge(vector)) problems.push(`${where}: ${ajv.errorsText(validateMerge.errors)}`);
    else lint(where, vector.description as string, 200, problems);
  }
  assert.deepEqual(problems, []);
});

test("every serde vector file matches serde-vectors.schema.json; case descriptions are short and unique in their file", () => {
  const files = listJson(join(vectorsDir, "serde"));
  assert.ok(files.length >= 15, `${files.length} serde vector files`);
  const problems: string[] = [];
  for (const file of files) {
    const where = relative(root, file);
    const vectors = readJson(file) as { description: string; cases: { description: string }[] };
    if (!validateSerde(vectors)) {
      problems.push(`${where}: ${ajv.errorsText(validateSerde.errors)}`);
      continue;
    }
    lint(where, vectors.description, 200, problems);
    const seen = new Set<string>();
    for (const [i, c] of vectors.cases.entries()) {
      lint(`${where} case ${i}`, c.description, 70, problems);
      if (seen.has(c.description)) problems.push(`${where} case ${i}: description "${c.description}" repeats`);
      seen.add(c.description);
    }
  }
  assert.deepEqual(problems, []);
});

test("the lint catches what it is for", () => {
  const problems: string[] = [];
  lint("x", "the hook should deny", 200, problems);
  lint("y", "test that it denies", 200, problems);
  lint("z", "a".repeat(71), 70, problems);
  assert.equal(problems.length, 3);
  assert.equal(validateMerge({ description: "d", scenario: "s", source: "x", request: { event: "E", hooks: [] }, expected: { effects: { bogus: 1 } } }), false);
});
