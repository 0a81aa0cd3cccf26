// The runner on the hooks of every stored observer scenario: the same
// commands (as generated shell scripts with the same stdout, stderr, exit
// code and delay), the same settings sources, matchers and timeouts. What
// Claude Code 2.1.332 did is in test/vectors/merge/claude-code/<Event>/<rule>.json (recorded
// by the observer): the runner must start and order the same hooks (dedupe,
// completion order, timeouts) and the merged effects must equal the recorded ones.
import { test } from "node:test";
import assert from "node:assert/strict";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync, existsSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { mergeProcessResults, runEvent } from "../../src/claude-code/runner/run-event.js";
import { eventInfo } from "../../src/claude-code/event-catalog.js";
import type { SettingsSource } from "../../src/claude-code/runner/load-settings.js";
import { loadMergeVectors } from "../lib/merge-vectors.js";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const SCENARIOS = join(ROOT, "test/observer/claude-code/scenarios");
/** Hooks on a subagent's tool calls (issue 25): replayed with the input the subagent's hooks got. */
const SUBAGENT_SCENARIOS = join(ROOT, "test/observer/claude-code/subagents/scenarios");
/** Scenarios run at once; their hooks mostly sleep, and completion order is set by 300–500 ms gaps. */
const CONCURRENCY = 4;

interface ScenarioHook {
  stdout?: string;
  stderr?: string;
  exit?: number;
  delay_ms?: number;
  timeout?: number;
  event?: string;
  matcher?: string | null;
  group?: number;
  source?: "flag" | "user" | "project" | "local";
  same_command_as?: number;
  command?: string;
  handler_extra?: Record<string, unknown>;
  pre_stdout?: string;
  stdout_parts?: Array<{ text?: string; base64?: string; repeat?: string; times?: number }>;
}

interface Scenario {
  name: string;
  event?: string;
  tool?: string;
  tool_input?: Record<string, unknown>;
  hooks: ScenarioHook[];
  /** Merged into the --settings file (cfg-*: settings of odd types beside the hooks). */
  settings_extra?: Record<string, unknown>;
  /** Files written into the project before the run (cfg-project-*: a whole `.claude/settings.json`). */
  files?: Record<string, string>;
}

interface VectorHook {
  command: string;
  exit: number | null;
  stdout: string;
  stderr: string;
  timed_out?: boolean;
}

interface Vector {
  scenario: string;
  skip_reason?: string;
  request: {
    event: string;
    tool_name?: string;
    tool_input?: unknown;
    input?: Record<string, unknown>;
    hooks: VectorHook[];
    persisted_output_path?: string;
  };
  expected: { effects: unknown };
}

/** The observer's {{...}} variables, in the normalised form the recordings use ($TMP = the scenario's temp dir). */
const VARIABLES: Record<string, string> = {
  MARKER: "$TMP/work/oracle-marker.txt",
  DIR: "$TMP",
  HOOKS: "$TMP/hooks",
  WORK: "$TMP/work",
};
const substitute = (text: string): string => text.replace(/\{\{(MARKER|DIR|HOOKS|WORK)\}\}/g, (_m, name: string) => VARIABLES[name]!);

function stdoutBytes(hook: ScenarioHook): Buffer {
  if (hook.stdout_parts === undefined) return Buffer.from(substitute(hook.stdout ?? ""), "utf8");
  return Buffer.concat(
    hook.stdout_parts.map((p) =>
      p.text !== undefined ? Buffer.from(p.text, "utf8")
        : p.base64 !== undefined ? Buffer.from(p.base64, "base64")
          : Buffer.from((p.repeat ?? "").repeat(p.times ?? 1), "utf8"),
    ),
  );
}

/**
 * Builds the scenario's hook scripts under `<dir>/hooks` and the settings sources for `event`
 * (with `allEvents`, each file also holds the hooks of the other events, as the observer wrote it).
 */
