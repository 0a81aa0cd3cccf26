/**
 * Running the agents' lint rules over a directory's (or the user's) hook
 * files, or over files named on the command line. The hints every agent's
 * rules share are made here: another agent's name for an event or a tool
 * (from the linters' event lists and the install tool-name table), the
 * nearest name, and the cross-agent judgement (src/core/judge.ts) of what an
 * agent does differently from Claude Code with a hook's usual answers.
 */
import { homedir } from "node:os";
import { readFileBounded } from "../core/read-bounded.js";
import { judgeAcrossAgents } from "../core/judge.js";
import { DEFAULT_AGENT } from "../core/agents.js";
import { renamedAnywhere, renamedTools } from "../install/tool-names.js";
import { nearestName } from "../core/nearest.js";
import type { AgentLinter, LintContext, LintFile, LintFinding } from "./types.js";

/** The file's text, or null when it cannot be read (missing, a directory, over 64 MiB such as /dev/zero). */
export function readText(path: string): string | null {
  const read = readFileBounded(path, { asNode: true });
  return read.ok ? read.text : null;
}

function eventHint(linter: AgentLinter, all: readonly AgentLinter[], name: string): string {
  const own = (canonical: string | null): string | undefined => (canonical === null ? undefined : linter.events.find((e) => e.canonical === canonical)?.name);
  for (const other of all) {
    if (other === linter) continue;
    const theirs = other.events.find((e) => e.name === name);
    const mine = own(theirs?.canonical ?? null);
    if (theirs !== undefined && mine !== undefined) return `"${name}" is ${other.displayName}'s name; ${linter.displayName} calls it "${mine}"`;
  }
  const nearest = nearestName(name, linter.events.map((e) => e.name));
  return nearest === null ? "" : `did you mean "${nearest}"?`;
}

/**
 * A tool name in `linter`'s matcher that its agent never shows hooks: Claude
 * Code's name where the agent has its own, or another agent's own name.
 */
function foreignTool(linter: AgentLinter, all: readonly AgentLinter[], name: string, ownNames: ReadonlySet<string>): string | null {
  const mine = renamedTools(linter.agent);
  const ownFor = (claudeTool: string): string => mine.get(claudeTool) ?? claudeTool;
  if (ownNames.has(name) || [...mine.values()].includes(name)) return null;
  const canonical = renamedAnywhere(all.map((l) => l.agent));
  if (canonical.has(name) && ownFor(name) !== name) return `"${name}" is Claude Code's name; ${linter.displayName} calls it "${ownFor(name)}"`;
  for (const other of all) {
    if (other === linter) continue;
    for (const [claudeTool, theirs] of renamedTools(other.agent)) {
      if (theirs === name && ownFor(claudeTool) !== name) return `"${name}" is ${other.displayName}'s name for ${claudeTool}; ${linter.displayName}'s is "${ownFor(claudeTool)}"`;
    }
  }
  return null;
}

/** Usual answers of a hook, in the default agent's spelling, judged by the default agent and `linter`'s: what differs. */
function differences(linter: AgentLinter, all: readonly AgentLinter[], canonicalEvent: string): string[] {
  const reference = all.find((l) => l.agent === DEFAULT_AGENT)?.dialect;
  const dialect = linter.dialect;
  if (reference === undefined || dialect === undefined || linter.agent === DEFAULT_AGENT) return [];
  // tool events get a tool call in their input; the others none (a tool input there reads as a rewrite)
  const input = /ToolUse|PermissionRequest/.test(canonicalEvent) ? { tool_name: "Bash", tool_input: { command: "ls" } } : {};
  const answers = [
    { exit: 2, stdout: "", stderr: "reason" },
    { exit: 1, stdout: "", stderr: "crash" },
    canonicalEvent === "PreToolUse"
      ? { exit: 0, stdout: JSON.stringify({ hookSpecificOutput: { hookEventName: "PreToolUse", permissionDecision: "deny", permissionDecisionReason: "reason" } }), stderr: "" }
      : { exit: 0, stdout: JSON.stringify({ decision: "block", reason: "reason" }), stderr: "" },
  ];
  const out = new Set<string>();
  for (const answer of answers) {
    const judged = judgeAcrossAgents({ event: canonicalEvent, ...answer, input }, [reference, dialect]);
    const label = answer.exit === 0 ? "a JSON deny/block" : `exit ${answer.exit}`;
    for (const d of judged[1]?.divergences ?? []) out.add(d.code === "no-event" ? d.message : `${label}: ${d.message}`);
  }
  return [...out];
}

/** The environment a lint runs for: whose home and variables the agent would see. */
export interface LintEnvironment {
  readonly homeDir: string;
  readonly env: Readonly<Record<string, string | undefined>>;
}

/** This process's: `$HOME` (else the OS's home directory) and its variables. */
export function processLintEnvironment(env: Readonly<Record<string, string | undefined>> = process.env): LintEnvironment {
  const home = env["HOME"];
  return { homeDir: home !== undefined && home !== "" ? home : homedir(), env };
}

export function contextFor(linter: AgentLinter, all: readonly AgentLinter[], text: string, read: (path: string) => string | null = readText, environment: LintEnvironment = processLintEnvironment()): LintContext {
  return {
    text,
    read,
    homeDir: environment.homeDir,
    env: environment.env,
    eventHint: (name) => eventHint(linter, all, name),
    foreignTool: (name, own) => foreignTool(linter, all, name, own),
    differences: (event) => differences(linter, all, event),
  };
}

export interface LintTarget {
  readonly linter: AgentLinter;
  readonly file: LintFile;
}

/** The files to lint: each linter's files below the directories (existing ones only). */
export function targetsIn(linters: readonly AgentLinter[], projectDir: string | null, homeDir: string | null, env: Readonly<Record<string, string | undefined>>): LintTarget[] {
  const out: LintTarget[] = [];
  for (const linter of linters) for (const file of linter.files(projectDir, homeDir, env)) if (readText(file.path) !== null) out.push({ linter, file });
  return out;
}

/** Named files: each with every linter that claims it (or the chosen linters, kind by path when they do). */
export function targetsFor(linters: readonly AgentLinter[], paths: readonly string[]): { targets: LintTarget[]; unclaimed: string[] } {
  const targets: LintTarget[] = [];
  const unclaimed: string[] = [];
  for (const path of paths) {
    const claimed = linters.flatMap((linter) => {
      const kind = linter.claims(path);
      return kind === null ? [] : [{ linter, file: { path, kind } }];
    });
    if (claimed.length === 0) unclaimed.push(path);
    targets.push(...claimed);
  }
  return { targets, unclaimed };
}

export function lintTargets(targets: readonly LintTarget[], all: readonly AgentLinter[], environment: LintEnvironment = processLintEnvironment()): LintFinding[] {
  const findings: LintFinding[] = [];
  for (const { linter, file } of targets) {
    const text = readText(file.path);
    if (text === null) continue;
    findings.push(...linter.lint(file, contextFor(linter, all, text, readText, environment)));
  }
  // per file in the order given, then by place in the file
  const order = new Map(targets.map((t, i) => [t.file.path, i] as const));
  return findings
    .map((finding, index) => ({ finding, index }))
    .sort((a, b) => (order.get(a.finding.file) ?? 0) - (order.get(b.finding.file) ?? 0) || (a.finding.position?.line ?? 0) - (b.finding.position?.line ?? 0) || (a.finding.position?.column ?? 0) - (b.finding.position?.column ?? 0) || a.index - b.index)
    .map((x) => x.finding);
}
