/**
 * How `install` writes a hook for Codex CLI 0.171.0: `$CODEX_HOME/hooks.json`
 * (user; CODEX_HOME defaults to `~/.codex`) or `<project>/.codex/hooks.json`,
 * in Claude Code's shape, timeout in seconds, matcher a regex Codex anchors
 * itself (its shell tool is `Bash` to hooks).
 *
 * Trust (codex-observed.md "Configuration"): Codex runs a non-managed hook
 * only once reviewed (a per-hook `trusted_hash` its TUI writes into
 * config.toml) or under `--dangerously-bypass-hook-trust`, and project hooks
 * only in a trusted project (`[projects."<dir>"] trust_level = "trusted"`).
 * install writes neither: the hash is Codex's own (not recorded here) and
 * trusting a project is the user's call; it says what is needed.
 */
import { join } from "node:path";
import type { InstallHook } from "../../generated/types.js";
import { markedCommand } from "../install/marker.js";
import { failClosedNote, nameAlternation, toolsFor } from "../install/render.js";
import type { AgentInstaller, ConfigFile, InstallContext, InstallNote, RenderedHook } from "../install/types.js";
import type { JsonObject } from "../json/value.js";
import { CODEX_EVENTS, isCodexEvent } from "./events.js";

const AGENT = "codex";
const NAME = "Codex CLI";

const codexHome = (ctx: InstallContext): string => ctx.env["CODEX_HOME"] ?? join(ctx.homeDir, ".codex");

function hooksFile(ctx: InstallContext): ConfigFile {
  return { path: ctx.scope === "user" ? join(codexHome(ctx), "hooks.json") : join(ctx.projectDir, ".codex", "hooks.json"), map: "hooks", skeleton: {} };
}

const command = (hook: InstallHook, ctx: InstallContext): string => markedCommand(AGENT, ctx.owner, hook.command);

function trustNotes(ctx: InstallContext): InstallNote[] {
  const config = join(codexHome(ctx), "config.toml");
  const notes: InstallNote[] = [{ agent: AGENT, code: "codex-hook-trust", message: `${NAME} runs these hooks only after you review them (its hook review writes a trusted_hash per hook into ${config}) or with --dangerously-bypass-hook-trust` }];
  if (ctx.scope === "project") notes.push({ agent: AGENT, code: "codex-project-trust", message: `${NAME} runs project hooks only in a trusted project: [projects."${ctx.projectDir}"] trust_level = "trusted" in ${config}` });
  return notes;
}

function render(hook: InstallHook, ctx: InstallContext, _current: ReadonlyMap<string, JsonObject | null>, toolName: (tool: string) => string): RenderedHook {
  if (!isCodexEvent(hook.event)) return { placements: [], notes: [{ agent: AGENT, code: "no-such-event", message: `${NAME} has no ${hook.event} event; nothing written` }] };
  const tools = toolsFor(AGENT, NAME, hook, toolName, CODEX_EVENTS[hook.event].matchField === "tool_name");
  const handler: JsonObject = { type: "command", command: command(hook, ctx) };
  if (hook.timeout !== undefined) handler["timeout"] = hook.timeout;
  const group: JsonObject = tools.names === null ? { hooks: [handler] } : { matcher: nameAlternation(tools.names), hooks: [handler] };
  return { placements: [{ file: hooksFile(ctx).path, event: hook.event, entry: group }], notes: [...tools.notes, ...failClosedNote(AGENT, NAME, hook), ...trustNotes(ctx)] };
}

export const codexInstaller: AgentInstaller = {
  agent: AGENT,
  displayName: NAME,
  files: (ctx) => [hooksFile(ctx)],
  render,
  command,
};
