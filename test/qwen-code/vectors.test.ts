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
import { dialectOf } from "../../src/dialects.js";
import { conformanceAnswers, loadMergeVectors, type RecordedVector } from "../lib/merge-vectors.js";

const vectors: RecordedVector[] = loadMergeVectors<RecordedVector>("qwen-code").map((loaded) => loaded.vector);
const qwen = dialectOf("qwen-code");
assert.ok(qwen, "qwen-code is registered in src/dialects.ts");

test("every Qwen Code vector cites its recording and the scenario beside it", () => {
  for (const v of vectors) {
    assert.equal(basename(v.source), `${v.scenario}.json`, v.scenario);
    assert.ok(v.source.startsWith("test/observer/qwen-code/observed/") || v.source.startsWith("test/observer/qwen-code/subagents/observed/"), `${v.scenario}: ${v.source}`);
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
  const recordings = ["test/observer/qwen-code/observed", "test/observer/qwen-code/subagents/observed"].flatMap((dir) => readdirSync(dir).filter((f) => f.endsWith(".json")));
  assert.equal(vectors.length, recordings.length);
  for (const v of skipped) assert.ok(v.skip_reason!.length > 20, v.scenario);
  // pc-01: Qwen compresses on its own; qw-num-*: a timer past Node's limit fires after 1 ms, whether the hook started first is a race;
  // qw-sub-pre-silent: a hook without a matcher ran for the agent call and the subagent's call
  assert.deepEqual(skipped.map((v) => v.scenario).sort(), ["pc-01-precompact-compress", "qw-num-timeout-1e10", "qw-num-timeout-2147483648", "qw-num-timeout-string-2147483648", "qw-sub-pre-silent"]);
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

test("completion order never changes Qwen Code's effects: every multi-hook vector, its hooks reversed and rotated", async () => {
  const multi = runnable.filter((v) => (v.request["hooks"] as unknown[]).length > 1);
  assert.ok(multi.length >= 20, `${multi.length} vectors with several hooks`);
  const permuted = multi.flatMap((v) => {
    const hooks = v.request["hooks"] as unknown[];
    return [{ ...v.request, hooks: [...hooks].reverse() }, { ...v.request, hooks: [...hooks.slice(1), hooks[0]] }];
  });
  const answers = await conformanceAnswers(qwen!, permuted);
  multi.forEach((v, i) => {
    for (const answer of [answers[2 * i]!, answers[2 * i + 1]!]) {
      const effects = answer["effects"] as Record<string, unknown>;
      for (const key of Object.keys(v.expected.effects)) assert.deepEqual(effects[key], v.expected.effects[key], `${v.scenario}: ${key}`);
    }
  });
});

test("the lints name where Qwen Code reads an answer otherwise than Claude Code", () => {
  const codes = (event: string, exit: number, stdout: string, stderr = ""): string[] => qwen!.divergences!({ event, exit, stdout, stderr }).map((d) => d.code);
  assert.ok(codes("PreToolUse", 0, '{"hookSpecificOutput":{"permissionDecision":"allow"}}').includes("later-decision-wins"));
  assert.ok(codes("PreToolUse", 2, '{"hookSpecificOutput":{"permissionDecision":"deny"}}').includes("fails-open"), "exit 2 with empty stderr");
  assert.ok(codes("PreToolUse", 0, '{"hookSpecificOutput":{"permissionDecision":"Deny"}}').includes("fails-open"));
  assert.ok(codes("PreToolUse", 0, '{"hookSpecificOutput":{"additionalContext":"C"}}').includes("context-dropped"));
  assert.ok(codes("PostToolUse", 0, '{"decision":"block","reason":"R"}').includes("fails-open"));
  assert.ok(codes("PreToolUse", 0, '{"hookSpecificOutput":"deny"}').includes("fails-open"));
  assert.deepEqual(codes("BeforeTool", 0, ""), ["unknown-event"]);
});
