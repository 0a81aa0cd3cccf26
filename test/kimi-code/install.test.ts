/**
 * install / uninstall for Kimi Code CLI: `[[hooks]]` tables appended to $KIMI_CODE_HOME/config.toml
 * (src/install/config-toml.ts) as text, the rest of the file byte for byte, uninstall giving the file
 * back; what the runner (src/kimi-code/config.ts, Kimi's strict check) reads back; files whose hooks
 * cannot be edited as tables are refused, never rewritten.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { applyPlan, planFromRequest, type InstallRequest } from "../../src/install/install.js";
import { loadInstallers } from "../../src/agents.js";
import { readKimiCodeHooks } from "../../src/kimi-code/config.js";
import { kimiCodeRunner } from "../../src/kimi-code/runner.js";

const INSTALLERS = await loadInstallers();
const MANIFEST = JSON.stringify({ hooks: [{ event: "PreToolUse", tools: ["Bash"], command: "node /opt/deny.mjs", timeout: 30 }, { event: "Stop", command: "node /opt/stop.mjs" }] });

function home(): string {
  const dir = mkdtempSync(join(tmpdir(), "chp-kimi-install-"));
  mkdirSync(join(dir, ".kimi-code"));
  return dir;
}
const request = (homeDir: string, over: Partial<InstallRequest> = {}): InstallRequest => ({ manifestText: MANIFEST, mode: "install", agents: ["kimi-code"], scope: "user", projectDir: homeDir, homeDir, env: {}, installers: INSTALLERS, ...over });
function run(req: InstallRequest): void {
  const plan = planFromRequest(req);
  assert.ok(plan.ok, plan.ok ? "" : plan.error.message);
  assert.equal(applyPlan(plan.value), null);
}

const USER_CONFIG = `# my Kimi configuration
default_model = "kimi"

[providers.kimi]
type = "kimi"   # the default provider

[[hooks]]
event = "SessionStart"
command = "echo hello"
# trailing comment of mine
`;

test("install appends [[hooks]] tables; uninstall gives the file back byte for byte", () => {
  const dir = home();
  const file = join(dir, ".kimi-code", "config.toml");
  writeFileSync(file, USER_CONFIG);
  run(request(dir));
  const after = readFileSync(file, "utf8");
  assert.ok(after.startsWith(USER_CONFIG), "everything before stays");
  assert.match(after.slice(USER_CONFIG.length), /^\[\[hooks\]\]\nevent = "PreToolUse"\nmatcher = "\^\(\?:Bash\)\$"\ncommand = "CLAUDE_HOOK_PROTOCOL_AGENT=kimi-code [^\n]*node \/opt\/deny\.mjs"\ntimeout = 30\n\[\[hooks\]\]\nevent = "Stop"\ncommand = "[^\n]*node \/opt\/stop\.mjs"\n$/);
  const read = readKimiCodeHooks(dir, {}, dir);
  assert.deepEqual(read.problems, []);
  assert.deepEqual(read.hooks.map((h) => [h.event, h.matcher ?? null, h.timeout ?? null]), [["SessionStart", null, null], ["PreToolUse", "^(?:Bash)$", 30], ["Stop", null, null]]);
  run(request(dir));
  assert.equal(readFileSync(file, "utf8"), after, "a second install changes nothing");
  run(request(dir, { mode: "uninstall" }));
  assert.equal(readFileSync(file, "utf8"), USER_CONFIG);
});

test("a file install made goes with uninstall; KIMI_CODE_HOME moves it, the empty string to the working directory", () => {
  const dir = home();
  const moved = join(dir, "elsewhere");
  run(request(dir, { env: { KIMI_CODE_HOME: moved } }));
  assert.ok(existsSync(join(moved, "config.toml")));
  assert.ok(!existsSync(join(dir, ".kimi-code", "config.toml")));
  run(request(dir, { env: { KIMI_CODE_HOME: moved }, mode: "uninstall" }));
  assert.ok(!existsSync(join(moved, "config.toml")));
  // set but empty it is not ~/.kimi-code (kh-home-empty-env: Kimi did not read that file) but the working directory
  const project = join(dir, "project");
  mkdirSync(project);
  run(request(dir, { env: { KIMI_CODE_HOME: "" }, projectDir: project }));
  assert.ok(existsSync(join(project, "config.toml")));
  assert.ok(!existsSync(join(dir, ".kimi-code", "config.toml")));
  assert.deepEqual(readKimiCodeHooks(dir, { KIMI_CODE_HOME: "" }, project).hooks.map((h) => h.event), ["PreToolUse", "Stop"]);
});

test("refused, nothing written: a timeout Kimi drops every hook for, a file that is not TOML, hooks written inline", () => {
  const dir = home();
  const file = join(dir, ".kimi-code", "config.toml");
  const bad = planFromRequest(request(dir, { manifestText: JSON.stringify({ hooks: [{ event: "Stop", command: "x", timeout: 601 }] }) }));
  assert.ok(!bad.ok && bad.error.message.includes("from 1 to 600"), JSON.stringify(bad));
  for (const text of ["[[hooks]\n", 'hooks = [{ event = "Stop", command = "x" }]\n']) {
    writeFileSync(file, text);
    const plan = planFromRequest(request(dir));
    assert.equal(plan.ok, false, text);
    assert.equal(readFileSync(file, "utf8"), text);
  }
});

test("the runner runs what install wrote, as Kimi would: the deny of the first table in configuration order", async () => {
  const dir = home();
  const script = join(dir, "deny.sh");
  writeFileSync(script, `#!/bin/sh\ncat > /dev/null\necho '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"no"}}'\n`, { mode: 0o755 });
  run(request(dir, { manifestText: JSON.stringify({ hooks: [{ event: "PreToolUse", tools: ["Bash"], command: script }] }) }));
  const outcome = await kimiCodeRunner.run({ event: "PreToolUse", input: { tool_name: "Bash", tool_input: { command: "ls" } }, projectDir: dir, homeDir: dir, env: { PATH: process.env["PATH"] ?? "" } });
  assert.deepEqual(outcome.problems, []);
  assert.equal(outcome.merged.effects.blocked, true);
  assert.equal(outcome.merged.effects.tool_result, "<system>ERROR: Tool execution failed.</system>\nno");
  const other = await kimiCodeRunner.run({ event: "PreToolUse", input: { tool_name: "BashOutput", tool_input: {} }, projectDir: dir, homeDir: dir, env: { PATH: process.env["PATH"] ?? "" } });
  assert.equal(other.merged.ran, 0, "the anchored matcher does not match another tool");
});

test("a CRLF config: install writes its tables with CRLF, uninstall gives the file back byte for byte", () => {
  const dir = home();
  const file = join(dir, ".kimi-code", "config.toml");
  const crlf = USER_CONFIG.replace(/\n/g, "\r\n");
  writeFileSync(file, crlf);
  run(request(dir));
  const after = readFileSync(file, "utf8");
  assert.ok(after.startsWith(crlf), "everything before stays");
  assert.doesNotMatch(after, /[^\r]\n/, "one line ending in the file");
  assert.deepEqual(readKimiCodeHooks(dir, {}, dir).hooks.map((h) => h.event), ["SessionStart", "PreToolUse", "Stop"]);
  run(request(dir));
  assert.equal(readFileSync(file, "utf8"), after, "a second install changes nothing");
  run(request(dir, { mode: "uninstall" }));
  assert.equal(readFileSync(file, "utf8"), crlf);
});

test("an event whose answers Kimi ignores is said so; where only its bundled code shows it, the note says it is unverified", () => {
  const manifestText = JSON.stringify({ hooks: [{ event: "PostToolUse", command: "node /opt/log.mjs" }, { event: "SessionEnd", command: "node /opt/end.mjs" }, { event: "Stop", command: "node /opt/stop.mjs" }] });
  const plan = planFromRequest(request(home(), { manifestText }));
  assert.ok(plan.ok, plan.ok ? "" : plan.error.message);
  const ignored = plan.value.notes.filter((note) => note.code === "answers-ignored").map((note) => note.message);
  // PostToolUse: recorded (km-post-01..03); SessionEnd: read from Kimi's bundled code only (src/kimi-code/events.ts); Stop takes answers
  assert.deepEqual(ignored, [
    "Kimi Code CLI ignores every answer of PostToolUse hooks: this hook can observe, not decide",
    "Kimi Code CLI ignores every answer of SessionEnd hooks (read from its bundled code: unverified, no recording shows it): this hook can observe, not decide",
  ]);
});
