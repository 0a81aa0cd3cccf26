/**
 * Where Qwen Code 0.24.4 reads hooks and which it selects for an event
 * (docs/spec/qwen-code-observed.md "Configuration", "Matchers"; its bundled
 * HookRegistry and HookPlanner):
 *
 * - `hooks` of `<project>/.qwen/settings.json` (only in a trusted folder),
 *   `~/.qwen/settings.json`, and the system files (`QWEN_CODE_SYSTEM_SETTINGS_PATH`,
 *   default `/etc/qwen-code/settings.json`, and `system-defaults.json` beside
 *   it); `.claude/settings.json` is not read (cfg-06);
 * - configuration order: project hooks, then user, then system, each as
 *   listed (cfg-08, cfg-20); the merge reads them in this order;
 * - `disableAllHooks` in the effective settings, read for its truthiness (`"false"` too), turns every hook off
 *   (cfg-04; in project settings also the user hooks, cfg-22);
 * - a group runs when its matcher is missing, empty, `*`, `.*`, one of the
 *   tool's names (Claude Code's `Bash` for `run_shell_command`), or an
 *   unanchored case-sensitive regex that finds the value (mat-01..13);
 * - the same command (and `name`) twice runs once;
 * - one `sequential: true` group makes the whole event run one hook at a time.
 */
import { readConfigText } from "../core/read-bounded.js";
import { dirname, join, resolve, sep } from "node:path";
import { jsonPointer, type ProtocolError } from "../core/errors.js";
import { blankComments } from "../json/comments.js";
import { parseJsonText } from "../json/positions.js";
import { truthy } from "../json/js-values.js";
import { isJsonObject, type JsonObject, type JsonValue } from "../json/value.js";
import { QWEN_CODE_EVENTS, QWEN_CODE_EVENT_NAMES, isQwenCodeEvent } from "./events.js";
import { readQwenCodeTimeout } from "./merge.js";
import { qwenTimeoutPastTimerLimit } from "./timeout.js";
import { timerPastLimit } from "./texts.js";

export type QwenCodeConfigSource = "project" | "user" | "system";

export interface QwenCodeHandler {
  readonly command: string;
  /** As configured (seconds; 1000 or more: milliseconds), or null (60 s). */
  readonly timeout: number | null;
  readonly name: string | null;
  readonly env: Readonly<Record<string, string>>;
  readonly source: QwenCodeConfigSource;
  readonly file: string;
  readonly matcher: string | null;
  readonly sequential: boolean;
  /** Position in Qwen's configuration order. */
  readonly configIndex: number;
}

export interface QwenCodeSettingsFile {
  readonly source: QwenCodeConfigSource;
  readonly file: string;
}

/** The system settings file Qwen reads on Linux (an env variable moves it). */
export function qwenCodeSystemSettingsPath(env: NodeJS.ProcessEnv): string {
  return env["QWEN_CODE_SYSTEM_SETTINGS_PATH"] || "/etc/qwen-code/settings.json";
}

/** The settings files, in configuration order (project, user, system, system defaults). */
export function qwenCodeSettingsFiles(projectDir: string, homeDir: string, env: NodeJS.ProcessEnv): QwenCodeSettingsFile[] {
  const system = qwenCodeSystemSettingsPath(env);
  return [
    { source: "project", file: join(projectDir, ".qwen", "settings.json") },
    { source: "user", file: join(homeDir, ".qwen", "settings.json") },
    { source: "system", file: system },
    { source: "system", file: env["QWEN_CODE_SYSTEM_DEFAULTS_PATH"] || join(dirname(system), "system-defaults.json") },
  ];
}

/** Tool names a matcher may use for a built-in tool, besides the tool's own (Qwen's alias table, Claude Code's names among them). */
const TOOL_ALIASES: Readonly<Record<string, readonly string[]>> = {
  run_shell_command: ["Shell", "ShellTool", "Bash"],
  write_file: ["WriteFile", "WriteFileTool", "Write"],
  edit: ["Edit", "EditTool", "replace"],
  read_file: ["ReadFile", "ReadFileTool", "Read"],
  grep_search: ["Grep", "GrepTool", "search_file_content", "SearchFiles"],
  glob: ["Glob", "GlobTool", "FindFiles"],
  list_directory: ["ListFiles", "ListFilesTool", "ReadFolder"],
  web_fetch: ["WebFetch", "WebFetchTool"],
  web_search: ["WebSearch", "WebSearchTool"],
  agent: ["Agent", "AgentTool", "task", "Task", "TaskTool"],
  todo_write: ["TodoList", "TodoWrite", "TodoWriteTool"],
  notebook_edit: ["NotebookEdit", "NotebookEditTool"],
  save_memory: ["SaveMemory", "SaveMemoryTool"],
  skill: ["Skill", "SkillTool"],
  exit_plan_mode: ["ExitPlanMode", "ExitPlanModeTool"],
  enter_plan_mode: ["EnterPlanMode", "EnterPlanModeTool"],
  ask_user_question: ["AskUserQuestion", "AskUserQuestionTool"],
  exec: ["Exec", "ExecTool"],
};

