// `onFailure` on a hook, as Claude Code 2.1.332 applies it: the runner on the hooks of the
// recorded cfg-flag-on-failure-* scenarios (test/observer/claude-code/runner/), rebuilt as
// shell scripts with the recorded stdout, stderr, exit code and delay, must give the model
// the recorded tool_result and run the tool exactly when Claude Code did.
import { test } from "node:test";
import assert from "node:assert/strict";
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { runEvent } from "../src/claude-code/runner/run-event.js";

const OBSERVED = fileURLToPath(new URL("./observer/claude-code/runner/observed/", import.meta.url));

interface Hook { stdout?: string; stderr?: string; exit?: number; delay_ms?: number; timeout?: number; handler_extra?: Record<string, unknown> }
interface Observation {
  name: string;
  scenario: { hooks: Hook[] };
  outcome: { tool_ran: boolean; tool_result: { content: string; is_error: boolean } | null; hook_invocations: number[] };
}

const recordings = readdirSync(OBSERVED)
  .filter((f) => f.startsWith("cfg-flag-on-failure-"))
  .map((f) => JSON.parse(readFileSync(join(OBSERVED, f), "utf8")) as Observation);

test(`onFailure: the runner does what Claude Code did in ${recordings.length} recordings`, async () => {
  assert.ok(recordings.length >= 9, `${recordings.length} recordings`);
  for (const recording of recordings) {
    const dir = mkdtempSync(join(tmpdir(), "on-failure-"));
    const handlers = recording.scenario.hooks.map((hook, k) => {
      writeFileSync(join(dir, `h${k}.stdout`), hook.stdout ?? "");
      writeFileSync(join(dir, `h${k}.stderr`), hook.stderr ?? "");
      const script = join(dir, `h${k}.sh`);
      const delay = (hook.delay_ms ?? 0) / 1000;
      writeFileSync(script, `#!/bin/sh\ncat > /dev/null\n${delay > 0 ? `sleep ${delay}` : ":"}\ncat "${dir}/h${k}.stdout"\ncat "${dir}/h${k}.stderr" >&2\nexit ${hook.exit ?? 0}\n`, { mode: 0o755 });
      return { type: "command", command: script, timeout: hook.timeout ?? 10, ...hook.handler_extra };
    });
    const settings = JSON.stringify({ hooks: { PreToolUse: [{ matcher: "Bash", hooks: handlers }] } });
    const outcome = await runEvent({
      event: "PreToolUse",
      input: { session_id: "s", cwd: dir, tool_name: "Bash", tool_input: { command: "echo hi" }, tool_use_id: "toolu_1" },
      configuration: { settings: [{ kind: "flag", file: join(dir, "settings.json"), text: settings }] },
      cwd: dir,
    });
    const effects = outcome.merged.effects;
    const blocked = effects.decision === "deny";
    assert.equal(blocked, !recording.outcome.tool_ran, `${recording.name}: blocked`);
    if (blocked) assert.equal(effects.tool_result?.replaceAll(dir, "$TMP/hooks"), recording.outcome.tool_result?.content, recording.name);
  }
});
