/**
 * lint rules for Claude Code 2.1.332's hook configuration: settings files
 * (`.claude/settings.json`, `.claude/settings.local.json`, `~/.claude/settings.json`)
 * and plugins' `hooks/hooks.json`. The settings loader of the runner
 * (runner/load-settings.ts) finds what Claude Code itself rejects or ignores;
 * its ConfigProblem codes map to the rules below, plus what the loader cannot
 * see: events at the top without the `hooks` wrapper and tool names of other
 * agents in a matcher.
 */
import { join } from "node:path";
import { readDocument, walkEvents, foreignToolFindings, millisecondTimeouts, serverOnlyMcpNames } from "../lint/document.js";
import type { AgentLinter, LintContext, LintFile, LintFinding, LintRule } from "../lint/types.js";
import { isJsonObject } from "../json/value.js";
import { EVENT_CATALOG, eventInfo } from "./event-catalog.js";
import { parseHookSettingsValue } from "./runner/load-settings.js";
import { ifRuleCaveats } from "./runner/if-rule.js";
import { parseJsonWithPositions } from "../json/positions.js";

const AGENT = "claude-code";

export const CLAUDE_CODE_LINT_RULES = {
  invalidJson: { id: "CC-CFG-001", code: "invalid-json", severity: "error", summary: "the file is not JSON: Claude Code runs none of its hooks" },
  unknownEvent: { id: "CC-CFG-002", code: "unknown-event", severity: "error", summary: "an event Claude Code does not have: its hooks never run (with another agent's name or the nearest)" },
  missingWrapper: { id: "CC-CFG-003", code: "missing-hooks-wrapper", severity: "error", summary: "events at the top of the file, not under \"hooks\": Claude Code never reads them" },
  matcherIgnored: { id: "CC-CFG-004", code: "matcher-ignored", severity: "warning", summary: "a matcher on an event that has none: the hooks run for every occurrence" },
  ifIgnored: { id: "CC-CFG-005", code: "if-ignored", severity: "warning", summary: "`if` on an event that never evaluates it (only tool events do): the hook never runs" },
  invalidMatcher: { id: "CC-CFG-006", code: "invalid-matcher", severity: "error", summary: "a matcher that is not a valid regular expression: the group never matches" },
  foreignTool: { id: "CC-CFG-007", code: "foreign-tool", severity: "warning", summary: "a matcher names another agent's tool (run_shell_command, Execute, bash): Claude Code never calls it that, the group never matches it" },
  invalidSettings: { id: "CC-CFG-008", code: "invalid-settings", severity: "error", summary: "a value of the wrong type or a missing field: Claude Code drops that hook, group or event" },
  unknownKey: { id: "CC-CFG-009", code: "unknown-key", severity: "warning", summary: "a key Claude Code does not know: ignored" },
  mcpServerOnly: { id: "CC-CFG-010", code: "mcp-server-only", severity: "warning", summary: "a matcher `mcp__server` (no tool part): Claude Code compares plain names exactly, so it matches no MCP tool (`mcp__<server>__<tool>`); write `mcp__server__.*`" },
  msTimeout: { id: "CC-CFG-011", code: "timeout-in-milliseconds", severity: "warning", summary: "a timeout of 1000 or more: Claude Code reads seconds, so a value meant in milliseconds lets the hook hang for minutes or hours" },
  allDisabled: { id: "CC-CFG-012", code: "all-hooks-disabled", severity: "warning", summary: "`disableAllHooks: true`: Claude Code runs no hook of any settings file or plugin" },
  fileSkipped: { id: "CC-CFG-013", code: "file-skipped", severity: "error", summary: "a known setting of the wrong type (`disableAllHooks: \"false\"`, `permissions: 5`, …) or a PreToolUse/PermissionRequest hook Claude Code cannot load: it skips the whole file, every hook in it is lost (named in the message)" },
  ifNotABoundary: { id: "CC-CFG-014", code: "if-rule-not-a-boundary", severity: "warning", summary: "an `if` rule is not a security boundary: Claude Code skips the hook for calls that do what the rule names in another spelling (`env rm`, `/bin/rm`, another tool), and never runs it for a rule it cannot read" },
} as const satisfies Record<string, LintRule>;

const R = CLAUDE_CODE_LINT_RULES;

