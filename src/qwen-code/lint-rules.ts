/**
 * lint rules for Qwen Code 0.24.4's hooks: `hooks` and `disableAllHooks` in
 * `.qwen/settings.json` (project), `~/.qwen/settings.json` (user) and the
 * system file (docs/spec/qwen-code-observed.md "Configuration"; config.ts
 * reads them the same way). The rule that matters most: on PreToolUse Qwen
 * counts the LAST decision in configuration order (project hooks, then user,
 * then system), so a later hook's allow overrides an earlier hook's deny
 * (pair-02, cfg-08, cfg-20).
 */
import { join } from "node:path";
import { commandOf, matcherNames, readDocument, walkEvents, type Segments } from "../lint/document.js";
import type { AgentLinter, LintContext, LintFile, LintFinding, LintRule } from "../lint/types.js";
import { blankComments } from "../json/comments.js";
import { truthy } from "../json/js-values.js";
import { isJsonObject, toNullPrototype, type JsonObject, type JsonValue } from "../json/value.js";
import { qwenCodeSystemSettingsPath, qwenToolNamed, qwenToolNames } from "./config.js";
import { QWEN_CODE_EVENT_NAMES, QWEN_CODE_EVENTS, isQwenCodeEvent } from "./events.js";
import { timerPastLimit } from "./texts.js";
import { qwenTimeoutPastTimerLimit } from "./timeout.js";

const AGENT = "qwen-code";
const NAME = "Qwen Code";
/** Keys of `hooks` that are switches, not events (Qwen's HOOKS_CONFIG_FIELDS). */
const SWITCHES = new Set(["enabled", "disabled", "notifications"]);
const HOOK_TYPES = new Set(["command", "http", "prompt", "function"]);

export const QWEN_CODE_LINT_RULES = {
  invalidJson: { id: "QW-CFG-001", code: "invalid-json", severity: "error", summary: "the settings file is not JSON: Qwen Code reads no hook from it" },
  unknownEvent: { id: "QW-CFG-002", code: "unknown-event", severity: "error", summary: "an event Qwen Code does not have (BeforeTool, for instance): skipped without a word" },
  laterAllowWins: { id: "QW-CFG-003", code: "later-allow-overrides-deny", severity: "warning", summary: "two PreToolUse hooks can answer the same call: Qwen Code counts the LAST decision in configuration order, so the later hook's allow overrides the earlier one's deny (pair-02)" },
  timeoutMilliseconds: { id: "QW-CFG-004", code: "timeout-in-milliseconds", severity: "warning", summary: "a timeout of 1000 or more: Qwen Code reads it as milliseconds (to-03); a killed hook fails open" },
  invalidMatcher: { id: "QW-CFG-005", code: "invalid-matcher", severity: "error", summary: "a matcher that is not a valid regex: the group never matches, the tool runs (mat-13)" },
  matcherIgnored: { id: "QW-CFG-006", code: "matcher-ignored", severity: "warning", summary: "a matcher on an event Qwen Code matches nothing against: the hooks run every time" },
  timerLimit: { id: "QW-CFG-012", code: "timeout-past-timer-limit", severity: "error", summary: "a timeout read as more than 2147483647 ms (Node's timer limit, about 24.8 days): Node fires the timer after 1 ms instead, the hook always times out and fails open (qw-num-timeout-*)" },
  invalidDefinition: { id: "QW-CFG-007", code: "invalid-definition", severity: "error", summary: "a group without a hooks list, or a hook without a known type or a command: Qwen Code discards it" },
  foreignTool: { id: "QW-CFG-008", code: "foreign-tool", severity: "warning", summary: "a matcher names a tool as another agent calls it (Execute): Qwen Code's shell tool is run_shell_command (Bash also matches), the group never matches" },
  disableAll: { id: "QW-CFG-009", code: "all-hooks-disabled", severity: "warning", summary: "disableAllHooks: true, or any truthy value (\"false\", 1, []): no hook runs (in project settings also the user's, cfg-04, cfg-22, cfg-40, cfg-41)" },
  sequentialEvent: { id: "QW-CFG-010", code: "sequential-whole-event", severity: "info", summary: "a sequential group makes every hook of the event run one at a time (Qwen's planner), not only its own" },
  anchoredAlias: { id: "QW-CFG-011", code: "anchored-alias", severity: "warning", summary: "an anchored matcher (^...$) naming a tool by its Claude Code name (Write, Bash): Qwen Code takes those names only as whole alternatives, a regex is tested against its own name, the group never matches (mat-22)" },
} as const satisfies Record<string, LintRule>;