/** Qwen's list split of `A|B` outside groups and classes (its `splitListEntries`). */
function splitAlternatives(pattern: string): string[] {
  const out: string[] = [];
  let current = "";
  let escaped = false;
  let inClass = false;
  let depth = 0;
  for (const ch of pattern) {
    if (escaped) escaped = false;
    else if (ch === "\\") escaped = true;
    else if (inClass) inClass = ch !== "]";
    else if (ch === "[") inClass = true;
    else if (ch === "(") depth++;
    else if (ch === ")") depth = Math.max(0, depth - 1);
    else if (ch === "|" && depth === 0) {
      out.push(current);
      current = "";
      continue;
    }
    current += ch;
  }
  out.push(current);
  return out;
}

/**
 * Qwen's matcher test (`matchesHookPattern`): `""`, `*`, `.*` match all; a
 * tool's own name or alias matches exactly; otherwise an unanchored regex
 * (an invalid one matches nothing, mat-13). A missing matcher or match value: every group runs.
 */
export function qwenCodeMatcherMatches(matcher: JsonValue | undefined, value: string | null, aliases: readonly string[] = []): boolean {
  if (!matcher || value === null || value === "") return true;
  if (typeof matcher !== "string") return true;
  const pattern = matcher.trim();
  if (pattern === "" || pattern === "*" || pattern === ".*") return true;
  const exact = [value, ...aliases];
  if (exact.includes(pattern)) return true;
  let expression = pattern;
  if (pattern.includes("|") && !pattern.startsWith("^") && !pattern.startsWith("(")) {
    const alternatives = splitAlternatives(pattern).map((entry) => entry.trim()).filter((entry) => entry !== "");
    if (alternatives.some((entry) => entry === "*" || entry === ".*" || exact.includes(entry))) return true;
    if (alternatives.length === 0) return false;
    expression = alternatives.join("|");
  }
  try {
    return new RegExp(expression).test(value);
  } catch {
    return false;
  }
}

/** The Qwen tool a matcher name stands for (its own name or an alias, exactly), or null. */
export function qwenToolNamed(name: string): string | null {
  if (Object.prototype.hasOwnProperty.call(TOOL_ALIASES, name)) return name;
  return Object.keys(TOOL_ALIASES).find((tool) => TOOL_ALIASES[tool]!.includes(name)) ?? null;
}

/** Every name a Qwen matcher takes for a built-in tool (own names and aliases). */
export function qwenToolNames(): ReadonlySet<string> {
  return new Set(Object.entries(TOOL_ALIASES).flatMap(([tool, aliases]) => [tool, ...aliases]));
}

export function toolAliases(toolName: string): readonly string[] {
  return Object.prototype.hasOwnProperty.call(TOOL_ALIASES, toolName) ? TOOL_ALIASES[toolName]! : [];
}

/**
 * A settings file as Qwen reads it: a UTF-8 BOM and comments dropped (blanked, so line:column
 * stay right), then JSON. Qwen resets an invalid project file to `{}` and refuses to start on an
 * invalid user or system file; here the other files' hooks still run (a deny is never lost).
 */
function readSettings(file: string, problems: ProtocolError[], source: QwenCodeConfigSource | null = null): JsonObject | null {
  const text = readConfigText(file);
  if (text === null) return null; // a missing file is the normal case
  if (typeof text !== "string") {
    problems.push({ code: "invalid-config", path: "", message: `${text.refused}; no hook of it is read` });
    return null;
  }
  const read = parseJsonText(blankComments(text.replace(/^\uFEFF/, " ")));
  const consequence = source === "project" ? "Qwen Code resets it to {} and reads no hooks from it" : "Qwen Code refuses to start with it";
  if (!read.ok) {
    const { line, column } = read.position;
    problems.push({ code: "invalid-config", path: "", message: `${file}:${line}:${column}: invalid JSON (${read.message}); ${consequence}`, position: read.position });
    return null;
  }
  if (isJsonObject(read.value)) return read.value;
  problems.push({ code: "invalid-config", path: "", message: `${file}: settings must be a JSON object; Qwen Code refuses to start with it` });
  return null;
}

