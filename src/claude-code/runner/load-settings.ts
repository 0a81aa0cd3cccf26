/**
 * Hook configuration from Claude Code's settings files and plugins' `hooks/hooks.json`.
 * Groups from every source are added, never replaced. The format is
 * schemas/claude-code/settings/ (checked by its generated validator); whatever
 * is wrong (unknown event or key, wrong type, invalid matcher) becomes a
 * ConfigProblem with the file, a JSON Pointer and line:column; nothing is
 * dropped silently.
 */
import { readFileBounded } from "../../core/read-bounded.js";
import { join } from "node:path";
import { eventInfo } from "../event-catalog.js";
import { parseJsonWithPositions, type JsonPathSegment, type TextPosition as PositionInText } from "../../json/positions.js";
import { jsonPointer } from "../../core/errors.js";
import { validateClaudeCodeHookSettings } from "../../../generated/validators/claude-code-settings.js";
import type { ValidationError } from "../../../generated/validators/validator.js";
import type { HookEvent } from "../../../generated/types.js";
import { compileMatcher } from "./matcher.js";
import { invalidHttpHookText } from "../texts.js";
import type {
  ConfigProblem,
  ConfiguredHook,
  HookConfiguration,
  HookHandler,
  HookSourceKind,
} from "./types.js";
import { isRecord } from "../../json/record.js";
import { hasSettingType, PERMISSION_TYPES, SETTING_TYPES } from "./settings-types.js";

export interface SettingsSource {
  readonly kind: Exclude<HookSourceKind, "plugin">;
  readonly file: string;
  /** Settings text to use instead of reading `file` (e.g. stdin). */
  readonly text?: string;
  /** A missing file is normal for the default user/project/local files; for files the caller names it is a problem. */
  readonly optional?: boolean;
}

export interface PluginSource {
  readonly name: string;
  /** The plugin's directory; its hooks are in `<root>/hooks/hooks.json`. */
  readonly root: string;
  /** `${CLAUDE_PLUGIN_DATA}`: the plugin's persistent data directory. */
  readonly dataDir?: string;
  /** hooks.json text to use instead of reading the file. */
  readonly text?: string;
}

/** The settings files Claude Code reads, lowest precedence first. Missing files are fine. */
export function defaultSettingsSources(projectDir: string, homeDir: string): SettingsSource[] {
  return [
    { kind: "user", file: join(homeDir, ".claude", "settings.json"), optional: true },
    { kind: "project", file: join(projectDir, ".claude", "settings.json"), optional: true },
    { kind: "local", file: join(projectDir, ".claude", "settings.local.json"), optional: true },
  ];
}

/** The keys each handler type takes (schemas/claude-code/settings/hook-handler/; test/claude-code/runner-config.test.ts keeps them equal). */
const COMMON_KEYS = ["type", "timeout", "if", "statusMessage", "once"];
const HANDLER_KEYS: Record<HookHandler["type"], readonly string[]> = {
  command: [...COMMON_KEYS, "onFailure", "command", "args", "shell", "async", "asyncRewake"],
  http: [...COMMON_KEYS, "onFailure", "url", "headers", "allowedEnvVars"],
  mcp_tool: [...COMMON_KEYS, "onFailure", "server", "tool", "input"],
  prompt: [...COMMON_KEYS, "prompt", "model", "continueOnBlock"],
  agent: [...COMMON_KEYS, "prompt", "model"],
};

/** What a handler field must be, in the problem texts (`"timeout" must be a positive number of seconds`). */
const FIELD_TEXTS: Readonly<Record<string, string>> = {
  timeout: "a positive number of seconds",
  if: 'a permission rule string such as "Bash(git *)"',
  statusMessage: "a string",
  once: "a boolean",
  onFailure: '"continue" or "block"',
  command: "a non-empty string",
  args: "an array of strings",
  shell: '"bash" or "powershell"',
  async: "a boolean",
  asyncRewake: "a boolean",
  url: "an http:// or https:// URL",
  headers: "an object of string values",
  allowedEnvVars: "an array of variable names",
  server: "a string",
  tool: "a string",
  input: "an object",
  prompt: "a string",
  model: "a string",
  continueOnBlock: "a boolean",
};

type Segments = readonly JsonPathSegment[];

