/**
 * The hook author's first day, replayed from its recording under the real agents
 * (scripts/record-newcomer.ts made it: a project from docs/authoring.md alone, its TypeScript
 * hook compiled, the page's manifest installed with the page's command, each agent run in it).
 * The recording must be of today's page and of what `install` writes today, and under each of
 * the six agents `install --agent all` reaches the hook must deny `rm -rf` with its own reason
 * and let `ls` run.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { existsSync, mkdtempSync, readdirSync, readFileSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { planFromRequest } from "../src/install/install.js";
import { loadInstallers } from "../src/agents.js";
import { documentedFiles } from "./lib/outside-project.js";
import { ROOT } from "./lib/built-kit.js";
import { NEWCOMER_COMMANDS, newcomerAgents } from "../scripts/record-newcomer.js";

const DIR = join(ROOT, "test/observer/newcomer");
const page = JSON.parse(readFileSync(join(DIR, "page.json"), "utf8")) as { files: Record<string, string>; lint_status: number; lint_stdout: string };

function filesBelow(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => (statSync(join(dir, name)).isDirectory() ? filesBelow(join(dir, name)) : [join(dir, name)]));
}

test("the recording is of today's page: the tsconfig, hook, hook test and manifest docs/authoring.md gives (re-record: npx tsx scripts/record-newcomer.ts)", () => {
  assert.deepEqual(page.files, Object.fromEntries(documentedFiles()));
});

test("the files the recorded install wrote are what install writes today from the page's manifest, and lint found no error", async () => {
  const project = mkdtempSync(join(tmpdir(), "chp-newcomer-"));
  const plan = planFromRequest({ manifestText: page.files["hooks.json"]!, mode: "install", agents: ["all"], scope: "project", projectDir: project, homeDir: join(project, "home"), env: {}, installers: await loadInstallers() });
  assert.ok(plan.ok);
  const written = Object.fromEntries(plan.value.changes.map((change) => [relative(project, change.path), change.after!.replaceAll(project, "{{PROJECT}}")]));
  const installed = join(DIR, "installed");
  const recorded = Object.fromEntries(filesBelow(installed).map((file) => [relative(installed, file), readFileSync(file, "utf8")]));
  assert.deepEqual(recorded, written);
  assert.equal(page.lint_status, 0, page.lint_stdout);
});

const reached = await newcomerAgents(page.files["hooks.json"]!);

test("the page's install --agent all reaches six agents at project level (Kimi Code CLI reads user configuration only), each recorded", () => {
  assert.equal(reached.length, 6, reached.join(", "));
  assert.deepEqual(readdirSync(join(DIR, "calls")).map((file) => file.replace(/\.json$/, "")).sort(), [...reached].sort());
});

for (const agent of reached) {
  test(`${agent}: the real agent, in the project the page makes, is kept from rm -rf with the hook's reason and runs ls`, () => {
    const file = join(DIR, "calls", `${agent}.json`);
    assert.ok(existsSync(file), `${file}: not recorded`);
    const { calls } = JSON.parse(readFileSync(file, "utf8")) as { calls: { command: string; tool_ran: boolean; reason: string | null }[] | { not_measured: true; error: string } };
    assert.ok(Array.isArray(calls), `not measured: ${JSON.stringify(calls)}`);
    assert.deepEqual(calls.map((call) => call.command), [...NEWCOMER_COMMANDS]);
    const [rmRf, ls] = calls;
    assert.deepEqual({ ran: rmRf!.tool_ran, reason: rmRf!.reason }, { ran: false, reason: "rm -rf is blocked" });
    assert.equal(ls!.tool_ran, true);
  });
}