const field = (value: JsonValue | undefined, key: string): JsonValue | undefined => (isJsonObject(value ?? null) ? (value as JsonObject)[key] : undefined);

/**
 * Whether Qwen trusts the project folder: always, unless
 * `security.folderTrust.enabled` (user or system settings); then the most
 * specific entry of `~/.qwen/trustedFolders.json` for the folder or an
 * ancestor decides (`TRUST_FOLDER`, `TRUST_PARENT` on a child, `DO_NOT_TRUST`); none: untrusted.
 */
export function qwenCodeFolderTrusted(projectDir: string, homeDir: string, user: JsonObject | null, system: JsonObject | null): boolean {
  const enabled = [system, user].map((s) => field(field(field(s ?? undefined, "security"), "folderTrust"), "enabled")).find((v) => typeof v === "boolean");
  if (enabled !== true) return true;
  const trust = readSettings(join(homeDir, ".qwen", "trustedFolders.json"), []);
  if (trust === null) return false;
  const project = resolve(projectDir);
  const covers = (dir: string): boolean => project === dir || project.startsWith(dir.endsWith(sep) ? dir : dir + sep);
  let best: { length: number; trusted: boolean } | null = null;
  for (const [path, level] of Object.entries(trust)) {
    const dir = level === "TRUST_PARENT" ? dirname(resolve(path)) : resolve(path);
    if (!covers(dir) || (best !== null && dir.length < best.length)) continue;
    if (level === "TRUST_FOLDER" || level === "TRUST_PARENT") best = { length: dir.length, trusted: true };
    else if (level === "DO_NOT_TRUST") best = { length: dir.length, trusted: false };
  }
  return best?.trusted === true;
}

export interface QwenCodeSelection {
  readonly handlers: QwenCodeHandler[];
  /** One selected group is `sequential`: the event runs its hooks one at a time. */
  readonly sequential: boolean;
  readonly problems: ProtocolError[];
}

