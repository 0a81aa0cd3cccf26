/**
 * The answers a hook can give, as helpers typed per event: a PreToolUse hook
 * is offered allow/deny/ask/rewrite/addContext, a Stop hook block ("keep
 * working"), a SessionStart hook addContext, and so on. Each helper builds a
 * {@link Reply}: an agent-neutral intent (src/core/intent.ts) that the kit
 * writes in the dialect of the agent that ran the hook.
 */
import type { HookIntent } from "../core/intent.js";
import { deepFreeze, toNullPrototype, type JsonObject } from "../json/value.js";
import type { BlockEvent, ContextEvent, DecisionEvent, RewriteEvent } from "./events.js";
import type { HookEventName } from "./types.js";
import type { ToolInputOf } from "./tool-inputs.js";

/** One answer. Combine several with `and` (`answer.deny("no").and(answer.message("blocked rm -rf"))`). */
export interface Reply {
  readonly intent: HookIntent;
  /** This answer with `other`'s parts added (`other` wins where both say something). */
  and(other: Reply): Reply;
}

/**
 * What the kit knows of each Reply it built: the problem, when a helper was
 * given a value the agent would refuse (`deny(new Error())`: Claude Code
 * rejects a reason that is not a string and lets the call through). Such a
 * Reply is the hook's error when returned (a deny when it fails closed), never
 * a throw inside `run` and never an answer the agent rejects. A WeakMap, so
 * that only Replies built here count: an object shaped like one is not an
 * answer, and checking it runs none of its code.
 */
const BUILT = new WeakMap<Reply, string | null>();

function reply(intent: HookIntent, problem: string | null = null): Reply {
  const built: Reply = Object.freeze({
    // frozen all the way down, so that a Reply cannot change after it was built and checked
    // (a timer of the handler setting `reply.intent.updatedInput.command`)
    intent: deepFreeze(intent),
    and(other: Reply): Reply {
      const otherProblem = BUILT.get(other);
      if (otherProblem === undefined) return reply(intent, problem ?? "and(other): other is not an answer (use the answer helpers)");
      return reply({ ...intent, ...other.intent }, problem ?? otherProblem);
    },
  });
  BUILT.set(built, problem);
  return built;
}

/** A Reply that is the hook's error `problem` (a definition the kit refused). */
export function failedReply(problem: string): Reply {
  return reply({}, problem);
}

/**
 * What the handler returned, as the kit reads it: `{intent}` for nothing or a
 * Reply the kit built, else `{problem}`. Runs no code of the value.
 */
export function readReply(value: unknown): { readonly intent: HookIntent } | { readonly problem: string } {
  if (value === undefined || value === null) return { intent: {} };
  const problem = typeof value === "object" ? BUILT.get(value as Reply) : undefined;
  if (problem === undefined) return { problem: "the handler returned something that is not an answer (use the answer helpers, or return nothing)" };
  return problem === null ? { intent: (value as Reply).intent } : { problem };
}

/** The value a helper was given, for its problem message. */
function describe(value: unknown): string {
  if (typeof value === "string") return value.trim() === "" ? "an empty string" : "a string";
  if (value === null) return "null";
  if (typeof value === "object") return Array.isArray(value) ? "an array" : value instanceof Error ? "an Error object (pass error.message)" : "an object";
  return typeof value === "undefined" ? "nothing" : `a ${typeof value}`;
}

/**
 * How a helper's text is checked: `text` a string; `reason` a non-empty one
 * (the model or the user is shown it; an empty reason tells them nothing);
 * `optional-*` the same or nothing.
 */
type TextRule = "text" | "reason" | "optional-text" | "optional-reason";

/** The text of helper `helper`'s argument `name`, or its problem. */
function text(helper: string, name: string, value: unknown, rule: TextRule): { value: string | undefined; problem: string | null } {
  if (value === undefined && rule.startsWith("optional")) return { value: undefined, problem: null };
  const nonEmpty = rule.endsWith("reason");
  if (typeof value === "string" && (!nonEmpty || value.trim() !== "")) return { value, problem: null };
  return { value: undefined, problem: `answer.${helper}(${name}): the ${name} must be ${nonEmpty ? "a non-empty string" : "a string"}, got ${describe(value)}` };
}

