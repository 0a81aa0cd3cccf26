/**
 * Every merge vector (test/vectors/merge/claude-code/<Event>/*.json, expected values read from a
 * recorded Claude Code run) goes through the `conformance merge` line
 * protocol; the effects it answers must equal the observed ones, key by key
 * for the keys the observation determines.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { basename, dirname, join } from "node:path";
import { PassThrough } from "node:stream";
import { serveMergeConformance } from "../src/conformance/merge.js";
import { claudeCode } from "../src/claude-code/dialect.js";
import { conformanceAnswers, loadMergeVectors } from "./lib/merge-vectors.js";

interface Vector {
  scenario: string;
  source: string;
  request: Record<string, unknown>;
  expected: { effects: Record<string, unknown>; async_context?: string[] };
  skip_reason?: string;
}

const vectors: Vector[] = loadMergeVectors<Vector>("claude-code").map((loaded) => loaded.vector);

const answers = (requests: readonly Record<string, unknown>[]): Promise<Record<string, unknown>[]> => conformanceAnswers(claudeCode, requests);

test("every vector cites its recording and the scenario beside it, outside the shipped vectors", () => {
  for (const v of vectors) {
    assert.equal(basename(v.source), `${v.scenario}.json`, v.scenario);
    assert.ok(v.source.startsWith("test/observer/"), `${v.scenario}: ${v.source}`);
    assert.ok(existsSync(v.source), `${v.scenario}: ${v.source} is missing`);
    const scenario = join(dirname(dirname(v.source)), "scenarios", basename(v.source));
    assert.ok(existsSync(scenario), `${v.scenario}: ${scenario} is missing`);
  }
});

const runnable = vectors.filter((v) => v.skip_reason === undefined);
const results = await answers(runnable.map((v) => v.request));

test("there are vectors, and every skipped one says why", () => {
  assert.ok(vectors.length >= 60, `${vectors.length} vectors`);
  for (const v of vectors) if (v.skip_reason !== undefined) assert.ok(v.skip_reason.length > 10, v.scenario);
});

for (const [i, v] of runnable.entries()) {
  test(`vector ${v.scenario}`, () => {
    const effects = results[i]!["effects"] as Record<string, unknown> | undefined;
    assert.ok(effects, JSON.stringify(results[i]).slice(0, 300));
    const got: Record<string, unknown> = {};
    for (const key of Object.keys(v.expected.effects)) got[key] = effects[key];
    assert.deepEqual(got, v.expected.effects);
    if (v.expected.async_context !== undefined) assert.deepEqual(results[i]!["async_context"], v.expected.async_context);
  });
}
