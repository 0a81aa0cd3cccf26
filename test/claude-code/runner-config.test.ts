// Hook configuration as Claude Code reads it: matchers, events without
// matchers, `if` rules, dedupe across sources, problems reported as error
// values (code, JSON Pointer, message, line:column, file), disableAllHooks,
// plugin hooks.json.
import { test } from "node:test";
import assert from "node:assert/strict";
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { readFileSync, readdirSync } from "node:fs";
import { loadHookConfiguration, parseHookSettingsValue, problemLocation, type SettingsSource } from "../../src/claude-code/runner/load-settings.js";
import type { ConfigProblem } from "../../src/claude-code/runner/types.js";
import { compileMatcher, matcherMatches } from "../../src/claude-code/runner/matcher.js";
import { selectHooks } from "../../src/claude-code/runner/select-hooks.js";
import { evaluateIfRule } from "../../src/claude-code/runner/if-rule.js";

const source = (kind: SettingsSource["kind"], value: unknown, file = `${kind}.json`): SettingsSource => ({
  kind,
  file,
  text: typeof value === "string" ? value : JSON.stringify(value, null, 2),
});

test("matchers: case-sensitive exact names and lists, unanchored regexes, match-all forms (observed 2.1.332)", () => {
  const table: Array<[string | null, string, boolean]> = [
    [null, "Bash", true], ["", "Bash", true], ["*", "Bash", true],
    ["Bash", "Bash", true], ["bash", "Bash", false], ["BASH", "Bash", false],
    ["Bas", "Bash", false], ["ash", "Bash", false],
    ["as.*", "Bash", true], ["^B", "Bash", true], ["^Bash$", "Bash", true],
    ["Edit.*", "NotebookEdit", true], ["Edit|Write", "Write", true], ["Edit|Write", "Read", false],
    ["Read, Write", "Write", true], ["Read,Write", "Read", true], ["Read, Write", "Edit", false],
    ["mcp__memory__create", "mcp__memory__create", true], ["mcp__memory__create", "mcp__memory__create_x", false],
    ["mcp__memory__.*", "mcp__memory__delete", true], ["mcp__.*__write", "mcp__fs__write", true],
    ["general-purpose", "general-purpose", true],
  ];
  for (const [matcher, query, expected] of table) {
    assert.equal(matcherMatches(compileMatcher(matcher), query), expected, `${JSON.stringify(matcher)} vs ${query}`);
  }
  // FileChanged / StopFailure: `-` is not a name character there, so this is a regex.
  assert.deepEqual(compileMatcher("a-b", true).kind, "regex");
  assert.equal(compileMatcher("(", false).kind, "invalid");
});

test("an invalid matcher is reported with file, pointer and line:column and never matches", () => {
  const configuration = loadHookConfiguration({
    settings: [source("project", { hooks: { PreToolUse: [{ matcher: "(Bash", hooks: [{ type: "command", command: "true" }] }] } })],
  });
  const [problem] = configuration.problems;
  assert.equal(problem?.code, "invalid-matcher");
  assert.equal(problem?.path, "/hooks/PreToolUse/0/matcher");
  assert.equal(problem?.file, "project.json");
  assert.deepEqual(problem?.position, { line: 5, column: 9 });
  assert.equal(problemLocation(problem!), "project.json:5:9");
  assert.deepEqual(selectHooks(configuration, "PreToolUse", { tool_name: "Bash" }), []);
});

test("events without a matcher run every group and warn about a configured matcher", () => {
  const configuration = loadHookConfiguration({
    settings: [source("user", { hooks: { Stop: [{ matcher: "Foo", hooks: [{ type: "command", command: "true" }] }] } })],
  });
  assert.equal(configuration.problems[0]?.code, "matcher-ignored");
  assert.equal(configuration.problems[0]?.severity, "warning");
  assert.equal(selectHooks(configuration, "Stop", { stop_hook_active: false }).length, 1);
});

