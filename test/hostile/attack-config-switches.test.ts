// Attack pass on the configuration readers (issue 16: never claim a deny the agent does not apply,
// never lose one it does): switches and fields of odd types next to a deny hook, in every agent's
// configuration. Each attempt asserts whether the runner's reader keeps the deny hook, as the
// recorded rule says (test/observer/<agent>/observed/*cfg-*.json, docs/spec/<agent>-observed.md
// "Configuration switches"), and that dropping it is reported as an error value. The attempts
// are variants of each recorded rule (more values per class than were recorded).
import { test } from "node:test";
import assert from "node:assert/strict";
import { join } from "node:path";
import { attackSandbox, write, type Box } from "../lib/attack-box.js";
import { parseHookSettingsValue } from "../../src/claude-code/runner/load-settings.js";
import { loadCodexConfiguration } from "../../src/codex/runner.js";
import { loadGeminiHooks, selectHooks } from "../../src/gemini-cli/runner.js";
import { selectDroidHooks } from "../../src/droid/config.js";
import { configFiles, configuredHooks } from "../../src/copilot-cli/config.js";
import { resolveEvent } from "../../src/copilot-cli/events.js";
import type { ProtocolError } from "../../src/core/errors.js";

const { box } = attackSandbox("attack-cfg-");
const DENY = "deny.sh";
const deny = { type: "command", command: DENY };

// ---------------------------------------------------------------- Claude Code

/** The deny hook in a settings file with `extra` beside it: does Claude Code keep the file? */
function claudeKeeps(extra: Record<string, unknown>): boolean {
  const parsed = parseHookSettingsValue({ hooks: { PreToolUse: [{ matcher: "Bash", hooks: [deny] }] }, ...extra }, { file: "s.json", kind: "project" });
  const skipped = parsed.problems.find((p) => p.code === "file-skipped");
  const kept = parsed.hooks.some((h) => h.handler.type === "command" && h.handler.command === DENY);
  // a file dropped is always said, by an error that names the lost deny
  assert.equal(kept, skipped === undefined);
  if (skipped !== undefined) assert.ok(skipped.severity === "error" && skipped.message.includes(`PreToolUse "${DENY}"`), skipped.message);
  return kept;
}

