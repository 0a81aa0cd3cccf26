/**
 * Every Kimi Code CLI merge vector (test/vectors/merge/kimi-code/<Event>/<rule>.json,
 * expected values read from a recorded Kimi Code CLI 2.1.0 run made by the lab) goes
 * through the `conformance merge --agent kimi-code` line protocol; the effects it
 * answers must equal the observed ones, key by key for the keys the recording
 * determines. Skipped vectors are counted and must say why. The vectors come from
 * three recording sets (test/observer/kimi-code/README.md): the 22 the dialect was
 * written from (observed/), the held-out ones recorded after it (held-out/) and the
 * capability recordings (cap/); a vector's `source` names its set.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, dirname, join } from "node:path";
import { spawnSync } from "node:child_process";
import { dialectOf } from "../../src/dialects.js";
import { conformanceAnswers, loadMergeVectors, type RecordedVector } from "../lib/merge-vectors.js";

const vectors: RecordedVector[] = loadMergeVectors<RecordedVector>("kimi-code").map((loaded) => loaded.vector);
/** The recording sets scripts/extract-kimi-code-vectors.ts reads, each `<set>/observed/` with `<set>/scenarios/` beside it. */
const SETS = ["test/observer/kimi-code", "test/observer/kimi-code/held-out", "test/observer/kimi-code/cap"].filter((set) => existsSync(`${set}/observed`));
const HELD_OUT = "test/observer/kimi-code/held-out/observed/";
const setOf = (v: RecordedVector): string | undefined => SETS.find((set) => dirname(v.source) === `${set}/observed`);
const kimi = dialectOf("kimi-code");
assert.ok(kimi, "kimi-code is registered in src/agents.ts");

test("every Kimi Code vector cites its recording and the scenario beside it", () => {
  for (const v of vectors) {
    assert.equal(basename(v.source), `${v.scenario}.json`, v.scenario);
    assert.ok(setOf(v) !== undefined, `${v.scenario}: ${v.source} is in no recording set`);
    assert.ok(existsSync(v.source), `${v.scenario}: ${v.source} is missing`);
    assert.ok(existsSync(join(dirname(dirname(v.source)), "scenarios", basename(v.source))), v.scenario);
  }
});

test("the vectors are what scripts/extract-kimi-code-vectors.ts makes of the recordings (--check)", () => {
  const run = spawnSync(process.execPath, ["--import", "tsx", "scripts/extract-kimi-code-vectors.ts", "--check"], { encoding: "utf8" });
  assert.equal(run.status, 0, run.stderr);
});

const runnable = vectors.filter((v) => v.skip_reason === undefined);
const skipped = vectors.filter((v) => v.skip_reason !== undefined);
const results = await conformanceAnswers(kimi!, runnable.map((v) => v.request));

test("every recording of every set is a vector; skipped ones say why", () => {
  for (const set of SETS) {
    const recordings = readdirSync(`${set}/observed`).filter((f) => f.endsWith(".json"));
    assert.equal(vectors.filter((v) => setOf(v) === set).length, recordings.length, set);
  }
  for (const v of skipped) assert.ok(v.skip_reason!.length > 20, v.scenario);
  assert.equal(runnable.filter((v) => setOf(v) === "test/observer/kimi-code").length, 22, "the 22 the dialect was written from");
  assert.ok(runnable.length >= 179, `${runnable.length} runnable`);
});

for (const [i, v] of runnable.entries()) {
  test(`kimi-code vector ${v.scenario}`, () => {
    const answer = results[i]!;
    assert.equal(answer["agent"], "kimi-code");
    const effects = answer["effects"] as Record<string, unknown> | undefined;
    assert.ok(effects, JSON.stringify(answer).slice(0, 300));
    const got: Record<string, unknown> = {};
    for (const key of Object.keys(v.expected.effects)) got[key] = effects[key];
    assert.deepEqual(got, v.expected.effects);
  });
}

test("completion order never changes Kimi Code's effects: every multi-hook vector, its hooks reversed", async () => {
  const multi = runnable.filter((v) => (v.request["hooks"] as unknown[]).length > 1);
  assert.ok(multi.length >= 4, `${multi.length} vectors with several hooks`);
  const answers = await conformanceAnswers(kimi!, multi.map((v) => ({ ...v.request, hooks: [...(v.request["hooks"] as unknown[])].reverse() })));
  multi.forEach((v, i) => {
    const effects = answers[i]!["effects"] as Record<string, unknown>;
    for (const key of Object.keys(v.expected.effects)) assert.deepEqual(effects[key], v.expected.effects[key], `${v.scenario}: ${key}`);
  });
});

test("the lints name where Kimi Code reads an answer otherwise than Claude Code", () => {
  const codes = (event: string, exit: number, stdout: string, stderr = ""): string[] => kimi!.divergences!({ event, exit, stdout, stderr }).map((d) => d.code);
  assert.ok(codes("PreToolUse", 0, '{"hookSpecificOutput":{"permissionDecision":"ask"}}').includes("fails-open"));
  assert.ok(codes("PreToolUse", 1, '{"hookSpecificOutput":{"permissionDecision":"deny"}}').includes("fails-open"));
  assert.ok(codes("PreToolUse", 0, '{"decision":"block","reason":"R"}').includes("fails-open"));
  assert.ok(codes("PostToolUse", 2, "", "no").includes("fails-open"));
  assert.ok(codes("UserPromptSubmit", 0, '{"hookSpecificOutput":{"additionalContext":"C"}}').includes("context-dropped"));
  assert.deepEqual(codes("BeforeTool", 0, ""), ["unknown-event"]);
});

test("held out: the vectors of the recordings the merge was not written from (test/observer/kimi-code/held-out) reproduce too", async () => {
  // the per-vector tests above check them one by one; this names the held-out ones that differ, and that none is lost
  const held = runnable.filter((v) => v.source.startsWith(HELD_OUT));
  assert.ok(held.length >= 122, `${held.length} runnable held-out vectors`);
  const answers = await conformanceAnswers(kimi!, held.map((v) => v.request));
  const differ = held.filter((v, i) => {
    const effects = answers[i]!["effects"] as Record<string, unknown>;
    return Object.keys(v.expected.effects).some((key) => JSON.stringify(effects[key]) !== JSON.stringify(v.expected.effects[key]));
  });
  assert.deepEqual(differ.map((v) => v.scenario), []);
});

test("--observed DIR --out DIR makes one set's vectors elsewhere: the held-out set's are the committed ones", () => {
  const out = mkdtempSync(join(tmpdir(), "kimi-held-out-"));
  try {
    const run = spawnSync(process.execPath, ["--import", "tsx", "scripts/extract-kimi-code-vectors.ts", "--observed", HELD_OUT.slice(0, -1), "--out", out], { encoding: "utf8" });
    assert.equal(run.status, 0, run.stderr);
    const made = readdirSync(out).flatMap((event) => readdirSync(join(out, event)).map((file) => readFileSync(join(out, event, file), "utf8")));
    const committed = new Set(vectors.filter((v) => v.source.startsWith(HELD_OUT)).map((v) => JSON.stringify(v, null, 2) + "\n"));
    assert.equal(made.length, committed.size);
    for (const text of made) assert.ok(committed.has(text), text.slice(0, 200));
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
});
