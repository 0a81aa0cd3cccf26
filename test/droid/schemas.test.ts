/**
 * schemas/droid/ against the recordings: every hook stdin payload recorded
 * from Factory droid 0.215.0 (test/observer/droid/observed, first and later
 * invocations) validates as DroidHookInput, and the recorded hook files
 * validate as DroidHooksFile (the bare event map droid reads).
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { validateDroidHookInput, validateDroidHooksFile } from "../../generated/validators/droid.js";

const DIR = "test/observer/droid/observed";
interface Recording {
  hooks?: { stdin_first?: unknown; stdin_more?: unknown[] }[];
  config_files?: Record<string, unknown>;
  scenario?: { hooks_json_wrapper?: boolean };
}
const recordings = readdirSync(DIR).filter((f) => f.endsWith(".json")).sort()
  .map((f) => [f, JSON.parse(readFileSync(join(DIR, f), "utf8")) as Recording] as const);

test("every recorded droid stdin payload validates as DroidHookInput", () => {
  const events = new Map<string, number>();
  let count = 0;
  for (const [name, recording] of recordings) {
    for (const hook of recording.hooks ?? []) {
      for (const payload of [hook.stdin_first, ...(hook.stdin_more ?? [])]) {
        if (typeof payload !== "object" || payload === null) continue;
        assert.equal(validateDroidHookInput(payload), true, `${name}: ${JSON.stringify(validateDroidHookInput.errors)}`);
        const event = String((payload as Record<string, unknown>)["hook_event_name"]);
        events.set(event, (events.get(event) ?? 0) + 1);
        count += 1;
      }
    }
  }
  assert.ok(count >= 119, `only ${count} payloads`);
  assert.deepEqual([...events.keys()].sort(), ["PostToolUse", "PreToolUse", "SessionEnd", "SessionStart", "Stop", "UserPromptSubmit"]);
});

test("the recorded hooks.json files validate as DroidHooksFile; a settings.json carries one under `hooks`", () => {
  let count = 0;
  for (const [name, recording] of recordings) {
    // dr-cfg-* hold values of the wrong type on purpose (what droid makes of them: the runner's replay)
    if (name.startsWith("dr-cfg-")) continue;
    for (const [path, content] of Object.entries(recording.config_files ?? {})) {
      const file = path.endsWith("hooks.json") ? content : (content as Record<string, unknown>)["hooks"];
      if (file === undefined || recording.scenario?.hooks_json_wrapper === true) continue;
      assert.equal(validateDroidHooksFile(file), true, `${name} ${path}: ${JSON.stringify(validateDroidHooksFile.errors)}`);
      count += 1;
    }
  }
  assert.ok(count >= 85, `only ${count} hook files`);
});

test("DroidHookInput rejects a payload without its event's fields, and an unknown event", () => {
  assert.equal(validateDroidHookInput({ session_id: "s", transcript_path: "t", cwd: "/", permission_mode: "auto-low", hook_event_name: "PreToolUse" }), false);
  assert.equal(validateDroidHookInput({ session_id: "s", transcript_path: "t", cwd: "/", permission_mode: "auto-low", hook_event_name: "PermissionRequest" }), false);
});
