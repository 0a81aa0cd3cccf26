/**
 * The Gemini CLI 0.61.0 schemas against what the real CLI sent and accepted
 * (test/observer/gemini-cli/observed): every recorded stdin payload validates
 * as GeminiCliHookInput and as its event's own input; every JSON-object
 * answer a recorded hook gave validates as GeminiCliHookOutput, except the
 * ones whose field has another type than the one Gemini CLI acts on (it
 * accepts them and ignores that field; listed below with the recording).
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import * as validators from "../../generated/validators/gemini-cli.js";
import type { Validator } from "../../generated/validators/validator.js";

const DIR = "test/observer/gemini-cli/observed";
const SCENARIOS = "test/observer/gemini-cli/scenarios";

interface Observation {
  name: string;
  hooks?: { event: string; stdin_first?: unknown; stdin_more?: unknown[] }[];
}

const observations: Observation[] = readdirSync(DIR)
  .filter((f) => f.endsWith(".json"))
  .sort()
  .map((f) => JSON.parse(readFileSync(join(DIR, f), "utf8")) as Observation);

const byTitle = validators as unknown as Record<string, Validator<unknown> | undefined>;

test("every recorded Gemini CLI stdin payload validates as GeminiCliHookInput and as its event's input", () => {
  const events = new Set<string>();
  let count = 0;
  for (const observation of observations) {
    for (const hook of observation.hooks ?? []) {
      for (const payload of [hook.stdin_first, ...(hook.stdin_more ?? [])]) {
        if (payload === undefined || payload === null) continue;
        const event = (payload as { hook_event_name: string }).hook_event_name;
        const where = `${observation.name} ${event}`;
        assert.equal(validators.validateGeminiCliHookInput(payload), true, `${where}: ${JSON.stringify(validators.validateGeminiCliHookInput.errors)}`);
        const own = byTitle[`validateGeminiCli${event}HookInput`];
        assert.ok(own, `no validator for ${event}`);
        assert.equal(own(payload), true, where);
        events.add(event);
        count++;
      }
    }
  }
  assert.equal(count, 210, "recorded payloads (111 stored by the observer, 99 recorded for this project)");
  assert.equal(events.size, 11, [...events].join());
});

test("a Claude Code input is not a Gemini CLI input (event names differ)", () => {
  const payload = { session_id: "s", transcript_path: "t", cwd: "/w", hook_event_name: "PreToolUse", timestamp: "2026-12-01T09:04:58.543Z", tool_name: "Bash", tool_input: {} };
  assert.equal(validators.validateGeminiCliHookInput(payload), false);
});

/** Outputs Gemini CLI accepted although a field has another type: the field did not act. */
const MISTYPED: Readonly<Record<string, string>> = {
  // hookSpecificOutput.tool_input is an array: the original input ran
  "bt-40-rewrite-array": "/hookSpecificOutput/tool_input",
  // null (agentseam's rewrite without input): the original input ran
  "cap-beforetool-rewrite-null": "/hookSpecificOutput/tool_input",
  // hookSpecificOutput is a string: the CLI's merge throws and the whole event has no effect
  "gp-02-string-hso-with-deny": "/hookSpecificOutput",
  // a number: the same
  "gp-24-number-hso-beforeagent": "/hookSpecificOutput",
};

test("every recorded JSON-object answer validates as GeminiCliHookOutput, except the listed mistyped ones", () => {
  let checked = 0;
  const rejected: Record<string, string> = {};
  for (const name of readdirSync(SCENARIOS).filter((f) => f.endsWith(".json")).sort()) {
    const scenario = JSON.parse(readFileSync(join(SCENARIOS, name), "utf8")) as { name: string; hooks: { stdout?: string; answers?: { stdout?: string }[]; then?: { stdout?: string } }[] };
    for (const hook of scenario.hooks) {
      for (const stdout of [hook.stdout, hook.then?.stdout, ...(hook.answers ?? []).map((a) => a.stdout)]) {
        if (stdout === undefined) continue;
        let value: unknown;
        try {
          value = JSON.parse(stdout.trim());
        } catch {
          continue;
        }
        if (typeof value === "string") {
          try {
            value = JSON.parse(value);
          } catch {
            continue;
          }
        }
        if (value === null || typeof value !== "object" || Array.isArray(value)) continue;
        checked++;
        if (!validators.validateGeminiCliHookOutput(value)) rejected[scenario.name] = validators.validateGeminiCliHookOutput.errors![0]!.instancePath;
      }
    }
  }
  assert.deepEqual(rejected, MISTYPED);
  assert.ok(checked >= 80, `only ${checked} answers`);
});

test("every recorded settings file's hooks validate as GeminiCliHooksSettings (and hooksConfig as GeminiCliHooksConfig); a Claude Code event name does not", () => {
  let checked = 0;
  // gp-cfg-* and gp-num-* hold values of the wrong type on purpose (what Gemini CLI makes of them: the runner's replay)
  for (const name of readdirSync(DIR).filter((f) => f.endsWith(".json") && !f.startsWith("gp-cfg-") && !f.startsWith("gp-num-"))) {
    const observation = JSON.parse(readFileSync(join(DIR, name), "utf8")) as { settings: Record<string, { hooks?: unknown; hooksConfig?: unknown } | undefined> };
    for (const settings of Object.values(observation.settings)) {
      if (settings?.hooks !== undefined) {
        assert.equal(validators.validateGeminiCliHooksSettings(settings.hooks), true, `${name}: ${JSON.stringify(validators.validateGeminiCliHooksSettings.errors)}`);
        checked++;
      }
      if (settings?.hooksConfig !== undefined) assert.equal(validators.validateGeminiCliHooksConfig(settings.hooksConfig), true, name);
    }
  }
  assert.ok(checked >= 100, `${checked} settings`);
  assert.equal(validators.validateGeminiCliHooksSettings({ PreToolUse: [{ hooks: [{ type: "command", command: "x" }] }] }), false);
});
