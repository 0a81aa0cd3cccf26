/**
 * Everything between stdin and the answer, with no process I/O: read and
 * check the input, tell the agent, decide whether the hook handles the call,
 * run the handler within its budget, and write its answer (or the failure
 * answer) in the dialect of the agent that ran it. Never throws.
 *
 * What goes wrong is never silent: a crash, a budget overrun, bad stdin or an
 * answer the agent would refuse becomes a clear message on stderr and a
 * non-blocking error (exit 1: the agent goes on as without the hook), or, for
 * a hook defined `failClosed`, a deny (or a block) with that message as the
 * reason, so a security hook cannot fail open.
 */
import type { AgentName } from "../core/agents.js";
import type { HookIntent } from "../core/intent.js";
import { isJsonObject, toNullPrototype, type JsonObject } from "../json/value.js";
import { allAnswers, type Reply } from "./answers.js";
import { toAgentToolInput, toClaudeShape } from "./agent-names.js";
import { fitToAgent, guardStop } from "./fit-to-agent.js";
import { AGENT_DISPLAY_NAMES, answerWriter, whichAgent } from "./agents.js";
import type { HandlerResult, HookDefinition, HookOutcome } from "./define.js";
import { BLOCK_EVENTS, DECISION_EVENTS, REWRITE_EVENTS, TOOL_EVENTS } from "./events.js";
import type { HookEventName } from "./types.js";

const DEFAULT_FAIL_CLOSED_BUDGET_MS = 50_000;
const PREFIX = "claude-hook-protocol/hooks";

class HookFailure extends Error {}

function includes(list: readonly string[], value: string): boolean {
  return list.includes(value);
}

function toolMatches(tools: readonly (string | RegExp)[], name: string): boolean {
  return tools.some((tool) => (typeof tool === "string" ? tool === name : new RegExp(`^(?:${tool.source})$`, tool.flags.replace(/[gy]/g, "")).test(name)));
}

/**
 * Told once the hook has decided that it handles the call (its event and
 * tools match, the agent is known): from then on, whatever ends the process
 * (src/hooks/process.ts) must end it with `fail`'s answer; before, a failure
 * must not answer for a call the hook was not written to judge.
 */
export interface CallWatcher {
  handling(call: HandledCall): void;
}

export interface HandledCall {
  readonly agent: AgentName;
  /** The failure answer for this call: a deny or block when the hook fails closed, else a non-blocking error. */
  fail(problem: string): Promise<HookOutcome>;
}

