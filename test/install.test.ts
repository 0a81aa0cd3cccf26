// install / uninstall: what each agent's file gets, idempotence, the owner's
// entries only, byte-for-byte restoration, files that do not parse, atomic
// writes keeping the mode, Copilot CLI running .claude/settings.json, the CLI.
import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { chmodSync, existsSync, lstatSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, statSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { spawnSync } from "node:child_process";
import { Writable, Readable } from "node:stream";
import { applyPlan, planFromRequest, type InstallRequest } from "../src/install/install.js";
import { ownerOf } from "../src/install/marker.js";
import { unifiedDiff } from "../src/install/diff.js";
import { main } from "../src/cli/main.js";
import { loadInstallers } from "../src/agents.js";
const INSTALLERS = await loadInstallers();

const MINIMAL = JSON.stringify({ hooks: [{ event: "PreToolUse", tools: ["Bash"], command: "node /opt/deny.mjs", timeout: 30 }] });

function dirs(): { project: string; home: string } {
  const root = mkdtempSync(join(tmpdir(), "chp-install-"));
  const project = join(root, "project");
  const home = join(root, "home");
  mkdirSync(project);
  mkdirSync(home);
  return { project, home };
}

function request(d: { project: string; home: string }, over: Partial<InstallRequest> = {}): InstallRequest {
  return { manifestText: MINIMAL, mode: "install", agents: ["all"], scope: "project", projectDir: d.project, homeDir: d.home, env: {}, installers: INSTALLERS, ...over };
}

/** Plans and writes; the plan's changes. */
function run(req: InstallRequest) {
  const plan = planFromRequest(req);
  assert.ok(plan.ok, plan.ok ? "" : plan.error.message);
  assert.equal(applyPlan(plan.value), null);
  return plan.value;
}

const json = (path: string): any => JSON.parse(readFileSync(path, "utf8"));
const write = (path: string, text: string): void => {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, text);
};

/** Every file below `dir` with its text. */
function snapshot(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (d: string): void => {
    for (const name of readdirSync(d)) {
      const p = join(d, name);
      if (statSync(p).isDirectory()) walk(p);
      else out[p.slice(dir.length)] = readFileSync(p, "utf8");
    }
  };
  walk(dir);
  return out;
}

