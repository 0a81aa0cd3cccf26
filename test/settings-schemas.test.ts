// The editors' settings schemas (generated/settings/<agent>/<file>.schema.json,
// npm run gen) against the recordings: every configuration file a real agent
// was recorded with validates, unless the recording shows the agent refused
// something in it (the file skipped, an event, group or hook not run); each
// such refusal is refused by the schema or, where a schema cannot say it, by
// `lint` with an error. Which files are refusals, and the recorded outcome
// that shows it, is the table below (from the recordings, not from the schema).
import { test } from "node:test";
import assert from "node:assert/strict";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { Ajv } from "ajv";
import { AGENTS, loadLinters } from "../src/agents.js";
import { contextFor } from "../src/lint/lint.js";
import { SETTINGS_SCHEMA_BASE } from "../src/core/settings-schema.js";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const OBSERVER = join(ROOT, "test/observer");

type Json = unknown;
interface Observation {
  readonly name: string;
  readonly outcome?: { readonly hook_invocations?: readonly number[]; readonly tool_ran?: boolean };
  readonly [key: string]: unknown;
}
/** One configuration file a recording ran the agent with. */
interface RecordedFile {
  readonly agent: string;
  /** The schema's `file` it is checked against. */
  readonly schema: string;
  /** The recording, relative to test/observer/. */
  readonly recording: string;
  /** Which of the recording's files (`flag`, `.claude/settings.json`, ...). */
  readonly source: string;
  readonly value: Json;
  readonly observation: Observation | null;
}

/** What the recording shows the agent did not do with the file. */
interface Refusal {
  /** The hooks (h<k>, by scenario index) that never ran although their event fired. */
  readonly notRun?: readonly number[];
  /** The hooks that did run (the file was loaded: a misread, not a skip). */
  readonly ran?: readonly number[];
  /**
   * skipped: none of the file's (or map's) hooks run; dropped: that event,
   * group or hook does not run; misread: the file is used, the value is read
   * otherwise than its documented type says (a string "false" as true).
   */
  readonly kind?: "skipped" | "dropped" | "misread";
  /** The scenario's tool call ran (the deny in the file was not applied) or not. */
  readonly toolRan?: boolean;
  /** Said by the schema, or only by lint (a rule a JSON Schema cannot state). */
  readonly by: "schema" | "lint";
  readonly why: string;
  /** The recording's file it is about (RecordedFile.source); the recording's others are accepted files. Default: the agent's first. */
  readonly source?: string;
}

function* jsonFiles(dir: string): Generator<string> {
  if (!existsSync(dir)) return;
  for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1))) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* jsonFiles(path);
    else if (entry.name.endsWith(".json")) yield path;
  }
}

const read = (path: string): Json => JSON.parse(readFileSync(path, "utf8")) as Json;
const isObject = (v: Json): v is Record<string, Json> => typeof v === "object" && v !== null && !Array.isArray(v);

/** Observations of the measured version (the re-recordings of later versions under v<x>/ are left out). */
function* observations(agent: string): Generator<{ path: string; observation: Observation }> {
  for (const path of jsonFiles(join(OBSERVER, agent))) {
    const rel = relative(join(OBSERVER, agent), path);
    if (!rel.split("/").includes("observed") || /^v\d/.test(rel)) continue;
    const value = read(path);
    if (isObject(value) && typeof value["name"] === "string") yield { path, observation: value as unknown as Observation };
  }
}

/** Files `install` wrote that the agent then ran (test/observer/<agent>/e2e*\/.../installed/). */
function* installedFiles(agent: string, suffix: string): Generator<{ path: string; value: Json }> {
  for (const path of jsonFiles(join(OBSERVER, agent))) if (path.includes("/installed/") && path.endsWith(suffix)) yield { path, value: read(path) };
}

// ---- Claude Code ------------------------------------------------------------

function claudeCodeFiles(): RecordedFile[] {
  const out: RecordedFile[] = [];
  for (const { path, observation } of observations("claude-code")) {
    const recording = relative(OBSERVER, path);
    if (observation["settings_flag"] !== undefined) out.push({ agent: "claude-code", schema: "settings", recording, source: "flag", value: observation["settings_flag"], observation });
    const files = (observation["scenario"] as { files?: Record<string, string> } | undefined)?.files ?? {};
    for (const [name, text] of Object.entries(files)) {
      if (name.startsWith(".claude/settings")) out.push({ agent: "claude-code", schema: "settings", recording, source: name, value: JSON.parse(text) as Json, observation });
    }
  }
  for (const { path, value } of installedFiles("claude-code", "/.claude/settings.json")) out.push({ agent: "claude-code", schema: "settings", recording: relative(OBSERVER, path), source: "installed", value, observation: null });
  return out;
}

const skipped = (why: string): Refusal => ({ notRun: [0], toolRan: true, by: "schema", why: `${why}: Claude Code skips the whole file (the deny never runs)` });
const ifNotRun = (why: string, notRun: readonly number[] = [0], kind: Refusal["kind"] = "dropped"): Refusal => ({ notRun, by: "schema", why, kind });

