/**
 * Runs one hook process, the way every agent's runner needs it, with the limits an
 * embedding agent needs: its own process group (a timeout or cancellation
 * kills the whole tree), the event JSON on stdin, output kept up to a cap,
 * and no endless wait for a daemon that inherited stdout.
 */
import { spawn, type ChildProcessWithoutNullStreams } from "node:child_process";
import { setMaxListeners } from "node:events";
import { existsSync } from "node:fs";

export interface SpawnRequest {
  readonly file: string;
  readonly args: readonly string[];
  readonly cwd: string;
  readonly env: NodeJS.ProcessEnv;
  readonly stdin: string;
  readonly timeoutMs: number;
  /** Per stream; bytes beyond it are counted, not kept. */
  readonly maxOutputBytes: number;
  readonly signal?: AbortSignal;
  /**
   * Watch the first stdout line (as written, up to the first newline; 4 KiB
   * at most) and call `onAnnounced` once if the agent's `isAnnouncement` says
   * it announces going to the background (Claude Code: `{"async":true}`).
   */
  readonly asyncAnnouncement?: { readonly isAnnouncement: (firstLine: string) => boolean; readonly onAnnounced: () => void };
}

export interface SpawnOutcome {
  readonly status: "exited" | "timed_out" | "spawn_failed" | "cancelled";
  /**
   * spawn_failed: whether Node refused the request before any process existed
   * (a NUL byte, a bad option: "refused") or the system could not start it
   * (ENOENT, EACCES, E2BIG: "failed"). Agents word the two differently.
   */
  readonly startFailure?: "refused" | "failed";
  readonly exit: number | null;
  readonly signal: string | null;
  readonly stdout: string;
  readonly stderr: string;
  readonly stdoutDroppedBytes: number;
  readonly stderrDroppedBytes: number;
  readonly message: string | null;
  readonly durationMs: number;
}

/** Linux's MAX_ARG_STRLEN: one `NAME=value` environment string longer than this (with its NUL) makes execve fail (E2BIG). */
export const MAX_ENV_STRING_BYTES = 32 * 4096;

/**
 * Why `value` cannot be the environment variable `name` of a hook (no hook would start with it:
 * a NUL byte, or a string execve refuses), or null when it can. Runners that export input
 * fields leave such a field out and say so, rather than fail every hook, a deny among them.
 */
export function unexportable(name: string, value: string): string | null {
  if (value.includes("\u0000")) return "holds a NUL byte, which no environment value can";
  const bytes = Buffer.byteLength(name) + Buffer.byteLength(value) + 2;
  return bytes > MAX_ENV_STRING_BYTES ? `is ${bytes} bytes as an environment string, more than a process can start with (${MAX_ENV_STRING_BYTES})` : null;
}

/** Node's timers hold at most 2^31 - 1 ms; a longer delay fires after 1 ms (TimeoutOverflowWarning). */
export const MAX_TIMER_MS = 2 ** 31 - 1;

/**
 * setTimeout for any delay: a delay beyond Node's limit is chained in steps,
 * so a timeout of 1e9 s waits 1e9 s instead of firing at once; Infinity never
 * fires. Returns the cancel function. The timers do not keep the process alive
 * on their own when `unref` is true.
 */
export function setLongTimeout(callback: () => void, delayMs: number, unref = false): () => void {
  let timer: NodeJS.Timeout | null = null;
  let cancelled = false;
  const arm = (remaining: number): void => {
    if (cancelled || remaining === Infinity) return;
    const step = Math.min(remaining, MAX_TIMER_MS);
    timer = setTimeout(() => (remaining > step ? arm(remaining - step) : callback()), step);
    if (unref) timer.unref();
  };
  arm(Math.max(0, delayMs));
  return () => {
    cancelled = true;
    if (timer !== null) clearTimeout(timer);
  };
}

/** A start failure's message stays short: Node's errors quote the whole argument (a 10 MB command). */
function startFailureMessage(error: unknown, cwd: string, withCode = true): string {
  const e = error as NodeJS.ErrnoException;
  const code = e?.code ?? "error";
  const text = e instanceof Error ? e.message : String(error);
  const short = text.length > 300 ? `${text.slice(0, 300)}… (${text.length} characters)` : text;
  // spawn reports a missing working directory as the program's ENOENT
  if (code === "ENOENT" && !existsSync(cwd)) return `ENOENT: the working directory ${JSON.stringify(cwd.slice(0, 300))} does not exist`;
  return withCode ? `${code}: ${short}` : short;
}

