/**
 * The dialects the package implements, by agent name: the one place that
 * names every agent's module. The CLI and the line protocols pick a dialect
 * from here (`--agent`); a new agent is its folder plus one line below.
 */
import { AGENT_NAMES, isAgentName, type AgentName } from "./core/agents.js";
import type { Dialect } from "./core/dialect.js";
import { publicDialect, type PublicDialect } from "./core/public-dialect.js";
import { claudeCode } from "./claude-code/dialect.js";
import { codex } from "./codex/dialect.js";
import { copilotCli } from "./copilot-cli/dialect.js";
import { droid } from "./droid/dialect.js";
import { geminiCli } from "./gemini-cli/dialect.js";
import { qwenCode } from "./qwen-code/dialect.js";

const DIALECTS: Partial<Record<AgentName, Dialect>> = {
  "claude-code": claudeCode,
  codex,
  "gemini-cli": geminiCli,
  "copilot-cli": copilotCli,
  droid,
  "qwen-code": qwenCode,
};

/** The dialect of `agent`, or undefined when the package does not implement it yet. */
export function dialectOf(agent: AgentName): Dialect | undefined {
  // `__proto__` or `constructor` from a command line names no agent (not Object.prototype's)
  return isAgentName(agent) ? DIALECTS[agent] : undefined;
}

/** Every implemented dialect, in AGENT_NAMES order. */
export function allDialects(): Dialect[] {
  return AGENT_NAMES.flatMap((name) => (DIALECTS[name] === undefined ? [] : [DIALECTS[name]!]));
}

/** The exported form (`PublicDialect`, methods that take any value) of `agent`'s dialect; undefined for any value that names none. */
export function publicDialectOf(agent: AgentName | (string & {})): PublicDialect | undefined {
  const dialect = dialectOf(agent as AgentName);
  return dialect === undefined ? undefined : publicDialect(dialect);
}

/** Every implemented dialect in its exported form, in AGENT_NAMES order. */
export function publicDialects(): PublicDialect[] {
  return allDialects().map(publicDialect);
}

export { DEFAULT_AGENT } from "./core/agents.js";
