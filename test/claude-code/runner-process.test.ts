// The runner with real processes: order, exit codes, timeouts that kill the
// whole tree, daemons holding stdout, huge and non-UTF-8 output, missing
// commands, stdin closed early, cancellation, async hooks, environment.
import { test } from "node:test";
import assert from "node:assert/strict";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, copyFileSync, writeFileSync, readdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { loadHookConfiguration } from "../../src/claude-code/runner/load-settings.js";
import { runHooks } from "../../src/claude-code/runner/run-hooks.js";
import type { HookConfiguration } from "../../src/claude-code/runner/types.js";

const FIXTURES = fileURLToPath(new URL("../fixtures/hooks/", import.meta.url));
const BASH_INPUT = { session_id: "s-1", cwd: tmpdir(), tool_name: "Bash", tool_input: { command: "ls" } };

function configOf(event: string, handlers: unknown[], matcher = "Bash"): HookConfiguration {
  return loadHookConfiguration({
    settings: [{ kind: "flag", file: "test-settings.json", text: JSON.stringify({ hooks: { [event]: [{ matcher, hooks: handlers }] } }) }],
  });
}

/** Alive and not a zombie (a container's pid 1 may not reap orphans). */
function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    return stat.slice(stat.lastIndexOf(")") + 2)[0] !== "Z";
  } catch {
    return false;
  }
}

async function waitUntilGone(pid: number, ms: number): Promise<boolean> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (!processAlive(pid)) return true;
    await new Promise((r) => setTimeout(r, 50));
  }
  return !processAlive(pid);
}

test("hooks start together and come back in completion order, each with the event JSON on stdin", async () => {
  const dir = mkdtempSync(join(tmpdir(), "runner-order-"));
  const hook = (name: string, delay: string): unknown => ({
    type: "command",
    command: `cat > "${dir}/${name}.in"; sleep ${delay}; echo ${name}`,
  });
  const run = await runHooks({
    event: "PreToolUse",
    input: BASH_INPUT,
    configuration: configOf("PreToolUse", [hook("slow", "0.6"), hook("fast", "0"), hook("middle", "0.3")]),
  });
  assert.deepEqual(run.results.map((r) => r.stdout.trim()), ["fast", "middle", "slow"]);
  assert.deepEqual(run.results.map((r) => r.completion), [0, 1, 2]);
  assert.deepEqual(run.results.map((r) => r.config_index), [1, 2, 0]);
  for (const name of ["slow", "fast", "middle"]) {
    const received = JSON.parse(readFileSync(join(dir, `${name}.in`), "utf8"));
    assert.equal(received.hook_event_name, "PreToolUse");
    assert.deepEqual(received.tool_input, { command: "ls" });
  }
});

test("every exit code and output kind is captured as the process produced it", async () => {
  const cases: Array<[string, number, string, string]> = [
    ["exit 0", 0, "", ""],
    ["echo plain text", 0, "plain text\n", ""],
    [`printf '%s' '{"decision":"block","reason":"r"}'`, 0, '{"decision":"block","reason":"r"}', ""],
    ["echo denied >&2; exit 2", 2, "", "denied\n"],
    ["exit 2", 2, "", ""],
    ["echo oops >&2; exit 1", 1, "", "oops\n"],
    [`printf '{bad'; exit 3`, 3, "{bad", ""],
    ["printf '{\"a\":1}\\n{\"b\":2}\\n'", 0, '{"a":1}\n{"b":2}\n', ""],
  ];
  const run = await runHooks({
    event: "PreToolUse",
    input: BASH_INPUT,
    configuration: configOf("PreToolUse", cases.map(([command]) => ({ type: "command", command }))),
  });
  assert.equal(run.results.length, cases.length);
  for (const [command, exit, stdout, stderr] of cases) {
    const r = run.results.find((x) => x.command === command);
    assert.ok(r, command);
    assert.equal(r.status, "exited", command);
    assert.equal(r.exit, exit, command);
    assert.equal(r.stdout, stdout, command);
    assert.equal(r.stderr, stderr, command);
    assert.equal(r.form, "shell");
    assert.deepEqual(r.argv, ["/bin/sh", "-c", command]);
  }
});

