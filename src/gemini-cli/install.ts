/**
 * How `install` writes a hook for Gemini CLI 0.61.0: `.gemini/settings.json`
 * (project) or `~/.gemini/settings.json` (user), `{"hooks": {"BeforeTool":
 * [{"matcher": "^(?:run_shell_command)$", "hooks": [{"type": "command",
 * "command", "name", "timeout"}]}]}}`: Gemini's event names (each row's
 * `canonical`), its tool names, the timeout in **milliseconds**, the matcher
 * anchored (Gemini tests it as an unanchored regex).
 */
import { join } from "node:path";
import type { InstallHook } from "../../generated/types.js";
import { markedCommand } from "../install/marker.js";
import { anchoredMatcher, failClosedNote, toolsFor } from "../install/render.js";
import type { AgentInstaller, ConfigFile, InstallContext, RenderedHook } from "../install/types.js";
import type { JsonObject } from "../json/value.js";
import { EVENT_NAMES, EVENTS } from "./events.js";
import { loadGeminiHooks } from "./runner.js";
import { GEMINI_TIMER_LIMIT_MS as MAX_TIMER_MS, readGeminiTimeout } from "./timeout.js";
import type { OwnedHandler } from "../install/types.js";

const AGENT = "gemini-cli";
const NAME = "Gemini CLI";

function settingsFile(ctx: InstallContext): ConfigFile {
  return { path: join(ctx.scope === "user" ? ctx.homeDir : ctx.projectDir, ".gemini", "settings.json"), map: "hooks", skeleton: {}, comments: true };
}

const command = (hook: InstallHook, ctx: InstallContext): string => markedCommand(AGENT, ctx.owner, hook.command);

/** Gemini's event for a Claude Code event: the row whose `canonical` it is. */
export function geminiEventFor(claudeEvent: string): (typeof EVENT_NAMES)[number] | null {
  return EVENT_NAMES.find((name) => EVENTS[name].canonical === claudeEvent) ?? null;
}

/** The timeout in milliseconds as written: a whole number of ms. */
const timeoutMs = (seconds: number): number => Math.round(seconds * 1000);

/**
 * Gemini CLI hands the timeout to Node's setTimeout, which fires after 1 ms
 * for less than 1 ms or more than 2^31-1 ms (TimeoutOverflowWarning): the
 * hook then always times out and fails open (gp-cfg-timeout-*).
 */
function check(hook: InstallHook): { key: "timeout"; message: string } | null {
  if (hook.timeout === undefined) return null;
  const ms = timeoutMs(hook.timeout);
  if (readGeminiTimeout(ms).kind === "ms") return null;
  return { key: "timeout", message: `timeout ${hook.timeout} s is ${ms} ms, which Node's timer (Gemini CLI reads milliseconds) fires after 1 ms: the hook would always time out and let the call through; give 0.001 to ${MAX_TIMER_MS / 1000} s` };
}

/** The planned settings read by the runner's loader: every handler install wrote loads, as written, with a timer that waits. */
function readBack(text: string, file: ConfigFile, owned: readonly OwnedHandler[]): string | null {
  const loaded = loadGeminiHooks([{ source: "project", file: file.path, text }]);
  for (const h of owned) {
    const hook = loaded.hooks.find((c) => c.event === h.event && c.matcher === h.matcher && c.command === h.command && c.timeoutMs === h.timeout);
    if (hook === undefined) return `${h.event} ${JSON.stringify(h.command)} is not read as written${loaded.problems[0] === undefined ? "" : ` (${loaded.problems[0].message})`}`;
    // the loader reads the timeout with readGeminiTimeout: past Node's limit or under 1 ms it fires at once
    if (hook.firesAtOnce) return `${h.event} ${JSON.stringify(h.command)}: its timeout fires at once`;
  }
  return null;
}

function render(hook: InstallHook, ctx: InstallContext, _current: ReadonlyMap<string, JsonObject | null>, toolName: (tool: string) => string): RenderedHook {
  const event = geminiEventFor(hook.event);
  if (event === null) return { placements: [], notes: [{ agent: AGENT, code: "no-such-event", message: `${NAME} has no counterpart of ${hook.event}; nothing written` }] };
  const tools = toolsFor(AGENT, NAME, hook, toolName, EVENTS[event].matchField !== null);
  const handler: JsonObject = { type: "command", command: command(hook, ctx) };
  if (hook.name !== undefined) handler["name"] = hook.name;
  if (hook.timeout !== undefined) handler["timeout"] = timeoutMs(hook.timeout);
  const group: JsonObject = tools.names === null ? { hooks: [handler] } : { matcher: anchoredMatcher(tools.names), hooks: [handler] };
  return { placements: [{ file: settingsFile(ctx).path, event, entry: group }], notes: [...tools.notes, ...failClosedNote(AGENT, NAME, hook)] };
}

export const geminiInstaller: AgentInstaller = {
  agent: AGENT,
  displayName: NAME,
  filesSummary: [".gemini/settings.json (timeouts in milliseconds)"],
  // the project dir in every hook's environment (gemini-cli-observed.md, environment [bt-48])
  projectDirVariable: "GEMINI_PROJECT_DIR",
  files: (ctx) => [settingsFile(ctx)],
  render,
  command,
  check,
  readBack,
};