const R = QWEN_CODE_LINT_RULES;

type Scope = "project" | "user" | "system";

function files(projectDir: string | null, homeDir: string | null, env: Readonly<Record<string, string | undefined>>): LintFile[] {
  const out: LintFile[] = [];
  if (projectDir !== null) out.push({ path: join(projectDir, ".qwen", "settings.json"), kind: "project" });
  if (homeDir !== null) out.push({ path: join(homeDir, ".qwen", "settings.json"), kind: "user" });
  out.push({ path: qwenCodeSystemSettingsPath(env as NodeJS.ProcessEnv), kind: "system" });
  return out;
}

function claims(path: string): string | null {
  const p = path.replace(/\\/g, "/");
  if (p === "/etc/qwen-code/settings.json") return "system";
  return /(^|\/)\.qwen\/settings\.json$/.test(p) ? "project" : null;
}

/** One PreToolUse handler in configuration order. */
interface OrderedHook {
  readonly scope: Scope;
  readonly file: string;
  readonly key: string;
  readonly command: string;
  readonly matcher: JsonValue | undefined;
  /** Its JSON Pointer segments, for a handler of the file being linted. */
  readonly path: Segments | null;
}

function preToolUseHooks(value: JsonValue, scope: Scope, file: string, current: boolean): OrderedHook[] {
  const out: OrderedHook[] = [];
  for (const event of walkEvents(value, ["hooks"])) {
    if (event.name !== "PreToolUse") continue;
    for (const group of event.groups ?? []) {
      for (const handler of group.handlers) {
        const command = commandOf(handler.handler);
        if (command === null || command === "" || !isJsonObject(handler.handler) || handler.handler["type"] !== "command") continue;
        const name = handler.handler["name"];
        out.push({ scope, file, key: typeof name === "string" && name !== "" ? `${name}:${command}` : command, command, matcher: group.matcher, path: current ? handler.path : null });
      }
    }
  }
  return out;
}

/** The Qwen tools a matcher reaches; null: every tool, or a regex lint does not judge; an invalid regex: none. */
function reach(matcher: JsonValue | undefined): ReadonlySet<string> | null {
  if (typeof matcher !== "string") return null;
  const pattern = matcher.trim();
  if (pattern === "" || pattern === "*" || pattern === ".*") return null;
  try {
    new RegExp(pattern);
  } catch {
    return new Set();
  }
  const names = matcherNames(pattern);
  if (names === null) return null;
  return new Set(names.map((n) => qwenToolNamed(n) ?? n));
}

function overlap(a: JsonValue | undefined, b: JsonValue | undefined): boolean {
  const [x, y] = [reach(a), reach(b)];
  if (x === null) return y === null || y.size > 0;
  if (y === null) return x.size > 0;
  return [...x].some((tool) => y.has(tool));
}

/** A settings file as Qwen Code parses it: a BOM and comments blanked (positions kept), as src/qwen-code/config.ts reads it. */
function qwenSettingsText(text: string): string {
  return blankComments(text.replace(/^\uFEFF/, " "));
}

function parsed(text: string | null): JsonValue | null {
  if (text === null) return null;
  try {
    return toNullPrototype(JSON.parse(qwenSettingsText(text)));
  } catch {
    return null;
  }
}

