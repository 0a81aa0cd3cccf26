// The end-to-end recordings replayed without the agents (scripts/record-e2e.mjs
// made them with the real agents): the configuration each recording ran with
// must be what `install` writes today, the recorded outcomes must be the
// README's end-to-end table, and each outcome must say what it claims.
import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { planFromRequest } from "../src/install/install.js";
import { AGENT_NAMES } from "../src/core/agents.js";
import { loadInstallers } from "../src/agents.js";
const INSTALLERS = await loadInstallers();
import { asWritten, e2eCases, e2eTable, ROOT } from "./lib/e2e-table.js";

const cases = e2eCases();
const manifest = readFileSync(join(ROOT, "test/observer/e2e-manifest.json"), "utf8");

describe("end-to-end recordings", () => {
  test("there is a recording per agent and level, and Copilot CLI's three project configurations", () => {
    assert.deepEqual([...new Set(cases.map((c) => c.agent))], [...AGENT_NAMES]);
    assert.deepEqual(cases.filter((c) => c.agent === "copilot-cli").map((c) => c.id), ["copilot-cli-own", "copilot-cli-claude-settings", "copilot-cli-both", "copilot-cli-user"]);
    for (const agent of AGENT_NAMES) assert.ok(cases.some((c) => c.agent === agent && c.scope === "user"), `${agent}: a user-level recording`);
  });

  for (const c of cases) {
    test(`${c.id}: the recorded configuration is what install writes today`, () => {
      const root = mkdtempSync(join(tmpdir(), "chp-e2e-replay-"));
      const [project, home] = [join(root, "project"), join(root, "home")];
      const plan = planFromRequest({ manifestText: manifest, mode: "install", agents: c.installedFor, scope: c.scope, projectDir: project, homeDir: home, env: {}, installers: INSTALLERS });
      assert.ok(plan.ok);
      const base = c.scope === "user" ? home : project;
      const written = Object.fromEntries(plan.value.changes.map((change) => [change.path.slice(base.length + 1), change.after]));
      const recorded = Object.fromEntries(c.files.map((f) => [f, readFileSync(join(c.dir, "installed", f), "utf8")]));
      assert.deepEqual(written, recorded);
    });

    test(`${c.id}: the recorded calls are the rm -rf call and ls, with consistent outcomes`, () => {
      assert.deepEqual(c.calls.map((call) => call.command), ["rm -rf {{WORK}}/x", "ls"]);
      for (const call of c.calls) if (call.reason !== null) assert.equal(call.tool_ran, false, "a reason comes only with a denial");
      // the reason the model got is the example's own (examples/hooks/kit-deny-rm-rf.mjs), not the agent's default
      if (c.calls[0]!.reason !== null) assert.equal(c.calls[0]!.reason, "rm -rf is blocked by policy: delete files one by one, or ask the user");
    });
  }

  test("the README's end-to-end table is the recordings' (regenerate: node --import tsx test/lib/e2e-table.ts)", () => {
    const readme = readFileSync(join(ROOT, "README.md"), "utf8");
    const m = /<!-- e2e-table -->\n([\s\S]*?)<!-- \/e2e-table -->/.exec(readme);
    assert.ok(m, "README.md has the <!-- e2e-table --> block");
    assert.equal(m[1], e2eTable(cases));
  });

  test("Copilot CLI with both configurations installed runs the hook once (its own file is not written)", () => {
    const both = cases.find((c) => c.id === "copilot-cli-both")!;
    assert.deepEqual(both.files, [".claude/settings.json"]);
    assert.equal(asWritten(both), asWritten(cases.find((c) => c.id === "copilot-cli-claude-settings")!));
  });
});

test("recorded: Copilot CLI runs a hook of .claude/settings.json and the same hook of its own file both, own file first (why install writes one)", () => {
  const record = JSON.parse(readFileSync(join(ROOT, "test/observer/copilot-cli/e2e-runs-twice/calls.json"), "utf8")) as { calls: { command: string; tool_result: string }[] };
  const cat = record.calls.find((call) => call.command === "cat hookcount.txt")!;
  assert.deepEqual(cat.tool_result.split("\n").slice(0, 2), ["own-file", "claude-settings"]);
});

test("recorded: Copilot CLI does not dedupe an identical command in both places: it runs twice", () => {
  const record = JSON.parse(readFileSync(join(ROOT, "test/observer/copilot-cli/e2e-runs-twice/identical/calls.json"), "utf8")) as { calls: { tool_result: string }[] };
  assert.deepEqual(record.calls[0]!.tool_result.split("\n").filter((line) => line === "ran"), ["ran", "ran"]);
});

test("recorded: under Codex CLI the installed hook runs only once its review is done (or bypassed): unreviewed, it silently does not run", () => {
  const read = (name: string): { outcome: { tool_ran: boolean; hook_runs: unknown[]; notices: unknown[]; tool_output: string } } =>
    JSON.parse(readFileSync(join(ROOT, "test/observer/codex/e2e-trust", name), "utf8"));
  const unreviewed = read("bypass-false.json").outcome;
  assert.equal(unreviewed.tool_ran, true);
  assert.deepEqual(unreviewed.hook_runs, []);
  assert.deepEqual(unreviewed.notices, []);
  const bypassed = read("bypass-true.json").outcome;
  assert.equal(bypassed.tool_ran, false);
  assert.match(bypassed.tool_output, /^Command blocked by PreToolUse hook: rm -rf is blocked by policy/);
  // the configuration is what install writes today
  const plan = planFromRequest({ manifestText: manifest, mode: "install", agents: ["codex"], scope: "project", projectDir: "/p", homeDir: "/h", env: {}, installers: INSTALLERS });
  assert.ok(plan.ok);
  assert.equal(plan.value.changes[0]!.after, readFileSync(join(ROOT, "test/observer/codex/e2e-trust/installed/.codex/hooks.json"), "utf8"));
});
