/**
 * `lint [DIR|FILE ...] [--agent A|all] [--user] [--format text|json]`: every
 * agent's hook configuration in a project directory (and with --user the
 * user's, below $HOME), or the files named, checked against what each agent
 * does with it. See docs/lint.md for the rules.
 */
import { statSync } from "node:fs";
import { homedir } from "node:os";
import { resolve } from "node:path";
import { commandArgs, single } from "./args.js";
import type { CliIo } from "./io.js";
import { loadLinters } from "../agents.js";
import { AGENT_NAMES, AGENT_SUMMARIES } from "../core/agents.js";
import { lintTargets, processLintEnvironment, targetsFor, targetsIn, type LintTarget } from "../lint/lint.js";
import type { LintFinding } from "../lint/types.js";

export const HELP = `usage: claude-hook-protocol lint [DIR|FILE ...] [--agent NAME|all] [--user] [--format text|json]

Checks the agents' hook configurations against what each agent does with
them: unknown events (with the agent's own name or the nearest), a hooks
file without (or with) its "hooks" wrapper, matchers that cannot match (a
tool the agent calls otherwise, "*" where it is an invalid regex, a matcher
on an event without one), "if" where it is never evaluated, timeouts in the
wrong unit (seconds where the agent counts milliseconds), hooks another agent
also runs (one agent's settings file another agent reads too) and what it does
differently there.

A DIR (default: the current directory) means every agent's project files in
it; --user adds the user-level files below $HOME. A FILE is linted by every
agent that reads such a file (a settings file two agents read: both).

Rule IDs are stable: ${AGENT_SUMMARIES.map((agent) => `${agent.lintRulePrefix}- ${agent.displayName}`).join(", ")}
(docs/lint.md lists them).

Exit status: 0 no error (warnings and notes allowed), 1 at least one error, 2 usage error.

Options:
  --agent NAME     ${AGENT_NAMES.join(", ")} or all (default; repeatable)
  --user           also the user-level files below $HOME
  --format FORMAT  text (default) or json: {"findings": [...], "files": [...], "errors": n, "warnings": n}
  -h, --help       this text

Example:
  claude-hook-protocol lint . --user
`;

function format(finding: LintFinding): string {
  const where = finding.position === undefined ? finding.file : `${finding.file}:${finding.position.line}:${finding.position.column}`;
  return `${where}: ${finding.severity} ${finding.rule} [${finding.code}] ${finding.message}\n`;
}

export async function run(argv: readonly string[], io: CliIo): Promise<number> {
  const args = commandArgs("lint", argv, { agent: { value: true, repeat: true }, user: { value: false }, format: { value: true } }, HELP, io);
  if (typeof args === "number") return args;
  const usage = (message: string): number => {
    io.stderr.write(`lint: ${message}\n\n${HELP}`);
    return 2;
  };
  const fmt = single(args, "format") ?? "text";
  if (fmt !== "text" && fmt !== "json") return usage(`--format must be text or json, not ${JSON.stringify(fmt)}`);
  const names = args.options.get("agent") ?? ["all"];
  const LINTERS = await loadLinters();
  const linters = names.includes("all") ? LINTERS : LINTERS.filter((l) => names.includes(l.agent));
  const unknown = names.filter((n) => n !== "all" && !LINTERS.some((l) => l.agent === n));
  if (unknown.length > 0) return usage(`unknown agent ${JSON.stringify(unknown[0])} (known: ${LINTERS.map((l) => l.agent).join(", ")}, all)`);
  const home = args.flags.has("user") ? (io.env["HOME"] ?? homedir()) : null;
  const paths = args.positionals.length === 0 ? ["."] : args.positionals;
  const targets: LintTarget[] = [];
  const unclaimed: string[] = [];
  for (const path of paths) {
    let isDir: boolean;
    try {
      isDir = statSync(path).isDirectory();
    } catch {
      io.stderr.write(`lint: cannot read ${path}\n`);
      return 1;
    }
    if (isDir) targets.push(...targetsIn(linters, resolve(path), null, io.env));
    else {
      const found = targetsFor(linters, [path]);
      targets.push(...found.targets);
      unclaimed.push(...found.unclaimed);
    }
  }
  if (home !== null) targets.push(...targetsIn(linters, null, home, io.env));
  const findings = lintTargets(targets, LINTERS, processLintEnvironment(io.env));
  const errors = findings.filter((f) => f.severity === "error").length;
  const warnings = findings.filter((f) => f.severity === "warning").length;
  const files = [...new Set(targets.map((t) => t.file.path))];
  if (fmt === "json") {
    io.stdout.write(`${JSON.stringify({ findings, files, unclaimed, errors, warnings }, null, 2)}\n`);
  } else {
    for (const finding of findings) io.stdout.write(format(finding));
    for (const path of unclaimed) io.stderr.write(`lint: ${path}: no agent reads a file of that name (use --agent with a known file name)\n`);
    io.stdout.write(`${files.length} file${files.length === 1 ? "" : "s"}, ${errors} error${errors === 1 ? "" : "s"}, ${warnings} warning${warnings === 1 ? "" : "s"}\n`);
  }
  return errors > 0 ? 1 : 0;
}
