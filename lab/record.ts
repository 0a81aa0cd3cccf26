/**
 * npm run record -- --agent NAME [--version V] [--scenarios GLOB] [--out DIR] [--check] [--jobs N] [--host-network]
 *
 * Installs the agent's version from npm into the lab's cache, enters a network namespace with
 * only loopback, runs each scenario against the scripted model server and writes the recordings
 * (default: <cache>/recordings/<agent>@<version>/). With --check, re-records the agent's
 * committed scenarios (or those GLOB picks) and compares each outcome with the committed
 * recording, printing every difference and, last, `recorded again: N/M same`.
 */
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import type { AgentPackage, LabAgent, LabContext, Recording } from "./core/agent.js";
import { compareOutcomes, describeDifferences, summaryLine } from "./core/compare.js";
import { cacheRoot, npmInstall, type Installed } from "./core/install.js";
import { isolate } from "./core/isolate.js";
import { jsonFilesUnder, loadScenarios, REPO_DIR, selectScenarioFiles, type LoadedScenario } from "./core/scenario.js";
import { LAB_AGENTS, labAgent } from "./agents/index.js";

export interface RecordOptions { agent: string; version: string | null; scenarios: string | null; out: string | null; check: boolean; jobs: number; hostNetwork: boolean }

const USAGE = "usage: npm run record -- --agent NAME [--version V] [--scenarios GLOB] [--out DIR] [--check] [--jobs N] [--host-network]";

export function parseRecordArgs(argv: readonly string[]): { kind: "ok"; options: RecordOptions } | { kind: "error"; message: string } | { kind: "help" } {
  const o: RecordOptions = { agent: "", version: null, scenarios: null, out: null, check: false, jobs: 1, hostNetwork: false };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    const value = (): string | null => { const v = argv[++i]; return v === undefined || v.startsWith("--") ? null : v; };
    if (a === "--help" || a === "-h") return { kind: "help" };
    if (a === "--check") { o.check = true; continue; }
    if (a === "--host-network") { o.hostNetwork = true; continue; }
    if (a !== "--agent" && a !== "--version" && a !== "--scenarios" && a !== "--out" && a !== "--jobs") return { kind: "error", message: `record: unknown argument ${JSON.stringify(a)}\n${USAGE}` };
    const v = value();
    if (v === null) return { kind: "error", message: `record: ${a} needs a value\n${USAGE}` };
    if (a === "--agent") o.agent = v;
    else if (a === "--version") o.version = v;
    else if (a === "--scenarios") o.scenarios = v;
    else if (a === "--out") o.out = resolve(v);
    else {
      const n = Number(v);
      if (!Number.isInteger(n) || n < 1 || n > 8) return { kind: "error", message: `record: --jobs must be an integer from 1 to 8, not ${JSON.stringify(v)}` };
      o.jobs = n;
    }
  }
  if (o.agent === "") return { kind: "error", message: `record: --agent is required (${LAB_AGENTS.map((x) => x.name).join(", ")})\n${USAGE}` };
  if (labAgent(o.agent) === undefined) return { kind: "error", message: `record: unknown agent ${JSON.stringify(o.agent)}; the lab knows ${LAB_AGENTS.map((x) => x.name).join(", ")}` };
  if (o.version !== null && !/^[0-9A-Za-z][0-9A-Za-z.+-]*$/.test(o.version)) return { kind: "error", message: `record: --version ${JSON.stringify(o.version)} is not a version` };
  return { kind: "ok", options: o };
}

/** The agent's committed scenario files (those --check re-records when no GLOB is given). */
export function committedScenarioFiles(agent: LabAgent): string[] {
  return agent.checkDirs.flatMap((d) => jsonFilesUnder(join(REPO_DIR, "test", "observer", d)));
}

/** What serves `version`: the agent's own mapping (`packageFor`), else `npmPackage@version` and `bin`. */
export function packageOf(agent: LabAgent, version: string): AgentPackage {
  return agent.packageFor?.(version) ?? { spec: `${agent.npmPackage}@${version}`, bin: agent.bin };
}

