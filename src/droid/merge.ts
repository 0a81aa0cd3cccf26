/**
 * Factory droid 0.215.0's merge: all of an event's hooks run in parallel and
 * droid waits for all of them, then scans the results in CONFIGURED order
 * (`Array.find`), so completion order never changes an outcome (pre-12,
 * pre-12c, pre-13b, stop-05, ss-01c). One function per strategy of the event
 * table (src/droid/events.ts); the run records and legacy fields follow.
 */
import { mergedResult, shellHookFields, type ConfiguredShellHook, type MergeEffects, type MergedResult, type RunRecord, type ToolEventMergeContext } from "../core/records.js";
import { isJsonObject, type JsonObject, type JsonValue } from "../json/value.js";
import { DROID_EVENTS, isDroidEvent, type MergeStrategy } from "./events.js";
import { jsText, plainContextOf, readDroidHook, spreadInto, truthy, type DroidHookReading, type DroidProcessResult } from "./read.js";
import * as T from "./texts.js";

/**
 * One hook's raw result, with how it was configured; `config_index` is the position in configured order
 * (project before user, groups in file order, handlers in group order).
 */
export interface DroidHookResult extends DroidProcessResult, ConfiguredShellHook {}

/** `toolOutput`: the tool's own result text; PreToolUse needs it to give the model's exact text when an exit-1 warning is prepended. */
export type DroidMergeContext = ToolEventMergeContext;

interface Read {
  readonly index: number;
  readonly result: DroidHookResult;
  readonly reading: DroidHookReading;
}

/** What a strategy decides, beyond the default effects. */
interface Verdict {
  readonly effects: Partial<MergeEffects>;
  readonly reasons?: readonly string[];
  readonly denyMessages?: readonly string[];
  readonly contexts?: readonly string[];
  readonly updatedInput?: JsonObject | null;
}

const isString = (value: unknown): value is string => typeof value === "string";
const find = (reads: readonly Read[], test: (r: DroidHookReading) => boolean): DroidHookReading | undefined => reads.find((r) => test(r.reading))?.reading;
const stoppedBy = (r: DroidHookReading): boolean => r.continue === false;

/** droid's shell tool, and the risk fields its model declares with each command. */
const EXECUTE = "Execute";
const RISK_FIELDS = ["riskLevel", "riskLevelReason"];

/**
 * A rewrite that changes the Execute command drops the model's risk
 * declaration, even one the hook supplied: the new command is judged anew
 * (pre-p19: PostToolUse gets `{command}` only; the same command keeps them, pre-p20).
 */
function withoutStaleRisk(input: JsonObject, toolName: string | null, original: JsonObject | null): JsonObject {
  if (toolName !== EXECUTE || input["command"] === original?.["command"] || !RISK_FIELDS.some((key) => key in input)) return input;
  const out: JsonObject = Object.assign(Object.create(null) as JsonObject, input);
  for (const key of RISK_FIELDS) delete out[key];
  return out;
}

