/**
 * The Copilot CLI runner with real processes (tiny bash hooks in a temp dir):
 * Copilot's config locations and their order, one hook at a time, a deny
 * ending the chain, rewrites reaching the next hook's stdin in its own
 * spelling, Copilot's environment variables, timeouts failing open, exit 1
 * failing closed, native and Claude-style matchers, the trusted folder.
 * Expected values are the recorded rules (scenario names cited).
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { runCopilotHooks, type CopilotRunOptions } from "../../src/copilot-cli/runner.js";

interface Sandbox {
  readonly root: string;
  readonly home: string;
  readonly project: string;
  /** Writes an executable script printing `stdout` (after `body`) and returns its path. */
  script(name: string, stdout: string, body?: string): string;
  write(path: string, value: unknown): void;
  options(extra?: Partial<CopilotRunOptions>): CopilotRunOptions;
}

function sandbox(): Sandbox {
  const root = mkdtempSync(join(tmpdir(), "copilot-runner-"));
  const home = join(root, "home");
  const project = join(root, "work");
  mkdirSync(join(root, "bin"), { recursive: true });
  mkdirSync(project, { recursive: true });
  return {
    root,
    home,
    project,
    script(name, stdout, body = "") {
      const path = join(root, "bin", `${name}.sh`);
      writeFileSync(path, `#!/bin/bash\ncat > ${join(root, `${name}.stdin`)}\n${body}\nprintf '%s' '${stdout}'\n`, { mode: 0o755 });
      return path;
    },
    write(path, value) {
      mkdirSync(dirname(path), { recursive: true });
      writeFileSync(path, JSON.stringify(value));
    },
    options(extra = {}) {
      return {
        event: "preToolUse",
        input: { toolName: "bash", toolArgs: { command: "echo original", description: "d" } },
        projectDir: project,
        homeDir: home,
        env: { PATH: process.env["PATH"] ?? "/usr/bin:/bin", HOME: home },
        // as the recordings cited ran (the runner's default too)
        allowAllTools: true,
        ...extra,
      };
    },
  };
}

const flat = (command: string, extra: Record<string, unknown> = {}): Record<string, unknown> => ({ type: "command", bash: command, timeoutSec: 10, ...extra });
const nested = (command: string, matcher = "Bash"): Record<string, unknown> => ({ matcher, hooks: [{ type: "command", command, timeout: 10 }] });
const context = (text: string): string => JSON.stringify({ additionalContext: text });

test("every config location, in Copilot's order: user hooks dir (reverse name order), user settings, project hooks dir, .claude, .github/copilot (pre-25b, pre-25d, pre-26b)", async () => {
  const s = sandbox();
  const copilot = join(s.home, ".copilot");
  for (const name of ["a", "c", "b"]) s.write(join(copilot, "hooks", `${name}.json`), { version: 1, hooks: { preToolUse: [flat(s.script(`u${name}`, context(`user-${name}`)))] } });
  s.write(join(copilot, "settings.json"), { hooks: { preToolUse: [flat(s.script("us", context("user-settings")))] } });
  s.write(join(copilot, "config.json"), { hooks: { preToolUse: [flat(s.script("cfg", context("config-json")))] } });
  for (const name of ["m", "z"]) s.write(join(s.project, ".github", "hooks", `${name}.json`), { hooks: { preToolUse: [flat(s.script(`p${name}`, context(`project-${name}`)))] } });
  s.write(join(s.project, ".claude", "settings.json"), { hooks: { PreToolUse: [nested(s.script("cl", context("claude")))] } });
  s.write(join(s.project, ".claude", "settings.local.json"), { hooks: { PreToolUse: [nested(s.script("cll", context("claude-local")))] } });
  s.write(join(s.project, ".github", "copilot", "settings.json"), { hooks: { preToolUse: [flat(s.script("ps", context("project-settings")))] } });
  s.write(join(s.home, ".claude", "settings.json"), { hooks: { PreToolUse: [nested(s.script("cu", context("claude-user")))] } });
  const { merged, problems } = await runCopilotHooks(s.options());
  assert.deepEqual(problems, []);
  const order = ["user-c", "user-b", "user-a", "user-settings", "project-z", "project-m", "claude", "claude-local", "project-settings"];
  assert.deepEqual(merged.effects.model_context, [`Additional context from preToolUse hook:\n${order.join("\n\n")}`]);
  assert.equal(merged.ran, order.length, "config.json and ~/.claude/settings.json are not read (src-06)");
  assert.equal(merged.effects.tool_result, null);

  const untrusted = await runCopilotHooks(s.options({ trustedFolder: false }));
  assert.deepEqual(untrusted.merged.effects.model_context, [`Additional context from preToolUse hook:\n${order.slice(0, 4).join("\n\n")}`], "project hooks need a trusted folder (src-02b, cpre-15)");
});

