/**
 * Running a defined hook as the hook process: stdin -> one answer on stdout,
 * messages on stderr, the exit code.
 *
 * Failing closed is a property of this process, not of the handler's happy
 * path. Once the hook has taken a call (its event and tools match), whatever
 * ends the process ends it with that call's failure answer (a deny, or a
 * block, when the hook fails closed; else a non-blocking error):
 *
 * - an exception nobody catches (a throw in a timer, an `error` event with no
 *   listener) or a rejection nobody handles: the process's handlers;
 * - `process.exit`, `process.reallyExit`, `process.abort` or `process.kill`
 *   of this process inside the handler: intercepted while the call is handled;
 * - a synchronous loop in `run`: the vm watchdog of `withinBudget`
 *   (./handle.ts); a loop in what `run` left running (a promise, a timer),
 *   which no timer of this blocked thread can interrupt: a watchdog thread,
 *   started only when `run` leaves something running, that writes the failure
 *   answer computed before `run` started and ends the process with its exit
 *   code (through the inspector, which interrupts running JavaScript; a
 *   SIGKILL if this thread is stuck in native code);
 * - output: the kit owns stdout. `process.stdout` and `console` write to
 *   stderr from `runHook` on, and the answer is written with one `writeSync`.
 *
 * Exactly one answer is written: the main thread and the watchdog claim it
 * with one compare-and-swap on shared memory, and the process exits right
 * after writing it. A call the hook does not handle gets the answer `handle`
 * gives it (none), whatever went wrong meanwhile.
 */
import { createHook, type AsyncHook } from "node:async_hooks";
// the default export is the module object `require("node:fs")` gives, whose functions the guard replaces
import fs, { closeSync, readSync, writeSync } from "node:fs";
import { createRequire, syncBuiltinESMExports } from "node:module";
import { defineHook, failurePolicy, type Hook, type HookOutcome, type HookWatcher } from "./define.js";
import { readReply } from "./answers.js";
import type { HandledCall } from "./handle.js";
import type { HookEventName } from "./types.js";

const MAX_STDIN_BYTES = 64 * 1024 * 1024;
const STDIN_CHUNK_BYTES = 64 * 1024;
/** The watchdog fires this long after the budget, so that a main thread that is not stuck answers the overrun itself. */
const WATCHDOG_GRACE_MS = 250;
/** How long the watchdog waits for the stuck thread to exit through the inspector before it kills the process. */
const WATCHDOG_KILL_AFTER_MS = 1000;
const MAX_TIMER_MS = 2 ** 31 - 1;
const FAIL_NOW = Symbol.for("claude-hook-protocol/hooks.failNow");
const PREFIX = "claude-hook-protocol/hooks";
/** The kit's own writer, taken before `fs.writeSync` is redirected for the hook. */
const writeToFd = writeSync;
/** File-descriptor and path forms of stdout that the hook's fs writes are redirected from, and to what. */
const STDOUT_TARGETS = new Map<unknown, unknown>([[1, 2], ["/dev/stdout", 2], ["/proc/self/fd/1", 2]]);

/** The watchdog thread (CommonJS, evaluated): at the deadline, claim the answer, write it, have the main thread exit with its code. */
const WATCHDOG_SOURCE = `
const { workerData: w } = require("node:worker_threads");
setTimeout(() => {
  if (Atomics.compareExchange(w.claimed, 0, 0, 1) !== 0) return;
  const { writeSync } = require("node:fs");
  const put = (fd, text) => { try { const bytes = Buffer.from(text); for (let at = 0; at < bytes.length; ) at += writeSync(fd, bytes, at); } catch {} };
  put(1, w.stdout);
  put(2, w.stderr);
  try {
    const session = new (require("node:inspector").Session)();
    session.connectToMainThread();
    session.post("Runtime.evaluate", { expression: w.exitExpression });
  } catch {}
  setTimeout(() => process.kill(process.pid, "SIGKILL"), w.killAfterMs);
}, w.ms);
`;

/**
 * stdin as text, or null when it is over MAX_STDIN_BYTES. Read with `readSync`
 * on fd 0: an agent gives a hook a pipe (or a file) that it closes after the
 * input, and reading it directly spares the ~20 stream modules `process.stdin`
 * loads (about 4 ms of every call, bench/kit-cold-start.ts). A descriptor that
 * cannot be read that way (non-blocking: EAGAIN; a socket; closed) is read
 * on through `process.stdin`, after what was already read.
 */
