/**
 * The droid runner with real processes: config where droid reads it, its
 * matchers, no dedupe, parallel start with configured-order reading,
 * timeouts that still read what was printed, droid's environment variables
 * and stdin. The last tests replay every recording: the recorded config
 * files select the hooks droid ran, and the recorded hook outputs, run as
 * real scripts, give the effects droid showed (the vectors' expectations).
 */
import { after, test } from "node:test";
import assert from "node:assert/strict";
import { chmodSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { selectDroidHooks } from "../../src/droid/config.js";
import { droidRunner } from "../../src/droid/runner.js";
import type { JsonObject } from "../../src/json/value.js";
import { loadMergeVectors } from "../lib/merge-vectors.js";

const TMP = mkdtempSync(join(tmpdir(), "droid-runner-"));
after(() => rmSync(TMP, { recursive: true, force: true }));
const tempDir = (name: string): string => mkdtempSync(join(TMP, `${name}-`));
const EXECUTE = { tool_name: "Execute", tool_input: { command: "echo hi", riskLevel: "low", riskLevelReason: "r" } } as unknown as JsonObject;

function tree(): { root: string; project: string; home: string } {
  const root = tempDir("tree");
  const project = join(root, "work");
  const home = join(root, "home");
  mkdirSync(join(project, ".factory"), { recursive: true });
  mkdirSync(join(home, ".factory"), { recursive: true });
  return { root, project, home };
}
const write = (file: string, value: unknown): void => {
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, typeof value === "string" ? value : JSON.stringify(value));
};
const group = (commands: string[], extra: Record<string, unknown> = {}) => ({ matcher: "Execute", ...extra, hooks: commands.map((command) => ({ type: "command", command, timeout: 5 })) });

test("config: project before user; within a folder hooks.json replaces settings.json per event; no dedupe (pre-22, pre-23, pre-23c, pre-23e)", () => {
  const { project, home } = tree();
  write(join(project, ".factory/settings.json"), { hooks: { PreToolUse: [group(["p-settings"])], Stop: [{ hooks: [{ type: "command", command: "p-stop" }] }] } });
  write(join(project, ".factory/hooks.json"), { PreToolUse: [group(["p-hooks", "p-hooks"])] });
  write(join(home, ".factory/settings.json"), { hooks: { PreToolUse: [group(["u-settings"])] } });
  const pre = selectDroidHooks("PreToolUse", "Execute", "echo hi", project, home);
  assert.deepEqual(pre.handlers.map((h) => h.command), ["p-hooks", "p-hooks", "u-settings"]);
  assert.deepEqual(pre.handlers.map((h) => h.configIndex), [0, 1, 2]);
  assert.deepEqual(pre.handlers.map((h) => h.source), ["project", "project", "user_settings"]);
  assert.deepEqual(selectDroidHooks("Stop", null, null, project, home).handlers.map((h) => h.command), ["p-stop"]);
  assert.deepEqual(pre.problems, []);
});

test("config: a Claude-style {hooks: ...} wrapper in hooks.json runs nothing and is reported; broken files are problems, not throws", () => {
  const { project, home } = tree();
  write(join(home, ".factory/hooks.json"), { hooks: { PreToolUse: [group(["x"])] } });
  write(join(project, ".factory/settings.json"), "{ not json");
  const selection = selectDroidHooks("PreToolUse", "Execute", "echo hi", project, home);
  assert.deepEqual(selection.handlers, []);
  assert.ok(selection.problems.some((p) => p.code === "unknown-event-keys" && /Ignoring unknown hook event keys hooks/.test(p.message)));
  assert.ok(selection.problems.some((p) => p.code === "invalid-config"));
  write(join(home, ".factory/hooks.json"), { PreToolUse: "nope", Stop: [5, { hooks: [{ type: "command" }] }] });
  assert.doesNotThrow(() => selectDroidHooks("PreToolUse", "Execute", null, project, home));
  assert.equal(selectDroidHooks("Stop", null, null, project, home).handlers.length, 0);
});

