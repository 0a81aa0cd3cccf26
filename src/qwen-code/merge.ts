/**
 * Qwen Code 0.24.4's merge: every hook of the event runs (together, or one
 * after the other in a `sequential` group), Qwen reads each one
 * (src/qwen-code/read.ts), combines the answers in CONFIGURATION order
 * (src/qwen-code/combine.ts; completion order never matters, pair-20) and
 * the event reads the combined answer. One function per strategy of the
 * event table (src/qwen-code/events.ts); the run records and legacy fields follow.
 */
import { mergedResult, shellHookFields, type ConfiguredShellHook, type MergeEffects, type MergedResult, type RunRecord, type ToolEventMergeContext } from "../core/records.js";
import { isJsonObject, type JsonObject, type JsonValue } from "../json/value.js";
import { jsString as jsText, truthy } from "../json/js-values.js";
import { configuredTimeout, type ConfiguredTimeout } from "../process/timeout.js";
import { additionalContext, combine, effectiveReason, HookFailure, isBlockingDecision, permissionDecision, permissionDecisionReason, stopsExecution } from "./combine.js";
import { QWEN_CODE_EVENTS, isQwenCodeEvent, type MergeStrategy } from "./events.js";
import { readQwenCodeHook, type QwenCodeHookReading, type QwenCodeProcessResult } from "./read.js";
import * as T from "./texts.js";
import { qwenTimeoutPastTimerLimit } from "./timeout.js";

/**
 * One hook's raw result, with how it was configured: `source` is `project`, `user` or `system`;
 * `timeout` is in Qwen's unit (seconds, or milliseconds for a value of 1000 or more); `config_index` is
 * the position in configuration order (project hooks, then user, then system, each as listed).
 */
export interface QwenCodeHookResult extends QwenCodeProcessResult, ConfiguredShellHook {
  /** The hook's group is `sequential` (it changes when hooks start, never the merge: pair-26). */
  readonly sequential?: boolean | null | undefined;
}

/** `toolOutput` is not read: a context is appended to the tool's own result, which no hook rewrites. */
export type QwenCodeMergeContext = ToolEventMergeContext;

interface Verdict {
  readonly effects: Partial<MergeEffects>;
  readonly reasons?: readonly string[];
  readonly denyMessages?: readonly string[];
  readonly contexts?: readonly string[];
}

const isString = (value: unknown): value is string => typeof value === "string";
const NOTHING: Verdict = { effects: {} };

function preToolUse(answer: JsonObject): Verdict {
  const blockedWith = (decision: MergeEffects["decision"], reason: string): Verdict => ({
    effects: { decision, blocked: true, tool_input: null, tool_result: reason },
    reasons: [reason],
    denyMessages: [reason],
  });
  const decision = permissionDecision(answer);
  const reason = permissionDecisionReason(answer);
  // The reason reaches the model verbatim (pre-02), with no prefix; headless Qwen asks nobody, so ask blocks too (pre-04).
  if (decision === "deny") return blockedWith("deny", jsText(truthy(reason) ? reason : effectiveReason(answer)));
  if (decision === "ask") return blockedWith("ask", truthy(reason) ? jsText(reason) : T.USER_CONFIRMATION_REQUIRED);
  // continue:false blocks the call with the stop reason, and the model is called again (pre-53).
  if (stopsExecution(answer)) return blockedWith(null, jsText(effectiveReason(answer)));
  // updatedInput is ignored (pre-50) and so is the context (pre-59).
  return { effects: { decision: decision === "allow" ? "allow" : null } };
}

function postToolUse(answer: JsonObject, readsStop: boolean): Verdict {
  const context = additionalContext(answer);
  if (readsStop && stopsExecution(answer)) {
    // The result is replaced by the stop reason; its context is not added (post-04).
    const stopReason = answer["stopReason"];
    const reason = answer["reason"] === undefined ? T.NO_REASON_PROVIDED : answer["reason"];
    const text = [stopReason, reason].find(truthy);
    const message = text === undefined ? T.EXECUTION_STOPPED_BY_HOOK : jsText(text);
    return { effects: { blocked: true, tool_result: message }, reasons: [message] };
  }
  // `decision: "block"` and exit 2 are ignored here (post-02). The context is appended to the result the model gets
  // (post-01, post-09): the tool's own result is no hook's rewrite, so the effects say only the context, as every dialect's do.
  if (context === undefined || context === "") return NOTHING;
  return { effects: { model_context: [context] }, contexts: [context] };
}