async function readStdin(): Promise<string | null> {
  const chunks: Buffer[] = [];
  let size = 0;
  const add = (chunk: Buffer): boolean => {
    size += chunk.length;
    if (size > MAX_STDIN_BYTES) return false;
    chunks.push(chunk);
    return true;
  };
  let ended = false;
  try {
    for (;;) {
      const buffer = Buffer.allocUnsafe(STDIN_CHUNK_BYTES);
      const read = readSync(0, buffer, 0, buffer.length, null);
      if (read === 0) {
        ended = true;
        break;
      }
      if (!add(buffer.subarray(0, read))) return null;
    }
  } catch {
    // not readable synchronously: the stream reads the rest
  }
  if (!ended) {
    for await (const chunk of process.stdin as AsyncIterable<Buffer>) {
      if (!add(chunk)) return null;
    }
  }
  return Buffer.concat(chunks, size).toString("utf8");
}

/** `String(value)`, or a fixed text when that throws. */
function printable(value: unknown): string {
  try {
    return String(value);
  } catch {
    return "a value that cannot be printed";
  }
}

/** Writes all of `text` to `fd`, waiting out a full non-blocking pipe; gives up on a closed one (the reader is gone). */
function writeAll(fd: number, text: string): void {
  const bytes = Buffer.from(text, "utf8");
  let at = 0;
  while (at < bytes.length) {
    try {
      at += writeToFd(fd, bytes, at);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EAGAIN") return;
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 1);
    }
  }
}

type Exit = (code: number) => never;

/** Thrown by the intercepted `process.exit` & co., so that no code after the call runs (as after a real exit). */
class ExitIntercepted extends Error {}

class ProcessGuard implements HookWatcher {
  /** 0 until an answer is claimed; shared with the watchdog, so that exactly one is written. */
  private readonly claimed = new Int32Array(new SharedArrayBuffer(4));
  private readonly exit: Exit;
  private call: HandledCall | null = null;
  /** The failure answer to an overrun, computed before `run` starts, for the watchdog. */
  private overrunAnswer: HookOutcome | null = null;
  /** What went wrong before the hook took the call (reported, and the call fails if the hook takes it). */
  private earlyFault: string | null = null;
  private failing = false;
  private done = false;
  private watchdogStarted = false;
  private asyncHook: AsyncHook | null = null;
  private leftRunning = false;

  constructor(private readonly policy: { readonly failClosed: boolean; readonly budgetMs: number | undefined }) {
    const host = process as unknown as { reallyExit?: Exit; exit: Exit; abort: () => never; kill: (pid: number, signal?: string | number) => true };
    const exit = typeof host.reallyExit === "function" ? host.reallyExit.bind(process) : host.exit.bind(process);
    this.exit = exit;
    // the kit owns stdout: what the hook prints goes to stderr (lazily: no stream is made unless it is used);
    // console binds its stream on first use, through the `_stdout` accessor it defines on itself
    for (const [target, key] of [[process, "stdout"], [console, "_stdout"]] as const) {
      try {
        Object.defineProperty(target, key, { configurable: true, enumerable: key === "stdout", get: () => process.stderr, set: () => undefined });
      } catch {
        // not configurable in this Node: that output is not redirected (docs/authoring.md says what is)
      }
    }
    const intercept = (what: string) => (...args: unknown[]): never => {
      this.fault(`the handler called ${what}(${args.map((arg) => (typeof arg === "string" ? JSON.stringify(arg) : printable(arg))).join(", ")})`);
      throw new ExitIntercepted(`${what} is not available to a hook while the kit answers (it would end the process without an answer)`);
    };
    host.exit = intercept("process.exit");
    if (typeof host.reallyExit === "function") host.reallyExit = intercept("process.reallyExit");
    host.abort = intercept("process.abort");
    const kill = host.kill.bind(process);
    // signal 0 only asks whether the process exists
    host.kill = (pid: number, signal?: string | number) => ((pid === process.pid || pid === 0) && signal !== 0 ? intercept("process.kill")(pid, signal) : kill(pid, signal));
    // fs writes to stdout (fd 1, /dev/stdout) go to stderr too
    const fsExports = fs as unknown as Record<string, unknown>;
    for (const name of ["writeSync", "write", "writeFileSync", "writeFile", "appendFileSync", "appendFile"]) {
      const original = fsExports[name] as (target: unknown, ...rest: unknown[]) => unknown;
      fsExports[name] = function redirected(this: unknown, target: unknown, ...rest: unknown[]) {
        return original.call(this, STDOUT_TARGETS.get(target) ?? target, ...rest);
      };
    }
    // `import { exit } from "node:process"` and `import { writeSync } from "node:fs"` see the replacements
    syncBuiltinESMExports();
    const uncaught = (error: unknown) => {
      if (!(error instanceof ExitIntercepted)) this.fault(`an error escaped the hook: ${printable(error)}`);
    };
    // a capture callback cannot be removed by the hook's own removeAllListeners() (it also receives the
    // unhandled rejections that reach no listener); the listener stands in if the hook clears the callback
    process.on("uncaughtException", uncaught);
    try {
      process.setUncaughtExceptionCaptureCallback(uncaught);
    } catch {
      // the hook set one before runHook: the listener alone
    }
    process.on("unhandledRejection", (reason) => {
      if (!(reason instanceof ExitIntercepted)) this.fault(`a promise was rejected and nothing handled it: ${printable(reason)}`);
    });
  }

