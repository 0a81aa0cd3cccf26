/**
 * Where Factory droid 0.215.0 reads hooks and which it selects for an event
 * (docs/spec/droid-observed.md "Configuration", "Matchers"):
 *
 * - four files: `<project>/.factory/settings.json` (`hooks`), `<project>/.factory/hooks.json`
 *   (the BARE event map), then the same two under `~/.factory/` (pre-01, pre-23, pre-23c, pre-23e);
 * - within a folder, hooks.json's list REPLACES settings.json's for the same event;
 *   across folders the lists are concatenated, project first;
 * - a group runs when its matcher is missing, `""`, `*`, equal to the match
 *   value, or an unanchored regex that finds it (an invalid regex: never,
 *   silently); `commandRegex` must also find the Execute command;
 * - no dedupe: the same command twice runs twice (pre-22).
 */
import { readConfigText } from "../core/read-bounded.js";
import { join } from "node:path";
import { jsonPointer, type ProtocolError } from "../core/errors.js";
import { parseJsonText } from "../json/positions.js";
import { isJsonObject, type JsonObject, type JsonValue } from "../json/value.js";
import { DROID_EVENT_NAMES, isDroidEvent } from "./events.js";
import { DROID_DEFAULT_TIMEOUT_SEC, readDroidTimeout } from "./timeout.js";
import { timerPastLimit } from "./texts.js";

/** droid's timeout when a handler sets none. */
export const DEFAULT_TIMEOUT_SEC = DROID_DEFAULT_TIMEOUT_SEC;

export type DroidConfigSource = "project_settings" | "project" | "user_settings" | "user";

export interface DroidHandler {
  readonly command: string;
  /** Seconds as configured, or null (droid then waits 60 s). */
  readonly timeout: number | null;
  readonly source: DroidConfigSource;
  readonly file: string;
  readonly matcher: string | null;
  /** Position in droid's configured order (the merged list of every source). */
  readonly configIndex: number;
}

interface SourceFile {
  readonly source: DroidConfigSource;
  readonly file: string;
  /** settings.json keeps its hooks under `hooks`; hooks.json is the map itself. */
  readonly underHooksKey: boolean;
}

/** The files droid reads, in the order their lists are concatenated. */
export function droidConfigFiles(projectDir: string, homeDir: string): SourceFile[] {
  const folder = (dir: string, scope: "project" | "user"): SourceFile[] => [
    { source: `${scope}_settings`, file: join(dir, ".factory", "settings.json"), underHooksKey: true },
    { source: scope, file: join(dir, ".factory", "hooks.json"), underHooksKey: false },
  ];
  return [...folder(projectDir, "project"), ...folder(homeDir, "user")];
}

function readMap(file: SourceFile, problems: ProtocolError[]): JsonObject | null {
  const text = readConfigText(file.file);
  if (text === null) return null; // a missing file is the normal case
  if (typeof text !== "string") {
    problems.push({ code: "invalid-config", path: "", message: `${text.refused}; droid reads no hooks from it` });
    return null;
  }
  const read = parseJsonText(text);
  if (!read.ok) {
    const { line, column } = read.position;
    problems.push({ code: "invalid-config", path: "", message: `${file.file}:${line}:${column}: invalid JSON (${read.message}); droid reads no hooks from it`, position: read.position });
    return null;
  }
  const value = read.value;
  const map = file.underHooksKey ? (isJsonObject(value) ? value["hooks"] : undefined) : value;
  if (map === undefined) return null;
  if (!isJsonObject(map ?? null)) {
    problems.push({ code: "invalid-config", path: file.underHooksKey ? "/hooks" : "", message: `${file.file}: the hooks must be an object of events` });
    return null;
  }
  const rejected = droidRejection(map as JsonObject);
  if (rejected !== null) {
    const at = file.underHooksKey ? ["hooks", ...rejected.path] : rejected.path;
    problems.push({ code: "hooks-rejected", path: jsonPointer(at), message: `${file.file}: ${rejected.message}; droid rejects ${file.underHooksKey ? "the hooks of this file" : "this whole file"}: none of its hooks run, its hooksDisabled counts for nothing` });
    return null;
  }
  const unknown = Object.keys(map as JsonObject).filter((key) => !isDroidEvent(key) && !DROID_SWITCHES.includes(key));
  if (unknown.length > 0) {
    const hint = !file.underHooksKey && unknown.includes("hooks") ? " (hooks.json is the bare event map: a {\"hooks\": ...} wrapper makes droid run no hook)" : "";
    problems.push({ code: "unknown-event-keys", path: "", message: `${file.file}: Ignoring unknown hook event keys ${unknown.join(", ")}${hint}` });
  }
  return map as JsonObject;
}

