/**
 * Each agent's own event names everywhere: validate, run, merge, events and
 * test take an event in the agent's spelling (`BeforeTool`, `preToolUse`) or
 * in Claude Code's (`PreToolUse`), through the one resolver over the
 * dialects' event tables. Per agent, per event that has a Claude Code
 * counterpart under another name.
 */
import assert from "node:assert/strict";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, test } from "node:test";
import { runCli } from "./lib/cli-in-process.js";
import { resolveAgentEvent, resolveCanonicalEvent } from "../src/core/event-names.js";
import { allDialects, dialectOf } from "../src/dialects.js";
import { merge } from "../src/index.js";

const cli = runCli;

const dir = mkdtempSync(join(tmpdir(), "cli-agent-names-"));
after(() => rmSync(dir, { recursive: true, force: true }));
const home = join(dir, "home");
const project = join(dir, "project");
mkdirSync(home);
mkdirSync(project);
const eventInput = join(dir, "event.json");
writeFileSync(eventInput, JSON.stringify({ session_id: "s", cwd: project, tool_name: "Bash", tool_input: { command: "ls" }, prompt: "hi" }));

/** Every (agent, own name, Claude Code name) where the two differ. */
const RENAMED = allDialects().flatMap((d) => d.events.filter((e) => e.canonical !== null && e.canonical !== e.name).map((e) => ({ agent: d.agent, own: e.name, canonical: e.canonical! })));

test("there are renamed events to test for every agent that renames (Gemini CLI, Copilot CLI)", () => {
  const agents = new Set(RENAMED.map((r) => r.agent));
  assert.ok(agents.has("gemini-cli") && agents.has("copilot-cli"), [...agents].join(", "));
});

for (const { agent, own, canonical } of RENAMED) {
  const dialect = dialectOf(agent)!;
  // Copilot CLI has both PreToolUse and preToolUse: Claude Code's name is then its own too
  const canonicalMeans = resolveAgentEvent(dialect, canonical);

  test(`resolver, ${agent}: ${own} is its own; ${canonical} means ${canonicalMeans.ok ? canonicalMeans.event : "?"}`, () => {
    assert.deepEqual(resolveAgentEvent(dialect, own), { ok: true, event: own, canonical });
    assert.ok(canonicalMeans.ok);
    assert.equal(canonicalMeans.canonical, canonical);
    assert.deepEqual(resolveCanonicalEvent([dialect], own), { ok: true, canonical });
  });

  for (const spelling of [own, canonical]) {
    test(`validate --agent ${agent} --event ${spelling}: judged on ${canonicalMeans.ok ? canonicalMeans.event : own}`, async () => {
      const r = await cli(["validate", "--agent", agent, "--event", spelling, "--json"], "{}");
      assert.notEqual(r.code, 2, r.stderr);
      const report = JSON.parse(r.stdout) as { event: string; agents: { agent: string; event: string | null }[] };
      assert.equal(report.event, canonical);
      assert.equal(report.agents[0]!.event, dialect.events.find((e) => e.canonical === canonical)!.name);
    });

    test(`events --agent ${agent} ${spelling}: that event only`, async () => {
      const r = await cli(["events", "--agent", agent, spelling, "--json"]);
      assert.equal(r.code, 0, r.stderr);
      const event = JSON.parse(r.stdout) as { name: string; canonical: string };
      assert.equal(event.canonical, canonical);
      assert.equal(event.name, spelling === own ? own : (canonicalMeans as { event: string }).event);
    });

    test(`events --agent all ${spelling} (${agent}'s): the ${canonical} row`, async () => {
      const r = await cli(["events", "--agent", "all", spelling, "--json"]);
      assert.equal(r.code, 0, r.stderr);
      const rows = JSON.parse(r.stdout) as { canonical: string; agents: Record<string, string[]> }[];
      assert.equal(rows.length, 1);
      assert.equal(rows[0]!.canonical, canonical);
      assert.ok(rows[0]!.agents[agent]!.includes(own));
    });

    const means = spelling === own ? own : canonicalMeans.ok ? canonicalMeans.event : own;
    test(`merge --agent ${agent}: a request for ${spelling} merges as ${means}`, async () => {
      const request = (event: string): string => JSON.stringify({ event, tool_name: "Bash", tool_input: { command: "ls" }, hooks: [{ command: "h", exit: 2, stdout: "", stderr: "no", config_index: 0 }] });
      const asOwn = await cli(["merge", "--agent", agent], request(means));
      const asSpelled = await cli(["merge", "--agent", agent], request(spelling));
      assert.equal(asSpelled.code, 0, asSpelled.stderr);
      assert.deepEqual(JSON.parse(asSpelled.stdout), JSON.parse(asOwn.stdout));
    });
  }

  if (dialect.runner !== undefined) {
    test(`run --agent ${agent} --event ${canonical}: runs ${agent}'s ${canonicalMeans.ok ? canonicalMeans.event : own} (no hooks configured here)`, async () => {
      const r = await cli(["run", "--agent", agent, "--event", canonical, "--input", eventInput, "--project-dir", project, "--home-dir", home]);
      assert.equal(r.code, 0, r.stderr);
      assert.match(r.stdout, new RegExp(`^${dialect.displayName} ${dialect.version.replace(/\./g, "\\.")}, ${canonicalMeans.ok ? canonicalMeans.event : own}: 0 hooks selected`));
    });
  }
}