test("match fields per event: SessionStart source, Notification type, FileChanged basename", () => {
  const configuration = loadHookConfiguration({
    settings: [source("user", {
      hooks: {
        SessionStart: [{ matcher: "compact", hooks: [{ type: "command", command: "a" }] }],
        Notification: [{ matcher: "idle_prompt", hooks: [{ type: "command", command: "b" }] }],
        FileChanged: [{ matcher: ".envrc|package.json", hooks: [{ type: "command", command: "c" }] }],
      },
    })],
  });
  assert.equal(selectHooks(configuration, "SessionStart", { source: "startup" }).length, 0);
  assert.equal(selectHooks(configuration, "SessionStart", { source: "compact" }).length, 1);
  assert.equal(selectHooks(configuration, "Notification", { notification_type: "idle_prompt" }).length, 1);
  assert.equal(selectHooks(configuration, "FileChanged", { file_path: "/p/package.json" }).length, 1);
  assert.equal(selectHooks(configuration, "FileChanged", { file_path: "/p/other.json" }).length, 0);
});

test("dedupe: same handler across settings files runs once; other args run again; plugin copies stay separate", () => {
  const dir = mkdtempSync(join(tmpdir(), "dedupe-"));
  const plugin = (name: string): { name: string; root: string } => {
    const root = join(dir, name);
    mkdirSync(join(root, "hooks"), { recursive: true });
    writeFileSync(join(root, "hooks", "hooks.json"), JSON.stringify({
      description: "x",
      hooks: { PreToolUse: [{ matcher: "Bash", hooks: [{ type: "command", command: "check.sh" }] }] },
    }));
    return { name, root };
  };
  const group = (hooks: unknown[], matcher = "Bash"): unknown => ({ hooks: { PreToolUse: [{ matcher, hooks }] } });
  const configuration = loadHookConfiguration({
    settings: [
      source("user", group([{ type: "command", command: "check.sh" }])),
      source("project", group([{ type: "command", command: "check.sh", timeout: 5 }], "*")),
      source("local", group([{ type: "command", command: "check.sh", args: ["--strict"] }, { type: "command", command: "check.sh", args: ["--loose"] }])),
      source("flag", group([{ type: "command", command: "check.sh", args: ["--strict"] }])),
    ],
    plugins: [plugin("one"), plugin("two")],
  });
  const selected = selectHooks(configuration, "PreToolUse", { tool_name: "Bash" });
  const runs = selected.filter((s) => s.skip === null).map((s) => `${s.hook.source}:${JSON.stringify(s.hook.handler)}`);
  assert.equal(runs.length, 5, runs.join("\n"));
  const skipped = selected.filter((s) => s.skip !== null);
  assert.equal(skipped.length, 2);
  assert.ok(skipped.every((s) => /duplicate of the same handler in (user|local)\.json/.test(s.skip!)));
  assert.deepEqual(selected.filter((s) => s.skip === null && s.hook.plugin !== null).map((s) => s.hook.plugin), ["one", "two"]);
});

test("if rules: evaluated on tool events; a hook with if never runs on other events", () => {
  assert.equal(evaluateIfRule("Bash(echo *)", "Bash", { command: "echo hi" }).runs, true);
  assert.equal(evaluateIfRule("Bash(git *)", "Bash", { command: "echo hi" }).runs, false);
  assert.equal(evaluateIfRule("Bash(git *)", "Bash", { command: "cd x && git push" }).runs, true);
  assert.equal(evaluateIfRule("Bash(npm run:*)", "Bash", { command: "npm run test" }).runs, true);
  // path rules are read from the project root (Claude Code: gitignore patterns; test/hostile/runner-if-rules.test.ts replays the recordings)
  assert.equal(evaluateIfRule("Edit(src/**)", "Edit", { file_path: "/repo/src/a/b.ts" }, { projectDir: "/repo" }).runs, true);
  assert.equal(evaluateIfRule("Edit(src/**)", "Edit", { file_path: "/repo/test/b.ts" }, { projectDir: "/repo" }).runs, false);
  assert.equal(evaluateIfRule("Edit(src/**)", "Edit", { file_path: "/repo/lib/src/b.ts" }, { projectDir: "/repo" }).runs, false);
  assert.equal(evaluateIfRule("Read", "Edit", { file_path: "/x" }).runs, false);
  const configuration = loadHookConfiguration({
    settings: [source("flag", {
      hooks: {
        PreToolUse: [{ matcher: "Bash", hooks: [{ type: "command", command: "a", if: "Bash(echo *)" }, { type: "command", command: "b", if: "Bash(git *)" }] }],
        UserPromptSubmit: [{ hooks: [{ type: "command", command: "c", if: "Bash(echo *)" }] }],
      },
    })],
  });
  const pre = selectHooks(configuration, "PreToolUse", { tool_name: "Bash", tool_input: { command: "echo hi" } });
  assert.deepEqual(pre.map((s) => [s.hook.handler.type === "command" ? s.hook.handler.command : "", s.skip === null]), [["a", true], ["b", false]]);
  const ups = selectHooks(configuration, "UserPromptSubmit", { prompt: "x" });
  assert.match(ups[0]?.skip ?? "", /only evaluated on tool events/);
  assert.ok(configuration.problems.some((p) => p.path === "/hooks/UserPromptSubmit/0/hooks/0/if"));
});

