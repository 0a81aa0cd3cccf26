// The sandbox the runner attack suites share: per attempt a fresh home and project directory under
// one temporary root, removed after the file's tests with the detached sleepers attempts leave behind.
import { after } from "node:test";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";

export interface Box {
  readonly root: string;
  readonly home: string;
  readonly project: string;
}

export interface AttackSandbox {
  /** The root every box lives under. */
  readonly tmp: string;
  box(): Box;
  /** Kill, after the tests, the process whose pid the file will hold. */
  killAfter(pidFile: string): void;
}

export function attackSandbox(prefix: string): AttackSandbox {
  const tmp = mkdtempSync(join(tmpdir(), prefix));
  const pidFiles: string[] = [];
  after(() => {
    for (const file of pidFiles) {
      try {
        process.kill(Number(readFileSync(file, "utf8").trim()), "SIGKILL");
      } catch {
        // already gone
      }
    }
    rmSync(tmp, { recursive: true, force: true });
  });
  return {
    tmp,
    box() {
      const root = mkdtempSync(join(tmp, "box-"));
      const home = join(root, "home");
      const project = join(root, "work");
      mkdirSync(home, { recursive: true });
      mkdirSync(project, { recursive: true });
      return { root, home, project };
    },
    killAfter: (pidFile) => void pidFiles.push(pidFile),
  };
}

export function write(file: string, text: string): void {
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, text);
}

/** A string as one single-quoted shell word. */
export const shq = (s: string): string => `'${s.replace(/'/g, `'\\''`)}'`;
