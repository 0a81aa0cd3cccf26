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
 * - a signal that ends a process (SIGTERM, SIGINT, SIGHUP, SIGQUIT, SIGUSR2,
 *   SIGALRM), from the hook's own child (`kill $PPID`) or anyone else, while
 *   the call is handled; the process's end itself (`exit`: a promise that can
 *   never settle empties the event loop) with an answer computed before `run`;
 * - built-ins the handler replaced (`JSON.stringify`, `Object.prototype.then`,
 *   `Buffer.from`, ...): put back, and the call fails (./intrinsics.ts);
 * - output: the kit owns stdout. `process.stdout` (even one taken before
 *   `runHook`), `console`, fs writes and opens of fd 1 or `/dev/stdout`, and
 *   the stdout of child processes started with `stdio: "inherit"` go to
 *   stderr from `runHook` on, and the answer is written with one `writeSync`.
 *
 * Out of reach (docs/authoring.md): code that runs before `runHook` is called
 * (a module's top level: a throw there ends the process before the kit can
 * take the call), SIGKILL, a worker thread's or a native addon's own writes
 * to fd 1, a new handle on fd 1 (`new net.Socket({ fd: 1 })`).
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
import { resolve as resolvePath } from "node:path";
import { defineHook, failurePolicy, type Hook, type HookOutcome, type HookWatcher } from "./define.js";
import { readReply } from "./answers.js";
import { callOriginal, restoreBuiltins } from "./intrinsics.js";
import type { HandledCall } from "./handle.js";
import type { HookEventName } from "./types.js";

const MAX_STDIN_BYTES = 64 * 1024 * 1024;
const STDIN_CHUNK_BYTES = 64 * 1024;
/** The watchdog fires this long after the budget, so that a main thread that is not stuck answers the overrun itself. */
const WATCHDOG_GRACE_MS = 250;
/** How long the watchdog waits for the stuck thread to exit through the inspector before it kills the process. */
const WATCHDOG_KILL_AFTER_MS = 1000;
const MAX_TIMER_MS = 2 ** 31 - 1;
/** The global the watchdog calls through the inspector (`this[...]` in the global scope: no global the hook can replace is read). */
const FAIL_NOW = "claude-hook-protocol/hooks.failNow";
const PREFIX = "claude-hook-protocol/hooks";
/** The kit's own writer and closer, taken before `fs.writeSync` and `fs.closeSync` are redirected for the hook. */
const writeToFd = writeSync;
const closeFd = closeSync;
// what the kit writes and exits with, taken at import: the hook's code runs later and may replace them
const bytesOf = Buffer.from.bind(Buffer) as (text: string, encoding: "utf8") => Buffer;
const { compareExchange, wait: atomicsWait } = Atomics;
/** Signals whose default action ends the process: while a call is handled, each ends it with the failure answer. */
const ENDING_SIGNALS = ["SIGTERM", "SIGINT", "SIGHUP", "SIGQUIT", "SIGUSR2", "SIGALRM"] as const;
/** The path forms of this process's stdout, which the hook's fs opens and writes are redirected from (to stderr's). */
const STDOUT_PATHS = new Set(["/dev/stdout", "/dev/fd/1", "/proc/self/fd/1", "/proc/thread-self/fd/1", `/proc/${process.pid}/fd/1`]);

/**
 * stderr for an fs call that named stdout (fd 1, `/dev/stdout`): its fd 2 where
 * the call takes one (a write), else its path; else the target unchanged.
 */
function awayFromStdout(target: unknown, fdTaken: boolean): unknown {
  if (target === 1) return 2;
  let path: string | null = null;
  if (typeof target === "string") path = target;
  else if (Buffer.isBuffer(target)) path = target.toString("utf8");
  else if (target instanceof URL && target.protocol === "file:") path = decodeURIComponent(target.pathname);
  return path !== null && STDOUT_PATHS.has(resolvePath(path)) ? (fdTaken ? 2 : "/dev/stderr") : target;
}

type Exit = (code: number) => never;
type Host = { reallyExit?: Exit; exit: Exit; abort: () => never; kill: (pid: number, signal?: string | number) => true };
const host = process as unknown as Host;
/** The real exit, taken at import (before the hook could take `process.reallyExit` itself). */
const realExit: Exit = typeof host.reallyExit === "function" ? host.reallyExit.bind(process) : host.exit.bind(process);
/** The guard of the running hook: while it handles a call, ending the process from inside is intercepted. */
let activeGuard: { intercept(what: string, args: unknown[]): never } | null = null;

