/**
 * Which agent ran the hook, and the answer writer of each agent. The stdin
 * tells first: a detection rule (each agent's, src/<agent>/detection.ts)
 * proves its agent. When none holds, the agent the hook's command names
 * (`CLAUDE_HOOK_PROTOCOL_AGENT` or `--agent=<name>`, which `install` writes)
 * is tried, if its schemas let it send that stdin, beside Claude Code, and the
 * answer must mean the same to both. A writer is loaded only when a hook
 * writes an answer its template (generated/kit/agents.ts KIT_ANSWERS) does
 * not give.
 */
import type { AgentName } from "../core/agents.js";
import type { WriteResult, HookIntent } from "../core/intent.js";
import type { JsonObject, JsonValue } from "../json/value.js";
import { displayNameOf, kitAgent, ownEventOf } from "./agent-names.js";
import type { DetectionCondition, DetectionRule } from "../core/detection.js";
import { fillAnswer, type AnswerTemplate } from "./answer-template.js";
import { KIT_AGENT_NAMES, KIT_ANSWERS, KIT_DETECTION } from "../../generated/kit/agents.js";
import { KIT_CROSS_READINGS } from "../../generated/kit/cross-readings.js";
import { KIT_ANSWER_WRITERS, KIT_TOOL_INPUT_CHECKS, type KitToolInputCheck } from "../../generated/kit/loaders.js";

/** Every agent's detection rules, in order (src/<agent>/detection.ts, through generated/kit/), and the agent when none holds. */
const DETECTION_RULES = KIT_DETECTION.rules as unknown as readonly DetectionRule[];
export const DETECTION_DEFAULT = KIT_DETECTION.default as AgentName;

/** The environment variable a hook command sets to name the agent that runs it. */
export const AGENT_ENV = "CLAUDE_HOOK_PROTOCOL_AGENT";
/** The argument a hook command passes to name the agent that runs it (`--agent=<name>`). */
export const AGENT_ARG = "--agent=";

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
  if (!(KIT_AGENT_NAMES as readonly string[]).includes(named.value)) return { invalid: `${named.because} names ${JSON.stringify(named.value)}, not an agent (${KIT_AGENT_NAMES.join(", ")})` };
  return { agent: named.value as AgentName, because: named.because };
}

function hasEvent(agent: AgentName, event: JsonValue | undefined): boolean {
  return typeof event === "string" && Object.prototype.hasOwnProperty.call(kitAgent(agent)?.events ?? {}, event);
}

function holds(condition: DetectionCondition, input: JsonObject): boolean {
  if ("has" in condition) return input[condition.has] !== undefined;
  if ("eventOf" in condition) return hasEvent(condition.eventOf, input["hook_event_name"]);
  if ("eventNotOf" in condition) return !hasEvent(condition.eventNotOf, input["hook_event_name"]);
  if ("isNull" in condition) return input[condition.isNull] === null;
  const value = input[condition.key];
  if (typeof value !== "string") return false;
  return "oneOf" in condition ? condition.oneOf.includes(value) : new RegExp(condition.matches).test(value);
}

/** The agent from the stdin fields only (a hook configured by hand says nothing): the first of DETECTION_RULES that holds. */
export function detectAgent(input: JsonObject): Detected {
  return detectWith(DETECTION_RULES, input);
}

/** The agent the first of `rules` that holds on the stdin names, else the default agent. */
export function detectWith(rules: readonly DetectionRule[], input: JsonObject): Detected {
  const rule = rules.find((candidate) => candidate.when.every((condition) => holds(condition, input)));
  return rule === undefined ? { agent: DETECTION_DEFAULT, because: "no other agent's fields" } : { agent: rule.agent, because: rule.because };
}

/** Whether `agent` can send this stdin: it has every key the agent's schemas make every input (of its event) have. */
function maySend(agent: AgentName, input: JsonObject): boolean {
  const requires = kitAgent(agent)?.requires;
  if (requires === undefined) return true;
  const event = input["hook_event_name"];
  const keys = [...(requires["*"] ?? []), ...(typeof event === "string" && Object.prototype.hasOwnProperty.call(requires, event) ? requires[event]! : [])];
  return keys.every((key) => input[key] !== undefined);
}

/**
 * The agents that may have sent the stdin, the one whose reading the kit tries first first: the stdin's
 * when one of DETECTION_RULES holds (a rule rests only on what no other agent sends, so it proves the agent,
 * whatever the command names: an inherited CLAUDE_HOOK_PROTOCOL_AGENT, or a .claude/settings.json hook
 * that another agent also runs); else the agent the command names (when it can send such an input) and Claude
 * Code, whose input no rule tells: an answer must then mean the same to both (`answerWriter`).
 */
