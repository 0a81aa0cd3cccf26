// Hostile inputs, class 3 (issue 16): timeouts. A hook's answer is never lost to a descendant that
// holds its pipes (Claude Code 2.1.332 reads the deny once the hook exits: recorded in
// test/observer/claude-code/runner/observed/grandchild-*.json); a timeout beyond Node's timer limit
// (2^31 - 1 ms, about 24.8 days) is honoured, never cut to 1 ms; SIGTERM and SIGHUP to `run` kill
// the hooks' process groups as SIGINT does; eleven hooks raise no MaxListenersExceededWarning.
import { after, test, mock } from "node:test";
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { alive, allGone, waitFor } from "../lib/processes.js";
import { runEvent, type EventOutcome } from "../../src/claude-code/runner/run-event.js";
import { MAX_TIMER_MS, setLongTimeout, spawnHook } from "../../src/process/spawn-hook.js";

const ROOT = fileURLToPath(new URL("../../", import.meta.url));
/** Every file an attempt makes lives here; removed after the tests, with the processes pid files name. */
const TMP = mkdtempSync(join(tmpdir(), "hostile-timeouts-"));
const leftBehind: string[] = [];
after(() => {
  for (const pidFile of leftBehind) {
    for (const pid of existsSync(pidFile) ? readFileSync(pidFile, "utf8").trim().split("\n").map(Number) : []) {
      try {
        process.kill(pid, "SIGKILL");
      } catch {
        // already gone
      }
    }
  }
  rmSync(TMP, { recursive: true, force: true });
});
/** Descendants that outlive their hook by design (a detached grandchild) write their pid here. */
const STRAYS = join(TMP, "strays.pid");
leftBehind.push(STRAYS);
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
  const outcome = await run([{ type: "command", command: `setsid sleep 30 & echo $! >> ${STRAYS}; printf '%s\\n' '${DENY}'`, timeout: 8 }]);
  assert.equal(outcome.records[0]?.outcome, "block");
  assert.equal(outcome.records[0]?.timed_out, false);
  assert.equal(outcome.merged.effects.tool_result, "PreToolUse:Bash hook error: grandchild deny");
});

test("a grandchild holds stderr only; the hook writes to stderr and exits 2: blocked (grandchild-holds-stderr-exit2)", async () => {
  const outcome = await run([{ type: "command", command: `setsid sleep 30 >/dev/null & echo $! >> ${STRAYS}; echo 'gc blocked' >&2; exit 2`, timeout: 8 }]);
  assert.equal(outcome.merged.effects.decision, "deny");
  assert.match(outcome.merged.effects.tool_result ?? "", /gc blocked/);
});

test("a grandchild that keeps writing past the hook's timeout: the deny still applies (grandchild-keeps-writing)", async () => {
  const chatty = `setsid sh -c 'i=0; while [ $i -lt 60 ]; do echo tick >&2; i=$((i+1)); sleep 0.1; done' & echo $! >> ${STRAYS};`;
  const outcome = await run([{ type: "command", command: `${chatty} printf '%s\\n' '${DENY}'`, timeout: 2 }]);
  assert.equal(outcome.records[0]?.timed_out, false);
  assert.equal(outcome.merged.effects.decision, "deny");
  assert.match(outcome.records[0]?.stderr ?? "", /^tick\n/);
});

