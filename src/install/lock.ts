/**
 * A lock per file for the moment between checking a file and renaming over
 * it, so concurrent installs of different owners lose nothing: each one
 * plans, takes the locks of the files it changes (in one order, so two never
 * wait on each other), checks that every file is still what it planned from,
 * writes, and lets go; a file changed meanwhile is planned again.
 *
 * The lock is a file `.claude-hook-protocol-<hash>.lock` in the project (or
 * home) directory, which exists, also when the file's own directory does not
 * yet; it holds the pid, so a lock left by a process that died is taken over.
 */
import { closeSync, openSync, readFileSync, unlinkSync, writeSync } from "node:fs";
import { createHash } from "node:crypto";
import { join } from "node:path";

const WAIT_MS = 15_000;
const sleeper = new Int32Array(new SharedArrayBuffer(4));

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

export function lockPath(root: string, target: string): string {
  return join(root, `.claude-hook-protocol-${createHash("sha256").update(target).digest("hex").slice(0, 16)}.lock`);
}

/** Takes every lock (sorted); the release, or the reason none is held. */
export function acquireLocks(paths: readonly string[]): { readonly release: () => void } | { readonly refused: string } {
  const held: string[] = [];
  const release = (): void => {
    for (const path of held.splice(0)) {
      try {
        unlinkSync(path);
      } catch {
        // gone
      }
    }
  };
  const deadline = Date.now() + WAIT_MS;
  for (const path of [...new Set(paths)].sort()) {
    for (;;) {
      try {
        const fd = openSync(path, "wx", 0o600);
        try {
          writeSync(fd, String(process.pid));
        } finally {
          closeSync(fd);
        }
        held.push(path);
        break;
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code;
        if (code !== "EEXIST") {
          release();
          return { refused: `cannot take the lock ${path} (${code ?? String(error)})` };
        }
      }
      let owner = NaN;
      try {
        owner = Number(readFileSync(path, "utf8"));
      } catch {
        continue; // let go meanwhile
      }
      if (Number.isInteger(owner) && owner > 0 && !alive(owner)) {
        try {
          unlinkSync(path);
        } catch {
          // someone else took it over
        }
        continue;
      }
      if (Date.now() > deadline) {
        release();
        return { refused: `${path} is held by process ${owner} (another install); try again` };
      }
      Atomics.wait(sleeper, 0, 0, 5 + Math.floor(Math.random() * 20));
    }
  }
  return { release };
}
