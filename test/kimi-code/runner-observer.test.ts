/**
 * The Kimi Code CLI runner against the recorded runs: for every recording (the three sets the
 * Kimi extractor reads, through their merge vectors), the config.toml Kimi was given
 * (`config_toml`, verbatim: the scenario's `[[hooks]]` tables as the lab wrote them, matchers,
 * timeouts, invalid tables and all) is written where the lab put it, with the lab's own script
 * per hook (test/lib/lab-replay.ts) and the environment the scenario set; the runner
 * (src/kimi-code/runner.ts) reads it with src/kimi-code/config.ts, selects, runs and merges,
 * and its effects must equal the recording's (the vector's expected effects), each hook of the
 * event must have run as many times as under Kimi, and the runner must report a problem with
 * the configuration exactly where Kimi warned that it ignored the `hooks` section.
 *
 * A recording whose vector says no hook ran is replayed too (configuration refused, matchers that
 * miss, KIMI_CODE_HOME elsewhere, custom commands the lab does not count): then no scripted hook
 * may run, and for a tool call the model made the runner blocks iff the tool did not run. What cannot be one
 * runner call is skipped, each with its reason, and counted.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { kimiCodeRunner } from "../../src/kimi-code/runner.js";
import type { JsonObject } from "../../src/json/value.js";
import { replayLabRun, type LabHook } from "../lib/lab-replay.js";
import { loadMergeVectors, type RecordedVector } from "../lib/merge-vectors.js";

interface ScenarioHook extends LabHook {
  readonly event?: string;
}
interface Scenario {
  name: string;
  event?: string;
  tool?: string;
  tool_arguments?: JsonObject;
  model_turns?: { tool_call?: { name?: string; arguments?: JsonObject } }[];
  env?: Record<string, string>;
  files?: unknown;
  permission?: string;
  hooks?: ScenarioHook[];
}
interface Recording {
  scenario: Scenario;
  config_toml: string;
  tool?: { ran: boolean };
  /** The tool messages the model got: none when the call never came (no model configured). */
  tool_results: unknown[];
  hooks: { index: number; event: string; invocations: number; stdin_first?: unknown }[];
  outcome: { stderr: string[] };
}
type Vector = RecordedVector<{ event: string; tool_name?: string; tool_input?: JsonObject; input?: JsonObject }>;

/** The extractor's reason for a recording in which no hook ran (scripts/extract-kimi-code-vectors.ts): a runner matter, replayed here. */
const NO_HOOK_RAN = /^no hook ran: /;
/** What Kimi printed when it dropped the `hooks` section (kh-cfg-*: one bad table drops them all). */
const IGNORED_HOOKS = "Warning: Ignored invalid config section 'hooks'";
/** The lab's default tool call (lab/agents/kimi-code.ts). */
const LAB_TOOL_INPUT: JsonObject = { command: "echo original >> {{MARKER}}; echo tool-output-original", description: "oracle tool call" };
/** Recordings in which no hook ran for a reason before any hook selection: no runner call is what happened. */
const NOT_A_RUNNER_CALL: ReadonlyMap<string, string> = new Map([
  ["kh-tool-unknown", "Kimi refused the call of an unknown tool before PreToolUse fired"],
  ["kh-tool-bad-args", "Kimi refused the call's arguments (no `command`) before PreToolUse fired"],
  ["kh-precompact-slash", "`/compact` sent as a prompt compacted nothing: PreCompact did not fire"],
]);

const vectors = loadMergeVectors<Vector>("kimi-code").map(({ vector }) => vector);
const recordingOf = (v: Vector): Recording => JSON.parse(readFileSync(v.source, "utf8")) as Recording;
const recordings = new Map(vectors.map((v) => [v.source, recordingOf(v)]));
/** The events whose hooks ran in some recording: the others never fired in print mode. */
const fired = new Set([...recordings.values()].flatMap((rec) => rec.hooks.filter((h) => h.invocations > 0).map((h) => h.event)));
/** A stdin Kimi sent for each event (the first recorded), for replaying recordings in which no hook ran. */
const stdinOf = new Map<string, JsonObject>();
for (const rec of recordings.values()) for (const h of rec.hooks) if (h.stdin_first !== null && typeof h.stdin_first === "object" && !stdinOf.has(h.event)) stdinOf.set(h.event, h.stdin_first as JsonObject);

type Plan = { kind: "replay"; vector: Vector; rec: Recording; hooksRan: boolean } | { kind: "skip"; vector: Vector; reason: string };

function planOf(vector: Vector): Plan {
  const rec = recordings.get(vector.source)!;
  const event = rec.scenario.event ?? "PreToolUse";
  if (vector.skip_reason === undefined) return { kind: "replay", vector, rec, hooksRan: true };
  if (!NO_HOOK_RAN.test(vector.skip_reason)) return { kind: "skip", vector, reason: vector.skip_reason };
  if (!fired.has(event)) return { kind: "skip", vector, reason: `${event} fired in no recording (print mode)` };
  if (rec.scenario.permission !== undefined) return { kind: "skip", vector, reason: `print mode refused --${rec.scenario.permission} before any hook` };
  const named = NOT_A_RUNNER_CALL.get(vector.scenario);
  if (named !== undefined) return { kind: "skip", vector, reason: named };
  return { kind: "replay", vector, rec, hooksRan: false };
}

