/**
 * Kimi Code CLI's hook configuration as src/kimi-code/config.ts reads it (the runner's, install's
 * read-back's and lint's reading), against the lab's recordings of the real Kimi Code CLI 2.1.0: for
 * every held-out configuration and matcher recording (test/observer/kimi-code/held-out, kh-cfg-*,
 * kh-match-*; none of them was read to write config.ts), the hooks the reader selects for the call
 * are the hooks that ran. Recordings whose hooks are custom commands are left out: the lab logs only
 * its scripted hooks' runs.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { parseToml } from "../../src/core/toml.js";
import { kimiCodeHooksOf, selectKimiCodeHooks } from "../../src/kimi-code/config.js";

const DIR = "test/observer/kimi-code/held-out/observed";
interface Recording {
  scenario: { prompt?: string; tool?: string; model_turns?: { tool_call?: { name: string } }[]; hooks: { command?: string }[] };
  config_toml: string;
  hooks: { event: string; command: string; invocations: number }[];
}

const files = existsSync(DIR) ? readdirSync(DIR).filter((f) => /^kh-(cfg|match)-/.test(f)).sort() : [];

test("held out: the hooks config.ts selects are the hooks the real Kimi Code CLI ran (configuration errors drop them all, matchers)", { skip: files.length === 0 ? "no held-out recordings" : false }, () => {
  const wrong: string[] = [];
  let checked = 0;
  for (const file of files) {
    const rec = JSON.parse(readFileSync(join(DIR, file), "utf8")) as Recording;
    if (rec.scenario.hooks.some((h) => h.command !== undefined)) continue;
    const parsed = parseToml(rec.config_toml.replaceAll("<port>", "1"));
    const hooks = parsed.ok ? kimiCodeHooksOf(parsed.value, file).hooks : [];
    const tool = rec.scenario.model_turns?.find((t) => t.tool_call !== undefined)?.tool_call?.name ?? rec.scenario.tool ?? "Bash";
    const value = (event: string): string => (event === "UserPromptSubmit" ? rec.scenario.prompt ?? "do it" : event === "SessionStart" ? "startup" : event.includes("ToolUse") ? tool : "");
    for (const hook of rec.hooks) {
      const selected = selectKimiCodeHooks(hooks, hook.event, value(hook.event)).some((h) => h.command === hook.command);
      if (selected !== hook.invocations > 0) wrong.push(`${file}: ${hook.event} ${selected ? "selected" : "not selected"}, ${hook.invocations} runs`);
    }
    checked++;
  }
  assert.deepEqual(wrong, []);
  assert.ok(checked >= 25, `${checked} recordings checked`);
});