function preToolUse(reads: readonly Read[], toolName: string | null, toolInput: JsonObject | null, toolOutput: string | undefined): Verdict {
  const stopped = { effects: { stopped: true, tool_input: null, tool_result: null } };
  // continue:false, then exit 3, end the turn before anything else is read (pre-16b, pre-p10, pre-06c).
  if (find(reads, stoppedBy) !== undefined) return stopped;
  if (find(reads, (r) => r.exitCode === 3) !== undefined) return stopped;
  const deny = (reason: string): Verdict => ({
    effects: { decision: "deny", blocked: true, tool_input: null, tool_result: T.toolError(reason) },
    reasons: [reason],
    denyMessages: [T.toolError(reason)],
  });
  let input = toolInput ?? (Object.create(null) as JsonObject);
  let rewritten = false;
  // The first hook with ANY truthy permissionDecision decides, whatever its value (pre-14b, pre-14d, pre-p08).
  const decider = find(reads, (r) => truthy(r.hookSpecificOutput?.permissionDecision));
  const decided = decider?.hookSpecificOutput;
  let decision: MergeEffects["decision"] = null;
  if (decided?.permissionDecision === "allow") {
    decision = "allow";
    if (truthy(decided.updatedInput)) {
      input = spreadInto(input, decided.updatedInput);
      rewritten = true;
    }
  } else if (decided?.permissionDecision === "deny") {
    const reason = decided.permissionDecisionReason;
    return deny(truthy(reason) ? jsText(reason) : T.DENIED_BY_HOOK);
  }
  // Exit 2 is read after the decision: it denies after an allow (pre-p03), never before a deny's text (pre-p02).
  const blocker = find(reads, (r) => r.exitCode === 2);
  if (blocker !== undefined) return deny(blocker.stderr === "" ? T.BLOCKED_BY_HOOK : blocker.stderr);
  // A rewrite without a decision applies unless the deciding hook carried one (pre-11b, pre-11d, pre-13d, pre-p09).
  const rewriter = find(reads, (r) => truthy(r.hookSpecificOutput?.updatedInput));
  if (rewriter !== undefined && !truthy(decided?.updatedInput)) {
    input = spreadInto(input, rewriter.hookSpecificOutput!.updatedInput);
    rewritten = true;
  }
  if (rewritten) input = withoutStaleRisk(input, toolName, toolInput);
  // The first exit-1 hook's stderr, if any, goes before the tool's own result (pre-06, pre-p04, pre-p07).
  const warned = find(reads, (r) => r.exitCode === 1);
  const toolResult = warned !== undefined && warned.stderr !== "" ? T.prefixedToolResult(warned.stderr, toolOutput ?? "") : null;
  return {
    effects: { decision, tool_input: input, tool_result: toolResult },
    updatedInput: rewritten ? input : null,
  };
}

function postToolUse(reads: readonly Read[]): Verdict {
  // continue:false ends the turn before the context is added (post-05b).
  if (find(reads, stoppedBy) !== undefined) return { effects: { stopped: true } };
  const contexts: string[] = [];
  const contextHook = find(reads, (r) => truthy(r.hookSpecificOutput?.additionalContext));
  if (contextHook !== undefined) contexts.push(jsText(contextHook.hookSpecificOutput!.additionalContext));
  if (find(reads, (r) => r.exitCode === 3) !== undefined) return { effects: { stopped: true, model_context: contexts }, contexts };
  const feedback = find(reads, (r) => r.exitCode === 2);
  const modelContext = feedback === undefined ? contexts : [...contexts, T.postToolUseFeedback(feedback.stderr)];
  return {
    effects: { blocked: feedback !== undefined, model_context: modelContext },
    reasons: feedback === undefined ? [] : [feedback.stderr],
    contexts,
  };
}

function userPromptSubmit(reads: readonly Read[], prompt: string | null): Verdict {
  let rewritten: string | null = null;
  let context: string | undefined;
  const reject = (text: string, stopped: boolean): Verdict => ({
    // a stop (continue:false) is not a block (issue 18): the same rejection, told apart by the hook's answer
    effects: { blocked: !stopped, notices: [text], stopped, stop_reason: stopped ? text : null, ...(rewritten === null ? {} : { prompt: rewritten }) },
    reasons: [text],
  });
  // One pass in configured order: the first rejecting hook ends it (ups-02, ups-03, ups-05).
  for (const { reading: r } of reads) {
    if (r.exitCode === 2 || r.continue === false) {
      const text = [r.stderr, r.stopReason, r.systemMessage].find((v) => truthy(v)) ?? T.PROMPT_BLOCKED_BY_HOOK;
      return reject(jsText(text), r.exitCode !== 2);
    }
    const newPrompt = isJsonObject(r.hookSpecificOutput?.updatedInput ?? null) ? (r.hookSpecificOutput!.updatedInput as JsonObject)["prompt"] : undefined;
    if (isString(newPrompt)) rewritten = newPrompt;
    context ??= plainContextOf(r);
    if (r.exitCode === 3) return reject(r.stderr === "" ? T.PROMPT_ABORTED_BY_HOOK : r.stderr, false);
  }
  const contexts = context === undefined ? [] : [context];
  return {
    effects: { model_context: contexts, prompt: rewritten === null || rewritten === prompt ? null : rewritten },
    contexts,
  };
}

