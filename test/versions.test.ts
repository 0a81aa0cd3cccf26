/**
 * The later agent versions each dialect was recorded with again (issue 25: Claude Code 2.1.334,
 * droid 0.225.2; `probe.alsoRecorded`): every scenario of every set was recorded again, the key
 * outcomes equal the first version's except the differences listed here (each a timing, a race
 * or a text that is not a hook's), the hook input has the same keys, and `capabilities` says on
 * which versions its claims were recorded, and the kit detects every hook input recorded on the later
 * versions and inside subagents as its agent. So the rules, vectors and capabilities recorded with
 * the first version are the truth on the later one too (docs/versions.md).
 */
import assert from "node:assert/strict";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { basename, join } from "node:path";
import { test } from "node:test";
import { fileURLToPath } from "node:url";
import { allCapabilities } from "../src/agent-capabilities.js";
import { claudeCode } from "../src/claude-code/dialect.js";
import type { Dialect } from "../src/core/dialect.js";
import { droid } from "../src/droid/dialect.js";
import { allDialects } from "../src/dialects.js";
import { detectAgent } from "../src/hooks/agents.js";
import { toNullPrototype, type JsonObject, type JsonValue } from "../src/json/value.js";

const ROOT = fileURLToPath(new URL("..", import.meta.url));

/**
 * An outcome allowed to differ between versions: the recording (`<observed dir>/<name>`), the keys, and why.
 * With `masked`, the keys' values must still be equal once the texts it matches are taken out of both.
 */
interface Allowed {
  readonly recording: RegExp;
  readonly keys: readonly string[];
  readonly why: string;
  readonly masked?: RegExp;
}