test("a timeout kills the hook's whole process tree, grandchildren included", async () => {
  const pidFile = join(mkdtempSync(join(tmpdir(), "runner-timeout-")), "grandchild.pid");
  const run = await runHooks({
    event: "PreToolUse",
    input: BASH_INPUT,
    configuration: configOf("PreToolUse", [
      { type: "command", command: `${FIXTURES}grandchild.sh`, args: [pidFile], timeout: 1 },
    ]),
  });
  const [r] = run.results;
  assert.equal(r?.status, "timed_out");
  assert.equal(r?.timed_out, true);
  assert.equal(r?.exit, null);
  const grandchild = Number(readFileSync(pidFile, "utf8").trim());
  assert.ok(grandchild > 0);
  assert.equal(await waitUntilGone(grandchild, 5000), true, `grandchild ${grandchild} still running`);
});

test("a hook that leaves a daemon holding stdout open is finished when it exits", async () => {
  const pidFile = join(mkdtempSync(join(tmpdir(), "runner-daemon-")), "daemon.pid");
  const run = await runHooks({
    event: "PreToolUse",
    input: BASH_INPUT,
    configuration: configOf("PreToolUse", [{ type: "command", command: `${FIXTURES}daemon.sh`, args: [pidFile], timeout: 20 }]),
  });
  const daemon = Number(readFileSync(pidFile, "utf8").trim());
  try {
    const [r] = run.results;
    assert.equal(r?.status, "exited");
    assert.equal(r?.exit, 0);
    assert.equal(r?.stdout, '{"systemMessage":"daemon started"}\n');
    // The daemon is the hook's own business: the runner neither waits for it nor kills it on a normal exit.
    assert.equal(processAlive(daemon), true);
  } finally {
    process.kill(daemon, "SIGKILL");
  }
});

test("100 MB of output: the first maxOutputBytes are kept, the rest counted", async () => {
  const run = await runHooks({
    event: "PreToolUse",
    input: BASH_INPUT,
    maxOutputBytes: 1024 * 1024,
    configuration: configOf("PreToolUse", [{ type: "command", command: `${FIXTURES}big-output.sh` }]),
  });
  const [r] = run.results;
  assert.equal(r?.status, "exited");
  assert.equal(r?.exit, 0);
  assert.equal(r?.stdout.length, 1024 * 1024);
  assert.match(r?.stdout ?? "", /^x+$/);
  assert.equal(r?.stdout_dropped_bytes, 100 * 1024 * 1024 - 1024 * 1024);
});

test("a missing command: exit 127 from the shell, spawn_failed in exec form", async () => {
  const run = await runHooks({
    event: "PreToolUse",
    input: BASH_INPUT,
    configuration: configOf("PreToolUse", [
      { type: "command", command: "/nonexistent/hook.sh" },
      { type: "command", command: "/nonexistent/exec-hook", args: ["x"] },
    ]),
  });
  const shell = run.results.find((r) => r.form === "shell");
  const exec = run.results.find((r) => r.form === "exec");
  assert.equal(shell?.status, "exited");
  assert.equal(shell?.exit, 127);
  assert.match(shell?.stderr ?? "", /not found|No such file/);
  assert.equal(exec?.status, "spawn_failed");
  // Claude Code reports a hook that cannot start as exit 1 with the error as stderr (spawn-exec-enoent)
  assert.equal(exec?.exit, 1);
  assert.match(exec?.stderr ?? "", /^Error occurred while executing hook command: ENOENT/);
  assert.match(exec?.message ?? "", /ENOENT/);
});

test("non-UTF-8 output becomes U+FFFD; a hook that closes stdin early is fine", async () => {
  const run = await runHooks({
    event: "PreToolUse",
    input: { ...BASH_INPUT, padding: "p".repeat(256 * 1024) },
    configuration: configOf("PreToolUse", [
      { type: "command", command: `${FIXTURES}non-utf8.sh` },
      { type: "command", command: `${FIXTURES}close-stdin.sh` },
    ]),
  });
  const bytes = run.results.find((r) => r.command.endsWith("non-utf8.sh"));
  assert.equal(bytes?.stdout, "ok \uFFFD\uFFFD end");
  assert.equal(bytes?.stderr, "bad \uFFFD byte");
  const closed = run.results.find((r) => r.command.endsWith("close-stdin.sh"));
  assert.equal(closed?.status, "exited");
  assert.equal(closed?.exit, 0);
  assert.match(closed?.stdout ?? "", /closed stdin/);
});

