/**
 * Where GitHub Copilot CLI 1.0.102 reads hook configuration, in its order
 * (docs/spec/copilot-cli-observed.md "Configuration"), and the hooks an event
 * selects there:
 *
 * 1. `$COPILOT_HOME/hooks/*.json` (COPILOT_HOME defaults to `~/.copilot`), files in
 *    reverse name order (pre-25b); `{"version": 1, "hooks": {...}}`, `version` optional (src-08);
 * 2. `$COPILOT_HOME/settings.json` `{"hooks": {...}}` (src-01);
 * 3. `<cwd>/.github/hooks/*.json`, reverse name order (pre-25d);
 * 4. `<cwd>/.claude/settings.json`, then `settings.local.json` (Claude Code's format; named
 *    `repo settings` in every text: cpre-04, src-04);
 * 5. `<cwd>/.github/copilot/settings.json`.
 *
 * 3-5 only in a trusted folder (src-02b, cpre-15). Not read: `$COPILOT_HOME/config.json`
 * (src-06) and `~/.claude/settings.json`. In a file, an event's camelCase entries come
 * before its PascalCase ones (pre-27b). Entries are flat (`{"type":"command","bash",
 * "timeoutSec","matcher"}`) or Claude's nested groups (`{"matcher","hooks":[{"type":
 * "command","command","timeout"}]}`), under either spelling (cpre-12, cpre-12c). No dedupe
 * (pre-18b).
 */
import { readdirSync } from "node:fs";
import { readConfigText } from "../core/read-bounded.js";
import { dirname, isAbsolute, join } from "node:path";
import { jsonPointer, type ProtocolError } from "../core/errors.js";
import { parseJsonText } from "../json/positions.js";
import { isJsonObject, type JsonObject, type JsonValue } from "../json/value.js";
import { configuredTimeout } from "../process/timeout.js";
import { CLAUDE_TOOL_NAMES, EVENTS, type ResolvedEvent } from "./events.js";
import { CLAUDE_SETTINGS_LABEL, invalidMatcherNotice } from "./texts.js";

export interface ConfigFile {
  readonly path: string;
  /** How Copilot names the file in its texts: the path, or `repo settings`. */
  readonly label: string;
  /** `COPILOT_HOOK_DIR` for its hooks; null for `.claude` files (pre-22). */
  readonly hookDir: string | null;
  /** A hooks file (`hooks/*.json`), a settings file, or Claude Code's settings: each is checked its own way (cp-cfg-*). */
  readonly kind?: "hooks" | "settings" | "claude";
}

export interface ConfiguredHook {
  readonly file: ConfigFile;
  /** The event key as the file spells it. */
  readonly eventKey: string;
  readonly claudeStyle: boolean;
  readonly command: string;
  readonly matcher: string | null;
  readonly timeoutSec: number;
  /** An entry's `cwd` and `env` (GitHub's hooks reference; not measured). */
  readonly cwd: string | null;
  readonly env: Readonly<Record<string, string>>;
}

/** The configuration locations, for `run --help` and the docs. */
export const CONFIG_LOCATIONS = [
  "$COPILOT_HOME/hooks/*.json (default ~/.copilot; reverse name order)",
  "$COPILOT_HOME/settings.json",
  "<project>/.github/hooks/*.json (trusted folder; reverse name order)",
  "<project>/.claude/settings.json, <project>/.claude/settings.local.json (trusted folder)",
  "<project>/.github/copilot/settings.json (trusted folder)",
] as const;

function jsonFilesReversed(dir: string): string[] {
  try {
    return readdirSync(dir)
      .filter((name) => name.endsWith(".json"))
      .sort()
      .reverse()
      .map((name) => join(dir, name));
  } catch {
    return [];
  }
}

export function configFiles(projectDir: string, copilotHome: string, trustedFolder: boolean): ConfigFile[] {
  const hookFile = (path: string): ConfigFile => ({ path, label: path, hookDir: dirname(path), kind: "hooks" });
  const settingsFile = (path: string): ConfigFile => ({ path, label: path, hookDir: dirname(path), kind: "settings" });
  const files: ConfigFile[] = [...jsonFilesReversed(join(copilotHome, "hooks")).map(hookFile), settingsFile(join(copilotHome, "settings.json"))];
  if (trustedFolder) {
    files.push(...jsonFilesReversed(join(projectDir, ".github", "hooks")).map(hookFile));
    for (const name of ["settings.json", "settings.local.json"]) files.push({ path: join(projectDir, ".claude", name), label: CLAUDE_SETTINGS_LABEL, hookDir: null, kind: "claude" });
    files.push(settingsFile(join(projectDir, ".github", "copilot", "settings.json")));
  }
  return files;
}

