#!/usr/bin/env node
// Stop: keep Claude working until the tests pass ($KIT_TEST_COMMAND, default `npm test`).
// Once Claude is already continuing because of this hook (stop_hook_active), it lets it stop.
import { spawnSync } from "node:child_process";
import { defineHook, runHook } from "claude-hook-protocol/hooks";

const testCommand = process.env.KIT_TEST_COMMAND ?? "npm test";

await runHook(defineHook({
  event: "Stop",
  timeoutMs: 540000,
  run: (input, answer) => {
    if (input.stop_hook_active) return undefined;
    const run = spawnSync("sh", ["-c", testCommand], { cwd: input.cwd, encoding: "utf8", timeout: 530000 });
    if (run.status === 0) return undefined;
    const tail = `${run.stdout ?? ""}${run.stderr ?? ""}`.trim().split("\n").filter((line) => line.trim() !== "").slice(-10).join("\n");
    return answer.block(`The tests fail (${testCommand}); fix them before you finish:\n${tail}`);
  },
}));