interface ParseContext {
  readonly file: string;
  readonly kind: HookSourceKind;
  readonly source: string;
  readonly plugin: PluginSource | null;
  readonly positionOf: ((path: Segments) => PositionInText) | null;
  readonly problems: ConfigProblem[];
  readonly hooks: ConfiguredHook[];
}

function typeName(value: unknown): string {
  return value === null ? "null" : Array.isArray(value) ? "array" : value === undefined ? "nothing" : typeof value;
}

/** A value as the problem quotes it: numbers as written (`Infinity` from `1e309`, `-0`, not JSON's `null` and `0`), the rest as JSON, cut short. */
function shownValue(value: unknown): string {
  if (typeof value === "number") return Object.is(value, -0) ? "-0" : String(value);
  const json = JSON.stringify(value) ?? String(value);
  return json.length > 200 ? `${json.slice(0, 200)}… (${json.length} characters)` : json;
}

function problem(
  ctx: ParseContext,
  code: ConfigProblem["code"],
  path: Segments,
  message: string,
  severity: ConfigProblem["severity"] = "error",
): ConfigProblem {
  const where = ctx.positionOf?.(path);
  const base = { code, path: jsonPointer(path), message, file: ctx.file, severity };
  return where === undefined ? base : { ...base, position: { line: where.line, column: where.column } };
}

/** RFC 6901 pointer -> segments (array indices as numbers where the value is an array). */
function segmentsOf(pointer: string, root: unknown): JsonPathSegment[] {
  if (pointer === "") return [];
  const out: JsonPathSegment[] = [];
  let node = root;
  for (const raw of pointer.slice(1).split("/")) {
    const key = raw.replace(/~1/g, "/").replace(/~0/g, "~");
    const segment = Array.isArray(node) ? Number(key) : key;
    out.push(segment);
    node = isRecord(node) || Array.isArray(node) ? (node as Record<string, unknown>)[segment] : undefined;
  }
  return out;
}

function valueAt(root: unknown, path: Segments): unknown {
  let node = root;
  for (const segment of path) node = isRecord(node) || Array.isArray(node) ? (node as Record<string, unknown>)[segment] : undefined;
  return node;
}

/**
 * The problem an error of the generated validator stands for, in the runner's
 * words, and the part of the document it takes out (a handler, a group, an
 * event; null for warnings: the hook is used without the key).
 */
function problemOf(ctx: ParseContext, error: ValidationError, root: unknown): { problem: ConfigProblem; rejects: Segments | null } {
  const at = segmentsOf(error.instancePath, root);
  const value = valueAt(root, at);
  const params = error.params as Record<string, unknown>;
  const found = `found ${typeName(value)}`;
  const result = (code: ConfigProblem["code"], path: Segments, message: string, rejects: Segments | null): { problem: ConfigProblem; rejects: Segments | null } => ({
    problem: problem(ctx, code, path, message, rejects === null ? "warning" : "error"),
    rejects,
  });
  if (at.length === 0) return result("wrong-type", at, `a settings file must hold a JSON object, ${found}`, at);
  // Claude Code skips the whole file over it (cfg-flag-disable-all-*: "false", "true", 0, 1, null, [])
  if (at[0] === "disableAllHooks") return result("wrong-type", at, `"disableAllHooks" must be a boolean, ${found}; Claude Code skips this whole file`, []);
  if (at.length === 1) return result("wrong-type", at, `"hooks" must be an object keyed by event name, ${found}`, at);
  const event = String(at[1]);
  if (at.length === 2) return result("wrong-type", at, `the hooks of ${event} must be an array of matcher groups, ${found}`, at);
  const group = at.slice(0, 3);
  if (at.length === 3) {
    if (error.keyword === "additionalProperties") {
      const key = String(params["additionalProperty"]);
      return result("unknown-key", [...at, key], `unknown key "${key}" in a matcher group (ignored); known: matcher, hooks`, null);
    }
    if (error.keyword === "required") return result("missing-field", [...at, "hooks"], `a matcher group needs "hooks": an array of hooks, found nothing`, group);
    return result("wrong-type", at, `a matcher group must be an object {"matcher", "hooks"}, ${found}`, group);
  }
  if (at[3] === "matcher") return result("wrong-type", at, `"matcher" must be a string, ${found}; the group never matches`, group);
  if (at.length === 4) return result("wrong-type", at, `a matcher group needs "hooks": an array of hooks, ${found}`, group);
  const handler = at.slice(0, 5);
  const raw = valueAt(root, handler);
  const handlerType = isRecord(raw) ? String(raw["type"]) : "";
  if (at.length === 5) {
    switch (error.keyword) {
      case "discriminator": {
        const type = isRecord(raw) ? raw["type"] : undefined;
        return result(type === undefined ? "missing-field" : "invalid-value", [...at, "type"],
          `"type" must be one of command, http, mcp_tool, prompt, agent; found ${JSON.stringify(type) ?? "nothing"}`, handler);
      }
      case "additionalProperties": {
        const key = String(params["additionalProperty"]);
        const known = HANDLER_KEYS[handlerType as HookHandler["type"]] ?? [];
        return result("unknown-key", [...at, key], `unknown key "${key}" in a ${handlerType} hook (Claude Code ignores it silently); known: ${known.join(", ")}`, null);
      }
      case "required": {
        const key = String(params["missingProperty"]);
        return result("missing-field", [...at, key], `a ${handlerType} hook needs "${key}" (${FIELD_TEXTS[key] ?? "a value"})`, handler);
      }
      default:
        return result("wrong-type", at, `a hook must be an object, ${found}`, handler);
    }
  }
  // a field of the handler, or something inside it (`args[1]`, a header value): the field is wrong
  const field = at.slice(0, 6);
  const key = String(field[5]);
  const fieldValue = valueAt(root, field);
  // Claude Code loads a hook whose command is empty; it fails to start, the other hooks run (cfg-flag-sibling-command-empty)
  if (key === "command" && fieldValue === "" && at.length === 6) return result("invalid-value", field, `"command" is empty: Claude Code loads the hook, which fails to start every time`, null);
  return result("wrong-type", field, `"${key}" must be ${FIELD_TEXTS[key] ?? "valid"}, found ${typeName(fieldValue)} ${shownValue(fieldValue)}`, handler);
}