function stop(reads: readonly Read[]): Verdict {
  const ends = find(reads, (r) => stoppedBy(r) || r.exitCode === 3) !== undefined;
  // The first `decision: "block"` decides, even without a reason (then nothing continues: stop-03, stop-p15).
  const blockHook = find(reads, (r) => r.decision === "block");
  let continuation: string | null = null;
  if (blockHook !== undefined) {
    if (truthy(blockHook.reason)) continuation = jsText(blockHook.reason);
  } else {
    const exit2 = find(reads, (r) => r.exitCode === 2);
    if (exit2 !== undefined) continuation = exit2.stderr === "" ? T.STOP_CONTINUATION : exit2.stderr;
  }
  // A continuation happens even after continue:false or exit 3.
  if (continuation !== null) return { effects: { blocked: true, model_context: [continuation] }, reasons: [continuation] };
  return { effects: { stopped: ends } };
}

function sessionStart(reads: readonly Read[]): Verdict {
  const contexts = reads.map((r) => plainContextOf(r.reading)).filter(isString);
  const joined = contexts.join("\n\n");
  return { effects: { model_context: joined === "" ? [] : [joined] }, contexts };
}

function preCompact(reads: readonly Read[]): Verdict {
  const blocker = find(reads, (r) => r.exitCode === 2 || r.exitCode === 3);
  return { effects: { blocked: blocker !== undefined }, reasons: blocker === undefined || blocker.stderr === "" ? [] : [blocker.stderr] };
}

function blocksAlone(event: string, r: DroidHookReading): boolean {
  switch (event) {
    case "PreToolUse":
      return r.exitCode === 2 || r.hookSpecificOutput?.permissionDecision === "deny";
    case "PostToolUse":
      return r.exitCode === 2;
    case "UserPromptSubmit":
      return r.exitCode === 2 || r.exitCode === 3 || r.continue === false;
    case "Stop":
      return (r.decision === "block" && truthy(r.reason)) || r.exitCode === 2;
    case "PreCompact":
      return r.exitCode === 2 || r.exitCode === 3;
    default:
      return false;
  }
}

/** The warning droid shows for an exit-1 hook (PreToolUse: in the tool result; elsewhere only in the TUI), or null. */
function warningOf(event: string, r: DroidHookReading): string | null {
  if (r.exitCode !== 1 || r.stderr === "") return null;
  if (event === "PreToolUse") return r.stderr;
  if (event === "PostToolUse") return T.TUI_ONLY.postToolUseWarning(r.stderr);
  if (event === "Stop") return T.TUI_ONLY.stopWarning(r.stderr);
  return null;
}

function record(event: string, hookName: string, completion: number, read: Read): RunRecord {
  const { result, reading } = read;
  const blocks = blocksAlone(event, reading);
  const timedOut = result.timed_out === true;
  const output: RunRecord["output"] = reading.json !== null ? "json" : reading.parseFailed ? "invalid" : result.stdout.trim() === "" ? "empty" : "text";
  const warning = warningOf(event, reading);
  const outcome: RunRecord["outcome"] = timedOut ? "timeout" : blocks ? "block" : reading.exitCode !== 0 ? "error" : "success";
  const message = result.message
    ?? (timedOut ? `killed at its timeout; droid counts exit 1 and still reads what it printed` : null);
  return {
    event,
    hook_name: hookName,
    ...shellHookFields(result),
    async: false,
    timeout: result.timeout ?? null,
    outcome,
    message,
    exit: timedOut ? null : result.exit,
    signal: result.signal ?? null,
    duration_ms: result.duration_ms ?? null,
    stdout: result.stdout,
    stderr: result.stderr,
    output,
    json: reading.json,
    completion,
    config_index: result.config_index ?? null,
    timed_out: timedOut,
    warnings: reading.parseFailed ? [T.JSON_PARSE_FAILED] : [],
    validation_error: reading.parseFailed ? { code: "json-parse", path: null, message: T.JSON_PARSE_FAILED } : null,
    blocking_error: reading.exitCode === 2 && blocks ? (result.stderr === "" ? null : result.stderr) : null,
    non_blocking_error: warning,
    no_verdict: null,
  };
}

