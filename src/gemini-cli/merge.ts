/**
 * One event's hooks -> Gemini CLI 0.61.0's merged result: each hook read
 * (read-output.ts) and classified into a RunRecord, the outputs merged in
 * LISTING order (configuration order, never completion order: the CLI waits
 * for all of them with Promise.all), and the merged output turned into
 * `effects` by what the event's table row says a deny, a stop, a rewrite
 * and a context do. Never throws on bad input.
 */
import { mergedResult, type MergeEffects, type MergedResult, type RunRecord } from "../core/records.js";
import { isJsonObject, type JsonObject } from "../json/value.js";
import { aggregate, AggregateFailure, isBlocking } from "./aggregate.js";
import { EVENTS, isEventName, TOOL_REQUIRED_PARAMS, type EventRules } from "./events.js";
import { jsString, objectOrUndefined, truthy } from "../json/js-values.js";
import { readHookOutput, type HookReading } from "./read-output.js";
import * as texts from "./texts.js";

/** One hook as it ran (from a merge request or from the runner). */
export interface HookResult {
  readonly command: string;
  /** The configured `name` (the CLI's texts name a hook by it, else by its command). */
  readonly name: string | null;
  readonly exit: number | null;
  readonly stdout: string;
  readonly stderr: string;
  readonly timed_out: boolean;
  readonly source: string | null;
  readonly matcher: string | null;
  /** Handler timeout in milliseconds (null: the default). */
  readonly timeout_ms: number | null;
  /** Position in the completion order of the given list. */
  readonly completion: number;
  /** Position in the listing (configuration) order; null: unknown (then the given order is used). */
  readonly config_index: number | null;
  readonly signal?: string | null;
  readonly duration_ms?: number | null;
  readonly argv?: readonly string[] | null;
}

export interface MergeInput {
  readonly event: string;
  readonly tool_name?: string;
  readonly tool_input?: JsonObject;
  readonly hooks: readonly HookResult[];
}

/** Events the table does not know (e.g. a Claude Code name) are skipped by the CLI: no hook runs, nothing happens, as on Notification. */
const UNKNOWN_EVENT: EventRules = { ...EVENTS.Notification, canonical: null, summary: "not a Gemini CLI event", evidence: [] };

const hookName = (hook: HookResult): string => (hook.name !== null && hook.name !== "" ? hook.name : hook.command);

function listingOrder(hooks: readonly HookResult[]): HookResult[] {
  return [...hooks].sort((a, b) => (a.config_index ?? Number.MAX_SAFE_INTEGER) - (b.config_index ?? Number.MAX_SAFE_INTEGER) || a.completion - b.completion);
}

function classify(event: string, hook: HookResult, reading: HookReading): RunRecord {
  const output = reading.output;
  const blocks = output !== null && (isBlocking(output["decision"]) || output["continue"] === false);
  const timeoutMs = hook.timeout_ms ?? (isEventName(event) ? EVENTS[event].defaultTimeoutMs : 60_000);
  let outcome: RunRecord["outcome"] = blocks ? "block" : reading.failed ? "error" : "success";
  let message: string | null = reading.note;
  if (hook.timed_out) {
    outcome = "timeout";
    message = texts.timedOut(timeoutMs);
  } else if (reading.failed && !blocks) {
    message = `exit ${hook.exit}: Gemini CLI reports the hook as failed${output !== null ? "; its output is still used" : ""}`;
  }
  return {
    event,
    hook_name: hookName(hook),
    source: hook.source,
    plugin: null,
    matcher: hook.matcher,
    command: hook.command,
    args: null,
    argv: hook.argv == null ? null : [...hook.argv],
    form: "shell",
    async: false,
    timeout: timeoutMs / 1000,
    outcome,
    message,
    exit: hook.timed_out ? null : hook.exit,
    signal: hook.signal ?? null,
    duration_ms: hook.duration_ms ?? null,
    stdout: hook.stdout,
    stderr: hook.stderr,
    output: reading.kind === "json" ? "json" : reading.kind === "text" ? (reading.note !== null ? "invalid" : "text") : reading.text === "" ? "empty" : "invalid",
    json: reading.kind === "json" ? output : null,
    completion: hook.completion,
    config_index: hook.config_index,
    timed_out: hook.timed_out,
    warnings: [],
    validation_error: null,
    blocking_error: null,
    non_blocking_error: reading.failed && !blocks ? (hook.timed_out ? texts.timedOut(timeoutMs) : `exit ${hook.exit}`) : null,
    no_verdict: null,
  };
}

