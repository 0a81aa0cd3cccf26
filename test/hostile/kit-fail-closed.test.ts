/**
 * Hostile suite, class 1 (issue 16): the kit's `failClosed` is a property of
 * the hook process. Each test writes a small hook file importing the built
 * kit, runs it with plain node as an agent runs it (stdin in; stdout, stderr
 * and the exit code read after it ends) and asserts what the agent would read:
 * for a call the hook handles, a deny (or a block, or exit 2 where the event
 * can do neither) when the hook fails closed, a non-blocking error (exit 1,
 * empty stdout) when it does not; for a call it does not handle, nothing
 * (exit 0, empty stdout). One test per attempt.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { builtKit } from "../lib/built-kit.js";

const KIT = builtKit();
const DIR = mkdtempSync(join(tmpdir(), "kit-fail-closed-"));
const BASE = { session_id: "s", transcript_path: "/home/u/.claude/projects/p/s.jsonl", cwd: "/w", permission_mode: "default" };
const BASH = JSON.stringify({ ...BASE, hook_event_name: "PreToolUse", tool_name: "Bash", tool_input: { command: "ls" }, tool_use_id: "t1" });
const READ = JSON.stringify({ ...BASE, hook_event_name: "PreToolUse", tool_name: "Read", tool_input: { file_path: "/x" }, tool_use_id: "t1" });
const STOP = JSON.stringify({ ...BASE, hook_event_name: "Stop", stop_hook_active: false });
const SESSION_START = JSON.stringify({ ...BASE, hook_event_name: "SessionStart", source: "startup" });

let files = 0;
interface Ran { readonly status: number | null; readonly signal: string | null; readonly stdout: string; readonly stderr: string }

/** Runs a hook file made of `source` (after the kit's import) on `stdin`. The spawn timeout only stops a hung test; nothing is timed. */
function run(source: string, stdin: string = BASH): Ran {
  const file = join(DIR, `hook-${++files}.mjs`);
  writeFileSync(file, `import { defineHook, runHook } from ${JSON.stringify(KIT)};\n${source}\n`);
  const ran = spawnSync(process.execPath, [file], { input: stdin, encoding: "utf8", timeout: 60_000 });
  return { status: ran.status, signal: ran.signal, stdout: ran.stdout, stderr: ran.stderr };
}

/** A Bash PreToolUse hook with this `run`. */
const bashHook = (runSource: string, options = "failClosed: true, timeoutMs: 400"): string =>
  `await runHook(defineHook({ event: "PreToolUse", tools: ["Bash"], ${options}, run: ${runSource} }));`;

const denied = (problem: string): string =>
  JSON.stringify({ hookSpecificOutput: { hookEventName: "PreToolUse", permissionDecision: "deny", permissionDecisionReason: `Hook failed closed: ${problem}` } });

function assertDenied(ran: Ran, problem: string): void {
  assert.equal(ran.stdout, denied(problem), ran.stderr);
  assert.equal(ran.status, 0, ran.stderr);
  assert.match(ran.stderr, new RegExp(`claude-hook-protocol/hooks: PreToolUse hook: ${problem.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`));
}

function assertNonBlocking(ran: Ran, problem: RegExp): void {
  assert.equal(ran.stdout, "", ran.stderr);
  assert.equal(ran.status, 1, ran.stderr);
  assert.match(ran.stderr, problem);
  assert.match(ran.stderr, /non-blocking/);
}

function assertSilent(ran: Ran): void {
  assert.equal(ran.stdout, "", ran.stderr);
  assert.equal(ran.status, 0, ran.stderr);
}

const OVERRUN = "the handler did not answer within its 400 ms budget";

// --- errors nobody catches ---

test("a throw in a timer callback while run waits: deny", () => {
  assertDenied(run(bashHook(`() => new Promise(() => setTimeout(() => { throw new Error("late"); }, 5))`)), "an error escaped the hook: Error: late");
});

test("a rejected promise nobody awaits: deny", () => {
  assertDenied(run(bashHook(`() => { Promise.reject(new Error("nobody")); return new Promise(() => {}); }`)), "a promise was rejected and nothing handled it: Error: nobody");
});

test("a rejection with no reason at all: deny", () => {
  assertDenied(run(bashHook(`async () => { Promise.reject(); await new Promise(() => {}); }`)), "a promise was rejected and nothing handled it: undefined");
});