  async handling(call: HandledCall): Promise<void> {
    this.call = call;
    // a fail-closed hook's overrun answer is ready before `run` starts (this also loads the agent's writer)
    if (this.policy.failClosed && this.policy.budgetMs !== undefined) {
      this.overrunAnswer = await call.fail(`the handler did not answer within its ${this.policy.budgetMs} ms budget`);
    }
    if (this.earlyFault !== null) this.fault(this.earlyFault);
  }

  /** Runs the handler's synchronous part watching what it leaves running; if anything, the watchdog starts. */
  runHandler<R>(run: () => R): R {
    this.leftRunning = false;
    this.asyncHook ??= createHook({ init: () => void (this.leftRunning = true) });
    this.asyncHook.enable();
    let result: R;
    try {
      result = run();
    } finally {
      this.asyncHook.disable();
    }
    if (this.leftRunning || !("intent" in readReply(result))) this.startWatchdog();
    return result;
  }

  private startWatchdog(): void {
    const answer = this.overrunAnswer;
    if (answer === null || this.watchdogStarted || this.policy.budgetMs === undefined) return;
    this.watchdogStarted = true;
    (globalThis as unknown as Record<symbol, unknown>)[FAIL_NOW] = () => {
      // the inspector prints "Waiting for the debugger to disconnect..." on exit: stderr is written already
      try {
        closeSync(2);
      } catch {
        // already closed
      }
      this.exit(answer.exit);
    };
    const { Worker } = createRequire(import.meta.url)("node:worker_threads") as typeof import("node:worker_threads");
    const worker = new Worker(WATCHDOG_SOURCE, {
      eval: true,
      stdout: true,
      stderr: true,
      workerData: {
        claimed: this.claimed,
        stdout: answer.stdout,
        stderr: answer.stderr,
        ms: Math.min(this.policy.budgetMs + WATCHDOG_GRACE_MS, MAX_TIMER_MS),
        killAfterMs: WATCHDOG_KILL_AFTER_MS,
        exitExpression: `globalThis[Symbol.for(${JSON.stringify(FAIL_NOW.description)})]()`,
      },
    });
    worker.unref();
  }

  /** Something went wrong outside the handler's return: the handled call gets its failure answer now. */
  private fault(problem: string): void {
    const call = this.call;
    if (call === null) {
      this.earlyFault ??= problem;
      return;
    }
    if (this.failing || this.done) return;
    this.failing = true;
    call.fail(problem).then(
      (outcome) => this.write(outcome),
      () => this.write({ agent: call.agent, exit: this.policy.failClosed ? 2 : 1, stdout: "", stderr: `${PREFIX}: ${problem}\n` }),
    );
  }

  /** The answer `handle` gave, unless a failure answer is on its way. */
  finish(outcome: HookOutcome): void {
    if (this.failing) return;
    if (this.call === null && this.earlyFault !== null) {
      // not a call this hook takes: its answer stands; say what went wrong
      this.write({ ...outcome, stderr: `${outcome.stderr}${PREFIX}: ${this.earlyFault} (the hook does not handle this call, so it is not answered for)\n` });
    } else this.write(outcome);
  }

  private write(outcome: HookOutcome): void {
    if (this.done) return;
    this.done = true;
    if (Atomics.compareExchange(this.claimed, 0, 0, 1) !== 0) {
      // the watchdog has claimed the answer: it writes it and ends the process; keep the process alive until then
      setInterval(() => undefined, 1000);
      return;
    }
    writeAll(1, outcome.stdout);
    if (outcome.stderr !== "") writeAll(2, outcome.stderr);
    this.exit(outcome.exit);
  }
}

/**
 * Runs `hook` as the hook process: stdin -> one answer on stdout, messages on
 * stderr, the exit code; then exits (a handler left running past its budget
 * does not keep the process alive). See the top of this file for what is
 * guaranteed whatever the handler does. Given a definition instead of a hook,
 * defines it first.
 */
export async function runHook<E extends HookEventName, T extends string>(hook: Hook<E, T>): Promise<void> {
  const defined: Hook = typeof (hook as unknown as { handle?: unknown } | null)?.handle === "function" ? (hook as unknown as Hook) : (defineHook(hook as never) as unknown as Hook);
  const guard = new ProcessGuard(failurePolicy(defined));
  let outcome: HookOutcome;
  try {
    const stdin = await readStdin();
    outcome = stdin === null ? await defined.fail(`stdin is over ${MAX_STDIN_BYTES} bytes`) : await defined.handle(stdin, guard);
  } catch (error) {
    // handle() never throws; reading stdin can (an fd that is not readable)
    outcome = await defined.fail(`the kit could not answer: ${printable(error)}`);
  }
  guard.finish(outcome);
}
