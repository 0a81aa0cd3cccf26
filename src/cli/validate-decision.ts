/**
 * The decision of `validate --agent A[,B...]|all`, as a pure function: one
 * hook answer judged by each named dialect, where one lets through what
 * the reference agent (the default) enforces, which claims it rests on are unverified, and the exit
 * code. The CLI (src/cli/validate.ts) and the page (site/src/page.ts) both
 * call it, so they cannot disagree. Reads no file and no process state.
 */
import { DEFAULT_AGENT, type AgentName } from "../core/agents.js";
import { capabilitiesOf } from "../agent-capabilities.js";
import type { AnswerKind } from "../core/capabilities.js";
import type { Dialect } from "../core/dialect.js";
import { judgeAcrossAgents, type AgentJudgement, type CanonicalAnswer } from "../core/judge.js";
import type { MergeEffects } from "../core/records.js";
import { dialectOf } from "../dialects.js";

export interface AcrossAgentsReport {
  readonly event: string;
  /** Every named agent takes the output as given. */
  readonly accepted: boolean;
  readonly agents: readonly AgentJudgement[];
  /**
   * The named agents that let through what the reference agent (the default)
   * enforces: a deny, ask or block that becomes a run, a stop that does not
   * stop, an event the agent does not have, or a dialect's own fails-open
   * lint. Non-empty: `validate --agent` exits 3, so CI can gate on it.
   */
  readonly lets_through: readonly { readonly agent: AgentName; readonly why: string }[];
  /**
   * The named agents' claims about this answer that no recording shows (basis `docs` or
   * `binary`): said, never taken for what the agent does. They do not change the exit code.
   */
  readonly unverified: readonly { readonly agent: AgentName; readonly why: string }[];
}

/** The answer keeps something from happening: a deny, ask or defer, a block, or a stop. */
function enforces(effects: MergeEffects): boolean {
  return effects.decision === "deny" || effects.decision === "ask" || effects.decision === "defer" || effects.blocked || effects.stopped;
}

/** The answers the reference enforces, in the capabilities' words: a deny or an ask (a decision), else a block; a stop beside either. */
function enforcedKinds(effects: MergeEffects): AnswerKind[] {
  const kinds: AnswerKind[] = [];
  if (effects.decision === "deny" || effects.decision === "ask") kinds.push(effects.decision);
  else if (effects.blocked) kinds.push("block");
  if (effects.stopped) kinds.push("stop");
  return kinds;
}

/** The answers a hook output says, in the capabilities' words (its keys anywhere; exit 2 a block). */
function saidKinds(answer: CanonicalAnswer): AnswerKind[] {
  const kinds = new Set<AnswerKind>(answer.exit === 2 ? ["block"] : []);
  let parsed: unknown;
  try {
    parsed = JSON.parse(answer.stdout);
  } catch {
    return [...kinds];
  }
  const pending: unknown[] = [parsed];
  for (let node = pending.pop(); node !== undefined; node = pending.pop()) {
    if (node === null || typeof node !== "object") continue;
    for (const [key, value] of Object.entries(node as Record<string, unknown>)) {
      if ((key === "permissionDecision" || key === "decision" || key === "behavior") && (value === "deny" || value === "ask" || value === "allow")) kinds.add(value);
      if (key === "decision" && value === "block") kinds.add("block");
      if (key === "updatedInput" || key === "modifiedArgs") kinds.add("rewrite");
      if (key === "additionalContext") kinds.add("context");
      if (key === "systemMessage") kinds.add("message");
      if (key === "continue" && value === false) kinds.add("stop");
      pending.push(value);
    }
  }
  return [...kinds];
}