/**
 * `process.exit`, `reallyExit`, `abort` and `kill` (of this process) are
 * wrapped at import, so that a reference the hook took before `runHook` is the
 * wrapper too; they do what they did until a call is handled.
 */
function wrapProcessEnds(): void {
  const wrap = <F extends (...args: never[]) => unknown>(what: string, original: F, intercepts: (args: unknown[]) => boolean): F =>
    function (this: unknown, ...args: unknown[]) {
      if (activeGuard !== null && intercepts(args)) return activeGuard.intercept(what, args);
      return callOriginal(original, this, args);
    } as unknown as F;
  const always = () => true;
  host.exit = wrap("process.exit", host.exit, always);
  if (typeof host.reallyExit === "function") host.reallyExit = wrap("process.reallyExit", host.reallyExit, always);
  host.abort = wrap("process.abort", host.abort, always);
  // signal 0 only asks whether the process exists; pid 0, -1 and minus our pid signal us too
  const self = (pid: unknown) => {
    const n = Number(pid);
    return n === process.pid || n === 0 || n === -1 || n === -process.pid;
  };
  host.kill = wrap("process.kill", host.kill, ([pid, signal]) => self(pid) && signal !== 0 && signal !== "0");
}
wrapProcessEnds();

/** process.stdout as made on first use, which the hook may have taken before `runHook` (redirected then, see ProcessGuard). */
let madeStdout: NodeJS.WriteStream | null = null;
{
  const made = Object.getOwnPropertyDescriptor(process, "stdout");
  if (made?.get !== undefined && made.configurable === true) {
    const get = made.get;
    Object.defineProperty(process, "stdout", { configurable: true, enumerable: made.enumerable ?? true, get: () => (madeStdout ??= get.call(process) as NodeJS.WriteStream), ...(made.set === undefined ? {} : { set: made.set }) });
  }
}

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
  const bytes = bytesOf(text, "utf8");
  let at = 0;
  while (at < bytes.length) {
    try {
      at += writeToFd(fd, bytes, at);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EAGAIN") return;
      atomicsWait(PAUSE, 0, 0, 1);
    }
  }
}

const PAUSE = new Int32Array(new SharedArrayBuffer(4));
/** One answer per process, whatever number of runHook calls. */
const CLAIMED = new Int32Array(new SharedArrayBuffer(4));

/** Thrown by the intercepted `process.exit` & co., so that no code after the call runs (as after a real exit). */
class ExitIntercepted extends Error {}

class ProcessGuard implements HookWatcher {
  /** 0 until an answer is claimed; shared with the watchdog (and any other runHook of this process), so that exactly one is written. */
  private readonly claimed = CLAIMED;
  private readonly exit: Exit = realExit;
  private call: HandledCall | null = null;
  /** The failure answer to an overrun, computed before `run` starts, for the watchdog. */
  private overrunAnswer: HookOutcome | null = null;
  /** The failure answers computed before `run` starts, for when the kit can no longer compute one. */
  private endedAnswer: HookOutcome | null = null;
  private tamperedAnswer: HookOutcome | null = null;
  /** What went wrong before the hook took the call (reported, and the call fails if the hook takes it). */
  private earlyFault: string | null = null;
  private failing = false;
  private done = false;
  private watchdogStarted = false;
  /** worker_threads' Worker, taken when runHook starts if the hook already loaded it (so that `run` cannot replace it first). */
  private readonly workerClass: typeof import("node:worker_threads").Worker | null = null;
  private asyncHook: AsyncHook | null = null;
  private leftRunning = false;
  /** The kit's own process listeners, which the hook's removeListener / removeAllListeners leave in place. */
  private readonly listeners: [string, (...args: never[]) => void][] = [];

