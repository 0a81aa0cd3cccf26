/**
 * Every GitHub Copilot CLI 1.0.102 merge vector (test/vectors/merge/copilot-cli/<event>/*.json,
 * expected values read from a recorded run) goes through the `conformance merge --agent
 * copilot-cli` line protocol; the effects it answers must equal the observed ones, key by
 * key for the keys the recording determines. Skipped vectors are counted and say why.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { basename, dirname, join } from "node:path";
import { PassThrough } from "node:stream";
import { serveMergeConformance } from "../../src/conformance/merge.js";
import { dialectOf } from "../../src/dialects.js";
import { resolveEvent } from "../../src/copilot-cli/events.js";
import { validateMergedResult } from "../../generated/validators/records.js";
import { conformanceAnswers, loadMergeVectors, type RecordedVector } from "../lib/merge-vectors.js";

type Vector = RecordedVector;

// `copilot-cli/<event>/<scenario>.json`: the folder is the event's native name (both spellings share it).
const vectors = loadMergeVectors<Vector>("copilot-cli").map(({ path, vector }) => ({ ...vector, path, event: path.split("/")[1]! }));

const dialect = dialectOf("copilot-cli");

const answers = (requests: readonly Record<string, unknown>[]): Promise<Record<string, unknown>[]> => conformanceAnswers(dialect!, requests);

test("every vector cites its recording and the scenario beside it, and lives under its event", () => {
  // subagents/ (issue 25): hooks on a `task` subagent's calls
  const observed = ["test/observer/copilot-cli/observed", "test/observer/copilot-cli/subagents/observed"].flatMap((dir) => readdirSync(dir).filter((f) => f.endsWith(".json")));
  assert.equal(vectors.length, observed.length, "one vector per recording");
  for (const v of vectors) {
    assert.equal(basename(v.source), `${v.scenario}.json`, v.scenario);
    assert.ok(existsSync(v.source), `${v.scenario}: ${v.source} is missing`);
    assert.ok(existsSync(join(dirname(dirname(v.source)), "scenarios", basename(v.source))), `${v.scenario}: scenario missing`);
    assert.equal(basename(v.path), `${v.scenario}.json`);
    assert.equal(resolveEvent(v.request["event"] as string)?.event, v.event, v.scenario);
  }
});

const runnable = vectors.filter((v) => v.skip_reason === undefined);
const skipped = vectors.filter((v) => v.skip_reason !== undefined);
const results = await answers(runnable.map((v) => v.request));

test(`${runnable.length} vectors run, ${skipped.length} skipped, each skip with its reason`, () => {
  assert.ok(vectors.length >= 110, `${vectors.length} vectors`);
  // cp-sub-pre-silent: one hook without a matcher ran for the task call and the subagent's call (a merge request covers one)
  assert.deepEqual(skipped.map((v) => v.scenario), ["cp-sub-pre-silent"], "every other recorded run reproduces through the merge");
  for (const v of skipped) assert.ok(v.skip_reason!.length > 10, v.scenario);
});

test("every vector says whether its run had --allow-all-tools (a request without it is read as having it)", () => {
  for (const v of vectors) {
    const args = (JSON.parse(readFileSync(v.source, "utf8")) as { cli: { args: string[] } }).cli.args;
    assert.equal(v.request["allow_all_tools"], args.includes("--allow-all-tools"), v.scenario);
  }
});

for (const [i, v] of runnable.entries()) {
  test(`vector ${v.scenario}`, () => {
    const result = results[i]!;
    assert.equal(result["agent"], "copilot-cli", JSON.stringify(result).slice(0, 300));
    assert.equal(validateMergedResult(result), true, JSON.stringify(validateMergedResult.errors));
    const effects = result["effects"] as Record<string, unknown>;
    const got: Record<string, unknown> = {};
    for (const key of Object.keys(v.expected.effects)) got[key] = effects[key];
    assert.deepEqual(got, v.expected.effects);
  });
}
