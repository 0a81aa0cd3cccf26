// install never writes what an agent refuses or misreads (issue 24, items 2 and 4): a manifest
// with a misspelt event, key or tool, or a tool in the wrong case, is refused whole with the
// nearest name and exit 2, before anything is written; each timeout is converted and checked
// against the agent's reading rules (Codex: whole seconds as serde reads a u64; Gemini CLI:
// milliseconds within Node's timer); Codex gets no file-tool matcher; Copilot CLI skips its own
// file only for a hook .claude/settings.json holds with the same event, matcher and command.
// Before the fixes every one of these installed silently (a hook that never runs, or a file the
// agent refuses whole).
import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { Readable, Writable } from "node:stream";
import { installFromRequest, planFromRequest, type InstallRequest } from "../../src/install/install.js";
import { main } from "../../src/cli/main.js";
import { serdeRejection, HOOKS_FILE_KEYS } from "../../src/codex/runner.js";
import { parseJsonWithPositions } from "../../src/json/positions.js";
import type { JsonObject } from "../../src/json/value.js";
import { loadInstallers } from "../../src/agents.js";

const INSTALLERS = await loadInstallers();

function dirs(): { project: string; home: string } {
  const root = mkdtempSync(join(tmpdir(), "chp-hostile-manifest-"));
  mkdirSync(join(root, "project"));
  mkdirSync(join(root, "home"));
  return { project: join(root, "project"), home: join(root, "home") };
}
const request = (d: { project: string; home: string }, manifest: unknown, over: Partial<InstallRequest> = {}): InstallRequest => ({ manifestText: typeof manifest === "string" ? manifest : JSON.stringify(manifest), mode: "install", agents: ["all"], scope: "project", projectDir: d.project, homeDir: d.home, env: {}, installers: INSTALLERS, ...over });
const hook = (over: Record<string, unknown>): unknown => ({ hooks: [{ event: "PreToolUse", tools: ["Bash"], command: "node /opt/h.mjs", ...over }] });

async function cli(argv: string[], home: string): Promise<{ code: number; stderr: string }> {
  let stderr = "";
  const sink = (append: (s: string) => void) => new Writable({ write(chunk, _e, done) { append(String(chunk)); done(); } });
  const code = await main(argv, { stdin: Readable.from([]), stdout: sink(() => {}), stderr: sink((s) => (stderr += s)), env: { HOME: home } });
  return { code, stderr };
}

