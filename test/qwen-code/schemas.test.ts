/**
 * schemas/qwen-code/ against the recordings: every hook stdin payload recorded
 * from Qwen Code 0.24.4 (test/observer/qwen-code/observed, and the kit's
 * captured stdin) validates as QwenCodeHookInput, and every settings file the
 * observer gave Qwen validates as QwenCodeHooksSettings.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { validateQwenCodeHookInput, validateQwenCodeHookOutput, validateQwenCodeHooksSettings } from "../../generated/validators/qwen-code.js";

const DIR = "test/observer/qwen-code/observed";
const KIT = "test/observer/qwen-code/kit";
interface Recording {
  hooks: { stdin_first?: unknown }[];
  settings: Record<string, unknown>;
}
const recordings = readdirSync(DIR).filter((f) => f.endsWith(".json")).sort()
  .map((f) => [f, JSON.parse(readFileSync(join(DIR, f), "utf8")) as Recording] as const);

test("every recorded Qwen Code stdin payload validates as QwenCodeHookInput", () => {
  const events = new Map<string, number>();
  const payloads: [string, unknown][] = [
    ...recordings.flatMap(([name, rec]) => rec.hooks.map((h) => [name, h.stdin_first] as [string, unknown])),
    ...readdirSync(KIT).filter((f) => f.endsWith(".stdin")).map((f) => [f, JSON.parse(readFileSync(join(KIT, f), "utf8"))] as [string, unknown]),
  ];
  for (const [name, payload] of payloads) {
    if (typeof payload !== "object" || payload === null) continue;
    assert.equal(validateQwenCodeHookInput(payload), true, `${name}: ${JSON.stringify(validateQwenCodeHookInput.errors)}`);
    const event = String((payload as Record<string, unknown>)["hook_event_name"]);
    events.set(event, (events.get(event) ?? 0) + 1);
  }
  assert.ok([...events.values()].reduce((a, b) => a + b, 0) >= 100, JSON.stringify([...events]));
  assert.deepEqual([...events.keys()].sort(), ["InstructionsLoaded", "Notification", "PostCompact", "PostToolBatch", "PostToolUse", "PostToolUseFailure", "PreCompact", "PreToolUse", "SessionStart", "Stop", "StopFailure", "SubagentStart", "SubagentStop", "UserPromptExpansion", "UserPromptSubmit"]);
});

test("every settings file the recordings gave Qwen Code validates as QwenCodeHooksSettings", () => {
  let count = 0;
  for (const [name, rec] of recordings) {
    for (const [source, settings] of Object.entries(rec.settings)) {
      const disableAll = (settings as { disableAllHooks?: unknown }).disableAllHooks;
      if (disableAll !== undefined && typeof disableAll !== "boolean") {
        // recorded on purpose (cfg-40-*, cfg-41, cfg-42): Qwen reads any value for its truthiness; the schema wants the boolean an author means
        assert.equal(validateQwenCodeHooksSettings(settings), false, `${name} ${source}: a non-boolean disableAllHooks validated`);
        assert.ok(validateQwenCodeHooksSettings.errors?.some((e) => e.instancePath === "/disableAllHooks"), `${name} ${source}: ${JSON.stringify(validateQwenCodeHooksSettings.errors)}`);
        continue;
      }
      // recorded on purpose: a non-boolean sequential, a timeout in text, a type "Command", hooksConfig (what Qwen makes of them: the runner's replay)
      if (/^cfg-4[34]-|^qw-num-timeout-string-/.test(name)) continue;
      assert.equal(validateQwenCodeHooksSettings(settings), true, `${name} ${source}: ${JSON.stringify(validateQwenCodeHooksSettings.errors)}`);
      count++;
    }
  }
  assert.ok(count >= 84, `${count} settings files`);
});

test("QwenCodeHookInput rejects a payload without its event's fields, and a Gemini CLI event", () => {
  const base = { session_id: "s", transcript_path: "t", cwd: "/", timestamp: "2026-12-01T00:00:00.000Z", permission_mode: "yolo" };
  assert.equal(validateQwenCodeHookInput({ ...base, hook_event_name: "PreToolUse" }), false);
  assert.equal(validateQwenCodeHookInput({ ...base, hook_event_name: "BeforeTool", tool_name: "x", tool_input: {} }), false);
  assert.equal(validateQwenCodeHookInput({ ...base, hook_event_name: "PreToolUse", tool_name: "x", tool_input: {} }), true);
});

test("QwenCodeHookOutput takes what Qwen reads and rejects a mistyped continue", () => {
  assert.equal(validateQwenCodeHookOutput({ hookSpecificOutput: { hookEventName: "PostToolUse", permissionDecision: "deny" } }), true);
  assert.equal(validateQwenCodeHookOutput({ continue: "false" }), false);
});
