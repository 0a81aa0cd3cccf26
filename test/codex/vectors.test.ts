/**
 * Every Codex merge vector (test/vectors/merge/codex/<Event>/*.json, expected
 * values read from a recorded Codex CLI 0.171.0 run) goes through the
 * `conformance merge --agent codex` line protocol; the effects it answers
 * must equal the recorded ones, key by key.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { existsSync, readdirSync } from "node:fs";
import { basename, dirname, join } from "node:path";
import { PassThrough } from "node:stream";
import { serveMergeConformance } from "../../src/conformance/merge.js";
import { dialectOf } from "../../src/dialects.js";
import { validateMergedResult } from "../../generated/validators/records.js";
import { conformanceAnswers, loadMergeVectors, type RecordedVector } from "../lib/merge-vectors.js";

type Vector = RecordedVector;

// `codex/<Event>/<name>.json`: the folder is the event.
const vectors = loadMergeVectors<Vector>("codex").map(({ path, vector }) => ({ ...vector, event: path.split("/")[1]! }));

const codex = dialectOf("codex");
assert.ok(codex, "codex is registered in src/dialects.ts");

const answers = (requests: readonly Record<string, unknown>[]): Promise<Record<string, unknown>[]> => conformanceAnswers(codex!, requests);

test("every vector cites its recording and scenario, and sits in its event's folder", () => {
  for (const v of vectors) {
    assert.equal(basename(v.source), `${v.scenario}.json`, v.scenario);
    assert.ok(v.source.startsWith("test/observer/codex/observed/") || v.source.startsWith("test/observer/codex/subagents/observed/"), v.source);
    assert.ok(existsSync(v.source), `${v.source} is missing`);
    assert.ok(existsSync(join(dirname(dirname(v.source)), "scenarios", basename(v.source))), `${v.scenario}: scenario missing`);
    assert.equal(v.request["event"], v.event, v.scenario);
  }
});

test("one vector per recording; the skipped ones say why, and are few", () => {
  const recordings = ["test/observer/codex/observed", "test/observer/codex/subagents/observed"].flatMap((dir) => readdirSync(dir).filter((f) => f.endsWith(".json")));
  assert.equal(vectors.length, recordings.length);
  const skipped = vectors.filter((v) => v.skip_reason !== undefined);
  for (const v of skipped) assert.ok(v.skip_reason!.length > 20, v.scenario);
  // cx-cfg-*: configurations Codex refuses, so no hook ran; test/config-switches-observer.test.ts replays them through the runner;
  // cx-num-*, cx-dup-*: hook files written as text (literals), replayed by test/hostile/config-numbers.test.ts
  // cx-sub-pre-silent: one hook without a matcher ran for the main agent's calls and the subagent's
  const few = skipped.filter((v) => !/^cx-(cfg|num|dup)-/.test(v.scenario));
  assert.ok(few.length <= 7, `${few.length} skipped: ${few.map((v) => v.scenario).join(", ")}`);
});

const runnable = vectors.filter((v) => v.skip_reason === undefined);
const results = await answers(runnable.map((v) => v.request));

for (const [i, v] of runnable.entries()) {
  test(`codex vector ${v.event}/${v.scenario}`, () => {
    const result = results[i]!;
    assert.equal(result["agent"], "codex");
    assert.equal(validateMergedResult(result), true, JSON.stringify(validateMergedResult.errors));
    const effects = result["effects"] as Record<string, unknown> | undefined;
    assert.ok(effects, JSON.stringify(result).slice(0, 300));
    const got: Record<string, unknown> = {};
    for (const key of Object.keys(v.expected.effects)) got[key] = effects[key];
    assert.deepEqual(got, v.expected.effects);
  });
}