/** How long to keep reading after the hook exited while a descendant still holds its stdout/stderr. */
const DRAIN_AFTER_EXIT_MS = 200;
/**
 * The most the reading goes on after the hook exited, however chatty a descendant holding its
 * pipes is (Claude Code 2.1.332 read such a hook's deny after ~10 s: grandchild-keeps-writing).
 */
const MAX_DRAIN_AFTER_EXIT_MS = 10_000;
/** SIGTERM first, SIGKILL to the group this much later. */
const KILL_GRACE_MS = 500;

class CappedBuffer {
  private readonly chunks: Buffer[] = [];
  private kept = 0;
  dropped = 0;
  constructor(private readonly cap: number) {}
  push(chunk: Buffer): void {
    const room = this.cap - this.kept;
    if (room >= chunk.length) {
      this.chunks.push(chunk);
      this.kept += chunk.length;
    } else {
      if (room > 0) {
        this.chunks.push(chunk.subarray(0, room));
        this.kept += room;
      }
      this.dropped += chunk.length - Math.max(room, 0);
    }
  }
  bytes(): Buffer {
    return Buffer.concat(this.chunks, this.kept);
  }
  /** Invalid UTF-8 becomes U+FFFD, as Claude Code reads it; a BOM is kept (Claude Code trims it later, new-pre-bom-deny). */
  text(): string {
    return new TextDecoder("utf-8", { fatal: false, ignoreBOM: true }).decode(this.bytes());
  }
}

function killGroup(pid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(-pid, signal);
  } catch {
    // ESRCH: the group is already gone.
  }
}

/**
 * Start failures that say this process is out of a resource (descriptors, processes) rather than
 * anything about the hook: 2,000 hooks at once, or a low `ulimit -n`. They pass as hooks end.
 */
const RESOURCE_CODES = new Set(["EMFILE", "ENFILE", "EAGAIN", "ENOMEM"]);
/**
 * A resource failure is retried until the hook's timeout while hooks start somewhere; when none of
 * ours runs and none started since, this many times only (the limit is someone else's).
 */
const IDLE_RETRIES = 5;

/** Hook processes started by spawnHook and not yet ended, how many ever started, and who waits for one to end. */
let hooksRunning = 0;
let hooksStarted = 0;
/**
 * How many hooks this process can run at once, learnt from the first start that ran out of
 * descriptors. Node leaks a few descriptors at each such failure (v20: three sockets), so starts
 * past it wait for a hook to end instead of failing again and again until nothing can start.
 */
let hookCapacity = Infinity;
const hookEndWaiters = new Set<() => void>();
function hookEnded(): void {
  hooksRunning -= 1;
  // One ended hook frees one hook's descriptors: wake the longest waiter, not the whole herd, and
  // on the next turn, once the descriptors are closed.
  const [first] = hookEndWaiters;
  if (first !== undefined) {
    hookEndWaiters.delete(first);
    setTimeout(first, 0);
  }
}

/** Resolves after `ms`, when one of our hooks ends, or on abort, whichever comes first. */
function pause(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve) => {
    const done = (): void => {
      clearTimeout(timer);
      hookEndWaiters.delete(done);
      signal?.removeEventListener("abort", done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    hookEndWaiters.add(done);
    if (signal !== undefined) {
      setMaxListeners(0, signal); // hundreds of hooks may wait on one signal
      signal.addEventListener("abort", done, { once: true });
    }
  });
}

/**
 * Runs the hook; a start that fails only because this process ran out of descriptors or
 * processes is tried again as other hooks end, within the hook's own timeout: the hook's answer is
 * not lost to our limits, and its run stays bounded by its timeout.
 */
export async function spawnHook(request: SpawnRequest): Promise<SpawnOutcome> {
  const started = performance.now();
  let idleRetries = 0;
  let backoffMs = 10;
  for (;;) {
    const remaining = (): number => request.timeoutMs - (performance.now() - started);
    // At the learnt capacity: wait for a hook to end rather than fail another start.
    while (hooksRunning >= hookCapacity && remaining() > 0 && request.signal?.aborted !== true) await pause(1000, request.signal);
    const startsBefore = hooksStarted;
    const runningBefore = hooksRunning;
    const attempt = await spawnOnce(request, remaining());
    if (attempt.outOfResources) hookCapacity = Math.max(1, Math.min(hookCapacity, runningBefore));
    if (hooksRunning > 0 || hooksStarted !== startsBefore) idleRetries = 0;
    const retry = attempt.outOfResources && request.signal?.aborted !== true && remaining() > backoffMs && idleRetries++ < IDLE_RETRIES;
    if (!retry) return { ...attempt.outcome, durationMs: Math.round(performance.now() - started) };
    await pause(backoffMs, request.signal);
    backoffMs = Math.min(backoffMs * 2, 1000);
  }
}

