/**
 * Qwen Code's runner from its own settings (src/qwen-code/config.ts,
 * runner.ts) with real processes: folder trust, disableAllHooks, the alias
 * matchers, dedupe, one sequential group serialising the event, timeouts in
 * seconds (1000 or more: milliseconds), the environment. The recorded
 * configurations are replayed in test/qwen-code/runner-observer.test.ts.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { qwenCodeRunner } from "../../src/qwen-code/runner.js";
import { qwenCodeFolderTrusted, qwenCodeMatcherMatches } from "../../src/qwen-code/config.js";
import type { JsonObject } from "../../src/json/value.js";

interface Dirs {
  root: string;
  project: string;
  home: string;
  system: string;
}

function dirs(files: { project?: object; user?: object; system?: object; trusted?: object }): Dirs {
  const root = mkdtempSync(join(tmpdir(), "qwen-runner-"));
  const d = { root, project: join(root, "work"), home: join(root, "home"), system: join(root, "system.json") };
  mkdirSync(join(d.project, ".qwen"), { recursive: true });
  mkdirSync(join(d.home, ".qwen"), { recursive: true });
  if (files.project) writeFileSync(join(d.project, ".qwen", "settings.json"), JSON.stringify(files.project));
  if (files.user) writeFileSync(join(d.home, ".qwen", "settings.json"), JSON.stringify(files.user));
  if (files.system) writeFileSync(d.system, JSON.stringify(files.system));
  if (files.trusted) writeFileSync(join(d.home, ".qwen", "trustedFolders.json"), JSON.stringify(files.trusted));
  return d;
}

const pre = (matcher: string | null, ...commands: (string | JsonObject)[]): object => ({
  hooks: { PreToolUse: [{ ...(matcher === null ? {} : { matcher }), hooks: commands.map((c) => (typeof c === "string" ? { type: "command", command: c } : { type: "command", ...c })) }] },
});
const say = (decision: string, reason = decision): string => `echo '${JSON.stringify({ hookSpecificOutput: { permissionDecision: decision, permissionDecisionReason: reason } })}'`;

async function run(d: Dirs, input: JsonObject = { tool_name: "run_shell_command", tool_input: { command: "ls" } }, event = "PreToolUse") {
  return qwenCodeRunner.run({ event, input, projectDir: d.project, homeDir: d.home, env: { PATH: process.env["PATH"] ?? "/usr/bin:/bin", QWEN_CODE_SYSTEM_SETTINGS_PATH: d.system, QWEN_CODE_SYSTEM_DEFAULTS_PATH: join(d.root, "none.json") } });
}

test("configuration order is project, user, system; the last decision counts", async () => {
  const d = dirs({ project: pre("Bash", say("deny", "project")), user: pre("run_shell_command", say("allow")), system: pre(null, say("deny", "system")) });
  const { merged } = await run(d);
  assert.deepEqual(merged.runs.map((r) => [r.source, r.config_index]).sort((a, b) => Number(a[1]) - Number(b[1])), [["project", 0], ["user", 1], ["system", 2]]);
  assert.equal(merged.effects.tool_result, "system");
  const without = await run(dirs({ project: pre("Bash", say("deny", "project")), user: pre(null, say("allow")) }));
  assert.equal(without.merged.effects.blocked, false, "cfg-08's rule: the user's allow overrides the project's deny");
});

test("folder trust: off by default; on, only a trusted folder's project hooks run", async () => {
  const trustOn = { security: { folderTrust: { enabled: true } } };
  const untrusted = dirs({ project: pre(null, say("deny", "project")), user: trustOn });
  assert.equal((await run(untrusted)).merged.ran, 0);
  const trusted = dirs({ project: pre(null, say("deny", "project")), user: trustOn, trusted: {} });
  writeFileSync(join(trusted.home, ".qwen", "trustedFolders.json"), JSON.stringify({ [trusted.project]: "TRUST_FOLDER" }));
  assert.equal((await run(trusted)).merged.effects.tool_result, "project");
  assert.equal(qwenCodeFolderTrusted("/a/b/c", "/nonexistent", null, null), true, "trust off: trusted");
});

test("disableAllHooks in project settings turns the user's hooks off too", async () => {
  const d = dirs({ project: { disableAllHooks: true }, user: pre(null, say("deny")) });
  assert.equal((await run(d)).merged.ran, 0);
});

test("matchers: Claude Code's names are aliases, unanchored and case-sensitive regexes, an invalid one matches nothing", () => {
  const aliases = ["Shell", "ShellTool", "Bash"];
  assert.equal(qwenCodeMatcherMatches("Bash", "run_shell_command", aliases), true);
  assert.equal(qwenCodeMatcherMatches("bash", "run_shell_command", aliases), false);
  assert.equal(qwenCodeMatcherMatches("run_shell", "run_shell_command", aliases), true);
  assert.equal(qwenCodeMatcherMatches("Write|Bash", "run_shell_command", aliases), true);
  assert.equal(qwenCodeMatcherMatches("run_shell_command(", "run_shell_command", aliases), false);
  assert.equal(qwenCodeMatcherMatches(undefined, "run_shell_command", aliases), true);
});

test("the same command twice runs once; one sequential group serialises every hook of the event", async () => {
  const twice = dirs({ user: { hooks: { PreToolUse: [{ hooks: [{ type: "command", command: "true" }] }, { matcher: "Bash", hooks: [{ type: "command", command: "true" }] }] } } });
  assert.equal((await run(twice)).merged.ran, 1);
  // A holds a marker while it runs; B reports whether A's marker is there (it never is when B starts after A ended)
  const mark = (d: string): string => join(d, "a-running");
  const base = dirs({});
  const a = `touch ${mark(base.root)}; sleep 0.4; rm ${mark(base.root)}`;
  const b = `if [ -e ${mark(base.root)} ]; then echo overlap; fi`;
  writeFileSync(join(base.home, ".qwen", "settings.json"), JSON.stringify({ hooks: { PreToolUse: [{ sequential: true, hooks: [{ type: "command", command: a }] }, { hooks: [{ type: "command", command: b }] }] } }));
  const { merged } = await run(base);
  assert.deepEqual(merged.runs.map((r) => r.stdout.trim()).filter((s) => s !== ""), [], "B started after A ended");
  assert.ok(merged.runs.every((r) => r.timed_out === false));
});

test("timeouts: 1000 or more is milliseconds (to-03); a killed hook fails open", async () => {
  const d = dirs({ user: pre(null, { command: `sleep 5; ${say("deny")}`, timeout: 1200 }) });
  const { merged } = await run(d);
  assert.equal(merged.runs[0]!.timed_out, true);
  assert.equal(merged.runs[0]!.timeout, 1.2);
  assert.equal(merged.effects.blocked, false);
});

test("the hook's environment: the project dir three ways, the handler's env; stdin starts with Qwen's fields", async () => {
  const d = dirs({ user: pre(null, { command: 'printf "%s|%s|%s|%s" "$QWEN_PROJECT_DIR" "$CLAUDE_PROJECT_DIR" "$GEMINI_PROJECT_DIR" "$X"; echo; cat', env: { X: "y" } }) });
  const { merged } = await run(d);
  const [vars, stdin] = merged.runs[0]!.stdout.split("\n");
  assert.equal(vars, `${d.project}|${d.project}|${d.project}|y`);
  assert.match(stdin!, /^\{"session_id":"[^"]*","transcript_path":"[^"]*","cwd":"[^"]*","hook_event_name":"PreToolUse","timestamp":"[^"]*","permission_mode":"default","tool_name":"run_shell_command"/);
});

test("an unknown event or a broken file is a problem, not a throw", async () => {
  const d = dirs({ user: { hooks: { BeforeTool: [] } } });
  writeFileSync(join(d.project, ".qwen", "settings.json"), "{ not json");
  const unknown = await run(d, {}, "BeforeTool");
  assert.equal(unknown.problems[0]!.code, "unknown-event");
  const broken = await run(d);
  assert.ok(broken.problems.some((p) => p.code === "invalid-config" && p.message.includes("invalid JSON")));
});