export async function handle(definition: HookDefinition<HookEventName, string>, stdin: string, watcher?: CallWatcher): Promise<HookOutcome> {
  const event: string = definition.event;
  let agent: AgentName | null = null;
  try {
    let parsed: unknown;
    try {
      parsed = toNullPrototype(JSON.parse(stdin));
    } catch (error) {
      throw new HookFailure(`stdin is not one JSON object (${(error as Error).message})`);
    }
    if (!isJsonObject(parsed as never)) throw new HookFailure("stdin is not a JSON object");
    const detected = whichAgent(parsed as JsonObject);
    if ("invalid" in detected) throw new HookFailure(detected.invalid);
    agent = detected.agent;
    const loadWriter = answerWriter(agent);
    if (loadWriter === undefined) {
      return refuse(definition, agent, `this input comes from ${AGENT_DISPLAY_NAMES[agent]} (${detected.because}); answering it is not supported yet`);
    }
    const call = toClaudeShape(agent, parsed as JsonObject);
    // a call of another event or tool is not this hook's: no answer under any agent, even fail-closed
    if (call.event !== event) return nothing(agent);
    const input = call.input;
    const toolName = input["tool_name"];
    if (includes(TOOL_EVENTS, event)) {
      if (typeof toolName !== "string" || !isJsonObject(input["tool_input"])) throw new HookFailure(`a ${event} input needs a string tool_name and an object tool_input`);
      if (definition.tools !== undefined && !toolMatches(definition.tools, toolName)) return nothing(agent);
    }
    const handled = agent;
    watcher?.handling({ agent: handled, fail: (problem) => refuse(definition, handled, problem) });
    const result = await withinBudget(definition, () => definition.run(input as never, allAnswers(event) as never));
    const replied: HookIntent = result === undefined || result === null ? {} : (result as Reply).intent;
    if (replied === undefined) throw new HookFailure("the handler returned something that is not an answer (use the answer helpers)");
    const notes: string[] = [];
    let intent = guardStop(definition, input, replied, notes);
    const plan = fitToAgent(definition, AGENT_DISPLAY_NAMES[agent], agent, call.ownEvent, intent);
    if ("refused" in plan) throw new HookFailure(plan.refused);
    intent = plan.intent;
    notes.push(...plan.notes);
    if (intent.updatedInput !== undefined && includes(REWRITE_EVENTS, event) && typeof toolName === "string" && agent === "claude-code") {
      const { checkToolInput } = await import("../claude-code/tool-input-check.js");
      const check = checkToolInput(toolName, intent.updatedInput);
      if (!check.ok) throw new HookFailure(`the rewrite fails the ${toolName} tool's schema, so Claude Code would not run the tool and tell the model:\n${check.toolResult}`);
    }
    if (intent.updatedInput !== undefined) intent = { ...intent, updatedInput: toAgentToolInput(call.tool, intent.updatedInput) };
    const written = (await loadWriter())(call.ownEvent, intent);
    if (!written.ok) throw new HookFailure(`the answer cannot be written: ${written.message}`);
    const stderr = notes.map((note) => `${PREFIX}: ${event} hook: ${note}\n`).join("");
    return { agent, ...written.answer, stderr: written.answer.stderr + stderr };
  } catch (error) {
    if (error instanceof HookFailure) return refuse(definition, agent, error.message);
    return refuse(definition, agent, `the handler threw: ${String(error)}`, error instanceof Error ? error.stack : undefined);
  }
}

/** No answer: exit 0, nothing on stdout or stderr (Gemini CLI would show stderr text as a message). */
function nothing(agent: AgentName): HookOutcome {
  return { agent, exit: 0, stdout: "", stderr: "" };
}

/** `run` within the budget; an overrun rejects (the handler's promise is left behind: the process exits after answering). */
async function withinBudget(definition: HookDefinition<HookEventName, string>, call: () => HandlerResult | Promise<HandlerResult>): Promise<HandlerResult> {
  const budget = definition.timeoutMs ?? (definition.failClosed === true ? DEFAULT_FAIL_CLOSED_BUDGET_MS : undefined);
  const running = Promise.resolve().then(call);
  if (budget === undefined) return running;
  let timer: NodeJS.Timeout | undefined;
  const overrun = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new HookFailure(`the handler did not answer within its ${budget} ms budget`)), budget);
  });
  try {
    return await Promise.race([running, overrun]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * The answer to a failure: a non-blocking error (exit 1, the message on
 * stderr), or for a fail-closed hook a deny or block carrying the message.
 */
export async function refuse(definition: HookDefinition<HookEventName, string>, agent: AgentName | null, problem: string, stack?: string): Promise<HookOutcome> {
  const event: string = definition.event;
  const stderr = `${PREFIX}: ${event} hook: ${problem}\n${stack === undefined ? "" : `${stack}\n`}`;
  if (definition.failClosed !== true) return { agent, exit: 1, stdout: "", stderr: `${stderr}(non-blocking: the agent goes on as if the hook had not answered; define the hook with failClosed: true to deny instead)\n` };
  const oneLine = problem.replace(/\s+/g, " ").trim();
  const reason = `Hook failed closed: ${oneLine.length > 500 ? `${oneLine.slice(0, 500)}…` : oneLine}`;
  const loadWriter = agent === null ? answerWriter("claude-code") : answerWriter(agent);
  const intent: HookIntent | null = includes(DECISION_EVENTS, event) || event === "PermissionRequest" ? { decision: "deny", reason } : includes(BLOCK_EVENTS, event) ? { block: true, reason } : null;
  if (intent !== null && loadWriter !== undefined) {
    const written = (await loadWriter())(event, intent);
    if (written.ok) return { agent, ...written.answer, stderr };
  }
  // no way to say deny in this agent's words (or the event cannot block): exit 2, which the agents read as a block
  return { agent, exit: 2, stdout: "", stderr };
}