function readJsonFile(path: string, problems: ProtocolError[]): JsonObject | null {
  const text = readConfigText(path);
  if (text === null) return null; // absent: nothing configured there
  if (typeof text !== "string") {
    problems.push({ code: "invalid-config", path: "", message: `${text.refused}; no hook of it is read` });
    return null;
  }
  const read = parseJsonText(text);
  if (!read.ok) {
    problems.push({ code: "invalid-config", path: "", message: `${path}:${read.position.line}:${read.position.column}: ${read.message}`, position: read.position });
    return null;
  }
  if (isJsonObject(read.value)) return read.value;
  problems.push({ code: "invalid-config", path: "", message: `${path}: not a JSON object` });
  return null;
}

const stringOr = (value: JsonValue | undefined, fallback: string | null): string | null => (typeof value === "string" ? value : fallback);
/** A timeout in seconds; an unusable one (negative, zero, Infinity, text) takes the default and is reported at `path`. */
function timeoutOf(value: JsonValue | undefined, fallbackSec: number, file: string, path: readonly (string | number)[], problems: ProtocolError[]): number {
  const timeout = configuredTimeout(value, "s", fallbackSec * 1000);
  if (timeout === null) return fallbackSec;
  if ("ms" in timeout) return timeout.ms / 1000;
  problems.push({ code: "invalid-config", path: jsonPointer(path), message: `${file}: ${timeout.invalid}` });
  return fallbackSec;
}
function envOf(value: JsonValue | undefined): Record<string, string> {
  const env: Record<string, string> = Object.create(null) as Record<string, string>;
  if (isJsonObject(value)) for (const [k, v] of Object.entries(value)) if (typeof v === "string") env[k] = v;
  return env;
}

/** Settings of Copilot's own settings files whose wrong type makes it ignore the file (cp-cfg-user-settings-*). */
const SETTING_TYPES: Readonly<Record<string, "string" | "boolean">> = { model: "string", disableAllHooks: "boolean" };

/**
 * Why Copilot CLI 1.0.102 runs no hook of this file, or null (recorded, cp-cfg-*):
 * a hooks file whose `version` is not 1 ("Invalid hook config version"); a
 * `disableAllHooks` set to anything but false in a hooks file or Claude's
 * settings (true and "false" alike); a settings.json with a known setting of
 * the wrong type ("Ignoring values from settings.json that couldn't be loaded").
 */
export function fileSkipReason(file: ConfigFile, doc: JsonObject): { path: string; message: string } | null {
  if (file.kind === "hooks" && doc["version"] !== undefined && doc["version"] !== 1) {
    return { path: "/version", message: `${file.path}: version ${JSON.stringify(doc["version"])?.slice(0, 40)}: Invalid hook config version; Copilot CLI runs no hook of this file` };
  }
  if (file.kind !== "settings" && doc["disableAllHooks"] !== undefined && doc["disableAllHooks"] !== false) {
    return { path: "/disableAllHooks", message: `${file.path}: disableAllHooks ${JSON.stringify(doc["disableAllHooks"])?.slice(0, 40)}: Copilot CLI runs no hook of this file` };
  }
  if (file.kind === "settings") {
    for (const [key, type] of Object.entries(SETTING_TYPES)) {
      if (doc[key] !== undefined && typeof doc[key] !== type) return { path: `/${key}`, message: `${file.path}: ${key} must be a ${type}; Copilot CLI ignores this settings file, none of its hooks run` };
    }
  }
  return null;
}

/** A timeout Copilot CLI refuses: the entry is skipped ("timeoutSec must be a number/positive — hook will be skipped", cp-cfg-timeout-*). */
function refusedTimeout(value: JsonValue | undefined): string | null {
  if (value === undefined || value === null) return null;
  if (typeof value !== "number") return "must be a number";
  return value > 0 ? null : "must be positive";
}

export type CopilotTimeout = { readonly kind: "ms"; readonly ms: number } | { readonly kind: "default" } | { readonly kind: "skipped"; readonly message: string };

/**
 * A `timeoutSec`/`timeout` literal as Copilot CLI 1.0.102 reads it (seconds): not a positive
 * number, the entry is skipped (cp-cfg-timeout-*); past Node's timer limit in ms it is held
 * (cp-num-timeout-*). What the runner's reader does, for install to check what it writes.
 */
export function readCopilotTimeoutLiteral(literal: string | null): CopilotTimeout {
  if (literal === null) return { kind: "default" };
  let value: JsonValue;
  try {
    value = JSON.parse(literal) as JsonValue;
  } catch {
    return { kind: "skipped", message: "is not JSON" };
  }
  const refused = refusedTimeout(value);
  if (refused !== null) return { kind: "skipped", message: refused };
  const timeout = configuredTimeout(value, "s", 0);
  return timeout !== null && "ms" in timeout ? { kind: "ms", ms: timeout.ms } : { kind: "default" };
}

