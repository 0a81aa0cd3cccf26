/**
 * lint rules for GitHub Copilot CLI 1.0.102's hooks (config.ts has the
 * files and their order): its own hook files (`.github/hooks/*.json`,
 * `.github/copilot/settings.json`, `$COPILOT_HOME/hooks/*.json`,
 * `$COPILOT_HOME/settings.json`), and a repository's `.claude/settings.json`,
 * which Copilot CLI also runs in a trusted folder: there, what it does
 * differently from Claude Code (the cross-agent judgement) and hooks that
 * run twice because Copilot never dedupes (pre-18b).
 */
import { readdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { readDocument, walkEvents, commandOf, foreignToolFindings, millisecondTimeouts } from "../lint/document.js";
import type { AgentLinter, LintContext, LintFile, LintFinding, LintRule } from "../lint/types.js";
import { isJsonObject, type JsonObject } from "../json/value.js";
import { COPILOT_EVENT_NAMES, EVENTS, resolveEvent } from "./events.js";
import { invalidMatcherNotice } from "./texts.js";
import { fileSkipReason } from "./config.js";
import { markedParts } from "../install/marker.js";

const AGENT = "copilot-cli";

export const COPILOT_CLI_LINT_RULES = {
  invalidJson: { id: "CP-CFG-001", code: "invalid-json", severity: "error", summary: "a hook file that is not a JSON object: Copilot CLI reads no hook from it" },
  unknownEvent: { id: "CP-CFG-002", code: "unknown-event", severity: "error", summary: "an event Copilot CLI has under neither spelling (camelCase or Claude's PascalCase): never runs" },
  starMatcher: { id: "CP-CFG-003", code: "star-matcher-native", severity: "error", summary: "matcher \"*\" on a camelCase entry: an invalid regex there, the hook is skipped (`Invalid matcher regex`)" },
  foreignTool: { id: "CP-CFG-004", code: "foreign-tool", severity: "warning", summary: "a matcher names a tool as the entry never sees it (camelCase entries see `bash`, `view`; Bash never matches): the hook never runs for it (pre-17)" },
  invalidMatcher: { id: "CP-CFG-005", code: "invalid-matcher", severity: "error", summary: "a matcher that is not a valid regex: the hook is skipped" },
  alsoRuns: { id: "CP-CFG-006", code: "also-runs-claude-settings", severity: "warning", summary: "a .claude/settings.json hook Copilot CLI also runs (trusted folder), with what it does differently from Claude Code" },
  runsTwice: { id: "CP-CFG-007", code: "runs-twice", severity: "warning", summary: "the same command for the same event in .claude/settings.json and in Copilot's own files: Copilot CLI runs it twice (no dedupe, pre-18b)" },
  matcherIgnored: { id: "CP-CFG-008", code: "matcher-ignored", severity: "warning", summary: "a matcher on an event without one: ignored, the hooks run every time" },
  msTimeout: { id: "CP-CFG-009", code: "timeout-in-milliseconds", severity: "warning", summary: "a timeoutSec (or timeout) of 1000 or more: Copilot CLI reads seconds, so a value meant in milliseconds lets the hook hang for minutes or hours" },
  fileSkipped: { id: "CP-CFG-011", code: "file-skipped", severity: "error", summary: "a hooks file whose version is not 1, disableAllHooks in a hooks file or .claude/settings.json (any value but false), a settings.json with a mistyped setting: Copilot CLI runs no hook of the file (cp-cfg-*)" },
  entrySkipped: { id: "CP-CFG-012", code: "entry-skipped", severity: "error", summary: "a timeoutSec (or timeout) that is not a positive number, a matcher that is not a string: Copilot CLI skips the entry (`— hook will be skipped`, cp-cfg-*)" },
  missingWrapper: { id: "CP-CFG-010", code: "missing-hooks-wrapper", severity: "error", summary: "events at the top of a hook file, not under \"hooks\": Copilot CLI reads none of them" },
} as const satisfies Record<string, LintRule>;

const R = COPILOT_CLI_LINT_RULES;

const jsonFiles = (dir: string): string[] => {
  try {
    return readdirSync(dir).filter((name) => name.endsWith(".json")).sort().map((name) => join(dir, name));
  } catch {
    return [];
  }
};

function files(projectDir: string | null, homeDir: string | null, env: Readonly<Record<string, string | undefined>>): LintFile[] {
  const out: LintFile[] = [];
  if (projectDir !== null) {
    out.push(...jsonFiles(join(projectDir, ".github", "hooks")).map((path) => ({ path, kind: "own" })));
    out.push({ path: join(projectDir, ".github", "copilot", "settings.json"), kind: "own" });
    out.push({ path: join(projectDir, ".claude", "settings.json"), kind: "claude" }, { path: join(projectDir, ".claude", "settings.local.json"), kind: "claude" });
  }
  if (homeDir !== null) {
    const home = env["COPILOT_HOME"] ?? join(homeDir, ".copilot");
    out.push(...jsonFiles(join(home, "hooks")).map((path) => ({ path, kind: "own" })), { path: join(home, "settings.json"), kind: "own" });
  }
  return out;
}

function claims(path: string): string | null {
  const p = path.replace(/\\/g, "/");
  if (/(^|\/)\.github\/hooks\/[^/]+\.json$/.test(p) || /(^|\/)\.github\/copilot\/settings\.json$/.test(p) || /(^|\/)\.copilot\/(hooks\/[^/]+|settings)\.json$/.test(p)) return "own";
  if (/(^|\/)\.claude\/settings(\.local)?\.json$/.test(p)) return "claude";
  return null;
}

/** A command without install's marks (both forms: assignments in front, or `export …;`) or other leading `NAME=value` assignments: the marks differ per agent, the hook is the same. */
const bareCommand = (command: string): string => markedParts(command)?.command ?? command.replace(/^(?:\s*[A-Za-z_][A-Za-z0-9_]*=\S*)+\s+/, "");

/** Event (camelCase) -> the bare commands the files configure for it. */
function commandsByEvent(texts: readonly string[]): Map<string, Set<string>> {
  const out = new Map<string, Set<string>>();
  for (const text of texts) {
    let value;
    try {
      value = JSON.parse(text) as unknown;
    } catch {
      continue;
    }
    for (const event of walkEvents(value as never, ["hooks"])) {
      const resolved = resolveEvent(event.name);
      if (resolved === null) continue;
      for (const group of event.groups ?? []) for (const h of group.handlers) {
        const command = commandOf(h.handler);
        if (command === null) continue;
        const set = out.get(resolved.event) ?? new Set<string>();
        set.add(bareCommand(command));
        out.set(resolved.event, set);
      }
    }
  }
  return out;
}

function lintClaudeSettings(file: LintFile, ctx: LintContext): LintFinding[] {
  // what does not parse is Claude Code's rules' finding; Copilot CLI then reads nothing from it either
  const read = readDocument(AGENT, file.path, ctx.text, R.invalidJson, "");
  if (!read.ok) return [];
  const { doc } = read;
  const project = dirname(dirname(file.path));
  const own = commandsByEvent(files(project, null, {}).filter((f) => f.kind === "own").map((f) => ctx.read(f.path)).filter((t): t is string => t !== null));
  const out: LintFinding[] = [];
  for (const event of walkEvents(doc.value, ["hooks"])) {
    for (const group of event.groups ?? []) for (const handler of group.handlers) {
      const command = commandOf(handler.handler);
      if (command === null) continue;
      const differences = ctx.differences(event.name);
      const resolved = resolveEvent(event.name);
      const what = resolved === null ? `Copilot CLI has no ${event.name}: it never runs this hook` : `Copilot CLI also runs this hook (as "${event.name}", Claude-style input) in a trusted folder`;
      // a hook install wrote there was written for both (install's runs-from-other note says Copilot CLI runs it, and
      // install writes no second copy): the warning would only repeat install's note, with advice for hand-written hooks
      const installed = markedParts(command) !== null;
      if (!installed || resolved === null) out.push(doc.at(R.alsoRuns, handler.path, differences.length === 0 ? what : `${what}; differs: ${differences.join("; ")}`));
      if (resolved !== null && own.get(resolved.event)?.has(bareCommand(command)) === true) {
        out.push(doc.at(R.runsTwice, handler.path, `the same command is in Copilot CLI's own hook files for ${resolved.event}: Copilot runs it twice (it never dedupes)`));
      }
    }
  }
  return out;
}

/** CP-CFG-011/012: what makes Copilot CLI skip the file or an entry (config.ts's rules). */
function skipped(file: LintFile, ctx: LintContext): LintFinding[] {
  const read = readDocument(AGENT, file.path, ctx.text, R.invalidJson, "");
  if (!read.ok || !isJsonObject(read.doc.value)) return [];
  const { doc } = read;
  const kind = file.kind === "claude" ? "claude" : /(^|\/)hooks\/[^/]+\.json$/.test(file.path.replace(/\\/g, "/")) ? "hooks" : "settings";
  const skip = fileSkipReason({ path: file.path, label: file.path, hookDir: null, kind }, doc.value as JsonObject);
  if (skip !== null) {
    const lost = walkEvents(doc.value, ["hooks"]).flatMap((e) => (e.groups ?? []).flatMap((g) => g.handlers.map((h) => `${e.name} ${JSON.stringify(commandOf(h.handler) ?? null)}`)));
    return [doc.at(R.fileSkipped, skip.path.split("/").slice(1), `${skip.message}; ${lost.length === 0 ? "no hook is configured in it" : `${lost.length} hook${lost.length === 1 ? " is" : "s are"} lost: ${lost.slice(0, 10).join(", ")}${lost.length > 10 ? ` and ${lost.length - 10} more` : ""}`}`)];
  }
  const out: LintFinding[] = [];
  for (const event of walkEvents(doc.value, ["hooks"])) {
    for (const group of event.groups ?? []) {
      const entry = group.entry;
      if (!isJsonObject(entry)) continue;
      if (entry["matcher"] !== undefined && entry["matcher"] !== null && typeof entry["matcher"] !== "string") out.push(doc.at(R.entrySkipped, [...group.path, "matcher"], "matcher: Expected string — Copilot CLI skips this hook"));
      // a flat entry is its own handler
      const handlers = Array.isArray(entry["hooks"]) ? group.handlers : [{ handler: entry, path: group.path }];
      for (const handler of handlers) {
        if (!isJsonObject(handler.handler)) continue;
        for (const key of ["timeoutSec", "timeout"]) {
          const value = handler.handler[key];
          if (value === undefined || value === null || (typeof value === "number" && value > 0)) continue;
          out.push(doc.at(R.entrySkipped, [...handler.path, key], `${key} ${JSON.stringify(value)?.slice(0, 40)}: ${key} must be ${typeof value === "number" ? "positive" : "a number"} — Copilot CLI skips this hook`));
        }
      }
    }
  }
  return out;
}

function lint(file: LintFile, ctx: LintContext): LintFinding[] {
  if (file.kind === "claude") return [...skipped(file, ctx), ...lintClaudeSettings(file, ctx)];
  const read = readDocument(AGENT, file.path, ctx.text, R.invalidJson, "Copilot CLI reads no hook from it");
  if (!read.ok) return [read.finding];
  const { doc } = read;
  const out: LintFinding[] = [...skipped(file, ctx), ...millisecondTimeouts(doc.at, R.msTimeout, doc.value, ["hooks"], "Copilot CLI", ["timeoutSec", "timeout"])];
  const top = isJsonObject(doc.value) ? Object.keys(doc.value).filter((key) => resolveEvent(key) !== null) : [];
  if (top.length > 0) out.push(doc.at(R.missingWrapper, [top[0]!], `${top.join(", ")} at the top: Copilot CLI reads hooks only under "hooks" ({"version": 1, "hooks": {...}}), so these never run`));
  for (const event of walkEvents(doc.value, ["hooks"])) {
    const resolved = resolveEvent(event.name);
    if (resolved === null) {
      const hint = ctx.eventHint(event.name);
      out.push(doc.at(R.unknownEvent, event.path, `Copilot CLI has no "${event.name}" event under either spelling; its hooks never run${hint === "" ? "" : ` (${hint})`}`));
      continue;
    }
    const rules = EVENTS[resolved.event];
    const hasMatcher = resolved.claudeStyle ? rules.claudeMatchField !== null : rules.matchField !== null;
    for (const group of event.groups ?? []) {
      const matcher = group.matcher;
      if (typeof matcher !== "string" || matcher === "") continue;
      if (matcher === "*" && !resolved.claudeStyle) {
        out.push(doc.at(R.starMatcher, [...group.path, "matcher"], `"*" is not a valid regex in a camelCase entry; Copilot CLI skips the hook: ${invalidMatcherNotice(resolved.event, matcher)} (leave the matcher out to match every tool)`));
        continue;
      }
      if (matcher === "*") continue;
      try {
        new RegExp(matcher, "u");
      } catch {
        out.push(doc.at(R.invalidMatcher, [...group.path, "matcher"], invalidMatcherNotice(resolved.event, matcher)));
        continue;
      }
      if (!hasMatcher) {
        out.push(doc.at(R.matcherIgnored, [...group.path, "matcher"], `${event.name} has no matcher; ${JSON.stringify(matcher)} is ignored and the hooks run every time`));
        continue;
      }
      // camelCase entries see the model-facing names only; Claude-style ones also Claude's (cpre-17)
      const hintOf = (name: string): string | null =>
        resolved.claudeStyle ? ctx.foreignTool(name, new Set(["Bash", "Read"])) : name === "Bash" || name === "Read" ? `"${name}" is Claude Code's name; a camelCase entry sees "${name === "Bash" ? "bash" : "view"}"` : ctx.foreignTool(name, new Set());
      out.push(...foreignToolFindings(doc.at, R.foreignTool, [...group.path, "matcher"], matcher, hintOf));
    }
  }
  return out;
}

export const copilotLinter: AgentLinter = {
  agent: AGENT,
  displayName: "Copilot CLI",
  rules: Object.values(R),
  events: COPILOT_EVENT_NAMES.flatMap((name) => [{ name, canonical: EVENTS[name].canonical }, ...(EVENTS[name].claudeStyleName === null ? [] : [{ name: EVENTS[name].claudeStyleName!, canonical: EVENTS[name].canonical }])]),
  files,
  claims,
  lint,
};
