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

function render(hook: InstallHook, ctx: InstallContext, _current: ReadonlyMap<string, JsonObject | null>, toolName: (tool: string) => string): RenderedHook {
  const event = geminiEventFor(hook.event);
  if (event === null) return { placements: [], notes: [{ agent: AGENT, code: "no-such-event", message: `${NAME} has no counterpart of ${hook.event}; nothing written` }] };
  const tools = toolsFor(AGENT, NAME, hook, toolName, EVENTS[event].matchField !== null);
  const handler: JsonObject = { type: "command", command: command(hook, ctx) };
  if (hook.name !== undefined) handler["name"] = hook.name;
  if (hook.timeout !== undefined) handler["timeout"] = Math.round(hook.timeout * 1000);
  const group: JsonObject = tools.names === null ? { hooks: [handler] } : { matcher: anchoredMatcher(tools.names), hooks: [handler] };
  return { placements: [{ file: settingsFile(ctx).path, event, entry: group }], notes: [...tools.notes, ...failClosedNote(AGENT, NAME, hook)] };
}

export const geminiInstaller: AgentInstaller = {
  agent: AGENT,
  displayName: NAME,
  files: (ctx) => [settingsFile(ctx)],
  render,
  command,
};