test("unknown keys, wrong types, unknown events and bad JSON are reported, never dropped silently", () => {
  const configuration = loadHookConfiguration({
    settings: [
      source("project", {
        hooks: {
          PreToolUse: [{ matcher: "Bash", hooks: [
            { type: "command", command: "a", comand: "typo" },
            { type: "command", command: 5 },
            { type: "command", command: "b", timeout: "10" },
            { type: "shell", command: "c" },
            { type: "http" },
            { type: "command", command: "d", args: "not-an-array" },
          ], extra: true }],
          PreToolUsed: [],
          Stop: {},
        },
      }),
      source("local", "{\n  \"hooks\": {\n    \"Stop\": [,]\n  }\n}"),
      { kind: "flag", file: "/nonexistent/settings.json" },
    ],
  });
  const found = configuration.problems.map((p) => `${p.code} ${p.path} ${p.severity}`);
  // in the order the places appear in each file
  assert.deepEqual(found, [
    // a PreToolUse hook Claude Code cannot load skips the whole file (cfg-flag-sibling-*)
    "file-skipped  error",
    "unknown-key /hooks/PreToolUse/0/hooks/0/comand warning",
    "wrong-type /hooks/PreToolUse/0/hooks/1/command error",
    "wrong-type /hooks/PreToolUse/0/hooks/2/timeout error",
    "invalid-value /hooks/PreToolUse/0/hooks/3/type error",
    "missing-field /hooks/PreToolUse/0/hooks/4/url error",
    "wrong-type /hooks/PreToolUse/0/hooks/5/args error",
    "unknown-key /hooks/PreToolUse/0/extra warning",
    "unknown-event /hooks/PreToolUsed error",
    "wrong-type /hooks/Stop error",
    "invalid-json  error",
    "unreadable-file  error",
  ]);
  const byPath = (path: string): ConfigProblem | undefined => configuration.problems.find((p) => p.path === path);
  assert.equal(byPath("/hooks/PreToolUse/0/hooks/0/comand")?.message,
    'unknown key "comand" in a command hook (Claude Code ignores it silently); known: type, timeout, if, statusMessage, once, onFailure, command, args, shell, async, asyncRewake');
  assert.equal(byPath("/hooks/PreToolUse/0/hooks/1/command")?.message, '"command" must be a non-empty string, found number 5');
  assert.equal(byPath("/hooks/PreToolUse/0/hooks/2/timeout")?.message, '"timeout" must be a positive number of seconds, found string "10"');
  assert.equal(byPath("/hooks/PreToolUse/0/hooks/3/type")?.message, '"type" must be one of command, http, mcp_tool, prompt, agent; found "shell"');
  assert.equal(byPath("/hooks/PreToolUse/0/hooks/4/url")?.message, 'a http hook needs "url" (an http:// or https:// URL)');
  assert.equal(byPath("/hooks/PreToolUsed")?.message, '"PreToolUsed" is not a Claude Code 2.1.332 hook event; its hooks never run');
  assert.equal(byPath("/hooks/Stop")?.message, "the hooks of Stop must be an array of matcher groups, found object");
  const invalidJson = configuration.problems.find((p) => p.code === "invalid-json");
  assert.deepEqual([invalidJson?.file, invalidJson?.position], ["local.json", { line: 3, column: 14 }]);
  const unreadable = configuration.problems.find((p) => p.code === "unreadable-file");
  assert.deepEqual([unreadable?.file, unreadable?.position], ["/nonexistent/settings.json", undefined]);
  // The broken PreToolUse hooks take the whole file with them, the one with only an unknown key too (cfg-flag-sibling-*).
  assert.equal(configuration.hooks.length, 0);
});

