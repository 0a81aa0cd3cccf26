/**
 * One hook answer, judged by several agents: for each dialect, what that
 * agent does with the answer if it were the only hook of the event (its
 * merged result and effects), whether it takes the answer as given, and
 * where it parts from the reference agent in a way that matters (a deny that
 * becomes a run, a rewrite that is dropped). Names no agent: the dialects and
 * the reference are parameters.
 */
import type { AgentName } from "./agents.js";
import type { Dialect, Divergence, HookAnswer } from "./dialect.js";
import { singleHookRequest } from "./merge-request.js";
import type { MergedResult, MergeEffects, RunRecord } from "./records.js";
import type { JsonObject } from "../json/value.js";

/** An answer written for the protocol's canonical (Claude Code) event names. */
export interface CanonicalAnswer {
  /** The canonical event name (`PreToolUse`); each agent's own event is found through its table's `canonical`. */
  readonly event: string;
  readonly exit: number;
  readonly stdout: string;
  readonly stderr: string;
  /** The event input (`tool_name`, `tool_input`, `prompt`, ...). */
  readonly input?: JsonObject;
}

export interface AgentJudgement {
  readonly agent: AgentName;
  readonly displayName: string;
  readonly version: string;
  /** The agent's own event for the answer's event; null when it has none (nothing runs). */
  readonly event: string | null;
  /** The agent takes the answer as given: no parse or validation error, the hook did not fail. */
  readonly accepted: boolean;
  /** The agent's own texts about the answer (validation, parse, non-blocking and blocking errors). */
  readonly problems: readonly string[];
  readonly record: RunRecord | null;
  readonly effects: MergeEffects | null;
  /** Where the agent parts from the reference, and the dialect's own lints. */
  readonly divergences: readonly Divergence[];
}

/** The agent's event that copies `canonical`, or null. */
export function agentEventFor(dialect: Dialect, canonical: string): string | null {
  return dialect.events.find((event) => event.canonical === canonical)?.name ?? null;
}

function problemsOf(record: RunRecord): string[] {
  const texts = [record.validation_error, record.non_blocking_error, record.outcome === "error" ? record.message : null].filter(
    (text): text is string => typeof text === "string" && text !== "",
  );
  // one text often quotes another (`error: <the validation text>`): keep the shortest wording of each
  return texts.filter((text, i) => !texts.some((other, j) => j !== i && text.includes(other) && (other !== text || j < i)));
}

/** Effects differences that change what happens, worded for the author of the answer. */
function effectDivergences(name: string, effects: MergeEffects, reference: MergeEffects, referenceName: string): Divergence[] {
  const out: Divergence[] = [];
  const refStops = reference.decision === "deny" || reference.decision === "defer" || reference.blocked;
  const stops = effects.decision === "deny" || effects.decision === "defer" || effects.blocked;
  if (refStops && !stops) {
    out.push({ code: "fails-open", message: `${name}: fails open: what ${referenceName} blocks goes ahead here` });
  } else if (!refStops && stops) {
    out.push({ code: "fails-closed", message: `${name}: blocks what ${referenceName} lets through` });
  } else if (effects.decision !== reference.decision) {
    out.push({ code: "decision", message: `${name}: decides ${effects.decision ?? "nothing"} where ${referenceName} decides ${reference.decision ?? "nothing"}` });
  }
  const anyStop = stops || refStops || effects.stopped || reference.stopped;
  if (JSON.stringify(effects.tool_input) !== JSON.stringify(reference.tool_input) && !anyStop) {
    out.push({ code: "tool-input", message: `${name}: the tool runs with other input than under ${referenceName}` });
  }
  if (effects.stopped !== reference.stopped) {
    out.push({ code: "stop", message: `${name}: ${effects.stopped ? "stops" : "does not stop"} the agent loop, unlike ${referenceName}` });
  }
  return out;
}

/**
 * Judge `answer` under each dialect. The first dialect is the reference the
 * others are compared with, unless `reference` names another.
 */
export function judgeAcrossAgents(answer: CanonicalAnswer, dialects: readonly Dialect[], reference?: AgentName): AgentJudgement[] {
  const merged = new Map<AgentName, MergedResult | null>();
  for (const dialect of dialects) {
    const event = agentEventFor(dialect, answer.event);
    merged.set(dialect.agent, event === null ? null : dialect.mergeRequest(singleHookRequest(event, answer, answer.input)));
  }
  const referenceDialect = dialects.find((d) => d.agent === reference) ?? dialects[0];
  const referenceEffects = referenceDialect === undefined ? null : (merged.get(referenceDialect.agent)?.effects ?? null);
  return dialects.map((dialect): AgentJudgement => {
    const event = agentEventFor(dialect, answer.event);
    const result = merged.get(dialect.agent) ?? null;
    const record = result?.runs[0] ?? null;
    const problems = record === null ? [] : problemsOf(record);
    const name = `${dialect.displayName}`;
    const divergences: Divergence[] = [];
    if (event === null) divergences.push({ code: "no-event", message: `${name}: has no ${answer.event} event; the hook never runs` });
    if (result !== null && referenceEffects !== null && referenceDialect !== undefined && dialect !== referenceDialect) {
      divergences.push(...effectDivergences(name, result.effects, referenceEffects, referenceDialect.displayName));
    }
    if (event !== null && dialect.divergences !== undefined) {
      const own: HookAnswer = { event, exit: answer.exit, stdout: answer.stdout, stderr: answer.stderr, ...(answer.input !== undefined ? { input: answer.input } : {}) };
      const lints = dialect.divergences(own);
      // the dialect's own lint says why: it replaces the comparison's line of the same code
      const generic = divergences.filter((x) => !lints.some((d) => d.code === x.code));
      divergences.length = 0;
      divergences.push(...generic, ...lints.filter((d, i) => lints.findIndex((x) => x.code === d.code && x.message === d.message) === i));
    }
    return {
      agent: dialect.agent,
      displayName: dialect.displayName,
      version: dialect.version,
      event,
      accepted: event !== null && problems.length === 0 && record?.validation_error === null,
      problems,
      record,
      effects: result?.effects ?? null,
      divergences,
    };
  });
}
