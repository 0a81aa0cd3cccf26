/**
 * How `install` writes a hook for Factory droid 0.215.0: in the folder's
 * `.factory/settings.json` under `hooks`, or in `.factory/hooks.json` (the
 * bare event map) when that file already lists the event, since there
 * hooks.json's list replaces settings.json's for the same event
 * (droid-observed.md "Configuration"); project `<project>/.factory/`, user
 * `~/.factory/`. Claude Code's shape inside, droid's tool names (`Execute`),
 * seconds, the matcher anchored (droid tests an unanchored regex).
 */
import { join } from "node:path";
import type { InstallHook } from "../../generated/types.js";
import { markedCommand } from "../install/marker.js";
import { anchoredMatcher, failClosedNote, toolsFor } from "../install/render.js";
import type { AgentInstaller, ConfigFile, InstallContext, RenderedHook } from "../install/types.js";
import { isJsonObject, type JsonObject } from "../json/value.js";
import { DROID_EVENT_NAMES, DROID_EVENTS } from "./events.js";
import { droidRejection } from "./config.js";
import { parseJsonText } from "../json/positions.js";

const AGENT = "droid";
const NAME = "droid";

function files(ctx: InstallContext): [settings: ConfigFile, hooksJson: ConfigFile] {
  const dir = join(ctx.scope === "user" ? ctx.homeDir : ctx.projectDir, ".factory");
  return [
    { path: join(dir, "settings.json"), map: "hooks", skeleton: {} },
    { path: join(dir, "hooks.json"), map: "root", skeleton: {} },
  ];
}

const command = (hook: InstallHook, ctx: InstallContext): string => markedCommand(AGENT, ctx.owner, hook.command);

function render(hook: InstallHook, ctx: InstallContext, current: ReadonlyMap<string, JsonObject | null>, toolName: (tool: string) => string): RenderedHook {
  const event = DROID_EVENT_NAMES.find((name) => DROID_EVENTS[name].canonical === hook.event);
  if (event === undefined) return { placements: [], notes: [{ agent: AGENT, code: "no-such-event", message: `${NAME} has no ${hook.event} event; nothing written` }] };
  const tools = toolsFor(AGENT, NAME, hook, toolName, DROID_EVENTS[event].matchField !== null);
  const handler: JsonObject = { type: "command", command: command(hook, ctx) };
  if (hook.timeout !== undefined) handler["timeout"] = hook.timeout;
  const group: JsonObject = tools.names === null ? { hooks: [handler] } : { matcher: anchoredMatcher(tools.names), hooks: [handler] };
  const [settings, hooksJson] = files(ctx);
  const bare = current.get(hooksJson.path) ?? null;
  const target = bare !== null && isJsonObject(bare) && bare[event] !== undefined ? hooksJson : settings;
  return { placements: [{ file: target.path, event, entry: group }], notes: [...tools.notes, ...failClosedNote(AGENT, NAME, hook)] };
}

/** The planned file as droid's reader checks it: a switch or a timeout it refuses drops the file's hooks (dr-cfg-*). */
function readBack(text: string, file: ConfigFile): string | null {
  const read = parseJsonText(text);
  if (!read.ok || !isJsonObject(read.value)) return "not a JSON object";
  const map = file.map === "root" ? read.value : read.value["hooks"];
  const rejected = isJsonObject(map ?? null) ? droidRejection(map as JsonObject) : null;
  return rejected === null ? null : `${rejected.message}: droid runs none of its hooks`;
}

export const droidInstaller: AgentInstaller = {
  agent: AGENT,
  displayName: NAME,
  filesSummary: [".factory/settings.json, or .factory/hooks.json where that file lists the event"],
  // = the session cwd in every hook's environment (droid-observed.md, Env [pre-25])
  projectDirVariable: "FACTORY_PROJECT_DIR",
  files,
  render,
  command,
  readBack,
};
