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

/** Every agent's detection rules, in order (src/<agent>/detection.ts, through generated/kit/), and the agent when none holds. */
const DETECTION_RULES = KIT_DETECTION.rules as unknown as readonly DetectionRule[];
export const DETECTION_DEFAULT = KIT_DETECTION.default as AgentName;

/** The environment variable a hook command sets to name the agent that runs it. */
export const AGENT_ENV = "CLAUDE_HOOK_PROTOCOL_AGENT";
/** The argument a hook command passes to name the agent that runs it (`--agent=gemini-cli`). */
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
  const rule = DETECTION_RULES.find((candidate) => candidate.when.every((condition) => holds(condition, input)));
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
 * that Copilot CLI runs); else the agent the command names (when it can send such an input) and Claude
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

/** The answer writer of each agent: the dialect's `writeIntent` (src/core/dialect.ts), imported on first use. */
const WRITERS: Partial<Record<AgentName, () => Promise<AnswerWriter>>> = {
  "claude-code": async () => (await import("../claude-code/write-intent.js")).writeClaudeCodeIntent,
  codex: async () => (await import("../codex/intent.js")).writeCodexIntent,
  "gemini-cli": async () => (await import("../gemini-cli/intent.js")).writeGeminiCliIntent,
  "copilot-cli": async () => (await import("../copilot-cli/intent.js")).writeCopilotIntent,
  droid: async () => (await import("../droid/intent.js")).writeDroidIntent,
  "qwen-code": async () => (await import("../qwen-code/intent.js")).writeQwenCodeIntent,
  "kimi-code": async () => (await import("../kimi-code/intent.js")).writeKimiCodeIntent,
};

type TemplateKind = "deny" | "block" | "nothing";
const TEMPLATES = KIT_ANSWERS as unknown as Readonly<Partial<Record<AgentName, { readonly templates: readonly AnswerTemplate[] } & Readonly<Record<TemplateKind, Readonly<Record<string, number>>>>>>>;

/**
 * Which template an intent is: a deny or a block with a reason that is not blank and nothing else,
 * or no answer at all. A blank reason goes to the dialect (Codex puts its own reason in its place).
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
  const load = WRITERS[agent];
  if (load === undefined) return undefined;
  return async (event, intent) => {
    const own = ownEventOf(agent, event) ?? event;
    return templateAnswer(agent, own, intent) ?? (await load())(own, intent);
  };
}

/** One agent that may run the hook, and the call's event in its names. */
export interface AnswerTarget {
  readonly agent: AgentName;
  /** The agent's own event (or Claude Code's, which is mapped to the agent's). */
  readonly event: string;
}

/**
 * The answer to `intent` for every agent that may run the hook (`possibleAgents`): their own answers when
 * they are the same; else, for a deny or a block, exit 2 with the reason on stderr when each of them reads
 * that as one (generated/kit/agents.ts `exit2Blocks`), since an answer one of them ignores would let the call
 * through there; else the first's answer. Undefined when the first agent has no writer.
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
  const mustHold = intent.decision === "deny" || intent.block === true;
  const exit2Holds = targets.every((target) => kitAgent(target.agent)?.exit2Blocks.includes(ownEventOf(target.agent, target.event) ?? target.event) === true);
  if (mustHold && exit2Holds) return { ok: true, answer: { exit: 2, stdout: "", stderr: intent.reason ?? "" } };
  return written;
}
