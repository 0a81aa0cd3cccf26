/**
 * What an agent does with each answer a hook can give, as data: one claim per
 * agent × event × answer, each with its provenance (the recorded vectors that
 * show it, or the documents/binary it rests on). Each agent's claims live in
 * its folder (`src/<agent>/capabilities.ts`, shape {@link AgentCapabilities});
 * `npm run gen` writes them, with the names below, to `generated/kit/agents.json`
 * for the kit and for other languages. Types only: nothing here names an agent.
 */
import type { AgentName } from "./agents.js";

/** The answers a hook author gives (the kit's helpers), in the protocol's words. */
export const ANSWER_KINDS = Object.freeze(["deny", "ask", "allow", "rewrite", "context", "block", "stop", "message"] as const);
export type AnswerKind = (typeof ANSWER_KINDS)[number];

/**
 * How the agent honours an answer on an event:
 * `enforced` it does what the answer says; `degraded` it does something else
 * (`as`); `ignored` the output is read but this part changes nothing;
 * `fails-open` the answer is refused as an error and the action goes ahead;
 * `unsupported` the agent's protocol has no way to say it (the kit cannot write it).
 */
export const SUPPORT_LEVELS = Object.freeze(["enforced", "degraded", "ignored", "fails-open", "unsupported"] as const);
export type Support = (typeof SUPPORT_LEVELS)[number];

/** Where a claim comes from: recorded runs (vectors), the agent's documentation, or reading its shipped code. */
export type Basis = "recorded" | "docs" | "binary";

export interface CapabilityClaim {
  readonly support: Support;
  /** For `degraded`: what the agent does instead. */
  readonly as?: AnswerKind;
  readonly basis: Basis;
  /** `basis: "recorded"`: vector files (`test/vectors/merge/<agent>/<Event>/<rule>.json`) that show the claim; a test re-merges each. */
  readonly vectors: readonly string[];
  /** One line, when the level alone would mislead. */
  readonly note?: string;
}

/** A tool under the agent's own name and the Claude Code tool it is (the kit's hooks name tools in Claude Code's spelling). */
export interface ToolName {
  /** The name the agent's hook input carries (`run_shell_command`, `Execute`, `bash`). */
  readonly name: string;
  /** The Claude Code tool (`Bash`). */
  readonly canonical: string;
  /** Input fields spelled differently: Claude Code's field -> the agent's (`{ file_path: "path" }`). */
  readonly fields?: Readonly<Record<string, string>>;
  readonly basis: Basis;
}

/**
 * An agent's stdin in a second form without `hook_event_name` (camelCase
 * hooks, say): its keys spelled the Claude Code way, and which event an
 * input is, told by the keys it has.
 */
export interface NativeInputForm {
  /** The agent's key -> Claude Code's (`toolArgs` -> `tool_input`). */
  readonly keys: Readonly<Record<string, string>>;
  /** Each event of this form and the keys only its input has; the event whose keys are all present, the most of them, wins. */
  readonly events: readonly { readonly event: string; readonly keys: readonly string[] }[];
  /** A key every input of this form has and no other agent's input does (`sessionId`). */
  readonly marker: string;
}

/** One agent's capabilities file (`src/<agent>/capabilities.ts`). */
export interface AgentCapabilities {
  readonly agent: AgentName;
  /** The agent version the claims were measured on (its dialect's). */
  readonly version: string;
  /**
   * Later versions recorded again on the same scenarios whose recordings show these claims unchanged
   * (the dialect's `probe.alsoRecorded`; docs/versions.md). Absent: `version` only. A claim that differs
   * on one would need its own entry, keyed by that version; none does yet.
   */
  readonly alsoRecordedOn?: readonly string[];
  /** Tools whose name differs from Claude Code's (a tool not listed keeps its name). */
  readonly tools: readonly ToolName[];
  readonly nativeInput?: NativeInputForm;
  /** The agent's own event name -> answer -> claim. An answer the event does not take is absent. */
  readonly events: Readonly<Record<string, Partial<Readonly<Record<AnswerKind, CapabilityClaim>>>>>;
}

/**
 * What the kit does with an answer the agent does not honour on that event
 * (unless the hook says `unsupported: "strict"`, which refuses instead):
 * another answer, `nothing` (dropped, said on stderr), or `refuse` (the hook
 * fails: a non-blocking error, or a deny when it fails closed). A deny, a
 * block and a rewrite are never dropped.
 */
// frozen: the kit degrades by it, so no importer of the capabilities subpath may turn a deny's `refuse` into `nothing`
export const DEGRADE_POLICY: Readonly<Record<AnswerKind, AnswerKind | "nothing" | "refuse">> = Object.freeze({
  deny: "refuse",
  block: "refuse",
  rewrite: "refuse",
  ask: "deny",
  allow: "nothing",
  context: "nothing",
  stop: "nothing",
  message: "nothing",
});

/** A claim shown by recorded vectors (paths from the repository root). */
export function recorded(support: Support, vectors: readonly string[], more: { readonly as?: AnswerKind; readonly note?: string } = {}): CapabilityClaim {
  return { support, ...(more.as === undefined ? {} : { as: more.as }), basis: "recorded", vectors, ...(more.note === undefined ? {} : { note: more.note }) };
}

/** A claim from the agent's documentation or the dialect's documented rules (docs/<agent>.md), with no vector behind it yet. */
export function documented(support: Support, note?: string): CapabilityClaim {
  return note === undefined ? { support, basis: "docs", vectors: [] } : { support, basis: "docs", vectors: [], note };
}