/** Claude Code 2.1.332's recorded refusals, by recording name (test/observer/claude-code/runner/observed/). */
const CLAUDE_CODE_REFUSALS: Readonly<Record<string, Refusal>> = {
  "cfg-flag-async-string-false": skipped('async "false"'),
  "cfg-flag-once-string": skipped('once "true"'),
  "cfg-flag-timeout-string": skipped('timeout "5"'),
  "cfg-flag-on-failure-bad-value": skipped('onFailure "deny"'),
  "cfg-flag-type-uppercase": skipped('type "Command"'),
  "cfg-flag-cleanup-days-string": skipped('cleanupPeriodDays "30"'),
  "cfg-flag-disable-all-array": skipped("disableAllHooks []"),
  "cfg-flag-disable-all-null": skipped("disableAllHooks null"),
  "cfg-flag-disable-all-number-0": skipped("disableAllHooks 0"),
  "cfg-flag-disable-all-number-1": skipped("disableAllHooks 1"),
  "cfg-flag-disable-all-string-false": skipped('disableAllHooks "false"'),
  "cfg-flag-disable-all-string-true": skipped('disableAllHooks "true"'),
  "cfg-flag-env-string": skipped('env "x"'),
  "cfg-flag-include-co-authored-string": skipped('includeCoAuthoredBy "yes"'),
  "cfg-flag-model-number": skipped("model 5"),
  "cfg-flag-permissions-allow-string": skipped('permissions.allow "Bash"'),
  "cfg-flag-permissions-number": skipped("permissions 5"),
  "cfg-flag-schema-number": skipped('"$schema" 5'),
  "cfg-flag-status-line-number": skipped("statusLine 5"),
  "cfg-flag-permission-request-bad": { ...skipped('a PermissionRequest hook with timeout "5"'), notRun: [0, 1] },
  "cfg-flag-sibling-bad-type": { ...skipped('a second PreToolUse hook of type "shell"'), notRun: [0, 1] },
  "cfg-flag-sibling-if-number": { ...skipped("a second PreToolUse hook with if 5"), notRun: [0, 1] },
  "cfg-flag-sibling-matcher-number": { ...skipped("a second PreToolUse group with matcher 5"), notRun: [0, 1] },
  "cfg-flag-sibling-timeout-negative": { ...skipped("a second PreToolUse hook with timeout -1"), notRun: [0, 1] },
  "cfg-flag-sibling-timeout-string": { ...skipped('a second PreToolUse hook with timeout "5"'), notRun: [0, 1] },
  "cfg-flag-sibling-timeout-zero": { ...skipped("a second PreToolUse hook with timeout 0"), notRun: [0, 1] },
  // the project file's hook prints the deny itself (no h<k> script): the tool running shows it skipped
  "cfg-project-disable-all-string-false": { source: ".claude/settings.json", toolRan: true, by: "schema", why: 'project settings with disableAllHooks "false": skipped, the deny in it never runs' },
  "cfg-project-permissions-number": { source: ".claude/settings.json", toolRan: true, by: "schema", why: "project settings with permissions 5: skipped" },
  "cfg-project-timeout-string": { source: ".claude/settings.json", toolRan: true, by: "schema", why: 'project settings whose deny hook has timeout "5": skipped' },
  // the --settings file says disableAllHooks "true": skipped, so the project's deny still runs (a valid true would stop it)
  "cfg-flag-string-true-project-deny": { toolRan: false, by: "schema", why: 'disableAllHooks "true" is not applied (the file is skipped): the project deny still runs' },
  "cfg-flag-hooks-unknown-event": ifNotRun('the hooks of an unknown event "NotAnEvent" never run', [1]),
  "cfg-flag-stop-bad-type": ifNotRun('a Stop hook of type "Command" is dropped (Stop fired; the deny beside it ran)', [1]),
  "cfg-flag-sibling-command-empty": ifNotRun('a hook with command "" never starts', [1]),
  // PostToolUse does not fire after the deny, so this entry's fate is not shown; the same value is refused on PreToolUse and Stop above
  "cfg-flag-other-event-bad": ifNotRun('a PostToolUse hook with timeout "5" (not observable: PostToolUse does not fire after the deny)', [1]),
  "if-event-session-start": ifNotRun('if "Bash" on SessionStart: never runs'),
  "if-event-stop": ifNotRun('if "Bash(rm *)" on Stop: never runs'),
  "if-event-stop-bad-rule": ifNotRun('if "Bash(" on Stop: never runs'),
  "if-event-stop-bash-alone": ifNotRun('if "Bash" on Stop: never runs'),
  "if-event-user-prompt-star": ifNotRun('if "*" on UserPromptSubmit: never runs'),
  "if-event-user-prompt-submit": ifNotRun('if "Bash(rm *)" on UserPromptSubmit: never runs'),
  "if-rule-number": ifNotRun("if 1: the hook is dropped"),
  "if-rule-null": ifNotRun("if null: the hook is dropped"),
  "if-rule-false": ifNotRun("if false: the hook is dropped"),
  "if-rule-array": ifNotRun('if ["Bash(rm *)"]: the hook is dropped'),
  "if-rule-number-other-file": ifNotRun("if 1 in --settings: its hook is dropped (the project's deny runs)"),
  "if-rule-number-other-group": ifNotRun("if 1 on PreToolUse: the whole file is skipped, the deny in another group too", [0, 1], "skipped"),
  "if-rule-number-sibling": ifNotRun("if 1 on PreToolUse: the whole file is skipped, the deny beside it too", [0, 1], "skipped"),
  "if-rule-number-post-tool-use": ifNotRun("if 1 on PostToolUse: only that hook is dropped"),
  "if-rule-string-array-sibling-other-event": ifNotRun("if 1 on PreToolUse: the whole file is skipped, a Stop hook in it too", [0, 1], "skipped"),
  // http hooks run no h<k> script: index 0 is the http hook; the deny or context hook is h1
  "http-invalid-url": { notRun: [1], toolRan: true, by: "lint", why: "an http hook whose URL new URL() refuses, on PreToolUse: the whole file is skipped (the deny beside it never runs)" },
  "http-invalid-url-other-group": { notRun: [1], toolRan: true, by: "lint", why: "the same with the deny in another group of the file" },
  "http-invalid-url-post": { kind: "dropped", by: "lint", why: "on PostToolUse only the http hook is dropped (the context hook in the file runs); it cannot be requested" },
  "http-invalid-url-other-file": { kind: "dropped", by: "lint", why: "in --settings; the deny in the project settings runs; it cannot be requested" },
};

