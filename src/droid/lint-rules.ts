/**
 * lint rules for Factory droid 0.215.0's hooks: `.factory/settings.json`
 * (`hooks`) and `.factory/hooks.json` (the bare event map), project and user
 * (droid-observed.md "Configuration", "Matchers"; config.ts reads them the
 * same way).
 */
import { dirname, join } from "node:path";
import { readDocument, walkEvents, foreignToolFindings, millisecondTimeouts, commandOf } from "../lint/document.js";
import { DROID_SWITCHES, droidRejection } from "./config.js";
import type { AgentLinter, LintContext, LintFile, LintFinding, LintRule } from "../lint/types.js";
import { isJsonObject, toNullPrototype, type JsonObject } from "../json/value.js";
import { DROID_EVENT_NAMES, DROID_EVENTS, isDroidEvent } from "./events.js";
import { timerPastLimit } from "./texts.js";
import { droidTimeoutPastTimerLimit } from "./timeout.js";

const AGENT = "droid";

export const DROID_LINT_RULES = {
  invalidJson: { id: "DR-CFG-001", code: "invalid-json", severity: "error", summary: "the file is not JSON: droid reads no hook from it" },
  unknownEvent: { id: "DR-CFG-002", code: "unknown-event", severity: "error", summary: "an event droid does not have: `Ignoring unknown hook event keys`, its hooks never run" },
  wrappedHooksJson: { id: "DR-CFG-003", code: "hooks-wrapper-in-hooks-json", severity: "error", summary: "hooks.json with a {\"hooks\": ...} wrapper: hooks.json is the bare event map, droid runs none of it" },
  foreignTool: { id: "DR-CFG-004", code: "foreign-tool", severity: "warning", summary: "a matcher names a tool as another agent calls it (Bash): droid's shell tool is Execute, the group never matches (pre-20)" },
  shadowed: { id: "DR-CFG-005", code: "shadowed-by-hooks-json", severity: "warning", summary: "an event listed in both settings.json and hooks.json of one folder: hooks.json's list replaces settings.json's, whose hooks never run" },
  invalidMatcher: { id: "DR-CFG-006", code: "invalid-matcher", severity: "error", summary: "a matcher that is not a valid regex: the group never matches, silently (pre-20-matcher-bad-regex)" },
  matcherIgnored: { id: "DR-CFG-007", code: "matcher-ignored", severity: "warning", summary: "a matcher on an event droid matches nothing against: the hooks run every time" },
  timerLimit: { id: "DR-CFG-011", code: "timeout-past-timer-limit", severity: "error", summary: "a timeout above 2147483.647 s (Node's 2147483647 ms timer limit, about 24.8 days): droid's timer fires at once: the hook is marked failed (exit 1) and was killed before it answered in 2 of 7 recorded runs, its deny lost (dr-num-timeout-*)" },
  msTimeout: { id: "DR-CFG-008", code: "timeout-in-milliseconds", severity: "warning", summary: "a timeout of 1000 or more: droid reads seconds, so a value meant in milliseconds lets the hook hang for minutes or hours" },
  rejected: { id: "DR-CFG-009", code: "hooks-rejected", severity: "error", summary: "a hooksDisabled or showHookOutput that is not a boolean, a type other than \"command\", a timeout that is not a number: droid rejects the file's hooks as a whole, every hook in it is lost (dr-cfg-*)" },
  disabled: { id: "DR-CFG-010", code: "hooks-disabled", severity: "warning", summary: "hooksDisabled: true: droid runs no hook (project settings decide before the user's)" },
} as const satisfies Record<string, LintRule>;

const R = DROID_LINT_RULES;

function files(projectDir: string | null, homeDir: string | null): LintFile[] {
  const folder = (dir: string): LintFile[] => [{ path: join(dir, ".factory", "settings.json"), kind: "settings" }, { path: join(dir, ".factory", "hooks.json"), kind: "hooks-json" }];
  return [...(projectDir === null ? [] : folder(projectDir)), ...(homeDir === null ? [] : folder(homeDir))];
}

function claims(path: string): string | null {
  const p = path.replace(/\\/g, "/");
  if (/(^|\/)\.factory\/hooks\.json$/.test(p)) return "hooks-json";
  if (/(^|\/)\.factory\/settings\.json$/.test(p)) return "settings";
  return null;
}

function parsedMap(text: string | null, bare: boolean): JsonObject | null {
  if (text === null) return null;
  try {
    const value = toNullPrototype(JSON.parse(text));
    const map = bare ? value : isJsonObject(value) ? value["hooks"] : null;
    return isJsonObject(map ?? null) ? (map as JsonObject) : null;
  } catch {
    return null;
  }
}