describe("what install writes per agent", () => {
  test("project level: each agent's file, form, event and tool names, units", () => {
    const d = dirs();
    run(request(d));
    const claude = json(join(d.project, ".claude/settings.json"));
    assert.deepEqual(Object.keys(claude.hooks), ["PreToolUse"]);
    assert.equal(claude.hooks.PreToolUse[0].matcher, "Bash");
    assert.equal(claude.hooks.PreToolUse[0].hooks[0].timeout, 30);
    assert.match(claude.hooks.PreToolUse[0].hooks[0].command, /CLAUDE_HOOK_PROTOCOL_OWNER=claude-hook-protocol node \/opt\/deny\.mjs$/);
    const codex = json(join(d.project, ".codex/hooks.json"));
    assert.equal(codex.hooks.PreToolUse[0].matcher, "Bash");
    assert.equal(codex.hooks.PreToolUse[0].hooks[0].command, "CLAUDE_HOOK_PROTOCOL_AGENT=codex CLAUDE_HOOK_PROTOCOL_OWNER=claude-hook-protocol node /opt/deny.mjs");
    const gemini = json(join(d.project, ".gemini/settings.json"));
    assert.deepEqual(Object.keys(gemini.hooks), ["BeforeTool"]);
    assert.equal(gemini.hooks.BeforeTool[0].matcher, "^(?:run_shell_command)$");
    assert.equal(gemini.hooks.BeforeTool[0].hooks[0].timeout, 30000, "Gemini CLI: milliseconds");
    const droid = json(join(d.project, ".factory/settings.json"));
    assert.equal(droid.hooks.PreToolUse[0].matcher, "^(?:Execute)$");
    assert.equal(existsSync(join(d.project, ".factory/hooks.json")), false);
    // Copilot CLI runs the .claude/settings.json hook: its own file is not written
    assert.equal(existsSync(join(d.project, ".github/hooks/claude-hook-protocol.json")), false);
  });

  test("user level: below $HOME (CODEX_HOME and COPILOT_HOME honoured); Copilot CLI gets its own file (it never reads ~/.claude)", () => {
    const d = dirs();
    run(request(d, { scope: "user", env: { CODEX_HOME: join(d.home, "cx") } }));
    assert.ok(existsSync(join(d.home, ".claude/settings.json")));
    assert.ok(existsSync(join(d.home, "cx/hooks.json")));
    assert.ok(existsSync(join(d.home, ".gemini/settings.json")));
    assert.ok(existsSync(join(d.home, ".factory/settings.json")));
    const copilot = json(join(d.home, ".copilot/hooks/claude-hook-protocol.json"));
    assert.deepEqual(copilot, { version: 1, hooks: { preToolUse: [{ type: "command", bash: "CLAUDE_HOOK_PROTOCOL_AGENT=copilot-cli CLAUDE_HOOK_PROTOCOL_OWNER=claude-hook-protocol node /opt/deny.mjs", timeoutSec: 30, matcher: "^(?:bash)$" }] } });
    assert.deepEqual(readdirSync(d.project), [], "nothing at project level");
    // at user level Claude Code's command names claude-code plainly
    assert.match(json(join(d.home, ".claude/settings.json")).hooks.PreToolUse[0].hooks[0].command, /^CLAUDE_HOOK_PROTOCOL_AGENT=claude-code /);
  });

  test("Copilot CLI alone at project level: .github/hooks/<owner>.json in its native form", () => {
    const d = dirs();
    run(request(d, { agents: ["copilot-cli"], manifestText: JSON.stringify({ owner: "team", hooks: [{ event: "PreToolUse", tools: ["Bash", "Read"], command: "x" }] }) }));
    const file = json(join(d.project, ".github/hooks/team.json"));
    assert.deepEqual(file.hooks.preToolUse, [{ type: "command", bash: "CLAUDE_HOOK_PROTOCOL_AGENT=copilot-cli CLAUDE_HOOK_PROTOCOL_OWNER=team x", matcher: "^(?:bash|view)$" }]);
  });

  test("droid: into hooks.json where it lists the event (it replaces settings.json's list there)", () => {
    const d = dirs();
    write(join(d.project, ".factory/hooks.json"), JSON.stringify({ PreToolUse: [{ matcher: "Execute", hooks: [{ type: "command", command: "mine" }] }] }, null, 2) + "\n");
    run(request(d, { agents: ["droid"] }));
    const bare = json(join(d.project, ".factory/hooks.json"));
    assert.equal(bare.PreToolUse.length, 2);
    assert.equal(bare.PreToolUse[0].hooks[0].command, "mine");
    assert.equal(existsSync(join(d.project, ".factory/settings.json")), false);
  });

  test("failClosed, name: Claude Code onFailure block, Gemini CLI name; elsewhere a note", () => {
    const d = dirs();
    const plan = run(request(d, { manifestText: JSON.stringify({ hooks: [{ event: "PreToolUse", tools: ["Bash"], command: "x", failClosed: true, name: "guard" }] }) }));
    assert.equal(json(join(d.project, ".claude/settings.json")).hooks.PreToolUse[0].hooks[0].onFailure, "block");
    assert.equal(json(join(d.project, ".gemini/settings.json")).hooks.BeforeTool[0].hooks[0].name, "guard");
    assert.ok(plan.notes.some((n) => n.agent === "codex" && n.code === "fail-closed-by-kit"));
    assert.ok(plan.notes.some((n) => n.agent === "codex" && n.code === "codex-project-trust"));
  });

  test("an event an agent lacks writes nothing there, with a note; tools on an event without matcher are left out", () => {
    const d = dirs();
    const plan = run(request(d, { manifestText: JSON.stringify({ hooks: [{ event: "Notification", command: "x" }, { event: "Stop", tools: ["Bash"], command: "y" }] }) }));
    assert.deepEqual(Object.keys(json(join(d.project, ".codex/hooks.json")).hooks), ["Stop"]);
    assert.ok(plan.notes.some((n) => n.agent === "codex" && n.code === "no-such-event"));
    assert.equal(json(join(d.project, ".claude/settings.json")).hooks.Stop[0].matcher, undefined);
    assert.ok(plan.notes.some((n) => n.agent === "claude-code" && n.code === "tools-ignored"));
  });

  test("tool names from the kit's mapping: renamed where the agent names them otherwise, MCP names kept", () => {
    const d = dirs();
    run(request(d, { manifestText: JSON.stringify({ hooks: [{ event: "PreToolUse", tools: ["Write", "Read", "mcp__db__query"], command: "x" }] }) }));
    // Codex offers hooks no file tool: only the MCP tool is left in its matcher (with a note)
    assert.equal(json(join(d.project, ".codex/hooks.json")).hooks.PreToolUse[0].matcher, "mcp__db__query");
    assert.equal(json(join(d.project, ".gemini/settings.json")).hooks.BeforeTool[0].matcher, "^(?:write_file|read_file|mcp__db__query)$");
    assert.equal(json(join(d.project, ".factory/settings.json")).hooks.PreToolUse[0].matcher, "^(?:Create|Read|mcp__db__query)$");
    assert.equal(json(join(d.project, ".claude/settings.json")).hooks.PreToolUse[0].matcher, "Write|Read|mcp__db__query");
  });
});