/** The other settings files Qwen reads with this one, in configuration order (user: `$HOME`; system: `QWEN_CODE_SYSTEM_SETTINGS_PATH`). */
function ordered(file: LintFile, value: JsonValue, ctx: LintContext): OrderedHook[] {
  const scope: Scope = file.kind === "user" || file.kind === "system" ? file.kind : "project";
  const others: { scope: Scope; path: string }[] = [
    { scope: "user", path: join(ctx.homeDir, ".qwen", "settings.json") },
    { scope: "system", path: qwenCodeSystemSettingsPath(ctx.env as NodeJS.ProcessEnv) },
  ];
  const all: OrderedHook[] = [];
  for (const s of ["project", "user", "system"] as const) {
    if (s === scope) all.push(...preToolUseHooks(value, s, file.path, true));
    else if (scope === "project" || (scope === "user" && s === "system")) {
      const other = others.find((o) => o.scope === s)!;
      if (other.path === file.path) continue;
      const doc = parsed(ctx.read(other.path));
      if (doc !== null) all.push(...preToolUseHooks(doc, s, other.path, false));
    }
  }
  // the same command (and name) runs once: where it first appears
  const seen = new Set<string>();
  return all.filter((h) => (seen.has(h.key) ? false : (seen.add(h.key), true)));
}

function lastDecisionWins(file: LintFile, value: JsonValue, ctx: LintContext, at: (path: Segments, message: string) => LintFinding): LintFinding[] {
  const hooks = ordered(file, value, ctx);
  const out: LintFinding[] = [];
  hooks.forEach((earlier, i) => {
    if (earlier.path === null) return;
    const later = hooks.slice(i + 1).filter((h) => overlap(earlier.matcher, h.matcher));
    if (later.length === 0) return;
    const named = later.map((h) => `${JSON.stringify(h.command)}${h.file === earlier.file ? "" : ` (${h.scope}, ${h.file})`}`).join(", ");
    out.push(at(earlier.path, `if this hook denies, a later PreToolUse hook for the same tool that answers allow or ask overrides the deny: Qwen Code counts the last decision in configuration order (project, then user, then system); later: ${named}`));
  });
  return out;
}

