/**
 * A manifest kept in a repository names its hook by the variable Claude Code sets to the project
 * directory (`"$CLAUDE_PROJECT_DIR"/hooks/x`), and `install` gives each agent the
 * variable that agent sets for its hooks (src/install/project-dir.ts; each installer's
 * `projectDirVariable`, from its recordings). Shown twice: the text written per agent, and the
 * hook run by every agent's runner through `test --agent all` (installed as install writes it)
 * with a CLAUDE_PROJECT_DIR leaked from elsewhere in the environment (Codex, which sets none,
 * started from a Claude Code session): each agent runs the project's script.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { withProjectDirVariable } from "../src/install/project-dir.js";
import { planFromRequest } from "../src/install/install.js";
import { loadInstallers } from "../src/agents.js";
import { AGENT_NAMES } from "../src/core/agents.js";

const ROOT = fileURLToPath(new URL("..", import.meta.url));

test("each spelling of $CLAUDE_PROJECT_DIR the shell expands becomes the agent's variable; quoted as text, it stays", () => {
  const cases: [string, string][] = [
    ['node "$CLAUDE_PROJECT_DIR"/hooks/a.mjs', 'node "${PWD}"/hooks/a.mjs'],
    ["node ${CLAUDE_PROJECT_DIR}/a.mjs", "node ${PWD}/a.mjs"],
    ['node "${CLAUDE_PROJECT_DIR:-.}/a.mjs"', 'node "${PWD:-.}/a.mjs"'],
    ["cd $CLAUDE_PROJECT_DIR && ./a.sh", "cd ${PWD} && ./a.sh"],
    ["echo '$CLAUDE_PROJECT_DIR' \\$CLAUDE_PROJECT_DIR", "echo '$CLAUDE_PROJECT_DIR' \\$CLAUDE_PROJECT_DIR"],
    ["echo $CLAUDE_PROJECT_DIRS", "echo $CLAUDE_PROJECT_DIRS"],
    ['echo "it\'s $CLAUDE_PROJECT_DIR"', 'echo "it\'s ${PWD}"'],
  ];
  for (const [given, expected] of cases) assert.equal(withProjectDirVariable(given, "CLAUDE_PROJECT_DIR", "PWD"), expected, given);
  assert.equal(withProjectDirVariable('node "$CLAUDE_PROJECT_DIR"/a.mjs', "CLAUDE_PROJECT_DIR", "CLAUDE_PROJECT_DIR"), 'node "$CLAUDE_PROJECT_DIR"/a.mjs');
});

test("install writes each agent's own variable into its command", async () => {
  const project = mkdtempSync(join(tmpdir(), "install-project-dir-"));
  try {
    const installers = await loadInstallers();
    const plan = planFromRequest({
      manifestText: JSON.stringify({ hooks: [{ event: "PreToolUse", tools: ["Bash"], command: 'node "$CLAUDE_PROJECT_DIR"/hooks/guard.mjs' }] }),
      // user level: every agent its own file (at project level Copilot CLI runs Claude Code's .claude/settings.json, with CLAUDE_PROJECT_DIR set: pre-22)
      mode: "install", agents: [...AGENT_NAMES], scope: "user", projectDir: project, homeDir: project, env: {}, installers,
    });
    assert.ok(plan.ok, plan.ok ? "" : plan.error.message);
    const written = plan.value.changes.map((change) => change.after ?? "").join("\n");
    for (const installer of installers) {
      const quoted = installer.projectDirVariable === "CLAUDE_PROJECT_DIR" ? '\\"$CLAUDE_PROJECT_DIR\\"/hooks/guard.mjs' : `\\"\${${installer.projectDirVariable}}\\"/hooks/guard.mjs`;
      assert.ok(written.includes(`CLAUDE_HOOK_PROTOCOL_AGENT=${installer.agent} `) && written.includes(quoted), `${installer.agent}: ${quoted}`);
    }
    assert.deepEqual(installers.map((i) => i.projectDirVariable), ["CLAUDE_PROJECT_DIR", "PWD", "GEMINI_PROJECT_DIR", "COPILOT_PROJECT_DIR", "FACTORY_PROJECT_DIR", "QWEN_PROJECT_DIR", "PWD"]);
  } finally {
    rmSync(project, { recursive: true, force: true });
  }
});

test("test --agent all: every agent's runner runs the project's script, a leaked CLAUDE_PROJECT_DIR notwithstanding", () => {
  const project = mkdtempSync(join(tmpdir(), "install-project-dir-run-"));
  const elsewhere = mkdtempSync(join(tmpdir(), "install-project-dir-elsewhere-"));
  try {
    mkdirSync(join(project, "hooks"));
    // the agent that ran it: install marks each command with CLAUDE_HOOK_PROTOCOL_AGENT (the reference agent's run is not installed)
    writeFileSync(join(project, "hooks/mark.sh"), 'echo "${CLAUDE_HOOK_PROTOCOL_AGENT:-claude-code}" >> "$(dirname "$0")/ran"\n');
    mkdirSync(join(elsewhere, "hooks"));
    writeFileSync(join(elsewhere, "hooks/mark.sh"), 'echo "elsewhere ${CLAUDE_HOOK_PROTOCOL_AGENT:-claude-code}" >> "$(dirname "$0")/ran"\n');
    writeFileSync(join(project, "mark.hooktest.json"), JSON.stringify({
      hooks: ['sh "$CLAUDE_PROJECT_DIR"/hooks/mark.sh'],
      cases: [{ name: "runs", input: { hook_event_name: "PreToolUse", tool_name: "Bash", tool_input: { command: "ls" }, cwd: project }, expect: { decision: null } }],
    }));
    const run = spawnSync(process.execPath, ["--import", "tsx", join(ROOT, "src/cli.ts"), "test", "--agent", "all", join(project, "mark.hooktest.json")], {
      cwd: ROOT, encoding: "utf8", env: { ...process.env, NO_COLOR: "1", CLAUDE_PROJECT_DIR: elsewhere },
    });
    assert.equal(run.status, 0, run.stdout + run.stderr);
    assert.deepEqual(readFileSync(join(project, "hooks/ran"), "utf8").trim().split("\n").sort(), [...AGENT_NAMES].sort());
    assert.throws(() => readFileSync(join(elsewhere, "hooks/ran")), /ENOENT/);
  } finally {
    rmSync(project, { recursive: true, force: true });
    rmSync(elsewhere, { recursive: true, force: true });
  }
});
