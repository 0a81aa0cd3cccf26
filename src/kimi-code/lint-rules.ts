/**
 * lint rules for Kimi Code CLI 2.1.0's hooks: the `[[hooks]]` tables of
 * `$KIMI_CODE_HOME/config.toml` (default `~/.kimi-code/config.toml`; Kimi
 * reads no project file). The rule that matters most: Kimi checks the list
 * strictly, and one table it refuses (an unknown event or key, an empty
 * command, a timeout outside 1..600 s) drops EVERY hook of the file
 * (src/kimi-code/config.ts).
 */
import { isAbsolute } from "node:path";
import { parseToml } from "../core/toml.js";
import { matcherNames } from "../lint/document.js";
import type { AgentLinter, LintContext, LintFile, LintFinding, LintRule } from "../lint/types.js";
import { isJsonObject, type JsonObject } from "../json/value.js";
import { jsonPointer } from "../core/errors.js";
import { hookTableProblem, kimiCodeConfigFile } from "./config.js";
import { KIMI_CODE_EVENT_NAMES, KIMI_CODE_EVENTS, isKimiCodeEvent } from "./events.js";
import { ignoredAnswersBasis } from "./ignored-answers.js";

const AGENT = "kimi-code";
const NAME = "Kimi Code CLI";
/** The tools Kimi Code CLI 2.1.0 offers the model (every recording's request lists them): Claude Code's names where it has the tool. */
const KIMI_TOOLS: ReadonlySet<string> = new Set(["Agent", "AgentSwarm", "AskUserQuestion", "Bash", "CreateGoal", "CronCreate", "CronDelete", "CronList", "Edit", "EnterPlanMode", "ExitPlanMode", "FetchURL", "GetGoal", "Glob", "Grep", "Read", "SetGoalBudget", "Skill", "TaskList", "TaskOutput", "TaskStop", "TodoList", "UpdateGoal", "WaitFor", "Write"]);

export const KIMI_CODE_LINT_RULES = {
  invalidToml: { id: "KM-CFG-001", code: "invalid-toml", severity: "error", summary: "config.toml is not TOML: Kimi Code CLI reads none of it, no hook runs" },
  unknownEvent: { id: "KM-CFG-002", code: "unknown-event", severity: "error", summary: "a [[hooks]] table names an event Kimi Code CLI does not have: the whole hooks list is invalid, no hook runs" },
  invalidTable: { id: "KM-CFG-003", code: "invalid-hook-table", severity: "error", summary: "a [[hooks]] table Kimi Code CLI's strict check refuses (another key, an empty command, a timeout not a whole number from 1 to 600): no hook of the file runs" },
  invalidMatcher: { id: "KM-CFG-004", code: "invalid-matcher", severity: "error", summary: "a matcher that is not a JavaScript regular expression: the hook never runs, the tool runs" },
  answersIgnored: { id: "KM-CFG-005", code: "answers-ignored", severity: "info", summary: "a hook of an event whose answers Kimi Code CLI ignores (PostToolUse, SessionStart, ...): it can observe, not block or add context" },
  matcherNeverMatches: { id: "KM-CFG-006", code: "matcher-never-matches", severity: "warning", summary: "a matcher on Stop or another event Kimi Code CLI matches against empty text: only a matcher that matches \"\" runs" },
  foreignTool: { id: "KM-CFG-007", code: "foreign-tool", severity: "warning", summary: "a matcher names a tool as another agent calls it (run_shell_command, Execute): Kimi Code CLI's tools carry Claude Code's names, the hook never matches" },
  duplicateCommand: { id: "KM-CFG-008", code: "duplicate-command", severity: "info", summary: "the same command twice for one event: Kimi Code CLI runs it once, with the first table's matcher and timeout" },
} as const satisfies Record<string, LintRule>;

const R = KIMI_CODE_LINT_RULES;

/** The config.toml Kimi would read (src/kimi-code/config.ts): below HOME, or in KIMI_CODE_HOME, a relative one (the empty string too) in the project's directory. */
function files(projectDir: string | null, homeDir: string | null, env: Readonly<Record<string, string | undefined>>): LintFile[] {
  const override = env["KIMI_CODE_HOME"];
  const known = override === undefined ? homeDir !== null : isAbsolute(override) || projectDir !== null;
  return known ? [{ path: kimiCodeConfigFile(homeDir ?? "", env as NodeJS.ProcessEnv, projectDir ?? ""), kind: "user" }] : [];
}