// ---- Qwen Code, Gemini CLI, Codex: the observer's `settings` (`hooks_files`) by layer (user, project, system) ----

/** The layers of `observation.settings` that are the agent's own file (Qwen's `claude` layer is Claude Code's file, which Qwen does not read: cfg-06). */
function layeredFiles(agent: string, layers: readonly string[], installedSuffix: string, key = "settings", schema = "settings"): RecordedFile[] {
  const out: RecordedFile[] = [];
  for (const { path, observation } of observations(agent)) {
    const settings = observation[key];
    if (!isObject(settings)) continue;
    for (const layer of layers) if (settings[layer] !== undefined) out.push({ agent, schema, recording: relative(OBSERVER, path), source: layer, value: settings[layer], observation });
  }
  for (const { path, value } of installedFiles(agent, installedSuffix)) out.push({ agent, schema, recording: relative(OBSERVER, path), source: "installed", value, observation: null });
  return out;
}

// ---- droid: the observer's `config_files` by path, and the scenario's project files ----

function droidFiles(): RecordedFile[] {
  const out: RecordedFile[] = [];
  const schemaOf = (path: string): string | null => (path.endsWith("/hooks.json") ? "hooks" : path.endsWith("/settings.json") ? "settings" : null);
  for (const { path, observation } of observations("droid")) {
    const recording = relative(OBSERVER, path);
    for (const [file, value] of Object.entries((observation["config_files"] ?? {}) as Record<string, Json>)) {
      const schema = schemaOf(file);
      if (schema !== null) out.push({ agent: "droid", schema, recording, source: file.replace("$TMP/home/", "~/"), value, observation });
    }
    const files = (observation["scenario"] as { files?: Record<string, string> } | undefined)?.files ?? {};
    for (const [file, text] of Object.entries(files)) {
      const schema = schemaOf(`/${file}`);
      if (schema !== null && file.startsWith(".factory/")) out.push({ agent: "droid", schema, recording, source: file, value: JSON.parse(text) as Json, observation });
    }
  }
  return out;
}

