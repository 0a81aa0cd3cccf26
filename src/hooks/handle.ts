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
import { Script } from "node:vm";
import { allAnswers, readReply, type Reply } from "./answers.js";
import { nonStringField, toAgentToolInput, toClaudeShape, type Translated } from "./agent-names.js";
import { fitToAgent, guardStop } from "./fit-to-agent.js";
import { AGENT_DISPLAY_NAMES, DETECTION_DEFAULT, agentReadings, answerWriter, toolInputCheck, writeForAll, type AnswerTarget } from "./agents.js";
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
  /** May return a promise: the handler runs once it settles (the process prepares its failure answer first). */
  handling(call: HandledCall): void | Promise<void>;
}

export interface HandledCall {
  readonly agent: AgentName;
  /** The failure answer for this call: a deny or block when the hook fails closed, else a non-blocking error. */
  fail(problem: string): Promise<HookOutcome>;
}

export async function handle(definition: HookDefinition<HookEventName, string>, stdin: string, watcher?: CallWatcher): Promise<HookOutcome> {
  const event: string = definition.event;
  let agent: AgentName | null = null;
  let targets: AnswerTarget[] = [];
  try {
    let parsed: unknown;
    try {
      parsed = toNullPrototype(JSON.parse(stdin));
    } catch (error) {
      throw new HookFailure(`stdin is not one JSON object (${(error as Error).message})`);
    }
    if (!isJsonObject(parsed as never)) throw new HookFailure("stdin is not a JSON object");
    const { readings, note } = agentReadings(parsed as JsonObject);
    // the readings under which the call is the hook's (its event and one of its tools); none: not its call
    const calls = readings.map((detected) => ({ detected, call: toClaudeShape(detected.agent, parsed as JsonObject) })).filter((reading) => handles(definition, reading.call));
    const chosen = calls[0];
    agent = (chosen?.detected ?? readings[0]!).agent;
    // a call of another event or tool is not this hook's: no answer under any agent, even fail-closed
    if (chosen === undefined) return nothing(agent);
    const { detected, call } = chosen;
    // every agent that may run the hook and reads the call as the hook's: the answer must mean the same to each
    targets = calls.map((reading) => ({ agent: reading.detected.agent, event: reading.call.ownEvent }));
    const write = answerWriter(agent);
    if (write === undefined) {
      return refuse(definition, agent, `this input comes from ${AGENT_DISPLAY_NAMES[agent]} (${detected.because}); answering it is not supported yet`);
    }
    const input = call.input;
    const toolName = input["tool_name"];
    if (call.ambiguous.length > 0) throw new HookFailure(`the input gives ${call.ambiguous.join(", ")} twice, with different values: which one ${AGENT_DISPLAY_NAMES[agent]} acts on cannot be told`);
    if (includes(TOOL_EVENTS, event) && (typeof toolName !== "string" || !isJsonObject(input["tool_input"]))) throw new HookFailure(`a ${event} input needs a string tool_name and an object tool_input`);
    // the handler is typed, and written, for the tool's strings: another type there must not slip past its checks
    const notString = typeof toolName === "string" && isJsonObject(input["tool_input"]) ? nonStringField(toolName, input["tool_input"]) : null;
    if (notString !== null) throw new HookFailure(`${notString} is not a string, as the ${toolName} tool's input must have it`);
    const handled = agent;
    await watcher?.handling({ agent: handled, fail: (problem) => refuse(definition, handled, problem, undefined, targets) });
    const result = await withinBudget(definition, () => definition.run(input as never, allAnswers(event) as never));
    const replied: HookIntent = result === undefined || result === null ? {} : (result as Reply).intent;
    if (replied === undefined) throw new HookFailure("the handler returned something that is not an answer (use the answer helpers)");
    const notes: string[] = note === undefined ? [] : [note];
    let intent = guardStop(definition, input, replied, notes);
    const plan = fitToAgent(definition, AGENT_DISPLAY_NAMES[agent], agent, call.ownEvent, intent);
    if ("refused" in plan) throw new HookFailure(plan.refused);
    intent = plan.intent;
    notes.push(...plan.notes);
    const checkRewrite = intent.updatedInput !== undefined && includes(REWRITE_EVENTS, event) && typeof toolName === "string" ? await toolInputCheck(agent) : undefined;
    if (checkRewrite !== undefined) {
      const check = checkRewrite(toolName as string, intent.updatedInput!);
      if (!check.ok) throw new HookFailure(`the rewrite fails the ${toolName as string} tool's schema, so ${AGENT_DISPLAY_NAMES[agent]} would not run the tool and tell the model:\n${check.toolResult}`);
    }
    if (intent.updatedInput !== undefined) intent = { ...intent, updatedInput: toAgentToolInput(call.tool, intent.updatedInput) };
    const written = (await writeForAll(targets, intent))!;
    if (!written.ok) throw new HookFailure(`the answer cannot be written: ${written.message}`);
    // the notes go after an answer that exits 0; an answer that exits otherwise is read from its stderr
    // (exit 2's reason, which the agent shows the model), so nothing is added to it
    const stderr = written.answer.exit === 0 ? notes.map((note) => `${PREFIX}: ${event} hook: ${note}\n`).join("") : "";
    return { agent, ...written.answer, stderr: written.answer.stderr + stderr };
  } catch (error) {
    if (error instanceof HookFailure) return refuse(definition, agent, error.message, undefined, targets);
    return refuse(definition, agent, `the handler threw: ${String(error)}`, error instanceof Error ? error.stack : undefined, targets);
  }
}