/** The handler as the runner uses it: the keys its type takes (unknown keys were reported and are left out). */
function handlerOf(raw: Record<string, unknown>): HookHandler {
  const type = raw["type"] as HookHandler["type"];
  const common = Object.create(null) as Record<string, unknown>;
  for (const key of [...COMMON_KEYS.slice(1), "onFailure"]) if (raw[key] !== undefined) common[key] = raw[key];
  switch (type) {
    case "command": {
      const handler: Record<string, unknown> = { ...common, type, command: raw["command"] };
      for (const key of ["args", "shell", "async", "asyncRewake"]) if (raw[key] !== undefined) handler[key] = raw[key];
      return handler as unknown as HookHandler;
    }
    case "http": {
      const handler: Record<string, unknown> = { ...common, type, url: raw["url"] };
      if (raw["headers"] !== undefined) handler["headers"] = { ...(raw["headers"] as Record<string, string>) };
      if (raw["allowedEnvVars"] !== undefined) handler["allowedEnvVars"] = raw["allowedEnvVars"];
      return handler as unknown as HookHandler;
    }
    default:
      return { ...common, type, raw: { ...raw } } as unknown as HookHandler;
  }
}

const pointerKey = (path: Segments): string => jsonPointer(path);

/**
 * Problems in the order their places appear in the document: by each path
 * segment's position among its siblings, a place before what is inside it.
 */
function inDocumentOrder(problems: ConfigProblem[], root: unknown): ConfigProblem[] {
  // each object's key positions, computed once (a file may have thousands of unknown keys)
  const keyIndexes = new Map<object, Map<string, number>>();
  const indexOf = (node: Record<string, unknown>, key: string): number => {
    let indexes = keyIndexes.get(node);
    if (indexes === undefined) {
      indexes = new Map(Object.keys(node).map((k, i) => [k, i]));
      keyIndexes.set(node, indexes);
    }
    return indexes.get(key) ?? Number.MAX_SAFE_INTEGER;
  };
  const rank = (pointer: string): number[] => {
    const out: number[] = [];
    let node = root;
    for (const segment of segmentsOf(pointer, root)) {
      if (Array.isArray(node)) out.push(Number(segment));
      else if (isRecord(node)) out.push(indexOf(node, String(segment)));
      node = valueAt(node, [segment]);
    }
    return out;
  };
  const ranked = problems.map((p, order) => ({ p, order, rank: rank(p.path) }));
  ranked.sort((a, b) => {
    for (let i = 0; i < Math.min(a.rank.length, b.rank.length); i++) if (a.rank[i] !== b.rank[i]) return a.rank[i]! - b.rank[i]!;
    return a.rank.length - b.rank.length || a.order - b.order;
  });
  return ranked.map((r) => r.p);
}

