/**
 * `install MANIFEST --agent NAME|all --project DIR [--user] [--dry-run]` and
 * `uninstall` with the same arguments: the manifest's hooks written into (or
 * the owner's entries taken out of) each agent's own configuration. See
 * docs/install.md.
 */
import { readFileBounded } from "../core/read-bounded.js";
import { homedir } from "node:os";
import { resolve } from "node:path";
import { commandArgs, single } from "./args.js";
import type { CliIo } from "./io.js";
import { loadInstallers } from "../agents.js";
import { AGENT_NAMES, AGENT_SUMMARIES } from "../core/agents.js";
import { installFromRequest, planFromRequest } from "../install/install.js";
import { unifiedDiff } from "../install/diff.js";
import type { InstallMode } from "../install/plan.js";

/** One row per registry agent: its name, then its installer's lines (`filesSummary`, generated into AGENT_SUMMARIES). */
function installFilesTable(): string {
  const width = Math.max(...AGENT_SUMMARIES.map((agent) => agent.name.length)) + 2;
  return AGENT_SUMMARIES.map((agent) => agent.installFiles.map((line, i) => `  ${(i === 0 ? agent.name : "").padEnd(width)}${line}`).join("\n")).join("\n");
}

const help = (mode: InstallMode): string => `usage: claude-hook-protocol ${mode} MANIFEST --agent NAME|all [--agent NAME ...] [--project DIR] [--user] [--dry-run]

${mode === "install"
  ? `Writes the manifest's hooks (schemas/install/manifest.schema.json: event and
tools in Claude Code's spelling, command, timeout in seconds) into each agent's
own configuration, in its file, form, event and tool names and timeout unit.
Every command written starts with CLAUDE_HOOK_PROTOCOL_AGENT=<agent> (the kit
reads it) and CLAUDE_HOOK_PROTOCOL_OWNER=<owner>; the owner's earlier entries
are replaced, everything else is kept. Running it twice changes nothing.`
  : `Takes the manifest owner's entries (CLAUDE_HOOK_PROTOCOL_OWNER=<owner>) out of
each agent's configuration and keeps everything else as it was.`}
A file that does not parse is an error and is never rewritten; the text is
edited only where entries are added or removed. All files are written or none
(temporary files in the same directories, flushed, then renamed), keeping
their mode, owner and group; a symbolic link's file is written, the link kept.

Agents and files (project level; --user: the same below $HOME):
${installFilesTable()}

Exit status: 0 done (or nothing to change), 1 a file is unusable or a write failed (then
nothing was changed), 2 usage error or a manifest that is invalid or that an agent would
refuse or misread.

Options:
  --agent NAME   ${AGENT_NAMES.join(", ")} or all (repeatable)
  --project DIR  the repository (default: the current directory)
  --user         write the user-level files below $HOME instead
  --dry-run      print the unified diff of every file, write nothing
  -h, --help     this text

Example:
  claude-hook-protocol ${mode} hooks.json --agent all --project .
`;

export function runMode(mode: InstallMode) {
  return async (argv: readonly string[], io: CliIo): Promise<number> => {
    const HELP = help(mode);
    const args = commandArgs(mode, argv, { agent: { value: true, repeat: true }, project: { value: true }, user: { value: false }, "dry-run": { value: false } }, HELP, io, { count: 1, message: "one MANIFEST only" });
    if (typeof args === "number") return args;
    const usage = (message: string): number => {
      io.stderr.write(`${mode}: ${message}\n\n${HELP}`);
      return 2;
    };
    const manifestPath = args.positionals[0];
    if (manifestPath === undefined) return usage("MANIFEST is required");
    const agents = args.options.get("agent") ?? [];
    if (agents.length === 0) return usage("--agent is required (a name or all)");
    const manifest = readFileBounded(manifestPath, { asNode: true });
    if (!manifest.ok) {
      io.stderr.write(`${mode}: ${manifest.code === "too-large" || manifest.code === "EISDIR" ? manifest.message : `cannot read ${manifestPath} (${manifest.code})`}\n`);
      return 1;
    }
    const manifestText = manifest.text;
    const request = {
      manifestText,
      mode,
      agents,
      scope: args.flags.has("user") ? ("user" as const) : ("project" as const),
      projectDir: resolve(single(args, "project") ?? "."),
      homeDir: io.env["HOME"] ?? homedir(),
      env: io.env,
      installers: await loadInstallers(),
    };
    const dryRun = args.flags.has("dry-run");
    const plan = dryRun ? planFromRequest(request) : installFromRequest(request);
    if (!plan.ok) {
      const { error } = plan;
      if (error.code === "unknown-agent") return usage(error.message);
      const where = error.position === undefined ? "" : `:${error.position.line}:${error.position.column}`;
      const manifestError = error.code.startsWith("invalid-");
      io.stderr.write(`${mode}: ${manifestError ? `${manifestPath}${where}: ` : ""}${error.message}${manifestError ? "" : where}\n`);
      // a manifest install cannot write as given is a usage error; a file or a write that failed is not
      return manifestError ? 2 : 1;
    }
    for (const change of plan.value.changes) {
      if (dryRun) io.stdout.write(unifiedDiff(change.path, change.before, change.after));
      else io.stdout.write(`${change.after === null ? "removed" : change.before === null ? "created" : "updated"} ${change.path} (${change.agents.join(", ")})\n`);
    }
    if (plan.value.changes.length === 0) io.stdout.write("nothing to change\n");
    for (const note of plan.value.notes) io.stderr.write(`note [${note.agent}: ${note.code}]: ${note.message}\n`);
    return 0;
  };
}

export const run = runMode("install");