  constructor(private readonly policy: { readonly failClosed: boolean; readonly budgetMs: number | undefined }) {
    // the kit owns stdout: what the hook prints goes to stderr (lazily: no stream is made unless it is used);
    // console binds its stream on first use, through the `_stdout` accessor it defines on itself
    for (const [target, key] of [[process, "stdout"], [console, "_stdout"]] as const) {
      try {
        Object.defineProperty(target, key, { configurable: true, enumerable: key === "stdout", get: () => process.stderr, set: () => undefined });
      } catch {
        // not configurable in this Node: that output is not redirected (docs/authoring.md says what is)
      }
    }
    // a stdout stream the hook took before runHook writes to stderr too
    if (madeStdout !== null) {
      const stderr = process.stderr;
      const stream = madeStdout as unknown as { _write: unknown; _writev: unknown };
      stream._write = (chunk: Buffer, encoding: BufferEncoding, done: (error?: Error | null) => void) => stderr.write(chunk, encoding, done);
      stream._writev = null;
    }
    activeGuard = { intercept: (what, args) => this.intercept(what, args) };
    // loading worker_threads costs milliseconds: taken now only if the hook loaded it (and so could replace its Worker)
    if ((process as unknown as { moduleLoadList?: string[] }).moduleLoadList?.includes("NativeModule worker_threads") === true) {
      this.workerClass = (createRequire(import.meta.url)("node:worker_threads") as typeof import("node:worker_threads")).Worker;
    }
    // fs writes and opens of stdout (fd 1, /dev/stdout) go to stderr too
    const fsExports = fs as unknown as Record<string, unknown>;
    for (const name of ["writeSync", "write", "writevSync", "writev", "writeFileSync", "writeFile", "appendFileSync", "appendFile", "openSync", "open", "createWriteStream"]) {
      const original = fsExports[name] as (target: unknown, ...rest: unknown[]) => unknown;
      const opens = name.startsWith("open");
      fsExports[name] = function redirected(this: unknown, target: unknown, ...rest: unknown[]) {
        if (name === "createWriteStream") {
          // a stream on stdout (its path, or { fd: 1 }) is one on fd 2, which it must not close
          const options = rest[0] !== null && typeof rest[0] === "object" ? (rest[0] as { fd?: unknown }) : {};
          if (options.fd === 1 || awayFromStdout(target, true) === 2) return original.call(this, null, { ...options, fd: 2, autoClose: false });
          return original.call(this, target, ...rest);
        }
        return original.call(this, awayFromStdout(target, !opens), ...rest);
      };
    }
    // a copy to stdout (its path as the destination) is a copy to stderr
    for (const name of ["copyFileSync", "copyFile"]) {
      const original = fsExports[name] as (source: unknown, target: unknown, ...rest: unknown[]) => unknown;
      fsExports[name] = function redirected(this: unknown, source: unknown, target: unknown, ...rest: unknown[]) {
        return original.call(this, source, awayFromStdout(target, false), ...rest);
      };
    }
    // closing fd 0, 1 or 2 would lose the answer (a file opened next takes fd 1) or abort libuv: a no-op
    const closeSyncWrapped = fsExports["closeSync"] as (fd: unknown) => void;
    fsExports["closeSync"] = (fd: unknown) => (fd === 0 || fd === 1 || fd === 2 ? undefined : closeSyncWrapped(fd));
    const closeWrapped = fsExports["close"] as (fd: unknown, done?: (error: Error | null) => void) => void;
    fsExports["close"] = (fd: unknown, done?: (error: Error | null) => void) => {
      if (fd !== 0 && fd !== 1 && fd !== 2) return closeWrapped(fd, done);
      if (typeof done === "function") process.nextTick(done, null);
    };
    const promises = fs.promises as unknown as Record<string, unknown>;
    for (const name of ["open", "writeFile", "appendFile"]) {
      const original = promises[name] as (target: unknown, ...rest: unknown[]) => unknown;
      promises[name] = function redirected(this: unknown, target: unknown, ...rest: unknown[]) {
        return original.call(this, awayFromStdout(target, false), ...rest);
      };
    }
    const copyFile = promises["copyFile"] as (source: unknown, target: unknown, ...rest: unknown[]) => unknown;
    promises["copyFile"] = function redirected(this: unknown, source: unknown, target: unknown, ...rest: unknown[]) {
      return copyFile.call(this, source, awayFromStdout(target, false), ...rest);
    };
    // child processes the hook starts inherit stderr where they would inherit stdout
    redirectChildStdout();
    // `import { exit } from "node:process"` and `import { writeSync } from "node:fs"` see the replacements
    syncBuiltinESMExports();
    const uncaught = (error: unknown) => {
      if (!(error instanceof ExitIntercepted)) this.fault(`an error escaped the hook: ${printable(error)}`);
    };
    // a capture callback cannot be removed by the hook's own removeAllListeners() (it also receives the
    // unhandled rejections that reach no listener); the listener stands in if the hook clears the callback
    this.listen("uncaughtException", uncaught);
    try {
      process.setUncaughtExceptionCaptureCallback(uncaught);
    } catch {
      // the hook set one before runHook: the listener alone
    }
    this.listen("unhandledRejection", (reason: unknown) => {
      if (!(reason instanceof ExitIntercepted)) this.fault(`a promise was rejected and nothing handled it: ${printable(reason)}`);
    });
    // the process ends with no answer written (the event loop is empty: a promise that can never settle)
    this.listen("exit", () => this.ending());
    this.keepListeners();
  }

