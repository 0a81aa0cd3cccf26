/**
 * The Codex runner with real hook processes in temp dirs: where Codex reads
 * configuration (hooks.json, [hooks] in config.toml, a trusted project's
 * .codex/), configured order, matchers, no dedupe, stdin and environment,
 * timeouts, the shell, and the merge of what the processes answered. Each
 * expectation cites the recording that shows the rule.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { codexRunner, loadCodexConfiguration } from "../../src/codex/runner.js";
import { parseToml } from "../../src/core/toml.js";
import { dialectOf } from "../../src/dialects.js";

interface Sandbox {
  readonly root: string;
  readonly home: string;
  readonly codexHome: string;
  readonly project: string;
}

function sandbox(): Sandbox {
  const root = mkdtempSync(join(tmpdir(), "codex-runner-"));
  const home = join(root, "home");
  const codexHome = join(home, ".codex");
  const project = join(root, "work");
  for (const dir of [codexHome, project]) mkdirSync(dir, { recursive: true });
  return { root, home, codexHome, project };
}

/** A hook script: records stdin and env, sleeps, prints, exits. */
function script(box: Sandbox, name: string, body: { stdout?: string; stderr?: string; exit?: number; sleep?: number }): string {
  const file = join(box.root, `${name}.sh`);
  const q = (s: string): string => `'${s.replace(/'/g, `'\\''`)}'`;
  writeFileSync(
    file,
    [
      "#!/bin/bash",
      `cat > ${q(join(box.root, `${name}.stdin`))}`,
      `env | grep -E '^(CODEX_HOME|PWD)=' | sort > ${q(join(box.root, `${name}.env`))}`,
      `echo "$0" > ${q(join(box.root, `${name}.argv0`))}`,
      body.sleep ? `sleep ${body.sleep}` : ":",
      `printf %s ${q(body.stdout ?? "")}`,
      `printf %s ${q(body.stderr ?? "")} >&2`,
      `exit ${body.exit ?? 0}`,
    ].join("\n") + "\n",
    { mode: 0o755 },
  );
  return file;
}

const deny = (reason: string): string => JSON.stringify({ hookSpecificOutput: { hookEventName: "PreToolUse", permissionDecision: "deny", permissionDecisionReason: reason } });
const context = (event: string, text: string): string => JSON.stringify({ hookSpecificOutput: { hookEventName: event, additionalContext: text } });
const handler = (command: string, extra: Record<string, unknown> = {}): Record<string, unknown> => ({ type: "command", command, timeout: 10, ...extra });
const hooksJson = (hooks: Record<string, unknown>): string => JSON.stringify({ hooks });
const BASH = { tool_name: "Bash", tool_input: { command: "echo hi" }, tool_use_id: "call_1" };
const env = (box: Sandbox): NodeJS.ProcessEnv => ({ PATH: process.env["PATH"], HOME: box.home, SHELL: "/bin/bash" });

async function run(box: Sandbox, event: string, input: Record<string, unknown>) {
  return codexRunner.run({ event, input: input as never, projectDir: box.project, homeDir: box.home, env: env(box) });
}

test("the dialect exposes the runner", () => {
  assert.equal(dialectOf("codex")?.runner, codexRunner);
});

test("PreToolUse: hooks start together; any block wins with the FIRST CONFIGURED reason although it finished last (pre-11b)", async () => {
  const box = sandbox();
  const a = script(box, "a", { stdout: deny("A denies"), sleep: 0.6 });
  const b = script(box, "b", { stdout: deny("B denies") });
  writeFileSync(join(box.codexHome, "hooks.json"), hooksJson({ PreToolUse: [{ matcher: "Bash", hooks: [handler(a), handler(b)] }] }));
  const started = Date.now();
  const { merged, problems } = await run(box, "PreToolUse", BASH);
  assert.ok(Date.now() - started < 1500, "both hooks ran at once");
  assert.deepEqual(problems, []);
  assert.deepEqual(merged.runs.map((r) => r.command), [b, a], "runs in completion order");
  assert.equal(merged.effects.tool_result, "Command blocked by PreToolUse hook: A denies. Command: echo hi");
  assert.deepEqual(merged.effects.notices, ["feedback: A denies", "feedback: B denies"]);
  assert.equal(merged.runs[1]!.hook_name, `pre-tool-use:0:${join(box.codexHome, "hooks.json")}:call_1`);
});

test("stdin: Codex's fields in wire order; env has CODEX_HOME and PWD; the command runs under $SHELL -c in the project dir (pre-24, cx-pre-shell-argv)", async () => {
  const box = sandbox();
  const a = script(box, "a", {});
  writeFileSync(join(box.codexHome, "hooks.json"), hooksJson({ PreToolUse: [{ hooks: [handler(a)] }] }));
  await run(box, "PreToolUse", { ...BASH, session_id: "s-1", model: "gpt-5" });
  const stdin = JSON.parse(readFileSync(join(box.root, "a.stdin"), "utf8")) as Record<string, unknown>;
  assert.deepEqual(Object.keys(stdin), ["session_id", "turn_id", "transcript_path", "cwd", "hook_event_name", "model", "permission_mode", "tool_name", "tool_input", "tool_use_id"]);
  assert.equal(stdin["session_id"], "s-1");
  assert.equal(stdin["cwd"], box.project);
  assert.equal(stdin["hook_event_name"], "PreToolUse");
  assert.equal(readFileSync(join(box.root, "a.env"), "utf8"), `CODEX_HOME=${box.codexHome}\nPWD=${box.project}\n`);
  // The script is the command: bash runs it as a file, so $0 is its path; the runner's argv says how it was started.
  const { merged } = await run(box, "PreToolUse", BASH);
  assert.deepEqual(merged.runs[0]!.argv, ["/bin/bash", "-c", a]);
});

test("config.toml [hooks] (inline form and array-of-tables form) loads after hooks.json, with Codex's warning (pre-23, cx-both-representations)", async () => {
  const box = sandbox();
  const a = script(box, "a", { stdout: context("PreToolUse", "A json context") });
  const b = script(box, "b", { stdout: context("PreToolUse", "B toml context") });
  const c = script(box, "c", { stdout: context("PreToolUse", "C toml context") });
  writeFileSync(join(box.codexHome, "hooks.json"), hooksJson({ PreToolUse: [{ matcher: "Bash", hooks: [handler(a)] }] }));
  writeFileSync(
    join(box.codexHome, "config.toml"),
    `model = "mock-model" # comment
[hooks]
PreToolUse = [{ "matcher" = "Bash", "hooks" = [{ "type" = "command", "command" = "${b}", "timeout" = 10 }] }]

[[hooks.PostToolUse]]
matcher = 'Bash'
[[hooks.PostToolUse.hooks]]
type = "command"
command = """${c}"""
`,
  );
  const configuration = loadCodexConfiguration(box.codexHome, box.project);
  assert.deepEqual(configuration.handlers.map((h) => [h.event, h.command, h.displayOrder]), [["PreToolUse", a, 0], ["PreToolUse", b, 1], ["PostToolUse", c, 0]]);
  assert.deepEqual(configuration.problems.map((p) => p.message), [
    `loading hooks from both ${join(box.codexHome, "hooks.json")} and ${join(box.codexHome, "config.toml")}; prefer a single representation for this layer`,
  ]);
  const { merged } = await run(box, "PreToolUse", BASH);
  assert.deepEqual(merged.effects.model_context, ["A json context", "B toml context"]);
});

test("project hooks run only in a trusted project, after the user layer (pre-25b, cx-pre-project-and-user)", async () => {
  const box = sandbox();
  const a = script(box, "a", { stdout: context("PreToolUse", "A project context") });
  const b = script(box, "b", { stdout: context("PreToolUse", "B user context") });
  mkdirSync(join(box.project, ".codex"));
  writeFileSync(join(box.project, ".codex", "hooks.json"), hooksJson({ PreToolUse: [{ hooks: [handler(a)] }] }));
  writeFileSync(join(box.codexHome, "hooks.json"), hooksJson({ PreToolUse: [{ hooks: [handler(b)] }] }));
  const untrusted = await run(box, "PreToolUse", BASH);
  assert.deepEqual(untrusted.merged.effects.model_context, ["B user context"]);
  assert.equal(untrusted.problems[0]!.code, "untrusted-project");
  assert.match(untrusted.problems[0]!.message, /^Project-local config, hooks, and exec policies are disabled/);
  writeFileSync(join(box.codexHome, "config.toml"), `[projects."${box.project}"]\ntrust_level = "trusted"\n`);
  const trusted = await run(box, "PreToolUse", BASH);
  assert.deepEqual(trusted.problems, []);
  assert.deepEqual(trusted.merged.effects.model_context, ["B user context", "A project context"]);
  // a [hooks] table Codex cannot read sets the whole config.toml aside (its trust too): the project is untrusted again
  writeFileSync(join(box.codexHome, "config.toml"), `[projects."${box.project}"]\ntrust_level = "trusted"\n\n[[hooks.PreToolUse]]\nhooks = [{ type = "command", command = "x", timeout = "5" }]\n`);
  const setAside = await run(box, "PreToolUse", BASH);
  assert.deepEqual(setAside.merged.effects.model_context, ["B user context"]);
  assert.deepEqual(setAside.problems.map((p) => p.code), ["config-rejected", "untrusted-project"]);
});

test("matchers: anchored regex against Bash; none, empty and * match; an invalid one is dropped with a warning and takes no displayOrder; UserPromptSubmit ignores them; SessionStart matches source", async () => {
  const box = sandbox();
  const hook = (name: string, text: string, event = "PreToolUse"): string => script(box, name, { stdout: context(event, text) });
  writeFileSync(
    join(box.codexHome, "hooks.json"),
    hooksJson({
      PreToolUse: [
        { matcher: "(", hooks: [handler(hook("bad", "invalid regex"))] },
        { matcher: "Bash", hooks: [handler(hook("exact", "exact"))] },
        { matcher: "as", hooks: [handler(hook("substring", "substring"))] },
        { matcher: "bash", hooks: [handler(hook("lower", "lower case"))] },
        { matcher: "exec_command", hooks: [handler(hook("model", "model-facing name"))] },
        { matcher: "", hooks: [handler(hook("empty", "empty"))] },
        { matcher: "*", hooks: [handler(hook("star", "star"))] },
        { matcher: "Edit|Bash", hooks: [handler(hook("alt", "alternation"))] },
        { hooks: [handler(hook("none", "no matcher"))] },
      ],
      UserPromptSubmit: [{ matcher: "nomatch", hooks: [handler(hook("ups", "prompt context", "UserPromptSubmit"))] }],
      SessionStart: [
        { matcher: "startup", hooks: [handler(hook("startup", "startup context", "SessionStart"))] },
        { matcher: "resume", hooks: [handler(hook("resume", "resume context", "SessionStart"))] },
      ],
    }),
  );
  const { merged, problems } = await run(box, "PreToolUse", BASH);
  assert.deepEqual(merged.effects.model_context, ["exact", "empty", "star", "alternation", "no matcher"]);
  assert.deepEqual(merged.runs.map((r) => r.config_index).sort(), [0, 4, 5, 6, 7]);
  assert.equal(problems.length, 1);
  assert.match(problems[0]!.message, /^invalid matcher "\(" in .*hooks\.json: /);
  assert.deepEqual((await run(box, "UserPromptSubmit", { prompt: "hi" })).merged.effects.model_context, ["prompt context"]);
  assert.deepEqual((await run(box, "SessionStart", { source: "startup" })).merged.effects.model_context, ["startup context"]);
});

test("no dedupe: the same command twice runs twice and both contexts are sent (cx-pre-same-command-twice)", async () => {
  const box = sandbox();
  const a = script(box, "a", { stdout: context("PreToolUse", "twice context") });
  writeFileSync(join(box.codexHome, "hooks.json"), hooksJson({ PreToolUse: [{ matcher: "Bash", hooks: [handler(a), handler(a)] }] }));
  const { merged } = await run(box, "PreToolUse", BASH);
  assert.equal(merged.ran, 2);
  assert.deepEqual(merged.effects.model_context, ["twice context", "twice context"]);
});

test("a timeout kills the hook and fails open; exit 2 without stderr fails open; an async deny has no effect (cx-pre-timeout, cx-pre-exit2-no-stderr, pre-26)", async () => {
  const box = sandbox();
  const slow = script(box, "slow", { stdout: deny("late"), sleep: 5 });
  const silent = script(box, "silent", { exit: 2 });
  const detached = script(box, "detached", { stdout: deny("async deny") });
  writeFileSync(join(box.codexHome, "hooks.json"), hooksJson({ PreToolUse: [{ hooks: [handler(slow, { timeout: 1 }), handler(silent), handler(detached, { async: true })] }] }));
  const started = Date.now();
  const { merged } = await run(box, "PreToolUse", BASH);
  assert.ok(Date.now() - started < 3500, `took ${Date.now() - started} ms`);
  assert.equal(merged.effects.blocked, false);
  assert.deepEqual(merged.effects.tool_input, { command: "echo hi" });
  assert.deepEqual(merged.effects.notices, ["error: hook timed out after 1s", "error: PreToolUse hook exited with code 2 but did not write a blocking reason to stderr"]);
});

test("Stop: two blocks become one continuation message naming each hook run, configured order (stop-05)", async () => {
  const box = sandbox();
  const a = script(box, "a", { stdout: JSON.stringify({ decision: "block", reason: "A: keep going" }), sleep: 0.3 });
  const b = script(box, "b", { stderr: "B: <more>", exit: 2 });
  writeFileSync(join(box.codexHome, "hooks.json"), hooksJson({ Stop: [{ hooks: [handler(a), handler(b)] }] }));
  const { merged } = await run(box, "Stop", { stop_hook_active: false, last_assistant_message: "done" });
  const file = join(box.codexHome, "hooks.json");
  assert.deepEqual(merged.effects.model_context, [`<hook_prompt hook_run_id="stop:0:${file}">A: keep going</hook_prompt>\n<hook_prompt hook_run_id="stop:1:${file}">B: &lt;more&gt;</hook_prompt>`]);
});

test("broken configuration is reported, never thrown; the hooks that can run still run", async () => {
  const box = sandbox();
  const a = script(box, "a", { stdout: context("PreToolUse", "still runs") });
  writeFileSync(join(box.codexHome, "config.toml"), "[hooks\nbroken = ");
  mkdirSync(join(box.project, ".codex"));
  writeFileSync(join(box.codexHome, "hooks.json"), hooksJson({ PreToolUse: [{ hooks: [handler(a), { type: "prompt", prompt: "x" }] }], NotAnEvent: [] }));
  const { merged, problems } = await run(box, "PreToolUse", BASH);
  assert.deepEqual(merged.effects.model_context, ["still runs"]);
  assert.deepEqual(problems.map((p) => p.code), ["config-parse", "config-invalid", "config-invalid"]);
  assert.match(problems[0]!.message, /config\.toml: TOML .* \(line 1, column 7\)$/);
  // what serde cannot read takes the whole hooks.json with it (cx-cfg-sibling-timeout-string, cx-cfg-sibling-type-uppercase)
  for (const broken of [7, { type: "command", command: "b", timeout: "5" }, { type: "Command", command: "b" }]) {
    writeFileSync(join(box.codexHome, "hooks.json"), hooksJson({ PreToolUse: [{ hooks: [handler(a), broken] }] }));
    const rejected = await run(box, "PreToolUse", BASH);
    assert.deepEqual(rejected.merged.effects.model_context, [], JSON.stringify(broken));
    assert.ok(rejected.problems.some((p) => p.code === "config-rejected" && /Codex runs no hook of this file/.test(p.message)), JSON.stringify(broken));
  }
  const unknown = await run(box, "Notification", {});
  assert.equal(unknown.problems[0]!.code, "unknown-event");
});

test("the TOML reader: the subset Codex configs use, errors as values", () => {
  const parsed = parseToml(`# c
a = 1_000
b = -0.5e2
"quoted key".x = 'lit\\eral'
s = "tab\\tu\\u00e9 \\U0001F600"
m = """
line\\
   joined"""
arr = [1, [2, 3], # comment
  { k = true },]
d = 1979-05-27 07:32:00Z
[t."x.y"]
z = false
[[list]]
n = 1
[[list]]
n = 2
`);
  assert.ok(parsed.ok, JSON.stringify(parsed));
  assert.deepEqual(JSON.parse(JSON.stringify(parsed.value)), {
    a: 1000, b: -50, "quoted key": { x: "lit\\eral" }, s: "tab\tué 😀", m: "linejoined", arr: [1, [2, 3], { k: true }], d: "1979-05-27 07:32:00Z", t: { "x.y": { z: false } }, list: [{ n: 1 }, { n: 2 }],
  });
  assert.equal(Object.getPrototypeOf(parsed.value), null);
  for (const bad of ['a = 1\na = 2', "[t]\n[t]", 'x = "unterminated', "x = [1, 2", 'x = "\\ud800"', "x = nope", `x = ${"[".repeat(500)}`, "x = {a = 1}\n[x]", "= 1"]) {
    const result = parseToml(bad);
    assert.equal(result.ok, false, bad.slice(0, 40));
    if (!result.ok) assert.equal(result.error.code, "config-parse");
  }
  const proto = parseToml('__proto__ = { polluted = true }\n[constructor]\nx = 1');
  assert.ok(proto.ok);
  assert.equal(({} as Record<string, unknown>)["polluted"], undefined);
});