/** The handlers Qwen runs for `event`, in configuration order; `matchValue` is the tool name, source or agent type. */
export function selectQwenCodeHooks(event: string, matchValue: string | null, projectDir: string, homeDir: string, env: NodeJS.ProcessEnv): QwenCodeSelection {
  const problems: ProtocolError[] = [];
  const handlers: QwenCodeHandler[] = [];
  if (!isQwenCodeEvent(event)) {
    problems.push({ code: "unknown-event", path: "", message: `Qwen Code has no ${event} event (it has ${QWEN_CODE_EVENT_NAMES.join(", ")})` });
    return { handlers, sequential: false, problems };
  }
  const files = qwenCodeSettingsFiles(projectDir, homeDir, env).map((f) => ({ ...f, settings: readSettings(f.file, problems, f.source) }));
  const [project, user, system, systemDefaults] = files;
  const trusted = qwenCodeFolderTrusted(projectDir, homeDir, user!.settings, system!.settings);
  const active = files.filter((f) => f.source !== "project" || trusted);
  // The effective disableAllHooks: the first value set (not null) in system, project, user, system-defaults
  // order, read for its JavaScript truthiness as Qwen reads it: "false", "no", 1, [] and {} turn every hook off,
  // "", 0 and null do not (cfg-40-*); a project false stands over a user "true" (cfg-42).
  const ordered = [system!, ...(trusted ? [project!] : []), user!, systemDefaults!];
  for (const { file, settings } of ordered) {
    const value = settings?.["disableAllHooks"];
    if (value !== undefined && value !== null && typeof value !== "boolean") {
      problems.push({ code: "invalid-config", path: "/disableAllHooks", message: `${file}: disableAllHooks ${JSON.stringify(value).slice(0, 60)} is not a boolean; Qwen Code reads it as ${truthy(value) ? "true: every hook is off" : "false"}` });
    }
  }
  const disable = ordered.map((f) => f.settings?.["disableAllHooks"]).find((v) => v !== undefined && v !== null);
  if (truthy(disable ?? null)) return { handlers, sequential: false, problems };
  const aliases = QWEN_CODE_EVENTS[event].matchField === "tool_name" && matchValue !== null ? toolAliases(matchValue) : [];
  const seen = new Set<string>();
  let sequential = false;
  for (const { source, file, settings } of active) {
    const hooks = settings?.["hooks"];
    if (hooks !== undefined && !isJsonObject(hooks)) {
      problems.push({ code: "invalid-config", path: "/hooks", message: `${file}: hooks must be an object of events; Qwen Code reads no hooks from it` });
      continue;
    }
    const groups = field(hooks, event);
    if (groups === undefined) continue;
    if (!Array.isArray(groups)) {
      problems.push({ code: "invalid-config", path: jsonPointer(["hooks", event]), message: `${file}: ${event} must be an array of matcher groups; Qwen Code skips it` });
      continue;
    }
    for (const [g, group] of groups.entries()) {
      const at = ["hooks", event, g];
      if (!isJsonObject(group) || !Array.isArray(group["hooks"])) {
        problems.push({ code: "invalid-config", path: jsonPointer(at), message: `${file}: a matcher group without a hooks array is discarded` });
        continue;
      }
      if (QWEN_CODE_EVENTS[event].matchField !== null && !qwenCodeMatcherMatches(group["matcher"], matchValue, aliases)) continue;
      const matcher = typeof group["matcher"] === "string" ? group["matcher"] : null;
      for (const [h, handler] of group["hooks"].entries()) {
        if (!isJsonObject(handler) || handler["type"] !== "command" || typeof handler["command"] !== "string" || handler["command"] === "") {
          const kind = field(handler, "type");
          problems.push({
            code: "invalid-config",
            path: jsonPointer([...at, "hooks", h]),
            message: kind === "http" || kind === "prompt" || kind === "function" ? `${file}: a ${String(kind)} hook is not run by this runner` : `${file}: a hook needs type "command" and a command; Qwen Code discards it`,
          });
          continue;
        }
        const name = typeof handler["name"] === "string" && handler["name"] !== "" ? handler["name"] : null;
        const key = name === null ? handler["command"] : `${name}:${handler["command"]}`;
        if (seen.has(key)) continue;
        seen.add(key);
        const env: Record<string, string> = Object.create(null) as Record<string, string>;
        if (isJsonObject(handler["env"] ?? null)) for (const [k, v] of Object.entries(handler["env"] as JsonObject)) if (typeof v === "string") env[k] = v;
        const read = readQwenCodeTimeout(handler["timeout"]);
        if (read !== null && "invalid" in read) problems.push({ code: "invalid-config", path: jsonPointer([...at, "hooks", h, "timeout"]), message: `${file}: ${read.invalid}` });
        const pastLimit = qwenTimeoutPastTimerLimit(handler["timeout"]);
        if (pastLimit !== null) problems.push({ code: "invalid-config", path: jsonPointer([...at, "hooks", h, "timeout"]), message: `${file}: ${timerPastLimit(pastLimit)}` });
        const timeout = read !== null && "ms" in read ? Number(handler["timeout"]) : null;
        if (group["sequential"] === true) sequential = true;
        handlers.push({ command: handler["command"], timeout, name, env, source, file, matcher, sequential: group["sequential"] === true, configIndex: handlers.length });
      }
    }
  }
  return { handlers, sequential, problems };
}

export type QwenCodeTimeout = { readonly kind: "ms"; readonly ms: number; readonly firesAtOnce: boolean } | { readonly kind: "default" };

/**
 * A handler `timeout` literal as Qwen Code 0.24.4 reads it (readQwenCodeTimeout: seconds, 1000
 * and up milliseconds; unusable values the default of 60 s), for install to check what it
 * writes; `firesAtOnce`: past Node's timer limit, the timer fires after 1 ms (qw-num-timeout-*).
 */
export function readQwenCodeTimeoutLiteral(literal: string | null): QwenCodeTimeout {
  if (literal === null) return { kind: "default" };
  let value: unknown;
  try {
    value = JSON.parse(literal);
  } catch {
    return { kind: "default" };
  }
  const read = readQwenCodeTimeout(value);
  return read !== null && "ms" in read ? { kind: "ms", ms: read.ms, firesAtOnce: qwenTimeoutPastTimerLimit(value) !== null } : { kind: "default" };
}
