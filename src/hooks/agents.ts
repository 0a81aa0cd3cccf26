/**
 * Which agent ran the hook, and the answer writer of each agent. The agent is
 * read first from what the hook's command says (`CLAUDE_HOOK_PROTOCOL_AGENT`
 * or `--agent=<name>`, which `install` writes), else told from its stdin
 * alone (each agent's *-observed.md lists its fields). A writer is loaded
 * only when a hook has something to write.
 */
import { AGENT_NAMES, isAgentName, type AgentName } from "../core/agents.js";
import type { WriteResult, HookIntent } from "../core/intent.js";
import type { JsonObject } from "../json/value.js";
import { displayNameOf, kitAgent, ownEventOf } from "./agent-names.js";

/** The environment variable a hook command sets to name the agent that runs it. */
export const AGENT_ENV = "CLAUDE_HOOK_PROTOCOL_AGENT";
/** The argument a hook command passes to name the agent that runs it (`--agent=gemini-cli`). */
export const AGENT_ARG = "--agent=";

/** droid's permission modes (droid-observed.md); Claude Code's are default, acceptEdits, plan, ... */
const DROID_MODES = new Set(["auto-low", "auto-medium", "auto-high", "off"]);

export interface Detected {
  readonly agent: AgentName;
  /** What told it, for messages (`turn_id`, `CLAUDE_HOOK_PROTOCOL_AGENT`). */
  readonly because: string;
}

/** The agent the hook's command names, a wrong name as `{invalid}`, or null when it names none. */
export function declaredAgent(env: NodeJS.ProcessEnv = process.env, argv: readonly string[] = process.argv): { readonly agent: AgentName; readonly because: string } | { readonly invalid: string } | null {
  const arg = argv.slice(2).find((a) => a.startsWith(AGENT_ARG));
  const named = arg !== undefined ? { value: arg.slice(AGENT_ARG.length), because: arg } : env[AGENT_ENV] !== undefined && env[AGENT_ENV] !== "" ? { value: env[AGENT_ENV]!, because: AGENT_ENV } : null;
  if (named === null) return null;
  if (!isAgentName(named.value)) return { invalid: `${named.because} names ${JSON.stringify(named.value)}, not an agent (${AGENT_NAMES.join(", ")})` };
  return { agent: named.value, because: named.because };
}

function hasEvent(agent: AgentName, event: string): boolean {
  return Object.prototype.hasOwnProperty.call(kitAgent(agent)?.events ?? {}, event);
}

/** The agent from the stdin fields only (a hook configured by hand says nothing). */
export function detectAgent(input: JsonObject): Detected {
  const marker = kitAgent("copilot-cli")?.nativeInput?.marker ?? "sessionId";
  if (input[marker] !== undefined || typeof input["toolName"] === "string") return { agent: "copilot-cli", because: `camelCase ${marker}/toolName` };
  if (input["timestamp"] !== undefined) {
    // both send a timestamp; the event name tells them apart, else Gemini CLI's transcript_path (copilot-cli-observed.md, gemini-cli-observed.md)
    const event = input["hook_event_name"];
    if (typeof event === "string") {
      const gemini = hasEvent("gemini-cli", event);
      const copilot = hasEvent("copilot-cli", event);
      if (gemini && !copilot) return { agent: "gemini-cli", because: `the event name ${event}` };
      if (copilot && !gemini) return { agent: "copilot-cli", because: `the event name ${event} with a timestamp` };
    }
    return input["transcript_path"] !== undefined ? { agent: "gemini-cli", because: "timestamp and transcript_path" } : { agent: "copilot-cli", because: "timestamp without transcript_path" };
  }
  if (input["turn_id"] !== undefined) return { agent: "codex", because: "turn_id" };
  // Codex's SessionStart has no turn_id; its transcript is a rollout file (codex-observed.md). Claude Code sends `model` too.
  if (typeof input["transcript_path"] === "string" && /\/sessions\/\d{4}\/\d{2}\/\d{2}\/rollout-[^/]*\.jsonl$/.test(input["transcript_path"])) return { agent: "codex", because: "a rollout transcript" };
  const mode = input["permission_mode"];
  if ((typeof mode === "string" && DROID_MODES.has(mode)) || (typeof input["transcript_path"] === "string" && input["transcript_path"].includes("/.factory/"))) {
    return { agent: "droid", because: typeof mode === "string" && DROID_MODES.has(mode) ? `permission_mode ${mode}` : "a ~/.factory transcript" };
  }
  return { agent: "claude-code", because: "no other agent's fields" };
}

/** Each agent's name in messages. */
export const AGENT_DISPLAY_NAMES: Readonly<Record<AgentName, string>> = Object.fromEntries(AGENT_NAMES.map((agent) => [agent, displayNameOf(agent)])) as Record<AgentName, string>;

/** Writes `intent` as the answer to `event` (the agent's own event name, or Claude Code's, which is mapped to the agent's). */
export type AnswerWriter = (event: string, intent: HookIntent) => WriteResult;

/** The answer writer of each agent: the dialect's `writeIntent` (src/core/dialect.ts), imported on first use. */
const WRITERS: Partial<Record<AgentName, () => Promise<AnswerWriter>>> = {
  "claude-code": async () => (await import("../claude-code/write-intent.js")).writeClaudeCodeIntent,
  codex: async () => (await import("../codex/intent.js")).writeCodexIntent,
  "gemini-cli": async () => (await import("../gemini-cli/intent.js")).writeGeminiCliIntent,
  "copilot-cli": async () => (await import("../copilot-cli/intent.js")).writeCopilotIntent,
  droid: async () => (await import("../droid/intent.js")).writeDroidIntent,
};

export function answerWriter(agent: AgentName): (() => Promise<AnswerWriter>) | undefined {
  const load = WRITERS[agent];
  if (load === undefined) return undefined;
  return async () => {
    const write = await load();
    return (event, intent) => write(ownEventOf(agent, event) ?? event, intent);
  };
}