/** DefaultHookOutput's accessors on the merged output. */
class MergedOutput {
  constructor(readonly value: JsonObject) {}
  get specific(): JsonObject | undefined {
    return objectOrUndefined(this.value["hookSpecificOutput"]);
  }
  get stops(): boolean {
    return this.value["continue"] === false;
  }
  get blocks(): boolean {
    return isBlocking(this.value["decision"]);
  }
  get asks(): boolean {
    return this.value["decision"] === "ask";
  }
  /** `getEffectiveReason()`: stopReason || reason || "No reason provided". */
  get effectiveReason(): string {
    if (truthy(this.value["stopReason"])) return jsString(this.value["stopReason"]);
    if (truthy(this.value["reason"])) return jsString(this.value["reason"]);
    return texts.NO_REASON;
  }
  get systemMessage(): string | null {
    return truthy(this.value["systemMessage"]) ? jsString(this.value["systemMessage"]) : null;
  }
  get suppressesOutput(): boolean {
    return truthy(this.value["suppressOutput"]);
  }
  /** `getAdditionalContext()`: a string, escaped; empty counts as none. */
  get context(): string | null {
    const context = this.specific?.["additionalContext"];
    return typeof context === "string" && context !== "" ? texts.escapeContext(context) : null;
  }
  get toolInputRewrite(): JsonObject | undefined {
    return objectOrUndefined(this.specific?.["tool_input"]);
  }
  get tailToolCall(): JsonObject | undefined {
    return objectOrUndefined(this.specific?.["tailToolCallRequest"]);
  }
  /** The text of the `Agent execution blocked/stopped: ` warnings. */
  warningText(rules: EventRules, reason: string): string {
    if (rules.warnings === "system-message-or-reason") {
      const message = this.systemMessage?.trim();
      if (message) return message;
      return reason;
    }
    return reason.trim();
  }
}

function noEffects(toolInput: JsonObject | null): MergeEffects {
  return { decision: null, tool_input: toolInput, tool_result: null, blocked: false, model_context: [], notices: [], stopped: false, stop_reason: null };
}

/** The first required parameter of the tool a rewrite lacks, or null. */
function missingRequired(toolName: string | undefined, rewrite: JsonObject): string | null {
  const required = toolName === undefined ? undefined : TOOL_REQUIRED_PARAMS[toolName];
  return required?.find((name) => !Object.prototype.hasOwnProperty.call(rewrite, name)) ?? null;
}

function eventEffects(rules: EventRules, input: MergeInput, merged: MergedOutput | null): MergeEffects {
  const originalInput = input.tool_input ?? null;
  // The tool events' effects.tool_input: the input the tool runs (ran) with.
  const effects = noEffects(rules.matchField === "tool_name" ? originalInput : null);
  if (merged === null) return effects;
  const reason = merged.effectiveReason;
  if (rules.stop === "ends-run" && merged.stops) {
    effects.stopped = true;
    effects.stop_reason = reason;
    if (rules.deny === "tool-not-run") effects.tool_input = null;
    if (rules.warnings !== "none") effects.notices.push(texts.agentStopped(merged.warningText(rules, reason)));
    return effects;
  }
  if (merged.blocks && rules.deny !== "ignored") {
    switch (rules.deny) {
      case "tool-not-run":
        effects.decision = "deny";
        effects.tool_input = null;
        effects.tool_result = texts.toolBlocked(reason);
        effects.blocked = true;
        break;
      case "replaces-tool-result":
        effects.tool_result = reason;
        effects.blocked = true;
        break;
      case "retry-with-reason":
        effects.blocked = true;
        effects.model_context.push(reason);
        break;
      case "prompt-not-sent":
      case "model-call-blocked":
        effects.blocked = true;
        break;
      case "warning-only":
        break;
    }
    if (rules.warnings !== "none") effects.notices.push(texts.agentBlocked(merged.warningText(rules, reason)));
    return effects;
  }
  if (rules.deny === "tool-not-run") {
    effects.decision = merged.asks ? "ask" : "allow";
    const rewrite = merged.toolInputRewrite;
    if (rewrite !== undefined) {
      const missing = missingRequired(input.tool_name, rewrite);
      if (missing !== null) {
        effects.tool_input = null;
        effects.tool_result = texts.rewriteInvalid(texts.missingParam(missing));
      } else {
        effects.tool_input = rewrite;
        if (!merged.asks) effects.model_context.push(texts.INPUT_MODIFIED_NOTE);
      }
    }
  }
  const context = merged.context;
  if (context !== null && rules.context !== "dropped" && !(rules.context === "appended-to-tool-result" && merged.tailToolCall !== undefined)) {
    effects.model_context.push(texts.hookContext(context));
  }
  return effects;
}