  private listen(event: string, listener: (...args: never[]) => void): void {
    this.listeners.push([event, listener]);
    process.on(event, listener as (...args: unknown[]) => void);
  }

  /** The hook's `process.removeListener`/`off`/`removeAllListeners` leave the kit's listeners in place. */
  private keepListeners(): void {
    const target = process as unknown as Record<string, unknown>;
    const kit = (event: unknown, listener: unknown) => this.listeners.some(([e, l]) => e === event && l === listener);
    for (const name of ["removeListener", "off"]) {
      const original = target[name] as (...args: unknown[]) => unknown;
      target[name] = function (this: unknown, event: unknown, listener: unknown) {
        return kit(event, listener) ? process : original.call(this, event, listener);
      };
    }
    const removeAll = target["removeAllListeners"] as (...args: unknown[]) => unknown;
    target["removeAllListeners"] = (...args: unknown[]) => {
      callOriginal(removeAll, process, args);
      for (const [event, listener] of this.listeners) {
        if ((args.length === 0 || args[0] === undefined || args[0] === event) && !process.listeners(event as "exit").includes(listener as never)) process.on(event, listener as (...args: unknown[]) => void);
      }
      return process;
    };
  }

  /** The hook called `what` (process.exit & co.) while the call is handled: the call fails, and no code after the call runs. */
  private intercept(what: string, args: unknown[]): never {
    this.fault(`the handler called ${what}(${args.map((arg) => (typeof arg === "string" ? JSON.stringify(arg) : printable(arg))).join(", ")})`);
    throw new ExitIntercepted(`${what} is not available to a hook while the kit answers (it would end the process without an answer)`);
  }

