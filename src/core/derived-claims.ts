/**
 * The claims no recording shows, derived from the agent's own rows: what the dialect's answer
 * writer writes for an answer (nothing: `unsupported`) and what its event table's merge does with
 * that answer given alone (the level `shownSupport` reads from the effects). A capabilities file
 * says `fromEventTable(note)` for such a claim instead of a level, so the event table, the
 * capabilities and `validate --agent` (which merges by the same table) cannot disagree on it.
 * The claim stays unverified (`basis: "docs"`): the table's row is as good as what it rests on.
 * Nothing here names an agent.
 */
import { type AgentCapabilities, type AnswerKind, type CapabilityClaim } from "./capabilities.js";
import { shownSupport } from "./capability-evidence.js";
import type { Dialect } from "./dialect.js";
import type { HookIntent } from "./intent.js";
import { checkMergeRequest } from "./merge-request.js";

/** A claim whose level comes from the event table (see the module comment). */
export interface TableClaim {
  readonly fromEventTable: true;
  readonly note?: string;
}

/** A claim no recording shows, its level read from the agent's event table and answer writer. */
export function fromEventTable(note?: string): TableClaim {
  return note === undefined ? { fromEventTable: true } : { fromEventTable: true, note };
}

/** A capabilities file as written: claims with a level, or levels to read from the event table. */
export interface AgentCapabilitiesSource extends Omit<AgentCapabilities, "events"> {
  readonly events: Readonly<Record<string, Partial<Readonly<Record<AnswerKind, CapabilityClaim | TableClaim>>>>>;
}

/** One answer of each kind, as the kit's helpers give it (the texts are placeholders). */
export const ANSWER_INTENTS: Readonly<Record<AnswerKind, HookIntent>> = Object.freeze({
  deny: { decision: "deny", reason: "R" },
  ask: { decision: "ask", reason: "R" },
  allow: { decision: "allow" },
  rewrite: { decision: "allow", updatedInput: { command: "x" } },
  context: { context: "C" },
  block: { block: true, reason: "R" },
  stop: { stop: { reason: "R" } },
  message: { userMessage: "M" },
});

const isTableClaim = (claim: CapabilityClaim | TableClaim): claim is TableClaim => "fromEventTable" in claim;

/** The level `dialect`'s rows give an answer of `kind` on `event`: the writer's refusal, or the merge of what it writes, alone. */
export function tableSupport(dialect: Dialect, event: string, kind: AnswerKind): Pick<CapabilityClaim, "support" | "as"> {
  const written = dialect.writeIntent?.(event, ANSWER_INTENTS[kind]);
  if (written === undefined || !written.ok) return { support: "unsupported" };
  const checked = checkMergeRequest(
    { event, input: { hook_event_name: event, tool_name: "Bash", tool_input: { command: "ls" } }, hooks: [{ command: "h", exit: written.answer.exit, stdout: written.answer.stdout, stderr: written.answer.stderr }] },
    dialect.requestExtensions,
  );
  if (!checked.ok) throw new Error(`${dialect.agent} ${event} ${kind}: the written answer is no merge request: ${checked.error.message}`);
  const shown = shownSupport(kind, written.answer.stdout, dialect.mergeRequest(checked.request).effects);
  return shown.as === undefined ? { support: shown.support } : { support: shown.support, as: shown.as };
}

/** `source` with every `fromEventTable` claim given the level `dialect`'s rows give it. */
export function deriveCapabilities(source: AgentCapabilitiesSource, dialect: Dialect): AgentCapabilities {
  const events = Object.fromEntries(
    Object.entries(source.events).map(([event, answers]) => [
      event,
      Object.fromEntries(
        (Object.entries(answers) as [AnswerKind, CapabilityClaim | TableClaim][]).map(([kind, claim]) => {
          if (!isTableClaim(claim)) return [kind, claim];
          const derived: CapabilityClaim = { ...tableSupport(dialect, event, kind), basis: "docs", vectors: [], ...(claim.note === undefined ? {} : { note: claim.note }) };
          return [kind, derived];
        }),
      ),
    ]),
  );
  return { ...source, events };
}
