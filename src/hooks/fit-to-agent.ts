/**
 * The answer as the agent that runs the hook can honour it: the Stop guard,
 * then each answer the agent does not enforce on its event (the capability
 * data, generated/kit/agents.ts) degraded by DEGRADE_POLICY with a note for
 * stderr, or refused (policy `refuse`, or a hook defined `unsupported: "strict"`);
 * and a note for each answer whose claim no recording shows (unverified).
 */
import type { AgentName } from "../core/agents.js";
import type { AnswerKind } from "../core/capabilities.js";
import { KIT_DEGRADE_POLICY as DEGRADE_POLICY } from "../../generated/kit/agents.js";
import type { HookIntent } from "../core/intent.js";
import type { JsonObject } from "../json/value.js";
import { supportOf, unverifiedOf } from "./agent-names.js";
import type { HookDefinition } from "./define.js";
import { STOP_EVENTS } from "./events.js";
import type { HookEventName } from "./types.js";

/** The Stop guard: no second block while the agent is already continuing because of a Stop hook, unless the hook opts out. */
export function guardStop(definition: HookDefinition<HookEventName, string>, input: JsonObject, intent: HookIntent, notes: string[]): HookIntent {
  if (!(STOP_EVENTS as readonly string[]).includes(definition.event) || definition.stopGuard === false || input["stop_hook_active"] !== true || intent.block !== true) return intent;
  notes.push("stop_hook_active is true: the block is not given again, so the agent can stop (define the hook with stopGuard: false to block again)");
  const { block: _block, reason: _reason, ...rest } = intent;
  return rest;
}

/** The answer kinds an intent says (src/core/capabilities.ts's vocabulary). */
function kindsOf(intent: HookIntent): AnswerKind[] {
  const kinds: AnswerKind[] = [];
  if (intent.decision === "deny" || intent.decision === "ask") kinds.push(intent.decision);
  if (intent.decision === "allow") kinds.push(intent.updatedInput === undefined ? "allow" : "rewrite");
  if (intent.context !== undefined) kinds.push("context");
  if (intent.block === true) kinds.push("block");
  if (intent.stop !== undefined) kinds.push("stop");
  if (intent.userMessage !== undefined) kinds.push("message");
  return kinds;
}

/** The intent without what `kind` says. */
function without(intent: HookIntent, kind: AnswerKind): HookIntent {
  const { decision, updatedInput, reason, context, block, stop, userMessage, ...rest } = intent;
  const keep: { -readonly [K in keyof HookIntent]?: HookIntent[K] } = { ...rest };
  const decides = kind === "deny" || kind === "ask" || kind === "allow" || kind === "rewrite";
  if (!decides && decision !== undefined) keep.decision = decision;
  if (!decides && updatedInput !== undefined) keep.updatedInput = updatedInput;
  if (context !== undefined && kind !== "context") keep.context = context;
  if (block !== undefined && kind !== "block") keep.block = block;
  if (stop !== undefined && kind !== "stop") keep.stop = stop;
  if (userMessage !== undefined && kind !== "message") keep.userMessage = userMessage;
  if (reason !== undefined && (keep.decision !== undefined || keep.block === true)) keep.reason = reason;
  return keep;
}

/**
 * The note for an answer the kit writes (or leaves out) on a claim no recorded vector shows (basis `docs` or
 * `binary`): the answer is written all the same, but what the agent does with it is unverified, and the hook's
 * author is told so rather than left to take the claim for what the agent does. Undefined for a recorded claim.
 */
function unverifiedNote(agentName: string, agent: AgentName, ownEvent: string, kind: AnswerKind): string | undefined {
  const claim = unverifiedOf(agent, ownEvent, kind);
  if (claim === undefined) return undefined;
  const [support, as] = claim.level.split(">");
  const source = claim.basis === "docs" ? "its documents" : claim.basis === "binary" ? "its shipped code" : claim.basis;
  return `${kind} on ${ownEvent} is unverified: no recording shows what ${agentName} does with it (the claim "${support}${as === undefined ? "" : ` as ${as}`}" rests on ${source} only; claude-hook-protocol capabilities --agent ${agent})`;
}

/**
 * The intent as the agent can honour it on its `ownEvent`
 * (claude-hook-protocol/capabilities): each answer it does not enforce is
 * degraded by DEGRADE_POLICY with a note, or refused (policy `refuse`, or
 * the hook is `unsupported: "strict"`).
 */
export function fitToAgent(definition: HookDefinition<HookEventName, string>, agentName: string, agent: AgentName, ownEvent: string, intent: HookIntent): { readonly intent: HookIntent; readonly notes: readonly string[] } | { readonly refused: string } {
  const notes: string[] = [];
  // every claim the answer rests on that no recording shows, said after the degradations
  const unverified: string[] = [];
  const rests = (kind: AnswerKind): void => {
    const note = unverifiedNote(agentName, agent, ownEvent, kind);
    if (note !== undefined && !unverified.includes(note)) unverified.push(note);
  };
  let fitted = intent;
  for (const kind of kindsOf(intent)) {
    const claim = supportOf(agent, ownEvent, kind);
    rests(kind);
    if (claim === undefined || claim.support === "enforced") continue;
    const says = `${agentName} does not honour ${kind} on ${ownEvent} (${claim.support}${claim.as === undefined ? "" : ` as ${claim.as}`}; claude-hook-protocol capabilities --agent ${agent})`;
    const policy = DEGRADE_POLICY[kind];
    if (definition.unsupported === "strict") return { refused: `${says}; the hook is strict` };
    if (policy === "refuse") return { refused: `${says}; a ${kind} is never dropped` };
    fitted = without(fitted, kind);
    if (policy === "nothing") {
      notes.push(`${says}: left out of the answer`);
      continue;
    }
    const instead = supportOf(agent, ownEvent, policy);
    if (instead !== undefined && instead.support !== "enforced") return { refused: `${says}, nor ${policy}` };
    rests(policy);
    // ask -> deny: a deny needs a reason under some agents (an agent may refuse one without)
    fitted = { ...fitted, decision: policy === "deny" ? "deny" : fitted.decision, reason: intent.reason ?? `${kind} is not supported by ${agentName}: denied` } as HookIntent;
    notes.push(`${says}: answered ${policy} instead`);
  }
  return { intent: fitted, notes: [...notes, ...unverified] };
}