function userPromptSubmit(answer: JsonObject): Verdict {
  // A block drops the prompt without a word: no request, result "" (ups-03).
  if (isBlockingDecision(answer) || stopsExecution(answer)) {
    return { effects: { blocked: true }, reasons: [jsText(effectiveReason(answer))] };
  }
  const context = additionalContext(answer);
  if (context === undefined || context === "") return NOTHING;
  return { effects: { model_context: [T.userPromptSubmitContext(context)] }, contexts: [context] };
}

function userPromptExpansion(answer: JsonObject): Verdict {
  // A block or continue:false ends the run before any request: exit 1, result error `UserPromptExpansion blocked: R` (cap-userpromptexpansion-block, -continue-false).
  if (isBlockingDecision(answer) || stopsExecution(answer)) {
    return { effects: { blocked: true }, reasons: [jsText(effectiveReason(answer))] };
  }
  // The context follows the expanded prompt after a blank line (cap-userpromptexpansion-context).
  const context = additionalContext(answer);
  if (context === undefined || context === "") return NOTHING;
  return { effects: { model_context: [context] }, contexts: [context] };
}

function preCompact(answer: JsonObject): Verdict {
  // The context joins the summary request's instructions; a block or continue:false is ignored (cap-precompact-*).
  const context = additionalContext(answer);
  if (context === undefined || context === "") return NOTHING;
  return { effects: { model_context: [context] }, contexts: [context] };
}

function sessionStart(answer: JsonObject): Verdict {
  const context = additionalContext(answer);
  if (context === undefined || context === "") return NOTHING;
  return { effects: { model_context: [T.sessionStartContext(context)] }, contexts: [context] };
}

function stop(answer: JsonObject, subagent: boolean): Verdict {
  if (!isBlockingDecision(answer) && !stopsExecution(answer)) return NOTHING;
  // continue:false is a block too (stop-04); the reason is the next user message (stop-01).
  const reason = jsText(effectiveReason(answer));
  return { effects: { blocked: true, model_context: [subagent ? T.subagentContinuation(reason) : reason] }, reasons: [reason] };
}

function verdictOf(strategy: MergeStrategy, answer: JsonObject | undefined, context: QwenCodeMergeContext, event: string): Verdict {
  if (answer === undefined) return NOTHING;
  switch (strategy) {
    case "pre-tool-use":
      return preToolUse(answer);
    case "post-tool-use":
      return postToolUse(answer, event === "PostToolUse");
    case "user-prompt-submit":
      return userPromptSubmit(answer);
    case "user-prompt-expansion":
      return userPromptExpansion(answer);
    case "pre-compact":
      return preCompact(answer);
    case "session-start":
      return sessionStart(answer);
    case "stop":
      return stop(answer, false);
    case "subagent-stop":
      return stop(answer, true);
    case "no-effect":
      return NOTHING;
  }
}

/** What this one answer would do alone (the run record's `outcome: block`). */
function blocksAlone(event: string, output: JsonObject | undefined): boolean {
  if (output === undefined) return false;
  try {
    switch (event) {
      case "PreToolUse":
        return permissionDecision(output) === "deny" || permissionDecision(output) === "ask" || stopsExecution(output);
      case "PostToolUse":
        return stopsExecution(output);
      case "UserPromptSubmit":
      case "UserPromptExpansion":
      case "Stop":
      case "SubagentStop":
        return isBlockingDecision(output) || stopsExecution(output);
      default:
        return false;
    }
  } catch {
    return false;
  }
}

function record(event: string, result: QwenCodeHookResult, reading: QwenCodeHookReading, completion: number): RunRecord {
  const timedOut = reading.outcome === "timeout";
  const trimmed = result.stdout.trim();
  const output: RunRecord["output"] = trimmed === "" ? "empty" : reading.parseFailed ? "invalid" : reading.json && result.exit !== 2 ? "json" : "text";
  const blocks = blocksAlone(event, reading.output);
  const outcome: RunRecord["outcome"] = timedOut ? "timeout" : blocks ? "block" : reading.outcome === "success" || reading.outcome === "blocking" ? "success" : "error";
  const seconds = timeoutSeconds(result.timeout);
  const warning = reading.output !== undefined && isString(reading.output["systemMessage"]) && reading.output["systemMessage"].startsWith("Warning: ") ? reading.output["systemMessage"] : null;
  return {
    event,
    hook_name: result.command,
    ...shellHookFields(result),
    async: false,
    timeout: seconds,
    outcome,
    message: result.message ?? (timedOut ? T.LOG.timedOut(seconds) : reading.error),
    exit: timedOut ? null : result.exit,
    signal: result.signal ?? null,
    duration_ms: result.duration_ms ?? null,
    stdout: result.stdout,
    stderr: result.stderr,
    output,
    json: reading.json ? reading.output ?? null : null,
    completion,
    config_index: result.config_index ?? null,
    timed_out: timedOut,
    warnings: reading.parseFailed ? [T.LOG.invalidJson(result.command)] : [],
    validation_error: reading.parseFailed ? { code: "json-parse", path: "", message: T.LOG.invalidJsonError } : null,
    blocking_error: result.exit === 2 && blocks && reading.output !== undefined && !reading.json ? jsText(reading.output["reason"]) : null,
    non_blocking_error: warning,
    no_verdict: null,
  };
}

