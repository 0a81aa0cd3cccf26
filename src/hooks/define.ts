/**
 * Defining a hook: what it answers (its event and tools), how it fails, and
 * its handler. `defineHook` checks the definition once; `runHook`
 * (./process.ts) runs it as the hook process.
 */
import type { AgentName } from "../core/agents.js";
import type { WrittenAnswer } from "../core/intent.js";
import { displayNameOf, ownEvents } from "./agent-names.js";
import { DETECTION_DEFAULT } from "./agents.js";
import { failedReply, type Answers, type Reply } from "./answers.js";
import { handle, handlerBudget, refuse, type CallWatcher } from "./handle.js";
import type { AnyTool, HookEventName, HookInput } from "./types.js";

/** What the handler may return: a reply, or nothing (the same as `answer.nothing()`). */
export type HandlerResult = Reply | undefined | void;

export interface HookDefinition<E extends HookEventName, T extends string> {
  /** The event the hook answers; an input of another event is an error. */
  readonly event: E;
  /**
   * Tool events: the tools the hook is for, in Claude Code's names under
   * every agent (exact names, checked at compile time against the known
   * tools and `mcp__*`, or a RegExp for `mcp__github__.*`). Other tools get
   * no answer, without calling `run`. Their names type `input.tool_name` and
   * `input.tool_input`.
   */
  readonly tools?: readonly (T | RegExp)[];
  /** Deny (or block) when the hook crashes, overruns `timeoutMs` or cannot answer; default false (non-blocking error). */
  readonly failClosed?: boolean;
  /**
   * Time budget of `run` in ms, an integer from 1 to 2147483647 (Node's timer
   * limit); past it the hook answers as on a crash. Default: none, 50 000 when
   * `failClosed` (under the agent's kill).
   */
  readonly timeoutMs?: number;
  /**
   * An answer the agent that runs the hook does not honour on this event
   * (claude-hook-protocol/capabilities): `degrade` (default) answers by the
   * declared policy (ask -> deny; allow, context, stop, message dropped; a
   * deny, block or rewrite refused) and says so on stderr; `strict` refuses
   * any such answer as a failure of the hook.
   */
  readonly unsupported?: "degrade" | "strict";
  /**
   * Stop/SubagentStop: when the input says `stop_hook_active` (the agent is
   * already continuing because of a Stop hook), a block is not given again,
   * so the agent cannot loop forever; default true. `false` lets the handler
   * block again.
   */
  readonly stopGuard?: boolean;
  /** The handler: the typed input and the answers this event takes. May be async. */
  readonly run: (input: HookInput<E, T>, answer: Answers<E, T>) => HandlerResult | Promise<HandlerResult>;
}

export interface Hook<E extends HookEventName = HookEventName, T extends string = string> {
  readonly definition: HookDefinition<E, T>;
  /** Everything but the process I/O: stdin text -> the answer to print and the exit code. Never throws. */
  handle(stdin: string, watcher?: CallWatcher | HookWatcher): Promise<HookOutcome>;
  /** The answer to a failure outside the handler (unreadable stdin): as on a crash. */
  fail(problem: string): Promise<HookOutcome>;
}

/**
 * The hook process's side of a call (./process.ts): told when the hook takes
 * the call, and running the handler's synchronous part itself, so that it
 * sees what the handler leaves running after it (a promise, a timer).
 */
export interface HookWatcher extends CallWatcher {
  runHandler<R>(run: () => R): R;
}

export interface HookOutcome extends WrittenAnswer {
  /** The agent the input came from. */
  readonly agent: AgentName | null;
}

/** Node's timer limit: setTimeout fires after 1 ms for anything longer. */
const MAX_TIMEOUT_MS = 2 ** 31 - 1;
const PREFIX = "claude-hook-protocol/hooks";

type LooseDefinition = HookDefinition<HookEventName, string>;

