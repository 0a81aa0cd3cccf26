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
import type { JsonObject, JsonValue } from "../json/value.js";
import { CODEX_EVENTS, isCodexEvent } from "./events.js";
import { HOOKS_FILE_KEYS, serdeRejection } from "./runner.js";
import { parseJsonWithPositions } from "../json/positions.js";
import { readCodexTimeoutLiteral } from "./timeout.js";
import { isJsonObject } from "../json/value.js";
import type { OwnedHandler } from "../install/types.js";

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

/**
 * Codex reads `timeout` with serde as a u64: whole seconds written as an
 * integer. `1.5`, `5.0` and `1e21` are refused, and with them every hook of the
 * file (cx-cfg-*, codex runner's serdeRejection); JSON.stringify writes 1e21
 * and above with an exponent, and past 2^53 a number is not the integer meant.
 */
function check(hook: InstallHook): { key: "timeout"; message: string } | null {
  if (hook.timeout === undefined) return null;
  // as written (JSON.stringify) and read by Codex's own rule; past 2^53 the number is no longer the integer meant
  const read = readCodexTimeoutLiteral(JSON.stringify(hook.timeout), "json");
  if (Number.isSafeInteger(hook.timeout) && read.kind === "seconds" && !read.raisedFromZero) return null;
  return { key: "timeout", message: `timeout ${hook.timeout} s: Codex reads whole seconds (an integer, as serde reads a u64) and refuses the whole hooks file otherwise; give a whole number of seconds from 1 to ${Number.MAX_SAFE_INTEGER}` };
}

/** Codex sends hooks its shell tool only, as Bash (codex-observed.md: exec_command is `Bash` to hooks); MCP tools keep their names. */
const CODEX_HOOK_TOOLS = (tool: string): boolean => tool === "Bash" || tool.startsWith("mcp__");

function readBack(text: string, _file: ConfigFile, owned: readonly OwnedHandler[]): string | null {
  // the positional reader, as the runner reads the file: serde reads a number by its literal (`5.0` is refused where `5` is not)
  const read = parseJsonWithPositions(text);
  if (!read.ok || !isJsonObject(read.value as JsonValue)) return "not a JSON object";
  const rejected = serdeRejection(read.value as JsonObject, HOOKS_FILE_KEYS, { syntax: "json", of: read.sourceOf, duplicatesOf: read.duplicateKeysOf });
  if (rejected !== null) return `serde refuses ${rejected.path}: ${rejected.message}`;
  for (const h of owned) {
    if (h.timeout === null) continue;
    const read = readCodexTimeoutLiteral(JSON.stringify(h.timeout), "json");
    if (read.kind !== "seconds" || read.raisedFromZero) return `timeout ${h.timeout} is not read by Codex as ${h.timeout} s`;
  }
  return null;
}

function render(hook: InstallHook, ctx: InstallContext, _current: ReadonlyMap<string, JsonObject | null>, toolName: (tool: string) => string): RenderedHook {
  if (!isCodexEvent(hook.event)) return { placements: [], notes: [{ agent: AGENT, code: "no-such-event", message: `${NAME} has no ${hook.event} event; nothing written` }] };
  const unseen = CODEX_EVENTS[hook.event].matchField === "tool_name" ? (hook.tools ?? []).filter((tool) => !CODEX_HOOK_TOOLS(tool)) : [];
  const toolNotes: InstallNote[] = unseen.length === 0 ? [] : [{ agent: AGENT, code: "no-such-tool", message: `${NAME} offers hooks no ${unseen.join(", ")} tool (its only tool hooks see is the shell, as Bash): ${unseen.length === hook.tools!.length ? `this ${hook.event} hook is not written there` : `left out of the matcher`}` }];
  if (unseen.length > 0 && unseen.length === hook.tools!.length) return { placements: [], notes: toolNotes };
  const seen = unseen.length === 0 ? hook : { ...hook, tools: hook.tools!.filter(CODEX_HOOK_TOOLS) };
  const tools = toolsFor(AGENT, NAME, seen, toolName, CODEX_EVENTS[hook.event].matchField === "tool_name");
  const handler: JsonObject = { type: "command", command: command(hook, ctx) };
  if (hook.timeout !== undefined) handler["timeout"] = hook.timeout;
  const group: JsonObject = tools.names === null ? { hooks: [handler] } : { matcher: nameAlternation(tools.names), hooks: [handler] };
  return { placements: [{ file: hooksFile(ctx).path, event: hook.event, entry: group }], notes: [...toolNotes, ...tools.notes, ...failClosedNote(AGENT, NAME, hook), ...trustNotes(ctx)] };
}

export const codexInstaller: AgentInstaller = {
  agent: AGENT,
  displayName: NAME,
  filesSummary: [".codex/hooks.json ($CODEX_HOME/hooks.json with --user)"],
  // Codex sets no project-dir variable; hooks run in the session cwd, where its project hooks file is read from, and PWD is it (codex-observed.md, "Hook environment" [pre-24])
  projectDirVariable: "PWD",
  files: (ctx) => [hooksFile(ctx)],
  render,
  command,
  check,
  readBack,
};
