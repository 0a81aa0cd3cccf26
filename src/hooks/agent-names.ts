/**
 * The one place the kit turns an agent's names into Claude Code's and back:
 * events, tools, tool input fields and Copilot CLI's camelCase stdin. The
 * facts come from generated/kit/agents.ts (each dialect's event table and
 * each agent's capabilities file, via `npm run gen`; generated/kit/agents.json
 * holds the same for kits in other languages).
 */
import type { AgentName } from "../core/agents.js";
import type { AnswerKind } from "../core/capabilities.js";
import { isJsonObject, toNullPrototype, type JsonObject, type JsonValue } from "../json/value.js";
import { KIT_AGENTS } from "../../generated/kit/agents.js";

interface KitTool {
  readonly name: string;
  readonly canonical: string;
  readonly fields?: Readonly<Record<string, string>>;
}

interface KitAgent {
  readonly displayName: string;
  readonly version: string;
  readonly events: Readonly<Record<string, string | null>>;
  readonly tools: readonly KitTool[];
  readonly nativeInput?: {
    readonly marker: string;
    readonly keys: Readonly<Record<string, string>>;
    readonly events: readonly { readonly event: string; readonly keys: readonly string[] }[];
  };
  /** Event -> answer -> its level where not `enforced` (`ignored`, `degraded>deny` naming what it becomes, ...). */
  readonly notEnforced: Readonly<Record<string, Readonly<Record<string, string>>>>;
}

const AGENTS = KIT_AGENTS as unknown as Readonly<Partial<Record<AgentName, KitAgent>>>;

/** `record[key]` when it is the record's own (an input's `constructor` or `__proto__` is no event name). */
function ownValue<T>(record: Readonly<Record<string, T>> | undefined, key: string): T | undefined {
  return record !== undefined && Object.prototype.hasOwnProperty.call(record, key) ? record[key] : undefined;
}

export function kitAgent(agent: AgentName): KitAgent | undefined {
  return AGENTS[agent];
}

/** The agent's own names of an event, in its table's order. */
export function ownEvents(agent: AgentName): readonly string[] {
  return Object.keys(AGENTS[agent]?.events ?? {});
}

/** The agent's (first) own event for a Claude Code event: what its answer writer is told. */
export function ownEventOf(agent: AgentName, event: string): string | undefined {
  const events = AGENTS[agent]?.events ?? {};
  if (ownValue(events, event) !== undefined) return event;
  return Object.keys(events).find((own) => events[own] === event);
}

/** The support of `kind` on the agent's own `event` where it is not enforced: `{support, as?}`; undefined when enforced or not claimed. */
export function supportOf(agent: AgentName, event: string, kind: AnswerKind): { readonly support: string; readonly as?: AnswerKind } | undefined {
  const level = ownValue(ownValue(AGENTS[agent]?.notEnforced, event), kind);
  if (level === undefined) return undefined;
  const [support, as] = level.split(">") as [string, AnswerKind | undefined];
  return as === undefined ? { support } : { support, as };
}

/** One call, in the agent's words and in Claude Code's. */
export interface Translated {
  /** The agent's own event name (what its answer writer is told). */
  readonly ownEvent: string;
  /** The Claude Code event, or null when the agent's event has none. */
  readonly event: string | null;
  /** The input in Claude Code's shape: its event and tool names and tool input fields. */
  readonly input: JsonObject;
  /** The tool as the agent names it, when the tool has another name or other fields there. */
  readonly tool?: KitTool;
}

/** The event of a stdin without `hook_event_name` (Copilot CLI's camelCase form): the one whose keys are all present, the most of them. */
function nativeEvent(agent: KitAgent, input: JsonObject): string | null {
  let best: { event: string; keys: number } | null = null;
  for (const candidate of agent.nativeInput?.events ?? []) {
    if (candidate.keys.every((key) => input[key] !== undefined) && (best === null || candidate.keys.length > best.keys)) best = { event: candidate.event, keys: candidate.keys.length };
  }
  return best?.event ?? null;
}

function toolOf(agent: KitAgent, name: string): KitTool | undefined {
  return agent.tools.find((tool) => tool.name === name) ?? agent.tools.find((tool) => tool.canonical === name);
}

/** `input` with its keys renamed `from` -> `to` (where `to` is not set too), in place and order, as a fresh null-prototype object. */
function renamed(input: JsonObject, renames: Readonly<Record<string, string>>): JsonObject {
  const out = Object.create(null) as JsonObject;
  for (const [key, value] of Object.entries(input)) {
    const to = Object.prototype.hasOwnProperty.call(renames, key) ? renames[key]! : undefined;
    out[to !== undefined && input[to] === undefined ? to : key] = value;
  }
  return out;
}

/** Claude Code's field -> the agent's, reversed. */
function reversed(fields: Readonly<Record<string, string>>): Record<string, string> {
  return Object.fromEntries(Object.entries(fields).map(([claude, own]) => [own, claude]));
}

/** The call in Claude Code's shape; names the agent has no mapping for stay as they are. */
export function toClaudeShape(agentName: AgentName, raw: JsonObject): Translated {
  const agent = AGENTS[agentName];
  if (agent === undefined) return { ownEvent: String(raw["hook_event_name"] ?? ""), event: typeof raw["hook_event_name"] === "string" ? raw["hook_event_name"] : null, input: raw };
  let input = raw;
  let ownEvent = raw["hook_event_name"];
  if (typeof ownEvent !== "string" && agent.nativeInput !== undefined && raw[agent.nativeInput.marker] !== undefined) {
    ownEvent = nativeEvent(agent, raw) ?? "";
    input = renamed(raw, agent.nativeInput.keys);
  }
  if (typeof ownEvent !== "string") return { ownEvent: "", event: null, input };
  const event = ownValue(agent.events, ownEvent) ?? null;
  const out = renamed(input, {});
  if (event !== null) out["hook_event_name"] = event;
  let toolInput: JsonValue | undefined = out["tool_input"];
  if (typeof toolInput === "string") {
    // Copilot CLI's documented form sends the arguments as JSON text
    // (text that is not a JSON object stays as it is: a hook for the tool then fails on it)
    try {
      const value = toNullPrototype(JSON.parse(toolInput));
      if (isJsonObject(value)) out["tool_input"] = toolInput = value;
    } catch {
      // kept as text
    }
  }
  const toolName = out["tool_name"];
  const tool = typeof toolName === "string" ? toolOf(agent, toolName) : undefined;
  if (tool === undefined) return { ownEvent, event, input: out };
  out["tool_name"] = tool.canonical;
  if (isJsonObject(toolInput) && tool.fields !== undefined) out["tool_input"] = renamed(toolInput, reversed(tool.fields));
  return { ownEvent, event, input: out, tool };
}

/** A rewritten tool input (Claude Code's fields) in the agent's fields, for its answer. */
export function toAgentToolInput(tool: KitTool | undefined, input: JsonObject): JsonObject {
  return tool?.fields === undefined ? input : renamed(input, tool.fields);
}

export function displayNameOf(agent: AgentName): string {
  return AGENTS[agent]?.displayName ?? agent;
}