function buildScenario(scenario: Scenario, event: string, dir: string, allEvents = false): SettingsSource[] {
  const hooksDir = join(dir, "hooks");
  mkdirSync(hooksDir, { recursive: true });
  const defaultEvent = scenario.event ?? "PreToolUse";
  const commandOf = (k: number): string => {
    const command = scenario.hooks[k]?.command;
    return command === undefined ? `$TMP/hooks/h${k}.sh` : substitute(command);
  };
  const groups = new Map<string, { source: string; event: string; matcher: string | null; hooks: unknown[] }>();
  scenario.hooks.forEach((hook, k) => {
    const file = (suffix: string): string => join(hooksDir, `h${k}.${suffix}`);
    writeFileSync(file("stdout"), stdoutBytes(hook));
    writeFileSync(file("stderr"), substitute(hook.stderr ?? ""));
    if (hook.pre_stdout !== undefined) writeFileSync(file("prestdout"), hook.pre_stdout);
    const delay = (hook.delay_ms ?? 0) / 1000;
    writeFileSync(
      join(hooksDir, `h${k}.sh`),
      [
        "#!/bin/sh",
        `cat > "${file("in")}"`,
        hook.pre_stdout !== undefined ? `cat "${file("prestdout")}"` : ":",
        delay > 0 ? `sleep ${delay}` : ":",
        `cat "${file("stdout")}"`,
        `cat "${file("stderr")}" >&2`,
        `exit ${hook.exit ?? 0}`,
        "",
      ].join("\n"),
      { mode: 0o755 },
    );
    const hookEvent = hook.event ?? defaultEvent;
    if (hookEvent !== event && !allEvents) return;
    const toolEvent = eventInfo(hookEvent)?.toolEvent === true;
    const matcher = hook.matcher !== undefined ? hook.matcher : toolEvent ? (scenario.tool ?? "Bash") : null;
    const source = hook.source ?? "flag";
    const key = JSON.stringify([source, hookEvent, hook.group ?? 0, matcher]);
    const group = groups.get(key) ?? { source, event: hookEvent, matcher, hooks: [] };
    group.hooks.push({
      type: "command",
      command: hook.same_command_as !== undefined ? commandOf(hook.same_command_as) : commandOf(k),
      timeout: hook.timeout ?? 10,
      ...(hook.handler_extra ?? {}),
    });
    groups.set(key, group);
  });
  const bySource = new Map<string, Record<string, unknown[]>>();
  for (const g of groups.values()) {
    const events = bySource.get(g.source) ?? {};
    (events[g.event] ??= []).push(g.matcher === null ? { hooks: g.hooks } : { matcher: g.matcher, hooks: g.hooks });
    bySource.set(g.source, events);
  }
  const sources: SettingsSource[] = ["user", "project", "local", "flag"]
    .filter((s) => bySource.has(s) || (s === "flag" && scenario.settings_extra !== undefined))
    .map((s) => ({
      kind: s as SettingsSource["kind"],
      file: `${s}.json`,
      text: JSON.stringify({ hooks: bySource.get(s) ?? {}, ...(s === "flag" ? scenario.settings_extra : {}) }),
    }));
  // a whole project settings file written by the scenario (its hooks print their answers themselves)
  const projectText = scenario.files?.[".claude/settings.json"];
  if (projectText !== undefined) sources.unshift({ kind: "project", file: "project.json", text: projectText });
  return sources;
}

async function reproduce(vector: Vector, scenario: Scenario): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), `observer-${scenario.name}-`));
  const { request } = vector;
  const settings = buildScenario(scenario, request.event, dir);
  const input: Record<string, unknown> = { ...(request.input ?? {}) };
  if (request.tool_name !== undefined) input["tool_name"] = request.tool_name;
  if (request.tool_input !== undefined) input["tool_input"] = request.tool_input;
  const outcome = await runEvent({
    event: request.event,
    input,
    configuration: { settings },
    projectDir: dir,
    cwd: dir,
    // The recorded commands are `$TMP/hooks/hN.sh`: the shell finds our scripts through $TMP.
    env: { ...process.env, TMP: dir },
    ...(request.persisted_output_path !== undefined ? { persistedOutputPath: request.persisted_output_path } : {}),
  });
  const ran = outcome.run.results
    .filter((r) => r.status !== "skipped")
    // Claude Code records the hooks it cancelled (an event settled early) like timeouts: no exit, no output.
    .map((r) => (r.status === "cancelled" ? { ...r, timed_out: true } : r));
  const label = `${scenario.name}: ${outcome.run.problems.map((p) => p.message).join("; ")}`;
  // Same hooks started (dedupe), same outputs; completion order where the delays set one.
  const summary = (hooks: readonly VectorHook[]) =>
    hooks.map((h) => JSON.stringify([h.command, h.timed_out === true ? null : h.exit, h.timed_out === true ? "" : h.stdout, h.timed_out === true ? "" : h.stderr, h.timed_out === true])).sort();
  // StopFailure is fire-and-forget: Claude Code exits without waiting, so the recording shows the
  // hook cut off; the runner lets it finish (its output has no effect either way).
  const waited = request.event !== "StopFailure";
  if (waited) assert.deepEqual(summary(ran), summary(request.hooks), label);
  const delays = scenario.hooks.map((h) => h.delay_ms ?? 0);
  const delayOf = (command: string): number => delays[Number(/h(\d+)\.sh$/.exec(command)?.[1] ?? -1)] ?? 0;
  // Completion order, where the delays set one (cancelled hooks end together, in no order).
  const completed = (hooks: readonly VectorHook[]) => hooks.filter((h) => h.timed_out !== true).map((h) => h.command);
  const distinct = new Set(request.hooks.map((h) => delayOf(h.command))).size === request.hooks.length;
  if (waited && distinct) assert.deepEqual(completed(ran), completed(request.hooks), `${label} order`);
  // As test/merge-vectors.test.ts: the keys the observation determines (compared as JSON).
  const expected = vector.expected.effects as Record<string, unknown>;
  const pick = (effects: unknown): Record<string, unknown> => {
    const all = JSON.parse(JSON.stringify(effects)) as Record<string, unknown>;
    return Object.fromEntries(Object.keys(expected).map((k) => [k, all[k]]));
  };
  assert.deepEqual(pick(outcome.merged.effects), expected, label);
}

