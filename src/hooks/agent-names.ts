/**
 * The one place the kit turns an agent's names into Claude Code's and back:
 * events, tools, tool input fields and an agent's own stdin form (`nativeInput`: camelCase keys). The
 * facts come from generated/kit/agents.ts (each dialect's event table and
 * each agent's capabilities file, via `npm run gen`; generated/kit/agents.json
 * holds the same for kits in other languages).
 */
import type { AgentName } from "../core/agents.js";
import type { AnswerKind } from "../core/capabilities.js";
import { isJsonObject, stringifyOr, toNullPrototype, type JsonObject, type JsonValue } from "../json/value.js";
import { KIT_AGENTS, KIT_TOOL_STRING_FIELDS } from "../../generated/kit/agents.js";
import { KIT_INPUT_TEXT } from "../../generated/kit/input-text.js";

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
  /** The keys every input has, of the agent ("*") and of each own event (scripts/gen-kit-agents.ts, from the agent's schemas). */
  readonly requires: Readonly<Record<string, readonly string[]>>;
  /** The own events where exit 2 with a reason on stderr blocks or denies. */
  readonly exit2Blocks: readonly string[];
  /** Event -> answer -> its level where not `enforced` (`ignored`, `degraded>deny` naming what it becomes, ...). */
  readonly notEnforced: Readonly<Record<string, Readonly<Record<string, string>>>>;
  /** Event -> answer -> `<basis>:<level>` where no recorded vector shows the claim (`docs:enforced`). */
  readonly unverified: Readonly<Record<string, Readonly<Record<string, string>>>>;
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

/** The claim of `kind` on the agent's own `event` when no recorded vector shows it: its basis (`docs`, `binary`) and level (`enforced`, `degraded>deny`); undefined when recorded or not claimed. */
export function unverifiedOf(agent: AgentName, event: string, kind: AnswerKind): { readonly basis: string; readonly level: string } | undefined {
  const claim = ownValue(ownValue(AGENTS[agent]?.unverified, event), kind);
  if (claim === undefined) return undefined;
  const at = claim.indexOf(":");
  return { basis: claim.slice(0, at), level: claim.slice(at + 1) };
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
  /**
   * Fields the input gives twice, differently (a native form's `toolArgs` beside `tool_input`,
   * `toolName` beside `tool_name`): which one the agent acts on cannot be told.
   */
  readonly ambiguous: readonly string[];
  /** The other tool names such an input gives, in Claude Code's names (the hook handles the call if it handles any). */
  readonly otherTools: readonly string[];
}

/** The event of a stdin without `hook_event_name` (an agent's native camelCase form): the one whose keys are all present, the most of them. */
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

/** Equal JSON (a value too deep to write counts as different: ambiguous, never silently equal). */
const sameValue = (a: JsonValue | undefined, b: JsonValue | undefined): boolean => a === b || stringifyOr(a, "\u0000a") === stringifyOr(b, "\u0000b");

/**
 * `input` with its keys renamed `from` -> `to`, in place and order, as a fresh null-prototype
 * object. A target given more than once (by `to` itself and by a source, or by two sources)
 * keeps the first source's value when `preferSource` (the agent's own spelling), else `to`'s own;
 * every other, different value is recorded in `twice` under the target's name.
 */