/**
 * Whether the call is the hook's: its event, and for a tool event one of its tools (the input's
 * tool, or another tool the same input also names). A tool event input whose tool cannot be read
 * is the hook's: it fails on it (closed, for a fail-closed hook) rather than let it through.
 */
function handles(definition: HookDefinition<HookEventName, string>, call: Translated): boolean {
  if (call.event !== definition.event) return false;
  if (!includes(TOOL_EVENTS, call.event) || definition.tools === undefined) return true;
  const toolName = call.input["tool_name"];
  if (typeof toolName !== "string") return true;
  return [toolName, ...call.otherTools].some((name) => toolMatches(definition.tools!, name));
}

/** No answer: exit 0, nothing on stdout or stderr (an agent may show stderr text as a message). */
function nothing(agent: AgentName): HookOutcome {
  return { agent, exit: 0, stdout: "", stderr: "" };
}

/** The budget of `run` in ms: `timeoutMs`, else 50 s for a fail-closed hook (under Claude Code's 60 s kill), else none. */
export function handlerBudget(definition: HookDefinition<HookEventName, string>): number | undefined {
  return definition.timeoutMs ?? (definition.failClosed === true ? DEFAULT_FAIL_CLOSED_BUDGET_MS : undefined);
}

/** An error the handler threw (or rejected with), described once: its text and stack, read without running its code again. */
class HandlerError extends Error {
  constructor(readonly text: string, stack: string | undefined) {
    super(text);
    if (stack === undefined) delete this.stack;
    else this.stack = stack;
  }
  override toString(): string {
    return this.text;
  }
}

/** `String(error)` and its stack, or a fixed text when printing it throws (a Proxy, a throwing toString). */
function describeThrown(error: unknown): HandlerError {
  let text: string;
  try {
    text = String(error);
  } catch {
    return new HandlerError("a thrown value that cannot be printed", undefined);
  }
  let stack: unknown;
  try {
    stack = (error as { stack?: unknown } | null | undefined)?.stack;
  } catch {
    stack = undefined;
  }
  return new HandlerError(text, typeof stack === "string" ? stack : undefined);
}

/** The handler's synchronous part, as it ended. */
type SyncRun = { readonly thrown: HandlerError } | { readonly value: unknown; readonly thenable: boolean } | { readonly overran: true };

const SYNC_CALL = Symbol.for("claude-hook-protocol/hooks.syncCall");
let syncScript: Script | undefined;

/**
 * Calls `call` and reads what it gave (a throw, a thenable), all under V8's
 * own watchdog when there is a budget: a vm script's `timeout` is a thread
 * that stops the script, so a synchronous loop in `run` (which no timer on
 * this thread can interrupt) ends at the budget, cheaply. Whatever the
 * handler left running after its synchronous part is the process's to watch
 * (src/hooks/process.ts).
 */