/** The user-facing lines of the event, in the order the CLI writes them. */
function notices(rules: EventRules, event: string, listed: readonly { hook: HookResult; reading: HookReading }[], merged: MergedOutput | null): string[] {
  const lines: string[] = [];
  const message = merged?.systemMessage ?? null;
  if (message !== null && rules.echoesSystemMessage) lines.push(message);
  if (message !== null && !merged!.suppressesOutput) lines.push(texts.hookSystemMessage(message));
  const failed = listed.filter((entry) => entry.reading.failed);
  if (failed.length > 0) lines.push(texts.hooksFailed(failed.map((entry) => hookName(entry.hook)), event));
  for (const entry of listed) {
    if (entry.hook.timed_out) lines.push(texts.hookExecutionError(texts.timedOut(entry.hook.timeout_ms ?? rules.defaultTimeoutMs)));
  }
  return lines;
}

export function mergeHooks(input: MergeInput): MergedResult {
  const rules = isEventName(input.event) ? EVENTS[input.event] : UNKNOWN_EVENT;
  const readings = input.hooks.map((hook) => readHookOutput(hook));
  const runs = input.hooks.map((hook, i) => classify(input.event, hook, readings[i]!));
  const listed = listingOrder(input.hooks).map((hook) => ({ hook, reading: readings[input.hooks.indexOf(hook)]! }));
  const outputs = listed.flatMap((entry) => (entry.reading.output === null ? [] : [entry.reading.output]));
  const aggregated = aggregate(rules.merge, outputs);
  const errors: string[] = [];
  let merged: MergedOutput | null = null;
  let effects: MergeEffects;
  if (aggregated instanceof AggregateFailure) {
    // executeHooks' catch: no output, nothing logged, the event has no effect
    errors.push(aggregated.message);
    effects = eventEffects(rules, input, null);
    effects.notices.push(texts.hookEventBusError(input.event, aggregated.message));
  } else {
    merged = aggregated === null ? null : new MergedOutput(aggregated);
    effects = eventEffects(rules, input, merged);
    effects.notices = [...notices(rules, input.event, listed, merged), ...effects.notices];
    for (const entry of listed) if (entry.hook.timed_out) errors.push(texts.hookExecutionError(texts.timedOut(entry.hook.timeout_ms ?? rules.defaultTimeoutMs)));
  }
  const reasons = outputs.filter((o) => truthy(o["reason"])).map((o) => jsString(o["reason"]));
  const contexts = outputs.flatMap((o) => {
    const hso = o["hookSpecificOutput"];
    return isJsonObject(hso ?? null) && typeof (hso as JsonObject)["additionalContext"] === "string" ? [(hso as JsonObject)["additionalContext"] as string] : [];
  });
  const systemMessages = outputs.filter((o) => truthy(o["systemMessage"])).map((o) => jsString(o["systemMessage"]));
  const denyMessages = effects.decision === "deny" && effects.tool_result !== null ? [effects.tool_result] : [];
  const updated = rules.deny === "tool-not-run" && effects.tool_input !== null && merged?.toolInputRewrite !== undefined ? effects.tool_input : null;
  return mergedResult({
    agent: "gemini-cli",
    event: input.event,
    runs,
    errors,
    decision: rules.deny === "tool-not-run" ? effects.decision : null,
    reasons,
    deny_messages: denyMessages,
    blocked: effects.blocked,
    additional_context: contexts,
    system_messages: systemMessages,
    stopped: effects.stopped,
    stop_reason: effects.stop_reason,
    updated_input: updated,
    ran: input.hooks.length,
    async_context: [],
    effects,
  });
}
