/**
 * Hooks on a subagent's tool calls (issue 25, test/observer/kimi-code/subagents/, Kimi Code CLI 2.1.0):
 * the vectors of those recordings (scripts/extract-kimi-code-vectors.ts, read from the subagent's own
 * requests) go through `conformance merge --agent kimi-code` and must give what Kimi did. Kimi gives a
 * subagent's hook nothing that tells it from the main agent's (the same session_id and fields), so the
 * dialect has nothing to read differently: the test proves it needs nothing either.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { spawnSync } from "node:child_process";
import { dialectOf } from "../../src/dialects.js";
import { conformanceAnswers, type RecordedVector } from "../lib/merge-vectors.js";

const SET = "test/observer/kimi-code/subagents/observed";
const kimi = dialectOf("kimi-code");
assert.ok(kimi, "kimi-code is registered in src/agents.ts");

test("subagents: every hook answer on a subagent's call does what Kimi Code did with it (the recordings' vectors re-merged)", async () => {
  const out = mkdtempSync(join(tmpdir(), "kimi-subagents-"));
  try {
    const run = spawnSync(process.execPath, ["--import", "tsx", "scripts/extract-kimi-code-vectors.ts", "--observed", SET, "--out", out], { encoding: "utf8" });
    assert.equal(run.status, 0, run.stderr);
    const loaded = readdirSync(out).flatMap((event) => readdirSync(join(out, event)).map((file) => JSON.parse(readFileSync(join(out, event, file), "utf8")) as RecordedVector));
    assert.equal(loaded.length, readdirSync(SET).filter((f) => f.endsWith(".json")).length);
    // km-sub-pre-silent: one hook without a matcher ran for the Agent call and the subagent's Bash call
    assert.deepEqual(loaded.filter((v) => v.skip_reason !== undefined).map((v) => v.scenario), ["km-sub-pre-silent"]);
    const runnable = loaded.filter((v) => v.skip_reason === undefined);
    assert.ok(runnable.length >= 9, `${runnable.length} runnable`);
    // the hooks saw the subagent's Bash call (the control's is the main agent's Agent call), and no field named the subagent
    for (const v of runnable) {
      assert.equal(v.request["tool_name"], v.scenario === "km-sub-pre-deny-agent-tool" ? "Agent" : "Bash", v.scenario);
      assert.deepEqual(Object.keys((v.request["input"] ?? {}) as object).filter((k) => /agent/i.test(k)), [], v.scenario);
    }
    const answers = await conformanceAnswers(kimi!, runnable.map((v) => v.request));
    const differ = runnable.flatMap((v, i) => {
      const effects = answers[i]!["effects"] as Record<string, unknown>;
      return Object.keys(v.expected.effects).filter((key) => JSON.stringify(effects[key]) !== JSON.stringify(v.expected.effects[key])).map((key) => `${v.scenario}: ${key}: got ${JSON.stringify(effects[key])}, recorded ${JSON.stringify(v.expected.effects[key])}`);
    });
    assert.deepEqual(differ, []);
    // a deny, an exit 2 and the control block; everything else ran the model's own call
    assert.deepEqual(runnable.filter((v) => v.expected.effects["blocked"] === true).map((v) => v.scenario).sort(), ["km-sub-pre-deny", "km-sub-pre-deny-agent-tool", "km-sub-pre-exit2"]);
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
});