function lint(file: LintFile, ctx: LintContext): LintFinding[] {
  const read = readDocument(AGENT, file.path, qwenSettingsText(ctx.text), R.invalidJson, "Qwen Code reads no hook from it");
  if (!read.ok) return [read.finding];
  const { doc } = read;
  const out: LintFinding[] = [];
  const disableAll = isJsonObject(doc.value) ? doc.value["disableAllHooks"] : undefined;
  if (truthy(disableAll)) {
    // Qwen reads the value for its truthiness: a string "false" turns every hook off too (cfg-40)
    const read = disableAll === true ? "disableAllHooks" : `disableAllHooks ${JSON.stringify(disableAll).slice(0, 60)} is not a boolean, and Qwen Code reads it as true`;
    out.push(doc.at(R.disableAll, ["disableAllHooks"], file.kind === "project" ? `${read}: Qwen Code runs no hook, the user's included` : `${read}: Qwen Code runs no hook`));
  }
  const own = qwenToolNames();
  for (const event of walkEvents(doc.value, ["hooks"])) {
    if (SWITCHES.has(event.name)) continue;
    if (!isQwenCodeEvent(event.name)) {
      const hint = ctx.eventHint(event.name);
      out.push(doc.at(R.unknownEvent, event.path, `${NAME} has no ${event.name} event (its events are Claude Code's: ${QWEN_CODE_EVENT_NAMES.slice(0, 4).join(", ")}, ...); these hooks are skipped without a word${hint === "" ? "" : ` (${hint})`}`));
      continue;
    }
    const matchField = QWEN_CODE_EVENTS[event.name].matchField;
    let sequential = false;
    for (const group of event.groups ?? []) {
      if (!isJsonObject(group.entry) || !Array.isArray(group.entry["hooks"])) {
        out.push(doc.at(R.invalidDefinition, group.path, `a group needs a "hooks" list; ${NAME} discards this one`));
        continue;
      }
      if (group.entry["sequential"] === true) sequential = true;
      const matcher = typeof group.matcher === "string" ? group.matcher.trim() : "";
      if (matcher !== "" && matcher !== "*" && matcher !== ".*" && matchField === null) {
        out.push(doc.at(R.matcherIgnored, [...group.path, "matcher"], `${event.name} has no matcher; ${JSON.stringify(matcher)} is ignored and the hooks run every time`));
      } else if (matcher !== "" && matcher !== "*" && matcher !== ".*") {
        let valid = true;
        try {
          new RegExp(matcher);
        } catch (e) {
          valid = false;
          out.push(doc.at(R.invalidMatcher, [...group.path, "matcher"], `matcher ${JSON.stringify(matcher)} is not a valid regex (${e instanceof Error ? e.message : String(e)}): ${NAME} never runs the group, and the tool runs`));
        }
        if (valid && matchField === "tool_name") {
          const names = matcherNames(matcher) ?? [];
          for (const name of names) {
            const hint = ctx.foreignTool(name, own);
            if (hint !== null) out.push(doc.at(R.foreignTool, [...group.path, "matcher"], `${hint}; this group never matches it`));
          }
          // Qwen compares a name with a tool's aliases only when the matcher is the name, or a plain `a|b` list (not starting with ^ or ()
          const aliases = matcher.startsWith("^") || matcher.startsWith("(") ? names.filter((n) => qwenToolNamed(n) !== null && qwenToolNamed(n) !== n) : [];
          if (aliases.length > 0) {
            out.push(doc.at(R.anchoredAlias, [...group.path, "matcher"], `${aliases.map((n) => `"${n}"`).join(", ")} in an anchored matcher is tested as a regex against Qwen Code's own name (${aliases.map((n) => qwenToolNamed(n)).join(", ")}) and never matches; write ${JSON.stringify(names.join("|"))} or the own names`));
          }
        }
      }
      for (const handler of group.handlers) {
        const h = handler.handler;
        if (!isJsonObject(h) || typeof h["type"] !== "string" || !HOOK_TYPES.has(h["type"]) || (h["type"] === "command" && (commandOf(h) ?? "") === "")) {
          out.push(doc.at(R.invalidDefinition, handler.path, `a hook needs a type (command, http, prompt, function) and, for a command hook, a command; ${NAME} discards this one`));
          continue;
        }
        const timeout = (h as JsonObject)["timeout"];
        const pastLimit = qwenTimeoutPastTimerLimit(timeout);
        if (pastLimit !== null) out.push(doc.at(R.timerLimit, [...handler.path, "timeout"], `${timerPastLimit(pastLimit)}: the hook ${JSON.stringify(commandOf(h))} is lost`));
        else if (typeof timeout === "number" && timeout >= 1000) {
          out.push(doc.at(R.timeoutMilliseconds, [...handler.path, "timeout"], `timeout ${timeout} is read as ${timeout} ms (${timeout / 1000} s); for ${timeout} seconds write ${timeout * 1000}`));
        }
      }
    }
    if (sequential && (event.groups ?? []).length > 1) out.push(doc.at(R.sequentialEvent, event.path, `one sequential group makes every ${event.name} hook run one at a time`));
  }
  out.push(...lastDecisionWins(file, doc.value, ctx, (path, message) => doc.at(R.laterAllowWins, path, message)));
  return out;
}

export const qwenCodeLinter: AgentLinter = {
  agent: AGENT,
  displayName: NAME,
  rules: Object.values(R),
  events: QWEN_CODE_EVENT_NAMES.map((name) => ({ name, canonical: QWEN_CODE_EVENTS[name].canonical })),
  files,
  claims,
  lint,
};