/**
 * A tool input for a rewrite, copied as JSON when the answer is built (plain
 * data with null prototypes: no getter or toJSON runs after `run` returned),
 * or its problem.
 */
function toolInput(helper: string, value: unknown): { value: JsonObject | undefined; problem: string | null } {
  const problem = (what: string) => ({ value: undefined, problem: `answer.${helper}: the tool input must be a JSON object, ${what}` });
  if (value === null || typeof value !== "object" || Array.isArray(value)) return problem(`got ${describe(value)}`);
  let copy: unknown;
  try {
    copy = toNullPrototype(JSON.parse(JSON.stringify(value)) as unknown);
  } catch (error) {
    return problem(`but it cannot be written as JSON (${error instanceof Error ? error.message : "a value JSON cannot hold"})`);
  }
  return copy !== null && typeof copy === "object" && !Array.isArray(copy) ? { value: copy as JsonObject, problem: null } : problem("but its JSON is not an object");
}

/** A reply from the checked parts: the first problem, if any, makes it the hook's error. */
function checked(intent: { [K in keyof HookIntent]?: HookIntent[K] | undefined }, ...checks: { problem: string | null }[]): Reply {
  return reply(parts(intent), checks.find((check) => check.problem !== null)?.problem ?? null);
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
 * refused when the answer is written, naming what the agent cannot say. Each
 * checks its values when called: a value the agent would refuse makes the
 * Reply the hook's error (see {@link BUILT}).
 */
export function allAnswers(event: string): CommonAnswers & ContextAnswers & BlockAnswers & DecisionAnswers & RewriteAnswers<JsonObject> & {
  allow(options?: string | { readonly updatedInput?: JsonObject }): Reply;
  deny(reason?: string): Reply;
} {
  const permission = event === "PermissionRequest";
  return {
    nothing: () => reply({}),
    stop: (reason?: string) => {
      const why = text("stop", "reason", reason, "optional-text");
      return checked({ stop: parts({ reason: why.value }) }, why);
    },
    message: (message: string) => {
      const shown = text("message", "text", message, "text");
      return checked({ userMessage: shown.value }, shown);
    },
    addContext: (context: string) => {
      const added = text("addContext", "text", context, "text");
      return checked({ context: added.value }, added);
    },
    block: (reason: string) => {
      const why = text("block", "reason", reason, "reason");
      return checked({ block: true, reason: why.value }, why);
    },
    allow: (options?: string | { readonly updatedInput?: JsonObject }) => {
      if (permission && options !== undefined && typeof options !== "string") {
        if (options === null || typeof options !== "object") return reply({ decision: "allow" }, `answer.allow(options): options must be an object, got ${describe(options)}`);
        const given = (options as { readonly updatedInput?: unknown }).updatedInput;
        const input = given === undefined ? { value: undefined, problem: null } : toolInput("allow({updatedInput})", given);
        return checked({ decision: "allow", updatedInput: input.value }, input);
      }
      const why = text("allow", "reason", options, "optional-text");
      return checked({ decision: "allow", reason: why.value }, why);
    },
    // without a reason each agent's writer says its own default (`Blocked by hook`); a given one must say something
    deny: (reason?: string) => {
      const why = text("deny", permission ? "message" : "reason", reason, "optional-reason");
      return checked({ decision: "deny", reason: why.value }, why);
    },
    ask: (reason?: string) => {
      const why = text("ask", "reason", reason, "optional-text");
      return checked({ decision: "ask", reason: why.value }, why);
    },
    rewrite: (input: JsonObject, reason?: string) => {
      const copy = toolInput("rewrite(input)", input);
      const why = text("rewrite", "reason", reason, "optional-text");
      return checked({ decision: "allow", updatedInput: copy.value, reason: why.value }, copy, why);
    },
  };
}