/** Events whose hooks may guard the permissions of their file: Claude Code drops the whole file over one bad entry (http-invalid-url). */
const GUARDS_PERMISSIONS = new Set(["PreToolUse", "PermissionRequest"]);

function readSettings(ctx: ParseContext, value: unknown): boolean {
  const found: ConfigProblem[] = [];
  const rejected = new Set<string>();
  if (!validateClaudeCodeHookSettings(value)) {
    const errors = validateClaudeCodeHookSettings.errors ?? [];
    // an unknown event is one problem; what is wrong inside it does not matter (it never runs)
    const unknownEvents = new Set<string>();
    for (const error of errors) {
      if (error.keyword !== "propertyNames") continue;
      const event = String((error.params as Record<string, unknown>)["propertyName"]);
      unknownEvents.add(jsonPointer(["hooks", event]));
      found.push(problem(ctx, "unknown-event", ["hooks", event], `"${event}" is not a Claude Code 2.1.332 hook event; its hooks never run`));
    }
    const reported = new Set<string>();
    for (const error of errors) {
      // at /hooks, only `type` says the hooks are not an object; the rest is the event-name check's own (HookEvent's enum)
      if (error.keyword === "propertyNames" || (error.instancePath === "/hooks" && error.keyword !== "type")) continue;
      const eventPointer = error.instancePath.split("/").slice(0, 3).join("/");
      if (unknownEvents.has(eventPointer)) continue;
      const { problem: p, rejects } = problemOf(ctx, error, value);
      // an entry Claude Code cannot load on PreToolUse/PermissionRequest takes the whole file with it
      // (cfg-flag-sibling-*, cfg-flag-permission-request-bad); elsewhere only the entry (cfg-flag-other-event-bad)
      if (rejects !== null) rejected.add(rejects.length >= 3 && GUARDS_PERMISSIONS.has(String(rejects[1])) ? "" : pointerKey(rejects));
      // one problem per place (a wrong `args` is one problem, however many elements are wrong)
      const key = `${p.code} ${p.path}`;
      if (reported.has(key)) continue;
      reported.add(key);
      found.push(p);
    }
    for (const e of unknownEvents) rejected.add(e);
  }
  rejectUnparsableUrls(ctx, value, rejected, found);
  rejectWrongTypedSettings(ctx, value, rejected, found);
  if (rejected.has("")) found.push(fileSkipped(ctx, value));
  const isRejected = (path: Segments): boolean => {
    for (let n = 0; n <= path.length; n++) if (rejected.has(pointerKey(path.slice(0, n)))) return true;
    return false;
  };
  const settings = isRecord(value) ? value : {};
  const hooksValue = settings["hooks"];
  if (isRecord(hooksValue) && !isRejected(["hooks"])) {
    for (const [event, groups] of Object.entries(hooksValue)) {
      const info = eventInfo(event);
      if (info === undefined || !Array.isArray(groups) || isRejected(["hooks", event])) continue;
      groups.forEach((group: unknown, g) => {
        const groupPath = ["hooks", event, g];
        if (!isRecord(group) || isRejected(groupPath)) return;
        const matcher = group["matcher"];
        if (typeof matcher === "string") {
          const compiled = compileMatcher(matcher, info.narrowMatcher);
          if (compiled.kind === "invalid") {
            found.push(problem(ctx, "invalid-matcher", [...groupPath, "matcher"],
              `matcher ${JSON.stringify(matcher)} is not a valid regular expression (${compiled.message}); the group never matches`));
          } else if (info.matchField === null && matcher !== "" && matcher !== "*") {
            found.push(problem(ctx, "matcher-ignored", [...groupPath, "matcher"],
              `${event} has no matcher; ${JSON.stringify(matcher)} is ignored and the hooks run for every ${event}`, "warning"));
          }
        }
        (group["hooks"] as unknown[]).forEach((raw, h) => {
          const handlerPath = [...groupPath, "hooks", h];
          if (isRejected(handlerPath)) return;
          const handler = handlerOf(raw as Record<string, unknown>);
          if (handler.if !== undefined && handler.if !== "" && !info.toolEvent) {
            found.push(problem(ctx, "invalid-value", [...handlerPath, "if"],
              `"if" is only evaluated on tool events; on ${event} this hook never runs`, "warning"));
          }
          ctx.hooks.push({
            event: event as HookEvent,
            sourceKind: ctx.kind,
            source: ctx.source,
            plugin: ctx.plugin?.name ?? null,
            pluginRoot: ctx.plugin?.root ?? null,
            pluginData: ctx.plugin?.dataDir ?? null,
            matcher: typeof matcher === "string" ? matcher : null,
            handler,
            path: jsonPointer(handlerPath),
          });
        });
      });
    }
  }
  ctx.problems.push(...inDocumentOrder(found, value));
  return !rejected.has("") && isRecord(value) && value["disableAllHooks"] === true;
}

