/**
 * The five-agent end-to-end table of the README, made from the recordings
 * (test/observer/<agent>/e2e/<case>/calls.json, written by
 * scripts/record-e2e.mjs): the kit's rm -rf example, installed by `install`,
 * under each real agent. `node --import tsx test/lib/e2e-table.ts` prints it.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

export const ROOT = fileURLToPath(new URL("../..", import.meta.url));
export const AGENT_ORDER = ["claude-code", "codex", "gemini-cli", "copilot-cli", "droid", "qwen-code", "kimi-code"] as const;
const NAMES: Readonly<Record<string, string>> = { "claude-code": "Claude Code", codex: "Codex CLI", "gemini-cli": "Gemini CLI", "copilot-cli": "Copilot CLI", droid: "droid", "qwen-code": "Qwen Code", "kimi-code": "Kimi Code CLI" };

export interface RecordedCall {
  readonly command: string;
  readonly tool_ran: boolean;
  readonly tool_result: string | null;
  readonly reason: string | null;
}

export interface E2eCase {
  readonly agent: string;
  readonly id: string;
  readonly dir: string;
  readonly installedFor: readonly string[];
  /** Where install wrote: the project, or below $HOME (`--user`). */
  readonly scope: "project" | "user";
  readonly calls: readonly RecordedCall[];
  /** Installed files, relative to the project. */
  readonly files: readonly string[];
}

function filesBelow(dir: string, prefix = ""): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? filesBelow(join(dir, e.name), `${prefix}${e.name}/`) : [`${prefix}${e.name}`])).sort();
}

export function e2eCases(): E2eCase[] {
  const out: E2eCase[] = [];
  for (const agent of AGENT_ORDER) {
    const base = join(ROOT, "test/observer", agent, "e2e");
    if (!existsSync(base)) continue;
    // project level first (Copilot CLI: its own file, then .claude/settings.json, then both), then user level
    const rank = (id: string): number => (id.endsWith("-user") ? 3 : id.endsWith("-own") ? 0 : id.endsWith("-claude-settings") ? 1 : id.endsWith("-both") ? 2 : 0);
    for (const id of readdirSync(base).sort((a, b) => rank(a) - rank(b) || a.localeCompare(b))) {
      const dir = join(base, id);
      const record = JSON.parse(readFileSync(join(dir, "calls.json"), "utf8")) as { installed_for: string[]; scope?: "project" | "user"; calls: RecordedCall[] };
      out.push({ agent, id, dir, installedFor: record.installed_for, scope: record.scope ?? "project", calls: record.calls, files: filesBelow(join(dir, "installed")) });
    }
  }
  return out;
}

const quote = (text: string): string => `"${text.replace(/\|/g, "\\|")}"`;

function rmCell(call: RecordedCall | undefined): string {
  if (call === undefined) return "not measured";
  if (call.tool_ran) return "**runs**";
  return call.reason !== null ? "denied; the model gets the hook's reason" : `denied without the reason: ${quote(call.tool_result ?? "")}`;
}

function lsCell(call: RecordedCall | undefined): string {
  if (call === undefined) return "not measured";
  return call.tool_ran ? "runs" : `**denied**: ${quote(call.tool_result ?? "")}`;
}

export function asWritten(c: E2eCase): boolean {
  const [rm, ls] = c.calls;
  return rm !== undefined && !rm.tool_ran && rm.reason !== null && ls !== undefined && ls.tool_ran;
}

export function e2eTable(cases: readonly E2eCase[] = e2eCases()): string {
  const rows = cases.map((c) => {
    const config = c.files.map((f) => `\`${c.scope === "user" ? "~/" : ""}${f}\``).join(", ");
    const link = `[${c.id}](test/observer/${c.agent}/e2e/${c.id}/calls.json)`;
    return `| ${NAMES[c.agent]} | ${config} (install --agent ${c.installedFor.join(" --agent ")}${c.scope === "user" ? " --user" : ""}) | ${rmCell(c.calls[0])} | ${lsCell(c.calls[1])} | ${asWritten(c) ? "yes" : "**no**"} | ${link} |`;
  });
  return ["| agent | configuration written by `install` | `rm -rf {{WORK}}/x` | `ls` | as written | recording |", "|---|---|---|---|---|---|", ...rows].join("\n") + "\n";
}

if (process.argv[1] !== undefined && fileURLToPath(import.meta.url) === process.argv[1]) process.stdout.write(e2eTable());
