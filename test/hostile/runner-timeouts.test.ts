// Hostile inputs, class 3 (issue 16): timeouts. A hook's answer is never lost to a descendant that
// holds its pipes (Claude Code 2.1.332 reads the deny once the hook exits: recorded in
// test/observer/claude-code/runner/observed/grandchild-*.json); a timeout beyond Node's timer limit
// (2^31 - 1 ms, about 24.8 days) is honoured, never cut to 1 ms; SIGTERM and SIGHUP to `run` kill
// the hooks' process groups as SIGINT does; eleven hooks raise no MaxListenersExceededWarning.
import { test, mock } from "node:test";
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { runEvent, type EventOutcome } from "../../src/claude-code/runner/run-event.js";
import { MAX_TIMER_MS, setLongTimeout, spawnHook } from "../../src/process/spawn-hook.js";

const ROOT = fileURLToPath(new URL("../../", import.meta.url));
const DENY = JSON.stringify({ hookSpecificOutput: { hookEventName: "PreToolUse", permissionDecision: "deny", permissionDecisionReason: "grandchild deny" } });

async function run(hooks: unknown[], event = "PreToolUse", env: NodeJS.ProcessEnv = process.env): Promise<EventOutcome> {
  const matcher = event === "PreToolUse" ? { matcher: "Bash" } : {};
  return runEvent({
    event,
    input: { tool_name: "Bash", tool_input: { command: "ls" }, reason: "other" },
    configuration: { settings: [{ kind: "flag", file: "flag.json", text: JSON.stringify({ hooks: { [event]: [{ ...matcher, hooks }] } }) }] },
    cwd: process.cwd(),
    env,
  });
}

test("a detached grandchild holds stdout and stderr; the hook prints a deny and exits: the deny applies (grandchild-holds-pipes-deny)", async () => {
  const outcome = await run([{ type: "command", command: `setsid sleep 30 & printf '%s\\n' '${DENY}'`, timeout: 8 }]);
  assert.equal(outcome.records[0]?.outcome, "block");
  assert.equal(outcome.records[0]?.timed_out, false);
  assert.equal(outcome.merged.effects.tool_result, "PreToolUse:Bash hook error: grandchild deny");
});

test("a grandchild holds stderr only; the hook writes to stderr and exits 2: blocked (grandchild-holds-stderr-exit2)", async () => {
  const outcome = await run([{ type: "command", command: "setsid sleep 30 >/dev/null & echo 'gc blocked' >&2; exit 2", timeout: 8 }]);
  assert.equal(outcome.merged.effects.decision, "deny");
  assert.match(outcome.merged.effects.tool_result ?? "", /gc blocked/);
});

test("a grandchild that keeps writing past the hook's timeout: the deny still applies (grandchild-keeps-writing)", async () => {
  const chatty = "setsid sh -c 'i=0; while [ $i -lt 60 ]; do echo tick >&2; i=$((i+1)); sleep 0.1; done' &";
  const outcome = await run([{ type: "command", command: `${chatty} printf '%s\\n' '${DENY}'`, timeout: 2 }]);
  assert.equal(outcome.records[0]?.timed_out, false);
  assert.equal(outcome.merged.effects.decision, "deny");
  assert.match(outcome.records[0]?.stderr ?? "", /^tick\n/);
});

test("a grandchild that is not detached (same process group) and holds the pipes: the deny applies", async () => {
  const outcome = await run([{ type: "command", command: `sleep 30 & printf '%s\\n' '${DENY}'`, timeout: 8 }]);
  assert.equal(outcome.merged.effects.decision, "deny");
});

test("a hook that never exits is still bounded by its timeout, with its group killed", async () => {
  const outcome = await run([{ type: "command", command: `printf '%s\\n' '${DENY}'; trap '' TERM; sleep 30`, timeout: 1 }]);
  assert.equal(outcome.records[0]?.outcome, "timeout");
  assert.equal(outcome.records[0]?.timed_out, true);
});

for (const timeout of [2147484, 1e9, 1e15]) {
  test(`a settings timeout of ${timeout} s is honoured, not cut to 1 ms`, async () => {
    const outcome = await run([{ type: "command", command: `sleep 0.3; printf '%s' '${DENY}'`, timeout }]);
    assert.equal(outcome.records[0]?.timed_out, false);
    assert.equal(outcome.records[0]?.timeout, timeout);
    assert.equal(outcome.merged.effects.decision, "deny");
  });
}

test("CLAUDE_CODE_SESSIONEND_HOOKS_TIMEOUT_MS beyond the timer limit is honoured", async () => {
  const outcome = await run([{ type: "command", command: "sleep 0.3; echo done" }], "SessionEnd", { ...process.env, CLAUDE_CODE_SESSIONEND_HOOKS_TIMEOUT_MS: "1e15" });
  assert.equal(outcome.records[0]?.timed_out, false);
  assert.equal(outcome.records[0]?.exit, 0);
});