/** The event input of a recording in which no hook ran: a stdin Kimi sent for the event, with the scenario's tool call. */
function inputWithoutHooks(rec: Recording, event: string): JsonObject {
  const input: JsonObject = { ...(stdinOf.get(event) ?? { hook_event_name: event }) };
  if ("tool_name" in input) {
    const call = rec.scenario.model_turns?.find((t) => t.tool_call !== undefined)?.tool_call;
    input["tool_name"] = call?.name ?? rec.scenario.tool ?? "Bash";
    input["tool_input"] = call?.arguments ?? rec.scenario.tool_arguments ?? LAB_TOOL_INPUT;
  }
  return input;
}

async function replay(plan: Extract<Plan, { kind: "replay" }>): Promise<string[]> {
  const { vector, rec } = plan;
  const name = vector.scenario;
  const event = plan.hooksRan ? vector.request.event : rec.scenario.event ?? "PreToolUse";
  const lab = replayLabRun(rec.scenario);
  try {
    const kimiHome = join(lab.run.home, ".kimi-code");
    mkdirSync(kimiHome, { recursive: true });
    writeFileSync(join(kimiHome, "config.toml"), lab.here(rec.config_toml));
    const input: JsonObject = plan.hooksRan ? { ...lab.here(vector.request.input ?? {}) } : lab.here(inputWithoutHooks(rec, event));
    if (vector.request.tool_name !== undefined) input["tool_name"] = vector.request.tool_name;
    if (vector.request.tool_input !== undefined) input["tool_input"] = lab.here(vector.request.tool_input);
    const { merged, problems } = await kimiCodeRunner.run({
      event,
      input,
      projectDir: lab.run.work,
      homeDir: lab.run.home,
      env: { PATH: process.env["PATH"] ?? "/usr/bin:/bin", HOME: lab.run.home, KIMI_CODE_HOME: kimiHome, ...lab.here(rec.scenario.env ?? {}) },
    });
    const failures: string[] = [];
    const effects = lab.recorded(merged.effects) as unknown as Record<string, unknown>;
    for (const [key, expected] of Object.entries(vector.expected.effects)) {
      try {
        assert.deepEqual(effects[key], expected);
      } catch {
        failures.push(`${name}: ${key}: got ${JSON.stringify(effects[key])}, recorded ${JSON.stringify(expected)}`);
      }
    }
    if (!plan.hooksRan && rec.tool !== undefined && rec.tool_results.length > 0 && event === "PreToolUse" && effects["blocked"] !== !rec.tool.ran) failures.push(`${name}: blocked ${String(effects["blocked"])}, but under Kimi the tool ${rec.tool.ran ? "ran" : "did not run"}`);
    const warned = rec.outcome.stderr.some((line) => line.startsWith(IGNORED_HOOKS));
    if ((problems.length > 0) !== warned) failures.push(`${name}: runner problems ${JSON.stringify(problems.map((p) => p.message))}; Kimi ${warned ? "ignored its hooks section" : "read its hooks section"}`);
    const ours = lab.invocations();
    for (const hook of rec.hooks.filter((h) => h.event === event)) {
      if (ours[hook.index] !== hook.invocations) failures.push(`${name}: hook ${hook.index} ran ${ours[hook.index]} times, under Kimi ${hook.invocations}`);
    }
    return failures;
  } finally {
    lab.remove();
  }
}

const plans = vectors.map(planOf);
const replays = plans.filter((p): p is Extract<Plan, { kind: "replay" }> => p.kind === "replay");
const skipped = plans.filter((p): p is Extract<Plan, { kind: "skip" }> => p.kind === "skip");
/** The slowest first: the runs mostly sleep in their hooks, so several go at once. */
const longest = (p: Extract<Plan, { kind: "replay" }>): number => Math.max(0, ...(p.rec.scenario.hooks ?? []).map((h) => h.delay_ms ?? 0));
const queue = [...replays].sort((a, b) => longest(b) - longest(a));
const PARALLEL = 6;

test(`the runner reproduces every recorded Kimi Code run it can replay (${replays.length} of ${plans.length}: ${replays.filter((p) => p.hooksRan).length} with hooks that ran, ${replays.filter((p) => !p.hooksRan).length} where none did; ${skipped.length} skipped)`, async () => {
  const failures: string[] = [];
  await Promise.all(
    Array.from({ length: PARALLEL }, async () => {
      for (let plan = queue.shift(); plan !== undefined; plan = queue.shift()) failures.push(...(await replay(plan)));
    }),
  );
  assert.deepEqual(failures.sort(), []);
});

test("every recording not replayed has its reason", () => {
  const reasons = new Map<string, number>();
  for (const p of skipped) reasons.set(p.reason, (reasons.get(p.reason) ?? 0) + 1);
  for (const [reason, n] of [...reasons].sort()) console.log(`skipped ${n}: ${reason}`);
  assert.ok(skipped.every((p) => p.reason !== ""));
  // each named recording exists and is one the extractor found without a hook run
  for (const name of NOT_A_RUNNER_CALL.keys()) assert.ok(skipped.some((p) => p.vector.scenario === name), name);
  assert.ok(replays.length >= 200, `${replays.length} replayed`);
});
