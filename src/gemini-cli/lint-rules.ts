/**
 * lint rules for Gemini CLI 0.61.0's hooks: `hooks` in `.gemini/settings.json`
 * (project) and `~/.gemini/settings.json` (user) (gemini-cli-observed.md
 * "Configuration"): Gemini's event names (a Claude Code name is skipped with
 * `Invalid hook event name`), its tool names, timeouts in milliseconds.
 */
import { join } from "node:path";
import { readDocument, walkEvents, commandOf, foreignToolFindings } from "../lint/document.js";
import type { AgentLinter, LintContext, LintFile, LintFinding, LintRule } from "../lint/types.js";
import { blankComments } from "../json/comments.js";
import { isJsonObject, type JsonObject } from "../json/value.js";
import { EVENT_NAMES, EVENTS, isEventName } from "./events.js";
import { hooksSwitchNotBoolean, invalidEventName, timerFiresAtOnce } from "./texts.js";
import { geminiDisabledNames, geminiHooksOff } from "./runner.js";
import { readGeminiTimeout } from "./timeout.js";

const AGENT = "gemini-cli";
/** Keys of `hooks` that are switches, not events (runner.ts HOOKS_CONFIG_FIELDS). */
const SWITCHES = new Set(["enabled", "disabled", "notifications"]);
/** Below this a timeout was surely meant in seconds: Gemini reads milliseconds. */
const SECONDS_LIKE_MS = 1000;

export const GEMINI_CLI_LINT_RULES = {
  invalidJson: { id: "GM-CFG-001", code: "invalid-json", severity: "error", summary: "the settings file is not JSON (comments aside): Gemini CLI reads no hook from it" },
  unknownEvent: { id: "GM-CFG-002", code: "unknown-event", severity: "error", summary: "an event Gemini CLI does not have (a Claude Code name such as PreToolUse): skipped with `Invalid hook event name`" },
  timeoutUnit: { id: "GM-CFG-003", code: "timeout-in-seconds", severity: "warning", summary: "a timeout under 1000: Gemini CLI reads milliseconds, so 30 kills the hook after 30 ms (it then fails open)" },
  foreignTool: { id: "GM-CFG-004", code: "foreign-tool", severity: "warning", summary: "a matcher names a tool as another agent calls it (Bash): Gemini CLI calls it run_shell_command, the group never matches" },
  matcherIgnored: { id: "GM-CFG-005", code: "matcher-ignored", severity: "warning", summary: "a matcher on an event without one: ignored, the hooks run every time" },
  invalidDefinition: { id: "GM-CFG-006", code: "invalid-definition", severity: "error", summary: "a definition without a hooks list or a handler without a command: Gemini CLI discards it" },
  trust: { id: "GM-CFG-007", code: "needs-trust", severity: "info", summary: "project hooks run only in a trusted folder, announced once with a WARNING, then remembered in ~/.gemini/trusted_hooks.json" },
  missingWrapper: { id: "GM-CFG-008", code: "missing-hooks-wrapper", severity: "error", summary: "events at the top of settings.json, not under \"hooks\": Gemini CLI reads none of them" },
  disabled: { id: "GM-CFG-009", code: "hooks-disabled", severity: "warning", summary: "`hooksConfig.enabled: false` (no hook runs) or a hook named in `hooksConfig.disabled` (that hook does not run)" },
  oddSwitch: { id: "GM-CFG-010", code: "switch-not-boolean", severity: "error", summary: "`hooksConfig.enabled` that is not a boolean: Gemini CLI reads \"false\", \"\" and 0 as false (no hook runs) and other values as true (gp-cfg-enabled-*)" },
  timerAtOnce: { id: "GM-CFG-011", code: "timeout-fires-at-once", severity: "error", summary: "a timeout of 0, a negative number or text: Gemini CLI's timer fires after 1 ms, the hook always times out and fails open (gp-cfg-timeout-*)" },
  timerLimit: { id: "GM-CFG-012", code: "timeout-past-timer-limit", severity: "error", summary: "a timeout above 2147483647 ms (Node's timer limit, about 24.8 days; 1e400 included): Node fires the timer after 1 ms instead, the hook always times out and fails open (gp-num-timeout-*)" },
} as const satisfies Record<string, LintRule>;

const R = GEMINI_CLI_LINT_RULES;

function files(projectDir: string | null, homeDir: string | null): LintFile[] {
  const out: LintFile[] = [];
  if (projectDir !== null) out.push({ path: join(projectDir, ".gemini", "settings.json"), kind: "project" });
  if (homeDir !== null) out.push({ path: join(homeDir, ".gemini", "settings.json"), kind: "user" });
  return out;
}

const claims = (path: string): string | null => (/(^|\/)\.gemini\/settings\.json$/.test(path.replace(/\\/g, "/")) ? "project" : null);

/** Gemini CLI strips comments from its settings (kept here for the lint's users). */
export { blankComments };

