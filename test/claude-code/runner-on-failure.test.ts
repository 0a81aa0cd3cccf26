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
import { runEvent } from "../../src/claude-code/runner/run-event.js";

const OBSERVED = fileURLToPath(new URL("../observer/claude-code/runner/observed/", import.meta.url));

interface Hook { stdout?: string; stderr?: string; exit?: number; delay_ms?: number; timeout?: number; handler_extra?: Record<string, unknown> }
interface Observation {
  name: string;
  scenario: { event: string; hooks: Hook[] };
  outcome: {
    tool_ran?: boolean;
    tool_result?: { content: string; is_error: boolean } | null;
    context_added?: string[][];
    model_requests: number;
    result: { result: string };
  };
}

const INPUTS: Readonly<Record<string, Record<string, unknown>>> = {
  PreToolUse: { tool_name: "Bash", tool_input: { command: "echo hi" }, tool_use_id: "toolu_1" },
  PermissionRequest: { tool_name: "Bash", tool_input: { command: "echo hi" } },
  PostToolUse: { tool_name: "Bash", tool_input: { command: "echo hi" }, tool_response: { stdout: "hi" }, tool_use_id: "toolu_1" },
  UserPromptSubmit: { prompt: "do it" },
  Stop: { stop_hook_active: false },
};

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
    const event = recording.scenario.event;
    const settings = JSON.stringify({ hooks: { [event]: [{ ...(event in INPUTS && "tool_name" in INPUTS[event]! ? { matcher: "Bash" } : {}), hooks: handlers }] } });
    const outcome = await runEvent({
      event,
      input: { session_id: "s", cwd: dir, ...INPUTS[event] },
      configuration: { settings: [{ kind: "flag", file: join(dir, "settings.json"), text: settings }] },
      cwd: dir,
    });
    const effects = outcome.merged.effects;
    const ours = (text: string | null | undefined): string | undefined => text?.replaceAll(dir, "$TMP/hooks");
    const recorded = recording.outcome;
    if (event === "PreToolUse" || event === "PermissionRequest") {
      // the tool did not run: a deny, its text what the model got
      assert.equal(effects.decision === "deny", recorded.tool_ran === false, `${recording.name}: denied`);
      if (effects.decision === "deny") assert.equal(ours(effects.tool_result), recorded.tool_result?.content, recording.name);
    } else if (event === "PostToolUse") {
      // the blocking error is the system-role text of the next request
      const next = (recorded.context_added?.[1] ?? []).map((line) => line.replace(/^system: /, ""));
      assert.deepEqual(effects.model_context.map(ours), next, recording.name);
      assert.equal(effects.blocked, next.length > 0, recording.name);
    } else if (event === "UserPromptSubmit") {
      // no model request: the prompt was blocked. Claude Code's text lacks the exit-2 block's
      // "\n\nOriginal prompt: …" (the runner's has it: a known difference, docs/cli.md)
      assert.equal(effects.blocked, recorded.model_requests === 0, recording.name);
      const text = ours(effects.notices[0]) ?? "";
      assert.equal(text.replace(/\n\nOriginal prompt: do it$/, ""), recorded.result.result, recording.name);
    } else {
      // Stop: the turn ended at once (one model request): no block, no continuation
      assert.equal(recorded.model_requests, 1, recording.name);
      assert.equal(effects.blocked, false, recording.name);
    }
  }
});