/** The keys of a hooks map that are switches, not events: booleans (droid's settings schema). */
export const DROID_SWITCHES = ["hooksDisabled", "showHookOutput"];

/**
 * What makes droid refuse a hooks map as a whole (its schema check): a switch
 * that is not a boolean, a handler whose `type` is not "command" or whose
 * `timeout` is not a number. Recorded: `hooksDisabled: "false"` and
 * `showHookOutput: "yes"` beside a deny in settings.json, `hooksDisabled:
 * "false"` in a project hooks.json, `type: "Command"` and `timeout: "10"` on
 * the deny or on a sibling in hooks.json: the deny never ran (dr-cfg-*).
 * Also an event whose value is not a list of groups, a `matcher` that is not a
 * string, a handler without a `command` string (missing or null), beside a deny
 * on another event, 0.215.0 and 0.225.2: in settings.json (dr-vh-cfg-settings-*)
 * and, for the matcher and the command, in hooks.json (dr-vh-cfg-hooks-json-*);
 * an unknown event key is only ignored.
 */
export function droidRejection(map: JsonObject): { path: (string | number)[]; message: string } | null {
  for (const key of DROID_SWITCHES) {
    const value = map[key];
    if (value !== undefined && typeof value !== "boolean") return { path: [key], message: `${key} ${JSON.stringify(value).slice(0, 60)} is not a boolean` };
  }
  for (const [event, groups] of Object.entries(map)) {
    if (!isDroidEvent(event)) continue;
    if (!Array.isArray(groups)) return { path: [event], message: `${event} is not a list of matcher groups` };
    for (const [g, group] of groups.entries()) {
      const matcher = isJsonObject(group) ? group["matcher"] : undefined;
      if (matcher !== undefined && typeof matcher !== "string") return { path: [event, g, "matcher"], message: `matcher ${JSON.stringify(matcher).slice(0, 60)} is not a string` };
      const handlers = isJsonObject(group) ? group["hooks"] : undefined;
      if (!Array.isArray(handlers)) continue;
      for (const [h, handler] of handlers.entries()) {
        if (!isJsonObject(handler)) continue;
        if (typeof handler["command"] !== "string") return { path: [event, g, "hooks", h, "command"], message: "a handler without a command string" };
        const type = handler["type"];
        if (type !== undefined && type !== "command") return { path: [event, g, "hooks", h, "type"], message: `type ${JSON.stringify(type).slice(0, 60)} is not "command"` };
        const timeout = readDroidTimeout(handler["timeout"]);
        if (timeout.kind === "refused") return { path: [event, g, "hooks", h, "timeout"], message: timeout.message };
      }
    }
  }
  return null;
}

/**
 * `hooksDisabled: true` in a hooks map droid accepted turns every hook off; the
 * first folder that sets it decides, project before user (dr-cfg-user-settings-disabled-true,
 * dr-cfg-project-settings-disabled-true, dr-cfg-project-hooks-json-disabled,
 * dr-cfg-project-false-user-true). The file that turned them off, or null.
 */
function disabledBy(maps: readonly (readonly [SourceFile, JsonObject | null])[]): string | null {
  for (const [file, map] of maps) {
    const value = map?.["hooksDisabled"];
    if (typeof value === "boolean") return value ? file.file : null;
  }
  return null;
}

export interface DroidSelection {
  readonly handlers: DroidHandler[];
  readonly problems: ProtocolError[];
}