// cfg-flag-disable-all-*: every non-boolean disableAllHooks skips the file
for (const value of ["false", "true", "", "0", "no", "FALSE", 0, 1, -1, 0.5, null, [], [true], {}, { enabled: false }]) {
  test(`Claude Code: disableAllHooks ${JSON.stringify(value)} skips the whole file, the deny with it`, () => {
    assert.equal(claudeKeeps({ disableAllHooks: value }), false);
  });
}
test("Claude Code: disableAllHooks true in a skipped file turns nothing off", () => {
  assert.equal(parseHookSettingsValue({ disableAllHooks: true, permissions: 5 }, { file: "s.json", kind: "project" }).disableAllHooks, false);
});
// cfg-flag-permissions-*, -model-number, -env-string, -cleanup-days-string, -include-co-authored-string, -status-line-number, -schema-number
for (const [key, value] of [["permissions", 5], ["permissions", "allow"], ["permissions", []], ["permissions", null], ["model", 5], ["model", false], ["model", {}], ["env", "x"], ["env", []], ["cleanupPeriodDays", "30"], ["includeCoAuthoredBy", "yes"], ["includeCoAuthoredBy", 1], ["statusLine", 5], ["$schema", 5], ["apiKeyHelper", []], ["enabledMcpjsonServers", "a"], ["enabledMcpjsonServers", [1]]] as const) {
  test(`Claude Code: ${key} ${JSON.stringify(value)} skips the whole file`, () => {
    assert.equal(claudeKeeps({ [key]: value }), false);
  });
}
for (const [key, value] of [["allow", "Bash"], ["deny", 5], ["ask", [1]], ["additionalDirectories", "x"], ["defaultMode", 3]] as const) {
  test(`Claude Code: permissions.${key} ${JSON.stringify(value)} skips the whole file`, () => {
    assert.equal(claudeKeeps({ permissions: { [key]: value } }), false);
  });
}
// cfg-flag-sibling-*, -permission-request-bad: an entry it cannot load on PreToolUse/PermissionRequest takes the file
const badHandlers: Record<string, unknown>[] = [
  { type: "command", command: "b", timeout: "5" }, { type: "command", command: "b", timeout: 0 }, { type: "command", command: "b", timeout: -1 },
  { type: "Command", command: "b" }, { type: "shell", command: "b" }, { command: "b" }, { type: "command", command: "b", async: "false" },
  { type: "command", command: "b", once: "true" }, { type: "command", command: "b", if: 5 }, { type: "command", command: 5 },
];
for (const bad of badHandlers) {
  for (const event of ["PreToolUse", "PermissionRequest"]) {
    test(`Claude Code: a ${event} hook ${JSON.stringify(bad)} beside the deny skips the whole file`, () => {
      const hooks = event === "PreToolUse" ? { PreToolUse: [{ matcher: "Bash", hooks: [deny, bad] }] } : { PreToolUse: [{ matcher: "Bash", hooks: [deny] }], PermissionRequest: [{ hooks: [bad] }] };
      assert.equal(claudeKeeps({ hooks }), false);
    });
  }
  // cfg-flag-other-event-bad, cfg-flag-stop-bad-type: elsewhere only the entry
  test(`Claude Code: a PostToolUse hook ${JSON.stringify(bad)} loses only itself`, () => {
    assert.equal(claudeKeeps({ hooks: { PreToolUse: [{ matcher: "Bash", hooks: [deny] }], PostToolUse: [{ hooks: [bad] }] } }), true);
  });
}
test("Claude Code: a PreToolUse group with matcher 5 beside the deny skips the whole file", () => {
  assert.equal(claudeKeeps({ hooks: { PreToolUse: [{ matcher: "Bash", hooks: [deny] }, { matcher: 5, hooks: [deny] }] } }), false);
});
// cfg-flag-unknown-key, -permissions-unknown-key, -sibling-unknown-key, -hooks-unknown-event, -sibling-command-empty
for (const [label, extra] of [
  ["an unknown top-level key", { notASetting: 5 }], ["an unknown permissions key", { permissions: { nope: 1 } }], ["a __proto__ key", JSON.parse('{"__proto__": 5}')],
  ["an unknown handler key", { hooks: { PreToolUse: [{ matcher: "Bash", hooks: [deny, { type: "command", command: "b", foo: 1 }] }] } }],
  ["an unknown event", { hooks: { PreToolUse: [{ matcher: "Bash", hooks: [deny] }], NotAnEvent: [{ hooks: [5] }] } }],
  ["an empty command", { hooks: { PreToolUse: [{ matcher: "Bash", hooks: [deny, { type: "command", command: "" }] }] } }],
] as const) {
  test(`Claude Code: ${label} beside the deny keeps the file`, () => {
    assert.equal(claudeKeeps(extra as Record<string, unknown>), true);
  });
}

// ---------------------------------------------------------------- Codex CLI