test("an `error` event emitted with no listener, in a callback: deny", () => {
  assertDenied(
    run(`import { EventEmitter } from "node:events";\n${bashHook(`() => new Promise(() => setTimeout(() => new EventEmitter().emit("error", new Error("unheard")), 5))`)}`),
    "an error escaped the hook: Error: unheard",
  );
});

test("an `error` event emitted with no listener, inside run: deny", () => {
  assertDenied(run(`import { EventEmitter } from "node:events";\n${bashHook(`() => { new EventEmitter().emit("error", new Error("unheard")); }`)}`), "the handler threw: Error: unheard");
});

test("a throw from a stream's callback (fs.readFile of a missing file, rethrown): deny", () => {
  assertDenied(run(`import { readFile } from "node:fs";\n${bashHook(`() => new Promise(() => readFile("/nonexistent/x", (error) => { throw new Error("no file"); }))`)}`), "an error escaped the hook: Error: no file");
});

test("infinite recursion in run (a stack overflow): deny", () => {
  assertDenied(run(bashHook(`() => { const down = () => down(); down(); }`)), "the handler threw: RangeError: Maximum call stack size exceeded");
});

test("throw null: deny", () => {
  assertDenied(run(bashHook(`() => { throw null; }`)), "the handler threw: null");
});

test("a thrown value whose toString throws: deny with a fixed text", () => {
  assertDenied(run(bashHook(`() => { throw { toString() { throw new Error("no"); } }; }`)), "the handler threw: a thrown value that cannot be printed");
});

test("a thrown value whose toString loops: the budget ends it, deny", () => {
  assertDenied(run(bashHook(`() => { throw { toString() { for (;;) {} } }; }`)), OVERRUN);
});

test("an uncaught error whose toString throws, in a timer: deny", () => {
  assertDenied(run(bashHook(`() => new Promise(() => setTimeout(() => { throw { toString() { throw 1; } }; }, 5))`)), "an error escaped the hook: a value that cannot be printed");
});

test("several faults at once: exactly one answer", () => {
  const ran = run(bashHook(`() => new Promise(() => { setTimeout(() => { throw new Error("one"); }, 5); setTimeout(() => { throw new Error("two"); }, 5); Promise.reject(new Error("three")); })`));
  assert.equal(ran.status, 0);
  const answer = JSON.parse(ran.stdout) as { hookSpecificOutput: { permissionDecision: string } };
  assert.equal(answer.hookSpecificOutput.permissionDecision, "deny");
});

test("a fault before the hook took the call (a module-level timer throws while stdin is read): the handled call is denied", () => {
  assertDenied(run(`setTimeout(() => { throw new Error("at load"); }, 0);\n${bashHook(`() => new Promise((resolve) => setTimeout(resolve, 50))`)}`), "an error escaped the hook: Error: at load");
});

// --- loops past the budget ---

test("a synchronous loop in run: deny at the budget", () => {
  assertDenied(run(bashHook(`() => { for (;;) {} }`)), OVERRUN);
});

test("a synchronous loop in an async run before its first await: deny", () => {
  assertDenied(run(bashHook(`async () => { for (;;) {} }`)), OVERRUN);
});

test("a loop after an await (a microtask): deny", () => {
  assertDenied(run(bashHook(`async () => { await null; for (;;) {} }`)), OVERRUN);
});

test("a loop after real I/O (a timer): deny", () => {
  assertDenied(run(bashHook(`async () => { await new Promise((resolve) => setTimeout(resolve, 20)); for (;;) {} }`)), OVERRUN);
});

test("a loop queued with queueMicrotask by a run that returns at once: deny", () => {
  assertDenied(run(bashHook(`() => { queueMicrotask(() => { for (;;) {} }); }`)), OVERRUN);
});

test("a loop queued with process.nextTick by a run that returns an allow: the hook's answer, or the deny if the loop runs first; never no answer", () => {
  const ran = run(bashHook(`(input, answer) => { process.nextTick(() => { for (;;) {} }); return answer.allow("fine"); }`));
  assert.equal(ran.status, 0, ran.stderr);
  const allowed = JSON.stringify({ hookSpecificOutput: { hookEventName: "PreToolUse", permissionDecision: "allow", permissionDecisionReason: "fine" } });
  assert.ok(ran.stdout === allowed || ran.stdout === denied(OVERRUN), ran.stdout);
});