describe("idempotence and ownership", () => {
  for (const scope of ["project", "user"] as const) {
    test(`${scope}: a second install plans no change`, () => {
      const d = dirs();
      run(request(d, { scope }));
      const second = planFromRequest(request(d, { scope }));
      assert.ok(second.ok);
      assert.deepEqual(second.value.changes, []);
    });
  }

  const FOREIGN: Record<string, string> = {
    "2 spaces": JSON.stringify({ model: "x", hooks: { PreToolUse: [{ matcher: "Edit", hooks: [{ type: "command", command: "fmt" }] }], Stop: [] }, env: { A: "1" } }, null, 2) + "\n",
    "4 spaces, no final newline": JSON.stringify({ hooks: { PreToolUse: [{ matcher: "Bash", hooks: [{ type: "command", command: "audit" }] }] } }, null, 4),
    tabs: JSON.stringify({ permissions: { allow: ["Bash(ls)"] } }, null, "\t") + "\n",
    "odd entries kept as they are": JSON.stringify({ hooks: { PreToolUse: [null, 5, "x", { hooks: "nope" }, { hooks: [null, { command: 5 }] }], Stop: {} } }, null, 2) + "\n",
    "__proto__ as data": '{\n  "__proto__": {\n    "polluted": true\n  },\n  "hooks": {\n    "__proto__": []\n  }\n}\n',
  };
  for (const [name, text] of Object.entries(FOREIGN)) {
    test(`install then uninstall gives the foreign file back byte for byte (${name})`, () => {
      const d = dirs();
      // Codex refuses a hooks file with other top-level keys or odd entries (install then refuses to write it): only where it reads the file
      const codexReads = !/"(model|permissions|__proto__)"|null|"x"/.test(text);
      // Claude Code skips a settings file with entries of the wrong type: the odd entries only where the agent reads past them
      const claudeReads = name !== "odd entries kept as they are";
      // droid drops a whole hooks section with a handler without a command string (dr-vh-*): likewise
      const droidReads = claudeReads;
      const files = [...(claudeReads ? [".claude/settings.json"] : []), ...(codexReads ? [".codex/hooks.json"] : []), ".gemini/settings.json", ...(droidReads ? [".factory/settings.json"] : [])];
      for (const f of files) write(join(d.project, f), text);
      const before = snapshot(d.project);
      run(request(d));
      for (const f of files) assert.notEqual(readFileSync(join(d.project, f), "utf8"), text, `${f} was written`);
      run(request(d, { mode: "uninstall" }));
      assert.deepEqual(snapshot(d.project), before);
      assert.equal(({} as Record<string, unknown>)["polluted"], undefined);
    });
  }

  test("install then uninstall with no file before leaves no file", () => {
    const d = dirs();
    run(request(d));
    run(request(d, { mode: "uninstall" }));
    assert.deepEqual(snapshot(d.project), {});
  });

  test("uninstall keeps other owners' entries and hand-written ones that only mention the marker", () => {
    const d = dirs();
    const other = JSON.stringify({ owner: "other", hooks: [{ event: "PreToolUse", tools: ["Bash"], command: "theirs" }] });
    run(request(d, { agents: ["claude-code"], manifestText: other }));
    const settings = join(d.project, ".claude/settings.json");
    const withMention = json(settings);
    withMention.hooks.PreToolUse.push({ hooks: [{ type: "command", command: "echo CLAUDE_HOOK_PROTOCOL_OWNER=claude-hook-protocol" }] });
    write(settings, JSON.stringify(withMention, null, 2) + "\n");
    const before = readFileSync(settings, "utf8");
    run(request(d, { agents: ["claude-code"] }));
    run(request(d, { agents: ["claude-code"], mode: "uninstall" }));
    assert.equal(readFileSync(settings, "utf8"), before);
  });

  test("a reinstall with fewer hooks removes the dropped one", () => {
    const d = dirs();
    const two = JSON.stringify({ hooks: [{ event: "PreToolUse", tools: ["Bash"], command: "a" }, { event: "Stop", command: "b" }] });
    run(request(d, { agents: ["claude-code", "gemini-cli"], manifestText: two }));
    run(request(d, { agents: ["claude-code", "gemini-cli"] }));
    assert.deepEqual(Object.keys(json(join(d.project, ".claude/settings.json")).hooks), ["PreToolUse"]);
    assert.deepEqual(Object.keys(json(join(d.project, ".gemini/settings.json")).hooks), ["BeforeTool"]);
  });

  test("the owner marker: only leading assignments count", () => {
    assert.equal(ownerOf("CLAUDE_HOOK_PROTOCOL_AGENT=codex CLAUDE_HOOK_PROTOCOL_OWNER=me node x"), "me");
    assert.equal(ownerOf("node x CLAUDE_HOOK_PROTOCOL_OWNER=me"), null);
    assert.equal(ownerOf("echo CLAUDE_HOOK_PROTOCOL_OWNER=me"), null);
    assert.equal(ownerOf(""), null);
  });
});

