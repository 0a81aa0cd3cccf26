/**
 * How the kit's hook process reads stdin (src/hooks/process.ts `readStdin`):
 * `readSync` on fd 0, and through `process.stdin` for what that cannot read.
 * Each test runs a deny-everything Bash hook built on the packaged kit (the
 * bundle) with plain node, stdin given as agents and shells give it: a pipe
 * written in pieces, a non-blocking pipe (EAGAIN), a file, a socket, nothing,
 * a closed descriptor, an endless device. The hook must read the whole input
 * or answer with a bounded, named failure; never hang, never crash.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawn, spawnSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { builtKit } from "./lib/built-kit.js";

const KIT = builtKit();
const DIR = mkdtempSync(join(tmpdir(), "kit-stdin-"));
const HOOK = join(DIR, "deny-bash.mjs");
writeFileSync(HOOK, `import { defineHook, runHook } from ${JSON.stringify(KIT)};
await runHook(defineHook({ event: "PreToolUse", tools: ["Bash"], failClosed: true, run: (input, answer) => answer.deny("saw " + input.tool_input.command.length + " characters") }));
`);
const inputOf = (command: string): string =>
  JSON.stringify({ session_id: "s", transcript_path: "/home/u/.claude/projects/p/s.jsonl", cwd: "/w", permission_mode: "default", hook_event_name: "PreToolUse", tool_name: "Bash", tool_input: { command }, tool_use_id: "t1" });
const denial = (characters: number): string =>
  JSON.stringify({ hookSpecificOutput: { hookEventName: "PreToolUse", permissionDecision: "deny", permissionDecisionReason: `saw ${characters} characters` } });
const hasPython = spawnSync("python3", ["-c", "import os; os.set_blocking"], { stdio: "ignore" }).status === 0;

/** Runs the hook under `sh -c` with `redirect` applied to its stdin (the spawn timeout only stops a hung test). */
function underShell(redirect: string, input = ""): ReturnType<typeof spawnSync> {
  return spawnSync("sh", ["-c", `exec "$0" "$1" ${redirect}`, process.execPath, HOOK], { input, encoding: "utf8", timeout: 60_000 });
}

test("a pipe written in pieces with pauses between them: the whole input is read", async () => {
  const command = "x".repeat(200_000);
  const text = inputOf(command);
  const child = spawn(process.execPath, [HOOK], { stdio: ["pipe", "pipe", "pipe"] });
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (chunk: Buffer) => (stdout += chunk));
  child.stderr.on("data", (chunk: Buffer) => (stderr += chunk));
  const ended = new Promise<number | null>((resolve) => child.on("close", resolve));
  for (const piece of [text.slice(0, 10), text.slice(10, 100_000), text.slice(100_000)]) {
    child.stdin.write(piece);
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
  child.stdin.end();
  assert.equal(await ended, 0, stderr);
  assert.equal(stdout, denial(command.length));
});

test("a non-blocking pipe (the first read is EAGAIN), written in pieces: read on through the stream, whole", { skip: hasPython ? false : "python3 is needed to hand the hook a non-blocking pipe" }, () => {
  const command = "y".repeat(100_000);
  // python makes the pipe, sets O_NONBLOCK on it, starts the hook on its read end and writes the input in three pieces
  const script = `
import os, subprocess, sys, time
text = sys.stdin.buffer.read()
r, w = os.pipe()
os.set_blocking(r, False)
hook = subprocess.Popen([sys.argv[1], sys.argv[2]], stdin=r, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
os.close(r)
time.sleep(0.3)
for piece in (text[:10], text[10:50000], text[50000:]):
    os.write(w, piece)
    time.sleep(0.15)
os.close(w)
out, err = hook.communicate(timeout=60)
sys.stdout.write(out.decode())
sys.stderr.write(err.decode())
sys.exit(hook.returncode)
`;
  const ran = spawnSync("python3", ["-c", script, process.execPath, HOOK], { input: inputOf(command), encoding: "utf8", timeout: 60_000 });
  assert.equal(ran.status, 0, ran.stderr);
  assert.equal(ran.stdout, denial(command.length));
});

test("a regular file: read whole", () => {
  const file = join(DIR, "input.json");
  writeFileSync(file, inputOf("rm -rf /"));
  const ran = underShell(`< "${file}"`);
  assert.equal(ran.status, 0, String(ran.stderr));
  assert.equal(ran.stdout, denial(8));
});

test("a socket (a Unix socket pair, as some agents hand their hooks): read whole", { skip: hasPython ? false : "python3 is needed to hand the hook a socket" }, () => {
  const script = `
import socket, subprocess, sys
text = sys.stdin.buffer.read()
a, b = socket.socketpair()
hook = subprocess.Popen([sys.argv[1], sys.argv[2]], stdin=b, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
b.close()
a.sendall(text)
a.shutdown(socket.SHUT_WR)
out, err = hook.communicate(timeout=60)
sys.stdout.write(out.decode())
sys.stderr.write(err.decode())
sys.exit(hook.returncode)
`;
  const ran = spawnSync("python3", ["-c", script, process.execPath, HOOK], { input: inputOf("ls"), encoding: "utf8", timeout: 60_000 });
  assert.equal(ran.status, 0, ran.stderr);
  assert.equal(ran.stdout, denial(2));
});

// stdin that is not one JSON object cannot be told to be another event's or tool's call: a fail-closed
// hook denies it (docs/authoring.md, "Failing, visibly; failing closed"), naming what was wrong
const failedClosed = (problem: string): string =>
  JSON.stringify({ hookSpecificOutput: { hookEventName: "PreToolUse", permissionDecision: "deny", permissionDecisionReason: `Hook failed closed: ${problem}` } });

test("empty stdin: denied, naming it", () => {
  const ran = underShell("< /dev/null");
  assert.equal(ran.stdout, failedClosed("stdin is not one JSON object (Unexpected end of JSON input)"));
  assert.equal(ran.status, 0);
});

test("a closed stdin (<&-): denied, naming it; no stack trace", () => {
  const ran = underShell("<&-");
  assert.match(String(ran.stdout), /"permissionDecision":"deny","permissionDecisionReason":"Hook failed closed: stdin is not one JSON object/);
  assert.doesNotMatch(String(ran.stderr), /\n\s+at /, "no stack trace");
  assert.equal(ran.status, 0);
});

test("an endless device (/dev/zero): read stops past 64 MiB; denied, naming it", () => {
  const ran = underShell("< /dev/zero");
  assert.equal(ran.stdout, failedClosed("stdin is over 67108864 bytes"));
  assert.equal(ran.status, 0);
});