test("a loop in a setImmediate callback while run waits: deny", () => {
  assertDenied(run(bashHook(`() => new Promise(() => setImmediate(() => { for (;;) {} }))`)), OVERRUN);
});

test("a loop in an async getter of the returned thenable: deny", () => {
  assertDenied(run(bashHook(`() => ({ then() { for (;;) {} } })`)), OVERRUN);
});

test("a promise that never settles: deny at the budget", () => {
  assertDenied(run(bashHook(`() => new Promise(() => {})`)), OVERRUN);
});

test("a Stop hook whose run loops after an await: a block", () => {
  const ran = run(`await runHook(defineHook({ event: "Stop", failClosed: true, timeoutMs: 400, run: async () => { await null; for (;;) {} } }));`, STOP);
  assert.equal(ran.stdout, JSON.stringify({ decision: "block", reason: `Hook failed closed: ${OVERRUN}` }), ran.stderr);
  assert.equal(ran.status, 0);
});

test("a SessionStart hook (it can neither deny nor block) whose run loops after an await: exit 2 with the reason on stderr, nothing else", () => {
  const ran = run(`await runHook(defineHook({ event: "SessionStart", failClosed: true, timeoutMs: 400, run: async () => { await null; for (;;) {} } }));`, SESSION_START);
  assert.equal(ran.stdout, "");
  assert.equal(ran.status, 2);
  assert.equal(ran.stderr, `claude-hook-protocol/hooks: SessionStart hook: ${OVERRUN}\n`);
});

test("a run stuck in native code (execSync) past the budget: the deny is written, then the process is killed", () => {
  const ran = run(`import { execSync } from "node:child_process";\n${bashHook(`async () => { await null; execSync("sleep 30"); }`)}`);
  assert.equal(ran.stdout, denied(OVERRUN));
  // the thread cannot be interrupted in native code: SIGKILL, so the exit code is lost (Claude Code reads the JSON of a killed hook)
  assert.equal(ran.signal, "SIGKILL");
});

// --- output ---

test("console.log inside run goes to stderr; the answer stays one JSON object", () => {
  const ran = run(bashHook(`(input, answer) => { console.log("hello"); return answer.deny("no"); }`));
  assert.equal(ran.stdout, JSON.stringify({ hookSpecificOutput: { hookEventName: "PreToolUse", permissionDecision: "deny", permissionDecisionReason: "no" } }));
  assert.equal(ran.stderr, "hello\n");
});

test("process.stdout.write inside run goes to stderr", () => {
  const ran = run(bashHook(`(input, answer) => { process.stdout.write("{\\"decision\\":\\"approve\\"}"); return answer.deny("no"); }`));
  assert.equal(ran.stdout, JSON.stringify({ hookSpecificOutput: { hookEventName: "PreToolUse", permissionDecision: "deny", permissionDecisionReason: "no" } }));
  assert.equal(ran.stderr, '{"decision":"approve"}');
});

test("console.log and no answer: stdout stays empty (not plain text)", () => {
  const ran = run(bashHook(`() => { console.log("debug"); console.info("info"); }`));
  assertSilent(ran);
  assert.equal(ran.stderr, "debug\ninfo\n");
});

test("console.log inside a timer while run waits: stdout has only the answer", () => {
  const ran = run(bashHook(`(input, answer) => new Promise((resolve) => setTimeout(() => { console.log("tick"); resolve(answer.deny("no")); }, 5))`));
  assert.equal(JSON.parse(ran.stdout).hookSpecificOutput.permissionDecision, "deny");
  assert.equal(ran.stderr, "tick\n");
});

test("fs.writeSync(1, ...) inside run goes to stderr", () => {
  const ran = run(`import { writeSync } from "node:fs";\n${bashHook(`(input, answer) => { writeSync(1, "plain text\\n"); return answer.deny("no"); }`)}`);
  assert.equal(ran.stdout, JSON.stringify({ hookSpecificOutput: { hookEventName: "PreToolUse", permissionDecision: "deny", permissionDecisionReason: "no" } }));
  assert.equal(ran.stderr, "plain text\n");
});

test("fs.writeFileSync('/dev/stdout', ...) inside run goes to stderr", () => {
  const ran = run(`import fs from "node:fs";\n${bashHook(`(input, answer) => { fs.writeFileSync("/dev/stdout", "{}"); return answer.deny("no"); }`)}`);
  assert.equal(ran.stdout, JSON.stringify({ hookSpecificOutput: { hookEventName: "PreToolUse", permissionDecision: "deny", permissionDecisionReason: "no" } }));
  assert.equal(ran.stderr, "{}");
});

