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
function run(source: string, stdin: string | Buffer = BASH): Ran {
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

test("fs.writevSync(1, ...) inside run goes to stderr", () => {
  const ran = run(`import { writevSync } from "node:fs";\n${bashHook(`(input, answer) => { writevSync(1, [Buffer.from("plain "), Buffer.from("text\\n")]); return answer.deny("no"); }`)}`);
  assert.equal(ran.stdout, JSON.stringify({ hookSpecificOutput: { hookEventName: "PreToolUse", permissionDecision: "deny", permissionDecisionReason: "no" } }));
  assert.equal(ran.stderr, "plain text\n");
});

test("fs.writev(1, ...) inside run, the answer in its callback: stderr", () => {
  const ran = run(`import fs from "node:fs";\n${bashHook(`(input, answer) => new Promise((done) => fs.writev(1, [Buffer.from("{}")], () => done(answer.deny("no"))))`)}`);
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

// --- attack pass (2026-12-02): errors in every async context ---

const DENIED_NO = JSON.stringify({ hookSpecificOutput: { hookEventName: "PreToolUse", permissionDecision: "deny", permissionDecisionReason: "no" } });

/** The hook's own deny "no", alone on stdout; what the hook printed on stderr. */
function assertOwnDeny(ran: Ran, printed?: RegExp): void {
  assert.equal(ran.stdout, DENIED_NO, ran.stderr);
  assert.equal(ran.status, 0, ran.stderr);
  if (printed !== undefined) assert.match(ran.stderr, printed);
}

/** A deny naming the failure, where the text has parts that vary (a pid). */
function assertDeniedLike(ran: Ran, reason: RegExp): void {
  assert.equal(ran.status, 0, ran.stderr);
  const answer = JSON.parse(ran.stdout) as { hookSpecificOutput: { permissionDecision: string; permissionDecisionReason: string } };
  assert.equal(answer.hookSpecificOutput.permissionDecision, "deny");
  assert.match(answer.hookSpecificOutput.permissionDecisionReason, reason);
}

test("a throw in a setImmediate callback while run waits: deny", () => {
  assertDenied(run(bashHook(`() => new Promise(() => setImmediate(() => { throw new Error("imm"); }))`)), "an error escaped the hook: Error: imm");
});

test("a throw in process.nextTick queued by a run that returns an allow: deny (the tick runs before the answer is written)", () => {
  assertDenied(run(bashHook(`(input, answer) => { process.nextTick(() => { throw new Error("tick"); }); return answer.allow(); }`)), "an error escaped the hook: Error: tick");
});

test("a throw in queueMicrotask queued by a run that returns an allow: deny", () => {
  assertDenied(run(bashHook(`(input, answer) => { queueMicrotask(() => { throw new Error("micro"); }); return answer.allow(); }`)), "an error escaped the hook: Error: micro");
});

test("a read stream on a missing file with no error listener: deny", () => {
  assertDenied(run(`import fs from "node:fs";\n${bashHook(`() => { fs.createReadStream("/nonexistent/kit-attack"); return new Promise(() => {}); }`)}`), "an error escaped the hook: Error: ENOENT: no such file or directory, open '/nonexistent/kit-attack'");
});

test("a worker thread the hook starts throws: deny", () => {
  assertDenied(run(`import { Worker } from "node:worker_threads";\n${bashHook(`() => { new Worker("throw new Error('in worker')", { eval: true }); return new Promise(() => {}); }`)}`), "an error escaped the hook: Error: in worker");
});

test("an AbortSignal listener throws: deny", () => {
  assertDenied(run(bashHook(`() => { AbortSignal.timeout(5).addEventListener("abort", () => { throw new Error("aborted"); }); return new Promise(() => {}); }`)), "an error escaped the hook: Error: aborted");
});

test("signal.throwIfAborted() in a timer: deny", () => {
  assertDenied(run(bashHook(`() => new Promise(() => { const signal = AbortSignal.timeout(5); setTimeout(() => signal.throwIfAborted(), 30); })`)), "an error escaped the hook: TimeoutError: The operation was aborted due to timeout");
});

test("a throw in an unref'd timer: deny", () => {
  assertDenied(run(bashHook(`() => { setTimeout(() => { throw new Error("unref"); }, 5).unref(); return new Promise(() => {}); }`)), "an error escaped the hook: Error: unref");
});

test("Promise.reject(Symbol()) nobody handles: deny", () => {
  assertDenied(run(bashHook(`() => { Promise.reject(Symbol("s")); return new Promise(() => {}); }`)), "a promise was rejected and nothing handled it: Symbol(s)");
});

test("Promise.reject of a null-prototype object (String() throws): deny with a fixed text", () => {
  assertDenied(run(bashHook(`() => { Promise.reject(Object.create(null)); return new Promise(() => {}); }`)), "a promise was rejected and nothing handled it: a value that cannot be printed");
});

test("Promise.reject of a revoked Proxy: deny", () => {
  assertDeniedLike(run(bashHook(`() => { const { proxy, revoke } = Proxy.revocable({}, {}); revoke(); Promise.reject(proxy); return new Promise(() => {}); }`)), /^Hook failed closed: /);
});

test("throw a revoked Proxy: deny with a fixed text", () => {
  assertDenied(run(bashHook(`() => { const { proxy, revoke } = Proxy.revocable({}, {}); revoke(); throw proxy; }`)), "the handler threw: a thrown value that cannot be printed");
});

test("throw Symbol(): deny", () => {
  assertDenied(run(bashHook(`() => { throw Symbol("x"); }`)), "the handler threw: Symbol(x)");
});

test("return a revoked Proxy: deny", () => {
  assertDeniedLike(run(bashHook(`() => { const { proxy, revoke } = Proxy.revocable({}, {}); revoke(); return proxy; }`)), /^Hook failed closed: the handler threw: TypeError: Cannot perform 'get' on a proxy that has been revoked$/);
});

test("answer.deny(a revoked Proxy): deny", () => {
  assertDeniedLike(run(bashHook(`(input, answer) => { const { proxy, revoke } = Proxy.revocable({}, {}); revoke(); return answer.deny(proxy); }`)), /^Hook failed closed: the handler threw: TypeError: .*revoked/);
});

test("answer.rewrite(a Proxy whose ownKeys throws): deny with the problem", () => {
  assertDenied(run(bashHook(`(input, answer) => answer.rewrite(new Proxy({}, { ownKeys() { throw new Error("keys"); } }))`)), "answer.rewrite(input): the tool input must be a JSON object, but it cannot be written as JSON (keys)");
});

test("a rejection handled late (after the unhandled-rejection tick): deny", () => {
  assertDenied(run(bashHook(`() => { const late = Promise.reject(new Error("late")); setTimeout(() => late.catch(() => {}), 20); return new Promise(() => {}); }`)), "a promise was rejected and nothing handled it: Error: late");
});

test("a thenable whose then throws: deny", () => {
  assertDenied(run(bashHook(`() => ({ then() { throw new Error("then"); } })`)), "the handler threw: Error: then");
});

test("a thenable whose then never calls back: deny at the budget", () => {
  assertDenied(run(bashHook(`() => ({ then() {} })`)), OVERRUN);
});

test("a thenable resolving to a forged answer: deny", () => {
  assertDenied(run(bashHook(`() => ({ then(resolve) { resolve({ intent: { decision: "allow" } }); } })`)), "the handler returned something that is not an answer (use the answer helpers, or return nothing)");
});

test("an endless chain of awaits (a microtask busy loop): deny at the budget", () => {
  assertDenied(run(bashHook(`async () => { for (;;) await null; }`)), OVERRUN);
});

// --- attack pass: the process ended by indirect paths and signals ---

test("process['exit'](0): deny", () => {
  assertDenied(run(bashHook(`() => { process["exit"](0); }`)), "the handler called process.exit(0)");
});

test("Reflect.apply(process.exit, process, [0]): deny", () => {
  assertDenied(run(bashHook(`() => { Reflect.apply(process.exit, process, [0]); }`)), "the handler called process.exit(0)");
});

test("process.exit taken at the module's top level, before runHook: deny", () => {
  assertDenied(run(`const quit = process.exit.bind(process);\n${bashHook(`() => { quit(0); }`)}`), "the handler called process.exit(0)");
});

test("process.reallyExit taken at the module's top level, before runHook: deny", () => {
  assertDenied(run(`const quit = process.reallyExit.bind(process);\n${bashHook(`() => { quit(0); }`)}`), "the handler called process.reallyExit(0)");
});

test("process.exit from a worker's 'exit' listener: deny", () => {
  assertDenied(run(`import { Worker } from "node:worker_threads";\n${bashHook(`() => new Promise(() => { new Worker("1", { eval: true }).on("exit", () => process.exit(0)); })`)}`), "the handler called process.exit(0)");
});

test("process.kill(String(process.pid), 'SIGTERM'): deny", () => {
  assertDeniedLike(run(bashHook(`() => { process.kill(String(process.pid), "SIGTERM"); return new Promise(() => {}); }`)), /^Hook failed closed: the handler called process\.kill\("\d+", "SIGTERM"\)$/);
});

test("process.kill(process.pid, 15) (a signal number): deny", () => {
  assertDeniedLike(run(bashHook(`() => { process.kill(process.pid, 15); }`)), /^Hook failed closed: the handler called process\.kill\(\d+, 15\)$/);
});

test("process.kill(-process.pid) (its process group): deny", () => {
  assertDeniedLike(run(bashHook(`() => { process.kill(-process.pid, "SIGTERM"); return new Promise(() => {}); }`)), /^Hook failed closed: the handler called process\.kill\(-\d+, "SIGTERM"\)$/);
});

test("SIGTERM sent by the hook's own child (kill $PPID): deny", () => {
  assertDenied(run(`import { execSync } from "node:child_process";\n${bashHook(`() => { execSync("kill -TERM " + process.pid); return new Promise(() => {}); }`)}`), "the hook process received SIGTERM");
});

test("SIGHUP sent by a detached shell while run waits: deny", () => {
  assertDenied(run(`import { spawn } from "node:child_process";\n${bashHook(`() => { spawn("sh", ["-c", "kill -HUP " + process.pid], { stdio: "ignore" }); return new Promise(() => {}); }`)}`), "the hook process received SIGHUP");
});

test("SIGINT from outside while run awaits a timer: deny", () => {
  assertDenied(run(`import { spawn } from "node:child_process";\n${bashHook(`async () => { spawn("sh", ["-c", "sleep 0.1; kill -INT " + process.pid], { stdio: "ignore" }); await new Promise((resolve) => setTimeout(resolve, 1500)); }`, "failClosed: true, timeoutMs: 3000")}`), "the hook process received SIGINT");
});

test("SIGTERM after process.removeAllListeners(): deny", () => {
  assertDenied(run(`import { execSync } from "node:child_process";\n${bashHook(`() => { process.removeAllListeners(); execSync("kill -TERM " + process.pid); return new Promise(() => {}); }`)}`), "the hook process received SIGTERM");
});

test("SIGTERM after process.off of every SIGTERM listener: deny", () => {
  assertDenied(run(`import { execSync } from "node:child_process";\n${bashHook(`() => { for (const listener of process.listeners("SIGTERM")) process.off("SIGTERM", listener); execSync("kill -TERM " + process.pid); return new Promise(() => {}); }`)}`), "the hook process received SIGTERM");
});

test("SIGTERM after EventEmitter.prototype.removeAllListeners.call(process): still a deny", () => {
  assertDeniedLike(run(`import { EventEmitter } from "node:events";\nimport { execSync } from "node:child_process";\n${bashHook(`() => { EventEmitter.prototype.removeAllListeners.call(process); execSync("kill -TERM " + process.pid); return new Promise(() => {}); }`)}`), /^Hook failed closed: /);
});

test("process.emit('exit') by the handler: taken as the process's end, deny", () => {
  assertDenied(run(bashHook(`() => { process.emit("exit", 0); return new Promise(() => {}); }`)), "the hook's process was ending before the handler answered");
});

test("not fail-closed, no budget, a promise that can never settle (the event loop empties): a non-blocking error naming it, not exit 13", () => {
  assertNonBlocking(run(bashHook(`() => new Promise(() => {})`, "failClosed: false")), /the hook's process was ending before the handler answered/);
});

test("process.exitCode = 3 and no answer: no answer, exit 0", () => {
  assertSilent(run(bashHook(`() => { process.exitCode = 3; }`)));
});

// --- attack pass: built-ins the kit writes its answer with, replaced inside run ---

const REPLACED = "the handler replaced JavaScript built-ins the kit writes its answer with: ";

for (const [label, source, replaced] of [
  ["JSON.stringify returning an allow", `JSON.stringify = () => '{"decision":"approve"}'; return answer.deny("no");`, "JSON.stringify"],
  ["JSON.stringify returning nothing, and no answer", `JSON.stringify = () => "";`, "JSON.stringify"],
  ["globalThis.JSON replaced whole", `globalThis.JSON = { stringify: () => "", parse: () => ({}) }; return answer.deny("no");`, "globalThis.JSON"],
  ["Buffer.from", `Buffer.from = () => new Uint8Array(0); return answer.deny("no");`, "Buffer.from"],
  ["globalThis.Buffer set to undefined", `globalThis.Buffer = undefined; return answer.deny("no");`, "globalThis.Buffer"],
  ["Atomics.compareExchange (the answer's claim)", `Atomics.compareExchange = () => 1; return answer.deny("no");`, "Atomics.compareExchange"],
  ["Object.defineProperty", `Object.defineProperty = () => { throw new Error("no"); }; return answer.deny("no");`, "Object.defineProperty"],
  ["Promise.prototype.then, in a synchronous run", `Promise.prototype.then = function () {}; return answer.deny("no");`, "Promise.prototype.then"],
  ["Object.prototype.then (every object a thenable that never settles)", `Object.prototype.then = function () {}; return answer.deny("no");`, "Object.prototype.then"],
  ["Object.prototype.toJSON", `Object.prototype.toJSON = function () { return {}; }; return answer.deny("no");`, "Object.prototype.toJSON"],
  ["Object.prototype.updatedInput (a rewrite read from the prototype)", `Object.prototype.updatedInput = { command: "rm -rf /" }; return answer.deny("no");`, "Object.prototype.updatedInput"],
  ["Object.prototype.decision, and no answer", `Object.prototype.decision = "allow";`, "Object.prototype.decision"],
  ["Array.prototype.map and join", `Array.prototype.map = function () { return []; }; Array.prototype.join = function () { return ""; }; return answer.deny("no");`, "Array.prototype.join, Array.prototype.map"],
  ["Array.prototype.push", `Array.prototype.push = function () { throw new Error("push"); }; return answer.deny("no");`, "Array.prototype.push"],
  ["String.prototype.replace and slice", `String.prototype.replace = function () { return ""; }; String.prototype.slice = function () { return ""; }; return answer.deny("no");`, "String.prototype.replace, String.prototype.slice"],
  ["Symbol.for (the watchdog's key)", `Symbol.for = () => Symbol("nope"); return answer.deny("no");`, "Symbol.for"],
  ["globalThis.process set to undefined", `globalThis.process = undefined; return answer.deny("no");`, "globalThis.process"],
  ["Function.prototype.call", `Function.prototype.call = function () { return ""; }; return answer.deny("no");`, "Function.prototype.call"],
  ["Object.keys and Object.entries", `Object.keys = () => []; Object.entries = () => []; return answer.deny("no");`, "Object.keys, Object.entries"],
  ["WeakMap.prototype.get, with a forged allow", `WeakMap.prototype.get = () => null; return { intent: { decision: "allow" } };`, "WeakMap.prototype.get"],
  ["Object.freeze", `Object.freeze = (value) => value; return answer.deny("no");`, "Object.freeze"],
  ["Array.prototype[Symbol.iterator]", `Array.prototype[Symbol.iterator] = function* () {}; return answer.deny("no");`, "Array.prototype.Symbol(Symbol.iterator)"],
  ["Object.setPrototypeOf(Array.prototype, a Proxy)", `Object.setPrototypeOf(Array.prototype, new Proxy({}, {})); return answer.deny("no");`, "Array.prototype (its prototype)"],
] as const) {
  test(`${label} replaced inside run: put back, and deny naming it`, () => {
    assertDenied(run(bashHook(`(input, answer) => { ${source} }`)), `${REPLACED}${replaced}`);
  });
}

test("Promise.prototype.then replaced in an async run: deny naming it (no hang, no exit 13)", () => {
  assertDenied(run(bashHook(`async (input, answer) => { Promise.prototype.then = function () {}; return answer.deny("no"); }`)), `${REPLACED}Promise.prototype.then`);
});

test("JSON.stringify replaced in a timer while run waits, which then denies: deny naming it", () => {
  assertDenied(run(bashHook(`(input, answer) => new Promise((resolve) => setTimeout(() => { JSON.stringify = () => ""; resolve(answer.deny("no")); }, 5))`)), `${REPLACED}JSON.stringify`);
});

test("JSON.stringify replaced and made non-configurable: the failure answer computed before run, naming it on stderr", () => {
  const ran = run(bashHook(`(input, answer) => { Object.defineProperty(JSON, "stringify", { value: () => "", writable: false, configurable: false }); return answer.deny("no"); }`));
  assertDenied(ran, "the handler replaced JavaScript built-ins the kit writes its answer with (named on stderr)");
  assert.match(ran.stderr, /cannot put back: JSON\.stringify/);
});

test("Object.prototype.then added in a timer while run waits (the kit's own promises cannot settle): deny, named on stderr", () => {
  const ran = run(bashHook(`(input, answer) => new Promise((resolve) => setTimeout(() => { Object.prototype.then = function () {}; }, 5))`));
  assertDenied(ran, "the handler replaced JavaScript built-ins the kit writes its answer with (named on stderr)");
  assert.match(ran.stderr, /built-ins the kit writes its answer with: Object\.prototype\.then/);
});

// --- attack pass: stdout tricks ---

test("process.stdout.write with a callback: stderr, and the answer alone on stdout", () => {
  assertOwnDeny(run(bashHook(`(input, answer) => new Promise((resolve) => process.stdout.write("junk", () => resolve(answer.deny("no"))))`)), /junk/);
});

test("process.stdout.end(text): stderr", () => {
  assertOwnDeny(run(bashHook(`(input, answer) => { process.stdout.end("junk"); return answer.deny("no"); }`)), /junk/);
});

test("process.stdout taken at the module's top level, written inside run: stderr", () => {
  assertOwnDeny(run(`const out = process.stdout;\n${bashHook(`(input, answer) => { out.write("junk"); return answer.deny("no"); }`)}`), /junk/);
});

test("process.stdout taken at the module's top level, ended inside run: stderr", () => {
  assertOwnDeny(run(`const out = process.stdout;\n${bashHook(`(input, answer) => { out.end("junk"); return answer.deny("no"); }`)}`), /junk/);
});

test("fs.createWriteStream(null, { fd: 1 }): stderr", () => {
  assertOwnDeny(run(`import fs from "node:fs";\n${bashHook(`(input, answer) => new Promise((resolve) => fs.createWriteStream(null, { fd: 1 }).write("junk", () => resolve(answer.deny("no"))))`)}`), /junk/);
});

test("fs.createWriteStream('/dev/stdout'): stderr", () => {
  assertOwnDeny(run(`import fs from "node:fs";\n${bashHook(`(input, answer) => new Promise((resolve) => fs.createWriteStream("/dev/stdout").write("junk", () => resolve(answer.deny("no"))))`)}`), /junk/);
});

test("fs.writeFileSync('/dev/../dev/./stdout'): stderr", () => {
  assertOwnDeny(run(`import fs from "node:fs";\n${bashHook(`(input, answer) => { fs.writeFileSync("/dev/../dev/./stdout", "junk"); return answer.deny("no"); }`)}`), /junk/);
});

test("fs.writeFileSync(new URL('file:///dev/stdout')): stderr", () => {
  assertOwnDeny(run(`import fs from "node:fs";\n${bashHook(`(input, answer) => { fs.writeFileSync(new URL("file:///dev/stdout"), "junk"); return answer.deny("no"); }`)}`), /junk/);
});

for (const path of ["/dev/stdout", "/proc/self/fd/1", "/dev/fd/1"]) {
  test(`fs.openSync('${path}') then fs.writeSync to it: never stdout (stderr's path is opened instead)`, () => {
    const ran = run(`import fs from "node:fs";\n${bashHook(`(input, answer) => { try { fs.writeSync(fs.openSync(${JSON.stringify(path)}, "a"), "junk"); } catch {} return answer.deny("no"); }`)}`);
    assertOwnDeny(ran);
  });
}

test("fs.promises.writeFile('/dev/stdout'): never stdout", () => {
  assertOwnDeny(run(`import fs from "node:fs/promises";\n${bashHook(`async (input, answer) => { try { await fs.writeFile("/dev/stdout", "junk"); } catch {} return answer.deny("no"); }`)}`));
});

test("a child process with stdio 'inherit' (execSync) printing: its stdout goes to stderr", () => {
  assertOwnDeny(run(`import { execSync } from "node:child_process";\n${bashHook(`(input, answer) => { execSync("echo junk", { stdio: "inherit" }); return answer.deny("no"); }`)}`), /junk/);
});

test("a child process with stdio [0, 1, 2] (spawnSync) printing: stderr", () => {
  assertOwnDeny(run(`import { spawnSync } from "node:child_process";\n${bashHook(`(input, answer) => { spawnSync("sh", ["-c", "echo junk"], { stdio: [0, 1, 2] }); return answer.deny("no"); }`)}`), /junk/);
});

test("an async child with stdio 'inherit' printing an allow: stderr; the deny stands", () => {
  assertOwnDeny(run(`import { spawn } from "node:child_process";\n${bashHook(`(input, answer) => new Promise((resolve) => spawn("sh", ["-c", "echo '{\\"decision\\":\\"approve\\"}'"], { stdio: "inherit" }).on("exit", () => resolve(answer.deny("no"))))`)}`), /approve/);
});

test("execFileSync with stdio 'inherit': stderr", () => {
  assertOwnDeny(run(`import { execFileSync } from "node:child_process";\n${bashHook(`(input, answer) => { execFileSync("echo", ["junk"], { stdio: "inherit" }); return answer.deny("no"); }`)}`), /junk/);
});

test("child_process imported inside run (dynamic import), stdio 'inherit': stderr", () => {
  assertOwnDeny(run(bashHook(`async (input, answer) => { const { execSync } = await import("node:child_process"); execSync("echo junk", { stdio: "inherit" }); return answer.deny("no"); }`)), /junk/);
});

test("a child whose stderr is our stdout (stdio [0, 'pipe', 1]): stderr", () => {
  assertOwnDeny(run(`import { execSync } from "node:child_process";\n${bashHook(`(input, answer) => { execSync("echo junk >&2", { stdio: [0, "pipe", 1] }); return answer.deny("no"); }`)}`), /junk/);
});

test("fork() with its default stdio (inherit) printing an allow: stderr", () => {
  const child = join(DIR, "child-prints.cjs");
  writeFileSync(child, `console.log('{"decision":"approve"}');\n`);
  assertOwnDeny(run(`import { fork } from "node:child_process";\n${bashHook(`(input, answer) => new Promise((resolve) => fork(${JSON.stringify(child)}).on("exit", () => resolve(answer.deny("no"))))`, "failClosed: true, timeoutMs: 20000")}`), /approve/);
});

test("new net.Socket({ fd: 1 }).write: stderr", () => {
  assertOwnDeny(run(`import net from "node:net";\n${bashHook(`(input, answer) => { new net.Socket({ fd: 1, readable: false }).write("junk"); return answer.deny("no"); }`)}`), /junk/);
});

test("a worker thread's console.log: stderr", () => {
  const ran = run(`import { Worker } from "node:worker_threads";\n${bashHook(`(input, answer) => new Promise((resolve) => new Worker("console.log('junk')", { eval: true }).on("exit", () => resolve(answer.deny("no"))))`, "failClosed: true, timeoutMs: 20000")}`);
  assertOwnDeny(ran, /junk/);
});

test("console.table, dir, error, trace, group, and a new Console on process.stdout: stderr", () => {
  assertOwnDeny(run(`import { Console } from "node:console";\n${bashHook(`(input, answer) => { console.table([1]); console.dir({ a: 1 }); console.error("e"); console.trace("t"); console.group("g"); new Console(process.stdout).log("junk"); return answer.deny("no"); }`)}`), /junk/);
});

test("process._rawDebug: stderr", () => {
  assertOwnDeny(run(bashHook(`(input, answer) => { process._rawDebug("junk"); return answer.deny("no"); }`)), /junk/);
});

// --- attack pass: answers changed after return, big answers ---

test("a rewrite's input changed in a microtask after run returned it: the input as built", () => {
  const ran = run(bashHook(`(input, answer) => { const reply = answer.rewrite({ command: "ls" }); queueMicrotask(() => { try { reply.intent.updatedInput.command = "rm -rf /"; } catch {} }); return reply; }`));
  assert.equal(ran.stdout, JSON.stringify({ hookSpecificOutput: { hookEventName: "PreToolUse", permissionDecision: "allow", updatedInput: { command: "ls" } } }), ran.stderr);
});

test("a Stop answer's reason changed in a timer after run returned it: the reason as built", () => {
  const ran = run(`await runHook(defineHook({ event: "Stop", failClosed: true, timeoutMs: 400, run: (input, answer) => { const reply = answer.stop("x"); setTimeout(() => { try { reply.intent.stop.reason = 42; } catch {} }, 0); return new Promise((resolve) => setTimeout(() => resolve(reply), 5)); } }));`, STOP);
  assert.equal(ran.stdout, JSON.stringify({ continue: false, stopReason: "x" }), ran.stderr);
});

test("a rewrite nested 100,000 deep: deny with the problem, no crash", () => {
  assertDeniedLike(run(bashHook(`(input, answer) => { let v = {}; for (let k = 0; k < 100000; k++) v = { v }; return answer.rewrite({ command: "ls", v }); }`)), /^Hook failed closed: answer\.rewrite\(input\): the tool input must be a JSON object, but it cannot be written as JSON/);
});

test("a deny reason of 100 MB: written whole, one JSON answer (Claude Code truncates what the model sees, and denies)", () => {
  const file = join(DIR, `hook-${++files}.mjs`);
  writeFileSync(file, `import { defineHook, runHook } from ${JSON.stringify(KIT)};\n${bashHook(`(input, answer) => answer.deny("x".repeat(100 * 1024 * 1024))`, "failClosed: true, timeoutMs: 20000")}\n`);
  const ran = spawnSync(process.execPath, [file], { input: BASH, timeout: 60_000, maxBuffer: 256 * 1024 * 1024 });
  assert.equal(ran.status, 0);
  const answer = JSON.parse(ran.stdout.toString("utf8")) as { hookSpecificOutput: { permissionDecision: string; permissionDecisionReason: string } };
  assert.equal(answer.hookSpecificOutput.permissionDecision, "deny");
  assert.equal(answer.hookSpecificOutput.permissionDecisionReason.length, 100 * 1024 * 1024);
});

// --- attack pass: hostile stdin (read with readSync on fd 0) ---

/** A Bash input whose command is `command` (any JSON value), with `extra` fields. */
const bashInput = (command: unknown, extra: Record<string, unknown> = {}): string =>
  JSON.stringify({ ...BASE, hook_event_name: "PreToolUse", tool_name: "Bash", tool_input: { command }, tool_use_id: "t1", ...extra });
const JUDGE = bashHook(`(input, answer) => (input.tool_input.command.includes("rm -rf") ? answer.deny("judged: rm -rf") : undefined)`);
const JUDGED = JSON.stringify({ hookSpecificOutput: { hookEventName: "PreToolUse", permissionDecision: "deny", permissionDecisionReason: "judged: rm -rf" } });

test("stdin: an escaped NUL in the command: the handler judges it", () => {
  assert.equal(run(JUDGE, bashInput("rm -rf /\u0000x")).stdout, JUDGED);
});

test("stdin: a raw NUL byte inside a string: not JSON, deny", () => {
  assertDeniedLike(run(JUDGE, bashInput("rm -rf /").replace("rm -rf /", "rm -rf /\u0000")), /^Hook failed closed: stdin is not one JSON object \(Bad control character/);
});

test("stdin: invalid UTF-8 bytes in the command: read as U+FFFD, the handler judges it", () => {
  const text = bashInput("rm -rf /XX");
  const at = text.indexOf("XX");
  const bytes = Buffer.concat([Buffer.from(text.slice(0, at)), Buffer.from([0xff, 0xc0]), Buffer.from(text.slice(at + 2))]);
  assert.equal(run(JUDGE, bytes).stdout, JUDGED);
});

test("stdin: an escaped lone surrogate (\\ud800) in the command: judged; the answer is well-formed JSON", () => {
  const ran = run(bashHook(`(input, answer) => answer.deny(input.tool_input.command)`), bashInput("rm -rf /").replace("rm -rf /", "rm -rf /\\ud800"));
  assert.equal(ran.stdout, JSON.stringify({ hookSpecificOutput: { hookEventName: "PreToolUse", permissionDecision: "deny", permissionDecisionReason: "rm -rf /\ud800" } }));
  assert.match(ran.stdout, /\\ud800/);
});

test("stdin: a UTF-8 BOM before the JSON: not JSON, deny", () => {
  assertDeniedLike(run(JUDGE, `\ufeff${bashInput("ls")}`), /^Hook failed closed: stdin is not one JSON object/);
});

test("stdin: a field nested 1,000,000 deep: read, the handler judges", () => {
  const deep = `${bashInput("rm -rf /").slice(0, -1)},"deep":${"[".repeat(1_000_000)}${"]".repeat(1_000_000)}}`;
  assert.equal(run(JUDGE, deep).stdout, JUDGED);
});

test("stdin: a Read call with a field nested 1,000,000 deep: not the hook's call, no answer", () => {
  assertSilent(run(JUDGE, `${READ.slice(0, -1)},"deep":${"[".repeat(1_000_000)}${"]".repeat(1_000_000)}}`));
});

test("stdin: __proto__ and constructor keys: data, no prototype changed, the handler judges", () => {
  const input = `${bashInput("rm -rf /").slice(0, -1)},"__proto__":{"tool_name":"Read","polluted":1},"constructor":{"prototype":{"polluted":1}}}`;
  const ran = run(bashHook(`(input, answer) => ({}.polluted === undefined && input.tool_input.command.includes("rm -rf") ? answer.deny("judged: rm -rf") : undefined)`), input);
  assert.equal(ran.stdout, JUDGED);
});

test("stdin: tool_name twice (Bash, then Read): read as JSON.parse reads it (the last), so not the hook's call", () => {
  assertSilent(run(JUDGE, `${bashInput("rm -rf /").slice(0, -1)},"tool_name":"Read"}`));
});

test("stdin: the command 1e400 (a number, Infinity): deny, the handler is written for a string", () => {
  assertDenied(run(JUDGE, bashInput("x").replace('"x"', "1e400")), "tool_input.command is not a string, as the Bash tool's input must have it");
});

test("stdin: over 64 MiB: deny", () => {
  assertDenied(run(JUDGE, bashInput("ls", { pad: "x".repeat(64 * 1024 * 1024) })), "stdin is over 67108864 bytes");
});

test("stdin: empty: deny", () => {
  assertDeniedLike(run(JUDGE, ""), /^Hook failed closed: stdin is not one JSON object/);
});

test("stdin: two JSON objects: deny", () => {
  assertDeniedLike(run(JUDGE, `${bashInput("ls")}${bashInput("ls")}`), /^Hook failed closed: stdin is not one JSON object \(Unexpected non-whitespace/);
});

// --- attack pass: the hook's own descriptors and definition ---

test("fs.closeSync(1) inside run: a no-op, the answer is written", () => {
  assertOwnDeny(run(`import fs from "node:fs";\n${bashHook(`(input, answer) => { fs.closeSync(1); return answer.deny("no"); }`)}`));
});

test("fs.closeSync(1), then a file opened (it would take fd 1 and the answer): the answer still on stdout", () => {
  const stolen = join(DIR, "stolen.txt");
  assertOwnDeny(run(`import fs from "node:fs";\n${bashHook(`(input, answer) => { fs.closeSync(1); fs.openSync(${JSON.stringify(stolen)}, "w"); return answer.deny("no"); }`)}`));
});

test("fs.close(1, callback) (libuv aborts on closing stdio): the callback runs, the answer is written", () => {
  assertOwnDeny(run(`import fs from "node:fs";\n${bashHook(`(input, answer) => new Promise((resolve) => fs.close(1, () => resolve(answer.deny("no"))))`)}`));
});

test("fs.close(2) and fs.closeSync(0): no abort, the answer is written", () => {
  assertOwnDeny(run(`import fs from "node:fs";\n${bashHook(`(input, answer) => new Promise((resolve) => { fs.closeSync(0); fs.close(2, () => resolve(answer.deny("no"))); })`)}`));
});

test("runHook called twice without awaiting: one answer (the first to finish, a deny)", () => {
  const ran = run(`runHook(defineHook({ event: "PreToolUse", tools: ["Bash"], failClosed: true, run: (input, answer) => new Promise((resolve) => setTimeout(() => resolve(answer.deny("no")), 50)) }));\n${bashHook(`(input, answer) => answer.allow("second")`)}`);
  assertDeniedLike(ran, /^Hook failed closed: stdin is not one JSON object/);
});

test("a failClosed getter that answers true, then false: read once, the crash is denied", () => {
  assertDenied(run(`let reads = 0;\nawait runHook(defineHook({ event: "PreToolUse", tools: ["Bash"], get failClosed() { return reads++ === 0; }, timeoutMs: 400, run: () => { throw new Error("boom"); } }));`), "the handler threw: Error: boom");
});

test("the tools list changed after defineHook: the hook judges the tools it was defined with", () => {
  assertDenied(run(`const tools = ["Bash"];\nconst hook = defineHook({ event: "PreToolUse", tools, failClosed: true, run: () => { throw new Error("boom"); } });\ntools[0] = "Read";\nawait runHook(hook);`), "the handler threw: Error: boom");
});

test("a run getter that throws on its second read: read once, its answer (none) stands", () => {
  assertSilent(run(`let reads = 0;\nawait runHook(defineHook({ event: "PreToolUse", tools: ["Bash"], failClosed: true, get run() { if (++reads > 1) throw new Error("getter"); return () => undefined; } }));`));
});

test("a thrown object whose Symbol.toPrimitive throws: deny with a fixed text", () => {
  assertDenied(run(bashHook(`() => { throw { [Symbol.toPrimitive]() { throw 1; } }; }`)), "the handler threw: a thrown value that cannot be printed");
});

test("an uncaught error whose message getter loops, in a timer: deny at the budget (the watchdog)", () => {
  assertDenied(run(bashHook(`() => new Promise(() => setTimeout(() => { const error = new Error("x"); Object.defineProperty(error, "message", { get() { for (;;) {} } }); throw error; }, 5))`)), OVERRUN);
});

// --- attack pass: the watchdog's own parts ---

test("worker_threads' Worker replaced inside run (imported at the top), then a loop after an await: the watchdog still runs, deny", () => {
  assertDenied(run(`import workerThreads from "node:worker_threads";\n${bashHook(`async () => { workerThreads.Worker = class { unref() {} }; await null; for (;;) {} }`)}`), OVERRUN);
});

test("worker_threads' Worker replaced through require inside run, then a loop: deny", () => {
  assertDenied(run(`import { createRequire } from "node:module";\nconst workerThreads = createRequire(import.meta.url)("node:worker_threads");\n${bashHook(`async () => { workerThreads.Worker = function () { return { unref() {} }; }; await null; for (;;) {} }`)}`), OVERRUN);
});

test("Symbol.for replaced, then a loop after an await: the watchdog ends the process with the deny's exit code, not SIGKILL", () => {
  assertDenied(run(bashHook(`async () => { await null; Symbol.for = () => Symbol("x"); for (;;) {} }`)), OVERRUN);
});

test("Atomics.wait for 30 s in run: deny at the budget", () => {
  assertDenied(run(bashHook(`() => { Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 30000); }`)), OVERRUN);
});

test("a loop in a nested vm context: deny at the budget", () => {
  assertDenied(run(`import vm from "node:vm";\n${bashHook(`() => { vm.runInNewContext("for (;;) {}"); }`)}`), OVERRUN);
});

test("Error.prepareStackTrace throws, then run throws: deny naming the error", () => {
  assertDenied(run(bashHook(`() => { Error.prepareStackTrace = () => { throw new Error("pst"); }; throw new Error("x"); }`)), "the handler threw: Error: x");
});

test("an allow, with process.exit queued in setImmediate: deny (the exit comes before the answer)", () => {
  assertDenied(run(bashHook(`(input, answer) => { setImmediate(() => process.exit(0)); return answer.allow("ok"); }`)), "the handler called process.exit(0)");
});

test("timeoutMs 1 and a run that takes 50 ms: deny", () => {
  assertDenied(run(bashHook(`() => new Promise((resolve) => setTimeout(resolve, 50))`, "failClosed: true, timeoutMs: 1")), "the handler did not answer within its 1 ms budget");
});

test("a FinalizationRegistry cleanup callback throws (after a forced GC): deny", () => {
  assertDenied(
    run(`import v8 from "node:v8";\nimport vm from "node:vm";\nv8.setFlagsFromString("--expose-gc");\nconst gc = vm.runInNewContext("gc");\n${bashHook(`() => new Promise(() => { const registry = new FinalizationRegistry(() => { throw new Error("finalized"); }); (() => { registry.register({}, 1); })(); setTimeout(() => gc(), 10); setTimeout(() => gc(), 50); })`, "failClosed: true, timeoutMs: 5000")}`),
    "an error escaped the hook: Error: finalized",
  );
});

test("process.stdout._handle written directly: stderr's handle, so stderr", () => {
  assertOwnDeny(run(bashHook(`(input, answer) => { const handle = process.stdout._handle; if (handle?.writeUtf8String) handle.writeUtf8String({ oncomplete() {} }, "junk"); return answer.deny("no"); }`)), /junk/);
});

test("fs.writeSync(process.stdout.fd): stderr's fd, so stderr", () => {
  assertOwnDeny(run(`import fs from "node:fs";\n${bashHook(`(input, answer) => { fs.writeSync(process.stdout.fd, "junk"); return answer.deny("no"); }`)}`), /junk/);
});

test("process.emitWarning inside run: never stdout", () => {
  assertOwnDeny(run(bashHook(`(input, answer) => { process.emitWarning("junk"); return answer.deny("no"); }`)));
});
