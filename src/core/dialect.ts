/**
 * What an agent's dialect gives the shared machinery (CLI, conformance line
 * protocols, cross-agent validation, runner front end). A dialect lives in
 * its own folder (`src/<agent>/`) with its schemas (`schemas/<agent>/`), one
 * typed table of its events, its reading rules, merge strategies and texts;
 * src/dialects.ts lists the dialects. Nothing here names an agent.
 */
import type { AgentName } from "./agents.js";
import type { AgentProbe } from "./agent-probe.js";
import type { ProtocolError } from "./errors.js";
import type { MergeRequest, RequestExtensions } from "./merge-request.js";
import type { MergedResult } from "./records.js";
import type { JsonObject } from "../json/value.js";
import type { HookIntent, WriteResult } from "./intent.js";

/** One event of a dialect, as the shared machinery sees it (the dialect's table holds the rest). */
export interface DialectEvent {
  /** The agent's own event name (`BeforeTool`, `preToolUse`, `PreToolUse`). */
  readonly name: string;
  /**
   * The protocol's canonical event it corresponds to: the Claude Code event
   * name the agent's event copies (`BeforeTool` -> `PreToolUse`), or null when
   * it has none.
   */
  readonly canonical: string | null;
  /** The input field a matcher is matched against (`tool_name`, `source`, ...), or null. */
  readonly matchField: string | null;
  /** One line on what the event is for. */
  readonly summary: string;
}

/** One hook's answer, to judge as if it were the only hook of its event. */
export interface HookAnswer {
  /** The agent's own event name. */
  readonly event: string;
  readonly exit: number;
  readonly stdout: string;
  readonly stderr: string;
  /** The event input the hook got (`tool_name`, `tool_input`, ...). */
  readonly input?: JsonObject;
}

/** Where this agent's reading of an answer differs from what an author may expect, said in one line. */
export interface Divergence {
  /** Stable code (`fails-open`, `ignored-field`, ...). */
  readonly code: string;
  readonly message: string;
}

export interface Dialect {
  readonly agent: AgentName;
  /** The agent's name as its own documentation writes it. */
  readonly displayName: string;
  /** The agent version every rule was measured on. */
  readonly version: string;
  /** How `doctor` finds the installed agent, reads its version and re-records (absent: doctor lists the agent as not probed). */
  readonly probe?: AgentProbe;
  /** Every event of the agent, from its event table, in its documentation order. */
  readonly events: readonly DialectEvent[];
  /** Keys this dialect adds to the merge request. */
  readonly requestExtensions?: RequestExtensions;
  /**
   * The hooks' raw results (completion order) -> the merged result with
   * `effects`. Takes a checked request (what `merge`, `checkMergeRequest` and
   * `parseMergeRequest` give; any other value is their error value): never
   * throws on what hooks print or exit with.
   */
  mergeRequest(request: MergeRequest): MergedResult;
  /**
   * Lints for one answer under this agent (cross-agent `validate`): what the
   * agent does that the author probably did not mean. Optional.
   */
  divergences?(answer: HookAnswer): readonly Divergence[];
  /** What one answer means under this agent (`event` is the agent's own), or null when it means nothing the intent can say. */
  readIntent?(answer: HookAnswer): HookIntent | null;
  /** The answer this agent understands as `intent` on its `event`, or the parts it cannot express. */
  writeIntent?(event: string, intent: HookIntent): WriteResult;
  /** Running configured hooks as the agent does; absent when the dialect has no runner yet. */
  readonly runner?: DialectRunner;
}

export interface DialectRunOptions {
  /** The agent's own event name. */
  readonly event: string;
  /** The event input (stdin) without the agent's own fields, which the runner adds. */
  readonly input: JsonObject;
  readonly projectDir: string;
  readonly homeDir: string;
  readonly env?: NodeJS.ProcessEnv;
  readonly signal?: AbortSignal;
}

export interface DialectRunOutcome {
  readonly merged: MergedResult;
  /** Problems in the agent's configuration (the hooks that could run still ran). */
  readonly problems: readonly ProtocolError[];
}

export interface DialectRunner {
  /** Where the agent reads hook configuration, for `run --help` and the docs. */
  readonly configLocations: readonly string[];
  run(options: DialectRunOptions): Promise<DialectRunOutcome>;
}

/**
 * What is wrong with a runner's options from an untyped caller, or null. A runner answers
 * such options with this one problem and runs nothing, rather than throw.
 */
export function runOptionsProblem(options: unknown): ProtocolError | null {
  const bad = (path: string, message: string): ProtocolError => ({ code: "invalid-options", path, message });
  if (options === null || typeof options !== "object") return bad("", "the run options must be an object");
  const o = options as Record<string, unknown>;
  if (typeof o["event"] !== "string") return bad("/event", "event must be the agent's event name (a string)");
  const input = o["input"];
  if (input === null || typeof input !== "object" || Array.isArray(input)) return bad("/input", "input must be the event's JSON object");
  for (const dir of ["projectDir", "homeDir"]) if (typeof o[dir] !== "string" || o[dir] === "") return bad(`/${dir}`, `${dir} must be a directory path`);
  if (o["env"] !== undefined && (o["env"] === null || typeof o["env"] !== "object")) return bad("/env", "env must be an object of environment variables");
  if (o["signal"] !== undefined && !(o["signal"] instanceof AbortSignal)) return bad("/signal", "signal must be an AbortSignal");
  return null;
}

/** The event name of options `runOptionsProblem` refused, for the empty merge: "" when it is not a string. */
export function eventNameOf(options: unknown): string {
  const event = options !== null && typeof options === "object" ? (options as Record<string, unknown>)["event"] : undefined;
  return typeof event === "string" ? event : "";
}