const QWEN_CODE_REFUSALS: Readonly<Record<string, Refusal>> = {
  "cfg-40-disable-all-array": { notRun: [0], toolRan: true, kind: "misread", by: "schema", why: "disableAllHooks: [] (not a boolean) in user settings, with a deny hook" },
  "cfg-40-disable-all-empty-string": { ran: [0], toolRan: false, kind: "misread", by: "schema", why: "disableAllHooks: \"\" (not a boolean) in user settings, with a deny hook" },
  "cfg-40-disable-all-null": { ran: [0], toolRan: false, kind: "misread", by: "schema", why: "disableAllHooks: null in user settings, with a deny hook" },
  "cfg-40-disable-all-number-0": { ran: [0], toolRan: false, kind: "misread", by: "schema", why: "disableAllHooks: 0 (not a boolean) in user settings, with a deny hook" },
  "cfg-40-disable-all-number-1": { notRun: [0], toolRan: true, kind: "misread", by: "schema", why: "disableAllHooks: 1 (not a boolean) in user settings, with a deny hook" },
  "cfg-40-disable-all-object": { notRun: [0], toolRan: true, kind: "misread", by: "schema", why: "disableAllHooks: {} (not a boolean) in user settings, with a deny hook" },
  "cfg-40-disable-all-string-false": { notRun: [0], toolRan: true, kind: "misread", by: "schema", why: "disableAllHooks: \"false\" (not a boolean) in user settings, with a deny hook" },
  "cfg-40-disable-all-string-no": { notRun: [0], toolRan: true, kind: "misread", by: "schema", why: "disableAllHooks: \"no\" (not a boolean) in user settings, with a deny hook" },
  "cfg-40-disable-all-string-true": { notRun: [0], toolRan: true, kind: "misread", by: "schema", why: "disableAllHooks: \"true\" (not a boolean) in user settings, with a deny hook" },
  "cfg-41-project-disable-all-string-false": { notRun: [0], toolRan: true, source: "project", kind: "misread", by: "schema", why: "disableAllHooks: \"false\" (a string) in project settings, with a deny hook" },
  "cfg-42-project-false-user-string-true": { ran: [0], toolRan: false, kind: "misread", by: "schema", why: "disableAllHooks: false in project settings, \"true\" (a string) in user settings, with a deny hook" },
  "cfg-43-sequential-number-0": { ran: [0,1], toolRan: false, kind: "misread", by: "schema", why: "sequential 0 on the group: A sleeps 1.5 s and denies, B answers at once; does B start after A ended?" },
  "cfg-43-sequential-number-1": { ran: [0,1], toolRan: false, kind: "misread", by: "schema", why: "sequential 1 on the group: A sleeps 1.5 s and denies, B answers at once; does B start after A ended?" },
  "cfg-43-sequential-string-false": { ran: [0,1], toolRan: false, kind: "misread", by: "schema", why: "sequential \"false\" on the group: A sleeps 1.5 s and denies, B answers at once; does B start after A ended?" },
  "cfg-43-sequential-string-true": { ran: [0,1], toolRan: false, kind: "misread", by: "schema", why: "sequential \"true\" on the group: A sleeps 1.5 s and denies, B answers at once; does B start after A ended?" },
  "cfg-44-timeout-string": { ran: [0], toolRan: false, kind: "misread", by: "schema", why: "the deny hook has timeout \"10\" (a string)" },
  "cfg-44-timeout-word": { ran: [0], toolRan: false, kind: "misread", by: "schema", why: "the deny hook has timeout \"abc\"" },
  "cfg-44-type-uppercase": { notRun: [0], toolRan: true, kind: "dropped", by: "schema", why: "the deny hook has type \"Command\"" },
  "qw-num-timeout-string-2147483648": { ran: [0], toolRan: true, kind: "misread", by: "schema", why: "the deny hook has timeout \"2147483648\" (text)" },
};
const GEMINI_CLI_REFUSALS: Readonly<Record<string, Refusal>> = {
  "gp-cfg-disabled-number": { ran: [0], toolRan: false, kind: "misread", by: "schema", why: "hooksConfig.disabled 5, with a deny hook" },
  "gp-cfg-disabled-object": { ran: [0], toolRan: false, kind: "misread", by: "schema", why: "hooksConfig.disabled {\"blocker\": true}" },
  "gp-cfg-disabled-string-list": { ran: [0], toolRan: false, kind: "misread", by: "schema", why: "hooksConfig.disabled \"other,blocker\" (a comma list in a string)" },
  "gp-cfg-disabled-string-name": { notRun: [0], toolRan: true, kind: "misread", by: "schema", why: "hooksConfig.disabled \"blocker\" (a string, not a list) names the deny hook" },
  "gp-cfg-disabled-string-substring": { ran: [0], toolRan: false, kind: "misread", by: "schema", why: "hooksConfig.disabled \"xblockerx\" (a string containing the deny hook name)" },
  "gp-cfg-enabled-array": { ran: [0], toolRan: false, kind: "misread", by: "schema", why: "hooksConfig.enabled [], with a deny hook" },
  "gp-cfg-enabled-empty-string": { notRun: [0], toolRan: true, kind: "misread", by: "schema", why: "hooksConfig.enabled \"\", with a deny hook" },
  "gp-cfg-enabled-null": { ran: [0], toolRan: false, kind: "misread", by: "schema", why: "hooksConfig.enabled null, with a deny hook" },
  "gp-cfg-enabled-number-0": { notRun: [0], toolRan: true, kind: "misread", by: "schema", why: "hooksConfig.enabled 0, with a deny hook" },
  "gp-cfg-enabled-number-1": { ran: [0], toolRan: false, kind: "misread", by: "schema", why: "hooksConfig.enabled 1, with a deny hook" },
  "gp-cfg-enabled-string-0": { ran: [0], toolRan: false, kind: "misread", by: "schema", why: "hooksConfig.enabled \"0\", with a deny hook" },
  "gp-cfg-enabled-string-False": { notRun: [0], toolRan: true, kind: "misread", by: "schema", why: "hooksConfig.enabled \"False\", with a deny hook" },
  "gp-cfg-enabled-string-false": { notRun: [0], toolRan: true, kind: "misread", by: "schema", why: "hooksConfig.enabled \"false\" (a string) in user settings, with a deny hook" },
  "gp-cfg-enabled-string-no": { ran: [0], toolRan: false, kind: "misread", by: "schema", why: "hooksConfig.enabled \"no\", with a deny hook" },
  "gp-cfg-enabled-string-true": { ran: [0], toolRan: false, kind: "misread", by: "schema", why: "hooksConfig.enabled \"true\", with a deny hook" },
  "gp-cfg-hooksconfig-string": { ran: [0], toolRan: false, kind: "misread", by: "schema", why: "hooksConfig \"false\" (a string), with a deny hook" },
  "gp-cfg-name-number": { ran: [0], toolRan: false, kind: "misread", by: "schema", why: "the deny hook has name 5 (a number)" },
  "gp-cfg-project-enabled-null-user-false": { ran: [0], toolRan: false, source: "project", kind: "misread", by: "schema", why: "workspace enabled null over a user enabled false" },
  "gp-cfg-project-enabled-string-false": { notRun: [0], toolRan: true, source: "project", kind: "misread", by: "schema", why: "workspace settings: hooksConfig.enabled \"false\"; deny hook in user settings" },
  "gp-cfg-project-enabled-string-true-user-false": { ran: [0], toolRan: false, source: "project", kind: "misread", by: "schema", why: "workspace enabled \"true\" over a user enabled false" },
  "gp-cfg-sequential-number-1": { ran: [0,1], toolRan: true, kind: "misread", by: "schema", why: "sequential 1 on a definition: A rewrites the command, B prints nothing; does B see the rewrite?" },
  "gp-cfg-sequential-string-false": { ran: [0], toolRan: false, kind: "misread", by: "schema", why: "the deny hook definition has sequential \"false\"" },
  "gp-cfg-sequential-string-true": { ran: [0,1], toolRan: true, kind: "misread", by: "schema", why: "sequential \"true\" (a string) on a definition: A rewrites the command, B prints nothing; does B see the rewrite (sequential)?" },
  "gp-cfg-timeout-negative": { notRun: [0], toolRan: true, kind: "dropped", by: "schema", why: "the deny hook has timeout -1" },
  "gp-cfg-timeout-null": { ran: [0], toolRan: false, kind: "misread", by: "schema", why: "the deny hook has timeout null" },
  "gp-cfg-timeout-string-number": { ran: [0], toolRan: false, kind: "misread", by: "schema", why: "the deny hook has timeout \"5000\" (a string)" },
  "gp-cfg-timeout-string-word": { notRun: [0], toolRan: true, kind: "dropped", by: "schema", why: "the deny hook has timeout \"abc\"" },
  "gp-cfg-timeout-zero": { notRun: [0], toolRan: true, kind: "dropped", by: "schema", why: "the deny hook has timeout 0" },
  "gp-cfg-type-null": { notRun: [0], toolRan: true, kind: "dropped", by: "schema", why: "the deny hook has type null" },
  "gp-cfg-type-uppercase": { notRun: [0], toolRan: true, kind: "dropped", by: "schema", why: "the deny hook has type \"Command\"" },
  "gp-num-timeout-string-2147483648": { notRun: [0], toolRan: true, kind: "dropped", by: "schema", why: "the deny hook has timeout \"2147483648\" (a string)" },
};
/** Codex CLI 0.171.0's recorded refusals in hooks.json (test/observer/codex/observed/). */
const CODEX_REFUSALS: Readonly<Record<string, Refusal>> = {
  "cx-cfg-async-string-true": { notRun: [0], toolRan: true, kind: "skipped", by: "schema", why: 'the deny hook has async "true": the file is skipped' },
  "cx-cfg-file-extra-disable-all": { notRun: [0], toolRan: true, kind: "skipped", by: "schema", why: '"disableAllHooks": true beside "hooks": the file is skipped' },
  "cx-cfg-file-extra-unknown": { notRun: [0], toolRan: true, kind: "skipped", by: "schema", why: '"version": "x" beside "hooks": the file is skipped' },
  "cx-cfg-other-event-timeout-string": { notRun: [0, 1], toolRan: true, kind: "skipped", by: "schema", why: 'a PostToolUse hook with timeout "5": the whole file is skipped, the deny too' },
  "cx-cfg-sibling-timeout-string": { notRun: [0, 1], toolRan: true, kind: "skipped", by: "schema", why: 'a second PreToolUse hook with timeout "5": the file is skipped' },
  "cx-cfg-sibling-type-uppercase": { notRun: [0, 1], toolRan: true, kind: "skipped", by: "schema", why: 'a second PreToolUse hook with type "Command": the file is skipped' },
  "cx-cfg-timeout-negative": { notRun: [0], toolRan: true, kind: "skipped", by: "schema", why: "the deny hook has timeout -1: the file is skipped" },
  "cx-cfg-timeout-string": { notRun: [0], toolRan: true, kind: "skipped", by: "schema", why: 'the deny hook has timeout "10": the file is skipped' },
  "cx-cfg-unknown-event": { notRun: [1], ran: [0], toolRan: false, kind: "dropped", by: "schema", why: 'the hooks of an unknown event "NotAnEvent" never run (the deny beside them does)' },
};
const DROID_REFUSALS: Readonly<Record<string, Refusal>> = {
  "dr-cfg-project-hooks-json-disabled-string": { toolRan: true, source: ".factory/hooks.json", kind: "skipped", by: "schema", why: "<project>/.factory/hooks.json (bare map) has hooksDisabled \"false\" beside its deny hook" },
  "dr-cfg-sibling-timeout-string": { notRun: [0,1], toolRan: true, kind: "skipped", by: "schema", why: "a second hook with timeout \"5\" in the same hooks.json" },
  "dr-cfg-sibling-type-uppercase": { notRun: [0,1], toolRan: true, kind: "skipped", by: "schema", why: "a second hook with type \"Command\" in the same hooks.json" },
  "dr-cfg-timeout-string": { notRun: [0], toolRan: true, kind: "skipped", by: "schema", why: "the deny hook has timeout \"10\" (a string)" },
  "dr-cfg-type-uppercase": { notRun: [0], toolRan: true, kind: "skipped", by: "schema", why: "the deny hook has type \"Command\"" },
  "dr-cfg-user-settings-disabled-number-1": { ran: [0], toolRan: false, source: "~/.factory/settings.json", kind: "skipped", by: "schema", why: "~/.factory/settings.json hooks.hooksDisabled 1; deny hook in ~/.factory/hooks.json" },
  "dr-cfg-user-settings-disabled-string-false": { ran: [0], toolRan: false, source: "~/.factory/settings.json", kind: "skipped", by: "schema", why: "~/.factory/settings.json hooks.hooksDisabled \"false\"; deny hook in ~/.factory/hooks.json" },
  "dr-cfg-user-settings-disabled-string-same-file": { notRun: [0], toolRan: true, source: "~/.factory/settings.json", kind: "skipped", by: "schema", why: "~/.factory/settings.json hooks.hooksDisabled \"false\" beside the deny hook in the same file" },
  "dr-cfg-user-settings-disabled-string-true": { ran: [0], toolRan: false, source: "~/.factory/settings.json", kind: "skipped", by: "schema", why: "~/.factory/settings.json hooks.hooksDisabled \"true\" (a string); deny hook in ~/.factory/hooks.json" },
  "dr-cfg-user-settings-show-output-string": { notRun: [0], toolRan: true, source: "~/.factory/settings.json", kind: "skipped", by: "schema", why: "~/.factory/settings.json hooks.showHookOutput \"yes\" beside the deny hook in the same file" },
  "dr-vh-cfg-hooks-json-bad-sibling": { ran: [0], toolRan: false, source: "~/.factory/settings.json", kind: "skipped", by: "schema", why: "~/.factory/hooks.json: a PreToolUse deny, and in ~/.factory/settings.json a hooks section whose Stop is a string" },
  "dr-vh-cfg-hooks-json-handler-null-command": { notRun: [0,1], toolRan: true, kind: "skipped", by: "schema", why: "~/.factory/hooks.json: a PreToolUse deny and, in the same file, a Stop handler whose command is null" },
  "dr-vh-cfg-hooks-json-matcher-number": { notRun: [0,1], toolRan: true, kind: "skipped", by: "schema", why: "~/.factory/hooks.json: a PreToolUse deny and, in the same file, a PostToolUse group with matcher 5" },
  "dr-vh-cfg-settings-bad-event-value": { notRun: [0], toolRan: true, source: "~/.factory/settings.json", kind: "skipped", by: "schema", why: "~/.factory/settings.json hooks: Stop is a string, beside a PreToolUse deny in the same hooks section" },
  "dr-vh-cfg-settings-handler-no-command": { notRun: [0], toolRan: true, source: "~/.factory/settings.json", kind: "skipped", by: "schema", why: "~/.factory/settings.json hooks: a Stop handler without command, beside a PreToolUse deny in the same section" },
  "dr-vh-cfg-settings-handler-null-command": { notRun: [0,1], toolRan: true, source: "~/.factory/settings.json", kind: "skipped", by: "schema", why: "~/.factory/settings.json hooks: a PreToolUse deny and a Stop handler whose command is null" },
  "dr-vh-cfg-settings-matcher-number": { notRun: [0], toolRan: true, source: "~/.factory/settings.json", kind: "skipped", by: "schema", why: "~/.factory/settings.json hooks: a PostToolUse group with matcher 5, beside a PreToolUse deny" },
  "dr-vh-cfg-settings-unknown-event": { ran: [0], toolRan: false, source: "~/.factory/settings.json", kind: "dropped", by: "schema", why: "~/.factory/settings.json hooks: an unknown event key NotAnEvent beside a PreToolUse deny" },
};

