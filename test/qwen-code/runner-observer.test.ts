/**
 * The Qwen Code runner against the recorded runs: for every recording, the
 * settings files Qwen was given (`settings`: user, project, system, and the
 * `.claude` file Qwen does not read), verbatim, and the files the scenario put
 * in HOME (trustedFolders.json) are written into a temp dir, with a script
 * per hook that answers as the scenario's does; the runner reads them from
 * Qwen's locations, selects (trust, disableAllHooks, matchers, dedupe),
 * orders and runs them as real processes, and its effects must equal the
 * recording's (the vector's expected effects), and each hook of the event
 * must have run iff it ran under Qwen. This checks configuration against the
 * real agent, not against our reading of the spec.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, dirname, join } from "node:path";
import { qwenCodeRunner } from "../../src/qwen-code/runner.js";
import type { JsonObject } from "../../src/json/value.js";
import { loadMergeVectors } from "../lib/merge-vectors.js";

const OBSERVED = "test/observer/qwen-code/observed";

interface Part {
  base64?: string;
  text?: string;
}
interface Answer {
  stdout?: string;
  stderr?: string;
  exit?: number;
  stdout_parts?: Part[];
}
interface ScenarioHook extends Answer {
  delay_ms?: number;
  once?: boolean;
  answers?: Answer[];
  then?: Answer;
  command?: string;
  same_command_as?: number;
}
interface Recording {
  name: string;
  scenario: { hooks?: ScenarioHook[]; home_files?: Record<string, unknown> };
  settings: Record<string, unknown>;
  hooks: { index: number; event: string; command: string; invocations: number }[];
}
/** What a custom-command hook (the kit's example) printed under Qwen, captured by its wrapper. */
const CAPTURED = "test/observer/qwen-code/kit";
const capturedOutput = (rec: Recording, k: number): string | null => {
  const file = join(CAPTURED, `${rec.name}.h${k}.stdout`);
  return existsSync(file) ? readFileSync(file, "utf8") : null;
};
interface Vector {
  source: string;
  request: { event: string; tool_name?: string; tool_input?: JsonObject; input?: JsonObject };
  expected: { effects: Record<string, unknown> };
  skip_reason?: string;
}