function files(projectDir: string | null, homeDir: string | null): LintFile[] {
  const out: LintFile[] = [];
  if (projectDir !== null) {
    out.push({ path: join(projectDir, ".claude", "settings.json"), kind: "settings" }, { path: join(projectDir, ".claude", "settings.local.json"), kind: "settings" });
    out.push({ path: join(projectDir, "hooks", "hooks.json"), kind: "plugin" });
  }
  if (homeDir !== null) out.push({ path: join(homeDir, ".claude", "settings.json"), kind: "settings" });
  return out;
}

function claims(path: string): string | null {
  const p = path.replace(/\\/g, "/");
  if (/(^|\/)\.claude\/settings(\.local)?\.json$/.test(p)) return "settings";
  if (/(^|\/)hooks\/hooks\.json$/.test(p) && !/\.github\/hooks\//.test(p)) return "plugin";
  return null;
}

/** The loader's problem codes -> rules. */
function ruleOfProblem(code: string, path: string): LintRule {
  if (code === "unknown-event") return R.unknownEvent;
  if (code === "matcher-ignored") return R.matcherIgnored;
  if (code === "invalid-matcher") return R.invalidMatcher;
  if (code === "invalid-value" && path.endsWith("/if")) return R.ifIgnored;
  if (code === "unknown-key") return R.unknownKey;
  if (code === "file-skipped") return R.fileSkipped;
  return R.invalidSettings;
}

function lint(file: LintFile, ctx: LintContext): LintFinding[] {
  const read = readDocument(AGENT, file.path, ctx.text, R.invalidJson, "Claude Code runs none of its hooks");
  if (!read.ok) return [read.finding];
  const { doc } = read;
  const out: LintFinding[] = [];
  const value = doc.value;
  if (isJsonObject(value)) {
    const topEvents = Object.keys(value).filter((key) => eventInfo(key) !== undefined);
    if (topEvents.length > 0) {
      out.push(doc.at(R.missingWrapper, [topEvents[0]!], `${topEvents.join(", ")} ${topEvents.length === 1 ? "is" : "are"} at the top of the file; Claude Code reads hooks only under "hooks" (${file.kind === "plugin" ? 'a plugin\'s hooks.json is {"hooks": {...}}' : "settings"}), so these never run`));
    }
  }
  if (isJsonObject(value) && value["disableAllHooks"] === true) out.push(doc.at(R.allDisabled, ["disableAllHooks"], "disableAllHooks is true: Claude Code runs no hook at all, from any file"));
  const parsed = parseJsonWithPositions(ctx.text);
  const problems = parseHookSettingsValue(value, { file: file.path, kind: file.kind === "plugin" ? "plugin" : "project" }, parsed.ok ? parsed.positionOf : null).problems;
  for (const problem of problems) {
    const rule = ruleOfProblem(problem.code, problem.path);
    let message = problem.message;
    if (rule === R.unknownEvent) {
      const name = problem.path.split("/")[2]?.replace(/~1/g, "/").replace(/~0/g, "~") ?? "";
      const hint = ctx.eventHint(name);
      if (hint !== "") message += ` (${hint})`;
    }
    out.push({ rule: rule.id, code: rule.code, severity: problem.severity === "warning" && rule.severity === "error" ? "warning" : rule.severity, agent: AGENT, file: file.path, path: problem.path, ...(problem.position === undefined ? {} : { position: problem.position }), message });
  }
  out.push(...millisecondTimeouts(doc.at, R.msTimeout, value, ["hooks"], "Claude Code"));
  for (const event of walkEvents(value, ["hooks"])) {
    if (eventInfo(event.name)?.toolEvent !== true || event.groups === null) continue;
    for (const group of event.groups) {
      for (const { path, handler } of group.handlers) {
        const rule = isJsonObject(handler) ? handler["if"] : undefined;
        if (typeof rule !== "string") continue;
        for (const caveat of ifRuleCaveats(rule)) out.push(doc.at(R.ifNotABoundary, [...path, "if"], caveat));
      }
      if (typeof group.matcher !== "string") continue;
      out.push(...foreignToolFindings(doc.at, R.foreignTool, [...group.path, "matcher"], group.matcher, (name) => ctx.foreignTool(name, new Set())));
      for (const name of serverOnlyMcpNames(group.matcher)) out.push(doc.at(R.mcpServerOnly, [...group.path, "matcher"], `"${name}" names an MCP server, not a tool: compared exactly, it matches no tool; write "${name}__.*"`));
    }
  }
  return out;
}

export const claudeCodeLinter: AgentLinter = {
  agent: AGENT,
  displayName: "Claude Code",
  rules: Object.values(R),
  events: EVENT_CATALOG.map((e) => ({ name: e.name, canonical: e.name })),
  files,
  claims,
  lint,
};
