/**
 * The Gemini CLI runner with real processes (tiny bash hooks in a temp dir):
 * user then workspace settings, listing-order merge, sequential rewrites,
 * millisecond timeouts, `hooksConfig`, `name:command` dedupe, matchers, the
 * CLI's environment and command expansion, stdin field order. Expected
 * values are the observed rules (docs/spec/gemini-cli-observed.md; recording named).
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { geminiCli } from "../../src/gemini-cli/dialect.js";
import { shellQuote } from "../../src/gemini-cli/runner.js";

const SHELL_INPUT = { tool_name: "run_shell_command", tool_input: { command: "echo original", description: "d" } };

function workspace(user: unknown, project?: unknown): { home: string; project: string; dir: string } {
  const dir = mkdtempSync(join(tmpdir(), "gemini-runner-"));
  const home = join(dir, "home");
  const projectDir = join(dir, "work");
  mkdirSync(join(home, ".gemini"), { recursive: true });
  mkdirSync(join(projectDir, ".gemini"), { recursive: true });
  writeFileSync(join(home, ".gemini", "settings.json"), JSON.stringify(user));
  if (project !== undefined) writeFileSync(join(projectDir, ".gemini", "settings.json"), JSON.stringify(project));
  return { home, project: projectDir, dir };
}

const run = (w: { home: string; project: string }, event: string, input: Record<string, unknown> = SHELL_INPUT) =>
  geminiCli.runner!.run({ event, input: input as never, projectDir: w.project, homeDir: w.home, env: { PATH: process.env["PATH"] } });

const cmd = (text: string, timeout?: number, name?: string) => ({ type: "command", command: text, ...(timeout !== undefined ? { timeout } : {}), ...(name !== undefined ? { name } : {}) });
const rewrite = (tag: string) => `echo '{"hookSpecificOutput":{"tool_input":{"command":"echo ${tag}"}}}'`;

test("user hooks are listed before workspace hooks: the workspace rewrite wins although it finishes first (gp-06)", async () => {
  const w = workspace(
    { hooks: { BeforeTool: [{ matcher: "run_shell_command", hooks: [cmd(`sleep 0.4; ${rewrite("A")}`)] }] } },
    { hooks: { BeforeTool: [{ matcher: "run_shell_command", hooks: [cmd(rewrite("B"))] }] } },
  );
  const { merged, problems } = await run(w, "BeforeTool");
  assert.deepEqual(problems, []);
  assert.deepEqual({ ...merged.effects.tool_input }, { command: "echo B" });
  assert.deepEqual(merged.runs.map((r) => [r.source, r.config_index, r.completion]), [["project", 1, 0], ["user", 0, 1]]);
});

test("sequential on any definition: one after another, each stdin with the earlier rewrites merged in (bt-21, bt-23)", async () => {
  const w = workspace({});
  const seen = join(w.dir, "seen.json");
  writeFileSync(join(w.home, ".gemini", "settings.json"), JSON.stringify({
    hooks: {
      BeforeTool: [
        { hooks: [cmd(`echo '{"hookSpecificOutput":{"tool_input":{"command":"echo A","extra":1}}}'`)] },
        { sequential: true, hooks: [cmd(`cat > ${seen}; echo '{"hookSpecificOutput":{"tool_input":{"description":"B saw it"}}}'`)] },
      ],
    },
  }));
  const { merged } = await run(w, "BeforeTool");
  const stdin = JSON.parse(readFileSync(seen, "utf8")) as Record<string, unknown>;
  assert.deepEqual(stdin["tool_input"], { command: "echo A", description: "d", extra: 1 });
  assert.deepEqual(Object.keys(stdin), ["session_id", "transcript_path", "cwd", "hook_event_name", "timestamp", "tool_name", "tool_input"]);
  // the final rewrite is still the last listed one, whole: no command -> validation fails, the tool does not run
  assert.equal(merged.effects.tool_input, null);
  assert.equal(merged.effects.tool_result, "Tool parameter modification by hook failed validation: params must have required property 'command'");
});

test("timeouts are milliseconds; a timed-out hook fails open and is reported (gp-01)", async () => {
  const w = workspace({ hooks: { BeforeTool: [{ hooks: [cmd(`sleep 5; echo '{"decision":"deny"}'`, 300)] }, { hooks: [cmd(`echo '{"decision":"deny","reason":"B denies"}'`)] }] } });
  const started = Date.now();
  const { merged } = await run(w, "BeforeTool");
  assert.ok(Date.now() - started < 4000);
  assert.equal(merged.effects.tool_result, "Tool execution blocked: B denies");
  assert.equal(merged.runs.find((r) => r.timed_out)?.outcome, "timeout");
  assert.ok(merged.effects.notices.includes("Hook execution error: Hook timed out after 300ms"));
});

test("dedupe by name:command (bt-30, bt-54); hooksConfig.disabled by name (gp-11) and enabled:false (bt-42)", async () => {
  const deny = `echo '{"decision":"deny","reason":"A denies"}'`;
  const same = workspace({ hooks: { BeforeTool: [{ hooks: [cmd(deny)] }, { hooks: [cmd(deny)] }] } });
  assert.equal((await run(same, "BeforeTool")).merged.ran, 1);
  const named = workspace({ hooks: { BeforeTool: [{ hooks: [cmd(deny, undefined, "first"), cmd(deny, undefined, "second")] }] } });
  assert.equal((await run(named, "BeforeTool")).merged.effects.tool_result, "Tool execution blocked: A denies\nA denies");
  const disabled = workspace({ hooksConfig: { disabled: ["first"] }, hooks: { BeforeTool: [{ hooks: [cmd(deny, undefined, "first"), cmd("echo '{\"systemMessage\":\"B runs\"}'", undefined, "talker")] }] } });
  const d = (await run(disabled, "BeforeTool")).merged;
  assert.equal(d.ran, 1);
  assert.deepEqual(d.effects.notices, ["Hook system message: B runs"]);
  const off = workspace({ hooksConfig: { enabled: false }, hooks: { BeforeTool: [{ hooks: [cmd(deny)] }] } });
  assert.equal((await run(off, "BeforeTool")).merged.ran, 0);
});

test("matchers: an unanchored regex on the tool name (bt-56, bt-28), an invalid regex compared exactly, exact for SessionStart (ss-05)", async () => {
  const hit = `echo '{"decision":"deny","reason":"hit"}'`;
  const w = workspace({
    hooks: {
      BeforeTool: [{ matcher: "shell|read_file", hooks: [cmd(hit)] }, { matcher: "read_file", hooks: [cmd("echo other")] }, { matcher: "(", hooks: [cmd("echo bad")] }],
      SessionStart: [{ matcher: "startup", hooks: [cmd(`echo '{"hookSpecificOutput":{"additionalContext":"s"}}'`)] }, { matcher: "resume", hooks: [cmd("echo no")] }],
    },
  });
  const tool = (await run(w, "BeforeTool")).merged;
  assert.equal(tool.ran, 1);
  assert.equal(tool.effects.tool_result, "Tool execution blocked: hit");
  const session = (await run(w, "SessionStart", { source: "startup" })).merged;
  assert.equal(session.ran, 1);
  assert.deepEqual(session.effects.model_context, ["<hook_context>s</hook_context>"]);
});

test("environment and command expansion: GEMINI_* and CLAUDE_PROJECT_DIR, $GEMINI_PROJECT_DIR replaced shell-quoted (bt-48)", async () => {
  const w = workspace({});
  const out = join(w.dir, "env.txt");
  writeFileSync(join(w.home, ".gemini", "settings.json"), JSON.stringify({
    hooks: { BeforeAgent: [{ hooks: [{ ...cmd(`env | grep -E '^(GEMINI_|CLAUDE_PROJECT_DIR|MY_VAR)' | sort > ${out}; echo "dir=$GEMINI_PROJECT_DIR" >> ${out}; pwd >> ${out}`), env: { MY_VAR: "x" } }] }] },
  }));
  await run(w, "BeforeAgent", { prompt: "do it", session_id: "sid-1" });
  const lines = readFileSync(out, "utf8").trim().split("\n");
  assert.ok(lines.includes(`GEMINI_PROJECT_DIR=${w.project}`));
  assert.ok(lines.includes(`GEMINI_CWD=${w.project}`));
  assert.ok(lines.includes(`CLAUDE_PROJECT_DIR=${w.project}`));
  assert.ok(lines.includes("GEMINI_SESSION_ID=sid-1"));
  assert.ok(lines.includes(`GEMINI_PLANS_DIR=${join(w.home, ".gemini", "tmp", "work", "sid-1", "plans")}`));
  assert.ok(lines.includes("MY_VAR=x"));
  assert.ok(lines.includes(`dir=${w.project}`));
  assert.equal(lines[lines.length - 1], w.project);
  assert.equal(shellQuote("/a b"), "'/a b'");
  assert.equal(shellQuote("/plain/path"), "/plain/path");
});

test("a Claude Code event name in the settings is a problem and does not run (Invalid hook event name)", async () => {
  const w = workspace({ hooks: { PreToolUse: [{ hooks: [cmd("exit 2")] }], BeforeTool: [{ hooks: [cmd("exit 0")] }] } });
  const { merged, problems } = await run(w, "BeforeTool");
  assert.equal(merged.ran, 1);
  assert.ok(problems.some((p) => p.message.endsWith('Invalid hook event name: "PreToolUse" from project config. Skipping.')));
});

test("plain text on exit 2 denies with stdout before stderr; a failing hook is named in the failure notice (bt-05)", async () => {
  const w = workspace({ hooks: { BeforeTool: [{ hooks: [cmd("echo 'out text'; echo 'err text' >&2; exit 2", undefined, "guard")] }] } });
  const { merged } = await run(w, "BeforeTool");
  assert.equal(merged.effects.tool_result, "Tool execution blocked: out text");
  assert.deepEqual(merged.effects.notices, ["Hook(s) [guard] failed for event BeforeTool. Press F12 to see the debug drawer for more details."]);
});

test("bad settings never throw: invalid JSON is a problem, __proto__ keys are data, odd shapes are skipped", async () => {
  const w = workspace({});
  writeFileSync(join(w.home, ".gemini", "settings.json"), "{not json");
  writeFileSync(join(w.project, ".gemini", "settings.json"), JSON.stringify({
    hooks: { BeforeTool: [5, { hooks: "x" }, { hooks: [null, { type: "http", url: "u" }, cmd(`echo '{"decision":"deny"}'`)] }], AfterTool: {} },
  }).replace('"hooks":{', '"hooks":{"__proto__":[{"hooks":[{"type":"command","command":"exit 2"}]}],'));
  const { merged, problems } = await run(w, "BeforeTool");
  assert.equal(merged.ran, 1);
  assert.equal(merged.effects.decision, "deny");
  assert.ok(problems.some((p) => p.message.includes("invalid JSON")));
  assert.ok(problems.some((p) => p.message.includes('Invalid hook event name: "__proto__"')));
  assert.ok(problems.length >= 5, JSON.stringify(problems));
  assert.equal(({} as Record<string, unknown>)["hooks"], undefined);
});

test("sequential: a hook that exits non-zero does not pass its rewrite on, but the merge still uses it (gp-32)", async () => {
  const w = workspace({});
  const seen = join(w.dir, "seen.json");
  writeFileSync(join(w.home, ".gemini", "settings.json"), JSON.stringify({
    hooks: { BeforeTool: [{ sequential: true, hooks: [cmd(`${rewrite("A")}; exit 1`), cmd(`cat > ${seen}; echo '{}'`)] }] },
  }));
  const { merged } = await run(w, "BeforeTool");
  assert.deepEqual((JSON.parse(readFileSync(seen, "utf8")) as { tool_input: unknown }).tool_input, SHELL_INPUT.tool_input);
  assert.deepEqual({ ...merged.effects.tool_input }, { command: "echo A" });
});

test("a settings file with comments is read as Gemini CLI reads it (comments stripped): its deny applies", async () => {
  const w = workspace({});
  writeFileSync(join(w.project, ".gemini", "settings.json"), `{
  // the project's guard
  "hooks": { /* before every tool */ "BeforeTool": [{ "matcher": "run_shell_command", "hooks": [${JSON.stringify(cmd(`echo '{"decision":"deny","reason":"no"}'`))}] }] }
}`);
  const { merged, problems } = await run(w, "BeforeTool");
  assert.deepEqual(problems, []);
  assert.equal(merged.effects.decision, "deny");
});
