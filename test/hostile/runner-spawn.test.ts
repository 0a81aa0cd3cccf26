// Hostile inputs, class 2 (issue 16): the runner never crashes or loses a deny. Each attempt puts
// one hook that cannot start (or whose request Node refuses) beside a hook that denies, and
// asserts: no throw, the failed hook is reported as Claude Code 2.1.332 reports it (recorded:
// test/observer/claude-code/runner/observed/spawn-*.json, http-*.json: exit 1 with
// `Failed to run: <error>` or `Error occurred while executing hook command: <error>` as stderr,
// a non-blocking error, "A hook gave no usable answer"), and the sibling's deny is merged.
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { runEvent, type EventOutcome } from "../../src/claude-code/runner/run-event.js";
import { postHttpHook } from "../../src/claude-code/runner/http-hook.js";
import { spawnHook } from "../../src/process/spawn-hook.js";

const ROOT = fileURLToPath(new URL("../../", import.meta.url));
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
  const dir = mkdtempSync(join(tmpdir(), "hostile-spawn-"));
  const file = join(dir, "settings.json");
  writeFileSync(file, JSON.stringify({ hooks: { PreToolUse: [{ matcher: "Bash", hooks: [{ type: "command", command: "echo a\u0000b" }, DENY_HOOK] }] } }));
  writeFileSync(join(dir, "input.json"), JSON.stringify({ hook_event_name: "PreToolUse", tool_name: "Bash", tool_input: { command: "ls" } }));
  const cli = spawnSync(process.execPath, ["--import", "tsx", join(ROOT, "src/cli.ts"), "run", "--json", "--settings", file, "--input", join(dir, "input.json"), "--project-dir", dir], { encoding: "utf8", cwd: ROOT });
  assert.equal(cli.status, 0, cli.stderr);
  assert.doesNotMatch(cli.stderr, /\n\s+at /);
  const merged = JSON.parse(cli.stdout) as { effects: { decision: string } };
  assert.equal(merged.effects.decision, "deny");
});