// ---- Copilot CLI: the observer's `hooks_files` by path (its own files; `.claude/` ones are Claude Code's) ----

function copilotFiles(): RecordedFile[] {
  const out: RecordedFile[] = [];
  const schemaOf = (path: string): string | null => (/\/hooks\/[^/]+\.json$/.test(path) ? "hooks" : /\/(\.copilot|\.github\/copilot)\/settings\.json$/.test(path) ? "settings" : null);
  for (const { path, observation } of observations("copilot-cli")) {
    for (const [file, value] of Object.entries((observation["hooks_files"] ?? {}) as Record<string, Json>)) {
      const schema = schemaOf(file);
      if (schema !== null) out.push({ agent: "copilot-cli", schema, recording: relative(OBSERVER, path), source: file.replace("$TMP/home/", "~/").replace("$TMP/work/", ""), value, observation });
    }
  }
  for (const { path, value } of installedFiles("copilot-cli", ".json")) {
    const schema = schemaOf(path);
    if (schema !== null) out.push({ agent: "copilot-cli", schema, recording: relative(OBSERVER, path), source: "installed", value, observation: null });
  }
  return out;
}

/** Copilot CLI 1.0.102's recorded refusals in its own files (test/observer/copilot-cli/observed/). */
const COPILOT_CLI_REFUSALS: Readonly<Record<string, Refusal>> = {
  "cp-cfg-other-event-bad": { ran: [0], notRun: [1], toolRan: false, kind: "dropped", by: "schema", why: 'a postToolUse entry with timeoutSec "5" is skipped; the deny in the file runs' },
  "cp-cfg-sibling-matcher-number": { ran: [0], notRun: [1], toolRan: false, kind: "dropped", by: "schema", why: "a second entry with matcher 5 is skipped" },
  "cp-cfg-sibling-timeout-string": { ran: [0], notRun: [1], toolRan: false, kind: "dropped", by: "schema", why: 'a second entry with timeoutSec "5" is skipped' },
  "cp-cfg-sibling-type-uppercase": { ran: [0], notRun: [1], toolRan: false, kind: "dropped", by: "schema", why: 'a second entry with type "Command" is skipped' },
  "cp-cfg-timeout-string": { notRun: [0], toolRan: true, kind: "dropped", by: "schema", why: 'the deny entry with timeoutSec "10" is skipped' },
  "cp-cfg-timeout-zero": { notRun: [0], toolRan: true, kind: "dropped", by: "schema", why: "the deny entry with timeoutSec 0 is skipped" },
  "cp-cfg-type-uppercase": { notRun: [0], toolRan: true, kind: "dropped", by: "schema", why: 'the deny entry with type "Command" is skipped' },
  "cp-cfg-user-settings-bad-field": { source: "~/.copilot/settings.json", notRun: [0], toolRan: true, kind: "skipped", by: "schema", why: 'settings.json with "model": 5 is ignored whole, the deny in it too' },
  "cp-cfg-user-settings-disable-all-string": { source: "~/.copilot/settings.json", notRun: [0], toolRan: true, kind: "skipped", by: "schema", why: 'settings.json with disableAllHooks "true" is ignored whole' },
  "cp-cfg-version-2": { notRun: [0], toolRan: true, kind: "skipped", by: "schema", why: '"version": 2: Invalid hook config version, no hook of the file runs' },
  "cp-cfg-version-null": { notRun: [0], toolRan: true, kind: "skipped", by: "schema", why: '"version": null: no hook of the file runs' },
  "cp-cfg-version-string": { notRun: [0], toolRan: true, kind: "skipped", by: "schema", why: '"version": "1": no hook of the file runs' },
};

