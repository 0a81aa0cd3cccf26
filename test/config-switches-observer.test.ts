/**
 * The configuration switches and odd-typed fields recorded for issue 16
 * (2026-12-02, `*-cfg-*` recordings under test/observer/<agent>/): each
 * recording's own configuration files, written again with its hook scripts
 * (same stdout, exit code and delay), run through the agent's runner. The
 * runner must block the call exactly when the real agent did (the tool did not
 * run): never a deny the agent does not apply (a switch read for its
 * truthiness, a file the agent drops whole), never a lost one. Expected values
 * are the recordings' `tool_ran`, nothing else.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import type { DialectRunner } from "../src/core/dialect.js";
import { codexRunner } from "../src/codex/runner.js";
import { geminiCliRunner } from "../src/gemini-cli/runner.js";
import { droidRunner } from "../src/droid/runner.js";
import { copilotRunner } from "../src/copilot-cli/runner.js";
import { writeRecordedHooks } from "./lib/recorded-hooks.js";

const ROOT = fileURLToPath(new URL("..", import.meta.url));

interface ScenarioHook {
  stdout?: string;
  stderr?: string;
  exit?: number;
  delay_ms?: number;
}

interface Recording {
  name: string;
  scenario: { hooks: ScenarioHook[]; files?: Record<string, string> };
  outcome: { tool_ran: boolean };
  [key: string]: unknown;
}

interface Agent {
  readonly name: string;
  readonly prefix: string;
  readonly runner: DialectRunner;
  readonly event: string;
  readonly input: Record<string, unknown>;
  /** The recording's configuration files: path (under the run's temp dir) -> content. */
  readonly files: (r: Recording) => Record<string, unknown>;
}

const COMMAND = "echo original >> $TMP/work/oracle-marker.txt; echo tool-output-original";

const AGENTS: readonly Agent[] = [
  {
    name: "codex",
    prefix: "cx-cfg-",
    runner: codexRunner,
    event: "PreToolUse",
    input: { tool_name: "Bash", tool_input: { command: COMMAND }, tool_use_id: "call_1" },
    files: (r) => ({
      "home/.codex/config.toml": r["config_toml"],
      ...Object.fromEntries(Object.entries((r["hooks_files"] ?? {}) as Record<string, unknown>).map(([layer, content]) => [layer === "user" ? "home/.codex/hooks.json" : "work/.codex/hooks.json", content])),
    }),
  },
  {
    name: "gemini-cli",
    prefix: "gp-cfg-",
    runner: geminiCliRunner,
    event: "BeforeTool",
    input: { tool_name: "run_shell_command", tool_input: { command: COMMAND } },
    files: (r) => Object.fromEntries(Object.entries((r["settings"] ?? {}) as Record<string, unknown>).map(([layer, content]) => [layer === "user" ? "home/.gemini/settings.json" : "work/.gemini/settings.json", content])),
  },
  {
    name: "droid",
    prefix: "dr-cfg-",
    runner: droidRunner,
    event: "PreToolUse",
    input: { tool_name: "Execute", tool_input: { command: COMMAND } },
    files: (r) => ({
      ...Object.fromEntries(Object.entries((r["config_files"] ?? {}) as Record<string, unknown>).map(([path, content]) => [path.replace(/^\$TMP\//, ""), content])),
      ...Object.fromEntries(Object.entries(r.scenario.files ?? {}).map(([path, content]) => [`work/${path}`, content])),
    }),
  },
  {
    name: "copilot-cli",
    prefix: "cp-cfg-",
    runner: copilotRunner,
    event: "preToolUse",
    input: { toolName: "bash", toolArgs: { command: COMMAND } },
    files: (r) => Object.fromEntries(Object.entries((r["hooks_files"] ?? {}) as Record<string, unknown>).map(([path, content]) => [path.replace(/^\$TMP\//, ""), content])),
  },
];

/** Issue 25's droid recordings of odd values in a settings.json hooks section beside a deny (`version-hints/`, 0.215.0). */
const MORE: Readonly<Record<string, { readonly dir: string; readonly prefix: string }>> = { droid: { dir: "version-hints/observed", prefix: "dr-vh-cfg-" } };

function recordings(agent: Agent): Recording[] {
  const read = (sub: string, prefix: string): Recording[] => {
    const dir = join(ROOT, "test/observer", agent.name, sub);
    return readdirSync(dir)
      .filter((f) => f.startsWith(prefix) && f.endsWith(".json"))
      .map((f) => JSON.parse(readFileSync(join(dir, f), "utf8")) as Recording);
  };
  const more = MORE[agent.name];
  return [...read("observed", agent.prefix), ...(more === undefined ? [] : read(more.dir, more.prefix))];
}

async function replay(agent: Agent, recording: Recording): Promise<{ blocked: boolean; problems: string }> {
  const dir = mkdtempSync(join(tmpdir(), `cfg-switch-${recording.name}-`));
  try {
    const local = (text: string): string => text.replaceAll("$TMP", dir);
    writeRecordedHooks(dir, recording.scenario.hooks);
    mkdirSync(join(dir, "work"), { recursive: true });
    for (const [path, content] of Object.entries(agent.files(recording))) {
      if (content === undefined || content === null) continue;
      mkdirSync(dirname(join(dir, path)), { recursive: true });
      writeFileSync(join(dir, path), local(typeof content === "string" ? content : JSON.stringify(content, null, 2)));
    }
    const outcome = await agent.runner.run({
      event: agent.event,
      input: JSON.parse(local(JSON.stringify(agent.input))),
      projectDir: join(dir, "work"),
      homeDir: join(dir, "home"),
      env: { PATH: process.env["PATH"], HOME: join(dir, "home"), SHELL: "/bin/bash", TMP: dir },
    });
    return { blocked: outcome.merged.blocked, problems: outcome.problems.map((p) => p.message).join("; ") };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

for (const agent of AGENTS) {
  const all = recordings(agent);
  test(`${agent.name}: the runner blocks exactly where the agent did, for ${all.length} recorded configuration switches and odd-typed fields`, async () => {
    assert.ok(all.length >= 10, `${all.length} recordings`);
    const failures: string[] = [];
    for (const recording of all) {
      const { blocked, problems } = await replay(agent, recording);
      if (blocked !== !recording.outcome.tool_ran) failures.push(`${recording.name}: the agent ${recording.outcome.tool_ran ? "ran the tool" : "blocked it"}, the runner ${blocked ? "blocks" : "lets it run"} (${problems})`);
    }
    assert.deepEqual(failures, []);
  });
}
