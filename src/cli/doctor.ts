/**
 * `doctor`: which agents are installed here, at which versions, against the
 * version each dialect was recorded with; for one that differs, which claims
 * are unverified on it and how to record them again. Each dialect's `probe`
 * (src/core/agent-probe.ts) says where to look and how to read the version.
 */
import { spawnSync } from "node:child_process";
import { accessSync, constants, existsSync, readdirSync, statSync } from "node:fs";
import { delimiter, join } from "node:path";
import { allDialects } from "../dialects.js";
import { isAgentName, type AgentName } from "../core/agents.js";
import type { Dialect } from "../core/dialect.js";
import { COMMON_BIN_DIRS } from "../core/agent-probe.js";
import { commandArgs, shown } from "./args.js";
import type { CliIo } from "./io.js";
import { packageRoot } from "./package-root.js";

export const HELP = `usage: claude-hook-protocol doctor [--format text|json] [--bin AGENT=PATH]... [--agent AGENT]...

Finds each agent on PATH and in its usual install locations, runs its
\`--version\`, and compares it with the versions the package's rules for that
agent were recorded with (some agents have more than one), and names the
version whose rules apply. For an agent at a version never recorded it lists
the claims that are unverified there (the rules of each event, with their
recorded vectors) and the commands that record them again.

Options:
  --format text|json   the report as text (default) or one JSON object
  --bin AGENT=PATH     use PATH for AGENT instead of looking it up (repeatable)
  --agent AGENT        only these agents (repeatable; default: every agent)

Exit status:
  0  every installed agent is at a recorded version (agents not installed do not count)
  1  an installed agent is at another version, or its version could not be read
  2  usage error

Examples:
  claude-hook-protocol doctor
  claude-hook-protocol doctor --format json | jq '.agents[] | select(.status != "match")'
  claude-hook-protocol doctor --bin claude-code=/opt/claude/bin/claude
`;

/** How an installed agent compares with its recordings. */
export type DoctorStatus = "match" | "newer" | "older" | "between" | "unknown" | "not-installed" | "not-probed";

export interface AgentReport {
  readonly agent: AgentName;
  readonly name: string;
  /** The version the dialect's rules were first recorded with (`Dialect.version`). */
  readonly recorded: string;
  /** Every version recorded, oldest first (`recorded` and the probe's `alsoRecorded`). */
  readonly recorded_versions: readonly string[];
  /**
   * The recorded version whose rules the package applies to the installed
   * agent: the installed one when it was recorded, else the newest recorded
   * version not newer than it (the oldest for an older agent, the dialect's for
   * an unknown one; unverified then), null when nothing is installed.
   */
  readonly rules: string | null;
  readonly installed: string | null;
  readonly path: string | null;
  /** Where the path came from: `--bin`, `PATH` or `known-location`. */
  readonly found_by: "--bin" | "PATH" | "known-location" | null;
  readonly status: DoctorStatus;
  /** Why the version is unknown (the probe failed, its output had no version). */
  readonly problem: string | null;
  /** Not at the recorded version: the claims that were not measured on the installed one. */
  readonly unverified: readonly { readonly event: string; readonly vectors: number }[];
  /** How to record again with the installed binary, then re-derive the vectors. */
  readonly rerecord: readonly string[];
}

export interface DoctorReport {
  readonly agents: readonly AgentReport[];
  readonly exit: 0 | 1;
}

/** Numeric comparison of dotted versions: -1, 0, 1. */
export function compareVersions(a: string, b: string): number {
  const pa = a.split(".").map(Number);
  const pb = b.split(".").map(Number);
  for (let i = 0; i < Math.max(pa.length, pb.length); i++) {
    const d = (pa[i] ?? 0) - (pb[i] ?? 0);
    if (d !== 0) return d < 0 ? -1 : 1;
  }
  return 0;
}

