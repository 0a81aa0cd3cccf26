// Hostile inputs, class 2 (issue 16): the runner never crashes or loses a deny. Each attempt puts
// one hook that cannot start (or whose request Node refuses) beside a hook that denies, and
// asserts: no throw, the failed hook is reported as Claude Code 2.1.332 reports it (recorded:
// test/observer/claude-code/runner/observed/spawn-*.json, http-*.json: exit 1 with
// `Failed to run: <error>` or `Error occurred while executing hook command: <error>` as stderr,
// a non-blocking error, "A hook gave no usable answer"), and the sibling's deny is merged.
import { after, test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { chmodSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { runEvent, type EventOutcome } from "../../src/claude-code/runner/run-event.js";
import { postHttpHook } from "../../src/claude-code/runner/http-hook.js";
import { spawnHook } from "../../src/process/spawn-hook.js";

const ROOT = fileURLToPath(new URL("../../", import.meta.url));
/** Every file an attempt makes lives here, removed after the tests. */
const TMP = mkdtempSync(join(tmpdir(), "hostile-spawn-"));
after(() => rmSync(TMP, { recursive: true, force: true }));
const DENY = JSON.stringify({ hookSpecificOutput: { hookEventName: "PreToolUse", permissionDecision: "deny", permissionDecisionReason: "sibling deny" } });
const DENY_HOOK = { type: "command", command: `printf '%s' '${DENY}'` };
const NO_USABLE_ANSWER = "A hook gave no usable answer, so it didn't check this action.";

function settings(...hooks: unknown[]) {
  return { settings: [{ kind: "flag" as const, file: "flag.json", text: JSON.stringify({ hooks: { PreToolUse: [{ matcher: "Bash", hooks }] } }) }] };
}

async function run(hooks: unknown[], input: Record<string, unknown> = {}, cwd = process.cwd()): Promise<EventOutcome> {
  return runEvent({
    event: "PreToolUse",
    input: { tool_name: "Bash", tool_input: { command: "ls" }, session_id: "s", ...input },
    configuration: settings(...hooks),
    cwd,
  });
}

/** The deny survived and the other hook is one failed start, worded as Claude Code words it. */
function assertDenyBesideFailedStart(outcome: EventOutcome, stderr: RegExp): void {
  assert.equal(outcome.merged.effects.decision, "deny");
  assert.equal(outcome.merged.effects.tool_result, "PreToolUse:Bash hook error: sibling deny");
  const failed = outcome.records.find((r) => r.outcome === "error");
  assert.ok(failed, "the hook that could not start is reported");
  assert.match(failed.stderr, stderr);
  assert.equal(failed.no_verdict, "no_usable_answer");
  assert.ok(outcome.merged.effects.notices.includes(NO_USABLE_ANSWER));
}

test("a NUL byte in a shell command: Failed to run (spawn-nul-in-command); the deny survives", async () => {
  const outcome = await run([{ type: "command", command: "echo a\u0000b" }, DENY_HOOK]);
  assertDenyBesideFailedStart(outcome, /^Failed to run: .*null bytes/);
  assert.equal(outcome.records.find((r) => r.outcome === "error")?.exit, 1);
});

test("a NUL byte in an exec-form argument: Failed to run (spawn-nul-in-arg); the deny survives", async () => {
  assertDenyBesideFailedStart(await run([{ type: "command", command: "/bin/echo", args: ["a\u0000b"] }, DENY_HOOK]), /^Failed to run: .*null bytes/);
});

test("a NUL byte in the exec-form program", async () => {
  assertDenyBesideFailedStart(await run([{ type: "command", command: "/bin/ec\u0000ho", args: ["x"] }, DENY_HOOK]), /^Failed to run: /);
});

test("a NUL byte in an environment value (the event's session_id becomes CLAUDE_CODE_SESSION_ID)", async () => {
  // Every hook gets that environment: none starts, none throws, each is reported.
  const outcome = await run([DENY_HOOK, { type: "command", command: "true" }], { session_id: "s\u0000x" });
  assert.equal(outcome.records.length, 2);
  for (const r of outcome.records) {
    assert.equal(r.outcome, "error");
    assert.match(r.stderr, /^Failed to run: .*null bytes/);
  }
});

test("a NUL byte in the event input's cwd (the hooks' working directory)", async () => {
  const outcome = await runEvent({
    event: "PreToolUse",
    input: { tool_name: "Bash", tool_input: { command: "ls" }, cwd: "/tmp\u0000/x" },
    configuration: settings(DENY_HOOK),
  });
  assert.equal(outcome.records[0]?.outcome, "error");
  assert.match(outcome.records[0]?.stderr ?? "", /^Failed to run: /);
});

test("a NUL byte in a string of the tool input reaches the hook escaped: the deny applies", async () => {
  const outcome = await run([DENY_HOOK], { tool_input: { command: "rm -rf /\u0000" } });
  assert.equal(outcome.merged.effects.decision, "deny");
});

test("a missing exec-form program: Error occurred while executing hook command (spawn-exec-enoent)", async () => {
  const outcome = await run([{ type: "command", command: "/nonexistent/hook-binary", args: ["x"] }, DENY_HOOK]);
  assertDenyBesideFailedStart(outcome, /^Error occurred while executing hook command: ENOENT/);
});

test("a directory as the program: EACCES (spawn-missing-cwd-like)", async () => {
  assertDenyBesideFailedStart(await run([{ type: "command", command: "/tmp", args: [] }, DENY_HOOK]), /^Error occurred while executing hook command: EACCES/);
});

test("a working directory that does not exist: the failure names it", async () => {
  const outcome = await run([DENY_HOOK], {}, "/nonexistent/project/dir");
  assert.equal(outcome.records[0]?.outcome, "error");
  assert.match(outcome.records[0]?.stderr ?? "", /working directory .*does not exist/);
});

test("a 10 MB shell command: E2BIG is one failed start; the deny survives", async () => {
  const outcome = await run([{ type: "command", command: `echo ${"x".repeat(10 * 1024 * 1024)}` }, DENY_HOOK]);
  assertDenyBesideFailedStart(outcome, /^Error occurred while executing hook command: E2BIG/);
  // the message does not quote the 10 MB
  assert.ok((outcome.records.find((r) => r.outcome === "error")?.stderr.length ?? 0) < 2000);
});

test("an environment variable too large for execve: E2BIG for each hook, no throw", async () => {
  const outcome = await runEvent({
    event: "PreToolUse",
    input: { tool_name: "Bash", tool_input: { command: "ls" } },
    configuration: settings(DENY_HOOK),
    env: { ...process.env, HUGE: "y".repeat(256 * 1024) },
  });
  assert.equal(outcome.records[0]?.outcome, "error");
  assert.match(outcome.records[0]?.stderr ?? "", /E2BIG/);
});

test("an http hook with a space in a header name: the words Claude Code shows (http-space-header-name); the deny survives", async () => {
  const outcome = await run([{ type: "http", url: "http://127.0.0.1:9/hook", headers: { "X Bad": "v" } }, DENY_HOOK]);
  assertDenyBesideFailedStart(outcome, /^Header name must be a valid HTTP token \["X Bad"\]$/);
});

test("an http hook with CR LF in a header value: one failed start; the deny survives", async () => {
  assertDenyBesideFailedStart(await run([{ type: "http", url: "http://127.0.0.1:9/hook", headers: { "X-Test": "a\r\nInjected: b" } }, DENY_HOOK]), /Invalid character in header content/);
});

test("an http hook with a NUL byte in a header value", async () => {
  assertDenyBesideFailedStart(await run([{ type: "http", url: "http://127.0.0.1:9/hook", headers: { "X-Test": "a\u0000b" } }, DENY_HOOK]), /header/i);
});

test("an http hook whose server refuses the connection (http-refused)", async () => {
  assertDenyBesideFailedStart(await run([{ type: "http", url: "http://127.0.0.1:9/hook" }, DENY_HOOK]), /ECONNREFUSED/);
});

test("an http hook with a URL new URL() refuses, on PreToolUse: the whole file is not applied (http-invalid-url); a deny in another file survives", async () => {
  const bad = { type: "http", url: "http://exa mple.invalid:99999/x" };
  const sameFile = await run([bad, DENY_HOOK]);
  assert.equal(sameFile.records.length, 0);
  assert.match(sameFile.merged.errors.join("\n"), /Invalid http hook \(url: Invalid URL\).*no hook of this file runs/);
  const otherFile = await runEvent({
    event: "PreToolUse",
    input: { tool_name: "Bash", tool_input: { command: "ls" } },
    configuration: {
      settings: [
        { kind: "project", file: "project.json", text: JSON.stringify({ hooks: { PreToolUse: [{ matcher: "Bash", hooks: [DENY_HOOK] }] } }) },
        { kind: "flag", file: "flag.json", text: JSON.stringify({ hooks: { PreToolUse: [{ matcher: "Bash", hooks: [bad] }] } }) },
      ],
    },
  });
  assert.equal(otherFile.merged.effects.decision, "deny");
});

test("a settings file linked to /dev/zero: read no further than 64 MiB and reported, no crash; a deny in another file runs", async () => {
  const dir = mkdtempSync(join(tmpdir(), "runner-devzero-"));
  try {
    symlinkSync("/dev/zero", join(dir, "settings.json"));
    const outcome = await runEvent({
      event: "PreToolUse",
      input: { tool_name: "Bash", tool_input: { command: "ls" } },
      configuration: {
        settings: [
          { kind: "project", file: join(dir, "settings.json") },
          { kind: "flag", file: "flag.json", text: JSON.stringify({ hooks: { PreToolUse: [{ matcher: "Bash", hooks: [DENY_HOOK] }] } }) },
        ],
      },
    });
    assert.equal(outcome.merged.effects.decision, "deny");
    assert.ok(outcome.run.problems.some((p) => p.message.includes("more than 64 MiB")), JSON.stringify(outcome.run.problems).slice(0, 2000));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test("an http hook with a URL new URL() refuses, on PostToolUse: only that entry is dropped (http-invalid-url-post)", async () => {
  const context = JSON.stringify({ hookSpecificOutput: { hookEventName: "PostToolUse", additionalContext: "ctx" } });
  const outcome = await runEvent({
    event: "PostToolUse",
    input: { tool_name: "Bash", tool_input: { command: "ls" }, tool_response: {} },
    configuration: { settings: [{ kind: "flag", file: "f.json", text: JSON.stringify({ hooks: { PostToolUse: [{ matcher: "Bash", hooks: [{ type: "http", url: "http://a b/" }, { type: "command", command: `printf '%s' '${context}'` }] }] } }) }] },
  });
  assert.equal(outcome.records.length, 1);
  assert.match(outcome.run.problems[0]?.message ?? "", /entry ignored/);
});

test("postHttpHook on its own with a URL it cannot parse or an unsupported protocol: a failed start, no throw", async () => {
  const base = { headers: {}, allowedEnvVars: [], env: {}, body: "{}", timeoutMs: 1000, maxOutputBytes: 1000 };
  assert.equal((await postHttpHook({ ...base, url: "not a url" })).status, "spawn_failed");
  assert.equal((await postHttpHook({ ...base, url: "ftp://127.0.0.1/x" })).status, "spawn_failed");
});

test("spawnHook, which every agent's runner uses, on a NUL byte in the program, an argument, an environment value: a failed start, no throw", async () => {
  const base = { file: "/bin/echo", args: ["x"], cwd: "/", env: {}, stdin: "", timeoutMs: 5000, maxOutputBytes: 100 };
  for (const request of [{ ...base, file: "/bin/ec\u0000ho" }, { ...base, args: ["a\u0000b"] }, { ...base, env: { A: "a\u0000b" } }]) {
    const outcome = await spawnHook(request);
    assert.equal(outcome.status, "spawn_failed");
    assert.equal(outcome.startFailure, "refused");
    assert.match(outcome.message ?? "", /null bytes/);
  }
});

test("spawnHook with a timeout that is not a positive number: a failed start, not a 1 ms timeout", async () => {
  for (const timeoutMs of [Number.NaN, 0, -5]) {
    const outcome = await spawnHook({ file: "/bin/true", args: [], cwd: "/", env: {}, stdin: "", timeoutMs, maxOutputBytes: 10 });
    assert.equal(outcome.status, "spawn_failed");
    assert.match(outcome.message ?? "", /invalid timeout/);
  }
});

test("the CLI on settings with a NUL byte in a command: the deny is printed, exit 0, no stack trace", () => {
  const dir = mkdtempSync(join(TMP, "cli-"));
  const file = join(dir, "settings.json");
  writeFileSync(file, JSON.stringify({ hooks: { PreToolUse: [{ matcher: "Bash", hooks: [{ type: "command", command: "echo a\u0000b" }, DENY_HOOK] }] } }));
  writeFileSync(join(dir, "input.json"), JSON.stringify({ hook_event_name: "PreToolUse", tool_name: "Bash", tool_input: { command: "ls" } }));
  const cli = spawnSync(process.execPath, ["--import", "tsx", join(ROOT, "src/cli.ts"), "run", "--json", "--settings", file, "--input", join(dir, "input.json"), "--project-dir", dir], { encoding: "utf8", cwd: ROOT });
  assert.equal(cli.status, 0, cli.stderr);
  assert.doesNotMatch(cli.stderr, /\n\s+at /);
  const merged = JSON.parse(cli.stdout) as { effects: { decision: string } };
  assert.equal(merged.effects.decision, "deny");
});

// Second attack pass (held-out style): more ways a hook cannot start, and hooks that start and
// then misbehave. The same promise each time: no throw, the broken hook is its own failed start or
// non-blocking error, the sibling's deny is merged.

/** A file in TMP with `text`, made executable when `mode` says so. */
function file(name: string, text: string, mode = 0o644): string {
  const path = join(TMP, name);
  writeFileSync(path, text);
  chmodSync(path, mode);
  return path;
}

test("the working directory is a file: each hook is a failed start (ENOTDIR), no throw", async () => {
  const outcome = await run([DENY_HOOK, { type: "command", command: "true" }], {}, file("cwd-is-a-file", "x"));
  assert.equal(outcome.records.length, 2);
  for (const r of outcome.records) assert.match(r.stderr, /^Error occurred while executing hook command: ENOTDIR/);
});

test("a working directory with a newline that does not exist: named in one line, no throw", async () => {
  const outcome = await run([DENY_HOOK], {}, join(TMP, "no\nsuch"));
  assert.equal(outcome.records[0]?.outcome, "error");
  assert.match(outcome.records[0]?.stderr ?? "", /working directory "[^\n]*no\\nsuch" does not exist/);
});

test("an exec-form program that is not executable: EACCES, one failed start; the deny survives", async () => {
  assertDenyBesideFailedStart(await run([{ type: "command", command: file("not-executable.sh", "#!/bin/sh\necho hi\n"), args: [] }, DENY_HOOK]), /^Error occurred while executing hook command: EACCES/);
});

test("an exec-form script whose interpreter does not exist (bad shebang): ENOENT, one failed start; the deny survives", async () => {
  assertDenyBesideFailedStart(await run([{ type: "command", command: file("bad-shebang.sh", "#!/nonexistent/interpreter\necho hi\n", 0o755), args: [] }, DENY_HOOK]), /^Error occurred while executing hook command: ENOENT/);
});

test("an exec-form script with a CR after its shebang (written on Windows): ENOENT, one failed start; the deny survives", async () => {
  assertDenyBesideFailedStart(await run([{ type: "command", command: file("crlf.sh", "#!/bin/sh\r\necho hi\r\n", 0o755), args: [] }, DENY_HOOK]), /^Error occurred while executing hook command: ENOENT/);
});

test("an exec-form program that is a broken symlink: ENOENT, one failed start; the deny survives", async () => {
  const link = join(TMP, "broken-link");
  symlinkSync(join(TMP, "nowhere"), link);
  assertDenyBesideFailedStart(await run([{ type: "command", command: link, args: [] }, DENY_HOOK]), /^Error occurred while executing hook command: ENOENT/);
});

test("a shell-form command that names a directory: the shell's exit 126 is a non-blocking error; the deny survives", async () => {
  const dir = join(TMP, "a-directory");
  mkdirSync(dir);
  const outcome = await run([{ type: "command", command: dir }, DENY_HOOK]);
  assert.equal(outcome.merged.effects.decision, "deny");
  assert.equal(outcome.records.find((r) => r.outcome === "error")?.exit, 126);
});

test("a 1 MB exec-form argument: E2BIG, one failed start with a short message; the deny survives", async () => {
  const outcome = await run([{ type: "command", command: "/bin/echo", args: ["x".repeat(1024 * 1024)] }, DENY_HOOK]);
  assertDenyBesideFailedStart(outcome, /^Error occurred while executing hook command: E2BIG/);
  assert.ok((outcome.records.find((r) => r.outcome === "error")?.stderr.length ?? 0) < 2000);
});

test("one argument of 200 KB (past the kernel's 128 KB per string, below the total): E2BIG; the deny survives", async () => {
  assertDenyBesideFailedStart(await run([{ type: "command", command: "/bin/echo", args: ["x".repeat(200 * 1024)] }, DENY_HOOK]), /E2BIG/);
});

test("a 1 MB session_id (it becomes CLAUDE_CODE_SESSION_ID): every hook a failed start, no throw", async () => {
  const outcome = await run([DENY_HOOK, { type: "command", command: "true" }], { session_id: "s".repeat(1024 * 1024) });
  assert.equal(outcome.records.length, 2);
  for (const r of outcome.records) assert.match(r.stderr, /E2BIG/);
});

test("an environment variable whose name holds a NUL byte: each hook a failed start, no throw", async () => {
  const outcome = await runEvent({
    event: "PreToolUse",
    input: { tool_name: "Bash", tool_input: { command: "ls" } },
    configuration: settings(DENY_HOOK),
    env: { ...process.env, ["BAD\u0000NAME"]: "v" },
  });
  assert.match(outcome.records[0]?.stderr ?? "", /^Failed to run: /);
});

test("a lone surrogate and a newline in shell commands: they run; the deny survives", async () => {
  const outcome = await run([{ type: "command", command: "echo \ud800" }, { type: "command", command: "echo a\nexit 0" }, DENY_HOOK]);
  assert.equal(outcome.merged.effects.decision, "deny");
  assert.equal(outcome.records.filter((r) => r.outcome === "success").length, 2);
});

for (const [what, prefix] of [["invalid UTF-8", "\\377\\376"], ["a NUL byte", "\\000"], ["binary noise", "\\001\\002\\200\\201"]] as const) {
  test(`a hook writing ${what} before its JSON: plain text, not an answer, no throw; the sibling's deny survives`, async () => {
    const outcome = await run([{ type: "command", command: `printf '${prefix}%s' '{"decision":"approve"}'` }, DENY_HOOK]);
    assert.equal(outcome.merged.effects.decision, "deny");
    assert.equal(outcome.merged.effects.tool_result, "PreToolUse:Bash hook error: sibling deny");
  });
}

test("a hook writing a BOM before its deny: the deny applies (Claude Code trims it)", async () => {
  const deny = DENY.replace("sibling deny", "bom deny");
  const outcome = await run([{ type: "command", command: `printf '\\357\\273\\277%s' '${deny}'` }]);
  assert.equal(outcome.merged.effects.decision, "deny");
});

test("a hook writing two deny objects back to back: no usable answer, as recorded (two-json-denies); the sibling's deny survives", async () => {
  const outcome = await run([{ type: "command", command: `printf '%s%s' '${DENY}' '${DENY}'` }, DENY_HOOK]);
  assert.equal(outcome.merged.effects.decision, "deny");
  assert.equal(outcome.records.filter((r) => r.outcome === "error").length, 1);
  assert.ok(outcome.merged.effects.notices.includes(NO_USABLE_ANSWER));
});

test("a hook writing its deny then exiting 1: the deny applies (JSON is read on every exit code)", async () => {
  const outcome = await run([{ type: "command", command: `printf '%s' '${DENY}'; exit 1` }]);
  assert.equal(outcome.merged.effects.decision, "deny");
});

for (const signal of ["KILL", "SEGV", "TERM", "ABRT"]) {
  test(`a hook writing its deny then killing itself with SIG${signal}: the deny applies (deny-then-sigkill-self, deny-then-sigsegv-self)`, async () => {
    const outcome = await run([{ type: "command", command: `printf '%s' '${DENY}'; kill -${signal} $$` }]);
    assert.equal(outcome.merged.effects.decision, "deny");
    assert.equal(outcome.records[0]?.signal, `SIG${signal}`);
  });
}

test("a hook that closes stdin at once while the input is 10 MB: EPIPE is not ours; its deny applies", async () => {
  const outcome = await run([{ type: "command", command: `exec 0<&-; printf '%s' '${DENY}'` }], { tool_input: { command: "x".repeat(10 * 1024 * 1024) } });
  assert.equal(outcome.merged.effects.decision, "deny");
});

test("a hook that never reads a 10 MB input and answers later: its deny applies", async () => {
  const outcome = await run([{ type: "command", command: `sleep 0.3; printf '%s' '${DENY}'` }], { tool_input: { command: "x".repeat(10 * 1024 * 1024) } });
  assert.equal(outcome.merged.effects.decision, "deny");
});

test("a hook writing 100 MB to stdout: kept up to the cap, the rest counted; the sibling's deny survives", async () => {
  const outcome = await run([{ type: "command", command: "head -c 100000000 /dev/zero", timeout: 120 }, DENY_HOOK]);
  assert.equal(outcome.merged.effects.decision, "deny");
  const big = outcome.run.results.find((r) => r.stdout_dropped_bytes > 0);
  assert.ok(big !== undefined && big.stdout.length + big.stdout_dropped_bytes === 100_000_000);
});

test("a hook writing 100 MB to stderr and exiting 2: blocked, its stderr capped", async () => {
  const outcome = await run([{ type: "command", command: "head -c 100000000 /dev/zero | tr '\\0' e >&2; exit 2", timeout: 120 }]);
  assert.equal(outcome.merged.effects.decision, "deny");
  const result = outcome.run.results[0];
  assert.equal(result?.stderr.length, 16 * 1024 * 1024);
  assert.equal((result?.stderr.length ?? 0) + (result?.stderr_dropped_bytes ?? 0), 100_000_000);
});

test("the same deny hook configured twice: it runs once (deduplicated as Claude Code does) and denies", async () => {
  const outcome = await run([DENY_HOOK, DENY_HOOK]);
  assert.equal(outcome.merged.effects.decision, "deny");
  assert.equal(outcome.records.filter((r) => r.outcome !== "skipped").length, 1);
});

test("hooks finishing in the reverse of their order: both answers merged", async () => {
  const late = DENY.replace("sibling deny", "late deny");
  const outcome = await run([{ type: "command", command: `sleep 0.5; printf '%s' '${late}'` }, { type: "command", command: "echo '{}'" }]);
  assert.equal(outcome.merged.effects.decision, "deny");
  assert.equal(outcome.records[outcome.records.length - 1]?.command.startsWith("sleep 0.5"), true);
});

test("500 hooks at once, mixing timeouts (1 s to 1e9 s), one of them slow and denying: no throw, every record, the deny", async () => {
  const hooks = Array.from({ length: 499 }, (_, i) => ({ type: "command", command: `exit 0 # ${i}`, timeout: [1, 5, 60, 1e9][i % 4] }));
  const outcome = await run([...hooks, { type: "command", command: `sleep 0.5; printf '%s' '${DENY}'`, timeout: 2147484 }]);
  assert.equal(outcome.records.length, 500);
  assert.equal(outcome.merged.effects.decision, "deny");
  assert.equal(outcome.records.filter((r) => r.timed_out).length, 0);
});

test("200 hooks under `ulimit -n 64` (the CLI runs out of descriptors): the hooks wait for descriptors; none lost, the last hook's deny applies", () => {
  const dir = mkdtempSync(join(TMP, "emfile-"));
  const hooks = Array.from({ length: 199 }, (_, i) => ({ type: "command", command: `exit 0 # ${i}` }));
  writeFileSync(join(dir, "settings.json"), JSON.stringify({ hooks: { PreToolUse: [{ matcher: "Bash", hooks: [...hooks, DENY_HOOK] }] } }));
  writeFileSync(join(dir, "input.json"), JSON.stringify({ hook_event_name: "PreToolUse", tool_name: "Bash", tool_input: { command: "ls" } }));
  const cli = spawnSync("/bin/sh", ["-c", 'ulimit -n 64 && exec "$0" --import tsx "$@"', process.execPath, join(ROOT, "src/cli.ts"), "run", "--json", "--settings", join(dir, "settings.json"), "--input", join(dir, "input.json"), "--project-dir", dir], { encoding: "utf8", cwd: ROOT, maxBuffer: 64 * 1024 * 1024 });
  assert.equal(cli.status, 0, cli.stderr.slice(0, 2000));
  const merged = JSON.parse(cli.stdout) as { effects: { decision: string }; runs: { stderr: string }[] };
  assert.equal(merged.effects.decision, "deny");
  assert.deepEqual(merged.runs.filter((r) => /EMFILE|Failed to run/.test(r.stderr)), []);
  assert.doesNotMatch(cli.stderr, /MaxListenersExceededWarning|\n\s+at /);
});

test("2,000 hooks at once (no lowered limit): no crash, 2,000 records, the deny", async () => {
  const hooks = Array.from({ length: 1999 }, (_, i) => ({ type: "command", command: `exit 0 # ${i}` }));
  const outcome = await run([...hooks, DENY_HOOK]);
  assert.equal(outcome.records.length, 2000);
  assert.equal(outcome.merged.effects.decision, "deny");
});

// http hooks whose server answers in a hostile way, replayed from Claude Code's recordings
// (test/observer/claude-code/runner-http/: recorded against server.py there; this server answers
// each path the same way): a deny in a 403 or 500 body is not an answer, a redirect is not
// followed, a body trickling past the timeout is a timeout, a BOM before a deny is trimmed, two
// objects are no usable answer, a redirect loop beside a deny leaves the deny.
const HTTP_RECORDINGS = join(ROOT, "test/observer/claude-code/runner-http");
const HTTP_DENY = JSON.stringify({ hookSpecificOutput: { hookEventName: "PreToolUse", permissionDecision: "deny", permissionDecisionReason: "http deny" } });

function hostileServer(): Promise<{ server: Server; port: number }> {
  const server = createServer((req, res) => {
    req.resume();
    const send = (status: number, body: string | Buffer, headers: Record<string, string> = {}): void => {
      res.writeHead(status, { "content-type": "application/json", "content-length": String(Buffer.byteLength(body)), ...headers });
      res.end(body);
    };
    switch (req.url) {
      case "/deny": return send(200, HTTP_DENY);
      case "/403deny": return send(403, HTTP_DENY);
      case "/500deny": return send(500, HTTP_DENY);
      case "/redir": return send(302, "", { location: "/deny" });
      case "/redir307": return send(307, "", { location: "/deny" });
      case "/loop": return send(302, "", { location: "/loop" });
      case "/bomdeny": return send(200, Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(HTTP_DENY)]));
      case "/twojson": return send(200, HTTP_DENY + HTTP_DENY);
      case "/slow": {
        res.writeHead(200, { "content-type": "application/json", "content-length": String(HTTP_DENY.length) });
        let i = 0;
        const timer = setInterval(() => (i < HTTP_DENY.length && !res.destroyed ? res.write(HTTP_DENY[i++]) : clearInterval(timer)), 40);
        res.on("close", () => clearInterval(timer));
        return undefined;
      }
      default: return send(404, "");
    }
  });
  return new Promise((resolve) => server.listen(0, "127.0.0.1", () => resolve({ server, port: (server.address() as { port: number }).port })));
}

interface HttpRecording {
  name: string;
  outcome: { tool_result: { content: string; is_error: boolean } | null; stream_notices: string[] };
}
interface HttpScenario {
  hooks: { handler_extra?: Record<string, unknown>; stdout?: string; exit?: number; delay_ms?: number }[];
}

for (const file of readdirSync(join(HTTP_RECORDINGS, "observed")).filter((f) => f.endsWith(".json")).sort()) {
  const recording = JSON.parse(readFileSync(join(HTTP_RECORDINGS, "observed", file), "utf8")) as HttpRecording;
  test(`an http hook as recorded in ${recording.name}: the runner does what Claude Code did`, async () => {
    const { server, port } = await hostileServer();
    try {
      // the scenario as written (the observation's copy has its port replaced by <port>)
      const scenario = JSON.parse(readFileSync(join(HTTP_RECORDINGS, "scenarios", file), "utf8")) as HttpScenario;
      const hooks = scenario.hooks.map((h) =>
        h.handler_extra !== undefined
          ? { ...h.handler_extra, url: String(h.handler_extra["url"]).replace("127.0.0.1:18777", `127.0.0.1:${port}`) }
          : { type: "command", command: `sleep ${(h.delay_ms ?? 0) / 1000}; printf '%s' '${h.stdout ?? ""}'; exit ${h.exit ?? 0}` },
      );
      const outcome = await run(hooks);
      const recorded = recording.outcome.tool_result;
      const denied = recorded !== null && recorded.is_error && recorded.content.startsWith("PreToolUse:");
      assert.equal(outcome.merged.effects.decision === "deny", denied);
      if (denied) assert.equal(outcome.merged.effects.tool_result, recorded.content);
      assert.deepEqual(outcome.merged.effects.notices.filter((n) => !/ says: /.test(n)), recording.outcome.stream_notices);
    } finally {
      server.closeAllConnections();
      server.close();
    }
  });
}

/** A server for one attempt: `handle` answers every request; closed after. */
async function withServer(handle: Parameters<typeof createServer>[1], attempt: (port: number) => Promise<void>, host = "127.0.0.1"): Promise<void> {
  const server = createServer(handle);
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  try {
    await attempt((server.address() as { port: number }).port);
  } finally {
    server.closeAllConnections();
    server.close();
  }
}

test("an http hook whose server never answers: a timeout after its 1 s; the sibling's deny survives", async () => {
  await withServer((req) => void req.resume(), async (port) => {
    const outcome = await run([{ type: "http", url: `http://127.0.0.1:${port}/`, timeout: 1 }, DENY_HOOK]);
    assert.equal(outcome.merged.effects.decision, "deny");
    assert.equal(outcome.records.filter((r) => r.outcome === "timeout").length, 1);
  });
});

test("an http hook answering 100 MB: kept to the cap, no crash; the sibling's deny survives", async () => {
  const chunk = Buffer.alloc(1024 * 1024, 32);
  await withServer((req, res) => {
    req.resume();
    res.writeHead(200);
    let sent = 0;
    const more = (): void => {
      while (sent < 100) {
        sent += 1;
        if (!res.write(chunk)) return void res.once("drain", more);
      }
      res.end("{}");
    };
    more();
  }, async (port) => {
    const outcome = await run([{ type: "http", url: `http://127.0.0.1:${port}/`, timeout: 60 }, DENY_HOOK]);
    assert.equal(outcome.merged.effects.decision, "deny");
    assert.ok((outcome.run.results.find((r) => r.type === "http")?.stdout.length ?? Infinity) <= 16 * 1024 * 1024);
  });
});

test("an http hook whose server resets the connection: one failed start; the sibling's deny survives", async () => {
  await withServer((req) => req.socket.destroy(), async (port) => {
    assertDenyBesideFailedStart(await run([{ type: "http", url: `http://127.0.0.1:${port}/` }, DENY_HOOK]), /socket hang up|ECONNRESET/);
  });
});

test("http hooks at a URL with credentials and at an IPv6 literal: their denies apply", async () => {
  const deny = (req: import("node:http").IncomingMessage, res: import("node:http").ServerResponse): void => {
    req.resume();
    res.end(HTTP_DENY);
  };
  await withServer(deny, async (port) => assert.equal((await run([{ type: "http", url: `http://user:p%40ss@127.0.0.1:${port}/` }])).merged.effects.decision, "deny"));
  await withServer(deny, async (port) => assert.equal((await run([{ type: "http", url: `http://[::1]:${port}/` }])).merged.effects.decision, "deny"), "::1");
});

test("an http hook at a unicode host that does not resolve: one failed start; the sibling's deny survives", async () => {
  assertDenyBesideFailedStart(await run([{ type: "http", url: "http://exämple.invalid/hook", timeout: 5 }, DENY_HOOK]), /ENOTFOUND|EAI_AGAIN/);
});

test("an http hook whose header gets CR LF from an allowed environment variable: one failed start; the sibling's deny survives", async () => {
  const outcome = await runEvent({
    event: "PreToolUse",
    input: { tool_name: "Bash", tool_input: { command: "ls" } },
    configuration: settings({ type: "http", url: "http://127.0.0.1:9/hook", headers: { "X-Token": "Bearer $TOKEN" }, allowedEnvVars: ["TOKEN"] }, DENY_HOOK),
    env: { ...process.env, TOKEN: "a\r\nX-Injected: 1" },
  });
  assertDenyBesideFailedStart(outcome, /Invalid character in header content/);
});

test("an http hook whose header names a missing variable: sent empty, its deny applies", async () => {
  let seen: string | undefined;
  await withServer((req, res) => {
    seen = req.headers["x-token"] as string | undefined;
    req.resume();
    res.end(HTTP_DENY);
  }, async (port) => {
    const outcome = await runEvent({
      event: "PreToolUse",
      input: { tool_name: "Bash", tool_input: { command: "ls" } },
      configuration: settings({ type: "http", url: `http://127.0.0.1:${port}/`, headers: { "X-Token": "Bearer ${MISSING_VAR}" }, allowedEnvVars: ["MISSING_VAR"] }),
      env: { PATH: process.env["PATH"] },
    });
    assert.equal(outcome.merged.effects.decision, "deny");
    assert.equal(seen?.trim(), "Bearer");
  });
});

test("an http hook with a 1 MB header value and one with an empty header name: no throw; the sibling's deny survives", async () => {
  await withServer((req, res) => {
    req.resume();
    res.end("{}");
  }, async (port) => {
    const outcome = await run([{ type: "http", url: `http://127.0.0.1:${port}/`, headers: { "X-Big": "v".repeat(1024 * 1024) } }, { type: "http", url: `http://127.0.0.1:${port}/e`, headers: { "": "v" } }, DENY_HOOK]);
    assert.equal(outcome.merged.effects.decision, "deny");
    assert.equal(outcome.records.length, 3);
  });
});

test("postHttpHook on its own with a NaN, 0 or negative timeout: a failed start, not a request cut off after 1 ms", async () => {
  await withServer((req, res) => {
    req.resume();
    setTimeout(() => res.end(HTTP_DENY), 50);
  }, async (port) => {
    for (const timeoutMs of [Number.NaN, 0, -5]) {
      const outcome = await postHttpHook({ url: `http://127.0.0.1:${port}/`, headers: {}, allowedEnvVars: [], env: {}, body: "{}", timeoutMs, maxOutputBytes: 1000 });
      assert.equal(outcome.status, "spawn_failed");
      assert.match(outcome.message ?? "", /invalid timeout/);
    }
    const ok = await postHttpHook({ url: `http://127.0.0.1:${port}/`, headers: {}, allowedEnvVars: [], env: {}, body: "{}", timeoutMs: Infinity, maxOutputBytes: 1000 });
    assert.equal(ok.stdout, HTTP_DENY);
  });
});