function codexKeeps(b: Box, file: Record<string, unknown>, toml = ""): { kept: boolean; problems: readonly ProtocolError[] } {
  write(join(b.home, ".codex", "hooks.json"), JSON.stringify(file));
  write(join(b.home, ".codex", "config.toml"), toml);
  const config = loadCodexConfiguration(join(b.home, ".codex"), b.project);
  return { kept: config.handlers.some((h) => h.command === DENY), problems: config.problems };
}
const codexFile = (...handlers: unknown[]) => ({ hooks: { PreToolUse: [{ matcher: "Bash", hooks: [deny, ...handlers] }] } });
// cx-cfg-timeout-string, -timeout-negative, -async-string-true, -sibling-*, -other-event-timeout-string, -file-extra-*
for (const [label, file] of [
  ["timeout \"10\" on the deny", { hooks: { PreToolUse: [{ hooks: [{ ...deny, timeout: "10" }] }] } }],
  ["timeout -1 on the deny", { hooks: { PreToolUse: [{ hooks: [{ ...deny, timeout: -1 }] }] } }],
  ["timeout 1.5 on the deny", { hooks: { PreToolUse: [{ hooks: [{ ...deny, timeout: 1.5 }] }] } }],
  ["async \"true\" on the deny", { hooks: { PreToolUse: [{ hooks: [{ ...deny, async: "true" }] }] } }],
  ["a sibling's timeout \"5\"", codexFile({ type: "command", command: "b", timeout: "5" })],
  ["a sibling's type \"Command\"", codexFile({ type: "Command", command: "b" })],
  ["a sibling that is a number", codexFile(7)],
  ["a PostToolUse hook's timeout \"5\"", { hooks: { PreToolUse: [{ hooks: [deny] }], PostToolUse: [{ hooks: [{ type: "command", command: "b", timeout: "5" }] }] } }],
  ["a top-level version", { version: 1, ...codexFile() }],
  ["a top-level disableAllHooks", { disableAllHooks: false, ...codexFile() }],
  ["a matcher 5", { hooks: { PreToolUse: [{ matcher: 5, hooks: [deny] }] } }],
] as const) {
  test(`Codex: ${label} refuses the whole hooks.json`, () => {
    const { kept, problems } = codexKeeps(box(), file as Record<string, unknown>);
    assert.equal(kept, false);
    assert.ok(problems.some((p) => p.code === "config-rejected"), JSON.stringify(problems));
  });
}
for (const [label, file] of [["timeout 0", { hooks: { PreToolUse: [{ hooks: [{ ...deny, timeout: 0 }] }] } }], ["an unknown handler key", codexFile({ type: "command", command: "b", foo: 1 })], ["an unknown event", { hooks: { ...codexFile().hooks, NotAnEvent: [] } }], ["a description", { description: "x", ...codexFile() }]] as const) {
  test(`Codex: ${label} keeps the deny`, () => {
    assert.equal(codexKeeps(box(), file as Record<string, unknown>).kept, true);
  });
}
test("Codex: [features] hooks = false runs no hook (cx-cfg-features-hooks-false)", () => {
  const { kept, problems } = codexKeeps(box(), codexFile(), "[features]\nhooks = false\n");
  assert.equal(kept, false);
  assert.ok(problems.some((p) => p.code === "hooks-disabled"));
});

// ---------------------------------------------------------------- Gemini CLI