test("setLongTimeout chains timers: a delay of 3 x 2^31 ms fires after the third step, not after 1 ms", () => {
  mock.timers.enable({ apis: ["setTimeout"] });
  try {
    let fired = 0;
    setLongTimeout(() => fired++, 3 * MAX_TIMER_MS);
    mock.timers.tick(1);
    assert.equal(fired, 0);
    mock.timers.tick(MAX_TIMER_MS);
    mock.timers.tick(MAX_TIMER_MS);
    assert.equal(fired, 0);
    mock.timers.tick(MAX_TIMER_MS);
    assert.equal(fired, 1);
    const cancel = setLongTimeout(() => fired++, 2 * MAX_TIMER_MS);
    mock.timers.tick(MAX_TIMER_MS);
    cancel();
    mock.timers.tick(MAX_TIMER_MS);
    assert.equal(fired, 1);
  } finally {
    mock.timers.reset();
  }
});

test("an infinite timeout never fires; the hook ends on its own", async () => {
  const outcome = await spawnHook({ file: "/bin/sh", args: ["-c", "sleep 0.2; echo ok"], cwd: "/", env: process.env, stdin: "", timeoutMs: Infinity, maxOutputBytes: 100 });
  assert.equal(outcome.status, "exited");
  assert.equal(outcome.stdout, "ok\n");
});

test("`run --timeout 1e9 -- COMMAND`: the command runs to its end", async () => {
  const dir = mkdtempSync(join(tmpdir(), "hostile-timeouts-"));
  writeFileSync(join(dir, "input.json"), JSON.stringify({ hook_event_name: "PreToolUse", tool_name: "Bash", tool_input: { command: "ls" } }));
  const { code, stdout } = await cli(["run", "--json", "--input", join(dir, "input.json"), "--project-dir", dir, "--timeout", "1e9", "--", "/bin/sh", "-c", `sleep 0.3; printf '%s' '${DENY}'`]);
  assert.equal(code, 0);
  assert.equal((JSON.parse(stdout) as { effects: { decision: string } }).effects.decision, "deny");
});

function cli(args: string[], onStarted?: (child: ReturnType<typeof spawn>) => void): Promise<{ code: number | null; signal: string | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ["--import", "tsx", join(ROOT, "src/cli.ts"), ...args], { cwd: ROOT, stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d: Buffer) => (stdout += d));
    child.stderr.on("data", (d: Buffer) => (stderr += d));
    child.on("close", (code, signal) => resolve({ code, signal, stdout, stderr }));
    onStarted?.(child);
  });
}

const alive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

async function waitFor(predicate: () => boolean): Promise<void> {
  while (!predicate()) await new Promise((r) => setTimeout(r, 50));
}

for (const [signal, code] of [["SIGTERM", 143], ["SIGHUP", 129], ["SIGINT", 130]] as const) {
  test(`${signal} to \`run\`: the hooks' process groups are killed and run exits ${code}`, async () => {
    const dir = mkdtempSync(join(tmpdir(), "hostile-signal-"));
    const pidFile = join(dir, "pids");
    writeFileSync(join(dir, "input.json"), JSON.stringify({ hook_event_name: "PreToolUse", tool_name: "Bash", tool_input: { command: "ls" } }));
    // the hook and its child both record their pids, then wait
    const hook = `sleep 100 & echo $! >> ${pidFile}; echo $$ >> ${pidFile}; wait`;
    const result = await cli(["run", "--input", join(dir, "input.json"), "--project-dir", dir, "--", "/bin/sh", "-c", hook], (child) => {
      void waitFor(() => existsSync(pidFile) && readFileSync(pidFile, "utf8").trim().split("\n").length >= 2).then(() => child.kill(signal));
    });
    assert.equal(result.code, code, result.stderr);
    assert.doesNotMatch(result.stderr, /\n\s+at /);
    const pids = readFileSync(pidFile, "utf8").trim().split("\n").map(Number);
    await waitFor(() => pids.every((pid) => !alive(pid)));
    assert.match(result.stdout, /cancel/);
  });
}

test("eleven and more hooks on one event: no MaxListenersExceededWarning", async () => {
  const warnings: string[] = [];
  const onWarning = (w: Error): void => void warnings.push(w.name);
  process.on("warning", onWarning);
  try {
    const controller = new AbortController();
    const hooks = Array.from({ length: 25 }, (_, i) => ({ type: "command", command: `echo ${i}` }));
    const async = Array.from({ length: 12 }, (_, i) => ({ type: "command", command: `echo async ${i}`, async: true }));
    const outcome = await runEvent({
      event: "PreToolUse",
      input: { tool_name: "Bash", tool_input: { command: "ls" } },
      configuration: { settings: [{ kind: "flag", file: "f.json", text: JSON.stringify({ hooks: { PreToolUse: [{ hooks: [...hooks, ...async] }] } }) }] },
      signal: controller.signal,
    });
    await outcome.background;
    await new Promise((r) => setImmediate(r));
    assert.equal(outcome.records.length, 37);
    assert.deepEqual(warnings.filter((w) => w === "MaxListenersExceededWarning"), []);
  } finally {
    process.off("warning", onWarning);
  }
});