/** Every agent's recorded configuration files and refusals, by agent name. */
const RECORDED: Readonly<Record<string, { files: () => RecordedFile[]; refusals: Readonly<Record<string, Refusal>>; lintKind: (file: RecordedFile) => string; defaultSource: string }>> = {
  "claude-code": { files: claudeCodeFiles, refusals: CLAUDE_CODE_REFUSALS, lintKind: () => "settings", defaultSource: "flag" },
  "qwen-code": { files: () => layeredFiles("qwen-code", ["user", "project", "system"], "/.qwen/settings.json"), refusals: QWEN_CODE_REFUSALS, lintKind: () => "settings", defaultSource: "user" },
  "gemini-cli": { files: () => layeredFiles("gemini-cli", ["user", "project"], "/.gemini/settings.json"), refusals: GEMINI_CLI_REFUSALS, lintKind: () => "settings", defaultSource: "user" },
  "codex": { files: () => layeredFiles("codex", ["user", "project"], "/.codex/hooks.json", "hooks_files", "hooks"), refusals: CODEX_REFUSALS, lintKind: (file) => (file.source === "project" ? "project-json" : "user-json"), defaultSource: "user" },
  "copilot-cli": { files: copilotFiles, refusals: COPILOT_CLI_REFUSALS, lintKind: () => "own", defaultSource: "~/.copilot/hooks/a.json" },
  "droid": { files: droidFiles, refusals: DROID_REFUSALS, lintKind: (file) => file.schema, defaultSource: "~/.factory/hooks.json" },
};