function runSync(call: () => unknown, budget: number | undefined): SyncRun {
  let ended: SyncRun = { overran: true };
  const once = (): void => {
    try {
      const value = call();
      const thenable = value !== null && (typeof value === "object" || typeof value === "function") && typeof (value as { then?: unknown }).then === "function";
      ended = { value, thenable };
    } catch (error) {
      ended = { thrown: describeThrown(error) };
    }
  };
  if (budget === undefined) {
    once();
    return ended;
  }
  syncScript ??= new Script(`globalThis[Symbol.for(${JSON.stringify(SYNC_CALL.description)})]()`);
  const global = globalThis as unknown as Record<symbol, unknown>;
  global[SYNC_CALL] = once;
  try {
    syncScript.runInThisContext({ timeout: budget });
  } catch {
    // `once` catches what the handler throws, so this is the timeout
  } finally {
    delete global[SYNC_CALL];
  }
  return ended;
}

/**
 * `run` within the budget, and what it returned checked (a Reply the kit built
 * whose values were good, or nothing). The synchronous part runs under the vm
 * watchdog; an asynchronous part races a timer (an overrun leaves the
 * handler's promise behind: the process exits after answering).
 */
async function withinBudget(definition: HookDefinition<HookEventName, string>, call: () => HandlerResult | Promise<HandlerResult>): Promise<HandlerResult> {
  const budget = handlerBudget(definition);
  const overrun = () => new HookFailure(`the handler did not answer within its ${budget} ms budget`);
  const started = Date.now();
  const sync = runSync(call, budget);
  if ("overran" in sync) throw overrun();
  if ("thrown" in sync) throw sync.thrown;
  let result = sync.value;
  if (sync.thenable) {
    const running = Promise.resolve(sync.value as Promise<HandlerResult>).catch((error: unknown) => {
      throw describeThrown(error);
    });
    if (budget === undefined) result = await running;
    else {
      let timer: NodeJS.Timeout | undefined;
      const overran = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(overrun()), Math.max(0, budget - (Date.now() - started)));
      });
      try {
        result = await Promise.race([running, overran]);
      } finally {
        clearTimeout(timer);
      }
    }
  }
  const read = readReply(result);
  if ("problem" in read) throw new HookFailure(read.problem);
  return result as HandlerResult;
}

/**
 * The answer to a failure: a non-blocking error (exit 1, the message on
 * stderr), or for a fail-closed hook a deny or block carrying the message.
 */
export async function refuse(definition: HookDefinition<HookEventName, string>, agent: AgentName | null, problem: string, stack?: string, targets: readonly AnswerTarget[] = []): Promise<HookOutcome> {
  const event: string = definition.event;
  const stderr = `${PREFIX}: ${event} hook: ${problem}\n${stack === undefined ? "" : `${stack}\n`}`;
  if (definition.failClosed !== true) return { agent, exit: 1, stdout: "", stderr: `${stderr}(non-blocking: the agent goes on as if the hook had not answered; define the hook with failClosed: true to deny instead)\n` };
  const oneLine = problem.replace(/\s+/g, " ").trim();
  const reason = `Hook failed closed: ${oneLine.length > 500 ? `${oneLine.slice(0, 500)}…` : oneLine}`;
  const intent: HookIntent | null = includes(DECISION_EVENTS, event) || event === "PermissionRequest" ? { decision: "deny", reason } : includes(BLOCK_EVENTS, event) ? { block: true, reason } : null;
  // the agents that may run the hook, in their own event names (the call's), else the one agent told
  const to: readonly AnswerTarget[] = targets.length > 0 ? targets : [{ agent: agent ?? DETECTION_DEFAULT, event }];
  if (intent !== null) {
    try {
      const written = await writeForAll(to, intent);
      if (written === undefined) throw new Error("no writer");
      if (written.ok) return { agent, ...written.answer, stderr };
    } catch {
      // the writer did not load or threw (a broken install): the exit-2 deny below still holds
    }
  }
  // no way to say deny in this agent's words (or the event cannot block, or the writer failed): exit 2, which the agents read as a block
  return { agent, exit: 2, stdout: "", stderr };
}