/** What `agent`'s claims say about the answers `answer` gives, where no recording shows it. */
function unverifiedClaims(agent: AgentJudgement, answer: CanonicalAnswer): string[] {
  if (agent.event === null) return [];
  const claims = capabilitiesOf(agent.agent)?.events[agent.event];
  return saidKinds(answer).flatMap((kind) => {
    const claim = claims?.[kind];
    if (claim === undefined || claim.basis === "recorded") return [];
    return [`${agent.displayName}: a ${kind} on ${agent.event} is ${claim.support}${claim.as === undefined ? "" : ` as ${claim.as}`} by ${claim.basis === "docs" ? "its documents" : "its shipped code"} only: unverified, no recording shows it`];
  });
}

/** Support levels under which nothing the answer asks for happens. */
const LETS_THROUGH: ReadonlySet<string> = new Set(["ignored", "fails-open", "unsupported"]);

/**
 * Why `agent` lets through what `reference` enforces; null when it does not.
 * Beside the merge's effects, the agent's capabilities (src/<agent>/capabilities.ts)
 * count: an answer the agent ignores, refuses or cannot take on its event lets
 * the action through whatever one merge shows (an event the agent never fires,
 * a form the merge models but the agent does not honour).
 */
function letsThrough(agent: AgentJudgement, reference: AgentJudgement | undefined): string | null {
  const failsOpen = agent.divergences.find((d) => d.code === "fails-open");
  if (failsOpen !== undefined) return failsOpen.message;
  if (reference === undefined || reference.effects === null || !enforces(reference.effects)) return null;
  if (agent.event === null) return `${agent.displayName}: has no ${reference.event} event; what ${reference.displayName} enforces is dropped`;
  if (agent.effects !== null && !enforces(agent.effects)) return `${agent.displayName}: fails open: what ${reference.displayName} enforces goes ahead here`;
  const claims = capabilitiesOf(agent.agent)?.events[agent.event];
  for (const kind of enforcedKinds(reference.effects)) {
    const claim = claims?.[kind];
    if (claim !== undefined && LETS_THROUGH.has(claim.support)) {
      return `${agent.displayName}: a ${kind} on ${agent.event} is ${claim.support} (${claim.basis === "recorded" ? "recorded" : `${claim.basis}, unverified`}); what ${reference.displayName} enforces goes ahead here`;
    }
  }
  return null;
}

/**
 * `dialects`' judgements of `answer`, compared with `reference` (the default
 * agent, unless given), which is judged too when not named.
 */
export function judgeForCli(answer: CanonicalAnswer, dialects: readonly Dialect[], reference: AgentName = DEFAULT_AGENT): AcrossAgentsReport {
  const agents = judgeAcrossAgents(answer, dialects);
  const referenceDialect = dialectOf(reference);
  const named = agents.find((a) => a.agent === reference);
  const referenceJudgement = named ?? (referenceDialect === undefined ? undefined : judgeAcrossAgents(answer, [referenceDialect])[0]);
  const lets_through = agents.flatMap((a) => {
    const why = a.agent === reference ? null : letsThrough(a, referenceJudgement);
    return why === null ? [] : [{ agent: a.agent, why }];
  });
  const unverified = agents.flatMap((a) => unverifiedClaims(a, answer).map((why) => ({ agent: a.agent, why })));
  return { event: answer.event, accepted: agents.every((a) => a.accepted), agents, lets_through, unverified };
}

/** `validate --agent`'s exit code: 3 some agent lets through what the reference enforces, 1 some agent does not take the answer as given, 0 every one does. */
export type AcrossAgentsExit = 0 | 1 | 3;

export function acrossAgentsExit(report: AcrossAgentsReport): AcrossAgentsExit {
  return report.lets_through.length > 0 ? 3 : report.accepted ? 0 : 1;
}

export interface AcrossAgentsDecision {
  readonly report: AcrossAgentsReport;
  readonly exit: AcrossAgentsExit;
}

/** `validate --agent` on `answer` for `dialects`: the report and the exit code the command gives. */
export function decideAcrossAgents(answer: CanonicalAnswer, dialects: readonly Dialect[]): AcrossAgentsDecision {
  const report = judgeForCli(answer, dialects);
  return { report, exit: acrossAgentsExit(report) };
}