test("an AbortSignal cancels running hooks and kills them", async () => {
  const pidFile = join(mkdtempSync(join(tmpdir(), "runner-abort-")), "grandchild.pid");
  const controller = new AbortController();
  const running = runHooks({
    event: "PreToolUse",
    input: BASH_INPUT,
    signal: controller.signal,
    configuration: configOf("PreToolUse", [{ type: "command", command: `${FIXTURES}grandchild.sh`, args: [pidFile] }]),
    onHookStarted: () => {
      const poll = setInterval(() => {
        if (existsSync(pidFile) && readFileSync(pidFile, "utf8").trim() !== "") {
          clearInterval(poll);
          controller.abort();
        }
      }, 20);
    },
  });
  const run = await running;
  assert.equal(run.results[0]?.status, "cancelled");
  assert.equal(await waitUntilGone(Number(readFileSync(pidFile, "utf8")), 5000), true);
});

test("async hooks: config async:true and the {\"async\":true} announcement go to the background", async () => {
  const run = await runHooks({
    event: "PostToolUse",
    input: BASH_INPUT,
    configuration: configOf("PostToolUse", [
      { type: "command", command: "sleep 0.3; echo configured", async: true },
      { type: "command", command: `printf '{"async":true}\\n'; sleep 0.3; echo announced` },
      { type: "command", command: "echo sync" },
    ]),
  });
  assert.deepEqual(
    run.results.map((r) => [r.status, r.async]).sort(),
    [["async", true], ["async", true], ["exited", false]],
  );
  const later = await run.background;
  assert.equal(later.length, 2);
  assert.ok(later.every((r) => r.status === "exited" && r.async));
  assert.deepEqual(later.map((r) => r.stdout.trim().split("\n").at(-1)).sort(), ["announced", "configured"]);
});

test("default timeouts per event; an explicit timeout wins", async () => {
  const timeouts: Record<string, number> = {};
  for (const event of ["PreToolUse", "UserPromptSubmit", "PreModelSwitch", "MessageDisplay"]) {
    const run = await runHooks({
      event,
      input: { ...BASH_INPUT, to_model: "m" },
      configuration: configOf(event, [{ type: "command", command: "true" }], ""),
    });
    timeouts[event] = run.results[0]!.timeout;
  }
  assert.deepEqual(timeouts, { PreToolUse: 600, UserPromptSubmit: 30, PreModelSwitch: 30, MessageDisplay: 10 });
  const run = await runHooks({
    event: "UserPromptSubmit",
    input: BASH_INPUT,
    configuration: configOf("UserPromptSubmit", [{ type: "command", command: "true", timeout: 5 }], ""),
  });
  assert.equal(run.results[0]?.timeout, 5);
});

