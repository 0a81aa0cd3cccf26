/**
 * Every Gemini CLI merge vector (test/vectors/merge/gemini-cli/<event>/*.json,
 * expected values read from a recorded Gemini CLI 0.61.0 run) goes through
 * the `conformance merge --agent gemini-cli` line protocol; the effects it
 * answers must equal the observed ones, key by key for the keys the
 * recording determines. Skipped vectors are counted, never silent.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { basename, dirname, join } from "node:path";
import { PassThrough } from "node:stream";
import { serveMergeConformance } from "../../src/conformance/merge.js";
import { dialectOf } from "../../src/dialects.js";
import { validateMergedResult } from "../../generated/validators/records.js";
import { conformanceAnswers, type RecordedVector } from "../lib/merge-vectors.js";

type Vector = RecordedVector;

const DIR = "test/vectors/merge/gemini-cli";
const vectors: { event: string; vector: Vector }[] = readdirSync(DIR, { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .flatMap((d) =>
    readdirSync(join(DIR, d.name))
      .filter((f) => f.endsWith(".json"))
      .sort()
      .map((f) => ({ event: d.name, vector: JSON.parse(readFileSync(join(DIR, d.name, f), "utf8")) as Vector })),
  );

const dialect = dialectOf("gemini-cli");

const answers = (requests: readonly Record<string, unknown>[]): Promise<Record<string, unknown>[]> => conformanceAnswers(dialect!, requests);

const runnable = vectors.filter(({ vector }) => vector.skip_reason === undefined);
const skipped = vectors.filter(({ vector }) => vector.skip_reason !== undefined);
const results = await answers(runnable.map(({ vector }) => vector.request));

test("every recording has a vector, each cites it and the scenario beside it; skips are counted and say why", () => {
  const recordings = ["test/observer/gemini-cli/observed", "test/observer/gemini-cli/subagents/observed"].flatMap((dir) => readdirSync(dir).filter((f) => f.endsWith(".json")));
  assert.equal(vectors.length, recordings.length);
  for (const { event, vector } of vectors) {
    assert.equal(basename(vector.source), `${vector.scenario}.json`);
    assert.ok(existsSync(vector.source), vector.source);
    assert.ok(existsSync(join(dirname(dirname(vector.source)), "scenarios", basename(vector.source))), vector.scenario);
    assert.equal(vector.request["event"], event, `${vector.scenario} lives under its event`);
  }
  for (const { vector } of skipped) assert.ok((vector.skip_reason ?? "").length > 20, vector.scenario);
  // of the stored recordings: two span several events, two fire their event twice with an answer each time
  // subagents/: a hook that ran for the invoke_agent call and the subagent's, and continue:false, which ends the run on the
  // main agent's call but refuses only the call inside a subagent (the input does not say whose call it is)
  const stored = ["all-01-event-order", "bts-03-deny-ignored", "gm-sub-pre-continue-false", "gm-sub-pre-silent", "nt-01-ask-notification", "pc-01-precompress-manual"];
  assert.deepEqual(skipped.map(({ vector }) => vector.scenario).filter((s) => !s.startsWith("gp-")).sort(), stored);
});

for (const [i, { event, vector }] of runnable.entries()) {
  test(`${event}/${vector.scenario}`, () => {
    const effects = results[i]!["effects"] as Record<string, unknown> | undefined;
    assert.ok(effects, JSON.stringify(results[i]).slice(0, 300));
    const got: Record<string, unknown> = {};
    for (const key of Object.keys(vector.expected.effects)) got[key] = effects[key];
    assert.deepEqual(got, vector.expected.effects);
    assert.equal(results[i]!["agent"], "gemini-cli");
    assert.equal(validateMergedResult(results[i]), true, JSON.stringify(validateMergedResult.errors));
  });
}
