/**
 * Every Qwen Code merge vector (test/vectors/merge/qwen-code/<Event>/<rule>.json,
 * expected values read from a recorded Qwen Code 0.24.4 run) goes through the
 * `conformance merge --agent qwen-code` line protocol; the effects it answers
 * must equal the observed ones, key by key for the keys the recording
 * determines. Skipped vectors are counted and must say why.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { existsSync, readdirSync } from "node:fs";
import { basename, dirname, join } from "node:path";
import { spawnSync } from "node:child_process";
import { dialectOf } from "../src/dialects.js";
import { conformanceAnswers, loadMergeVectors, type RecordedVector } from "./lib/merge-vectors.js";

const vectors: RecordedVector[] = loadMergeVectors<RecordedVector>("qwen-code").map((loaded) => loaded.vector);
const qwen = dialectOf("qwen-code");
assert.ok(qwen, "qwen-code is registered in src/dialects.ts");

test("every Qwen Code vector cites its recording and the scenario beside it", () => {
  for (const v of vectors) {
    assert.equal(basename(v.source), `${v.scenario}.json`, v.scenario);
    assert.ok(v.source.startsWith("test/observer/qwen-code/observed/"), `${v.scenario}: ${v.source}`);
    assert.ok(existsSync(v.source), `${v.scenario}: ${v.source} is missing`);
    assert.ok(existsSync(join(dirname(dirname(v.source)), "scenarios", basename(v.source))), v.scenario);
  }
});

test("the vectors are what scripts/extract-qwen-code-vectors.ts makes of the recordings (--check)", () => {
  const run = spawnSync(process.execPath, ["--import", "tsx", "scripts/extract-qwen-code-vectors.ts", "--check"], { encoding: "utf8" });
  assert.equal(run.status, 0, run.stderr);
});

const runnable = vectors.filter((v) => v.skip_reason === undefined);
const skipped = vectors.filter((v) => v.skip_reason !== undefined);
const results = await conformanceAnswers(qwen!, runnable.map((v) => v.request));

test("every recording is a vector; skipped ones are few, counted and say why", () => {
  const recordings = readdirSync("test/observer/qwen-code/observed").filter((f) => f.endsWith(".json"));
  assert.equal(vectors.length, recordings.length);
  for (const v of skipped) assert.ok(v.skip_reason!.length > 20, v.scenario);
  assert.deepEqual(skipped.map((v) => v.scenario).sort(), ["pc-01-precompact-compress"]);
  assert.ok(runnable.length >= 82, `${runnable.length} runnable`);
});

for (const [i, v] of runnable.entries()) {
  test(`qwen-code vector ${v.scenario}`, () => {
    const answer = results[i]!;
    assert.equal(answer["agent"], "qwen-code");
    const effects = answer["effects"] as Record<string, unknown> | undefined;
    assert.ok(effects, JSON.stringify(answer).slice(0, 300));
    const got: Record<string, unknown> = {};
    for (const key of Object.keys(v.expected.effects)) got[key] = effects[key];
    assert.deepEqual(got, v.expected.effects);
  });
}