test("matchers: *, \"\", none, unanchored regex, case-sensitive, bad regex; commandRegex (pre-20-*, pre-24)", () => {
  const { project, home } = tree();
  const matchers: [unknown, boolean][] = [["*", true], ["", true], [undefined, true], ["Exec", true], ["Read|Execute", true], ["^Execute$", true], ["Bash", false], ["execute", false], ["(", false]];
  for (const [matcher, expected] of matchers) {
    write(join(home, ".factory/hooks.json"), { PreToolUse: [{ ...(matcher === undefined ? {} : { matcher }), hooks: [{ type: "command", command: "h" }] }] });
    assert.equal(selectDroidHooks("PreToolUse", "Execute", "echo hi", project, home).handlers.length, expected ? 1 : 0, String(matcher));
  }
  write(join(home, ".factory/hooks.json"), { PreToolUse: [group(["a"], { commandRegex: "^echo" }), group(["b"], { commandRegex: "^rm" })] });
  assert.deepEqual(selectDroidHooks("PreToolUse", "Execute", "echo hi", project, home).handlers.map((h) => h.command), ["a"]);
  assert.deepEqual(selectDroidHooks("PreToolUse", "Read", null, project, home).handlers.map((h) => h.command), []);
  write(join(home, ".factory/hooks.json"), { SessionStart: [{ matcher: "resume", hooks: [{ type: "command", command: "r" }] }] });
  assert.equal(selectDroidHooks("SessionStart", "startup", null, project, home).handlers.length, 0);
  assert.equal(selectDroidHooks("SessionStart", "resume", null, project, home).handlers.length, 1);
});

test("hooks start together, are read in configured order, and a timed-out hook's printed JSON still counts (pre-12, pre-p06)", async () => {
  const { project, home } = tree();
  const deny = (r: string) => JSON.stringify({ hookSpecificOutput: { permissionDecision: "deny", permissionDecisionReason: r } });
  write(join(home, ".factory/hooks.json"), {
    PreToolUse: [{ matcher: "Execute", hooks: [
      { type: "command", command: `sleep 0.6; printf '%s' '${deny("A")}'`, timeout: 5 },
      { type: "command", command: `printf '%s' '${deny("B")}'`, timeout: 5 },
    ] }],
  });
  const started = Date.now();
  const outcome = await droidRunner.run({ event: "PreToolUse", input: EXECUTE, projectDir: project, homeDir: home });
  assert.ok(Date.now() - started < 3000);
  assert.equal(outcome.merged.effects.tool_result, "Error: A");
  assert.deepEqual(outcome.merged.runs.map((r) => r.config_index), [1, 0]);
  write(join(home, ".factory/hooks.json"), { PreToolUse: [{ hooks: [{ type: "command", command: `printf '%s' '${deny("late")}'; sleep 5`, timeout: 1 }] }] });
  const timed = await droidRunner.run({ event: "PreToolUse", input: EXECUTE, projectDir: project, homeDir: home });
  assert.equal(timed.merged.runs[0]!.timed_out, true);
  assert.equal(timed.merged.effects.tool_result, "Error: late");
});

