/**
 * How `install` writes a hook for GitHub Copilot CLI 1.0.102: its own hook
 * file, `<project>/.github/hooks/<owner>.json` or
 * `$COPILOT_HOME/hooks/<owner>.json` (COPILOT_HOME defaults to `~/.copilot`),
 * `{"version": 1, "hooks": {"preToolUse": [{"type": "command", "bash",
 * "timeoutSec", "matcher": "^(?:bash)$"}]}}`: the native camelCase dialect,
 * the model-facing tool names, seconds (config.ts, copilot-cli-observed.md
 * "Configuration").
 *
 * Copilot CLI also runs a trusted repository's `.claude/settings.json` and
 * never dedupes (pre-18b): at project level a hook Claude Code's file already
 * carries is not written here again (`alsoRuns`). Those hooks get its
 * Claude-style stdin, whose `timestamp` tells the kit it is Copilot's
 * (src/hooks/agents.ts `whichAgent`; copilot-cli-observed.md "Hook stdin"),
 * though their command names `claude-code`: a name read from the environment
 * (`COPILOT_CLI`) could leak from one agent's session into another's.
 */
import { join } from "node:path";
import type { InstallHook } from "../../generated/types.js";
import { markedCommand } from "../install/marker.js";
import { anchoredMatcher, toolsFor } from "../install/render.js";
import type { AgentInstaller, ConfigFile, InstallContext, RenderedHook } from "../install/types.js";
import type { JsonObject } from "../json/value.js";
import { COPILOT_EVENT_NAMES, EVENTS } from "./events.js";
import { fileSkipReason } from "./config.js";
import { parseJsonText } from "../json/positions.js";
import { isJsonObject } from "../json/value.js";

const AGENT = "copilot-cli";
const NAME = "Copilot CLI";

function hookFile(ctx: InstallContext): ConfigFile {
  const dir = ctx.scope === "user" ? join(ctx.env["COPILOT_HOME"] ?? join(ctx.homeDir, ".copilot"), "hooks") : join(ctx.projectDir, ".github", "hooks");
  return { path: join(dir, `${ctx.owner}.json`), map: "hooks", skeleton: { version: 1 } };
}

const command = (hook: InstallHook, ctx: InstallContext): string => markedCommand(AGENT, ctx.owner, hook.command);

/** Copilot's camelCase event for a Claude Code event: the row whose `canonical` it is. */
export function copilotEventFor(claudeEvent: string): (typeof COPILOT_EVENT_NAMES)[number] | null {
  return COPILOT_EVENT_NAMES.find((name) => EVENTS[name].canonical === claudeEvent) ?? null;
}

function render(hook: InstallHook, ctx: InstallContext, _current: ReadonlyMap<string, JsonObject | null>, toolName: (tool: string) => string): RenderedHook {
  const event = copilotEventFor(hook.event);
  if (event === null) return { placements: [], notes: [{ agent: AGENT, code: "no-such-event", message: `${NAME} has no counterpart of ${hook.event}; nothing written` }] };
  const tools = toolsFor(AGENT, NAME, hook, toolName, EVENTS[event].matchField !== null);
  const entry: JsonObject = { type: "command", bash: command(hook, ctx) };
  if (hook.timeout !== undefined) entry["timeoutSec"] = hook.timeout;
  if (tools.names !== null) entry["matcher"] = anchoredMatcher(tools.names);
  const notes = [...tools.notes];
  if (hook.failClosed === true && event !== "preToolUse") notes.push({ agent: AGENT, code: "fail-closed-by-kit", message: `${NAME}: only preToolUse fails closed on a failing hook; on ${event} "failClosed" rests on the hook itself` });
  return { placements: [{ file: hookFile(ctx).path, event, entry }], notes };
}

/** The planned hook file as Copilot CLI checks it: a version or switch that makes it skip the file (cp-cfg-*). */
function readBack(text: string, file: ConfigFile): string | null {
  const read = parseJsonText(text);
  if (!read.ok || !isJsonObject(read.value)) return "not a JSON object";
  const skip = fileSkipReason({ path: file.path, label: file.path, hookDir: null, kind: "hooks" }, read.value);
  return skip === null ? null : skip.message;
}

export const copilotInstaller: AgentInstaller = {
  agent: AGENT,
  displayName: NAME,
  filesSummary: [".github/hooks/<owner>.json ($COPILOT_HOME/hooks/<owner>.json with --user);", "at project level not for hooks .claude/settings.json already carries", "(Copilot CLI runs that file too and would run them twice)"],
  // = the session cwd in every hook's environment (copilot-cli-observed.md, "How a hook is run" [pre-22])
  projectDirVariable: "COPILOT_PROJECT_DIR",
  files: (ctx) => [hookFile(ctx)],
  render,
  command,
  readBack,
  alsoRuns: { agent: "claude-code", scope: "project" },
};