/** droid's matcher test (`wnI`): also true when the event has no match value. */
export function droidMatcherMatches(matcher: JsonValue | undefined, value: string | null): boolean {
  if (matcher === undefined || matcher === null || matcher === "" || matcher === "*" || matcher === false || matcher === 0) return true;
  if (value === null || value === "") return true;
  if (matcher === value) return true;
  try {
    return new RegExp(String(matcher)).test(value);
  } catch {
    return false;
  }
}

function commandRegexMatches(pattern: JsonValue | undefined, command: string | null): boolean {
  if (pattern === undefined || pattern === null || pattern === "" || pattern === false || pattern === 0) return true;
  if (command === null || command === "") return false;
  try {
    return new RegExp(String(pattern)).test(command);
  } catch {
    return false;
  }
}

/**
 * The handlers droid runs for `event`, in configured order. `matchValue` is
 * the tool name (tool events) or the SessionStart source; `command` the
 * Execute command, for `commandRegex`.
 */
export function selectDroidHooks(event: string, matchValue: string | null, command: string | null, projectDir: string, homeDir: string): DroidSelection {
  const problems: ProtocolError[] = [];
  const handlers: DroidHandler[] = [];
  if (!isDroidEvent(event)) {
    problems.push({ code: "unknown-event", path: "", message: `droid has no ${event} event (it has ${DROID_EVENT_NAMES.join(", ")})` });
    return { handlers, problems };
  }
  const files = droidConfigFiles(projectDir, homeDir);
  const maps = files.map((file) => [file, readMap(file, problems)] as const);
  const offBy = disabledBy(maps);
  if (offBy !== null) {
    problems.push({ code: "hooks-disabled", path: "", message: `${offBy}: hooksDisabled is true: droid runs no hook` });
    return { handlers, problems };
  }
  for (let f = 0; f < files.length; f += 2) {
    const [settings, hooksJson] = [files[f]!, files[f + 1]!];
    const fromSettings = maps[f]![1];
    const fromHooksJson = maps[f + 1]![1];
    // hooks.json replaces settings.json's list for the same event (not merged).
    const chosen = fromHooksJson !== null && fromHooksJson[event] !== undefined ? hooksJson : settings;
    const groups = (chosen === hooksJson ? fromHooksJson : fromSettings)?.[event];
    if (groups === undefined) continue;
    if (!Array.isArray(groups)) {
      problems.push({ code: "invalid-config", path: jsonPointer(chosen.underHooksKey ? ["hooks", event] : [event]), message: `${chosen.file}: ${event} must be an array of matcher groups` });
      continue;
    }
    for (const [g, group] of groups.entries()) {
      const at = chosen.underHooksKey ? ["hooks", event, g] : [event, g];
      if (!isJsonObject(group) || !Array.isArray(group["hooks"])) {
        problems.push({ code: "invalid-config", path: jsonPointer(at), message: `${chosen.file}: skipping a matcher group without a hooks array` });
        continue;
      }
      if (!droidMatcherMatches(group["matcher"], matchValue)) continue;
      if (!commandRegexMatches(group["commandRegex"], command)) continue;
      const matcher = typeof group["matcher"] === "string" ? group["matcher"] : null;
      for (const [h, handler] of group["hooks"].entries()) {
        if (!isJsonObject(handler) || typeof handler["command"] !== "string") {
          problems.push({ code: "invalid-config", path: jsonPointer([...at, "hooks", h]), message: `${chosen.file}: a handler needs a command string` });
          continue;
        }
        // droidRejection has refused text: what is left is seconds or the default (timeout.ts)
        const timeout = readDroidTimeout(handler["timeout"]);
        const timeoutAt = jsonPointer([...at, "hooks", h, "timeout"]);
        if (timeout.kind === "default" && timeout.invalid !== null) problems.push({ code: "invalid-config", path: timeoutAt, message: `${chosen.file}: ${timeout.invalid}` });
        if (timeout.kind === "ms" && timeout.pastTimerLimit) problems.push({ code: "invalid-config", path: timeoutAt, message: `${chosen.file}: ${timerPastLimit(handler["timeout"] as number)}; this runner honours it` });
        handlers.push({ command: handler["command"], timeout: timeout.kind === "ms" ? timeout.ms / 1000 : null, source: chosen.source, file: chosen.file, matcher, configIndex: handlers.length });
      }
    }
  }
  return { handlers, problems };
}