test("one hook at a time in configured order; a deny ends the chain (pre-13, pre-21d)", async () => {
  const s = sandbox();
  const log = join(s.root, "order.log");
  const slow = s.script("slow", context("CTX-A"), `echo start-A >> ${log}; sleep 0.3; echo end-A >> ${log}`);
  const deny = s.script("deny", JSON.stringify({ permissionDecision: "deny", permissionDecisionReason: "B denies" }), `echo start-B >> ${log}`);
  const never = s.script("never", context("CTX-C"), `echo start-C >> ${log}`);
  s.write(join(s.home, ".copilot", "hooks", "h.json"), { hooks: { preToolUse: [flat(slow), flat(deny), flat(never)] } });
  const { merged } = await runCopilotHooks(s.options());
  assert.deepEqual(readFileSync(log, "utf8").trim().split("\n"), ["start-A", "end-A", "start-B"]);
  assert.equal(merged.effects.tool_result, "Denied by preToolUse hook: B denies");
  assert.equal(merged.effects.decision, "deny");
  assert.deepEqual(merged.effects.model_context, ["Additional context from preToolUse hook:\nCTX-A"], "the earlier context is still sent (pre-21b)");
  assert.equal(merged.ran, 2);
});

test("a rewrite reaches the next hook's stdin, each in its spelling's shape (pre-14b, cpre-07c, cpre-01)", async () => {
  const s = sandbox();
  const rewrite = s.script("rewrite", JSON.stringify({ modifiedArgs: { command: "echo A" } }));
  const pascal = s.script("pascal", "{}");
  s.write(join(s.home, ".copilot", "hooks", "h.json"), { hooks: { preToolUse: [flat(rewrite)], PreToolUse: [nested(pascal)] } });
  const { merged } = await runCopilotHooks(s.options());
  const first = JSON.parse(readFileSync(join(s.root, "rewrite.stdin"), "utf8")) as Record<string, unknown>;
  assert.deepEqual(Object.keys(first), ["sessionId", "timestamp", "cwd", "toolName", "toolArgs"]);
  assert.equal(typeof first["timestamp"], "number");
  assert.deepEqual(first["toolArgs"], { command: "echo original", description: "d" });
  const second = JSON.parse(readFileSync(join(s.root, "pascal.stdin"), "utf8")) as Record<string, unknown>;
  assert.deepEqual(Object.keys(second), ["hook_event_name", "session_id", "timestamp", "cwd", "tool_name", "tool_input"]);
  assert.equal(second["tool_name"], "Bash");
  assert.equal(second["session_id"], first["sessionId"]);
  assert.match(String(second["timestamp"]), /^\d{4}-\d\d-\d\dT/);
  assert.deepEqual(second["tool_input"], { command: "echo A" }, "the whole args object is replaced");
  assert.deepEqual({ ...merged.effects.tool_input }, { command: "echo A" });
});

test("Copilot's environment: project dir twice, COPILOT_CLI, version, the hook file's dir (not for .claude hooks) (pre-22)", async () => {
  const s = sandbox();
  const dump = (name: string): string => s.script(name, "{}", `env | grep -E '^(COPILOT|CLAUDE)_' | sort > ${join(s.root, `${name}.env`)}`);
  s.write(join(s.home, ".copilot", "hooks", "h.json"), { hooks: { preToolUse: [flat(dump("native"))] } });
  s.write(join(s.project, ".claude", "settings.json"), { hooks: { PreToolUse: [nested(dump("claude"))] } });
  await runCopilotHooks(s.options());
  const envOf = (name: string): Record<string, string> =>
    Object.fromEntries(readFileSync(join(s.root, `${name}.env`), "utf8").trim().split("\n").map((l) => [l.slice(0, l.indexOf("=")), l.slice(l.indexOf("=") + 1)]));
  const native = envOf("native");
  assert.equal(native["COPILOT_PROJECT_DIR"], s.project);
  assert.equal(native["CLAUDE_PROJECT_DIR"], s.project);
  assert.equal(native["COPILOT_CLI"], "1");
  assert.equal(native["COPILOT_CLI_BINARY_VERSION"], "1.0.102");
  assert.equal(native["COPILOT_HOOK_DIR"], join(s.home, ".copilot", "hooks"));
  assert.equal(envOf("claude")["COPILOT_HOOK_DIR"], undefined);
});