// --- the process ended from inside run ---

test("process.exit(0) inside run: deny", () => {
  assertDenied(run(bashHook(`() => { process.exit(0); }`)), "the handler called process.exit(0)");
});

test("process.exit(1) after an await: deny", () => {
  assertDenied(run(bashHook(`async () => { await null; process.exit(1); }`)), "the handler called process.exit(1)");
});

test("process.exit() in a timer while run waits: deny", () => {
  assertDenied(run(bashHook(`() => new Promise(() => setTimeout(() => process.exit(), 5))`)), "the handler called process.exit()");
});

test("process.exit caught and swallowed by run, which then allows: still deny", () => {
  assertDenied(run(bashHook(`(input, answer) => { try { process.exit(0); } catch {} return answer.allow(); }`)), "the handler called process.exit(0)");
});

test("exit imported from node:process before runHook ran: deny", () => {
  assertDenied(run(`import { exit } from "node:process";\n${bashHook(`() => { exit(0); }`)}`), "the handler called process.exit(0)");
});

test("process.removeAllListeners() then a throw in a timer: deny", () => {
  assertDenied(run(bashHook(`() => { process.removeAllListeners(); return new Promise(() => setTimeout(() => { throw new Error("unguarded?"); }, 5)); }`)), "an error escaped the hook: Error: unguarded?");
});

test("process.setUncaughtExceptionCaptureCallback(null) then a throw in a timer: deny", () => {
  assertDenied(run(bashHook(`() => { process.setUncaughtExceptionCaptureCallback(null); return new Promise(() => setTimeout(() => { throw new Error("uncaptured"); }, 5)); }`)), "an error escaped the hook: Error: uncaptured");
});

test("process.removeAllListeners() then an unhandled rejection: deny", () => {
  const ran = run(bashHook(`() => { process.removeAllListeners(); Promise.reject(new Error("unheard")); return new Promise(() => {}); }`));
  assert.equal(ran.status, 0);
  assert.match(ran.stdout, /"permissionDecision":"deny","permissionDecisionReason":"Hook failed closed: [^"]*Error: unheard"/);
});

test("process.reallyExit(0) inside run: deny", () => {
  assertDenied(run(bashHook(`() => { process.reallyExit(0); }`)), "the handler called process.reallyExit(0)");
});

test("process.kill(process.pid, 'SIGTERM') inside run: deny", () => {
  const ran = run(bashHook(`() => { process.kill(process.pid, "SIGTERM"); }`));
  assert.equal(ran.status, 0);
  assert.match(ran.stdout, /"permissionDecision":"deny","permissionDecisionReason":"Hook failed closed: the handler called process.kill\(\d+, \\"SIGTERM\\"\)"/);
});

test("process.kill(process.pid, 0) (does it exist?) is not a fault: the hook's answer", () => {
  const ran = run(bashHook(`(input, answer) => (process.kill(process.pid, 0) ? answer.deny("alive") : undefined)`));
  assert.match(ran.stdout, /"permissionDecisionReason":"alive"/);
});

test("process.abort() inside run: deny", () => {
  assertDenied(run(bashHook(`() => { process.abort(); }`)), "the handler called process.abort()");
});

test("process.exitCode = 1 and a deny: the deny, exit 0 (the kit's exit code)", () => {
  const ran = run(bashHook(`(input, answer) => { process.exitCode = 1; return answer.deny("no"); }`));
  assert.equal(ran.status, 0);
  assert.match(ran.stdout, /"permissionDecision":"deny"/);
});

// --- what run returns ---

test("a throwing getter on the returned value: deny, the getter never runs", () => {
  assertDenied(run(bashHook(`() => ({ get intent() { throw new Error("getter"); } })`)), "the handler returned something that is not an answer (use the answer helpers, or return nothing)");
});

test("a forged answer ({intent: {decision: 'allow'}}): deny", () => {
  assertDenied(run(bashHook(`() => ({ intent: { decision: "allow" }, and() {} })`)), "the handler returned something that is not an answer (use the answer helpers, or return nothing)");
});