test("disableAllHooks in any source turns every hook off, recorded as skipped", () => {
  const configuration = loadHookConfiguration({
    settings: [
      source("user", { hooks: { PreToolUse: [{ hooks: [{ type: "command", command: "a" }] }] } }),
      source("flag", { disableAllHooks: true }),
    ],
  });
  assert.equal(configuration.disabledBy, "flag.json");
  const selected = selectHooks(configuration, "PreToolUse", { tool_name: "Bash" });
  assert.equal(selected.length, 1);
  assert.match(selected[0]?.skip ?? "", /disableAllHooks/);
});

test("__proto__ in a settings file is plain data", () => {
  const configuration = loadHookConfiguration({
    settings: [source("flag", '{"hooks":{"__proto__":[{"hooks":[{"type":"command","command":"x"}]}]}}')],
  });
  assert.equal(configuration.problems[0]?.code, "unknown-event");
  assert.equal(({} as Record<string, unknown>)["hooks"], undefined);
});

test("one bad value takes out its hook only on events that guard no permissions: a wrong args element, a blank command, a non-object hook, a bad group", () => {
  // Claude Code ignores only the entry on PostToolUse and Stop (cfg-flag-other-event-bad, cfg-flag-stop-bad-type)
  const parsed = parseHookSettingsValue({
    hooks: {
      PostToolUse: [
        { matcher: "Bash", hooks: [
          { type: "command", command: "ok" },
          { type: "command", command: "x", args: ["a", 1, 2] },
          { type: "command", command: "   " },
          5,
          { type: "http", url: "ftp://x" },
          { type: "http", url: "https://x", headers: { A: 1 } },
        ] },
        { matcher: 5, hooks: [{ type: "command", command: "never" }] },
        { matcher: "Bash" },
        7,
      ],
    },
  }, { file: "f.json", kind: "flag" });
  assert.deepEqual(parsed.hooks.map((h) => [h.path, h.handler.type === "command" ? h.handler.command : ""]), [["/hooks/PostToolUse/0/hooks/0", "ok"]]);
  assert.deepEqual(parsed.problems.map((p) => `${p.code} ${p.path}: ${p.message}`), [
    'wrong-type /hooks/PostToolUse/0/hooks/1/args: "args" must be an array of strings, found array ["a",1,2]',
    'wrong-type /hooks/PostToolUse/0/hooks/2/command: "command" must be a non-empty string, found string "   "',
    "wrong-type /hooks/PostToolUse/0/hooks/3: a hook must be an object, found number",
    'wrong-type /hooks/PostToolUse/0/hooks/4/url: "url" must be an http:// or https:// URL, found string "ftp://x"',
    'wrong-type /hooks/PostToolUse/0/hooks/5/headers: "headers" must be an object of string values, found object {"A":1}',
    'wrong-type /hooks/PostToolUse/1/matcher: "matcher" must be a string, found number; the group never matches',
    'missing-field /hooks/PostToolUse/2/hooks: a matcher group needs "hooks": an array of hooks, found nothing',
    'wrong-type /hooks/PostToolUse/3: a matcher group must be an object {"matcher", "hooks"}, found number',
  ]);
  // a value given already parsed has no text positions
  assert.ok(parsed.problems.every((p) => p.position === undefined && p.file === "f.json"));
  assert.equal(parsed.disableAllHooks, false);
});