function geminiRuns(user: Record<string, unknown>, project?: Record<string, unknown>): boolean {
  const hooks = { BeforeTool: [{ hooks: [{ ...deny, name: "blocker" }] }] };
  const config = loadGeminiHooks([
    { source: "user", file: "u.json", text: JSON.stringify({ ...user, hooks }) },
    { source: "project", file: "p.json", text: project === undefined ? null : JSON.stringify(project) },
  ]);
  return selectHooks(config, "BeforeTool", { tool_name: "run_shell_command" }).some((h) => !h.firesAtOnce);
}
// gp-cfg-enabled-*: "false" (any case), "" and 0 off; everything else on
for (const [value, on] of [["false", false], ["False", false], ["FALSE", false], ["", false], [0, false], [-0, false], [false, false], [null, true], ["true", true], ["no", true], ["0", true], ["off", true], [1, true], [[], true], [{}, true]] as const) {
  test(`Gemini CLI: hooksConfig.enabled ${JSON.stringify(value)} ${on ? "keeps" : "turns off"} the deny`, () => {
    assert.equal(geminiRuns({ hooksConfig: { enabled: value } }), on);
  });
}
// gp-cfg-project-enabled-*: the workspace's value stands, null included
for (const [user, project, on] of [[true, false, false], [true, "false", false], [false, true, true], [false, "true", true], [false, null, true], [false, "", false]] as const) {
  test(`Gemini CLI: workspace enabled ${JSON.stringify(project)} over user ${JSON.stringify(user)} ${on ? "keeps" : "turns off"} the deny`, () => {
    assert.equal(geminiRuns({ hooksConfig: { enabled: user } }, { hooksConfig: { enabled: project } }), on);
  });
}
// gp-cfg-disabled-*: a lone string is a list of one
for (const [value, on] of [["blocker", false], [["blocker"], false], ["xblockerx", true], ["other,blocker", true], [{ blocker: true }, true], [5, true]] as const) {
  test(`Gemini CLI: hooksConfig.disabled ${JSON.stringify(value)} ${on ? "keeps" : "turns off"} the deny`, () => {
    assert.equal(geminiRuns({ hooksConfig: { disabled: value } }), on);
  });
}
// gp-cfg-timeout-*: a timer that fires at once loses the deny, as a timeout
for (const [value, lost] of [[0, true], [-1, true], [-0.5, true], [0.5, true], ["abc", true], ["", true], [true, true], [[], true], ["5000", false], [null, false], [5000, false]] as const) {
  test(`Gemini CLI: timeout ${JSON.stringify(value)} ${lost ? "times the deny out at once" : "keeps the deny"}`, () => {
    const config = loadGeminiHooks([{ source: "user", file: "u.json", text: JSON.stringify({ hooks: { BeforeTool: [{ hooks: [{ ...deny, timeout: value }] }] } }) }]);
    assert.equal(config.hooks[0]?.firesAtOnce, lost);
    if (lost) assert.ok(config.problems.some((p) => /fires after 1 ms/.test(p.message)));
  });
}

// ---------------------------------------------------------------- droid

function droidKeeps(b: Box, files: Record<string, unknown>): { kept: boolean; problems: readonly ProtocolError[] } {
  for (const [path, content] of Object.entries(files)) write(join(b.root, path), JSON.stringify(content));
  const selection = selectDroidHooks("PreToolUse", "Execute", "ls", b.project, b.home);
  return { kept: selection.handlers.some((h) => h.command === DENY), problems: selection.problems };
}
const droidMap = (...handlers: unknown[]) => ({ PreToolUse: [{ matcher: "Execute", hooks: [deny, ...handlers] }] });
for (const [label, files, kept] of [
  ["user settings hooksDisabled true", { "home/.factory/settings.json": { hooks: { hooksDisabled: true } }, "home/.factory/hooks.json": droidMap() }, false],
  ["project settings hooksDisabled true", { "work/.factory/settings.json": { hooks: { hooksDisabled: true } }, "home/.factory/hooks.json": droidMap() }, false],
  ["a project hooks.json hooksDisabled true", { "work/.factory/hooks.json": { hooksDisabled: true, ...droidMap() } }, false],
  ["project false over user true", { "work/.factory/settings.json": { hooks: { hooksDisabled: false } }, "home/.factory/settings.json": { hooks: { hooksDisabled: true } }, "home/.factory/hooks.json": droidMap() }, true],
  ["hooksDisabled \"true\" in another file", { "home/.factory/settings.json": { hooks: { hooksDisabled: "true" } }, "home/.factory/hooks.json": droidMap() }, true],
  ["hooksDisabled \"false\" beside the deny", { "home/.factory/settings.json": { hooks: { hooksDisabled: "false", ...droidMap() } } }, false],
  ["hooksDisabled 0 beside the deny", { "home/.factory/hooks.json": { hooksDisabled: 0, ...droidMap() } }, false],
  ["showHookOutput \"yes\" beside the deny", { "home/.factory/settings.json": { hooks: { showHookOutput: "yes", ...droidMap() } } }, false],
  ["timeout \"10\" on the deny", { "home/.factory/hooks.json": { PreToolUse: [{ hooks: [{ ...deny, timeout: "10" }] }] } }, false],
  ["a sibling's timeout \"5\"", { "home/.factory/hooks.json": droidMap({ type: "command", command: "b", timeout: "5" }) }, false],
  ["a sibling's type \"Command\"", { "home/.factory/hooks.json": droidMap({ type: "Command", command: "b" }) }, false],
  ["a PostToolUse hook's type \"Command\"", { "home/.factory/hooks.json": { ...droidMap(), PostToolUse: [{ hooks: [{ type: "Command", command: "b" }] }] } }, false],
] as const) {
  test(`droid: ${label} ${kept ? "keeps" : "loses"} the deny`, () => {
    const result = droidKeeps(box(), files as Record<string, unknown>);
    assert.equal(result.kept, kept);
    if (!kept) assert.ok(result.problems.some((p) => p.code === "hooks-rejected" || p.code === "hooks-disabled"), JSON.stringify(result.problems));
  });
}

