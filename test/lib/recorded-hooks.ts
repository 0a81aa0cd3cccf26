/**
 * A recording's hook scripts, written again under a run's directory as the observers wrote
 * them: `hooks/h<k>.sh` reads stdin, sleeps `delay_ms`, prints `stdout` (and `stderr`) verbatim
 * and exits with `exit`. For tests that replay recordings through a runner.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";

export interface RecordedHook {
  readonly stdout?: string;
  readonly stderr?: string;
  readonly exit?: number;
  readonly delay_ms?: number;
}

export function writeRecordedHooks(dir: string, hooks: readonly RecordedHook[]): void {
  mkdirSync(join(dir, "hooks"), { recursive: true });
  const q = (s: string): string => `'${s.replace(/'/g, `'\\''`)}'`;
  hooks.forEach((hook, k) => {
    const lines = ["#!/bin/sh", "cat > /dev/null", hook.delay_ms ? `sleep ${hook.delay_ms / 1000}` : ":", `printf %s ${q(hook.stdout ?? "")}`, `printf %s ${q(hook.stderr ?? "")} >&2`, `exit ${hook.exit ?? 0}`];
    writeFileSync(join(dir, "hooks", `h${k}.sh`), lines.join("\n") + "\n", { mode: 0o755 });
  });
}