describe("files that cannot be edited safely", () => {
  const BAD: Record<string, string> = {
    "not JSON": '{"hooks": {',
    "an array": "[]",
    "hooks not an object": '{"hooks": "x"}',
  };
  for (const [name, text] of Object.entries(BAD)) {
    test(`${name}: an error naming the file; nothing is written anywhere`, () => {
      const d = dirs();
      write(join(d.project, ".gemini/settings.json"), text);
      const plan = planFromRequest(request(d));
      assert.equal(plan.ok, false);
      assert.ok(!plan.ok && plan.error.message.includes(".gemini/settings.json") && plan.error.message.includes("not rewritten"));
      assert.deepEqual(snapshot(d.project), { "/.gemini/settings.json": text });
    });
  }

  test("an event whose value is not a list is refused, not overwritten", () => {
    const d = dirs();
    write(join(d.project, ".claude/settings.json"), '{"hooks": {"PreToolUse": {"matcher": "Bash"}}}');
    const plan = planFromRequest(request(d, { agents: ["claude-code"] }));
    assert.ok(!plan.ok && plan.error.code === "config-conflict" && plan.error.path === "/hooks/PreToolUse");
  });

  test("Gemini's hooks settings keys beside the events are kept", () => {
    const d = dirs();
    const text = JSON.stringify({ hooks: { enabled: true, disabled: ["x"] } }, null, 2) + "\n";
    write(join(d.project, ".gemini/settings.json"), text);
    run(request(d, { agents: ["gemini-cli"] }));
    assert.deepEqual(json(join(d.project, ".gemini/settings.json")).hooks.disabled, ["x"]);
    run(request(d, { agents: ["gemini-cli"], mode: "uninstall" }));
    assert.equal(readFileSync(join(d.project, ".gemini/settings.json"), "utf8"), text);
  });

  test("a rewrite keeps the file's mode and leaves no temporary file", () => {
    const d = dirs();
    const path = join(d.project, ".claude/settings.json");
    write(path, "{}\n");
    chmodSync(path, 0o600);
    run(request(d, { agents: ["claude-code"] }));
    assert.equal(statSync(path).mode & 0o777, 0o600);
    assert.deepEqual(readdirSync(dirname(path)), ["settings.json"]);
  });

  test("a settings file that is a symbolic link is written through it; the link stays", () => {
    const d = dirs();
    const real = join(d.home, "dotfiles-settings.json");
    writeFileSync(real, "{}\n");
    mkdirSync(join(d.project, ".claude"));
    symlinkSync(real, join(d.project, ".claude/settings.json"));
    run(request(d, { agents: ["claude-code"] }));
    assert.ok(lstatSync(join(d.project, ".claude/settings.json")).isSymbolicLink());
    assert.equal(json(real).hooks.PreToolUse.length, 1);
  });

  test("nesting deeper than the parser takes is an error, not a crash, and nothing is written", () => {
    const d = dirs();
    const text = `{"x": ${"[".repeat(100_000)}${"]".repeat(100_000)}}`;
    write(join(d.project, ".claude/settings.json"), text);
    const plan = planFromRequest(request(d, { agents: ["claude-code"] }));
    assert.ok(!plan.ok && plan.error.code === "config-unreadable");
  });

  test("hostile manifests: __proto__ is an unknown key, an owner cannot leave Copilot's hook folder, empty commands", () => {
    const d = dirs();
    for (const manifestText of [
      '{"__proto__": {"polluted": true}, "hooks": []}',
      '{"owner": "../../evil", "hooks": [{"event": "PreToolUse", "command": "x"}]}',
      '{"owner": "a b", "hooks": []}',
      '{"hooks": [{"event": "PreToolUse", "command": "   "}]}',
      '{"hooks": [{"event": "PreToolUse", "command": "x", "timeout": 0}]}',
      '{"hooks": {"event": "PreToolUse"}}',
    ]) {
      const plan = planFromRequest(request(d, { manifestText }));
      assert.ok(!plan.ok && plan.error.code === "invalid-manifest", manifestText);
    }
    assert.equal(({} as Record<string, unknown>)["polluted"], undefined);
    assert.deepEqual(readdirSync(d.project), []);
  });

  test("manifest errors: unknown key with its position, unknown agent", () => {
    const d = dirs();
    const bad = planFromRequest(request(d, { manifestText: '{"hooks": [{"event": "PreToolUse", "comand": "x"}]}' }));
    assert.ok(!bad.ok);
    assert.equal(bad.ok ? "" : bad.error.code, "invalid-manifest");
    const agent = planFromRequest(request(d, { agents: ["cursor"] }));
    assert.ok(!agent.ok && agent.error.code === "unknown-agent");
  });
});