test("hostile plugin root and project paths reach the hook as data, never as shell code", async () => {
  const base = mkdtempSync(join(tmpdir(), "runner-inject-"));
  const hostile = `we ird'"; touch ${base}/PWNED1 $(touch ${base}/PWNED2) \`touch ${base}/PWNED3\``;
  const pluginRoot = join(base, `plugin ${hostile}`);
  const pluginData = join(base, `data ${hostile}`);
  const projectDir = join(base, `project ${hostile}`);
  for (const d of [join(pluginRoot, "hooks"), pluginData, projectDir]) mkdirSync(d, { recursive: true });
  copyFileSync(join(FIXTURES, "echo-context.sh"), join(pluginRoot, "hooks", "echo-context.sh"));
  const commands = [
    "${CLAUDE_PLUGIN_ROOT}/hooks/echo-context.sh ${CLAUDE_PLUGIN_DATA} plain",
    '"${CLAUDE_PLUGIN_ROOT}/hooks/echo-context.sh" "${CLAUDE_PLUGIN_DATA}" double',
    "'${CLAUDE_PLUGIN_ROOT}/hooks/echo-context.sh' '${CLAUDE_PLUGIN_DATA}' single",
  ];
  writeFileSync(
    join(pluginRoot, "hooks", "hooks.json"),
    JSON.stringify({
      hooks: {
        PreToolUse: [
          {
            matcher: "Bash",
            hooks: [
              ...commands.map((command) => ({ type: "command", command })),
              { type: "command", command: "${CLAUDE_PLUGIN_ROOT}/hooks/echo-context.sh", args: ["${CLAUDE_PLUGIN_DATA}", "exec"] },
            ],
          },
        ],
      },
    }),
  );
  const configuration = loadHookConfiguration({ plugins: [{ name: "hostile", root: pluginRoot, dataDir: pluginData }] });
  assert.deepEqual(configuration.problems, []);
  const run = await runHooks({
    event: "PreToolUse",
    input: { ...BASH_INPUT, cwd: projectDir },
    projectDir,
    configuration,
  });
  assert.equal(run.results.length, 4);
  for (const r of run.results) {
    assert.equal(r.exit, 0, `${r.command}: ${r.stderr}`);
    const lines = r.stdout.split("\n");
    assert.equal(lines[0], "ARGC=2", r.command);
    assert.equal(lines[1], `ARG=${pluginData}`, r.command);
    assert.ok(lines.includes(`PWD=${projectDir}`), r.command);
    assert.ok(lines.includes(`CLAUDE_PROJECT_DIR=${projectDir}`));
    assert.ok(lines.includes(`CLAUDE_PLUGIN_ROOT=${pluginRoot}`));
    assert.ok(lines.includes(`CLAUDE_PLUGIN_DATA=${pluginData}`));
    assert.equal(r.plugin, "hostile");
    assert.equal(r.source, "plugin:hostile");
  }
  assert.deepEqual(readdirSync(base).filter((f) => f.startsWith("PWNED")), []);
});

test("exec form passes args verbatim ($HOME is not expanded); SessionStart gets CLAUDE_ENV_FILE", async () => {
  const run = await runHooks({
    event: "SessionStart",
    input: { session_id: "s-2", source: "startup", cwd: tmpdir() },
    configuration: configOf("SessionStart", [{ type: "command", command: `${FIXTURES}echo-context.sh`, args: ["$HOME", "a b"] }], "startup"),
  });
  const [r] = run.results;
  const lines = r?.stdout.split("\n") ?? [];
  assert.deepEqual(lines.slice(0, 3), ["ARGC=2", "ARG=$HOME", "ARG=a b"]);
  assert.ok(run.envFile !== null && existsSync(run.envFile));
  assert.ok(lines.includes(`CLAUDE_ENV_FILE=${run.envFile}`));
  const stdinLine = lines.find((l) => l.startsWith("STDIN="))!;
  assert.equal(JSON.parse(stdinLine.slice("STDIN=".length)).hook_event_name, "SessionStart");
});

test("SessionEnd hooks share one budget: 1.5 s, raised to the largest timeout", async () => {
  const short = await runHooks({
    event: "SessionEnd",
    input: { reason: "other" },
    configuration: configOf("SessionEnd", [{ type: "command", command: "sleep 5" }], ""),
  });
  assert.deepEqual([short.results[0]?.status, short.results[0]?.timeout], ["timed_out", 1.5]);
  const raised = await runHooks({
    event: "SessionEnd",
    input: { reason: "other" },
    configuration: configOf("SessionEnd", [{ type: "command", command: "true" }, { type: "command", command: "exit 0", timeout: 5 }], ""),
  });
  assert.deepEqual(raised.results.map((r) => r.timeout), [5, 5]);
});

test("a hook's output stays data: __proto__ payloads do not reach the runner's objects", async () => {
  const { runEvent } = await import("../../src/claude-code/runner/run-event.js");
  const payload = '{"__proto__":{"polluted":true},"constructor":{"prototype":{"polluted":true}},"hookSpecificOutput":{"hookEventName":"PreToolUse","__proto__":{"permissionDecision":"deny"},"additionalContext":"ok"}}';
  const outcome = await runEvent({
    event: "PreToolUse",
    input: BASH_INPUT,
    configuration: configOf("PreToolUse", [{ type: "command", command: `printf '%s' '${payload}'` }]),
  });
  assert.equal(({} as Record<string, unknown>)["polluted"], undefined);
  assert.equal(Object.prototype.hasOwnProperty.call(Object.prototype, "permissionDecision"), false);
  assert.equal(outcome.merged.effects.decision, null);
  assert.deepEqual(outcome.merged.effects.model_context, ["PreToolUse:Bash hook additional context: ok"]);
});