function isExecutableFile(path: string): boolean {
  try {
    if (!statSync(path).isFile()) return false;
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

function locate(dialect: Dialect, env: NodeJS.ProcessEnv): { path: string; foundBy: "PATH" | "known-location" } | null {
  const probe = dialect.probe!;
  for (const dir of (env["PATH"] ?? "").split(delimiter)) {
    if (dir === "") continue;
    for (const command of probe.commands) {
      const candidate = join(dir, command);
      if (isExecutableFile(candidate)) return { path: candidate, foundBy: "PATH" };
    }
  }
  const home = env["HOME"];
  const locations = [...probe.commands.flatMap((command) => COMMON_BIN_DIRS.map((dir) => `${dir}/${command}`)), ...probe.knownLocations];
  for (const location of locations) {
    if (location.startsWith("~/") && (home === undefined || home === "")) continue;
    const candidate = location.startsWith("~/") ? join(home!, location.slice(2)) : location;
    if (isExecutableFile(candidate)) return { path: candidate, foundBy: "known-location" };
  }
  return null;
}

/** The installed version: the probe's pattern in the output of `<path> --version` (10 s at most). */
function versionOf(dialect: Dialect, path: string, env: NodeJS.ProcessEnv): { version: string | null; problem: string | null } {
  const probe = dialect.probe!;
  const run = spawnSync(path, [...probe.versionArgs], { env, encoding: "utf8", timeout: 10_000, stdio: ["ignore", "pipe", "pipe"], maxBuffer: 1 << 20 });
  if (run.error !== undefined) return { version: null, problem: `${path} ${probe.versionArgs.join(" ")}: ${run.error.message}` };
  const output = `${run.stdout ?? ""}${run.stderr ?? ""}`;
  const version = probe.versionPattern.exec(output)?.[1] ?? null;
  if (version !== null) return { version, problem: null };
  const firstLine = output.trim().split("\n")[0] ?? "";
  return { version: null, problem: `no version in the output of ${path} ${probe.versionArgs.join(" ")} (exit ${run.status ?? "none"}): ${firstLine.slice(0, 200) || "(empty)"}` };
}

/** Recorded vectors per event of an agent (test/vectors/merge/<agent>/<Event>/), where the package has them. */
function vectorsPerEvent(agent: AgentName): Map<string, number> {
  const dir = join(packageRoot(), "test/vectors/merge", agent);
  const counts = new Map<string, number>();
  if (!existsSync(dir)) return counts;
  for (const event of readdirSync(dir, { withFileTypes: true })) {
    if (event.isDirectory()) counts.set(event.name, readdirSync(join(dir, event.name)).filter((f) => f.endsWith(".json")).length);
  }
  return counts;
}

function scenarioCount(dir: string): number | null {
  const abs = join(packageRoot(), dir);
  return existsSync(abs) ? readdirSync(abs).filter((f) => f.endsWith(".json")).length : null;
}

/** Every version a dialect's rules were recorded with, oldest first. */
export function recordedVersions(dialect: Dialect): string[] {
  return [dialect.version, ...(dialect.probe?.alsoRecorded ?? []).map((v) => v.version)].sort(compareVersions);
}

/** Which recorded version's rules apply to `installed` (see AgentReport.rules). */
export function rulesFor(recorded: readonly string[], installed: string | null, fallback: string): string {
  if (installed === null) return fallback;
  const notNewer = recorded.filter((v) => compareVersions(v, installed) <= 0);
  return notNewer.at(-1) ?? recorded[0] ?? fallback;
}

export function diagnose(dialect: Dialect, override: string | undefined, env: NodeJS.ProcessEnv): AgentReport {
  const versions = recordedVersions(dialect);
  const base = { agent: dialect.agent, name: dialect.displayName, recorded: dialect.version, recorded_versions: versions };
  if (dialect.probe === undefined) {
    return { ...base, rules: null, installed: null, path: null, found_by: null, status: "not-probed", problem: "its dialect has no probe", unverified: [], rerecord: [] };
  }
  const located = override !== undefined ? { path: override, foundBy: "--bin" as const } : locate(dialect, env);
  if (located === null) return { ...base, rules: null, installed: null, path: null, found_by: null, status: "not-installed", problem: null, unverified: [], rerecord: [] };
  const { version, problem } = versionOf(dialect, located.path, env);
  const status: DoctorStatus = version === null ? "unknown"
    : versions.includes(version) ? "match"
      : compareVersions(version, versions.at(-1)!) > 0 ? "newer"
        : compareVersions(version, versions[0]!) < 0 ? "older"
          : "between";
  let unverified: { event: string; vectors: number }[] = [];
  let rerecord: string[] = [];
  if (status !== "match") {
    const vectors = vectorsPerEvent(dialect.agent);
    unverified = dialect.events.map((event) => ({ event: event.name, vectors: vectors.get(event.name) ?? 0 }));
    // the repository's lab (lab/, not in the npm package) re-records in a clone, when it knows the agent
    const lab = version !== null && existsSync(join(packageRoot(), "lab", "agents", `${dialect.agent}.ts`));
    rerecord = [
      ...(lab ? [`npm run record -- --agent ${dialect.agent} --version ${version} --check`] : []),
      ...dialect.probe.recordings.map((set) => {
        const count = scenarioCount(set.scenarios);
        return `${set.rerecord.replaceAll("<bin>", located.path)}${count === null ? "" : `   # ${count} scenarios in ${set.scenarios}`}`;
      }),
      dialect.probe.extractVectors,
    ];
  }
  return { ...base, rules: rulesFor(versions, version, dialect.version), installed: version, path: located.path, found_by: located.foundBy, status, problem, unverified, rerecord };
}

export function doctor(agents: readonly Dialect[], overrides: ReadonlyMap<AgentName, string>, env: NodeJS.ProcessEnv): DoctorReport {
  const reports = agents.map((dialect) => diagnose(dialect, overrides.get(dialect.agent), env));
  const drifted = reports.some((r) => r.status === "newer" || r.status === "older" || r.status === "between" || r.status === "unknown");
  return { agents: reports, exit: drifted ? 1 : 0 };
}

const STATUS_TEXT: Readonly<Record<DoctorStatus, string>> = {
  match: "matches the recordings",
  newer: "NEWER than the recordings: the rules below are unverified on it",
  older: "OLDER than the recordings: the rules below are unverified on it",
  between: "BETWEEN two recorded versions, itself never recorded: the rules below are unverified on it",
  unknown: "version unknown: the rules below are unverified on it",
  "not-installed": "not installed (looked on PATH and in the usual install locations; --bin AGENT=PATH names one)",
  "not-probed": "not probed",
};

function textOf(report: DoctorReport): string {
  const lines: string[] = [];
  for (const r of report.agents) {
    lines.push(`${r.name} (${r.agent}): recorded ${r.recorded_versions.join(", ")}, installed ${r.installed ?? "-"}${r.path === null ? "" : ` at ${r.path} (${r.found_by})`}`);
    lines.push(`  ${STATUS_TEXT[r.status]}${r.rules === null ? "" : `; the rules of ${r.rules} apply`}`);
    if (r.problem !== null && r.status !== "not-probed") lines.push(`  ${r.problem}`);
    if (r.unverified.length > 0) {
      const total = r.unverified.reduce((n, u) => n + u.vectors, 0);
      lines.push(`  unverified: the rules of ${r.unverified.length} events (${total} recorded vectors): ${r.unverified.map((u) => (u.vectors > 0 ? `${u.event} (${u.vectors})` : u.event)).join(", ")}`);
      lines.push(`  to record again with it (in a checkout of the repository, its observer copied to /tmp as test/observer/${r.agent}/README.md says) and re-derive the vectors:`);
      for (const command of r.rerecord) lines.push(`    ${command}`);
    }
  }
  lines.push(report.exit === 0 ? "doctor: every installed agent matches its recordings" : "doctor: an installed agent differs from its recordings (exit 1)");
  return `${lines.join("\n")}\n`;
}

export async function run(argv: readonly string[], io: CliIo): Promise<number> {
  const args = commandArgs("doctor", argv, { help: { value: false }, format: { value: true }, bin: { value: true, repeat: true }, agent: { value: true, repeat: true } }, HELP, io, { count: 0, message: "doctor takes no positional arguments" });
  if (typeof args === "number") return args;
  const format = args.options.get("format")?.[0] ?? "text";
  if (format !== "text" && format !== "json") {
    io.stderr.write(`doctor: --format is text or json, not ${shown(format)}\n`);
    return 2;
  }
  const overrides = new Map<AgentName, string>();
  for (const value of args.options.get("bin") ?? []) {
    const at = value.indexOf("=");
    const agent = at > 0 ? value.slice(0, at) : "";
    if (!isAgentName(agent) || at === value.length - 1) {
      io.stderr.write(`doctor: --bin takes AGENT=PATH with AGENT one of ${allDialects().map((d) => d.agent).join(", ")}, not ${shown(value)}\n`);
      return 2;
    }
    overrides.set(agent, value.slice(at + 1));
  }
  const wanted = args.options.get("agent") ?? [];
  for (const agent of wanted) {
    if (!isAgentName(agent)) {
      io.stderr.write(`doctor: unknown agent ${shown(agent)} (one of ${allDialects().map((d) => d.agent).join(", ")})\n`);
      return 2;
    }
  }
  const dialects = allDialects().filter((d) => wanted.length === 0 || wanted.includes(d.agent));
  const report = doctor(dialects, overrides, io.env);
  io.stdout.write(format === "json" ? `${JSON.stringify(report, null, 2)}\n` : textOf(report));
  return report.exit;
}