function lint(file: LintFile, ctx: LintContext): LintFinding[] {
  const read = readDocument(AGENT, file.path, blankComments(ctx.text), R.invalidJson, "Gemini CLI reads no hook from it");
  if (!read.ok) return [read.finding];
  const { doc } = read;
  const out: LintFinding[] = [];
  const top = isJsonObject(doc.value) ? Object.keys(doc.value).filter((key) => isEventName(key)) : [];
  if (top.length > 0) out.push(doc.at(R.missingWrapper, [top[0]!], `${top.join(", ")} at the top of the settings: Gemini CLI reads hooks only under "hooks", so these never run`));
  const hooksConfig = isJsonObject(doc.value) ? doc.value["hooksConfig"] : undefined;
  const enabled = isJsonObject(hooksConfig ?? null) ? (hooksConfig as JsonObject)["enabled"] : undefined;
  if (enabled === false) out.push(doc.at(R.disabled, ["hooksConfig", "enabled"], "hooksConfig.enabled is false: Gemini CLI runs no hook"));
  else if (enabled !== undefined && enabled !== null && typeof enabled !== "boolean") {
    out.push(doc.at(R.oddSwitch, ["hooksConfig", "enabled"], hooksSwitchNotBoolean(JSON.stringify(enabled), !geminiHooksOff(enabled))));
  }
  const disabled = new Set(geminiDisabledNames(isJsonObject(hooksConfig ?? null) ? (hooksConfig as JsonObject)["disabled"] : undefined));
  let any = false;
  for (const event of walkEvents(doc.value, ["hooks"])) {
    if (SWITCHES.has(event.name)) continue;
    if (!isEventName(event.name)) {
      const hint = ctx.eventHint(event.name);
      out.push(doc.at(R.unknownEvent, event.path, `${invalidEventName(event.name)}${hint === "" ? "" : ` (${hint})`}`));
      continue;
    }
    const rules = EVENTS[event.name];
    for (const group of event.groups ?? []) {
      if (!isJsonObject(group.entry) || !Array.isArray(group.entry["hooks"])) {
        out.push(doc.at(R.invalidDefinition, group.path, `a definition needs a "hooks" list; Gemini CLI discards this one`));
        continue;
      }
      const matcher = typeof group.matcher === "string" ? group.matcher.trim() : "";
      if (matcher !== "" && matcher !== "*") {
        if (rules.matchField === null) out.push(doc.at(R.matcherIgnored, [...group.path, "matcher"], `${event.name} has no matcher; ${JSON.stringify(matcher)} is ignored and the hooks run every time`));
        else if (rules.matchField === "tool_name") out.push(...foreignToolFindings(doc.at, R.foreignTool, [...group.path, "matcher"], matcher, (name) => ctx.foreignTool(name, new Set())));
      }
      for (const handler of group.handlers) {
        if (!isJsonObject(handler.handler) || handler.handler["type"] !== "command" || (commandOf(handler.handler) ?? "") === "") {
          out.push(doc.at(R.invalidDefinition, handler.path, "only command hooks with a command run; Gemini CLI discards this one"));
          continue;
        }
        any = true;
        const name = handler.handler["name"];
        const key = typeof name === "string" && name !== "" ? name : commandOf(handler.handler)!;
        if (disabled.has(key)) out.push(doc.at(R.disabled, handler.path, `"${key}" is in hooksConfig.disabled: Gemini CLI does not run this hook`));
        const timeout = handler.handler["timeout"];
        const reading = readGeminiTimeout(timeout);
        if (reading.kind === "fires-at-once") {
          // the literal as written: 1e400 is Infinity to JSON.parse
          const written = doc.sourceOf([...handler.path, "timeout"]) ?? JSON.stringify(timeout);
          out.push(doc.at(reading.pastLimit ? R.timerLimit : R.timerAtOnce, [...handler.path, "timeout"], `${timerFiresAtOnce(written, reading.pastLimit)}: the hook ${JSON.stringify(key)} is lost`));
        } else if (typeof timeout === "number" && timeout > 0 && timeout < SECONDS_LIKE_MS) {
          out.push(doc.at(R.timeoutUnit, [...handler.path, "timeout"], `timeout ${timeout} is ${timeout} ms: Gemini CLI reads milliseconds (${timeout} s would be ${timeout * 1000}); the hook is killed and fails open`));
        }
      }
    }
  }
  if (any && file.kind === "project") out.push(doc.at(R.trust, ["hooks"], "Gemini CLI runs project hooks only in a trusted folder; new ones are announced once with a WARNING, then remembered in ~/.gemini/trusted_hooks.json"));
  return out;
}

export const geminiLinter: AgentLinter = {
  agent: AGENT,
  displayName: "Gemini CLI",
  rules: Object.values(R),
  events: EVENT_NAMES.map((name) => ({ name, canonical: EVENTS[name].canonical })),
  files,
  claims,
  lint,
};
