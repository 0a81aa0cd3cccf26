/**
 * Run records of one event, in completion order → the merged result, by
 * Claude Code 2.1.332's observed rules (claude-code-observed.md; scenario
 * names in brackets), and claude-code-hooks.md §1.2 / §3 for events that were
 * not observed. The event's row (events.ts) names its strategy, one file each
 * under merge/; what every event shares is merge/accumulator.ts.
 * docs/merge-rules.md has the table with one example per rule.
 */
import { mergedResult, type MergeEffects, type MergedResult, type RunRecord } from "../core/records.js";
import { rulesOf, type MergeRule, type MergeStrategy } from "./events.js";
import {
  Accumulator,
  applyStops,
  collectErrors,
  hsoOf,
  nonEmpty,
  paragraphsOf,
  perHookNotices,
  type MergeContext,
  type Strategy,
} from "./merge/accumulator.js";
import { mergeBlockable } from "./merge/blockable.js";
import { mergePostCompact, mergePreCompact } from "./merge/compaction.js";
import { mergePermissionDecision } from "./merge/permission-decision.js";
import { mergePermissionDenied } from "./merge/permission-denied.js";
import { mergePermissionRequest } from "./merge/permission-request.js";
import { mergePostTool, mergePostToolBatch } from "./merge/post-tool.js";
import { mergePerHookContext, mergePrompt } from "./merge/prompt.js";
import { mergeSession, mergeSessionEnd } from "./merge/session.js";
import { mergeStop } from "./merge/stop.js";
import { mergeTask } from "./merge/task.js";

export type { MergeContext };

const STRATEGIES: { readonly [K in MergeStrategy]: Strategy<K> } = {
  "permission-decision": mergePermissionDecision,
  "permission-request": mergePermissionRequest,
  "permission-denied": mergePermissionDenied,
  "post-tool": mergePostTool,
  "post-tool-batch": mergePostToolBatch,
  prompt: mergePrompt,
  "per-hook-context": mergePerHookContext,
  session: mergeSession,
  "session-end": mergeSessionEnd,
  stop: mergeStop,
  "pre-compact": mergePreCompact,
  "post-compact": mergePostCompact,
  blockable: mergeBlockable,
  task: mergeTask,
  // hooks that only notify: their errors and notices, and continue:false where the row honours it
  none: (acc) => applyStops(acc),
};

function applyStrategy(acc: Accumulator, rule: MergeRule): void {
  (STRATEGIES[rule.strategy] as (acc: Accumulator, rule: MergeRule) => void)(acc, rule);
}

/**
 * What finished async hooks deliver to a later model request: one bare
 * system-role text each, `<systemMessage>\n<additionalContext>`, without the
 * `hook additional context:` frame; their decisions are ignored, exit 2 gives
 * nothing (probe-a01, probe-a02; second recording set).
 */
export function asyncDelivery(runs: readonly RunRecord[]): string[] {
  const texts: string[] = [];
  for (const r of runs) {
    if (!r.async || r.json === null || r.output !== "json" || r.exit !== 0) continue;
    const parts = [nonEmpty(r.json["systemMessage"]), nonEmpty(hsoOf(r.json)?.["additionalContext"])].filter((t): t is string => t !== null);
    if (parts.length > 0) texts.push(parts.join("\n"));
  }
  return texts;
}

/** The hook name of the event for texts that are not per hook (`PreToolUse:Bash`). */
function eventHookName(event: string, runs: readonly RunRecord[], toolName: string | null): string {
  if (runs.length > 0) return runs[0]!.hook_name;
  return toolName === null ? event : `${event}:${toolName}`;
}

/** Merge run records given in completion order. */
export function mergeRuns(event: string, runs: readonly RunRecord[], context: MergeContext): MergedResult {
  let anyAsync = false;
  let ran = 0;
  for (const r of runs) {
    if (r.async) anyAsync = true;
    if (r.outcome !== "skipped") ran++;
  }
  const rules = rulesOf(event);
  // async hooks are not awaited: they take no part in the event's answer (asyncDelivery has what they send later)
  const awaited = anyAsync ? runs.filter((r) => !r.async) : runs;
  const acc = new Accumulator(event, rules, eventHookName(event, runs, context.toolName), awaited, context);
  collectErrors(acc, runs);
  const hookNotices = perHookNotices(acc);
  for (const notice of hookNotices.early) acc.notices.push(notice);
  applyStrategy(acc, rules.merge);
  for (const notice of hookNotices.late) acc.notices.push(notice);

  const modelContext = paragraphsOf(acc.modelMessages);
  const effects: MergeEffects = {
    decision: acc.decision,
    tool_input: acc.toolInput,
    tool_result: acc.toolResult,
    blocked: acc.blocked,
    model_context: modelContext,
    notices: acc.notices,
    stopped: acc.stopped,
    stop_reason: acc.stopReason,
    ...(acc.continues === null ? {} : { continues: acc.continues }),
  };
  return mergedResult({
    agent: "claude-code",
    event,
    runs: runs.slice(),
    errors: acc.errors,
    decision: acc.seedDecision,
    reasons: acc.reasons,
    deny_messages: acc.decision === "deny" ? acc.denyMessages : [],
    blocked: acc.blocked,
    additional_context: acc.additionalContext,
    system_messages: acc.systemMessages,
    stopped: acc.stopped,
    stop_reason: acc.stopReason,
    updated_input: acc.updatedInput,
    ran,
    async_context: anyAsync ? paragraphsOf(asyncDelivery(runs)) : [],
    effects,
  });
}
