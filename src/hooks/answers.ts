/**
 * The answers a hook can give, as helpers typed per event: a PreToolUse hook
 * is offered allow/deny/ask/rewrite/addContext, a Stop hook block ("keep
 * working"), a SessionStart hook addContext, and so on. Each helper builds a
 * {@link Reply}: an agent-neutral intent (src/core/intent.ts) that the kit
 * writes in the dialect of the agent that ran the hook.
 */
import type { HookIntent } from "../core/intent.js";
import type { JsonObject } from "../json/value.js";
import type { BlockEvent, ContextEvent, DecisionEvent, RewriteEvent } from "./events.js";
import type { HookEventName } from "./types.js";
import type { ToolInputOf } from "./tool-inputs.js";

/** One answer. Combine several with `and` (`answer.deny("no").and(answer.message("blocked rm -rf"))`). */
export interface Reply {
  readonly intent: HookIntent;
  /** This answer with `other`'s parts added (`other` wins where both say something). */
  and(other: Reply): Reply;
}

function reply(intent: HookIntent): Reply {
  return {
    intent,
    and(other: Reply): Reply {
      return reply({ ...intent, ...other.intent });
    },
  };
}

/** Only the parts that are set: an intent lists what the answer says. */
function parts(intent: { [K in keyof HookIntent]?: HookIntent[K] | undefined }): HookIntent {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(intent)) if (value !== undefined) out[key] = value;
  return out as HookIntent;
}

/** Answers every event takes. */
export interface CommonAnswers {
  /** Say nothing: the agent goes on as without the hook (same as returning nothing). */
  nothing(): Reply;
  /** End the agent's loop (`continue: false`), with a reason shown to the user. */
  stop(reason?: string): Reply;
  /** A message shown to the user (`systemMessage`). */
  message(text: string): Reply;
}

export interface ContextAnswers {
  /** Text added to the model's context. */
  addContext(text: string): Reply;
}

export interface BlockAnswers {
  /** Block what the event can block; the reason goes to the model (Stop: it keeps working with it). */
  block(reason: string): Reply;
}

export interface DecisionAnswers {
  /** Let the call go ahead without asking the user. */
  allow(reason?: string): Reply;
  /** Refuse the call; the model gets the reason. */
  deny(reason: string): Reply;
  /** Ask the user; they see the reason. */
  ask(reason?: string): Reply;
}

export interface RewriteAnswers<Input> {
  /**
   * Allow the call with `input` instead of the model's (the whole input). The
   * kit checks it against the tool's schema as Claude Code does: a rewrite
   * Claude Code would refuse is an error of the hook, never written.
   */
  rewrite(input: Input, reason?: string): Reply;
}

export interface PermissionRequestAnswers<Input> {
  /** Grant the permission, optionally with a rewritten input. */
  allow(options?: { readonly updatedInput?: Input }): Reply;
  /** Refuse the permission; the model gets the message. */
  deny(message?: string): Reply;
}

/** The helpers a hook of event `E` (for tools `T`) is offered. */
export type Answers<E extends HookEventName, T extends string = string> = CommonAnswers &
  (E extends ContextEvent ? ContextAnswers : unknown) &
  (E extends BlockEvent ? BlockAnswers : unknown) &
  (E extends DecisionEvent ? DecisionAnswers : unknown) &
  (E extends RewriteEvent ? RewriteAnswers<ToolInputOf<T>> : unknown) &
  (E extends "PermissionRequest" ? PermissionRequestAnswers<ToolInputOf<T>> : unknown);

/**
 * Every helper at run time; the types above offer each event its own. A
 * helper called where the event does not take it (from plain JavaScript) is
 * refused when the answer is written, naming what the agent cannot say.
 */
export function allAnswers(event: string): CommonAnswers & ContextAnswers & BlockAnswers & DecisionAnswers & RewriteAnswers<JsonObject> & {
  allow(options?: string | { readonly updatedInput?: JsonObject }): Reply;
  deny(reason?: string): Reply;
} {
  return {
    nothing: () => reply({}),
    stop: (reason?: string) => reply({ stop: parts({ reason }) }),
    message: (text: string) => reply({ userMessage: text }),
    addContext: (text: string) => reply({ context: text }),
    block: (reason: string) => reply({ block: true, reason }),
    allow: (options?: string | { readonly updatedInput?: JsonObject }) =>
      event === "PermissionRequest" && typeof options === "object"
        ? reply(parts({ decision: "allow", updatedInput: options.updatedInput }))
        : reply(parts({ decision: "allow", reason: typeof options === "string" ? options : undefined })),
    deny: (reason?: string) => reply(parts({ decision: "deny", reason })),
    ask: (reason?: string) => reply(parts({ decision: "ask", reason })),
    rewrite: (input: JsonObject, reason?: string) => reply(parts({ decision: "allow", updatedInput: input, reason })),
  };
}
