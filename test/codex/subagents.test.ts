/**
 * Hooks on a subagent's tool calls (issue 25, test/observer/codex/subagents/, Codex CLI 0.171.0):
 * every recording is replayed through the Codex runner with real hook processes. The hooks file
 * Codex was given is written into a temp CODEX_HOME with each hook's command replaced by a script
 * that answers as the scenario's did; the runner gets the input the subagent's hook got (its
 * `agent_id` and `agent_type`), and its effects must equal the vector's (read from the subagent's
 * own requests), the stdin it gives the hook must carry the subagent's fields where Codex put them,
 * and a hook must run iff it ran under Codex.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { codexRunner } from "../../src/codex/runner.js";
import type { JsonObject } from "../../src/json/value.js";
import { loadMergeVectors, type RecordedVector } from "../lib/merge-vectors.js";

const SET = "test/observer/codex/subagents";

type Vector = RecordedVector<{ event: string; tool_name?: string; tool_input?: JsonObject; input?: JsonObject }>;
interface ScenarioHook { stdout?: string; stderr?: string; exit?: number }
interface Recording {
  name: string;
  scenario: { hooks: ScenarioHook[] };
  hooks_files: { user?: { hooks: Record<string, { matcher?: string; hooks: { command: string }[] }[]> } };
  hooks: { index: number; command: string; invocations: number; stdin_first: JsonObject | null }[];
}

const vectors = new Map(loadMergeVectors<Vector>("codex").map(({ vector }) => [vector.source, vector]));
const recordings = readdirSync(join(SET, "observed")).filter((f) => f.endsWith(".json")).sort();
const q = (s: string): string => `'${s.replace(/'/g, `'\\''`)}'`;
/** The scenario's placeholders as the lab substitutes them (lab/core/workspace.ts). */
const vars = (text: string, root: string): string => text.replace(/\{\{(MARKER|WORK|DIR|HOOKS)\}\}/g, (_all, name: string) => ({ MARKER: `${root}/work/oracle-marker.txt`, WORK: `${root}/work`, DIR: root, HOOKS: `${root}/hooks` } as Record<string, string>)[name]!);

test(`every subagent recording (${recordings.length}) has a vector; only the hook that ran for several calls is skipped`, () => {
  assert.ok(recordings.length >= 12, `${recordings.length} recordings`);
  const skipped = recordings.filter((f) => vectors.get(`${SET}/observed/${f}`)?.skip_reason !== undefined);
  assert.deepEqual(skipped, ["cx-sub-pre-silent.json"]);
  for (const f of recordings) assert.ok(vectors.has(`${SET}/observed/${f}`), f);
});

test("the runner reproduces Codex's effects for the tool calls made inside a subagent, and gives the hooks the subagent's fields in Codex's order", async () => {
  const failures: string[] = [];
  let bySubagent = 0;
  for (const file of recordings) {
    const vector = vectors.get(`${SET}/observed/${file}`)!;
    if (vector.skip_reason !== undefined) continue;
    const rec = JSON.parse(readFileSync(join(SET, "observed", file), "utf8")) as Recording;
    const root = mkdtempSync(join(tmpdir(), "codex-subagents-"));
    try {
      const home = join(root, "home");
      const codexHome = join(home, ".codex");
      const work = join(root, "work");
      for (const dir of [codexHome, work, join(root, "hooks")]) mkdirSync(dir, { recursive: true });
      // each recorded hook: a script answering as the scenario's, logging its stdin
      for (const hook of rec.hooks) {
        const answer = rec.scenario.hooks[hook.index]!;
        const script = join(root, "hooks", `h${hook.index}.sh`);
        writeFileSync(script, ["#!/bin/bash", `cat > ${q(`${script}.stdin`)}`, `printf %s ${q(vars(answer.stdout ?? "", root))}`, `printf %s ${q(vars(answer.stderr ?? "", root))} >&2`, `exit ${answer.exit ?? 0}`].join("\n") + "\n", { mode: 0o755 });
      }
      writeFileSync(join(codexHome, "hooks.json"), JSON.stringify(rec.hooks_files.user).replaceAll("$TMP", root));
      const input = JSON.parse(JSON.stringify(vector.request.input ?? {}).replaceAll("$TMP", root)) as JsonObject;
      const { merged } = await codexRunner.run({ event: vector.request.event, input, projectDir: work, homeDir: home, env: { PATH: process.env["PATH"], HOME: home, SHELL: "/bin/bash" } });
      const effects = JSON.parse(JSON.stringify(merged.effects).replaceAll(root, "$TMP")) as Record<string, unknown>;
      for (const [key, expected] of Object.entries(vector.expected.effects)) {
        if (JSON.stringify(effects[key]) !== JSON.stringify(expected)) failures.push(`${file}: ${key}: got ${JSON.stringify(effects[key])}, recorded ${JSON.stringify(expected)}`);
      }
      for (const hook of rec.hooks) {
        const stdinFile = join(root, "hooks", `h${hook.index}.sh.stdin`);
        const ran = existsSync(stdinFile);
        if (ran !== hook.invocations > 0) failures.push(`${file}: hook ${hook.index} ${ran ? "ran" : "did not run"}; under Codex it ran ${hook.invocations} times`);
        if (!ran || hook.stdin_first === null) continue;
        // the keys Codex gave the hook, in its order (a subagent's agent_id and agent_type right after turn_id)
        const given = JSON.parse(readFileSync(stdinFile, "utf8")) as JsonObject;
        if (JSON.stringify(Object.keys(given)) !== JSON.stringify(Object.keys(hook.stdin_first))) failures.push(`${file}: stdin keys ${Object.keys(given).join(",")}, recorded ${Object.keys(hook.stdin_first).join(",")}`);
        if (typeof hook.stdin_first["agent_id"] === "string") {
          bySubagent++;
          if (given["agent_id"] !== input["agent_id"] || given["agent_type"] !== "default") failures.push(`${file}: the hook did not get the subagent's agent_id/agent_type`);
        }
      }
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  }
  assert.deepEqual(failures, []);
  assert.ok(bySubagent >= 10, `${bySubagent} replayed calls were the subagent's`);
});
