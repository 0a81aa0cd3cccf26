/**
 * The hook author's first day under the real agents: a project outside the clone made from
 * docs/authoring.md alone ("In your own project": test/lib/outside-project.ts writes the page's
 * files), its TypeScript hook compiled with the page's tsconfig, the page's manifest installed with
 * the page's command (`claude-hook-protocol install hooks.json --agent all`), and then each real
 * agent run in that project (../shared/tools/agent-e2e.mjs copies it into the agent's cwd) on a
 * call the hook denies (`rm -rf`) and one it lets run (`ls`).
 *
 * Kept in test/observer/newcomer/: the page's files as they were (so a page edit shows as a
 * stale recording), the files install wrote (the project as {{PROJECT}}), and per agent the calls
 * agent-e2e reported. Not run in CI (it needs the agents); test/newcomer-e2e.test.ts replays it.
 *
 *   npx tsx scripts/record-newcomer.ts [AGENT ...]     (default: every agent install --agent all reaches: newcomerAgents)
 */
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { documentedFiles, makeOutsideProject, run } from "../test/lib/outside-project.js";
import { ROOT } from "../test/lib/built-kit.js";
import { loadInstallers } from "../src/agents.js";
import { planFromRequest } from "../src/install/install.js";

const E2E = process.env["AGENT_E2E"] ?? "/work/shared/tools/agent-e2e.mjs";
const OUT = join(ROOT, "test/observer/newcomer");
/**
 * The agents the page's `install --agent all` reaches at project level, in registry order: each whose installer
 * writes a file there, and each that runs such a file too (its installer's `alsoRuns`: Copilot CLI runs
 * .claude/settings.json). An agent with user-level configuration only (Kimi Code CLI) is not among them.
 */
export async function newcomerAgents(manifestText: string): Promise<string[]> {
  const installers = await loadInstallers();
  const project = mkdtempSync(join(tmpdir(), "chp-newcomer-plan-"));
  try {
    const plan = planFromRequest({ manifestText, mode: "install", agents: ["all"], scope: "project", projectDir: project, homeDir: join(project, "home"), env: {}, installers });
    if (!plan.ok) throw new Error(`the page's manifest does not install: ${plan.error.message}`);
    const written = new Set(plan.value.changes.flatMap((change) => change.agents));
    return installers.filter((i) => written.has(i.agent) || (i.alsoRuns?.scope === "project" && written.has(i.alsoRuns.agent))).map((i) => i.agent);
  } finally {
    rmSync(project, { recursive: true, force: true });
  }
}
export const NEWCOMER_COMMANDS = ["rm -rf {{WORK}}/build", "ls"] as const;

function filesBelow(dir: string, skip: (path: string) => boolean): string[] {
  return readdirSync(dir).sort().flatMap((name) => {
    const path = join(dir, name);
    if (skip(path)) return [];
    return statSync(path).isDirectory() ? filesBelow(path, skip) : [path];
  });
}

async function main(): Promise<void> {
  const wanted = process.argv.slice(2);
  const reached = await newcomerAgents(documentedFiles().get("hooks.json")!);
  const agents = wanted.length === 0 ? reached : reached.filter((a) => wanted.includes(a));
  const { runShellCalls } = (await import(E2E)) as { runShellCalls: (o: Record<string, unknown>) => Promise<Record<string, unknown>[]> };
  const outside = makeOutsideProject();
  const project = outside.project;
  const bin = (name: string) => join(project, "node_modules/.bin", name);
  const step = (command: string, args: string[]) => {
    const r = run(command, args, project);
    if (r.status !== 0) throw new Error(`${command} ${args.join(" ")}: exit ${String(r.status)}\n${r.stdout}${r.stderr}`);
    return r;
  };
  step(bin("tsc"), ["-p", "."]);
  const before = new Set(filesBelow(project, () => false));
  const installed = step(bin("claude-hook-protocol"), ["install", "hooks.json", "--agent", "all"]);
  const lint = run(bin("claude-hook-protocol"), ["lint", "."], project);
  const normalise = (text: string) => text.replaceAll(project, "{{PROJECT}}");
  const written = filesBelow(project, (p) => p.endsWith("/node_modules")).filter((f) => !before.has(f));

  rmSync(join(OUT, "installed"), { recursive: true, force: true });
  for (const file of written) {
    const dest = join(OUT, "installed", relative(project, file));
    mkdirSync(join(dest, ".."), { recursive: true });
    writeFileSync(dest, normalise(readFileSync(file, "utf8")));
  }
  const page = Object.fromEntries(documentedFiles());
  writeFileSync(join(OUT, "page.json"), `${JSON.stringify({ files: page, install_stdout: normalise(installed.stdout), lint_status: lint.status, lint_stdout: normalise(lint.stdout) }, null, 2)}\n`);

  for (const agent of agents) {
    const started = Date.now();
    let calls: unknown;
    try {
      calls = (await runShellCalls({ agent, commands: [...NEWCOMER_COMMANDS], projectDir: project, timeoutS: 900 })).map(({ outcome: _outcome, ...rest }) => rest);
    } catch (e) {
      calls = { not_measured: true, error: String((e as Error).message) };
    }
    mkdirSync(join(OUT, "calls"), { recursive: true });
    writeFileSync(join(OUT, "calls", `${agent}.json`), `${normalise(JSON.stringify({ agent, recorded: new Date().toISOString().slice(0, 10), calls }, null, 2))}\n`);
    console.log(`${agent} (${Math.round((Date.now() - started) / 1000)} s): ${JSON.stringify(Array.isArray(calls) ? (calls as { tool_ran: boolean; reason: string | null }[]).map((c) => ({ ran: c.tool_ran, reason: c.reason })) : calls)}`);
  }
  rmSync(outside.dir, { recursive: true, force: true });
}

if (process.argv[1] !== undefined && fileURLToPath(import.meta.url) === resolve(process.argv[1])) await main();