function possibleAgents(input: JsonObject, declared: Detected | null): readonly Detected[] {
  const fromStdin = detectAgent(input);
  if (declared === null || declared.agent === fromStdin.agent) return [declared ?? fromStdin];
  if (fromStdin.agent !== DETECTION_DEFAULT || !maySend(declared.agent, input)) return [fromStdin];
  return [declared, fromStdin];
}

/** The agent that runs the hook, as far as the command and the stdin tell: `agentReadings`'s first. */
export function whichAgent(input: JsonObject, env: NodeJS.ProcessEnv = process.env, argv: readonly string[] = process.argv): Detected | { readonly invalid: string } {
  const declared = declaredAgent(env, argv);
  if (declared !== null && "invalid" in declared) return declared;
  return possibleAgents(input, declared)[0]!;
}

/**
 * The agents whose reading of the stdin the kit tries, in order (`possibleAgents`): the call is the
 * hook's when it is under one of them, and its answer must mean the same under each that reads it so. A
 * name that is no agent is set aside with a note: the stdin tells the agent, so a wrong name neither
 * denies every call of every event nor lets one through.
 */
export function agentReadings(input: JsonObject, env: NodeJS.ProcessEnv = process.env, argv: readonly string[] = process.argv): { readonly readings: readonly Detected[]; readonly note?: string } {
  const declared = declaredAgent(env, argv);
  if (declared !== null && "invalid" in declared) {
    const fromStdin = detectAgent(input);
    return { readings: [fromStdin], note: `${declared.invalid}; told from stdin instead: ${fromStdin.agent} (${fromStdin.because})` };
  }
  return { readings: possibleAgents(input, declared) };
}

/** Each agent's name in messages. */
export const AGENT_DISPLAY_NAMES: Readonly<Record<AgentName, string>> = Object.fromEntries(KIT_AGENT_NAMES.map((agent) => [agent, displayNameOf(agent)])) as Record<AgentName, string>;

/** Writes `intent` as the answer to `event` (the agent's own event name, or Claude Code's, which is mapped to the agent's). */
export type AnswerWriter = (event: string, intent: HookIntent) => WriteResult;

/** The agent's answer writer (`Agent.kit.answerWriter`, through generated/kit/loaders.ts), to import on first use; undefined for a name that is no agent. */
function writerLoader(agent: AgentName): (() => Promise<AnswerWriter>) | undefined {
  return Object.prototype.hasOwnProperty.call(KIT_ANSWER_WRITERS, agent) ? KIT_ANSWER_WRITERS[agent] : undefined;
}

type TemplateKind = "deny" | "block" | "nothing";
const TEMPLATES = KIT_ANSWERS as unknown as Readonly<Partial<Record<AgentName, { readonly templates: readonly AnswerTemplate[] } & Readonly<Record<TemplateKind, Readonly<Record<string, number>>>>>>>;

/**
 * Which template an intent is: a deny or a block with a reason that is not blank and nothing else,
 * or no answer at all. A blank reason goes to the dialect (an agent may put its own reason in its place).
 */
function templateKind(intent: HookIntent): TemplateKind | undefined {
  const keys = Object.keys(intent).length;
  if (keys === 0) return "nothing";
  if (keys !== 2 || typeof intent.reason !== "string" || intent.reason.trim() === "") return undefined;
  return intent.decision === "deny" ? "deny" : intent.block === true ? "block" : undefined;
}

/** The answer from the agent's recorded template (generated/kit/agents.ts KIT_ANSWERS); undefined for an intent or event it has none for. */
function templateAnswer(agent: AgentName, event: string, intent: HookIntent): WriteResult | undefined {
  const kind = templateKind(intent);
  const table = TEMPLATES[agent];
  if (kind === undefined || table === undefined || !Object.prototype.hasOwnProperty.call(table[kind], event)) return undefined;
  return { ok: true, answer: fillAnswer(table.templates[table[kind][event]!]!, event, intent.reason ?? "") };
}

/**
 * The agent's writer: a deny or a block with a reason, or no answer, from its template; anything else from the
 * dialect's `writeIntent`, loaded on first use; undefined for an agent the kit cannot answer.
 */
export function answerWriter(agent: AgentName): ((event: string, intent: HookIntent) => Promise<WriteResult>) | undefined {
  const load = writerLoader(agent);
  if (load === undefined) return undefined;
  return async (event, intent) => {
    const own = ownEventOf(agent, event) ?? event;
    return templateAnswer(agent, own, intent) ?? (await load())(own, intent);
  };
}