test("merge (the API) as Gemini CLI: a PreToolUse request merges as BeforeTool (exit 2 denies), not as an unknown event", () => {
  const request = { event: "PreToolUse", tool_name: "run_shell_command", tool_input: { command: "ls" }, hooks: [{ command: "h", exit: 2, stdout: "", stderr: "no", config_index: 0 }] };
  const byCanonical = merge(request, "gemini-cli");
  const byOwn = merge({ ...request, event: "BeforeTool" }, "gemini-cli");
  assert.ok(byCanonical.ok && byOwn.ok);
  assert.equal(byCanonical.value.effects.decision, "deny");
  assert.deepEqual(byCanonical.value, byOwn.value);
});

test("an event no agent has is still refused, naming the agent's events", async () => {
  const r = await cli(["validate", "--agent", "gemini-cli", "--event", "BeforeTools"], "{}");
  assert.equal(r.code, 2);
  assert.match(r.stderr, /unknown event "BeforeTools"/);
  const run = await cli(["run", "--agent", "gemini-cli", "--event", "preToolUse", "--input", eventInput, "--project-dir", project, "--home-dir", home]);
  assert.equal(run.code, 2);
  assert.match(run.stderr, /"preToolUse" is GitHub Copilot CLI's name for PreToolUse; Gemini CLI calls it BeforeTool/);
});

test("Claude Code's commands name the other agent's spelling: validate --event BeforeTool (no --agent)", async () => {
  const r = await cli(["validate", "--event", "BeforeTool"], "{}");
  assert.equal(r.code, 2);
  assert.equal(r.stderr, 'validate: "BeforeTool" is Gemini CLI\'s name for PreToolUse; Claude Code calls it PreToolUse (give --agent gemini-cli to act as Gemini CLI)\n');
});

test("run --event AfterAgent (Claude Code): refused with the Claude Code name", async () => {
  const r = await cli(["run", "--event", "AfterAgent", "--input", eventInput, "--", "true"]);
  assert.equal(r.code, 2);
  assert.match(r.stderr, /"AfterAgent" is Gemini CLI's name for Stop; Claude Code calls it Stop/);
});

test("merge (Claude Code) with a request for agentStop: the error names Stop", async () => {
  const r = await cli(["merge"], JSON.stringify({ event: "agentStop", hooks: [] }));
  assert.equal(r.code, 1);
  assert.match(r.stderr, /"agentStop" is GitHub Copilot CLI's name for Stop; Claude Code calls it Stop/);
});

test("events BeforeModel: Gemini CLI's own event without a counterpart, said so", async () => {
  const r = await cli(["events", "--agent", "all", "BeforeModel"]);
  assert.equal(r.code, 2);
  assert.match(r.stderr, /"BeforeModel" is Gemini CLI's own event, with no counterpart in the other agents/);
});

test("test: a case whose event is another agent's name is an unusable file naming Claude Code's", async () => {
  const path = join(dir, "named.hooktest.json");
  writeFileSync(path, JSON.stringify({ hooks: ["true"], cases: [{ name: "c", event: "BeforeAgent", input: { prompt: "hi" }, expect: {} }] }));
  const r = await cli(["test", path]);
  assert.equal(r.code, 1);
  assert.match(r.stdout, /"BeforeAgent" is Gemini CLI's name for UserPromptSubmit; Claude Code calls it UserPromptSubmit/);
});