function claims(path: string): string | null {
  return /(^|\/)\.kimi-code\/config\.toml$/.test(path.replace(/\\/g, "/")) ? "user" : null;
}

function lint(file: LintFile, ctx: LintContext): LintFinding[] {
  const at = (rule: LintRule, path: readonly (string | number)[], message: string): LintFinding => ({ rule: rule.id, code: rule.code, severity: rule.severity, agent: AGENT, file: file.path, path: jsonPointer(path), message });
  const parsed = parseToml(ctx.text, file.path);
  if (!parsed.ok) return [{ ...at(R.invalidToml, [], `${parsed.error.message}; ${NAME} reads none of it, no hook runs`), ...(parsed.error.position === undefined ? {} : { position: parsed.error.position }) }];
  const hooks = parsed.value["hooks"];
  if (hooks === undefined) return [];
  if (!Array.isArray(hooks)) return [at(R.invalidTable, ["hooks"], `hooks is not a list of [[hooks]] tables: ${NAME} drops it, no hook runs`)];
  const out: LintFinding[] = [];
  const seen = new Set<string>();
  hooks.forEach((table, index) => {
    const path = ["hooks", index];
    const event = isJsonObject(table) ? (table as JsonObject)["event"] : undefined;
    if (typeof event === "string" && !isKimiCodeEvent(event)) {
      const hint = ctx.eventHint(event);
      out.push(at(R.unknownEvent, [...path, "event"], `${NAME} has no ${event} event (its events: ${KIMI_CODE_EVENT_NAMES.slice(0, 6).join(", ")}, ...): the whole hooks list is invalid, no hook runs${hint === "" ? "" : ` (${hint})`}`));
      return;
    }
    const problem = hookTableProblem(table);
    if (problem !== null) {
      out.push(at(R.invalidTable, path, `[[hooks]] table ${index + 1} ${problem}: ${NAME} drops every hook of the file`));
      return;
    }
    const t = table as JsonObject;
    const name = event as (typeof KIMI_CODE_EVENT_NAMES)[number];
    const rules = KIMI_CODE_EVENTS[name];
    const command = t["command"] as string;
    if (seen.has(`${name}\u0000${command}`)) out.push(at(R.duplicateCommand, [...path, "command"], `${name} runs ${JSON.stringify(command.slice(0, 80))} already: ${NAME} runs it once`));
    seen.add(`${name}\u0000${command}`);
    if (rules.merge === "no-effect") out.push(at(R.answersIgnored, path, `${NAME} ignores every answer of ${name} hooks${ignoredAnswersBasis(name)}: ${rules.summary}`));
    const matcher = t["matcher"];
    if (typeof matcher !== "string" || matcher === "") return;
    let regex: RegExp;
    try {
      regex = new RegExp(matcher);
    } catch (e) {
      out.push(at(R.invalidMatcher, [...path, "matcher"], `matcher ${JSON.stringify(matcher)} is not a valid regular expression (${e instanceof Error ? e.message : String(e)}): ${NAME} never runs this hook`));
      return;
    }
    if (rules.matchField === null && !regex.test("")) out.push(at(R.matcherNeverMatches, [...path, "matcher"], `${name} is matched against empty text: matcher ${JSON.stringify(matcher)} never matches, the hook never runs (leave it out)`));
    if (rules.matchField === "tool_name") {
      for (const tool of matcherNames(matcher) ?? []) {
        const hint = ctx.foreignTool(tool, KIMI_TOOLS);
        if (hint !== null) out.push(at(R.foreignTool, [...path, "matcher"], `${hint}; this hook never matches it`));
      }
    }
  });
  return out;
}

export const kimiCodeLinter: AgentLinter = {
  agent: AGENT,
  displayName: NAME,
  rules: Object.values(R),
  events: KIMI_CODE_EVENT_NAMES.map((name) => ({ name, canonical: KIMI_CODE_EVENTS[name].canonical })),
  files,
  claims,
  lint,
};