/** What is wrong with a definition (from plain JavaScript, or cast), one line each. */
function definitionProblems(definition: LooseDefinition): string[] {
  const problems: string[] = [];
  const { event, tools, failClosed, timeoutMs, run } = definition;
  if (typeof event !== "string" || (event as string) === "") problems.push("event must be an event name such as \"PreToolUse\"");
  // a misspelt event (`PreTooluse`) would match no call, silently: a security hook that never runs
  else if (!ownEvents(DETECTION_DEFAULT).includes(event)) problems.push(`event ${JSON.stringify(event.slice(0, 100))} is not one of ${displayNameOf(DETECTION_DEFAULT)}'s events, whose names the kit takes for every agent (such as "PreToolUse")`);
  if (tools !== undefined && (!Array.isArray(tools) || !tools.every((tool) => typeof tool === "string" || tool instanceof RegExp))) problems.push("tools must be a list of tool names and RegExps");
  if (failClosed !== undefined && typeof failClosed !== "boolean") problems.push("failClosed must be true or false");
  if (timeoutMs !== undefined && !(typeof timeoutMs === "number" && Number.isInteger(timeoutMs) && timeoutMs >= 1 && timeoutMs <= MAX_TIMEOUT_MS)) {
    problems.push(`timeoutMs must be a whole number of milliseconds from 1 to ${MAX_TIMEOUT_MS} (Node's timer limit), got ${typeof timeoutMs === "number" ? String(timeoutMs) : typeof timeoutMs}`);
  }
  if (typeof run !== "function") problems.push("run must be a function");
  return problems;
}

/**
 * The hook an invalid definition stands for: it says what is wrong on stderr
 * now, and answers every call it would handle with that error (a deny or a
 * block unless `failClosed` is false or absent), so that a mistake in a
 * security hook denies rather than crashing at import (a crash fails open).
 */
function brokenHook(definition: LooseDefinition | null, problems: readonly string[]): LooseDefinition {
  const problem = `the hook's definition is invalid: ${problems.join("; ")}`;
  process.stderr.write(`${PREFIX}: ${problem}\n`);
  const failClosed = definition === null || (definition.failClosed !== undefined && definition.failClosed !== false);
  const event = definition !== null && typeof definition.event === "string" ? definition.event : "";
  const tools = definition !== null && Array.isArray(definition.tools) && definition.tools.every((tool) => typeof tool === "string" || tool instanceof RegExp) ? definition.tools : undefined;
  return { event: event as HookEventName, ...(tools === undefined ? {} : { tools }), failClosed, run: () => failedReply(problem) };
}

/** The definition as `handle` runs it: the handler's synchronous part run by the process's watcher, when there is one. */
function watched(definition: LooseDefinition, watcher: CallWatcher | HookWatcher | undefined): LooseDefinition {
  if (watcher === undefined || !("runHandler" in watcher)) return definition;
  return { ...definition, run: (input, answer) => watcher.runHandler(() => definition.run(input, answer)) };
}

/** How each defined hook fails, as checked (for the hook process, ./process.ts). */
const POLICIES = new WeakMap<Hook, { readonly failClosed: boolean; readonly budgetMs: number | undefined }>();

/** Whether `hook` fails closed and its handler's budget (ms), after the definition's checks. */
export function failurePolicy(hook: Hook): { readonly failClosed: boolean; readonly budgetMs: number | undefined } {
  return POLICIES.get(hook) ?? { failClosed: false, budgetMs: undefined };
}

/**
 * The definition's fields read once (a getter runs once; `tools` copied), so
 * that what was checked is what runs: a `failClosed` getter that answers
 * true, then false, or a `tools` list emptied after `defineHook`, cannot
 * change how a call is judged or failed.
 */
function snapshot(definition: LooseDefinition | null): LooseDefinition | null {
  if (definition === null || typeof definition !== "object") return definition;
  const { event, tools, failClosed, timeoutMs, unsupported, stopGuard, run } = definition;
  const copy: Record<string, unknown> = { event, failClosed, timeoutMs, unsupported, stopGuard, run };
  copy["tools"] = Array.isArray(tools) ? Object.freeze([...(tools as unknown[])]) : tools;
  for (const key of Object.keys(copy)) if (copy[key] === undefined) delete copy[key];
  return Object.freeze(copy) as unknown as LooseDefinition;
}

/** Defines a hook; `runHook(hook)` runs it as a process. An invalid definition is reported, never thrown: see {@link brokenHook}. */
export function defineHook<E extends HookEventName, const T extends AnyTool = AnyTool>(definition: HookDefinition<E, T>): Hook<E, T> {
  let loose: LooseDefinition;
  try {
    const given = snapshot(definition as unknown as LooseDefinition);
    const problems = given !== null && typeof given === "object" ? definitionProblems(given) : ["defineHook needs an object { event, run, ... }"];
    loose = problems.length === 0 && given !== null ? given : brokenHook(given !== null && typeof given === "object" ? given : null, problems);
  } catch {
    loose = brokenHook(null, ["its fields cannot be read"]);
  }
  const hook: Hook<E, T> = { definition, handle: (stdin, watcher) => handle(watched(loose, watcher), stdin, watcher), fail: (problem) => refuse(loose, null, problem) };
  POLICIES.set(hook as unknown as Hook, { failClosed: loose.failClosed === true, budgetMs: handlerBudget(loose) });
  return hook;
}