test("environment and stdin: droid's variables, scalar stdin fields by name, base fields first (pre-25)", async () => {
  const { root, project, home } = tree();
  const recording = JSON.parse(readFileSync("test/observer/droid/observed/pre-25-env.json", "utf8")) as { hooks: { env_first: Record<string, string> }[] };
  const recorded = recording.hooks[0]!.env_first;
  const out = join(root, "env.txt");
  const stdinFile = join(root, "stdin.json");
  write(join(home, ".factory/hooks.json"), {
    PreToolUse: [{ matcher: "Execute", hooks: [{ type: "command", command: `cat > ${stdinFile}; env | grep -E '^(FACTORY_|DROID_|CLAUDE_|HOME=|PWD=|session_id=|tool_name=|hook_event_name=|cwd=|permission_mode=|transcript_path=|prompt=)' | sort > ${out}` }] }],
  });
  const base = { PATH: process.env["PATH"], HOME: home, FACTORY_EXEC_TARGET_AUTONOMY: "auto-low" };
  await droidRunner.run({ event: "PreToolUse", input: { ...EXECUTE, session_id: "s-1", transcript_path: "/t.jsonl" } as unknown as JsonObject, projectDir: project, homeDir: home, env: base });
  const env = Object.fromEntries(readFileSync(out, "utf8").trim().split("\n").map((l) => [l.slice(0, l.indexOf("=")), l.slice(l.indexOf("=") + 1)]));
  const fromDroidItself = new Set(["FACTORY_AIRGAP_ENABLED", "FACTORY_DISABLE_KEYRING", "FACTORY_DISABLE_SETTINGS_PERSISTENCE", "FACTORY_DROID_AUTO_UPDATE_ENABLED"]);
  assert.deepEqual(Object.keys(env).sort(), Object.keys(recorded).filter((k) => !fromDroidItself.has(k)).sort());
  for (const key of ["FACTORY_PROJECT_DIR", "DROID_PROJECT_DIR", "CLAUDE_PROJECT_DIR", "cwd", "PWD"]) assert.equal(env[key], project, key);
  for (const key of ["DROID_PLUGIN_ROOT", "CLAUDE_PLUGIN_ROOT", "permission_mode", "tool_name", "hook_event_name"]) assert.equal(env[key], recorded[key], key);
  const stdin = JSON.parse(readFileSync(stdinFile, "utf8")) as Record<string, unknown>;
  assert.deepEqual(Object.keys(stdin), ["session_id", "transcript_path", "cwd", "permission_mode", "hook_event_name", "tool_name", "tool_input"]);
});

interface Recording {
  name: string;
  transport: string;
  config_files: Record<string, unknown>;
  /** Files the scenario wrote into the project itself (dr-cfg-project-*: a whole .factory/settings.json or hooks.json). */
  scenario?: { files?: Record<string, string> };
  hooks: { command: string; stdin_first: unknown }[];
  hook_runs: { event: string; commands: number[]; results: { exitCode: number; stdout: string; stderr: string }[] }[];
}
interface Vector { request: { event: string; tool_name?: string; tool_input?: JsonObject; input: JsonObject }; expected: { effects: Record<string, unknown> }; skip_reason?: string }
const OBSERVED = "test/observer/droid/observed";
const vectorOf = new Map(loadMergeVectors<Vector & { scenario: string }>("droid").map(({ vector }) => [vector.scenario, vector]));
const replays = readdirSync(OBSERVED).filter((f) => f.endsWith(".json")).sort().map((file) => {
  const rec = JSON.parse(readFileSync(join(OBSERVED, file), "utf8")) as Recording;
  const event = rec.hook_runs[0]?.event ?? (JSON.parse(readFileSync(join("test/observer/droid/scenarios", file), "utf8")) as { event?: string }).event ?? "PreToolUse";
  const vector = vectorOf.get(rec.name)!;
  return { file, rec, event, vector };
});
/**
 * Our runner models a JSON-RPC session: `droid exec -o stream-json` skips UserPromptSubmit (ups-00). A run where droid
 * never fired the event (cap-notification-systemMessage, cap-precompact-exit2) shows no selection.
 */
const replayable = replays.filter((r) => !(r.event === "UserPromptSubmit" && r.rec.transport === "exec") && !/did not fire the event/.test(r.vector.skip_reason ?? ""));