describe("Copilot CLI also runs .claude/settings.json", () => {
  const copilotFile = (d: { project: string }): string => join(d.project, ".github/hooks/claude-hook-protocol.json");
  const claudeFile = (d: { project: string }): string => join(d.project, ".claude/settings.json");

  test("the Claude Code command names claude-code literally: no variable of the environment (COPILOT_CLI, CLAUDE_HOOK_PROTOCOL_AGENT) changes it", () => {
    const d = dirs();
    run(request(d, { agents: ["claude-code"], manifestText: JSON.stringify({ hooks: [{ event: "PreToolUse", command: "printenv CLAUDE_HOOK_PROTOCOL_AGENT" }] }) }));
    const command = json(claudeFile(d)).hooks.PreToolUse[0].hooks[0].command as string;
    for (const shell of ["sh", "bash"]) {
      for (const leaked of [{}, { COPILOT_CLI: "1" }, { CLAUDE_HOOK_PROTOCOL_AGENT: "codex", CLAUDE_HOOK_PROTOCOL_COPILOT: "copilot-cli" }]) {
        assert.equal(spawnSync(shell, ["-c", command], { encoding: "utf8", env: { PATH: process.env["PATH"], HOME: d.home, ...leaked } }).stdout, "claude-code\n");
      }
    }
  });

  test("Copilot first, Claude Code later: Copilot's own entry goes (it would run twice); uninstalling Claude Code says Copilot lost it", () => {
    const d = dirs();
    run(request(d, { agents: ["copilot-cli"] }));
    assert.ok(existsSync(copilotFile(d)));
    const plan = run(request(d, { agents: ["claude-code"] }));
    assert.equal(existsSync(copilotFile(d)), false);
    assert.ok(plan.notes.some((n) => n.code === "runs-from-other"));
    const removed = run(request(d, { agents: ["claude-code"], mode: "uninstall" }));
    assert.equal(existsSync(claudeFile(d)), false);
    assert.ok(removed.notes.some((n) => n.agent === "copilot-cli" && n.code === "ran-from-other"));
    run(request(d, { agents: ["copilot-cli"] }));
    assert.equal(json(copilotFile(d)).hooks.preToolUse.length, 1);
  });

  test("uninstall of both leaves nothing", () => {
    const d = dirs();
    run(request(d, { agents: ["copilot-cli"] }));
    run(request(d, { agents: ["claude-code"] }));
    run(request(d, { agents: ["claude-code", "copilot-cli"], mode: "uninstall" }));
    assert.deepEqual(snapshot(d.project), {});
  });
});

