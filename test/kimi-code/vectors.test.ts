/**
 * Every Kimi Code CLI merge vector (test/vectors/merge/kimi-code/<Event>/<rule>.json,
 * expected values read from a recorded Kimi Code CLI 2.1.0 run made by the lab) goes
 * through the `conformance merge --agent kimi-code` line protocol; the effects it
 * answers must equal the observed ones, key by key for the keys the recording
 * determines. Skipped vectors are counted and must say why.
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
const kimi = dialectOf("kimi-code");
assert.ok(kimi, "kimi-code is registered in src/agents.ts");

test("every Kimi Code vector cites its recording and the scenario beside it", () => {
  for (const v of vectors) {
    assert.equal(basename(v.source), `${v.scenario}.json`, v.scenario);
    assert.ok(v.source.startsWith("test/observer/kimi-code/observed/"), `${v.scenario}: ${v.source}`);
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

test("every recording is a vector; skipped ones say why", () => {
  const recordings = readdirSync("test/observer/kimi-code/observed").filter((f) => f.endsWith(".json"));
  assert.equal(vectors.length, recordings.length);
  for (const v of skipped) assert.ok(v.skip_reason!.length > 20, v.scenario);
  assert.ok(runnable.length >= 22, `${runnable.length} runnable`);
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
  const held = "test/observer/kimi-code/held-out/observed";
  if (!existsSync(held)) return;
  const out = mkdtempSync(join(tmpdir(), "kimi-held-out-"));
  try {
    const run = spawnSync(process.execPath, ["--import", "tsx", "scripts/extract-kimi-code-vectors.ts", "--observed", held, "--out", out], { encoding: "utf8" });
    assert.equal(run.status, 0, run.stderr);
    const loaded = readdirSync(out).flatMap((event) => readdirSync(join(out, event)).map((file) => JSON.parse(readFileSync(join(out, event, file), "utf8")) as RecordedVector));
    const runnableHeld = loaded.filter((v) => v.skip_reason === undefined);
    assert.equal(loaded.length, readdirSync(held).filter((f) => f.endsWith(".json")).length);
    assert.ok(runnableHeld.length >= 90, `${runnableHeld.length} runnable held-out vectors`);
    const answers = await conformanceAnswers(kimi!, runnableHeld.map((v) => v.request));
    const differ = runnableHeld.filter((v, i) => {
      const effects = answers[i]!["effects"] as Record<string, unknown>;
      return Object.keys(v.expected.effects).some((key) => JSON.stringify(effects[key]) !== JSON.stringify(v.expected.effects[key]));
    });
    assert.deepEqual(differ.map((v) => v.scenario), []);
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
});