test("a Proxy whose every trap loops: deny at the budget (reading `then` is the one trap the kit runs, under the budget)", () => {
  assertDenied(run(bashHook(`() => new Proxy({}, { get() { for (;;) {} }, getPrototypeOf() { for (;;) {} }, has() { for (;;) {} } })`)), OVERRUN);
});

test("a string instead of an answer: deny", () => {
  assertDenied(run(bashHook(`() => "deny"`)), "the handler returned something that is not an answer (use the answer helpers, or return nothing)");
});

test("an async run resolving to a non-answer: deny", () => {
  assertDenied(run(bashHook(`async () => 42`)), "the handler returned something that is not an answer (use the answer helpers, or return nothing)");
});

// --- answer values checked when built ---

test("answer.deny(new Error()): deny with the problem, never reason {} (which Claude Code rejects, letting the call through)", () => {
  assertDenied(run(bashHook(`(input, answer) => answer.deny(new Error("x"))`)), "answer.deny(reason): the reason must be a non-empty string, got an Error object (pass error.message)");
});

test("answer.deny(42): deny with the problem", () => {
  assertDenied(run(bashHook(`(input, answer) => answer.deny(42)`)), "answer.deny(reason): the reason must be a non-empty string, got a number");
});

test("answer.deny(''): deny with the problem", () => {
  assertDenied(run(bashHook(`(input, answer) => answer.deny("  ")`)), "answer.deny(reason): the reason must be a non-empty string, got an empty string");
});

test("answer.allow({}) on PreToolUse: the reason must be a string", () => {
  assertDenied(run(bashHook(`(input, answer) => answer.allow({})`)), "answer.allow(reason): the reason must be a string, got an object");
});

test("answer.rewrite('ls'): the tool input must be an object", () => {
  assertDenied(run(bashHook(`(input, answer) => answer.rewrite("ls")`)), "answer.rewrite(input): the tool input must be a JSON object, got a string");
});