/** The agent's check of a tool-input rewrite (`Agent.kit.toolInputCheck`), imported on first use; undefined where the agent has none. */
export async function toolInputCheck(agent: AgentName): Promise<KitToolInputCheck | undefined> {
  return Object.prototype.hasOwnProperty.call(KIT_TOOL_INPUT_CHECKS, agent) ? await KIT_TOOL_INPUT_CHECKS[agent]!() : undefined;
}

/** One agent that may run the hook, and the call's event in its names. */
export interface AnswerTarget {
  readonly agent: AgentName;
  /** The agent's own event (or Claude Code's, which is mapped to the agent's). */
  readonly event: string;
}

/**
 * The answer to `intent` for every agent that may run the hook (`possibleAgents`): their own answers when
 * they are the same. Else, for a deny or a block, the answer that blocks under both, as their merges read it
 * (generated/kit/cross-readings.ts: exit 2 with the reason on stderr, else the named agent's own, else
 * the other's own), since an answer one of them ignores would let the call through there; where no one answer blocks
 * under both, the one that blocks under the named agent (the likelier sender: the command names it), exit 2
 * where exit 2 blocks there, and a note on stderr. Else the first's answer. Undefined when the first agent
 * has no writer.
 */
export async function writeForAll(targets: readonly AnswerTarget[], intent: HookIntent): Promise<WriteResult | undefined> {
  const [first, ...others] = targets;
  const write = first === undefined ? undefined : answerWriter(first.agent);
  if (write === undefined) return undefined;
  const written = await write(first!.event, intent);
  if (others.length === 0) return written;
  const same = (other: WriteResult | undefined): boolean => other !== undefined && other.ok && written.ok && other.answer.exit === written.answer.exit && other.answer.stdout === written.answer.stdout && other.answer.stderr === written.answer.stderr;
  const theirs = await Promise.all(others.map(async (target) => { try { return await answerWriter(target.agent)?.(target.event, intent); } catch { return undefined; } }));
  if (theirs.every(same)) return written;
  const kind = intent.decision === "deny" ? "deny" : intent.block === true ? "block" : undefined;
  if (kind === undefined) return written;
  const exit2: WriteResult = { ok: true, answer: { exit: 2, stdout: "", stderr: intent.reason ?? "" } };
  const choice = others.length === 1 ? crossChoice(first!, others[0]!, kind) : undefined;
  if (choice === "named") return written;
  if (choice === "sender" && theirs[0]?.ok === true) return theirs[0];
  if (choice === "exit2") return exit2;
  if (choice === "none-exit2" || choice === "none-named") {
    const chosen = choice === "none-exit2" ? exit2 : written;
    if (!chosen.ok) return chosen;
    const note = `claude-hook-protocol/hooks: the stdin may come from ${AGENT_DISPLAY_NAMES[first!.agent]} (the command names it) or ${AGENT_DISPLAY_NAMES[others[0]!.agent]}, and no one answer ${kind === "deny" ? "denies" : "blocks"} under both: answered as ${AGENT_DISPLAY_NAMES[first!.agent]} reads it`;
    return { ok: true, answer: { ...chosen.answer, stderr: `${chosen.answer.stderr}${chosen.answer.stderr === "" || chosen.answer.stderr.endsWith("\n") ? "" : "\n"}${note}\n` } };
  }
  // a pair without generated data (not two agents possibleAgents yields): exit 2 where each reads it as a block
  const exit2Holds = targets.every((target) => kitAgent(target.agent)?.exit2Blocks.includes(ownEventOf(target.agent, target.event) ?? target.event) === true);
  return exit2Holds ? exit2 : written;
}

/** What generated/kit/cross-readings.ts says to write for a deny or block when `named` and `sender` answer differently; undefined where it has no entry. */
function crossChoice(named: AnswerTarget, sender: AnswerTarget, kind: "deny" | "block"): string | undefined {
  const own = (table: object | undefined, key: string): unknown => (table !== undefined && Object.prototype.hasOwnProperty.call(table, key) ? (table as Record<string, unknown>)[key] : undefined);
  const event = ownEventOf(named.agent, named.event) ?? named.event;
  const entry = own(own(own(KIT_CROSS_READINGS, named.agent) as object | undefined, sender.agent) as object | undefined, event) as object | undefined;
  const choice = own(entry, kind);
  return typeof choice === "string" ? choice : undefined;
}