// ---- the checks ---------------------------------------------------------------

const GENERATED = join(ROOT, "generated/settings");

interface Loaded {
  readonly agent: string;
  readonly file: string;
  readonly schema: Record<string, unknown>;
}

async function loadedSchemas(): Promise<Loaded[]> {
  const out: Loaded[] = [];
  for (const agent of AGENTS) for (const entry of (await agent.settingsSchemas?.()) ?? []) {
    const path = join(GENERATED, agent.name, `${entry.file}.schema.json`);
    assert.ok(existsSync(path), `${relative(ROOT, path)} is missing: run npm run gen`);
    out.push({ agent: agent.name, file: entry.file, schema: read(path) as Record<string, unknown> });
  }
  return out;
}

test("every agent's schema is self-contained draft-07 with its stable $id", async () => {
  const schemas = await loadedSchemas();
  assert.ok(schemas.length > 0);
  for (const { agent, file, schema } of schemas) {
    assert.equal(schema["$schema"], "http://json-schema.org/draft-07/schema#");
    assert.equal(schema["$id"], `${SETTINGS_SCHEMA_BASE}${agent}/${file}.schema.json`);
    const refs = JSON.stringify(schema).match(/"\$ref":"[^"]*"/g) ?? [];
    for (const ref of refs) assert.match(ref, /"\$ref":"#\/definitions\/[^"/]+"/, `${agent}/${file}: ${ref} is not a local definition`);
    assert.doesNotMatch(JSON.stringify(schema), /"(tsType|discriminator|x-[a-z-]+)":/, `${agent}/${file}: a keyword only this package's generators read`);
    // strict: Ajv refuses unknown keywords and formats, so any draft-07 validator reads the file the same way
    new Ajv({ strict: true, strictTypes: false, strictRequired: false, allErrors: true }).compile(schema);
  }
});

