/**
 * Defining a hook: what it answers (its event and tools), how it fails, and
 * its handler. `defineHook` checks the definition once; `runHook`
 * (./process.ts) runs it as the hook process.
 */
import type { AgentName } from "../core/agents.js";
import type { WrittenAnswer } from "../core/intent.js";
import type { Answers, Reply } from "./answers.js";
import { handle, refuse, type CallWatcher } from "./handle.js";
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
  /** Time budget of `run` in ms; past it the hook answers as on a crash. Default: none, 50 000 when `failClosed` (under the agent's kill). */
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
  handle(stdin: string, watcher?: CallWatcher): Promise<HookOutcome>;
  /** The answer to a failure outside the handler (unreadable stdin): as on a crash. */
  fail(problem: string): Promise<HookOutcome>;
}

export interface HookOutcome extends WrittenAnswer {
  /** The agent the input came from. */
  readonly agent: AgentName | null;
}

/** Defines a hook; `runHook(hook)` runs it as a process. */
export function defineHook<E extends HookEventName, const T extends AnyTool = AnyTool>(definition: HookDefinition<E, T>): Hook<E, T> {
  const loose = definition as unknown as HookDefinition<HookEventName, string>;
  return { definition, handle: (stdin, watcher) => handle(loose, stdin, watcher), fail: (problem) => refuse(loose, null, problem) };
}
