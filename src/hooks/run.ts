/**
 * Defining and running a hook: read stdin, check it, call the author's
 * handler within its time budget, write exactly one answer in the dialect of
 * the agent that ran it, set the exit code.
 *
 * What goes wrong is never silent: a crash, a budget overrun, bad stdin or an
 * answer the agent would refuse becomes a clear message on stderr and a
 * non-blocking error (exit 1: the agent goes on as without the hook), or, for
 * a hook defined `failClosed`, a deny (or a block) with that message as the
 * reason, so a security hook cannot fail open.
 */
import type { AgentName } from "../core/agents.js";
import type { HookIntent, WrittenAnswer } from "../core/intent.js";
import { isJsonObject, toNullPrototype, type JsonObject } from "../json/value.js";
import { allAnswers, type Answers, type Reply } from "./answers.js";
import { AGENT_DISPLAY_NAMES, answerWriter, detectAgent } from "./agents.js";
import { BLOCK_EVENTS, DECISION_EVENTS, REWRITE_EVENTS, TOOL_EVENTS } from "./events.js";
import type { AnyTool, HookEventName, HookInput } from "./types.js";

/** What the handler may return: a reply, or nothing (the same as `answer.nothing()`). */
export type HandlerResult = Reply | undefined | void;

export interface HookDefinition<E extends HookEventName, T extends string> {
  /** The event the hook answers; an input of another event is an error. */
  readonly event: E;
  /**
   * Tool events: the tools the hook is for (exact names, or a RegExp for
   * `mcp__github__.*`). Other tools get no answer, without calling `run`.
   * Their names type `input.tool_name` and `input.tool_input`.
   */
  readonly tools?: readonly (T | RegExp)[];
  /** Deny (or block) when the hook crashes, overruns `timeoutMs` or cannot answer; default false (non-blocking error). */
  readonly failClosed?: boolean;
  /** Time budget of `run` in ms; past it the hook answers as on a crash. Default: none, 50 000 when `failClosed` (under the agent's kill). */
  readonly timeoutMs?: number;
  /** The handler: the typed input and the answers this event takes. May be async. */
  readonly run: (input: HookInput<E, T>, answer: Answers<E, T>) => HandlerResult | Promise<HandlerResult>;
}

export interface Hook<E extends HookEventName = HookEventName, T extends string = string> {
  readonly definition: HookDefinition<E, T>;
  /** Everything but the process I/O: stdin text -> the answer to print and the exit code. Never throws. */
  handle(stdin: string): Promise<HookOutcome>;
  /** The answer to a failure outside the handler (unreadable stdin): as on a crash. */
  fail(problem: string): Promise<HookOutcome>;
}

export interface HookOutcome extends WrittenAnswer {
  /** The agent the input came from. */
  readonly agent: AgentName | null;
}

/** Defines a hook; `run(hook)` (or `runHook`) runs it as a process. */
export function defineHook<E extends HookEventName, const T extends string = AnyTool>(definition: HookDefinition<E, T>): Hook<E, T> {
  const loose = definition as unknown as HookDefinition<HookEventName, string>;
  return { definition, handle: (stdin) => handle(loose, stdin), fail: (problem) => refuse(loose, null, problem) };
}

const DEFAULT_FAIL_CLOSED_BUDGET_MS = 50_000;
const MAX_STDIN_BYTES = 64 * 1024 * 1024;
const PREFIX = "claude-hook-protocol/hooks";

class HookFailure extends Error {}

function includes(list: readonly string[], value: string): boolean {
  return list.includes(value);
}

function toolMatches(tools: readonly (string | RegExp)[], name: string): boolean {
  return tools.some((tool) => (typeof tool === "string" ? tool === name : new RegExp(`^(?:${tool.source})$`, tool.flags.replace(/[gy]/g, "")).test(name)));
}

async function handle(definition: HookDefinition<HookEventName, string>, stdin: string): Promise<HookOutcome> {
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
    const input = parsed as JsonObject;
    const detected = detectAgent(input);
    agent = detected.agent;
    const loadWriter = answerWriter(agent);
    if (loadWriter === undefined) {
      const name = AGENT_DISPLAY_NAMES[agent];
      return refuse(definition, agent, `this input comes from ${name} (${detected.because}); answering ${name} is not supported yet`);
    }
    if (input["hook_event_name"] !== event) {
      throw new HookFailure(`the hook is defined for ${event} but got ${JSON.stringify(input["hook_event_name"] ?? null)}`);
    }
    const toolName = input["tool_name"];
    if (includes(TOOL_EVENTS, event)) {
      if (typeof toolName !== "string" || !isJsonObject(input["tool_input"])) throw new HookFailure(`a ${event} input needs a string tool_name and an object tool_input`);
      if (definition.tools !== undefined && !toolMatches(definition.tools, toolName)) return { agent, exit: 0, stdout: "", stderr: "" };
    }
    const result = await withinBudget(definition, () => definition.run(input as never, allAnswers(event) as never));
    const intent: HookIntent = result === undefined || result === null ? {} : (result as Reply).intent;
    if (intent === undefined) throw new HookFailure("the handler returned something that is not an answer (use the answer helpers)");
    if (intent.updatedInput !== undefined && includes(REWRITE_EVENTS, event) && typeof toolName === "string" && agent === "claude-code") {
      const { checkToolInput } = await import("../claude-code/tool-input-check.js");
      const check = checkToolInput(toolName, intent.updatedInput);
      if (!check.ok) throw new HookFailure(`the rewrite fails the ${toolName} tool's schema, so Claude Code would not run the tool and tell the model:\n${check.toolResult}`);
    }
    const written = (await loadWriter())(event, intent);
    if (!written.ok) throw new HookFailure(`the answer cannot be written: ${written.message}`);
    return { agent, ...written.answer };
  } catch (error) {
    if (error instanceof HookFailure) return refuse(definition, agent, error.message);
    return refuse(definition, agent, `the handler threw: ${String(error)}`, error instanceof Error ? error.stack : undefined);
  }
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
async function refuse(definition: HookDefinition<HookEventName, string>, agent: AgentName | null, problem: string, stack?: string): Promise<HookOutcome> {
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

/** stdin as text, or null when it is over MAX_STDIN_BYTES. */
async function readStdin(): Promise<string | null> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of process.stdin as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_STDIN_BYTES) return null;
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString("utf8");
}

/**
 * Runs `hook` as the hook process: stdin -> one answer on stdout, messages on
 * stderr, the exit code; then exits (a handler left running past its budget
 * does not keep the process alive).
 */
export async function runHook<E extends HookEventName, T extends string>(hook: Hook<E, T>): Promise<void> {
  const stdin = await readStdin();
  const outcome = stdin === null ? await hook.fail(`stdin is over ${MAX_STDIN_BYTES} bytes`) : await hook.handle(stdin);
  if (outcome.stderr !== "") process.stderr.write(outcome.stderr);
  process.stdout.write(outcome.stdout, () => process.exit(outcome.exit));
}