test("a wrong-typed setting, or a PreToolUse/PermissionRequest entry Claude Code cannot load, skips the whole file (cfg-*)", () => {
  const deny = { type: "command", command: "deny.sh" };
  const cases: [string, Record<string, unknown>][] = [
    ["disableAllHooks \"false\"", { disableAllHooks: "false" }],
    ["disableAllHooks null", { disableAllHooks: null }],
    ["disableAllHooks 0", { disableAllHooks: 0 }],
    ["permissions 5", { permissions: 5 }],
    ["permissions.allow a string", { permissions: { allow: "Bash" } }],
    ["model 5", { model: 5 }],
    ["env a string", { env: "x" }],
    ["cleanupPeriodDays a string", { cleanupPeriodDays: "30" }],
    ["a sibling timeout \"5\"", { hooks: { PreToolUse: [{ matcher: "Bash", hooks: [deny, { type: "command", command: "b", timeout: "5" }] }] } }],
    ["a sibling timeout 0", { hooks: { PreToolUse: [{ matcher: "Bash", hooks: [deny, { type: "command", command: "b", timeout: 0 }] }] } }],
    ["a sibling group's matcher 5", { hooks: { PreToolUse: [{ matcher: "Bash", hooks: [deny] }, { matcher: 5, hooks: [deny] }] } }],
    ["a bad PermissionRequest hook", { hooks: { PreToolUse: [{ matcher: "Bash", hooks: [deny] }], PermissionRequest: [{ hooks: [{ type: "Command", command: "p" }] }] } }],
  ];
  for (const [label, settings] of cases) {
    const value = { hooks: { PreToolUse: [{ matcher: "Bash", hooks: [deny] }] }, ...settings };
    const parsed = parseHookSettingsValue(value, { file: "f.json", kind: "project" });
    assert.deepEqual(parsed.hooks, [], label);
    const skipped = parsed.problems.find((p) => p.code === "file-skipped");
    assert.ok(skipped !== undefined && skipped.severity === "error" && skipped.path === "", label);
    assert.match(skipped.message, /PreToolUse "deny\.sh"/, label);
  }
  // a disableAllHooks: true in a skipped file turns nothing off
  assert.equal(parseHookSettingsValue({ disableAllHooks: true, model: 5 }, { file: "f.json", kind: "project" }).disableAllHooks, false);
  // unknown keys and an empty command do not (cfg-flag-unknown-key, cfg-flag-permissions-unknown-key, cfg-flag-sibling-command-empty)
  for (const settings of [{ notASetting: 5 }, { permissions: { nope: 1 } }, { hooks: { PreToolUse: [{ matcher: "Bash", hooks: [deny, { type: "command", command: "" }] }] } }]) {
    const parsed = parseHookSettingsValue({ hooks: { PreToolUse: [{ matcher: "Bash", hooks: [deny] }] }, ...settings }, { file: "f.json", kind: "project" });
    assert.ok(parsed.hooks.length >= 1 && !parsed.problems.some((p) => p.code === "file-skipped"), JSON.stringify(settings));
  }
});

test("the keys each handler type takes are the schema's (schemas/claude-code/settings/hook-handler/)", () => {
  const dir = new URL("../../schemas/claude-code/settings/hook-handler/", import.meta.url);
  for (const file of readdirSync(dir)) {
    const schema = JSON.parse(readFileSync(new URL(file, dir), "utf8")) as { properties: Record<string, { const?: string }> };
    const type = schema.properties["type"]!.const!;
    const keys = Object.keys(schema.properties);
    const required: Record<string, unknown> = { type, command: "c", url: "https://x", server: "s", tool: "t", prompt: "p" };
    const handler = Object.fromEntries(Object.entries(required).filter(([k]) => keys.includes(k)));
    const parsed = parseHookSettingsValue({ hooks: { PreToolUse: [{ hooks: [{ ...handler, bogus: 1 }] }] } }, { file: "f.json", kind: "flag" });
    assert.equal(parsed.problems.length, 1, `${type}: ${JSON.stringify(parsed.problems)}`);
    assert.equal(parsed.problems[0]!.message, `unknown key "bogus" in a ${type} hook (Claude Code ignores it silently); known: ${keys.join(", ")}`);
    assert.equal(parsed.hooks.length, 1, type);
  }
});