// ---------------------------------------------------------------- Copilot CLI

function copilotKeeps(b: Box, path: string, content: Record<string, unknown>): { kept: boolean; problems: ProtocolError[] } {
  write(join(b.root, path), JSON.stringify(content));
  const problems: ProtocolError[] = [];
  const hooks = configuredHooks(configFiles(b.project, join(b.home, ".copilot"), true), resolveEvent("preToolUse")!, problems);
  return { kept: hooks.some((h) => h.command === DENY), problems };
}
const flat = (extra: Record<string, unknown> = {}) => ({ type: "command", bash: DENY, ...extra });
for (const [label, path, content, kept] of [
  ["version \"1\"", "home/.copilot/hooks/a.json", { version: "1", hooks: { preToolUse: [flat()] } }, false],
  ["version 2", "home/.copilot/hooks/a.json", { version: 2, hooks: { preToolUse: [flat()] } }, false],
  ["version null", "home/.copilot/hooks/a.json", { version: null, hooks: { preToolUse: [flat()] } }, false],
  ["version 1", "home/.copilot/hooks/a.json", { version: 1, hooks: { preToolUse: [flat()] } }, true],
  ["disableAllHooks true in a hooks file", "work/.github/hooks/a.json", { version: 1, disableAllHooks: true, hooks: { preToolUse: [flat()] } }, false],
  ["disableAllHooks \"false\" in .claude/settings.json", "work/.claude/settings.json", { disableAllHooks: "false", hooks: { PreToolUse: [{ hooks: [{ type: "command", command: DENY }] }] } }, false],
  ["permissions 5 in .claude/settings.json", "work/.claude/settings.json", { permissions: 5, hooks: { PreToolUse: [{ hooks: [{ type: "command", command: DENY }] }] } }, true],
  ["model 5 in settings.json", "home/.copilot/settings.json", { model: 5, hooks: { preToolUse: [flat()] } }, false],
  ["timeoutSec \"10\"", "home/.copilot/hooks/a.json", { hooks: { preToolUse: [flat({ timeoutSec: "10" })] } }, false],
  ["timeoutSec 0", "home/.copilot/hooks/a.json", { hooks: { preToolUse: [flat({ timeoutSec: 0 })] } }, false],
  ["timeoutSec -3", "home/.copilot/hooks/a.json", { hooks: { preToolUse: [flat({ timeoutSec: -3 })] } }, false],
  ["a nested timeout \"10\"", "home/.copilot/hooks/a.json", { hooks: { preToolUse: [{ hooks: [{ type: "command", command: DENY, timeout: "10" }] }] } }, false],
  ["matcher 5", "home/.copilot/hooks/a.json", { hooks: { preToolUse: [flat({ matcher: 5 })] } }, false],
  ["a sibling's timeoutSec \"5\"", "home/.copilot/hooks/a.json", { hooks: { preToolUse: [flat(), { type: "command", bash: "b", timeoutSec: "5" }] } }, true],
] as const) {
  test(`Copilot CLI: ${label} ${kept ? "keeps" : "loses"} the deny`, () => {
    const result = copilotKeeps(box(), path, content as Record<string, unknown>);
    assert.equal(result.kept, kept);
    if (!kept) assert.ok(result.problems.length > 0);
  });
}
