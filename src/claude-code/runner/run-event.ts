/**
 * One call for an embedding agent: settings + event + input -> the hooks run
 * as Claude Code runs them -> run records (classifier) -> the merged result
 * with `effects` (merge). Configuration problems are added to the merged
 * result's `errors`, so nothing wrong in a settings file goes unseen.
 */
import { classifyRun, type HookRunResult } from "../classify.js";
import { hookNameOf } from "../events.js";
import { classifyAndMerge, mergeClassified } from "../merge-results.js";
import type { MergedResult, RunRecord } from "../../core/records.js";
import { settlesEvent } from "./early-stop.js";
import { loadHookConfiguration, problemLocation, type LoadOptions } from "./load-settings.js";
import { runHooks, type HookRun, type RunHooksOptions } from "./run-hooks.js";
import type { ConfigProblem, HookConfiguration } from "./types.js";

export interface RunEventOptions extends Omit<RunHooksOptions, "configuration"> {
  /** Hook configuration already loaded, or where to load it from. */
  readonly configuration: HookConfiguration | LoadOptions;
  /** Where Claude Code would save a hook text over 10,000 characters (see MergeContext). */
  readonly persistedOutputPath?: string;
}

export interface EventOutcome {
  readonly run: HookRun;
  /** Skipped hooks first, then the others in completion order. */
  readonly records: readonly RunRecord[];
  readonly merged: MergedResult;
  /** Async hooks' final run records, once they finish (Claude Code delivers their context on the next turn). */
  readonly background: Promise<readonly RunRecord[]>;
  /**
   * The subagent whose tool call this is (its input carries `agent_id` and `agent_type`), or null for the
   * main agent's. Hooks run on a subagent's calls and take effect as on the main agent's (2.1.332 and
   * 2.1.334: test/observer/claude-code/subagents/, sub-pre-deny … sub-post-updatedToolOutput), with one
   * difference: `effects.stopped` (continue:false) ends only the subagent's loop, and the main agent goes
   * on with the subagent's empty report (sub-pre-continue-false).
   */
  readonly subagent: { readonly id: string; readonly type: string | null } | null;
}

/** Who made the call an event is about: a subagent (its `agent_id`) or the main agent (null). */
export function subagentOf(input: Readonly<Record<string, unknown>>): EventOutcome["subagent"] {
  const id = input["agent_id"];
  const type = input["agent_type"];
  return typeof id === "string" && id !== "" ? { id, type: typeof type === "string" ? type : null } : null;
}

export function describeProblem(problem: ConfigProblem): string {
  return `settings ${problem.severity}: ${problemLocation(problem)}: ${problem.path === "" ? "(root)" : problem.path}: ${problem.message}`;
}

function isConfiguration(value: HookConfiguration | LoadOptions): value is HookConfiguration {
  return "hooks" in value && "problems" in value && "disabledBy" in value;
}


/** Classify and merge hook results as Claude Code does, with configuration problems first in `errors`. */
export function mergeProcessResults(
  event: string,
  input: Readonly<Record<string, unknown>>,
  results: readonly HookRunResult[],
  problems: readonly ConfigProblem[] = [],
  persistedOutputPath?: string,
): { records: RunRecord[]; merged: MergedResult } {
  const { records, merged } = classifyAndMerge(event, input, results, persistedOutputPath);
  return { records, merged: withProblems(merged, problems) };
}

function withProblems(merged: MergedResult, problems: readonly ConfigProblem[]): MergedResult {
  return problems.length === 0 ? merged : { ...merged, errors: [...problems.map(describeProblem), ...merged.errors] };
}

export async function runEvent(options: RunEventOptions): Promise<EventOutcome> {
  const configuration = isConfiguration(options.configuration) ? options.configuration : loadHookConfiguration(options.configuration);
  const { event } = options;
  const input: Record<string, unknown> = { ...options.input, hook_event_name: event };
  const hookName = hookNameOf(event, input);
  // The early-stop check classifies results as they complete; the merge reuses those records
  // rather than reading each hook's stdout a second time.
  const classified = new WeakMap<HookRunResult, RunRecord>();
  const classify = (result: HookRunResult): RunRecord => {
    let record = classified.get(result);
    if (record === undefined) {
      record = classifyRun(result, { event, hookName });
      classified.set(result, record);
    }
    return record;
  };
  const run = await runHooks({
    ...options,
    configuration,
    settles: (result) => settlesEvent(event, classify(result)),
  });
  const records = run.results.map(classify);
  const merged = withProblems(mergeClassified(event, input, records, options.persistedOutputPath), run.problems);
  return {
    run,
    records,
    merged,
    background: run.background.then((done) => done.map(classify)),
    subagent: subagentOf(input),
  };
}