/** Installs `version` into its cache prefix (`<agent>@<version>`) unless its executable is there: the prefix and the executable's path. */
export function installAgent(agent: LabAgent, version: string, log: (line: string) => void): { kind: "ok"; prefix: string; bin: string } | Extract<Installed, { kind: "error" }> {
  const pkg = packageOf(agent, version);
  const installed = npmInstall(`${agent.name}@${version}`, [pkg.spec, ...(agent.extraPackages ?? [])], pkg.bin, log, agent.npmFlags);
  return installed.kind === "error" ? installed : { kind: "ok", prefix: installed.prefix, bin: join(installed.prefix, pkg.bin) };
}

const log = (line: string): void => { process.stderr.write(line + "\n"); };

async function main(): Promise<number> {
  const parsed = parseRecordArgs(process.argv.slice(2));
  if (parsed.kind === "help") { console.log(USAGE); return 0; }
  if (parsed.kind === "error") { log(parsed.message); return 2; }
  const o = parsed.options;
  const agent = labAgent(o.agent)!;
  const version = o.version ?? agent.recordedVersion;
  // the scenarios are checked first: a misspelt field costs no install
  const committed = committedScenarioFiles(agent);
  const files = o.scenarios === null ? committed : selectScenarioFiles(o.scenarios, join(REPO_DIR, "test", "observer", agent.name), committed);
  const { scenarios, errors } = loadScenarios(agent.name, files);
  for (const e of errors) log(`lab: ${e.file}: ${e.message}`);
  if (errors.length > 0) return 2;
  const selected: LoadedScenario[] = o.check ? scenarios.filter((s) => s.recording !== null) : scenarios;
  if (selected.length === 0) { log(`lab: no scenarios${o.check ? " with a committed recording" : ""} match ${o.scenarios ?? "(the committed ones)"}`); return 2; }
  // installing needs the registry: before the namespace, which has no network
  const installed = installAgent(agent, version, log);
  if (installed.kind === "error") { log(installed.message); return 2; }
  const isolation = isolate(o.hostNetwork);
  if (isolation.kind === "error") { log(isolation.message); return 3; }

  const bin = installed.bin;
  const found = agent.versionOf(bin, installed.prefix);
  if (found.kind === "error") { log(found.message); return 2; }
  if (found.version !== version) log(`lab: ${agent.name} reports version ${found.version}, not ${version}`);

  const out = o.out ?? (o.check ? null : join(cacheRoot(), "recordings", `${agent.name}@${found.version}`));
  if (out !== null) {
    try { mkdirSync(out, { recursive: true }); } catch (e) { log(`lab: --out ${out}: ${e instanceof Error ? e.message : String(e)}`); return 2; }
  }

  const ctx: LabContext = { bin, version: found.version, prefix: installed.prefix, log };
  log(`lab: ${agent.name} ${found.version}, ${selected.length} scenario(s), ${isolation.kind === "namespace" ? "in a network namespace with only loopback" : "on the host network"}`);
  const t0 = Date.now();
  await agent.prepare?.(ctx);
  let same = 0;
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < selected.length) {
      const s = selected[next++]!;
      let recording: Recording;
      try { recording = await agent.run(s.scenario, ctx); } catch (e) {
        recording = { name: s.scenario.name, outcome: { lab_error: e instanceof Error ? e.message : String(e) } };
      }
      if (out !== null) writeFileSync(join(out, `${s.scenario.name}.json`), JSON.stringify(recording, null, 2) + "\n");
      if (!o.check) { log(`${s.scenario.name}: recorded`); continue; }
      const stored = (JSON.parse(readFileSync(s.recording!, "utf8")) as { outcome?: unknown }).outcome;
      const differences = compareOutcomes(stored, recording.outcome);
      if (differences.length === 0) { same++; log(`${s.scenario.name}: same`); }
      else for (const line of describeDifferences(s.scenario.name, differences)) console.log(line);
    }
  };
  await Promise.all(Array.from({ length: o.jobs }, worker));
  log(`lab: ${selected.length} scenario(s) in ${Math.round((Date.now() - t0) / 1000)} s${out !== null ? `; recordings in ${out}` : ""}`);
  if (!o.check) return 0;
  console.log(summaryLine(same, selected.length));
  return same === selected.length ? 0 : 1;
}

if (process.argv[1] !== undefined && resolve(process.argv[1]) === resolve(new URL(import.meta.url).pathname)) {
  main().then((code) => process.exit(code), (e: unknown) => { log(`lab: ${e instanceof Error ? e.stack ?? e.message : String(e)}`); process.exit(1); });
}