/** One start, killed after `timeoutMs` (what is left of the hook's timeout). */
function spawnOnce(request: SpawnRequest, timeoutMs: number): Promise<{ outcome: SpawnOutcome; outOfResources: boolean }> {
  const started = performance.now();
  let outOfResources = false;
  let counted = false;
  return new Promise<SpawnOutcome>((resolve) => {
    const stdout = new CappedBuffer(request.maxOutputBytes);
    const stderr = new CappedBuffer(request.maxOutputBytes);
    let finished = false;
    let endReason: "timed_out" | "cancelled" | null = null;
    let exitCode: number | null = null;
    let exitSignal: string | null = null;
    let firstLine = "";
    const announcement = request.asyncAnnouncement;
    let announcementChecked = announcement === undefined;
    const timers: NodeJS.Timeout[] = [];
    const notStarted = (status: "cancelled" | "spawn_failed", message: string, startFailure: "refused" | "failed" = "refused"): void =>
      resolve({
        status, ...(status === "spawn_failed" ? { startFailure } : {}), exit: null, signal: null, stdout: "", stderr: "", stdoutDroppedBytes: 0,
        stderrDroppedBytes: 0, message, durationMs: Math.round(performance.now() - started),
      });

    if (request.signal?.aborted === true) return notStarted("cancelled", "cancelled before it started");
    if (!(request.timeoutMs > 0)) return notStarted("spawn_failed", `invalid timeout: ${String(request.timeoutMs)} ms (a positive number is needed)`);

    let child: ChildProcessWithoutNullStreams;
    try {
      child = spawn(request.file, [...request.args], {
        cwd: request.cwd,
        env: request.env,
        stdio: ["pipe", "pipe", "pipe"],
        // Its own process group, so a timeout can kill the hook's children too.
        detached: true,
        windowsHide: true,
      });
    } catch (error) {
      // Node refuses before any process exists (a NUL byte in the program, an argument, an
      // environment value or the working directory), or the system call fails at once (E2BIG):
      // this hook's failed start, nothing more.
      const systemCall = typeof (error as NodeJS.ErrnoException)?.syscall === "string";
      outOfResources = RESOURCE_CODES.has(String((error as NodeJS.ErrnoException)?.code));
      return notStarted("spawn_failed", startFailureMessage(error, request.cwd, systemCall), systemCall ? "failed" : "refused");
    }

    if (child.pid !== undefined) {
      hooksRunning += 1;
      hooksStarted += 1;
      counted = true;
    }
    let cancelTimeout = (): void => {};
    const finish = (status: SpawnOutcome["status"], message: string | null): void => {
      if (finished) return;
      finished = true;
      if (counted) hookEnded();
      cancelTimeout();
      for (const t of timers) clearTimeout(t);
      if (drainTimer !== null) clearTimeout(drainTimer);
      request.signal?.removeEventListener("abort", onAbort);
      child.stdout?.destroy();
      child.stderr?.destroy();
      child.stdin?.destroy();
      resolve({
        status,
        ...(status === "spawn_failed" ? { startFailure: "failed" as const } : {}),
        exit: exitCode,
        signal: exitSignal,
        stdout: stdout.text(),
        stderr: stderr.text(),
        stdoutDroppedBytes: stdout.dropped,
        stderrDroppedBytes: stderr.dropped,
        message,
        durationMs: Math.round(performance.now() - started),
      });
    };

    const terminate = (reason: "timed_out" | "cancelled"): void => {
      if (endReason !== null || finished) return;
      if (reason === "timed_out" && (exitCode !== null || exitSignal !== null)) {
        // The hook itself exited in time; only a descendant holds the pipes. Its answer stands
        // (a deny is not lost to a daemon it started): read what is already there, then stop.
        timers.push(setTimeout(() => {
          streamsOpen.clear();
          settleIfDone();
        }, DRAIN_AFTER_EXIT_MS));
        return;
      }
      endReason = reason;
      const pid = child.pid;
      if (pid === undefined) return;
      killGroup(pid, "SIGTERM");
      // Whatever ignored SIGTERM (the leader or a grandchild) gets SIGKILL.
      const hard = setTimeout(() => killGroup(pid, "SIGKILL"), KILL_GRACE_MS);
      hard.unref();
    };
    const onAbort = (): void => terminate("cancelled");
    if (request.signal !== undefined) {
      // Every hook of an event listens to the same signal and removes its listener when it ends:
      // eleven hooks are not a leak (Node warns at ten).
      setMaxListeners(0, request.signal);
      request.signal.addEventListener("abort", onAbort, { once: true });
    }
    // Timers run before the I/O poll of a loop turn: when the loop was busy (hundreds of hooks
    // spawned at once), a hook that exited in time may have its exit still waiting unread. Let one
    // poll phase pass before calling it a timeout.
    cancelTimeout = setLongTimeout(() => setImmediate(() => terminate("timed_out")), timeoutMs);

    child.on("error", (error: NodeJS.ErrnoException) => {
      // Spawn failures (ENOENT, EACCES, E2BIG) come here without an exit event.
      if (child.pid !== undefined) return;
      outOfResources = RESOURCE_CODES.has(String(error.code));
      finish("spawn_failed", startFailureMessage(error, request.cwd));
    });

    let drainTimer: NodeJS.Timeout | null = null;
    let drainCap: NodeJS.Timeout | null = null;
    let receivedBytes = 0;
    const streamsOpen = new Set<string>(["stdout", "stderr"]);
    function settleIfDone(): void {
      if (exitCode === null && exitSignal === null) return;
      if (drainCap === null && streamsOpen.size > 0) {
        drainCap = setTimeout(() => {
          streamsOpen.clear();
          settleIfDone();
        }, MAX_DRAIN_AFTER_EXIT_MS);
        timers.push(drainCap);
      }
      if (streamsOpen.size === 0) {
        finish(endReason ?? "exited", endReason === "timed_out" ? `killed after ${request.timeoutMs / 1000} s` : endReason === "cancelled" ? "cancelled" : null);
        return;
      }
      // The hook exited but someone (a daemon it started) keeps the pipe open: read what
      // arrives, and stop once it has been quiet for a moment.
      if (drainTimer !== null) clearTimeout(drainTimer);
      const bytesAtArm = receivedBytes;
      drainTimer = setTimeout(() => {
        // Timers run before the I/O poll of a loop turn: after a stall (a loaded machine) the
        // output may be waiting unread. Let one poll phase pass before deciding it is quiet.
        setImmediate(() => {
          if (finished) return;
          if (receivedBytes !== bytesAtArm || streamsOpen.size === 0) {
            settleIfDone();
            return;
          }
          streamsOpen.clear();
          settleIfDone();
        });
      }, DRAIN_AFTER_EXIT_MS);
    }

    // Out of descriptors (EMFILE, ENFILE), Node returns before it makes the pipes: only the error follows.
    if (!child.stdout || !child.stderr || !child.stdin) return;

    child.stdout.on("data", (chunk: Buffer) => {
      receivedBytes += chunk.length;
      stdout.push(chunk);
      if (!announcementChecked) {
        firstLine += chunk.toString("utf8");
        const newline = firstLine.indexOf("\n");
        if (newline >= 0 || firstLine.length > 4096) {
          announcementChecked = true;
          if (announcement?.isAnnouncement(newline >= 0 ? firstLine.slice(0, newline) : firstLine) === true) announcement.onAnnounced();
          firstLine = "";
        }
      }
      if (drainTimer !== null) settleIfDone();
    });
    child.stderr.on("data", (chunk: Buffer) => {
      receivedBytes += chunk.length;
      stderr.push(chunk);
      if (drainTimer !== null) settleIfDone();
    });
    for (const name of ["stdout", "stderr"] as const) {
      child[name].on("close", () => {
        streamsOpen.delete(name);
        settleIfDone();
      });
      child[name].on("error", () => {
        streamsOpen.delete(name);
        settleIfDone();
      });
    }
    child.on("exit", (code, signal) => {
      exitCode = code;
      exitSignal = signal;
      settleIfDone();
    });

    // A hook may exit or close stdin without reading: EPIPE is not our failure.
    child.stdin.on("error", () => {});
    child.stdin.end(request.stdin);
  }).then((outcome) => ({ outcome, outOfResources }));
}