/** Qwen's default for a command hook (its DEFAULT_COMMAND_HOOK_TIMEOUT_SECONDS). */
const DEFAULT_TIMEOUT_SECONDS = 60;

/**
 * A handler's `timeout` as Qwen reads it (its bundled readCommandHookTimeout): a number, or text
 * holding one (`"10"` is 10 s); seconds, or milliseconds from 1000 up (to-03). Anything else,
 * and a value under a millisecond (Qwen would kill the hook at once: fail safe instead), is the
 * default of 60 s and reported. Past Node's timer limit Qwen's timer fires after 1 ms, and so does this
 * one (timeout.ts, qw-num-timeout-*): the deny is lost there too.
 */
export function readQwenCodeTimeout(timeout: unknown): ConfiguredTimeout {
  if (qwenTimeoutPastTimerLimit(timeout) !== null) return { ms: 1 };
  const number = typeof timeout === "string" && timeout.trim() !== "" ? Number(timeout) : timeout;
  const value = Number.isNaN(number) ? timeout : number;
  const unit = typeof value === "number" && Number.isFinite(value) && value >= 1000 ? "ms" : "s";
  return configuredTimeout(value, unit, DEFAULT_TIMEOUT_SECONDS * 1000);
}

/** A handler's `timeout` in seconds, as `readQwenCodeTimeout` reads it; none or unusable: 60. */
export function timeoutSeconds(timeout: unknown): number {
  const read = readQwenCodeTimeout(timeout);
  return read !== null && "ms" in read ? read.ms / 1000 : DEFAULT_TIMEOUT_SECONDS;
}

/** Hooks in completion order (as given) -> the merged result, as Qwen reads them. Never throws. */
export function mergeQwenCode(event: string, results: readonly QwenCodeHookResult[], context: QwenCodeMergeContext): MergedResult {
  const reads = results.map((result, index) => ({ index, result, reading: readQwenCodeHook(result, event) }));
  const runs = reads.map((r) => record(event, r.result, r.reading, r.index));
  // Configuration order; hooks without a position keep their completion order after the others.
  const position = (r: (typeof reads)[number]): number => r.result.config_index ?? Number.MAX_SAFE_INTEGER;
  const configured = [...reads].sort((a, b) => position(a) - position(b) || a.index - b.index);
  const known = isQwenCodeEvent(event);
  const rules = known ? QWEN_CODE_EVENTS[event] : null;
  const rawToolInput = context.input["tool_input"];
  const toolInput = isJsonObject((rawToolInput ?? null) as JsonValue) ? (rawToolInput as JsonObject) : null;
  const errors: string[] = [];
  let verdict: Verdict;
  try {
    const answer = combine(configured.flatMap((r) => (r.reading.output === undefined ? [] : [r.reading.output])), rules?.combination ?? "simple");
    verdict = verdictOf(rules?.merge ?? "no-effect", answer, context, event);
  } catch (e) {
    // Qwen's reading threw: the event goes on as if no hook had answered (the tool runs).
    errors.push(`${event} hook error: ${e instanceof HookFailure ? e.message : String(e)}`);
    verdict = NOTHING;
  }
  const failed = runs.filter((r) => r.outcome === "error" || r.outcome === "timeout").map((r) => r.command);
  if (failed.length > 0) errors.push(T.LOG.failed(failed, event));
  if (!known) errors.push(`Qwen Code has no ${event} event: hooks configured for it never run`);
  const isToolEvent = rules?.matchField === "tool_name";
  const effects: MergeEffects = {
    decision: null,
    tool_input: isToolEvent ? toolInput : null,
    tool_result: null,
    blocked: false,
    model_context: [],
    notices: [],
    stopped: false,
    stop_reason: null,
    ...verdict.effects,
  };
  const reasons = [...(verdict.reasons ?? [])];
  const denyMessages = [...(verdict.denyMessages ?? [])];
  const contexts = [...(verdict.contexts ?? [])];
  const systemMessages = configured.map((r) => r.reading.output?.["systemMessage"]).filter(isString);
  return mergedResult({
    agent: "qwen-code",
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
    updated_input: null,
    ran: runs.length,
    async_context: [],
    effects,
  }, "\n");
}