/** A known setting of the wrong type (settings-types.ts): Claude Code skips the whole file. */
function rejectWrongTypedSettings(ctx: ParseContext, value: unknown, rejected: Set<string>, found: ConfigProblem[]): void {
  if (!isRecord(value) || ctx.kind === "plugin") return;
  const check = (path: Segments, node: unknown, type: (typeof SETTING_TYPES)[string]): void => {
    if (node === undefined || hasSettingType(node, type)) return;
    found.push(problem(ctx, "wrong-type", path, `"${path.join(".")}" must be ${type === "string[]" ? "an array of strings" : `a${type === "object" ? "n" : ""} ${type}`}, found ${typeName(node)}; Claude Code skips this whole file`));
    rejected.add("");
  };
  for (const [key, type] of Object.entries(SETTING_TYPES)) check([key], value[key], type);
  const permissions = value["permissions"];
  if (isRecord(permissions)) for (const [key, type] of Object.entries(PERMISSION_TYPES)) check(["permissions", key], permissions[key], type);
}

/** How many hooks a skipped file names, at most, in its problem. */
const LOST_HOOKS_LISTED = 10;

/** The problem that says a whole file is skipped, with the hooks that are lost with it. */
function fileSkipped(ctx: ParseContext, value: unknown): ConfigProblem {
  const lost: string[] = [];
  const hooks = isRecord(value) ? value["hooks"] : undefined;
  if (isRecord(hooks)) {
    for (const [event, groups] of Object.entries(hooks)) {
      if (eventInfo(event) === undefined || !Array.isArray(groups)) continue;
      groups.forEach((group: unknown) => {
        const handlers = isRecord(group) ? group["hooks"] : undefined;
        if (!Array.isArray(handlers)) return;
        for (const handler of handlers) {
          if (!isRecord(handler)) continue;
          const what = handler["command"] ?? handler["url"] ?? handler["prompt"] ?? handler["type"];
          lost.push(`${event} ${JSON.stringify(typeof what === "string" ? what.slice(0, 80) : what ?? null)}`);
        }
      });
    }
  }
  const listed = lost.slice(0, LOST_HOOKS_LISTED).join(", ");
  const more = lost.length > LOST_HOOKS_LISTED ? ` and ${lost.length - LOST_HOOKS_LISTED} more` : "";
  const which = lost.length === 0 ? "no hook is configured in it" : `${lost.length} hook${lost.length === 1 ? " is" : "s are"} lost: ${listed}${more}`;
  return problem(ctx, "file-skipped", [], `Claude Code skips this whole file over the error reported with it (none of its settings apply); ${which}`);
}


/** An http hook whose URL `new URL()` refuses, as Claude Code loads it: the entry, or the whole file, is not applied. */
function rejectUnparsableUrls(ctx: ParseContext, value: unknown, rejected: Set<string>, found: ConfigProblem[]): void {
  const hooks = isRecord(value) ? value["hooks"] : undefined;
  if (!isRecord(hooks)) return;
  for (const [event, groups] of Object.entries(hooks)) {
    if (!Array.isArray(groups)) continue;
    groups.forEach((group: unknown, g) => {
      const handlers = isRecord(group) ? group["hooks"] : undefined;
      if (!Array.isArray(handlers)) return;
      handlers.forEach((raw: unknown, h) => {
        if (!isRecord(raw) || raw["type"] !== "http" || typeof raw["url"] !== "string" || URL.canParse(raw["url"])) return;
        const guards = GUARDS_PERMISSIONS.has(event);
        const path = ["hooks", event, g, "hooks", h, "url"];
        const consequence = guards ? "no hook of this file runs" : "this hook does not run";
        found.push(problem(ctx, "invalid-value", path, `${invalidHttpHookText(guards)} (${consequence})`));
        rejected.add(pointerKey(guards ? [] : path.slice(0, -1)));
      });
    });
  }
}