describe("the CLI", () => {
  function io(env: NodeJS.ProcessEnv) {
    let stdout = "";
    let stderr = "";
    const sink = (append: (s: string) => void) => new Writable({ write(chunk, _enc, done) { append(String(chunk)); done(); } });
    return {
      io: { stdin: Readable.from([]), stdout: sink((s) => (stdout += s)), stderr: sink((s) => (stderr += s)), env },
      out: () => ({ stdout, stderr }),
    };
  }

  test("--dry-run prints a unified diff and writes nothing; install writes; exit statuses", async () => {
    const d = dirs();
    const manifest = join(d.home, "m.json");
    writeFileSync(manifest, MINIMAL);
    const dry = io({ HOME: d.home });
    assert.equal(await main(["install", manifest, "--agent", "gemini-cli", "--project", d.project, "--dry-run"], dry.io), 0);
    assert.match(dry.out().stdout, /^--- \/dev\/null\n\+\+\+ .*\.gemini\/settings\.json\n@@ -0,0 \+1,16 @@\n\+\{/);
    assert.match(dry.out().stdout, /\+ {12}"timeout": 30000/);
    assert.deepEqual(readdirSync(d.project), []);
    const real = io({ HOME: d.home });
    assert.equal(await main(["install", manifest, "--agent", "gemini-cli", "--project", d.project], real.io), 0);
    assert.match(real.out().stdout, /^created .*\.gemini\/settings\.json \(gemini-cli\)\n$/);
    const again = io({ HOME: d.home });
    assert.equal(await main(["install", manifest, "--agent", "gemini-cli", "--project", d.project], again.io), 0);
    assert.equal(again.out().stdout, "nothing to change\n");
    const usage = io({ HOME: d.home });
    assert.equal(await main(["install", manifest, "--project", d.project], usage.io), 2);
    assert.equal(await main(["install", manifest, "--agent", "cursor"], usage.io), 2);
    writeFileSync(manifest, '{"hooks": [{"event": 1}]}');
    const invalid = io({ HOME: d.home });
    assert.equal(await main(["uninstall", manifest, "--agent", "all", "--project", d.project], invalid.io), 2);
    assert.match(invalid.out().stderr, /m\.json:1:\d+: \/hooks\/0: "command" is required/);
  });

  test("a unified diff of an edit has context and counts", () => {
    const diff = unifiedDiff("f", "a\nb\nc\nd\ne\nf\ng\nh\n", "a\nb\nc\nd\nX\nf\ng\nh\n");
    assert.equal(diff, "--- f\n+++ f\n@@ -2,7 +2,7 @@\n b\n c\n d\n-e\n+X\n f\n g\n h\n");
  });
});