function renamed(input: JsonObject, renames: Readonly<Record<string, string>>, preferSource = false, twice?: Map<string, JsonValue[]>, prefix = ""): JsonObject {
  const targetOf = (key: string): string => (Object.prototype.hasOwnProperty.call(renames, key) ? renames[key]! : key);
  const given = new Map<string, { own?: JsonValue; sources: JsonValue[] }>();
  for (const [key, value] of Object.entries(input)) {
    const target = targetOf(key);
    const entry = given.get(target) ?? { sources: [] };
    if (target === key) entry.own = value;
    else entry.sources.push(value);
    given.set(target, entry);
  }
  const out = Object.create(null) as JsonObject;
  for (const key of Object.keys(input)) {
    const target = targetOf(key);
    if (Object.prototype.hasOwnProperty.call(out, target)) continue;
    const { own, sources } = given.get(target)!;
    const values = own === undefined ? sources : preferSource ? [...sources, own] : [own, ...sources];
    out[target] = values[0]!;
    const others = values.slice(1).filter((v) => !sameValue(v, values[0]));
    if (others.length > 0) twice?.set(prefix + target, others);
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
  if (agent === undefined) return { ownEvent: String(raw["hook_event_name"] ?? ""), event: typeof raw["hook_event_name"] === "string" ? raw["hook_event_name"] : null, input: raw, ambiguous: [], otherTools: [] };
  let ownEvent = raw["hook_event_name"];
  const native = agent.nativeInput;
  // An agent with a camelCase form (`nativeInput`): its keys read as Claude Code's in either form, the form's own
  // spelling first; a key given in both spellings with different values is recorded, never silently dropped.
  const twice = new Map<string, JsonValue[]>();
  const nativeForm = typeof ownEvent !== "string" && native !== undefined;
  if (nativeForm) ownEvent = nativeEvent(agent, raw) ?? "";
  const input = native === undefined ? raw : renamed(raw, native.keys, nativeForm, twice);
  if (typeof ownEvent !== "string") return { ownEvent: "", event: null, input, ambiguous: [], otherTools: [] };
  const event = ownValue(agent.events, ownEvent) ?? null;
  const out = renamed(input, {});
  if (event !== null) {
    out["hook_event_name"] = event;
    fitText(event, out);
  }
  const parsedArgs = (value: JsonValue | undefined): JsonValue | undefined => {
    if (typeof value !== "string") return value;
    // a native form may send the arguments as JSON text (one agent's documented form does)
    // (text that is not a JSON object stays as it is: a hook for the tool then fails on it)
    try {
      const parsed = toNullPrototype(JSON.parse(value));
      return isJsonObject(parsed) ? parsed : value;
    } catch {
      return value;
    }
  };
  let toolInput: JsonValue | undefined = parsedArgs(out["tool_input"]);
  if (toolInput !== undefined) out["tool_input"] = toolInput;
  // what the call does is its tool and input: twins elsewhere (sessionId beside session_id) read in the form's spelling
  const ambiguous = [...twice.entries()]
    .filter(([field, values]) => field === "tool_name" || (field === "tool_input" && values.some((v) => !sameValue(parsedArgs(v), toolInput))))
    .map(([field]) => field);
  const canonical = (name: JsonValue): string | null => (typeof name === "string" ? (toolOf(agent, name)?.canonical ?? name) : null);
  const otherTools = (twice.get("tool_name") ?? []).map(canonical).filter((name): name is string => name !== null);
  const toolName = out["tool_name"];
  const tool = typeof toolName === "string" ? toolOf(agent, toolName) : undefined;
  if (tool === undefined) return { ownEvent, event, input: out, ambiguous, otherTools };
  out["tool_name"] = tool.canonical;
  if (isJsonObject(toolInput) && tool.fields !== undefined) {
    // the agent's own field names are what its tool reads: they win over Claude Code's spelling of the same field
    const fieldsTwice = new Map<string, JsonValue[]>();
    out["tool_input"] = toolInput = renamed(toolInput, reversed(tool.fields), true, fieldsTwice, "tool_input.");
    ambiguous.push(...fieldsTwice.keys());
  }
  return { ownEvent, event, input: out, tool, ambiguous, otherTools };
}

/**
 * Content parts (an array) as their `type: "text"` parts' texts joined by a space (as the agent that sends its prompt
 * so reads it for matching), an object's string `message` (an error sent as an object); undefined for anything else.
 * The Python, Go and Rust kits do the same (scripts/kits/*: structured text).
 */
function structuredText(value: JsonValue): string | undefined {
  if (Array.isArray(value)) return value.flatMap((part) => (isJsonObject(part) && part["type"] === "text" && typeof part["text"] === "string" ? [part["text"]] : [])).join(" ");
  if (isJsonObject(value) && typeof value["message"] === "string") return value["message"];
  return undefined;
}

/** A key Claude Code's input for `event` types as a string, sent as structured text, becomes its text: the handler, typed for a string, runs (and a fail-closed one does not deny every call the agent makes). */
function fitText(event: string, input: JsonObject): void {
  for (const key of [...(KIT_INPUT_TEXT["*"] ?? []), ...(Object.prototype.hasOwnProperty.call(KIT_INPUT_TEXT, event) ? KIT_INPUT_TEXT[event]! : [])]) {
    const value = input[key];
    if (value === undefined || typeof value === "string") continue;
    const text = structuredText(value);
    if (text !== undefined) input[key] = text;
  }
}

/** A rewritten tool input (Claude Code's fields) in the agent's fields, for its answer. */
export function toAgentToolInput(tool: KitTool | undefined, input: JsonObject): JsonObject {
  return tool?.fields === undefined ? input : renamed(input, tool.fields);
}

/**
 * The first top-level field of a Claude Code tool's input that its schema makes a string but the
 * input gives as something else (`command: ["rm", "-rf", "/"]`), as `tool_input.<field>`; null when none.
 */
export function nonStringField(toolName: string, toolInput: JsonObject): string | null {
  const fields = ownValue(KIT_TOOL_STRING_FIELDS as unknown as Readonly<Record<string, readonly string[]>>, toolName) ?? [];
  const wrong = fields.find((field) => toolInput[field] !== undefined && typeof toolInput[field] !== "string");
  return wrong === undefined ? null : `tool_input.${wrong}`;
}

export function displayNameOf(agent: AgentName): string {
  return AGENTS[agent]?.displayName ?? agent;
}