test("answer.rewrite of a cyclic object: the problem, not a crash", () => {
  const ran = run(bashHook(`(input, answer) => { const cyclic = { command: "ls" }; cyclic.self = cyclic; return answer.rewrite(cyclic); }`));
  assert.equal(ran.status, 0);
  assert.match(ran.stdout, /"permissionDecision":"deny","permissionDecisionReason":"Hook failed closed: answer.rewrite\(input\): the tool input must be a JSON object, but it cannot be written as JSON/);
});

test("answer.rewrite with a BigInt: the problem", () => {
  const ran = run(bashHook(`(input, answer) => answer.rewrite({ command: "ls", n: 1n })`));
  assert.match(ran.stdout, /"permissionDecisionReason":"Hook failed closed: answer.rewrite\(input\): the tool input must be a JSON object, but it cannot be written as JSON/);
});

test("a rewrite's getter cannot change the input after it was built", () => {
  const ran = run(bashHook(`(input, answer) => { let reads = 0; return answer.rewrite({ get command() { return ++reads === 1 ? "ls -la" : "rm -rf /"; } }); }`, "timeoutMs: 400"));
  assert.equal(ran.stdout, JSON.stringify({ hookSpecificOutput: { hookEventName: "PreToolUse", permissionDecision: "allow", updatedInput: { command: "ls -la" } } }));
});

test("answer.deny('x').and(a forged answer): deny with the problem", () => {
  assertDenied(run(bashHook(`(input, answer) => answer.deny("x").and({ intent: { decision: "allow" } })`)), "and(other): other is not an answer (use the answer helpers)");
});

test("answer.block(undefined) on Stop: a block with the problem", () => {
  const ran = run(`await runHook(defineHook({ event: "Stop", failClosed: true, run: (input, answer) => answer.block(undefined) }));`, STOP);
  assert.equal(ran.stdout, JSON.stringify({ decision: "block", reason: "Hook failed closed: answer.block(reason): the reason must be a non-empty string, got nothing" }));
});

test("answer.addContext(null) on SessionStart, fail-closed: exit 2 with the problem", () => {
  const ran = run(`await runHook(defineHook({ event: "SessionStart", failClosed: true, run: (input, answer) => answer.addContext(null) }));`, SESSION_START);
  assert.equal(ran.status, 2);
  assert.match(ran.stderr, /answer\.addContext\(text\): the text must be a string, got null/);
});

// --- the definition ---

for (const [label, value] of [["Infinity", "Infinity"], ["NaN", "NaN"], ["0", "0"], ["-1", "-1"], ["1.5", "1.5"], ["2 ** 31", "2 ** 31"], ["1e10", "1e10"], ['"5000"', '"5000"']] as const) {
  test(`timeoutMs ${label}: refused when defined; every handled call denied with the definition error`, () => {
    const ran = run(bashHook(`(input, answer) => answer.allow()`, `failClosed: true, timeoutMs: ${value}`));
    assert.equal(ran.status, 0, ran.stderr);
    assert.match(ran.stdout, /"permissionDecision":"deny","permissionDecisionReason":"Hook failed closed: the hook's definition is invalid: timeoutMs must be a whole number of milliseconds from 1 to 2147483647/);
    assert.match(ran.stderr, /^claude-hook-protocol\/hooks: the hook's definition is invalid: timeoutMs/);
  });
}

test("timeoutMs 2147483647 (Node's timer limit) is accepted and does not fire early", () => {
  const ran = run(bashHook(`(input, answer) => new Promise((resolve) => setTimeout(() => resolve(answer.deny("waited")), 50))`, "failClosed: true, timeoutMs: 2147483647"));
  assert.match(ran.stdout, /"permissionDecisionReason":"waited"/);
});

test("an invalid definition of a hook that does not fail closed: a non-blocking error per call", () => {
  assertNonBlocking(run(bashHook(`() => undefined`, "timeoutMs: Infinity")), /the hook's definition is invalid: timeoutMs/);
});

test("failClosed: 'yes' (not a boolean): refused, and the calls are denied", () => {
  const ran = run(bashHook(`() => undefined`, `failClosed: "yes"`));
  assert.match(ran.stdout, /"permissionDecisionReason":"Hook failed closed: the hook's definition is invalid: failClosed must be true or false"/);
});

test("run is not a function: refused, the calls are denied", () => {
  const ran = run(`await runHook(defineHook({ event: "PreToolUse", failClosed: true, run: "deny" }));`);
  assert.match(ran.stdout, /"permissionDecisionReason":"Hook failed closed: the hook's definition is invalid: run must be a function"/);
});

test("defineHook(null) never throws at import; with no event it judges no call: no answer, the problem on stderr", () => {
  const ran = run(`await runHook(defineHook(null));`);
  assert.equal(ran.status, 0);
  assert.equal(ran.stdout, "");
  assert.match(ran.stderr, /defineHook needs an object/);
});

test("runHook given the definition itself (no defineHook): it is defined and runs", () => {
  const ran = run(`await runHook({ event: "PreToolUse", failClosed: true, run: (input, answer) => answer.deny("direct") });`);
  assert.match(ran.stdout, /"permissionDecisionReason":"direct"/);
});

// --- failClosed false: a non-blocking error ---

test("not fail-closed, a synchronous loop past timeoutMs: a non-blocking error", () => {
  assertNonBlocking(run(bashHook(`() => { for (;;) {} }`, "timeoutMs: 400")), /did not answer within its 400 ms budget/);
});

test("not fail-closed, a throw in a timer: a non-blocking error", () => {
  assertNonBlocking(run(bashHook(`() => new Promise(() => setTimeout(() => { throw new Error("late"); }, 5))`, "failClosed: false")), /an error escaped the hook: Error: late/);
});

test("not fail-closed, process.exit(0) inside run: a non-blocking error, not a silent success", () => {
  assertNonBlocking(run(bashHook(`() => { process.exit(0); }`, "failClosed: false")), /the handler called process.exit\(0\)/);
});

test("not fail-closed, answer.deny(new Error()): a non-blocking error", () => {
  assertNonBlocking(run(bashHook(`(input, answer) => answer.deny(new Error("x"))`, "failClosed: false")), /answer\.deny\(reason\): the reason must be a non-empty string/);
});

// --- calls the hook does not handle ---

test("another tool, while a module-level timer throws: no answer", () => {
  const ran = run(`setTimeout(() => { throw new Error("at load"); }, 0);\n${bashHook(`() => { for (;;) {} }`)}`, READ);
  assertSilent(ran);
});

test("another tool, while a module-level timer calls process.exit(1): no answer, exit 0", () => {
  assertSilent(run(`setTimeout(() => process.exit(1), 0);\n${bashHook(`() => { for (;;) {} }`)}`, READ));
});

test("another tool, a hook whose run would loop: run is not called, no answer", () => {
  assertSilent(run(bashHook(`() => { for (;;) {} }`), READ));
});
