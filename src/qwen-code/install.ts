/**
 * How `install` writes a hook for Qwen Code 0.24.4: `.qwen/settings.json`
 * (project) or `~/.qwen/settings.json` (user), Claude Code's shape and event
 * names, Qwen's tool names (`run_shell_command`) or Claude Code's where Qwen
 * takes them as exact aliases (`Write` for `write_file`), the timeout in
 * seconds. The matcher is a plain alternation, not anchored: Qwen compares
 * each `|` alternative with the tool's names and aliases exactly first, and
 * an anchored regex would skip that (`^(?:Write)$` never matches
 * `write_file`). Qwen does not read
 * `.claude/settings.json` (cfg-06), so nothing runs twice.
 */
import { join } from "node:path";
import type { InstallHook } from "../../generated/types.js";
import { markedCommand } from "../install/marker.js";
import { failClosedNote, nameAlternation, toolsFor } from "../install/render.js";
import type { AgentInstaller, ConfigFile, InstallContext, InstallNote, RenderedHook } from "../install/types.js";
import type { JsonObject } from "../json/value.js";
import { QWEN_CODE_EVENTS, isQwenCodeEvent } from "./events.js";
import { readQwenCodeTimeoutLiteral } from "./config.js";
import { MAX_TIMER_MS } from "../process/spawn-hook.js";
import { blankComments } from "../json/comments.js";
import { parseJsonText } from "../json/positions.js";
import type { OwnedHandler } from "../install/types.js";

const AGENT = "qwen-code";
const NAME = "Qwen Code";

function settingsFile(ctx: InstallContext): ConfigFile {
  return { path: join(ctx.scope === "user" ? ctx.homeDir : ctx.projectDir, ".qwen", "settings.json"), map: "hooks", skeleton: {}, comments: true };
}

const command = (hook: InstallHook, ctx: InstallContext): string => markedCommand(AGENT, ctx.owner, hook.command);

/** A PreToolUse hook can be overridden by any hook after it (pair-02): user hooks come after project ones, system hooks last (cfg-08, cfg-20). */
function lastWinsNote(hook: InstallHook, ctx: InstallContext): InstallNote[] {
  if (hook.event !== "PreToolUse") return [];
  const after = ctx.scope === "project" ? "a user or system PreToolUse hook (they come after project hooks)" : "a system PreToolUse hook, or a later user hook";
  return [{ agent: AGENT, code: "later-allow-overrides", message: `${NAME}: the last decision in configuration order counts, so ${after} that answers allow overrides this hook's deny` }];
}

/** Seconds, but Qwen reads 1000 or more as milliseconds (to-03): such a timeout is written in milliseconds. */
const written = (seconds: number): number => (seconds >= 1000 ? seconds * 1000 : seconds);

/** Qwen Code's reading of a timeout as written: a number of ms its timer waits (past 2^31-1 ms Node's timer fires after 1 ms: qw-num-*). */
function usable(timeout: number): boolean {
  const read = readQwenCodeTimeoutLiteral(JSON.stringify(timeout));
  return read.kind === "ms" && !read.firesAtOnce;
}

/** A timeout Qwen Code's timer would fire at once for (past 2^31-1 ms) is refused here. */
function check(hook: InstallHook): { key: "timeout"; message: string } | null {
  if (hook.timeout === undefined) return null;
  if (usable(written(hook.timeout))) return null;
  return { key: "timeout", message: `timeout ${hook.timeout} s is past what Node's timer waits (${MAX_TIMER_MS / 1000} s) or not read as a timeout; give at most ${MAX_TIMER_MS / 1000} s` };
}

/** The planned settings as Qwen reads them (comments allowed): every handler install wrote is there, with a timeout Qwen reads as the manifest's. */
function readBack(text: string, _file: ConfigFile, owned: readonly OwnedHandler[]): string | null {
  const read = parseJsonText(blankComments(text.replace(/^\uFEFF/, " ")));
  if (!read.ok) return `not valid JSON (${read.message})`;
  for (const h of owned) {
    if (h.timeout === null) continue;
    if (!usable(h.timeout)) return `${h.event} ${JSON.stringify(h.command)}: timeout ${h.timeout} is not read as a usable timeout`;
  }
  return null;
}

function render(hook: InstallHook, ctx: InstallContext, _current: ReadonlyMap<string, JsonObject | null>, toolName: (tool: string) => string): RenderedHook {
  if (!isQwenCodeEvent(hook.event)) return { placements: [], notes: [{ agent: AGENT, code: "no-such-event", message: `${NAME} has no ${hook.event} event; nothing written` }] };
  const event = hook.event;
  const tools = toolsFor(AGENT, NAME, hook, toolName, QWEN_CODE_EVENTS[event].matchField !== null);
  const handler: JsonObject = { type: "command", command: command(hook, ctx) };
  if (hook.name !== undefined) handler["name"] = hook.name;
  if (hook.timeout !== undefined) handler["timeout"] = written(hook.timeout);
  const group: JsonObject = tools.names === null ? { hooks: [handler] } : { matcher: nameAlternation(tools.names), hooks: [handler] };
  return { placements: [{ file: settingsFile(ctx).path, event, entry: group }], notes: [...tools.notes, ...failClosedNote(AGENT, NAME, hook), ...lastWinsNote(hook, ctx)] };
}

export const qwenCodeInstaller: AgentInstaller = {
  agent: AGENT,
  displayName: NAME,
  filesSummary: [".qwen/settings.json (timeouts of 1000 s or more in milliseconds)"],
  // the project dir in every hook's environment (qwen-code-observed.md, environment [env-01])
  projectDirVariable: "QWEN_PROJECT_DIR",
  files: (ctx) => [settingsFile(ctx)],
  render,
  command,
  check,
  readBack,
};