const ALLOWED: Readonly<Record<string, readonly Allowed[]>> = {
  "claude-code 2.1.334": [
    { recording: /\/observed\/new-stopfailure-systemMessage$/, keys: ["hook_invocations"], why: "Claude Code exits without waiting for StopFailure hooks: whether one starts is a race (test/observer/claude-code/README.md)" },
    { recording: /\/runner\/observed\/(if-time|if-time-p|if-compound-time-pipe-no-match)$/, keys: ["tool_result"], why: "the tool's output is the `time` of the command" },
    { recording: /\/not-triggered\/observed\/fid-teammate-probe-background$/, keys: ["context_added"], why: "a <duration_ms> inside the task notification" },
    {
      recording: /\/v2\.1\.334\/observed\/cap-(premodelswitch-(allow|continue-false|systemMessage)|postmodelswitch-(context|continue-false|systemMessage)|worktreeremove-(block|continue-false|systemMessage))$/,
      keys: ["context_added"],
      masked: /OS Version: Linux [^\\"\s]+|Today's date is \d{4}-\d{2}-\d{2}\./g,
      why: "the environment block Claude Code sends again after a model switch or in a worktree names the machine's kernel build and the date: recorded on 2.1.334 a day later on another kernel build (6.18.44-fc-v1272, 2026-12-04; 2.1.332's: v1252, 2026-12-03); 2.1.332 recorded again that day gives 2.1.334's outcomes exactly",
    },
  ],
  "droid 0.225.2": [
    { recording: /\/version-hints\/observed\/dr-vh-stop-(block|exit2)-always$/, keys: ["model_requests", "hook_runs", "context_added", "hook_invocations", "output"], why: "a Stop hook that blocks every time loops until the observer kills droid at 90 s, on both versions: how many rounds fit is the machine's speed (122-168)" },
    { recording: /\/v0\.225\.2\/(observed\/(ss-01-context|ss-01c-two-contexts-B-first|ss-04-continue-false|ss-p14-no-known-keys-and-exit1|cap-sessionstart-systemMessage)|version-hints\/observed\/dr-vh-ss-(fast-and-late|late-context-3s|late-context-8s|late-context-rpc-3s))$/, keys: ["hook_stdin"], why: "SessionStart's CLAUDE_ENV_FILE is droid-env-<session_id>-<uuid>.sh on 0.225.2 (droid-env-<session_id>.sh before): the same key, another file name (schemas/droid/hook-input/session-start.schema.json)" },
    { recording: /\/v0\.225\.2\/observed\/dr-num-timeout-(1e10|2147484|2147484-run2|3000000|3000000-run2|4294967|4294968)$/, keys: ["tool_ran", "marker_lines", "tool_result", "hook_invocations", "output", "hook_stdin"], why: "a timeout past Node's timer limit fires at once: the hook is killed as it starts and whether it answers first is a race on both versions (0.215.0 kept the deny in 5 of 7 when first recorded, 0 of 7 again beside 0.225.2: test/observer/droid/numbers-again/); on 0.225.2 it was killed before its script logged the start (no stdin recorded) in 7 of 7" },
    { recording: /\/subagents\/observed\/dr-sub-(pre-(deny|exit2|ask|rewrite|context|silent)|post-(block|context)|subagentstop-(block-once|silent|context|continue-false|systemMessage))$/, keys: ["tool_result", "tool_results", "context_added", "output"], why: "the Task tool's report to the main agent gained a preamble (`Use this report as the source of record. …`): the Task tool's text, not a hook's" },
  ],
};

const jsonNames = (dir: string): string[] => readdirSync(join(ROOT, dir)).filter((f) => f.endsWith(".json")).map((f) => basename(f, ".json")).sort();
const read = (path: string): { outcome: Record<string, unknown>; hooks?: { stdin_first?: unknown; invocations?: number }[] } => JSON.parse(readFileSync(join(ROOT, path), "utf8"));

function keysOf(value: unknown, prefix = ""): string[] {
  if (value === null || typeof value !== "object" || Array.isArray(value)) return [];
  return Object.entries(value).flatMap(([k, v]) => [`${prefix}${k}`, ...(k === "tool_input" || k === "tool_response" ? [] : keysOf(v, `${prefix}${k}.`))]);
}

for (const dialect of [claudeCode, droid] as Dialect[]) {
  const probe = dialect.probe!;
  for (const later of probe.alsoRecorded ?? []) {
    const label = `${dialect.agent} ${later.version}`;
    test(`${dialect.displayName} ${later.version}: every scenario recorded again, with ${dialect.version}'s outcomes but the listed differences`, () => {
      const allowed = ALLOWED[label] ?? [];
      const differing: string[] = [];
      const used = new Set<Allowed>();
      let compared = 0;
      assert.deepEqual(later.recordings.map((set) => set.scenarios), probe.recordings.map((set) => set.scenarios), "the same sets as the first version");
      for (const set of later.recordings) {
        const base = probe.recordings.find((r) => r.scenarios === set.scenarios)!;
        assert.ok(existsSync(join(ROOT, set.observed)), `${set.observed} is missing`);
        const scenarios = jsonNames(set.scenarios);
        assert.deepEqual(jsonNames(set.observed), scenarios, `${set.observed}: one recording per scenario of ${set.scenarios}`);
        for (const name of scenarios) {
          const first = read(`${base.observed}/${name}.json`);
          const again = read(`${set.observed}/${name}.json`);
          compared++;
          const recording = `${set.observed}/${name}`;
          const rule = allowed.find((a) => a.recording.test(recording));
          if (rule !== undefined) used.add(rule);
          const text = (v: unknown, k: string): string => {
            const json = JSON.stringify(v) ?? "";
            return rule?.masked !== undefined && rule.keys.includes(k) ? json.replace(rule.masked, "<masked>") : json;
          };
          const keys = [...new Set([...Object.keys(first.outcome), ...Object.keys(again.outcome)])].filter((k) => text(first.outcome[k], k) !== text(again.outcome[k], k));
          // a masked rule's keys differ only in what it masks (left in `keys` otherwise); another rule's may differ at all
          const mayDiffer = rule === undefined || rule.masked !== undefined ? [] : rule.keys;
          if (keys.some((k) => !mayDiffer.includes(k))) differing.push(`${recording}: ${keys.join(", ")}`);
          // what every hook got on stdin: the same fields on both versions
          (first.hooks ?? []).forEach((hook, k) => {
            // a hook killed before its script started left no input to compare, where that race is allowed
            if (again.hooks?.[k]?.invocations === 0 && rule?.keys.includes("hook_invocations")) return;
            assert.deepEqual(keysOf(again.hooks?.[k]?.stdin_first).sort(), keysOf(hook.stdin_first).sort(), `${recording}: hook ${k}'s input`);
          });
        }
      }
      assert.deepEqual(differing, [], "outcomes that differ between versions (a rule that changed must be keyed by version)");
      assert.deepEqual(allowed.filter((a) => !used.has(a)).map((a) => a.recording.source), [], "an allowed difference whose recording is gone");
      assert.ok(compared >= (dialect.agent === "claude-code" ? 1074 : 150), `${compared} recordings compared`);
    });
  }
}

test("capabilities name the versions their claims were recorded on, the same as doctor's", () => {
  for (const dialect of [claudeCode, droid]) {
    const caps = allCapabilities().find((c) => c.agent === dialect.agent)!;
    assert.equal(caps.version, dialect.version);
    assert.deepEqual(caps.alsoRecordedOn, (dialect.probe!.alsoRecorded ?? []).map((v) => v.version));
  }
});

test("the kit detects every hook input recorded on the later versions and inside subagents as its agent", () => {
  let payloads = 0;
  const wrong: string[] = [];
  // every agent's subagents/ set (issue 25), and the later versions' recordings
  for (const dialect of allDialects()) {
    const sets = [...(dialect.probe!.alsoRecorded ?? []).flatMap((v) => v.recordings), ...dialect.probe!.recordings.filter((r) => r.observed.includes("/subagents/"))];
    for (const set of sets) {
      for (const name of jsonNames(set.observed)) {
        for (const [k, hook] of ((read(`${set.observed}/${name}.json`) as { hooks?: { stdin_first?: unknown; stdin_more?: unknown[] }[] }).hooks ?? []).entries()) {
          for (const input of [hook.stdin_first, ...(hook.stdin_more ?? [])]) {
            if (input === null || typeof input !== "object" || Array.isArray(input)) continue;
            payloads++;
            const detected = detectAgent(toNullPrototype(input as JsonValue) as JsonObject).agent;
            if (detected !== dialect.agent) wrong.push(`${set.observed}/${name} hook ${k}: ${detected}`);
          }
        }
      }
    }
  }
  assert.deepEqual(wrong, []);
  assert.ok(payloads > 600, `${payloads} payloads`);
});