/** The hooks of `event` in every file, in configured order. */
export function configuredHooks(files: readonly ConfigFile[], resolved: ResolvedEvent, problems: ProtocolError[]): ConfiguredHook[] {
  const rules = EVENTS[resolved.event];
  const keys: [string, boolean][] = [[resolved.event, false]];
  if (rules.claudeStyleName !== null) keys.push([rules.claudeStyleName, true]);
  const out: ConfiguredHook[] = [];
  for (const file of files) {
    const doc = readJsonFile(file.path, problems);
    const skip = doc === null ? null : fileSkipReason(file, doc);
    if (skip !== null) {
      problems.push({ code: "invalid-config", path: skip.path, message: skip.message });
      continue;
    }
    const hooks = doc?.["hooks"];
    if (hooks === undefined) continue;
    if (!isJsonObject(hooks)) {
      problems.push({ code: "invalid-config", path: "/hooks", message: `${file.path}: hooks is not an object of events; no hook of this file runs` });
      continue;
    }
    for (const [eventKey, claudeStyle] of keys) {
      const entries = hooks[eventKey];
      if (entries === undefined) continue;
      if (!Array.isArray(entries)) {
        problems.push({ code: "invalid-config", path: jsonPointer(["hooks", eventKey]), message: `${file.path}: ${eventKey} is not a list of hooks` });
        continue;
      }
      for (const [i, entry] of entries.entries()) {
        if (!isJsonObject(entry)) {
          problems.push({ code: "invalid-config", path: jsonPointer(["hooks", eventKey, i]), message: `${file.path}: an entry is not an object` });
          continue;
        }
        if (entry["matcher"] !== undefined && entry["matcher"] !== null && typeof entry["matcher"] !== "string") {
          problems.push({ code: "invalid-config", path: jsonPointer(["hooks", eventKey, i, "matcher"]), message: `${file.path}: hooks.${eventKey}[${i}].matcher: Expected string — hook will be skipped` });
          continue;
        }
        const matcher = stringOr(entry["matcher"], null);
        const base = { file, eventKey, claudeStyle, matcher, cwd: stringOr(entry["cwd"], null), env: envOf(entry["env"]) };
        if (Array.isArray(entry["hooks"])) {
          for (const [h, handler] of entry["hooks"].entries()) {
            const at = ["hooks", eventKey, i, "hooks", h];
            if (!isJsonObject(handler) || handler["type"] !== "command" || typeof handler["command"] !== "string") {
              problems.push({ code: "invalid-config", path: jsonPointer(at), message: `${file.path}: only {"type": "command", "command": "..."} hooks run` });
              continue;
            }
            const refused = refusedTimeout(handler["timeout"]);
            if (refused !== null) {
              problems.push({ code: "invalid-config", path: jsonPointer([...at, "timeout"]), message: `${file.path}: timeout ${refused} — hook will be skipped` });
              continue;
            }
            out.push({ ...base, command: handler["command"], timeoutSec: timeoutOf(handler["timeout"], rules.defaultTimeoutSec, file.path, [...at, "timeout"], problems), env: envOf(handler["env"]) });
          }
        } else if (entry["type"] === "command" && typeof (entry["bash"] ?? entry["command"]) === "string") {
          const timeoutKey = entry["timeoutSec"] !== undefined ? "timeoutSec" : "timeout";
          const refused = refusedTimeout(entry[timeoutKey]);
          if (refused !== null) {
            problems.push({ code: "invalid-config", path: jsonPointer(["hooks", eventKey, i, timeoutKey]), message: `${file.path}: hooks.${eventKey}[${i}].${timeoutKey}: ${timeoutKey} ${refused} — hook will be skipped` });
            continue;
          }
          out.push({ ...base, command: (entry["bash"] ?? entry["command"]) as string, timeoutSec: timeoutOf(entry[timeoutKey], rules.defaultTimeoutSec, file.path, ["hooks", eventKey, i, timeoutKey], problems) });
        } else {
          problems.push({ code: "invalid-config", path: jsonPointer(["hooks", eventKey, i]), message: `${file.path}: only {"type": "command", "bash": "..."} entries (or {"hooks": [...]} groups) run` });
        }
      }
    }
  }
  return out;
}

/**
 * Whether a hook's matcher selects the tool (regex search, as Rust's `is_match`):
 * native entries match the model-facing name (`bash`; `*` is an invalid regex and the
 * hook is skipped with a notice); Claude-style ones Claude's name (`Bash`, `Read`), `*`
 * and no matcher match every tool, and the model-facing name matches too (cpre-08, cpre-17).
 */
export function matcherSelects(hook: ConfiguredHook, event: string, toolName: string | null, notices: string[]): boolean {
  if (hook.matcher === null || hook.matcher === "" || toolName === null) return true;
  if (hook.claudeStyle && hook.matcher === "*") return true;
  let regex: RegExp;
  try {
    regex = new RegExp(hook.matcher, "u");
  } catch {
    notices.push(invalidMatcherNotice(event, hook.matcher));
    return false;
  }
  if (!hook.claudeStyle) return regex.test(toolName);
  return regex.test(CLAUDE_TOOL_NAMES[toolName] ?? toolName) || regex.test(toolName);
}

export function hookCwd(hook: ConfiguredHook, projectDir: string): string {
  if (hook.cwd === null) return projectDir;
  return isAbsolute(hook.cwd) ? hook.cwd : join(projectDir, hook.cwd);
}
