// Process checks the hostile runner suites share: whether a pid is alive, waiting for a condition,
// and that every pid a hook wrote to a file is gone (its process group was killed).
import assert from "node:assert/strict";
import { existsSync, readFileSync } from "node:fs";

export const alive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

export async function waitFor(predicate: () => boolean): Promise<void> {
  while (!predicate()) await new Promise((r) => setTimeout(r, 50));
}

/** Waits until the file holds `count` pids, then until every one is gone (the kernel reaped it). */
export async function allGone(pidFile: string, count = 1): Promise<void> {
  await waitFor(() => existsSync(pidFile) && readFileSync(pidFile, "utf8").trim().split("\n").length >= count);
  const pids = readFileSync(pidFile, "utf8").trim().split("\n").map(Number);
  assert.ok(pids.every((p) => p > 0), `pids in ${pidFile}`);
  await waitFor(() => pids.every((pid) => !alive(pid)));
}