test("every recorded configuration file validates, every recorded refusal is refused (schema or lint)", async () => {
  const schemas = await loadedSchemas();
  const linters = await loadLinters();
  const figures: string[] = [];
  for (const [agent, recorded] of Object.entries(RECORDED)) {
    const files = recorded.files();
    const linter = linters.find((l) => l.agent === agent)!;
    const validators = new Map(schemas.filter((s) => s.agent === agent).map((s) => [s.file, new Ajv({ strict: false, allErrors: true }).compile(s.schema)] as const));
    const used = new Set<string>();
    let accepted = 0;
    let bySchema = 0;
    let byLint = 0;
    const kinds = { skipped: 0, dropped: 0, misread: 0 };
    for (const file of files) {
      const validate = validators.get(file.schema);
      assert.ok(validate !== undefined, `${agent}: no schema "${file.schema}" for ${file.recording}`);
      const name = file.observation?.name ?? "";
      const listed = recorded.refusals[name];
      const refusal = listed !== undefined && (listed.source ?? recorded.defaultSource) === file.source ? listed : undefined;
      const valid = validate(file.value) as boolean;
      const where = `${file.recording} (${file.source})`;
      if (refusal === undefined) {
        assert.ok(valid, `${where}: the agent used this file as written, the schema refuses it: ${JSON.stringify(validate.errors?.slice(0, 3))}`);
        accepted++;
        continue;
      }
      used.add(name);
      kinds[refusal.kind ?? "skipped"]++;
      // the recording shows the refusal
      const outcome = file.observation?.outcome ?? {};
      const invocations = outcome.hook_invocations ?? ((file.observation?.["hooks"] ?? []) as { invocations?: number }[]).map((h) => h.invocations ?? 0);
      for (const k of refusal.notRun ?? []) assert.equal(invocations[k], 0, `${where}: h${k} ran; not a refusal`);
      for (const k of refusal.ran ?? []) assert.ok((invocations[k] ?? 0) > 0, `${where}: h${k} did not run`);
      if (refusal.toolRan !== undefined) assert.equal(outcome.tool_ran, refusal.toolRan, `${where}: tool_ran`);
      if (refusal.by === "schema") {
        assert.ok(!valid, `${where}: ${refusal.why}; the schema accepts it`);
        bySchema++;
      } else {
        assert.ok(valid, `${where}: said by lint, but the schema refuses it too: mark it "schema"`);
        const findings = linter.lint({ path: file.recording, kind: recorded.lintKind(file) }, contextFor(linter, linters, JSON.stringify(file.value, null, 2)));
        assert.ok(findings.some((f) => f.severity === "error"), `${where}: ${refusal.why}; lint finds no error`);
        byLint++;
      }
    }
    for (const name of Object.keys(recorded.refusals)) assert.ok(used.has(name), `${agent}: refusal ${name} names no recorded file`);
    figures.push(`${agent}: ${files.length} recorded files, ${accepted} accepted and valid, ${bySchema + byLint} refusals (${bySchema} by the schema, ${byLint} by lint; ${kinds.skipped} skipped, ${kinds.dropped} dropped, ${kinds.misread} misread)`);
  }
  console.log(figures.join("\n"));
});

test("Claude Code's schema has exactly the events its settings loader lists, and accepts once, onFailure and every event", async () => {
  const schema = (await loadedSchemas()).find((s) => s.agent === "claude-code" && s.file === "settings")!.schema;
  // 2.1.332's own list, in the debug log of a file with an unknown event
  const line = readFileSync(join(OBSERVER, "claude-code/runner/observed/cfg-flag-hooks-unknown-event.json"), "utf8").match(/Valid events: ([A-Za-z, ]+)/);
  assert.ok(line !== null, 'no "Valid events:" line in the recording');
  const recorded = line[1]!.split(", ").map((e) => e.trim());
  const hooks = (schema["properties"] as Record<string, { properties: Record<string, unknown> }>)["hooks"]!;
  assert.deepEqual(Object.keys(hooks.properties).sort(), [...recorded].sort());
  assert.equal(recorded.length, 34);
  const validate = new Ajv({ strict: false, allErrors: true }).compile(schema);
  const handler = { type: "command", command: "true", timeout: 5, once: true, onFailure: "block", statusMessage: "checking", aKeyOfALaterVersion: 1 };
  const everyEvent = { hooks: Object.fromEntries(recorded.map((event) => [event, [{ matcher: "*", hooks: [handler] }]])) };
  assert.ok(validate(everyEvent), JSON.stringify(validate.errors?.slice(0, 3)));
  // refused: what the recordings show Claude Code refuses in these keys
  assert.ok(!validate({ hooks: { PreToolUse: [{ hooks: [{ ...handler, once: "true" }] }] } }), "once of the wrong type (cfg-flag-once-string)");
  assert.ok(!validate({ hooks: { Stop: [{ hooks: [{ type: "command", command: "true", if: "Bash(rm *)" }] }] } }), "if on a non-tool event (if-event-stop)");
  assert.ok(validate({ hooks: { Stop: [{ hooks: [{ type: "command", command: "true", if: "" }] }] } }), 'if "" on a non-tool event runs (if-event-stop-empty-rule)');
});