test("a grandchild that is not detached (same process group) and holds the pipes: the deny applies", async () => {
  const outcome = await run([{ type: "command", command: `sleep 30 & echo $! >> ${STRAYS}; printf '%s\\n' '${DENY}'`, timeout: 8 }]);
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
  const dir = mkdtempSync(join(TMP, "cli-"));
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


for (const [signal, code] of [["SIGTERM", 143], ["SIGHUP", 129], ["SIGINT", 130]] as const) {
  test(`${signal} to \`run\`: the hooks' process groups are killed and run exits ${code}`, async () => {
    const dir = mkdtempSync(join(TMP, "signal-"));
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

// Second attack pass (held-out style).


function settingsText(timeout: string, command: string): string {
  return `{"hooks":{"PreToolUse":[{"matcher":"Bash","hooks":[{"type":"command","command":${JSON.stringify(command)},"timeout":${timeout}}]}]}}`;
}

for (const [written, shown] of [["0", "0"], ["-1", "-1"], ["-0", "-0"], ["1e309", "Infinity"], ["-1e309", "-Infinity"], ["\"5\"", "\"5\""], ["\"NaN\"", "\"NaN\""], ["true", "true"], ["[]", "[]"], ["{}", "{}"], ["null", "null"]] as const) {
  test(`a settings timeout of ${written}: refused with the value as written (${shown}), never a 1 ms or endless timeout`, async () => {
    const outcome = await runEvent({
      event: "PreToolUse",
      input: { tool_name: "Bash", tool_input: { command: "ls" } },
      configuration: { settings: [{ kind: "flag", file: "f.json", text: settingsText(written, `printf '%s' '${DENY}'`) }] },
    });
    assert.equal(outcome.records.filter((r) => r.timed_out).length, 0);
    const problem = outcome.run.problems.find((p) => p.path.endsWith("/timeout"));
    assert.ok(problem, JSON.stringify(outcome.run.problems));
    assert.ok(problem.message.endsWith(` ${shown}`), problem.message);
  });
}

for (const timeout of ["1e308", "2147483.647", "2147483.648", "4294967.296"]) {
  test(`a settings timeout of ${timeout} s (at and past the timer limit, up to 1e308): honoured; the slow deny applies`, async () => {
    const outcome = await runEvent({
      event: "PreToolUse",
      input: { tool_name: "Bash", tool_input: { command: "ls" } },
      configuration: { settings: [{ kind: "flag", file: "f.json", text: settingsText(timeout, `sleep 0.3; printf '%s' '${DENY}'`) }] },
    });
    assert.equal(outcome.records[0]?.timed_out, false);
    assert.equal(outcome.merged.effects.decision, "deny");
  });
}

test("a settings timeout of 0.0001 s: honoured as configured (the hook is cut off), not lengthened", async () => {
  const outcome = await runEvent({
    event: "PreToolUse",
    input: { tool_name: "Bash", tool_input: { command: "ls" } },
    configuration: { settings: [{ kind: "flag", file: "f.json", text: settingsText("0.0001", `sleep 1; printf '%s' '${DENY}'`) }] },
  });
  assert.equal(outcome.records[0]?.timed_out, true);
});

for (const value of ["0", "-5", "abc", "Infinity", "1e400", "NaN", ""]) {
  test(`CLAUDE_CODE_SESSIONEND_HOOKS_TIMEOUT_MS=${JSON.stringify(value)}: the default budget applies; the hook finishes`, async () => {
    const outcome = await run([{ type: "command", command: "sleep 0.3; echo done" }], "SessionEnd", { ...process.env, CLAUDE_CODE_SESSIONEND_HOOKS_TIMEOUT_MS: value });
    assert.equal(outcome.records[0]?.timed_out, false);
    assert.equal(outcome.records[0]?.exit, 0);
  });
}

test("a hook that prints a deny then execs into a sleep past its timeout: a timeout, its output discarded, the process killed (timeout-deny-then-exec-sleep)", async () => {
  const pids = join(TMP, "exec-sleep.pid");
  const outcome = await run([{ type: "command", command: `echo $$ > ${pids}; printf '%s\\n' '${DENY}'; exec sleep 30`, timeout: 1 }]);
  assert.equal(outcome.records[0]?.outcome, "timeout");
  assert.notEqual(outcome.merged.effects.decision, "deny");
  await allGone(pids);
});

test("a hook that prints a deny, closes stdout and stderr and keeps running: a timeout, the process killed (timeout-deny-then-close-stdout)", async () => {
  const pids = join(TMP, "close-stdout.pid");
  const outcome = await run([{ type: "command", command: `echo $$ > ${pids}; printf '%s\\n' '${DENY}'; exec >&- 2>&-; sleep 30`, timeout: 1 }]);
  assert.equal(outcome.records[0]?.outcome, "timeout");
  await allGone(pids);
});

test("a hook and its child both ignoring SIGTERM past the timeout: SIGKILL to the group reaches both", async () => {
  const pids = join(TMP, "ignore-term.pid");
  const outcome = await run([{ type: "command", command: `trap '' TERM; echo $$ >> ${pids}; sh -c 'trap "" TERM; echo $$ >> ${pids}; sleep 30' & wait`, timeout: 1 }]);
  assert.equal(outcome.records[0]?.outcome, "timeout");
  await waitFor(() => existsSync(pids) && readFileSync(pids, "utf8").trim().split("\n").length === 2);
  await allGone(pids);
});

test("a hook whose grandchild holds only stdout (stderr closed), without setsid: the deny applies, no timeout", async () => {
  const outcome = await run([{ type: "command", command: `sleep 30 2>&- & echo $! >> ${STRAYS}; printf '%s\\n' '${DENY}'`, timeout: 8 }]);
  assert.equal(outcome.records[0]?.timed_out, false);
  assert.equal(outcome.merged.effects.decision, "deny");
});

test("a hook that moves itself to a new session (setsid) and answers from there: bounded, the deny applies", async () => {
  // setsid(1) forks when the caller leads its group (every hook does): the hook exits at once and
  // the new session writes the deny on the inherited stdout; no group kill reaches it, so it records its pid
  const outcome = await run([{ type: "command", command: `exec setsid sh -c 'echo $$ >> ${STRAYS}; trap "" TERM; sleep 0.3; printf "%s\\n" '"'"'${DENY}'"'"'; sleep 30'`, timeout: 3 }]);
  assert.equal(outcome.records.length, 1);
  assert.equal(outcome.records[0]?.timed_out, false);
});

test("the same slow hook configured with two timeouts (runs once, as Claude Code dedupes) and a sibling finishing first: both answers kept", async () => {
  const slow = `sleep 0.4; printf '%s' '${DENY}'`;
  const outcome = await run([{ type: "command", command: slow, timeout: 5 }, { type: "command", command: slow, timeout: 7 }, { type: "command", command: "echo '{}'", timeout: 1 }]);
  assert.equal(outcome.merged.effects.decision, "deny");
  assert.equal(outcome.records.filter((r) => r.outcome !== "skipped").length, 2);
});

test("SIGTERM to `run` while it is still starting 150 hooks: every hook started is killed, run exits 143", async () => {
  const dir = mkdtempSync(join(TMP, "spawning-"));
  const pidFile = join(dir, "pids");
  writeFileSync(join(dir, "input.json"), JSON.stringify({ hook_event_name: "PreToolUse", tool_name: "Bash", tool_input: { command: "ls" } }));
  const hooks = Array.from({ length: 150 }, (_, i) => ({ type: "command", command: `echo $$ >> ${pidFile}; sleep 100 # ${i}` }));
  writeFileSync(join(dir, "settings.json"), JSON.stringify({ hooks: { PreToolUse: [{ matcher: "Bash", hooks }] } }));
  const result = await cli(["run", "--settings", join(dir, "settings.json"), "--input", join(dir, "input.json"), "--project-dir", dir], (child) => {
    void waitFor(() => existsSync(pidFile)).then(() => child.kill("SIGTERM"));
  });
  assert.equal(result.code, 143, result.stderr.slice(0, 2000));
  assert.doesNotMatch(result.stderr, /\n\s+at /);
  await allGone(pidFile);
});

test("SIGINT twice to `run` (an impatient user): still one clean cancel, hooks killed, exit 130", async () => {
  const dir = mkdtempSync(join(TMP, "twice-"));
  const pidFile = join(dir, "pids");
  writeFileSync(join(dir, "input.json"), JSON.stringify({ hook_event_name: "PreToolUse", tool_name: "Bash", tool_input: { command: "ls" } }));
  const hook = `trap '' TERM; echo $$ >> ${pidFile}; sleep 100`;
  const result = await cli(["run", "--input", join(dir, "input.json"), "--project-dir", dir, "--", "/bin/sh", "-c", hook], (child) => {
    void waitFor(() => existsSync(pidFile)).then(() => {
      child.kill("SIGINT");
      child.kill("SIGINT");
    });
  });
  assert.equal(result.code, 130, result.stderr.slice(0, 2000));
  await allGone(pidFile);
});

test("SIGHUP to `run` while async hooks finish in the background: they are killed too", async () => {
  const dir = mkdtempSync(join(TMP, "async-"));
  const pidFile = join(dir, "pids");
  writeFileSync(join(dir, "input.json"), JSON.stringify({ hook_event_name: "PreToolUse", tool_name: "Bash", tool_input: { command: "ls" } }));
  writeFileSync(join(dir, "settings.json"), JSON.stringify({ hooks: { PreToolUse: [{ matcher: "Bash", hooks: [{ type: "command", command: `echo $$ >> ${pidFile}; sleep 100`, async: true }, { type: "command", command: "echo '{}'" }] }] } }));
  const result = await cli(["run", "--settings", join(dir, "settings.json"), "--input", join(dir, "input.json"), "--project-dir", dir], (child) => {
    void waitFor(() => existsSync(pidFile)).then(() => child.kill("SIGHUP"));
  });
  assert.equal(result.code, 129, result.stderr.slice(0, 2000));
  await allGone(pidFile);
});