const STRATEGIES: Readonly<Record<MergeStrategy, (reads: readonly Read[], context: DroidMergeContext, toolInput: JsonObject | null) => Verdict>> = {
  "pre-tool-use": (reads, context, toolInput) => preToolUse(reads, isString(context.input["tool_name"]) ? context.input["tool_name"] : null, toolInput, context.toolOutput),
  "post-tool-use": (reads) => postToolUse(reads),
  "user-prompt-submit": (reads, context) => userPromptSubmit(reads, isString(context.input["prompt"]) ? context.input["prompt"] : null),
  stop: (reads) => stop(reads),
  "session-start": (reads) => sessionStart(reads),
  "pre-compact": (reads) => preCompact(reads),
  "no-effect": () => ({ effects: {} }),
};

/** The match value droid names a hook batch by (tool name, SessionStart source). */
function matchValueOf(event: string, input: Readonly<Record<string, unknown>>): string | null {
  if (!isDroidEvent(event)) return null;
  const field = DROID_EVENTS[event].matchField;
  const value = field === null ? undefined : input[field];
  return isString(value) ? value : null;
}

/** Hooks in completion order (as given) -> the merged result, as droid reads them. Never throws. */
export function mergeDroid(event: string, results: readonly DroidHookResult[], context: DroidMergeContext): MergedResult {
  const hookName = T.hookBatchName(event, matchValueOf(event, context.input));
  const inCompletion: Read[] = results.map((result, index) => ({ index, result, reading: readDroidHook(result) }));
  const runs = inCompletion.map((read) => record(event, hookName, read.index, read));
  // Configured order; hooks without a position keep their completion order after the others.
  const position = (r: Read): number => r.result.config_index ?? Number.MAX_SAFE_INTEGER;
  const configured = [...inCompletion].sort((a, b) => position(a) - position(b) || a.index - b.index);
  const rawToolInput = context.input["tool_input"];
  const toolInput = isJsonObject((rawToolInput ?? null) as JsonValue) ? (rawToolInput as JsonObject) : null;
  const known = isDroidEvent(event);
  const strategy: MergeStrategy = known ? DROID_EVENTS[event].merge : "no-effect";
  const verdict = STRATEGIES[strategy](configured, context, toolInput);
  const isToolEvent = known && DROID_EVENTS[event].matchField === "tool_name";
  const effects: MergeEffects = {
    decision: null,
    tool_input: isToolEvent ? toolInput : null,
    tool_result: null,
    blocked: false,
    model_context: [],
    notices: [],
    stopped: false,
    stop_reason: null,
    ...(strategy === "user-prompt-submit" ? { prompt: null } : {}),
    ...verdict.effects,
  };
  const reasons = [...(verdict.reasons ?? [])];
  const denyMessages = [...(verdict.denyMessages ?? [])];
  const contexts = [...(verdict.contexts ?? [])];
  const errors = runs
    .filter((r) => r.non_blocking_error !== null)
    .map((r) => `${r.hook_name} hook error: [${r.command}]: ${r.non_blocking_error}`);
  if (!known) errors.push(`droid has no ${event} event: hooks configured for it never run`);
  const systemMessages = configured.map((r) => r.reading.systemMessage).filter(isString);
  return mergedResult({
    agent: "droid",
    event,
    runs,
    errors,
    decision: effects.decision,
    reasons,
    deny_messages: denyMessages,
    blocked: effects.blocked,
    additional_context: contexts,
    system_messages: systemMessages,
    stopped: effects.stopped,
    stop_reason: effects.stop_reason,
    updated_input: verdict.updatedInput ?? null,
    ran: runs.length,
    async_context: [],
    effects,
  });
}
