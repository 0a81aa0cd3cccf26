/**
 * How `install` writes a hook for Kimi Code CLI 2.1.0: one `[[hooks]]` table
 * per hook (`event`, `matcher`, `command`, `timeout` in whole seconds from 1
 * to 600) appended to `$KIMI_CODE_HOME/config.toml` (default
 * `~/.kimi-code/config.toml`), edited as text (src/install/config-toml.ts):
 * everything else in the file stays byte for byte. User scope only: Kimi
 * reads no project file, so a project install writes nothing for it (a note
 * says to install with --user; writing below $HOME unasked would surprise). Claude Code's event and tool names (`Bash`); the
 * matcher is an unanchored regular expression, so it is written anchored
 * (`^(?:Bash)$`), or `Bash` would also match a tool `BashOutput`.
 */
import type { InstallHook } from "../../generated/types.js";
import { markedCommand } from "../install/marker.js";
import { anchoredMatcher, failClosedNote, toolsFor } from "../install/render.js";
import type { AgentInstaller, ConfigFile, InstallContext, InstallNote, OwnedHandler, RenderedHook } from "../install/types.js";
import type { JsonObject } from "../json/value.js";
import { parseToml } from "../core/toml.js";
import { kimiCodeConfigFile, kimiCodeHooksOf, MAX_TIMEOUT_SECONDS } from "./config.js";
import { KIMI_CODE_EVENTS, isKimiCodeEvent } from "./events.js";
import { ignoredAnswersBasis } from "./ignored-answers.js";

const AGENT = "kimi-code";
const NAME = "Kimi Code CLI";

function configFile(ctx: InstallContext): ConfigFile {
  return { path: kimiCodeConfigFile(ctx.homeDir, ctx.env as NodeJS.ProcessEnv, ctx.projectDir), map: "hooks", skeleton: {}, format: "toml-tables" };
}

const command = (hook: InstallHook, ctx: InstallContext): string => markedCommand(AGENT, ctx.owner, hook.command);

/** Kimi refuses the whole hooks list for a timeout that is not a whole number from 1 to 600 s: such a manifest is refused here. */
function check(hook: InstallHook): { key: "timeout"; message: string } | null {
  if (hook.timeout === undefined || (Number.isInteger(hook.timeout) && hook.timeout >= 1 && hook.timeout <= MAX_TIMEOUT_SECONDS)) return null;
  return { key: "timeout", message: `timeout ${hook.timeout} s: Kimi Code CLI takes whole seconds from 1 to ${MAX_TIMEOUT_SECONDS} and drops every hook of its config.toml otherwise` };
}

/** The planned config.toml as Kimi reads it: it parses, its hooks list is valid, and every handler install wrote is there with its timeout. */
function readBack(text: string, file: ConfigFile, owned: readonly OwnedHandler[]): string | null {
  const parsed = parseToml(text, file.path);
  if (!parsed.ok) return parsed.error.message;
  const { hooks, problems } = kimiCodeHooksOf(parsed.value, file.path);
  if (problems.length > 0) return problems[0]!.message;
  for (const h of owned) {
    const found = hooks.some((k) => k.event === h.event && k.command === h.command && (k.matcher ?? null) === h.matcher && (k.timeout ?? null) === h.timeout);
    if (!found) return `${h.event} ${JSON.stringify(h.command)} is not read back as written`;
  }
  return null;
}

function render(hook: InstallHook, ctx: InstallContext, _current: ReadonlyMap<string, JsonObject | null>, toolName: (tool: string) => string): RenderedHook {
  if (!isKimiCodeEvent(hook.event)) return { placements: [], notes: [{ agent: AGENT, code: "no-such-event", message: `${NAME} has no ${hook.event} event; nothing written (a [[hooks]] table naming it would drop every hook)` }] };
  const event = hook.event;
  const notes: InstallNote[] = [];
  if (ctx.scope === "project") return { placements: [], notes: [{ agent: AGENT, code: "user-scope-only", message: `${NAME} reads hooks only from ${configFile(ctx).path}, for every project: nothing written; install --user writes it there` }] };
  const rules = KIMI_CODE_EVENTS[event];
  const tools = toolsFor(AGENT, NAME, hook, toolName, rules.matchField === "tool_name");
  const entry: JsonObject = {};
  if (tools.names !== null) entry["matcher"] = anchoredMatcher(tools.names);
  entry["command"] = command(hook, ctx);
  if (hook.timeout !== undefined) entry["timeout"] = hook.timeout;
  if (rules.merge === "no-effect") notes.push({ agent: AGENT, code: "answers-ignored", message: `${NAME} ignores every answer of ${event} hooks${ignoredAnswersBasis(event)}: this hook can observe, not decide` });
  return { placements: [{ file: configFile(ctx).path, event, entry }], notes: [...notes, ...tools.notes, ...failClosedNote(AGENT, NAME, hook)] };
}

export const kimiCodeInstaller: AgentInstaller = {
  agent: AGENT,
  displayName: NAME,
  filesSummary: ["$KIMI_CODE_HOME/config.toml (~/.kimi-code/config.toml when unset, config.toml in the working directory when set empty; --user only: Kimi Code has no project configuration)"],
  // Kimi Code sets no project-dir variable; its hooks run in the session's cwd, and PWD is it (held-out kh-post-stdin-env, kh-ups-stdin-env)
  projectDirVariable: "PWD",
  // Kimi has no project configuration: its one file is the user's
  files: (ctx) => (ctx.scope === "user" ? [configFile(ctx)] : []),
  render,
  command,
  check,
  readBack,
};
