/**
 * Hook configuration from Claude Code's settings files and plugins' `hooks/hooks.json`.
 * Groups from every source are added, never replaced. Whatever is wrong
 * (unknown event or key, wrong type, invalid matcher) becomes a ConfigProblem
 * with file, path and line:column; nothing is dropped silently.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { eventInfo } from "../claude-code/event-catalog.js";
import { formatJsonPath, parseJsonWithPositions, type JsonPathSegment, type TextPosition } from "../json/positions.js";
import { compileMatcher } from "./matcher.js";
import type {
  ConfigProblem,
  ConfiguredHook,
  HookConfiguration,
  HookHandler,
  HookSourceKind,
} from "./types.js";
import { isRecord } from "../json/record.js";

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

const COMMON_KEYS = ["type", "timeout", "if", "statusMessage", "once", "onFailure"];
const HANDLER_KEYS: Record<HookHandler["type"], readonly string[]> = {
  command: [...COMMON_KEYS, "command", "args", "shell", "async", "asyncRewake"],
  http: [...COMMON_KEYS, "url", "headers", "allowedEnvVars"],
  mcp_tool: [...COMMON_KEYS, "server", "tool", "input"],
  prompt: [...COMMON_KEYS, "prompt", "model", "continueOnBlock"],
  agent: [...COMMON_KEYS, "prompt", "model"],
};
const GROUP_KEYS = ["matcher", "hooks"];

interface ParseContext {
  readonly file: string;
  readonly kind: HookSourceKind;
  readonly source: string;
  readonly plugin: PluginSource | null;
  readonly positionOf: ((path: readonly JsonPathSegment[]) => TextPosition) | null;
  readonly problems: ConfigProblem[];
  readonly hooks: ConfiguredHook[];
}

function typeName(value: unknown): string {
  return value === null ? "null" : Array.isArray(value) ? "array" : typeof value;
}

function report(
  ctx: ParseContext,
  code: ConfigProblem["code"],
  path: readonly JsonPathSegment[],
  message: string,
  severity: ConfigProblem["severity"] = "error",
): void {
  const where = ctx.positionOf?.(path);
  ctx.problems.push({
    code,
    file: where === undefined ? ctx.file : `${ctx.file}:${where.line}:${where.column}`,
    path: formatJsonPath(path),
    message,
    severity,
  });
}

function readHandler(ctx: ParseContext, raw: unknown, path: JsonPathSegment[]): HookHandler | null {
  if (!isRecord(raw)) {
    report(ctx, "wrong-type", path, `a hook must be an object, found ${typeName(raw)}`);
    return null;
  }
  const type = raw["type"];
  if (typeof type !== "string" || !(type in HANDLER_KEYS)) {
    report(ctx, type === undefined ? "missing-field" : "invalid-value", [...path, "type"],
      `"type" must be one of command, http, mcp_tool, prompt, agent; found ${JSON.stringify(type) ?? "nothing"}`);
    return null;
  }
  const handlerType = type as HookHandler["type"];
  const known = HANDLER_KEYS[handlerType];
  for (const key of Object.keys(raw)) {
    if (!known.includes(key)) {
      report(ctx, "unknown-key", [...path, key],
        `unknown key "${key}" in a ${handlerType} hook (Claude Code ignores it silently); known: ${known.join(", ")}`, "warning");
    }
  }
  let ok = true;
  const want = (key: string, check: (v: unknown) => boolean, what: string, required = false): void => {
    const v = raw[key];
    if (v === undefined) {
      if (required) {
        report(ctx, "missing-field", [...path, key], `a ${handlerType} hook needs "${key}" (${what})`);
        ok = false;
      }
      return;
    }
    if (!check(v)) {
      report(ctx, "wrong-type", [...path, key], `"${key}" must be ${what}, found ${typeName(v)} ${JSON.stringify(v)}`);
      ok = false;
    }
  };
  const isString = (v: unknown): boolean => typeof v === "string";
  const isBool = (v: unknown): boolean => typeof v === "boolean";
  const isStringArray = (v: unknown): boolean => Array.isArray(v) && v.every(isString);
  want("timeout", (v) => typeof v === "number" && Number.isFinite(v) && v > 0, "a positive number of seconds");
  want("if", isString, "a permission rule string such as \"Bash(git *)\"");
  want("statusMessage", isString, "a string");
  want("once", isBool, "a boolean");
  want("onFailure", (v) => v === "continue" || v === "block", "\"continue\" or \"block\"");
  const common = Object.create(null) as Record<string, unknown>;
  for (const key of COMMON_KEYS.slice(1)) if (raw[key] !== undefined) common[key] = raw[key];
  switch (handlerType) {
    case "command": {
      want("command", (v) => typeof v === "string" && v.trim() !== "", "a non-empty string", true);
      want("args", isStringArray, "an array of strings");
      want("shell", (v) => v === "bash" || v === "powershell", "\"bash\" or \"powershell\"");
      want("async", isBool, "a boolean");
      want("asyncRewake", isBool, "a boolean");
      if (!ok) return null;
      const handler: Record<string, unknown> = { ...common, type: "command", command: raw["command"] };
      for (const key of ["args", "shell", "async", "asyncRewake"]) if (raw[key] !== undefined) handler[key] = raw[key];
      return handler as unknown as HookHandler;
    }
    case "http": {
      want("url", (v) => typeof v === "string" && /^https?:\/\//.test(v), "an http:// or https:// URL", true);
      want("headers", (v) => isRecord(v) && Object.values(v).every(isString), "an object of string values");
      want("allowedEnvVars", isStringArray, "an array of variable names");
      if (!ok) return null;
      const handler: Record<string, unknown> = { ...common, type: "http", url: raw["url"] };
      if (raw["headers"] !== undefined) handler["headers"] = { ...(raw["headers"] as Record<string, string>) };
      if (raw["allowedEnvVars"] !== undefined) handler["allowedEnvVars"] = raw["allowedEnvVars"];
      return handler as unknown as HookHandler;
    }
    default:
      if (!ok) return null;
      return { ...common, type: handlerType, raw: { ...raw } } as unknown as HookHandler;
  }
}

function readHooksObject(ctx: ParseContext, hooksValue: unknown, basePath: JsonPathSegment[]): void {
  if (!isRecord(hooksValue)) {
    report(ctx, "wrong-type", basePath, `"hooks" must be an object keyed by event name, found ${typeName(hooksValue)}`);
    return;
  }
  for (const [event, groups] of Object.entries(hooksValue)) {
    const eventPath = [...basePath, event];
    const info = eventInfo(event);
    if (info === undefined) {
      report(ctx, "unknown-event", eventPath, `"${event}" is not a Claude Code 2.1.332 hook event; its hooks never run`);
      continue;
    }
    if (!Array.isArray(groups)) {
      report(ctx, "wrong-type", eventPath, `the hooks of ${event} must be an array of matcher groups, found ${typeName(groups)}`);
      continue;
    }
    groups.forEach((group, g) => {
      const groupPath = [...eventPath, g];
      if (!isRecord(group)) {
        report(ctx, "wrong-type", groupPath, `a matcher group must be an object {"matcher", "hooks"}, found ${typeName(group)}`);
        return;
      }
      for (const key of Object.keys(group)) {
        if (!GROUP_KEYS.includes(key)) {
          report(ctx, "unknown-key", [...groupPath, key], `unknown key "${key}" in a matcher group (ignored); known: matcher, hooks`, "warning");
        }
      }
      const matcher = group["matcher"];
      if (matcher !== undefined && typeof matcher !== "string") {
        report(ctx, "wrong-type", [...groupPath, "matcher"], `"matcher" must be a string, found ${typeName(matcher)}; the group never matches`);
        return;
      }
      if (typeof matcher === "string") {
        const compiled = compileMatcher(matcher, info.narrowMatcher);
        if (compiled.kind === "invalid") {
          report(ctx, "invalid-matcher", [...groupPath, "matcher"],
            `matcher ${JSON.stringify(matcher)} is not a valid regular expression (${compiled.message}); the group never matches`);
        } else if (info.matchField === null && matcher !== "" && matcher !== "*") {
          report(ctx, "matcher-ignored", [...groupPath, "matcher"],
            `${event} has no matcher; ${JSON.stringify(matcher)} is ignored and the hooks run for every ${event}`, "warning");
        }
      }
      const handlers = group["hooks"];
      if (!Array.isArray(handlers)) {
        report(ctx, handlers === undefined ? "missing-field" : "wrong-type", [...groupPath, "hooks"],
          `a matcher group needs "hooks": an array of hooks, found ${typeName(handlers)}`);
        return;
      }
      handlers.forEach((raw, h) => {
        const handlerPath = [...groupPath, "hooks", h];
        const handler = readHandler(ctx, raw, handlerPath);
        if (handler === null) return;
        if (handler.if !== undefined && !info.toolEvent) {
          report(ctx, "invalid-value", [...handlerPath, "if"],
            `"if" is only evaluated on tool events; on ${event} this hook never runs`, "warning");
        }
        ctx.hooks.push({
          event,
          sourceKind: ctx.kind,
          source: ctx.source,
          plugin: ctx.plugin?.name ?? null,
          pluginRoot: ctx.plugin?.root ?? null,
          pluginData: ctx.plugin?.dataDir ?? null,
          matcher: typeof matcher === "string" ? matcher : null,
          handler,
          path: formatJsonPath(handlerPath),
        });
      });
    });
  }
}

interface ParsedSource {
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
  const problems: ConfigProblem[] = [];
  const hooks: ConfiguredHook[] = [];
  if (!parsed.ok) {
    problems.push({
      code: "invalid-json",
      file: `${origin.file}:${parsed.position.line}:${parsed.position.column}`,
      path: "(root)",
      message: `not valid JSON: ${parsed.message}; no hook of this file runs`,
      severity: "error",
    });
    return { hooks, problems, disableAllHooks: false };
  }
  return parseHookSettingsValue(parsed.value, origin, parsed.positionOf, problems, hooks);
}

/** Reads a settings value already parsed (an embedding agent may build it in code). */
export function parseHookSettingsValue(
  value: unknown,
  origin: { readonly file: string; readonly kind: HookSourceKind; readonly plugin?: PluginSource },
  positionOf: ((path: readonly JsonPathSegment[]) => TextPosition) | null = null,
  problems: ConfigProblem[] = [],
  hooks: ConfiguredHook[] = [],
): ParsedSource {
  const ctx: ParseContext = {
    file: origin.file,
    kind: origin.kind,
    source: origin.plugin !== undefined ? `plugin:${origin.plugin.name}` : origin.file,
    plugin: origin.plugin ?? null,
    positionOf,
    problems,
    hooks,
  };
  if (!isRecord(value)) {
    report(ctx, "wrong-type", [], `a settings file must hold a JSON object, found ${typeName(value)}`);
    return { hooks, problems, disableAllHooks: false };
  }
  let disableAllHooks = false;
  const disable = value["disableAllHooks"];
  if (disable !== undefined) {
    if (typeof disable !== "boolean") report(ctx, "wrong-type", ["disableAllHooks"], `"disableAllHooks" must be a boolean, found ${typeName(disable)}`);
    else disableAllHooks = disable;
  }
  if (value["hooks"] !== undefined) readHooksObject(ctx, value["hooks"], ["hooks"]);
  return { hooks, problems, disableAllHooks };
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
    try {
      return readFileSync(file, "utf8");
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (optional && code === "ENOENT") return null;
      problems.push({
        code: "unreadable-file",
        file,
        path: "(root)",
        message: `cannot read the file (${code ?? String(error)}); no hook of this file runs`,
        severity: "error",
      });
      return null;
    }
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