export interface ParsedSource {
  readonly hooks: ConfiguredHook[];
  readonly problems: ConfigProblem[];
  readonly disableAllHooks: boolean;
}

/** Reads one settings file's (or hooks.json's) text. */
export function parseHookSettingsText(
  text: string,
  origin: { readonly file: string; readonly kind: HookSourceKind; readonly plugin?: PluginSource },
): ParsedSource {
  const parsed = parseJsonWithPositions(text);
  if (!parsed.ok) {
    const { line, column } = parsed.position;
    const problems: ConfigProblem[] = [{
      code: "invalid-json",
      path: "",
      message: `not valid JSON: ${parsed.message}; no hook of this file runs`,
      position: { line, column },
      file: origin.file,
      severity: "error",
    }];
    return { hooks: [], problems, disableAllHooks: false };
  }
  return parseHookSettingsValue(parsed.value, origin, parsed.positionOf);
}

/**
 * Reads a settings value already parsed (an embedding agent may build it in
 * code): checked by the generated validator of schemas/claude-code/settings/,
 * each of its errors turned into a problem in the runner's words.
 */
export function parseHookSettingsValue(
  value: unknown,
  origin: { readonly file: string; readonly kind: HookSourceKind; readonly plugin?: PluginSource },
  positionOf: ((path: Segments) => PositionInText) | null = null,
): ParsedSource {
  const ctx: ParseContext = {
    file: origin.file,
    kind: origin.kind,
    source: origin.plugin !== undefined ? `plugin:${origin.plugin.name}` : origin.file,
    plugin: origin.plugin ?? null,
    positionOf,
    problems: [],
    hooks: [],
  };
  const disableAllHooks = readSettings(ctx, value);
  return { hooks: ctx.hooks, problems: ctx.problems, disableAllHooks };
}

/** `file:line:column` (or the file alone) of a problem, for messages. */
export function problemLocation(problem: ConfigProblem): string {
  return problem.position === undefined ? problem.file : `${problem.file}:${problem.position.line}:${problem.position.column}`;
}

export interface LoadOptions {
  readonly settings?: readonly SettingsSource[];
  readonly plugins?: readonly PluginSource[];
}

/** Every source's hooks, in source order (settings in the order given, then plugins). */
export function loadHookConfiguration(options: LoadOptions): HookConfiguration {
  const hooks: ConfiguredHook[] = [];
  const problems: ConfigProblem[] = [];
  let disabledBy: string | null = null;
  const readText = (file: string, optional: boolean): string | null => {
    // bounded: a settings file linked to /dev/zero is reported, not read until the heap runs out
    const read = readFileBounded(file, { asNode: true });
    if (read.ok) return read.text;
    if (optional && read.code === "ENOENT") return null;
    problems.push({
      code: "unreadable-file",
      path: "",
      message: `cannot read the file (${read.code === "too-large" ? "more than 64 MiB" : read.code}); no hook of this file runs`,
      file,
      severity: "error",
    });
    return null;
  };
  for (const source of options.settings ?? []) {
    const text = source.text ?? readText(source.file, source.optional === true);
    if (text === null) continue;
    const parsed = parseHookSettingsText(text, { file: source.file, kind: source.kind });
    hooks.push(...parsed.hooks);
    problems.push(...parsed.problems);
    if (parsed.disableAllHooks && disabledBy === null) disabledBy = source.file;
  }
  for (const plugin of options.plugins ?? []) {
    const file = join(plugin.root, "hooks", "hooks.json");
    const text = plugin.text ?? readText(file, false);
    if (text === null) continue;
    const parsed = parseHookSettingsText(text, { file, kind: "plugin", plugin });
    hooks.push(...parsed.hooks);
    problems.push(...parsed.problems);
  }
  return { hooks, problems, disabledBy };
}