test("a timeout fails open and the next hook runs; exit 1 fails closed naming the file (pre-16, pre-07b, cpre-04)", async () => {
  const s = sandbox();
  const sleeper = s.script("sleeper", JSON.stringify({ permissionDecision: "deny" }), "sleep 3");
  const next = s.script("next", context("after-timeout"));
  const file = join(s.home, ".copilot", "hooks", "h.json");
  s.write(file, { hooks: { preToolUse: [flat(sleeper, { timeoutSec: 1 }), flat(next)] } });
  const timedOut = await runCopilotHooks(s.options());
  assert.equal(timedOut.merged.effects.tool_result, null);
  assert.deepEqual(timedOut.merged.effects.notices, [`[WARNING] preToolUse hook from "${file}" timed out; allowing the tool call to proceed: HookTimeoutError: Hook command timed out after 1 seconds: ${sleeper}`]);
  assert.deepEqual(timedOut.merged.effects.model_context, ["Additional context from preToolUse hook:\nafter-timeout"]);

  const t = sandbox();
  const failing = t.script("failing", JSON.stringify({ permissionDecision: "allow" }), "echo oops >&2; exit 1");
  t.write(join(t.project, ".claude", "settings.json"), { hooks: { PreToolUse: [nested(failing)] } });
  const failed = await runCopilotHooks(t.options());
  assert.equal(failed.merged.effects.tool_result, 'Denied by preToolUse hook from "repo settings" (hook errored)');
  assert.equal(failed.merged.effects.tool_input, null);
  assert.equal(failed.merged.runs[0]!.non_blocking_error, null);
  assert.equal(failed.merged.runs[0]!.outcome, "block");
});

test("matchers: native entries match the model-facing name, `*` is an invalid regex; Claude-style ones Claude's names (pre-17, pre-17c, cpre-08, cpre-08c, cpre-17)", async () => {
  const s = sandbox();
  const hook = (name: string): string => s.script(name, context(name));
  s.write(join(s.home, ".copilot", "hooks", "h.json"), {
    hooks: {
      preToolUse: [flat(hook("n-bash"), { matcher: "bash" }), flat(hook("n-Bash"), { matcher: "Bash" }), flat(hook("n-regex"), { matcher: "^ba.h$" }), flat(hook("n-star"), { matcher: "*" }), flat(hook("n-view"), { matcher: "view" })],
      PreToolUse: [nested(hook("c-Bash")), nested(hook("c-star"), "*"), nested(hook("c-Edit"), "Edit"), nested(hook("c-lower"), "bash"), nested(hook("c-alt"), "Edit|Bash")],
    },
  });
  const { merged, problems } = await runCopilotHooks(s.options());
  assert.deepEqual(merged.effects.model_context, ["Additional context from preToolUse hook:\nn-bash\n\nn-regex\n\nc-Bash\n\nc-star\n\nc-lower\n\nc-alt"]);
  assert.deepEqual(problems.map((p) => p.message), ["[ERROR] Invalid matcher regex in preToolUse hook: '*' — hook will be skipped"]);

  const view = await runCopilotHooks(s.options({ input: { toolName: "view", toolArgs: { path: "/x" } } }));
  assert.deepEqual(view.merged.effects.model_context, ["Additional context from preToolUse hook:\nn-view\n\nc-star"], "a view call is Read for Claude-style hooks");
});

test("non-tool events: sessionStart contexts joined, no matcher applied; an unknown event is a problem, not a throw", async () => {
  const s = sandbox();
  s.write(join(s.home, ".copilot", "hooks", "h.json"), { hooks: { sessionStart: [flat(s.script("a", context("SS-A")), { matcher: "nothing-matches" })], SessionStart: [nested(s.script("b", context("SS-B")), "")] } });
  const { merged } = await runCopilotHooks(s.options({ event: "sessionStart", input: { source: "new", initialPrompt: "do it" } }));
  assert.deepEqual(merged.effects.model_context, ["SS-A\n\nSS-B"]);
  const b = JSON.parse(readFileSync(join(s.root, "b.stdin"), "utf8")) as Record<string, unknown>;
  assert.deepEqual(Object.keys(b), ["hook_event_name", "session_id", "timestamp", "cwd", "source", "initial_prompt"]);
  const unknown = await runCopilotHooks(s.options({ event: "Notification" }));
  assert.equal(unknown.problems[0]!.code, "unknown-event");
  assert.ok(!existsSync(join(s.root, "x.stdin")));
});