function lint(file: LintFile, ctx: LintContext): LintFinding[] {
  const read = readDocument(AGENT, file.path, ctx.text, R.invalidJson, "droid reads no hook from it");
  if (!read.ok) return [read.finding];
  const { doc } = read;
  const bare = file.kind === "hooks-json";
  const out: LintFinding[] = [];
  if (bare && isJsonObject(doc.value) && doc.value["hooks"] !== undefined) {
    out.push(doc.at(R.wrappedHooksJson, ["hooks"], 'hooks.json is the bare event map ({"PreToolUse": [...]}); with a "hooks" wrapper droid logs `Ignoring unknown hook event keys hooks` and runs none of it'));
  }
  out.push(...millisecondTimeouts(doc.at, R.msTimeout, doc.value, bare ? [] : ["hooks"], "droid"));
  for (const event of walkEvents(doc.value, bare ? [] : ["hooks"]).filter((e) => isDroidEvent(e.name))) {
    for (const group of event.groups ?? []) for (const handler of group.handlers) {
      const pastLimit = isJsonObject(handler.handler) ? droidTimeoutPastTimerLimit(handler.handler["timeout"]) : null;
      if (pastLimit !== null) out.push(doc.at(R.timerLimit, [...handler.path, "timeout"], `${timerPastLimit(pastLimit)}: the hook ${JSON.stringify(commandOf(handler.handler) ?? null)} may be lost`));
    }
  }
  const map = bare ? doc.value : isJsonObject(doc.value) ? doc.value["hooks"] : undefined;
  if (isJsonObject(map ?? null)) {
    const prefix = bare ? [] : ["hooks"];
    const rejected = droidRejection(map as JsonObject);
    if (rejected !== null) {
      const lost = walkEvents(doc.value, prefix).filter((e) => isDroidEvent(e.name)).flatMap((e) => (e.groups ?? []).flatMap((g) => g.handlers.map((h) => `${e.name} ${JSON.stringify(commandOf(h.handler) ?? null)}`)));
      out.push(doc.at(R.rejected, [...prefix, ...rejected.path], `${rejected.message}: droid rejects ${bare ? "this whole file" : "the hooks of this file"}; ${lost.length === 0 ? "no hook is configured in it" : `${lost.length} hook${lost.length === 1 ? " is" : "s are"} lost: ${lost.slice(0, 10).join(", ")}${lost.length > 10 ? ` and ${lost.length - 10} more` : ""}`}`));
    } else if ((map as JsonObject)["hooksDisabled"] === true) {
      out.push(doc.at(R.disabled, [...prefix, "hooksDisabled"], "hooksDisabled is true: droid runs no hook, from any file (unless a project file sets it false)"));
    }
  }
  const other = bare ? null : parsedMap(ctx.read(join(dirname(file.path), "hooks.json")), true);
  for (const event of walkEvents(doc.value, bare ? [] : ["hooks"])) {
    if (!isDroidEvent(event.name)) {
      if ((bare && event.name === "hooks") || DROID_SWITCHES.includes(event.name)) continue;
      const hint = ctx.eventHint(event.name);
      out.push(doc.at(R.unknownEvent, event.path, `droid has no ${event.name} event (\`Ignoring unknown hook event keys\`); its hooks never run${hint === "" ? "" : ` (${hint})`}`));
      continue;
    }
    if (other !== null && other[event.name] !== undefined) {
      out.push(doc.at(R.shadowed, event.path, `${event.name} is also in ${join(dirname(file.path), "hooks.json")}, whose list replaces this one: these hooks never run`));
    }
    const matchField = DROID_EVENTS[event.name].matchField;
    for (const group of event.groups ?? []) {
      const matcher = group.matcher;
      if (typeof matcher !== "string" || matcher === "" || matcher === "*") continue;
      try {
        new RegExp(matcher);
      } catch (e) {
        out.push(doc.at(R.invalidMatcher, [...group.path, "matcher"], `matcher ${JSON.stringify(matcher)} is not a valid regex (${e instanceof Error ? e.message : String(e)}); droid never runs the group and says nothing`));
        continue;
      }
      if (matchField === null) out.push(doc.at(R.matcherIgnored, [...group.path, "matcher"], `${event.name} has no matcher; ${JSON.stringify(matcher)} is ignored and the hooks run every time`));
      else if (matchField === "tool_name") out.push(...foreignToolFindings(doc.at, R.foreignTool, [...group.path, "matcher"], matcher, (name) => ctx.foreignTool(name, new Set())));
    }
  }
  return out;
}

export const droidLinter: AgentLinter = {
  agent: AGENT,
  displayName: "droid",
  rules: Object.values(R),
  events: DROID_EVENT_NAMES.map((name) => ({ name, canonical: DROID_EVENTS[name].canonical })),
  files,
  claims,
  lint,
};