describe("a manifest an agent would not run as meant is refused whole, naming the nearest name", () => {
  const BAD: Record<string, { manifest: unknown; path: string; says: RegExp }> = {
    "a misspelt event": { manifest: hook({ event: "PreToolUes" }), path: "/hooks/0/event", says: /unknown event "PreToolUes".*did you mean "PreToolUse"/ },
    "an event in the wrong case": { manifest: hook({ event: "pretooluse" }), path: "/hooks/0/event", says: /did you mean "PreToolUse"/ },
    "another agent's event name": { manifest: hook({ event: "BeforeTool" }), path: "/hooks/0/event", says: /unknown event "BeforeTool"/ },
    "a camelCase event (Copilot's)": { manifest: hook({ event: "preToolUse" }), path: "/hooks/0/event", says: /did you mean "PreToolUse"/ },
    "an event with a trailing space": { manifest: hook({ event: "Stop " }), path: "/hooks/0/event", says: /did you mean "Stop"/ },
    "__proto__ as an event": { manifest: '{"hooks": [{"event": "__proto__", "command": "x"}]}', path: "/hooks/0/event", says: /unknown event "__proto__"/ },
    "constructor as an event": { manifest: hook({ event: "constructor" }), path: "/hooks/0/event", says: /unknown event/ },
    "a 1 MB event name": { manifest: hook({ event: "P".repeat(1_000_000) }), path: "/hooks/0/event", says: /unknown event "P{80}…"/ },
    "a tool in lower case": { manifest: hook({ tools: ["bash"] }), path: "/hooks/0/tools/0", says: /unknown tool "bash".*did you mean "Bash"/ },
    "an agent's own tool name": { manifest: hook({ tools: ["run_shell_command"] }), path: "/hooks/0/tools/0", says: /unknown tool "run_shell_command"/ },
    "a misspelt tool among good ones": { manifest: hook({ tools: ["Bash", "Raed"] }), path: "/hooks/0/tools/1", says: /did you mean "Read"/ },
    "a regex as a tool": { manifest: hook({ tools: ["Bash|Read"] }), path: "/hooks/0/tools/0", says: /unknown tool "Bash\|Read"/ },
    "an MCP name without a tool": { manifest: hook({ tools: ["mcp__server"] }), path: "/hooks/0/tools/0", says: /unknown tool/ },
    "a misspelt key": { manifest: hook({ comand: "x" }), path: "/hooks/0/comand", says: /unknown key "comand".*did you mean "command"/ },
    "a key in the wrong case": { manifest: hook({ Timeout: 5 }), path: "/hooks/0/Timeout", says: /did you mean "timeout"/ },
    "a misspelt top-level key": { manifest: { hook: [] }, path: "/hook", says: /unknown key "hook".*did you mean "hooks"/ },
    "a Codex timeout of 1.5 s": { manifest: hook({ timeout: 1.5 }), path: "/hooks/0/timeout", says: /Codex CLI: timeout 1\.5 s: Codex reads whole seconds/ },
    "a Codex timeout of 0.5 s": { manifest: hook({ timeout: 0.5 }), path: "/hooks/0/timeout", says: /Codex CLI/ },
    "a Codex timeout of 1e21 s (written 1e+21)": { manifest: hook({ timeout: 1e21 }), path: "/hooks/0/timeout", says: /Codex CLI/ },
    "a Codex timeout of 2^53 + 2 s (not the integer meant)": { manifest: hook({ timeout: 2 ** 53 + 2 }), path: "/hooks/0/timeout", says: /Codex CLI/ },
    "a Codex timeout of 2^64 s": { manifest: '{"hooks": [{"event": "Stop", "command": "x", "timeout": 18446744073709551616}]}', path: "/hooks/0/timeout", says: /Codex CLI/ },
    "a NUL byte in the command": { manifest: hook({ command: "node /opt/h.mjs\u0000; rm -rf /" }), path: "/hooks/0/command", says: /NUL byte/ },
    "a timeout of 1e400 (Infinity)": { manifest: '{"hooks": [{"event": "Stop", "command": "x", "timeout": 1e400}]}', path: "/hooks/0/timeout", says: /timeout/ },
  };
  for (const [name, { manifest, path, says }] of Object.entries(BAD)) {
    test(name, async () => {
      const d = dirs();
      const plan = planFromRequest(request(d, manifest));
      assert.ok(!plan.ok, "refused");
      assert.equal(plan.error.code, "invalid-manifest");
      assert.equal(plan.error.path, path);
      assert.match(plan.error.message, says);
      assert.ok(plan.error.position !== undefined, "with its line and column");
      const file = join(d.home, "m.json");
      writeFileSync(file, typeof manifest === "string" ? manifest : JSON.stringify(manifest));
      const run = await cli(["install", file, "--agent", "all", "--project", d.project], d.home);
      assert.equal(run.code, 2, run.stderr);
      assert.match(run.stderr, /m\.json:\d+:\d+: /);
      assert.deepEqual(readdirSync(d.project), [], "nothing written");
    });
  }

  test("a Gemini CLI timeout past Node's timer (2147483.648 s) is refused, 2147483.647 s is written", () => {
    const d = dirs();
    const over = planFromRequest(request(d, hook({ timeout: 2147483.648 }), { agents: ["gemini-cli"] }));
    assert.ok(!over.ok && over.error.path === "/hooks/0/timeout" && /Gemini CLI: .*Node's timer/.test(over.error.message));
    const at = installFromRequest(request(d, hook({ timeout: 2147483.647 }), { agents: ["gemini-cli"] }));
    assert.ok(at.ok);
    assert.equal(JSON.parse(readFileSync(join(d.project, ".gemini/settings.json"), "utf8")).hooks.BeforeTool[0].hooks[0].timeout, 2147483647);
  });

  test("a Gemini CLI timeout under a millisecond is refused (its timer would fire at once)", () => {
    const d = dirs();
    const plan = planFromRequest(request(d, hook({ timeout: 0.0004 }), { agents: ["gemini-cli"] }));
    assert.ok(!plan.ok && plan.error.path === "/hooks/0/timeout");
  });

  test("a Qwen Code timeout past Node's timer is refused; 1000 s is written in milliseconds (Qwen reads 1000+ as ms)", () => {
    const d = dirs();
    assert.equal(planFromRequest(request(d, hook({ timeout: 3_000_000 }), { agents: ["qwen-code"] })).ok, false);
    assert.ok(installFromRequest(request(d, hook({ timeout: 1000 }), { agents: ["qwen-code"] })).ok);
    assert.equal(JSON.parse(readFileSync(join(d.project, ".qwen/settings.json"), "utf8")).hooks.PreToolUse[0].hooks[0].timeout, 1_000_000);
  });

  test("a timeout fine for every agent but Codex installs elsewhere when Codex is not asked for", () => {
    const d = dirs();
    assert.ok(installFromRequest(request(d, hook({ timeout: 1.5 }), { agents: ["claude-code", "gemini-cli"] })).ok);
    assert.equal(JSON.parse(readFileSync(join(d.project, ".gemini/settings.json"), "utf8")).hooks.BeforeTool[0].hooks[0].timeout, 1500);
  });

  test("what Codex gets reads back with its serde rules (a whole-seconds timeout as an integer)", () => {
    const d = dirs();
    assert.ok(installFromRequest(request(d, hook({ timeout: 9007199254740991 }), { agents: ["codex"] })).ok);
    const text = readFileSync(join(d.project, ".codex/hooks.json"), "utf8");
    assert.match(text, /"timeout": 9007199254740991\n/);
    const read = parseJsonWithPositions(text);
    assert.ok(read.ok);
    assert.equal(serdeRejection(read.value as JsonObject, HOOKS_FILE_KEYS, { syntax: "json", of: read.sourceOf, duplicatesOf: read.duplicateKeysOf }), null);
  });
});

describe("size", () => {
  test("2,000 hooks for every agent: planned in seconds (each file is edited once, not once per hook)", () => {
    const d = dirs();
    const hooks = Array.from({ length: 2000 }, (_, i) => ({ event: "PreToolUse", tools: ["Bash"], command: `node /opt/h${i}.mjs`, timeout: 5 }));
    const started = Date.now();
    const plan = installFromRequest(request(d, { hooks }));
    assert.ok(plan.ok);
    // a first version of the text edits took 256 s for 1,200 hooks (every hook re-read and re-wrote every file)
    assert.ok(Date.now() - started < 60_000, `${Date.now() - started} ms`);
    assert.equal(JSON.parse(readFileSync(join(d.project, ".gemini/settings.json"), "utf8")).hooks.BeforeTool.length, 2000);
  });
});

describe("Codex CLI offers hooks no file tool", () => {
  test("a hook on file tools only is not written for Codex, with a note naming the tools", () => {
    const d = dirs();
    const plan = installFromRequest(request(d, hook({ tools: ["Read", "Write", "Edit"] })));
    assert.ok(plan.ok);
    assert.equal(existsSync(join(d.project, ".codex/hooks.json")), false);
    assert.ok(plan.value.notes.some((n) => n.agent === "codex" && n.code === "no-such-tool" && /Read, Write, Edit/.test(n.message)));
    assert.ok(existsSync(join(d.project, ".claude/settings.json")), "the other agents get it");
  });

  test("Bash and Read: Codex's matcher is Bash alone, with a note for Read", () => {
    const d = dirs();
    const plan = installFromRequest(request(d, hook({ tools: ["Bash", "Read"] }), { agents: ["codex"] }));
    assert.ok(plan.ok);
    assert.equal(JSON.parse(readFileSync(join(d.project, ".codex/hooks.json"), "utf8")).hooks.PreToolUse[0].matcher, "Bash");
    assert.ok(plan.value.notes.some((n) => n.code === "no-such-tool" && /Read/.test(n.message)));
  });

  test("tools on an event without a matcher: still written for Codex (the tools are left out, as elsewhere)", () => {
    const d = dirs();
    const plan = installFromRequest(request(d, { hooks: [{ event: "Stop", tools: ["Read"], command: "x" }] }, { agents: ["codex"] }));
    assert.ok(plan.ok);
    assert.ok(JSON.parse(readFileSync(join(d.project, ".codex/hooks.json"), "utf8")).hooks.Stop);
  });
});

describe("Copilot CLI skips its own file only for the same event, matcher and command in .claude/settings.json", () => {
  const copilotFile = (d: { project: string }): string => join(d.project, ".github/hooks/claude-hook-protocol.json");
  const claudeFile = (d: { project: string }): string => join(d.project, ".claude/settings.json");
  const put = (path: string, value: unknown): void => {
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, JSON.stringify(value, null, 2) + "\n");
  };
  const marked = "CLAUDE_HOOK_PROTOCOL_AGENT=claude-code CLAUDE_HOOK_PROTOCOL_OWNER=claude-hook-protocol node /opt/h.mjs";

  test("the same hook there: skipped, with a note", () => {
    const d = dirs();
    put(claudeFile(d), { hooks: { PreToolUse: [{ matcher: "Bash", hooks: [{ type: "command", command: marked }] }] } });
    const plan = installFromRequest(request(d, hook({}), { agents: ["copilot-cli"] }));
    assert.ok(plan.ok && plan.value.notes.some((n) => n.code === "runs-from-other"));
    assert.equal(existsSync(copilotFile(d)), false);
  });

  for (const [name, claude] of Object.entries({
    "another matcher": { PreToolUse: [{ matcher: "Edit", hooks: [{ type: "command", command: marked }] }] },
    "no matcher": { PreToolUse: [{ hooks: [{ type: "command", command: marked }] }] },
    "another event": { PostToolUse: [{ matcher: "Bash", hooks: [{ type: "command", command: marked }] }] },
    "another command": { PreToolUse: [{ matcher: "Bash", hooks: [{ type: "command", command: marked.replace("h.mjs", "other.mjs") }] }] },
    "the command unmarked (a hand-written copy)": { PreToolUse: [{ matcher: "Bash", hooks: [{ type: "command", command: "node /opt/h.mjs" }] }] },
    "the command in another event's list": { Stop: [{ hooks: [{ type: "command", command: marked }] }] },
  })) {
    test(`${name} there: Copilot CLI gets its own entry`, () => {
      const d = dirs();
      put(claudeFile(d), { hooks: claude });
      const plan = installFromRequest(request(d, hook({}), { agents: ["copilot-cli"] }));
      assert.ok(plan.ok);
      assert.ok(!plan.value.notes.some((n) => n.code === "runs-from-other"));
      assert.equal(JSON.parse(readFileSync(copilotFile(d), "utf8")).hooks.preToolUse.length, 1);
    });
  }
});