const vectorsByRecording = new Map(loadMergeVectors<Vector>("qwen-code").map(({ vector }) => [basename(vector.source), vector]));
const shellQuote = (s: string): string => `'${s.replace(/'/g, `'\\''`)}'`;

function bytes(answer: Answer, vars: (s: string) => string): Buffer {
  if (answer.stdout_parts === undefined) return Buffer.from(vars(answer.stdout ?? ""));
  return Buffer.concat(answer.stdout_parts.map((p) => (p.base64 !== undefined ? Buffer.from(p.base64, "base64") : Buffer.from(vars(p.text ?? "")))));
}

/** The settings and hook scripts of a recording under `root` (`$TMP` in the recording). */
function materialise(rec: Recording, root: string): { system: string } {
  const vars = (text: string): string => text.replace(/\{\{([A-Z]+)\}\}/g, (all, name: string) => ({ MARKER: `${root}/work/oracle-marker.txt`, WORK: `${root}/work`, HOOKS: `${root}/hooks`, HOME: `${root}/home`, DIR: root } as Record<string, string>)[name] ?? all);
  const hooks = join(root, "hooks");
  for (const dir of [hooks, join(root, "work", ".qwen"), join(root, "work", ".claude"), join(root, "home", ".qwen")]) mkdirSync(dir, { recursive: true });
  const system = join(root, "system-settings.json");
  const places: Record<string, string> = { user: join(root, "home", ".qwen", "settings.json"), project: join(root, "work", ".qwen", "settings.json"), claude: join(root, "work", ".claude", "settings.json"), system };
  // a custom command whose answer was captured is replayed by a script printing that answer
  const replayed = (text: string): string => rec.hooks.reduce((t, h) => (capturedOutput(rec, h.index) === null ? t : t.replaceAll(JSON.stringify(h.command).slice(1, -1), `$TMP/hooks/h${h.index}.sh`)), text);
  for (const [source, content] of Object.entries(rec.settings)) writeFileSync(places[source]!, replayed(JSON.stringify(content)).replaceAll("$TMP", root));
  for (const [path, content] of Object.entries(rec.scenario.home_files ?? {})) {
    const file = join(root, "home", path);
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, vars(typeof content === "string" ? content : JSON.stringify(content)));
  }
  for (const [k, configured] of (rec.scenario.hooks ?? []).entries()) {
    const capture = capturedOutput(rec, k);
    if (configured.same_command_as !== undefined || (configured.command !== undefined && capture === null)) continue;
    const hook: ScenarioHook = capture === null ? configured : { stdout: capture };
    const answers = hook.answers ?? [hook];
    answers.forEach((a, i) => {
      writeFileSync(join(hooks, `h${k}.a${i}.out`), bytes(a, vars));
      writeFileSync(join(hooks, `h${k}.a${i}.err`), vars(a.stderr ?? ""));
    });
    const count = shellQuote(join(hooks, `h${k}.count`));
    const answer = (i: number, exit: number): string => `cat ${shellQuote(join(hooks, `h${k}.a${i}.out`))}; cat ${shellQuote(join(hooks, `h${k}.a${i}.err`))} >&2; exit ${exit}`;
    const lines = ["#!/bin/bash", "cat > /dev/null", `echo x >> ${count}`, `n=$(wc -l < ${count})`, hook.delay_ms ? `sleep ${hook.delay_ms / 1000}` : ":"];
    // the runner runs one firing of the event: the first invocation's answer is the one that matters
    lines.push(answer(0, (hook.answers?.[0] ?? hook).exit ?? 0));
    writeFileSync(join(hooks, `h${k}.sh`), lines.join("\n") + "\n", { mode: 0o755 });
  }
  return { system };
}

/** Hooks on a subagent's tool calls (issue 25): the same replay, with the input the subagent's hooks got (its agent_id). */
const SUBAGENTS = "test/observer/qwen-code/subagents/observed";
const recordings = [...readdirSync(OBSERVED).filter((f) => f.endsWith(".json")).sort(), ...readdirSync(SUBAGENTS).filter((f) => f.endsWith(".json")).sort()];
const recordingPath = (file: string): string => join(existsSync(join(OBSERVED, file)) ? OBSERVED : SUBAGENTS, file);
const replayed = recordings.filter((f) => vectorsByRecording.get(f) !== undefined && vectorsByRecording.get(f)!.skip_reason === undefined);

test(`the runner reproduces every recorded run from the settings Qwen Code was given (${replayed.length} of ${recordings.length} runs)`, async () => {
  const failures: string[] = [];
  for (const file of replayed) {
    const rec = JSON.parse(readFileSync(recordingPath(file), "utf8")) as Recording;
    const vector = vectorsByRecording.get(file)!;
    const root = mkdtempSync(join(tmpdir(), "qwen-observer-"));
    try {
      const { system } = materialise(rec, root);
      const fix = (v: unknown): JsonObject => JSON.parse(JSON.stringify(v ?? {}).replaceAll("$TMP", root)) as JsonObject;
      const input: JsonObject = { ...fix(vector.request.input) };
      if (vector.request.tool_name !== undefined) input["tool_name"] = vector.request.tool_name;
      if (vector.request.tool_input !== undefined) input["tool_input"] = fix(vector.request.tool_input);
      const { merged } = await qwenCodeRunner.run({
        event: vector.request.event,
        input,
        projectDir: join(root, "work"),
        homeDir: join(root, "home"),
        env: { PATH: process.env["PATH"] ?? "/usr/bin:/bin", HOME: join(root, "home"), QWEN_CODE_SYSTEM_SETTINGS_PATH: system, QWEN_CODE_SYSTEM_DEFAULTS_PATH: join(root, "none.json") },
      });
      const effects = JSON.parse(JSON.stringify(merged.effects).replaceAll(root, "$TMP")) as Record<string, unknown>;
      for (const [key, expected] of Object.entries(vector.expected.effects)) {
        try {
          assert.deepEqual(effects[key], expected);
        } catch {
          failures.push(`${file}: ${key}: got ${JSON.stringify(effects[key])}, recorded ${JSON.stringify(expected)}`);
        }
      }
      for (const hook of rec.hooks.filter((h) => h.event === vector.request.event)) {
        const count = join(root, "hooks", `h${hook.index}.count`);
        const ran = existsSync(count);
        if (ran !== (hook.invocations > 0 || capturedOutput(rec, hook.index) !== null)) failures.push(`${file}: hook ${hook.index} ${ran ? "ran" : "did not run"}; under Qwen it ran ${hook.invocations} times`);
      }
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  }
  assert.deepEqual(failures, []);
});

test("the replay covers the tool calls recorded inside a subagent, whose hooks got the subagent's agent_id", () => {
  const inside = replayed.filter((f) => !existsSync(join(OBSERVED, f)));
  assert.ok(inside.length >= 11, `${inside.length} subagent recordings replayed`);
  for (const file of inside) {
    const input = vectorsByRecording.get(file)!.request.input ?? {};
    // the control (a deny on the main agent's `agent` call) is the main agent's; every other call is the subagent's
    if (file === "qw-sub-pre-deny-agent-tool.json") assert.equal(input["agent_id"], undefined, file);
    else assert.equal(input["agent_id"], "general-purpose-call_oracle_1", file);
  }
});