/** A copy of the recorded files under `root` ($TMP), each hook a script printing what droid recorded it printed. */
function materialise(rec: Recording, root: string): void {
  const sub = (text: string): string => text.replaceAll("$TMP", root);
  mkdirSync(join(root, "work"), { recursive: true });
  for (const [path, content] of Object.entries(rec.config_files)) write(sub(path), sub(JSON.stringify(content)));
  for (const [path, content] of Object.entries(rec.scenario?.files ?? {})) write(join(root, "work", path), sub(content));
  const batch = rec.hook_runs[0];
  rec.hooks.forEach((hook, index) => {
    const at = batch?.commands.indexOf(index) ?? -1;
    const result = at === -1 ? { exitCode: 0, stdout: "", stderr: "" } : batch!.results[at]!;
    // A custom command runs as configured; a command listed twice is one script (pre-22).
    if (!hook.command.startsWith("$TMP/hooks/") || rec.hooks.findIndex((h) => h.command === hook.command) !== index) return;
    const file = sub(hook.command);
    write(`${file}.out`, sub(result.stdout));
    write(`${file}.err`, sub(result.stderr));
    // Configured order decides, so completion order is scrambled on purpose: later hooks finish first.
    write(file, `#!/bin/sh\ncat > /dev/null\nsleep 0.0${Math.max(0, 5 - index)}\ncat '${file}.out'\ncat '${file}.err' >&2\nexit ${result.exitCode}\n`);
    chmodSync(file, 0o755);
  });
}

test(`every recording's config selects the hooks droid ran (${replayable.length} recordings)`, () => {
  for (const { rec, event, vector, file } of replayable) {
    const root = tempDir("select");
    materialise(rec, root);
    const input = { ...vector.request.input, ...(vector.request.tool_name === undefined ? {} : { tool_name: vector.request.tool_name }) } as Record<string, unknown>;
    const matchValue = event === "SessionStart" ? String(input["source"]) : typeof input["tool_name"] === "string" ? input["tool_name"] : null;
    const command = typeof vector.request.tool_input?.["command"] === "string" ? (vector.request.tool_input["command"] as string).replaceAll("$TMP", root) : null;
    const selected = selectDroidHooks(event, matchValue, command, join(root, "work"), join(root, "home")).handlers.map((h) => h.command);
    const ran = (rec.hook_runs[0]?.commands ?? []).map((i) => rec.hooks[i]?.command.replaceAll("$TMP", root));
    // -1: a command the scenario wrote into a project file itself (dr-cfg-project-*): compared by count
    if (ran.includes(undefined)) assert.equal(selected.length, ran.length, file);
    else assert.deepEqual(selected, ran, file);
  }
});

test(`every recording replayed through the runner with real processes gives droid's effects (${replayable.length - 2} recordings)`, async () => {
  const keys = ["decision", "blocked", "stopped", "model_context", "notices", "prompt"];
  const failures: string[] = [];
  let compared = 0;
  const replayOne = async ({ rec, event, vector, file }: (typeof replayable)[number]): Promise<void> => {
    const root = tempDir("replay");
    materialise(rec, root);
    const sub = (value: unknown): unknown => JSON.parse(JSON.stringify(value).replaceAll("$TMP", root));
    const input = sub({ ...vector.request.input, ...(vector.request.tool_name === undefined ? {} : { tool_name: vector.request.tool_name, tool_input: vector.request.tool_input }) }) as JsonObject;
    const { merged } = await droidRunner.run({ event, input, projectDir: join(root, "work"), homeDir: join(root, "home"), env: { PATH: process.env["PATH"] } });
    for (const key of keys) {
      if (!(key in vector.expected.effects)) continue;
      const got = (merged.effects as unknown as Record<string, unknown>)[key];
      compared++;
      try {
        assert.deepEqual(got, sub(vector.expected.effects[key]));
      } catch {
        failures.push(`${file} ${key}: got ${JSON.stringify(got)}, droid ${JSON.stringify(vector.expected.effects[key])}`);
      }
    }
    if ("tool_input" in vector.expected.effects) {
      compared++;
      try {
        assert.deepEqual(merged.effects.tool_input === null ? null : { ...merged.effects.tool_input }, sub(vector.expected.effects["tool_input"]));
      } catch {
        failures.push(`${file} tool_input`);
      }
    }
  };
  const queue = replayable.filter((r) => r.vector.skip_reason === undefined);
  // Four at a time: each replay is a few short processes.
  for (let i = 0; i < queue.length; i += 4) await Promise.all(queue.slice(i, i + 4).map(replayOne));
  assert.deepEqual(failures, []);
  assert.ok(compared >= 300, `${compared} effects compared`);
});
