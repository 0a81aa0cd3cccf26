/**
 * How `install` writes a hook for Claude Code 2.1.332: `.claude/settings.json`
 * (project) or `~/.claude/settings.json` (user), `{"hooks": {"<Event>":
 * [{"matcher": "Bash|Read", "hooks": [{"type": "command", "command", "timeout"}]}]}}`,
 * timeout in seconds, `failClosed` as `onFailure: "block"`.
 *
 * Another agent may run this file too (its installer's `alsoRuns`,
 * src/install/types.ts). The command still names `claude-code`, a literal:
 * the kit answers a call whose stdin is another agent's for that agent
 * (src/hooks/agents.ts `whichAgent`), and a name read from the environment
 * could leak from one agent's session into another's and change what a deny
 * means.
 */
import { join } from "node:path";
import type { InstallHook } from "../../generated/types.js";
import { markedCommand } from "../install/marker.js";
import { anchoredMatcher, toolsFor } from "../install/render.js";
import type { AgentInstaller, ConfigFile, InstallContext, RenderedHook } from "../install/types.js";
import type { JsonObject } from "../json/value.js";
import { eventInfo } from "./event-catalog.js";
import { parseHookSettingsText } from "./runner/load-settings.js";
import { EVENT_NAMES } from "./events.js";
import { KIT_TOOL_STRING_FIELDS } from "../../generated/kit/agents.js";
import type { OwnedHandler } from "../install/types.js";

const AGENT = "claude-code";
const NAME = "Claude Code";

function settingsFile(ctx: InstallContext): ConfigFile {
  const dir = ctx.scope === "user" ? ctx.homeDir : ctx.projectDir;
  return { path: join(dir, ".claude", "settings.json"), map: "hooks", skeleton: {} };
}

const command = (hook: InstallHook, ctx: InstallContext): string => markedCommand(AGENT, ctx.owner, hook.command);

/** A list of exact names (`Bash|Read`) where Claude Code reads one; otherwise an anchored regex (runner/matcher.ts). */
function matcherFor(names: readonly string[]): string {
  return names.every((name) => /^[A-Za-z0-9_]+$/.test(name)) ? names.join("|") : anchoredMatcher(names);
}

function render(hook: InstallHook, ctx: InstallContext, _current: ReadonlyMap<string, JsonObject | null>, toolName: (tool: string) => string): RenderedHook {
  const info = eventInfo(hook.event);
  if (info === undefined) return { placements: [], notes: [{ agent: AGENT, code: "no-such-event", message: `${NAME} has no ${hook.event} event; nothing written` }] };
  const tools = toolsFor(AGENT, NAME, hook, toolName, info.matchField !== null);
  const handler: JsonObject = { type: "command", command: command(hook, ctx) };
  if (hook.timeout !== undefined) handler["timeout"] = hook.timeout;
  if (hook.failClosed === true) handler["onFailure"] = "block";
  const group: JsonObject = tools.names === null ? { hooks: [handler] } : { matcher: matcherFor(tools.names), hooks: [handler] };
  return { placements: [{ file: settingsFile(ctx).path, event: hook.event, entry: group }], notes: tools.notes };
}

/** The planned settings read by the runner's settings loader: every handler install wrote is a hook there, as written. */
function readBack(text: string, file: ConfigFile, owned: readonly OwnedHandler[]): string | null {
  const parsed = parseHookSettingsText(text, { file: file.path, kind: "project" });
  if (parsed.disableAllHooks) return "disableAllHooks is set in it: Claude Code runs none of its hooks";
  for (const h of owned) {
    const read = parsed.hooks.some((c) => c.event === h.event && c.matcher === h.matcher && c.handler.type === "command" && c.handler.command === h.command && (c.handler.timeout ?? null) === h.timeout);
    if (!read) return `${h.event} ${JSON.stringify(h.command)} is not read as written${parsed.problems[0] === undefined ? "" : ` (${parsed.problems[0].message})`}`;
  }
  return null;
}

/**
 * The tools a manifest may name: the 21 that 2.1.332 declared to the model in
 * the recorded session (test/observer/claude-code-tools/tools.json, the kit's
 * KIT_TOOL_STRING_FIELDS), and, as documented only (a guess for this build:
 * not in that session), the ones its documentation names for hook matchers.
 * MCP tools (`mcp__<server>__<tool>`) are any name of that form.
 */
const RECORDED_TOOLS = Object.keys(KIT_TOOL_STRING_FIELDS);
const DOCUMENTED_TOOLS = ["Glob", "Grep", "LS", "MultiEdit", "NotebookRead", "Task", "TodoWrite", "AskUserQuestion", "ExitPlanMode", "BashOutput", "KillShell", "SlashCommand"];

export const claudeCodeInstaller: AgentInstaller = {
  agent: AGENT,
  displayName: NAME,
  filesSummary: [".claude/settings.json"],
  // the variable a manifest names the project by: Claude Code sets it for every hook (claude-code-observed.md, configuration row)
  projectDirVariable: "CLAUDE_PROJECT_DIR",
  files: (ctx) => [settingsFile(ctx)],
  render,
  command,
  readBack,
  manifestNames: { events: EVENT_NAMES, tools: [...RECORDED_TOOLS, ...DOCUMENTED_TOOLS.filter((t) => !RECORDED_TOOLS.includes(t))] },
};
