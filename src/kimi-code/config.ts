/**
 * Kimi Code CLI 2.1.0's hook configuration: the `[[hooks]]` tables of one
 * TOML file, `$KIMI_CODE_HOME/config.toml` (`~/.kimi-code/config.toml` when
 * the variable is unset or empty; there is no project file). Kimi checks the
 * list strictly (its HookDefSchema): a table with another key, an event it
 * does not know, an empty `command` or a `timeout` that is not a whole number
 * from 1 to 600 makes the whole `hooks` section invalid, and Kimi drops it:
 * then no hook runs (measured before the lab; the bundle's config salvage
 * deletes the section). Never throws.
 */
import { readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import type { ProtocolError } from "../core/errors.js";
import { parseToml } from "../core/toml.js";
import { isJsonObject, type JsonObject, type JsonValue } from "../json/value.js";
import { isKimiCodeEvent, type KimiCodeEventName } from "./events.js";

/** One `[[hooks]]` table as Kimi keeps it. */
export interface KimiCodeHookDefinition {
  readonly event: KimiCodeEventName;
  readonly matcher: string | undefined;
  readonly command: string;
  /** Seconds, 1..600; undefined: Kimi's default (30). */
  readonly timeout: number | undefined;
  /** Its place in the file (0-based). */
  readonly configIndex: number;
}

export interface KimiCodeHooks {
  readonly hooks: readonly KimiCodeHookDefinition[];
  readonly problems: readonly ProtocolError[];
}

export const HOOK_KEYS = ["event", "matcher", "command", "timeout"] as const;
export const MAX_TIMEOUT_SECONDS = 600;

/**
 * Where Kimi reads its configuration for this environment, started in `workingDir`. Kimi's
 * config path is `KIMI_CODE_HOME ?? ~/.kimi-code` (the bundle's resolveKimiHome, `??`, not the
 * `length > 0` test its other folders use): the empty string is not `~/.kimi-code` but a
 * relative folder, the working directory (kh-home-empty-env: the config.toml in
 * `~/.kimi-code` was not read, and the log went to a relative `logs/`).
 */
export function kimiCodeConfigFile(homeDir: string, env: NodeJS.ProcessEnv, workingDir: string): string {
  const override = env["KIMI_CODE_HOME"];
  return override === undefined ? join(homeDir, ".kimi-code", "config.toml") : resolve(workingDir, override, "config.toml");
}

/** What is wrong with one `[[hooks]]` table in Kimi's eyes, or null. */
export function hookTableProblem(table: JsonValue | undefined): string | null {
  if (!isJsonObject(table ?? null)) return "is not a table";
  const t = table as JsonObject;
  const extra = Object.keys(t).filter((key) => !(HOOK_KEYS as readonly string[]).includes(key));
  if (extra.length > 0) return `has ${extra.map((k) => JSON.stringify(k)).join(", ")}, which Kimi does not allow (only ${HOOK_KEYS.join(", ")})`;
  if (typeof t["event"] !== "string" || !isKimiCodeEvent(t["event"])) return `event ${JSON.stringify(t["event"] ?? null)} is not a Kimi Code event`;
  if (t["matcher"] !== undefined && typeof t["matcher"] !== "string") return "matcher is not a string";
  if (typeof t["command"] !== "string" || t["command"] === "") return "command must be a non-empty string";
  const timeout = t["timeout"];
  if (timeout !== undefined && (typeof timeout !== "number" || !Number.isInteger(timeout) || timeout < 1 || timeout > MAX_TIMEOUT_SECONDS)) {
    return `timeout ${JSON.stringify(timeout)} is not a whole number of seconds from 1 to ${MAX_TIMEOUT_SECONDS}`;
  }
  return null;
}

/** The hooks a parsed config.toml gives Kimi: every table, or none when one is invalid. */
export function kimiCodeHooksOf(document: JsonObject, file: string): KimiCodeHooks {
  const list = document["hooks"];
  if (list === undefined) return { hooks: [], problems: [] };
  if (!Array.isArray(list)) return { hooks: [], problems: [{ code: "invalid-config", path: "/hooks", message: `${file}: hooks is not an array of [[hooks]] tables: Kimi drops it, no hook runs` }] };
  const problems: ProtocolError[] = [];
  list.forEach((table, index) => {
    const problem = hookTableProblem(table);
    if (problem !== null) problems.push({ code: "invalid-config", path: `/hooks/${index}`, message: `${file}: [[hooks]] table ${index + 1} ${problem}: Kimi drops every hook of the file` });
  });
  if (problems.length > 0) return { hooks: [], problems };
  const hooks = list.map((table, configIndex): KimiCodeHookDefinition => {
    const t = table as JsonObject;
    return { event: t["event"] as KimiCodeEventName, matcher: t["matcher"] as string | undefined, command: t["command"] as string, timeout: t["timeout"] as number | undefined, configIndex };
  });
  return { hooks, problems: [] };
}

/** Kimi's hooks from its config file (Kimi started in `workingDir`); a missing file is no hooks, an unreadable one a problem. */
export function readKimiCodeHooks(homeDir: string, env: NodeJS.ProcessEnv, workingDir: string): KimiCodeHooks {
  const file = kimiCodeConfigFile(homeDir, env, workingDir);
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === "ENOENT") return { hooks: [], problems: [] };
    return { hooks: [], problems: [{ code: "config-read", path: "", message: `${file}: ${e instanceof Error ? e.message : String(e)}` }] };
  }
  const parsed = parseToml(text, file);
  if (!parsed.ok) return { hooks: [], problems: [{ ...parsed.error, message: `${parsed.error.message}: Kimi cannot read its configuration, no hook runs` }] };
  return kimiCodeHooksOf(parsed.value, file);
}

/** Kimi's matcher: empty or absent matches every value; else a JavaScript regular expression tested unanchored; one that does not compile matches nothing. */
export function kimiMatches(matcher: string | undefined, value: string): boolean {
  if (matcher === undefined || matcher === "") return true;
  try {
    return new RegExp(matcher).test(value);
  } catch {
    return false;
  }
}

/** The text a matcher is tested against: a string as it is, content parts' `text`s joined by a space (a prompt), else empty. */
export function matchValueText(value: JsonValue | undefined): string {
  if (typeof value === "string") return value;
  if (Array.isArray(value)) return value.flatMap((part) => (isJsonObject(part) && part["type"] === "text" && typeof part["text"] === "string" ? [part["text"]] : [])).join(" ");
  return "";
}

/** The hooks of `event` that run for this match value, in configuration order, each command once (Kimi's dedupe). */
export function selectKimiCodeHooks(hooks: readonly KimiCodeHookDefinition[], event: string, matchValue: string): KimiCodeHookDefinition[] {
  const seen = new Set<string>();
  const out: KimiCodeHookDefinition[] = [];
  for (const hook of hooks) {
    if (hook.event !== event || !kimiMatches(hook.matcher, matchValue) || seen.has(hook.command)) continue;
    seen.add(hook.command);
    out.push(hook);
  }
  return out;
}