const allVectors = loadMergeVectors<Vector>("claude-code").map((loaded) => loaded.vector);
const vectors = allVectors.filter((v) => v.skip_reason === undefined && existsSync(join(SCENARIOS, `${v.scenario}.json`)));

test(`the runner reproduces Claude Code's effects for ${vectors.length} observer scenarios`, async (t) => {
  // every recorded scenario is checked, except those whose vector says why it cannot be (skip_reason)
  const skipped = allVectors.filter((v) => v.skip_reason !== undefined && existsSync(join(SCENARIOS, `${v.scenario}.json`))).length;
  const scenarios = readdirSync(SCENARIOS).filter((f) => f.endsWith(".json")).length;
  assert.equal(vectors.length, scenarios - skipped, "a recorded scenario has no runnable vector");
  const queue = [...vectors];
  const failures: string[] = [];
  const worker = async (): Promise<void> => {
    for (let v = queue.shift(); v !== undefined; v = queue.shift()) {
      const vector = v;
      const scenario = JSON.parse(readFileSync(join(SCENARIOS, `${vector.scenario}.json`), "utf8")) as Scenario;
      try {
        await reproduce(vector, scenario);
      } catch (error) {
        failures.push(`${vector.scenario}: ${error instanceof Error ? error.message.slice(0, 1500) : String(error)}`);
      }
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  t.diagnostic(`${vectors.length - failures.length}/${vectors.length} reproduced`);
  assert.deepEqual(failures, []);
});

const subagentVectors = allVectors.filter((v) => v.skip_reason === undefined && existsSync(join(SUBAGENT_SCENARIOS, `${v.scenario}.json`)));

test(`the runner reproduces Claude Code's effects for ${subagentVectors.length} tool calls made inside a subagent, and says whose call it was`, async () => {
  assert.ok(subagentVectors.length >= 14, `${subagentVectors.length} subagent vectors`);
  for (const vector of subagentVectors) {
    const scenario = JSON.parse(readFileSync(join(SUBAGENT_SCENARIOS, `${vector.scenario}.json`), "utf8")) as Scenario;
    await reproduce(vector, scenario);
    const input = vector.request.input ?? {};
    const outcome = await runEvent({ event: vector.request.event, input, configuration: { settings: [] }, cwd: tmpdir() });
    // the recorded stdin: a subagent's call carries agent_id/agent_type (the main agent's Agent call does not)
    const id = input["agent_id"];
    assert.deepEqual(outcome.subagent, typeof id === "string" ? { id, type: input["agent_type"] } : null, vector.scenario);
  }
});

// The runner's own recordings (test/observer/claude-code/runner/): `if` rules on Bash commands,
// hooks that cannot start, http hooks Claude Code refuses, a grandchild holding a hook's pipes.
// Replayed from the observation itself: which hooks Claude Code started, whether the call was
// denied and with which text, the notices, and the context that reached the model.
const RUNNER_RECORDINGS = join(ROOT, "test/observer/claude-code/runner");

interface RunnerObservation {
  name: string;
  hook_events: { subtype: string; outcome?: string }[];
  outcome: {
    hook_invocations: number[];
    tool_result: { content: string; is_error: boolean } | null;
    stream_notices: string[];
    context_added: string[][];
  };
}

const DEFAULT_TOOL_INPUT = { command: "echo original >> {{MARKER}}; echo tool-output-original", description: "oracle tool call" };

async function replayRunnerRecording(o: RunnerObservation): Promise<void> {
  // the scenario as written (the observation's copy has its ports normalised)
  const scenario = JSON.parse(readFileSync(join(RUNNER_RECORDINGS, "scenarios", `${o.name}.json`), "utf8")) as Scenario;
  const event = scenario.event ?? "PreToolUse";
  const dir = mkdtempSync(join(tmpdir(), `observer-${scenario.name}-`));
  const settings = buildScenario(scenario, event, dir, true);
  // `if` path rules read real paths: the recorded $TMP is this replay's dir, the project its work/, HOME its home/
  const toolInput = JSON.parse(substitute(JSON.stringify(scenario.tool_input ?? DEFAULT_TOOL_INPUT)).replaceAll("$TMP", dir)) as Record<string, unknown>;
  const outcome = await runEvent({
    event,
    input: { tool_name: scenario.tool ?? "Bash", tool_input: toolInput, session_id: "replay", cwd: join(dir, "work") },
    configuration: { settings },
    projectDir: join(dir, "work"),
    cwd: dir,
    env: { ...process.env, TMP: dir, HOME: join(dir, "home") },
  });
  const recorded = o.outcome.tool_result;
  // Claude Code refuses a command with a control character, or a path with a NUL, before any hook; the runner, which does
  // not check tool input, runs the hook (fails closed): docs/merge-rules.md, "if rules (recorded)"
  if (recorded?.content.startsWith("<tool_use_error>") && /control characters|null bytes/.test(recorded.content)) {
    assert.equal(outcome.merged.effects.decision, "deny", `${scenario.name}: the runner runs the hook`);
    return;
  }
  const label = `${scenario.name}: ${outcome.run.problems.map((p) => p.message).join("; ")}`;
  // Hooks Claude Code started: its stream's hook_response events (a hook cut off would have none).
  const started = o.hook_events.filter((e) => e.subtype === "hook_response").length;
  const ran = outcome.records.filter((r) => r.outcome !== "skipped");
  assert.equal(ran.length, started, `${label}: hooks started`);
  // Script hooks log their start: the same hooks, by configuration index.
  scenario.hooks.forEach((hook, k) => {
    if (hook.command !== undefined || hook.handler_extra?.["type"] === "http") return;
    const ours = outcome.records.some((r) => r.outcome !== "skipped" && r.command === `$TMP/hooks/h${k}.sh`);
    assert.equal(ours, (o.outcome.hook_invocations[k] ?? 0) > 0, `${label}: hook ${k} started`);
  });
  const effects = outcome.merged.effects;
  if (event === "PreToolUse") {
    // a path Claude Code normalised first (`..`, `./`, `//`, relative, `~/`): the model reads the bare reason
    // (not reproduced by the runner's text; the decision is)
    const bareReason = recorded !== null && recorded.is_error && typeof effects.tool_result === "string" && effects.tool_result.endsWith(`hook error: ${recorded.content}`);
    const denied = recorded !== null && recorded.is_error && (recorded.content.startsWith("PreToolUse:") || bareReason);
    assert.equal(effects.decision === "deny", denied, `${label}: denied`);
    if (denied && !bareReason) assert.equal(effects.tool_result, recorded.content, `${label}: the model's text`);
    assert.deepEqual(effects.notices.filter((n) => !/ says: /.test(n)), o.outcome.stream_notices, `${label}: notices`);
  }
  if (event === "PostToolUse") {
    const context = o.outcome.context_added.flat().join("\n");
    for (const text of effects.model_context) assert.ok(context.includes(text.replace(/^.*?: /, "")), `${label}: context ${text}`);
  }
}

const runnerRecordings = readdirSync(join(RUNNER_RECORDINGS, "observed"))
  .filter((f) => f.endsWith(".json"))
  .map((f) => JSON.parse(readFileSync(join(RUNNER_RECORDINGS, "observed", f), "utf8")) as RunnerObservation);

test(`the runner reproduces Claude Code for ${runnerRecordings.length} runner recordings (if rules, failed starts, grandchildren)`, async (t) => {
  const queue = [...runnerRecordings];
  const failures: string[] = [];
  const worker = async (): Promise<void> => {
    for (let o = queue.shift(); o !== undefined; o = queue.shift()) {
      try {
        await replayRunnerRecording(o);
      } catch (error) {
        failures.push(`${o.name}: ${error instanceof Error ? error.message.slice(0, 1500) : String(error)}`);
      }
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  t.diagnostic(`${runnerRecordings.length - failures.length}/${runnerRecordings.length} reproduced`);
  assert.deepEqual(failures, []);
});