  async handling(call: HandledCall): Promise<void> {
    this.call = call;
    // the failure answers are ready before `run` starts (this also loads the agent's writer)
    if (this.policy.failClosed && this.policy.budgetMs !== undefined) {
      this.overrunAnswer = await call.fail(`the handler did not answer within its ${this.policy.budgetMs} ms budget`);
    }
    this.endedAnswer = await call.fail("the hook's process was ending before the handler answered");
    this.tamperedAnswer = await call.fail("the handler replaced JavaScript built-ins the kit writes its answer with (named on stderr)");
    for (const signal of ENDING_SIGNALS) this.listen(signal, () => this.fault(`the hook process received ${signal}`));
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
      this.checkBuiltins();
    }
    if (this.leftRunning || !("intent" in readReply(result))) this.startWatchdog();
    return result;
  }

  /** Puts back the built-ins the hook replaced; if any, the call fails. False when one cannot be put back. */
  private checkBuiltins(): boolean {
    const { changed, stuck } = restoreBuiltins();
    if (stuck.length > 0) {
      this.writeFallback(this.tamperedAnswer, `the handler replaced built-ins the kit cannot put back: ${stuck.join(", ")}`);
      return false;
    }
    if (changed.length > 0) this.fault(`the handler replaced JavaScript built-ins the kit writes its answer with: ${changed.join(", ")}`);
    return true;
  }

  private startWatchdog(): void {
    const answer = this.overrunAnswer;
    if (answer === null || this.watchdogStarted || this.policy.budgetMs === undefined) return;
    this.watchdogStarted = true;
    const failNow = () => {
      // the inspector prints "Waiting for the debugger to disconnect..." on exit: stderr is written already
      try {
        closeFd(2);
      } catch {
        // already closed
      }
      this.exit(answer.exit);
    };
    // fixed, so that the hook's later code cannot replace or remove it
    Object.defineProperty(globalThis, FAIL_NOW, { value: failNow, writable: false, configurable: false, enumerable: false });
    const Worker = this.workerClass ?? (createRequire(import.meta.url)("node:worker_threads") as typeof import("node:worker_threads")).Worker;
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
        exitExpression: `this[${JSON.stringify(FAIL_NOW)}]()`,
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
    // the failure answer is written with the built-ins of import time
    if (restoreBuiltins().stuck.length > 0) {
      this.writeFallback(this.tamperedAnswer, problem);
      return;
    }
    call.fail(problem).then(
      (outcome) => this.write(outcome),
      () => this.write({ agent: call.agent, exit: this.policy.failClosed ? 2 : 1, stdout: "", stderr: `${PREFIX}: ${problem}\n` }),
    );
  }

  /** The process is ending (`exit`) and nothing was written: the answer computed before `run` for that. */
  private ending(): void {
    if (this.call === null || this.done) return;
    // a replaced built-in (Object.prototype.then) can leave the kit's own promises unsettled: say so
    const { changed } = restoreBuiltins();
    if (changed.length > 0) this.writeFallback(this.tamperedAnswer, `the handler replaced JavaScript built-ins the kit writes its answer with: ${changed.join(", ")}`);
    else this.writeFallback(this.endedAnswer, "the hook's process was ending before the handler answered");
  }

  /**
   * A failure answer computed before `run` (or, without one, exit 2 or 1 with
   * the problem on stderr), written at once; `problem` is added to its stderr
   * when the answer does not say it.
   */
  private writeFallback(answer: HookOutcome | null, problem: string): void {
    const stderr = `${PREFIX}: ${problem}\n`;
    if (answer === null) this.write({ agent: this.call?.agent ?? null, exit: this.policy.failClosed ? 2 : 1, stdout: "", stderr });
    else this.write(answer.stderr.includes(problem) ? answer : { ...answer, stderr: `${answer.stderr}${stderr}` });
  }

  /** The answer `handle` gave, unless a failure answer is on its way. */
  finish(outcome: HookOutcome): void {
    if (this.failing) return;
    // built-ins replaced while the handler's promise was pending: the answer is not one the kit vouches for
    if (this.call !== null && (!this.checkBuiltins() || this.failing)) return;
    if (this.call === null && this.earlyFault !== null) {
      // not a call this hook takes: its answer stands; say what went wrong
      this.write({ ...outcome, stderr: `${outcome.stderr}${PREFIX}: ${this.earlyFault} (the hook does not handle this call, so it is not answered for)\n` });
    } else this.write(outcome);
  }

  private write(outcome: HookOutcome): void {
    if (this.done) return;
    this.done = true;
    if (compareExchange(this.claimed, 0, 0, 1) !== 0) {
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
 * Below child_process and net, where every way to start a child or open a
 * handle on a descriptor passes (spawn, exec, fork, their sync forms, a
 * child_process imported later; `new net.Socket({ fd: 1 })`): a child's
 * stdio entry that is our fd 1 (`stdio: "inherit"`, fork's default) is fd 2,
 * and a pipe opened on fd 1 is opened on fd 2. `process.binding` gives these
 * bindings without loading child_process (~10 ms) and without a warning.
 */
function redirectChildStdout(): void {
  type Stdio = { type?: unknown; fd?: unknown };
  const away = (options: { stdio?: unknown } | null | undefined): void => {
    const stdio = options?.stdio;
    if (!Array.isArray(stdio)) return;
    for (const entry of stdio as (Stdio | null)[]) if (entry !== null && typeof entry === "object" && entry.type === "fd" && entry.fd === 1) entry.fd = 2;
  };
  try {
    const binding = (process as unknown as { binding: (name: string) => Record<string, unknown> }).binding;
    const processWrap = binding("process_wrap")["Process"] as { prototype: Record<string, unknown> };
    const spawnWrapped = processWrap.prototype["spawn"] as (options: unknown) => unknown;
    processWrap.prototype["spawn"] = function (this: unknown, options: { stdio?: unknown }) {
      away(options);
      return callOriginal(spawnWrapped, this, [options]);
    };
    const spawnSync = binding("spawn_sync");
    const spawnSyncWrapped = spawnSync["spawn"] as (options: unknown) => unknown;
    spawnSync["spawn"] = (options: { stdio?: unknown }) => {
      away(options);
      return callOriginal(spawnSyncWrapped, spawnSync, [options]);
    };
    const pipe = binding("pipe_wrap")["Pipe"] as { prototype: Record<string, unknown> };
    const open = pipe.prototype["open"] as (fd: unknown) => unknown;
    pipe.prototype["open"] = function (this: unknown, fd: unknown) {
      return callOriginal(open, this, [fd === 1 ? 2 : fd]);
    };
  } catch {
    // a Node without these bindings: children's stdout is not redirected (docs/authoring.md)
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
