/**
 * Running the agent: one child process with a clean environment, its stdout read line by line
 * (an agent module can answer on stdin as lines arrive), killed with its process group after a
 * time limit so that no run can hang the lab.
 */
import { spawn } from "node:child_process";

export interface AgentRun {
  /** The exit status, the signal's name, or `killed-after-<ms>ms`. */
  exit: number | string;
  stdout: string;
  stderr: string;
  durationMs: number;
}

export interface AgentRunOptions {
  cwd: string;
  env: Record<string, string>;
  timeoutMs: number;
  /** Keep stdin open and hand each stdout line to `onLine` with a writer for stdin. */
  interactive?: { onLine(line: string, write: (text: string) => void, end: () => void): void; start(write: (text: string) => void, end: () => void): void };
  /** Text written to the agent's stdin, which is then closed. */
  stdinText?: string;
  /** After stdin is ended, kill the agent if it has not exited within this long. */
  graceAfterEndMs?: number;
}

export function runAgent(command: string, args: readonly string[], opts: AgentRunOptions): Promise<AgentRun> {
  const t0 = Date.now();
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: opts.cwd, env: opts.env, detached: true, stdio: [opts.interactive !== undefined || opts.stdinText !== undefined ? "pipe" : "ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    let pending = "";
    let settled = false;
    const write = (text: string): void => { if (child.stdin?.writable === true) child.stdin.write(text); };
    const end = (): void => {
      child.stdin?.end();
      if (opts.graceAfterEndMs !== undefined) setTimeout(() => { if (!settled) { try { process.kill(-child.pid!, "SIGKILL"); } catch { /* gone */ } } }, opts.graceAfterEndMs).unref();
    };
    child.stdin?.on("error", () => { /* the agent closed its stdin: nothing more to answer */ });
    child.stdout!.on("data", (d: Buffer) => {
      const s = d.toString("utf8");
      stdout += s;
      if (opts.interactive === undefined) return;
      pending += s;
      let nl: number;
      while ((nl = pending.indexOf("\n")) >= 0) {
        const line = pending.slice(0, nl);
        pending = pending.slice(nl + 1);
        opts.interactive.onLine(line, write, end);
      }
    });
    child.stderr!.on("data", (d: Buffer) => { stderr += d.toString("utf8"); });
    const finish = (exit: number | string): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve({ exit, stdout, stderr, durationMs: Date.now() - t0 });
    };
    const timer = setTimeout(() => {
      try { process.kill(-child.pid!, "SIGKILL"); } catch { /* already gone */ }
      finish(`killed-after-${opts.timeoutMs}ms`);
    }, opts.timeoutMs);
    child.on("error", (e) => finish(`could not start: ${e.message}`));
    child.on("close", (code, signal) => finish(code ?? signal ?? "unknown"));
    if (opts.stdinText !== undefined) child.stdin?.end(opts.stdinText);
    if (opts.interactive !== undefined) opts.interactive.start(write, end);
  });
}
