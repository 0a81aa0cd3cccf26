/**
 * The hooks of one event -> what GitHub Copilot CLI 1.0.102 does, as a
 * MergedResult with `effects`. Copilot runs an event's hooks one at a time in
 * configured order (pre-21d, pre-14b), so completion order is configured order:
 * the request's hooks are taken by `config_index` (their position when it is
 * left out), and a hook after the one that ended a chain is a `skipped` record
 * (it never ran). Each hook is read in its own spelling's dialect (`event` of
 * the hook, default the request's), since camelCase and PascalCase entries of
 * one event share a chain (pre-27b, cpre-13b). Never throws.
 */
import type { MergeRequest, MergeRequestHook, RequestExtensions } from "../core/merge-request.js";
import { mergedResult, type MergeEffects, type MergedResult, type RunRecord } from "../core/records.js";
import { isJsonObject, type JsonObject, type JsonValue } from "../json/value.js";
import { formatSerdeError, readRust, toPlainJson, type SerdeValue } from "../serde/index.js";
import { modelToolName, resolveEvent, type EventRules, type ResolvedEvent } from "./events.js";
import {
  behaviorOf,
  blockReasonOf,
  contextOf,
  contextText,
  parseHookStdout,
  readPostToolAnswer,
  readPreToolAnswer,
  textOf,
  type ParsedStdout,
} from "./read-output.js";
import * as T from "./texts.js";

/**
 * Keys the Copilot dialect adds to the shared merge request. `allow_all_tools`: whether Copilot ran
 * with `--allow-all-tools`; left out it is true, as the recordings ran (`copilot -p …
 * --allow-all-tools … --trust-folder`, 213 of 238) and as the runner's `allowAllTools` and
 * `trustedFolder` default. Read as false, a request that says nothing would credit a silent hook
 * with the refusal Copilot's own permission check gives only without the flag: a block the hook
 * does not make where the flag is given. Every recorded vector says it
 * (scripts/extract-copilot-cli-vectors.ts, from the run's command line).
 */
export const REQUEST_EXTENSIONS: RequestExtensions = {
  request: { allow_all_tools: "boolean" },
  hook: { event: "string" },
};

/** A request as this dialect reads it (the shared request plus REQUEST_EXTENSIONS). */
export interface CopilotRequest extends MergeRequest {
  /**
   * `--allow-all-tools` (default true, as the recordings ran: REQUEST_EXTENSIONS): a call no
   * preToolUse hook allowed and no permissionRequest hook decided runs; `false`: prompt mode has
   * nobody to ask and refuses it (perm-00, cap-pretooluse-silent-without-allow-all).
   */
  readonly allow_all_tools?: boolean;
  readonly hooks: readonly CopilotHook[];
}

export interface CopilotHook extends MergeRequestHook {
  /** The event as this hook's configuration spells it (`preToolUse` or `PreToolUse`). */
  readonly event?: string;
}

/** One configured hook, in configured order, with what its process gave. */
interface Step {
  readonly hook: CopilotHook;
  readonly configIndex: number;
  readonly claudeStyle: boolean;
  /** How Copilot names the hook's file in its texts. */
  readonly file: string;
  readonly timeoutSec: number;
  readonly run: StepRun;
}

type StepRun =
  | { readonly kind: "timed-out" }
  /** Exit code other than 0 and 2 (null: ended without one). */
  | { readonly kind: "failed"; readonly exit: number | null }
  | { readonly kind: "answered"; readonly exit: 0 | 2; readonly parsed: ParsedStdout };

const UNKNOWN_FILE = "<unknown hooks file>";

function stepsOf(request: CopilotRequest, resolved: ResolvedEvent): Step[] {
  const indexed = request.hooks.map((hook, position) => ({ hook, configIndex: hook.config_index ?? position, position }));
  indexed.sort((a, b) => a.configIndex - b.configIndex || a.position - b.position);
  return indexed.map(({ hook, configIndex }) => {
    const own = hook.event === undefined ? null : resolveEvent(hook.event);
    const claudeStyle = own !== null && own.event === resolved.event ? own.claudeStyle : resolved.claudeStyle;
    const timedOut = hook.timed_out === true;
    const run: StepRun = timedOut
      ? { kind: "timed-out" }
      : hook.exit === 0 || hook.exit === 2
        ? { kind: "answered", exit: hook.exit, parsed: parseHookStdout(hook.stdout) }
        : { kind: "failed", exit: hook.exit };
    return { hook, configIndex, claudeStyle, file: hook.source ?? UNKNOWN_FILE, timeoutSec: hook.timeout ?? resolved.rules.defaultTimeoutSec, run };
  });
}

/** Builds the records and notices while a strategy walks the chain. */
class Chain {
  readonly records: RunRecord[] = [];
  readonly notices: string[] = [];
  readonly errors: string[] = [];
  readonly contexts: string[] = [];
  readonly reasons: string[] = [];
  private completed = 0;

  constructor(
    readonly resolved: ResolvedEvent | null,
    readonly eventName: string,
  ) {}

  /** Record a hook that ran; `outcome` as the strategy read it. */
  ran(step: Step, outcome: RunRecord["outcome"], message: string | null = null, blockingError: string | null = null): void {
    const run = step.run;
    const nonBlocking = run.kind === "failed" ? T.hookRunError(run.exit ?? -1, step.hook.stderr.trim()) : run.kind === "timed-out" ? T.hookTimedOut(step.timeoutSec, step.hook.command) : null;
    if (nonBlocking !== null && outcome !== "block") this.errors.push(`${step.file} hook error: [${step.hook.command}]: ${nonBlocking}`);
    this.records.push(this.record(step, outcome, message, this.completed++, blockingError, nonBlocking));
  }

  /** Record a hook the chain never reached. */
  skipped(step: Step, why: string): void {
    this.records.push(this.record(step, "skipped", why, null, null, null));
  }

  /** The log lines of a hook that failed, timed out, or exited 2 where exit 2 is only a warning. */
  noticeFor(step: Step): void {
    const run = step.run;
    if (this.resolved === null) return;
    const { rules, event } = this.resolved;
    if (run.kind === "timed-out") {
      this.notices.push(T.timeoutNotice(rules.timeoutWarning.subject, step.file, rules.timeoutWarning.proceeds, step.timeoutSec, step.hook.command));
    } else if (run.kind === "failed") {
      const exit = run.exit ?? -1;
      const line = {
        "pre-tool-fail-closed": () => T.preToolFailClosedNotice(step.file, exit),
        "error-in-event": () => T.errorInEventNotice(event, step.file, exit),
        "execution-failed": () => T.executionFailedNotice(step.file, exit),
        "permission-fail-closed": () => T.permissionFailClosedNotice(step.file, exit),
      }[rules.errorNotice]();
      this.notices.push(line);
    } else if (run.exit === 2 && rules.exit2 === "warning" && step.hook.stderr.trim() !== "") {
      this.notices.push(...T.exit2WarningNotices(step.hook.stderr.trim()));
    }
  }

  private record(step: Step, outcome: RunRecord["outcome"], message: string | null, completion: number | null, blockingError: string | null, nonBlocking: string | null): RunRecord {
    const run = step.run;
    const parsed = run.kind === "answered" ? run.parsed : { output: parseHookStdout(step.hook.stdout).output, json: null };
    return {
      event: this.eventName,
      hook_name: step.file,
      source: step.hook.source ?? null,
      plugin: null,
      matcher: null,
      command: step.hook.command,
      args: null,
      argv: null,
      form: "shell",
      async: false,
      timeout: step.timeoutSec,
      outcome,
      message,
      exit: run.kind === "timed-out" ? null : step.hook.exit,
      signal: null,
      duration_ms: null,
      stdout: step.hook.stdout,
      stderr: step.hook.stderr,
      output: parsed.output,
      json: run.kind === "answered" ? parsed.json : null,
      completion,
      config_index: step.configIndex,
      timed_out: run.kind === "timed-out",
      warnings: [],
      validation_error: null,
      blocking_error: blockingError,
      non_blocking_error: outcome === "block" ? null : nonBlocking,
      no_verdict: null,
    };
  }
}

const ENDED_BY = (file: string): string => `not run: the hook from "${file}" before it ended the chain`;

function noEffects(): MergeEffects {
  return { decision: null, tool_input: null, tool_result: null, blocked: false, model_context: [], notices: [], stopped: false, stop_reason: null };
}

interface Outcome {
  readonly effects: MergeEffects;
  readonly updatedInput?: JsonObject | null;
  readonly denyMessages?: readonly string[];
}

function finish(request: CopilotRequest, chain: Chain, outcome: Outcome): MergedResult {
  const { effects } = outcome;
  const denyMessages = [...(outcome.denyMessages ?? [])];
  return mergedResult({
    agent: "copilot-cli",
    event: request.event,
    runs: chain.records,
    errors: chain.errors,
    decision: effects.decision,
    reasons: chain.reasons,
    deny_messages: denyMessages,
    blocked: effects.blocked,
    additional_context: chain.contexts,
    system_messages: [],
    stopped: false,
    stop_reason: null,
    updated_input: outcome.updatedInput ?? null,
    ran: chain.records.filter((r) => r.outcome !== "skipped").length,
    async_context: [],
    effects: { ...effects, notices: chain.notices },
  });
}

const toolNameOf = (request: MergeRequest): string => modelToolName(request.tool_name ?? "tool");

/** The event input field at a native or Claude-style key (`toolResult.textResultForLlm` / `tool_result.text_result_for_llm`). */
function inputText(request: MergeRequest, path: readonly (readonly [string, string])[]): string | undefined {
  for (const variant of [0, 1] as const) {
    let value: JsonValue | undefined = request.input;
    for (const keys of path) value = isJsonObject(value) ? value[keys[variant]] : undefined;
    if (typeof value === "string") return value;
  }
  return undefined;
}

const kindOf = (value: JsonValue): string => (value === null ? "null" : Array.isArray(value) ? "array" : typeof value);

/**
 * The tool's reading of rewritten args: an object is used; a string is parsed as
 * JSON, and runs when it holds an object (new-blind2-pre-modifiedArgs-json-string);
 * anything else fails the call with the tool's text (new-pre-modifiedArgs-string,
 * new-blind2-pre-modifiedArgs-array).
 */
function toolArgsOf(rewrite: JsonValue): { readonly args: JsonObject } | { readonly error: string } {
  if (isJsonObject(rewrite)) return { args: rewrite };
  if (typeof rewrite !== "string") return { error: T.invalidInput(T.notAnObject(kindOf(rewrite))) };
  const parsed = readRust("Value", rewrite);
  if (!parsed.ok) return { error: T.invalidInput(formatSerdeError(parsed.error)) };
  const value = toPlainJson(parsed.value as SerdeValue) as JsonValue;
  return isJsonObject(value) ? { args: value } : { error: T.invalidInput(T.notAnObject(kindOf(value))) };
}

/** `--allow-all-tools`, read one way for every event: left out is true (REQUEST_EXTENSIONS). */
const allowsAllTools = (request: CopilotRequest): boolean => request.allow_all_tools !== false;

/**
 * preToolUse: the sequential chain; the first deny (deny, ask, exit 2, exit != 0) ends it. A call
 * that no hook denied and none allowed (`permissionDecision: "allow"`, flat or, Claude-style, in
 * `hookSpecificOutput`) goes on to Copilot's permission check: under `--allow-all-tools` it runs,
 * without it prompt mode has nobody to ask and refuses it with NO_APPROVER (decision null, not a
 * hook's block: cap-pretooluse-silent-without-allow-all; an allow runs it:
 * cap-pretooluse-allow-without-allow-all, cap-claude-pretooluse-allow-without-allow-all). A
 * permissionRequest hook that allows would let it run (cap-permissionrequest-allow): that is the
 * next event's request; this one says what happens when none decides. Not recorded without the
 * flag, read as the check comes before the tool: a timed-out hook (it "proceeds" to the check) and
 * a rewrite without an allow are refused too, the contexts are kept as beside a deny (pre-21b),
 * and a rewrite the tool cannot use gives the refusal, not the tool's error.
 */
function preToolChain(request: CopilotRequest, steps: readonly Step[], chain: Chain): Outcome {
  let args: { readonly args: JsonObject | null } | { readonly error: string } = { args: request.tool_input ?? null };
  let rewritten = false;
  let allowed = false;
  let denial: { decision: "deny" | "ask"; text: string } | null = null;
  for (const [i, step] of steps.entries()) {
    if (denial !== null) {
      chain.skipped(step, ENDED_BY(steps[i - 1]!.file));
      continue;
    }
    const run = step.run;
    chain.noticeFor(step);
    if (run.kind === "timed-out") {
      chain.ran(step, "timeout", "timed out; the tool call proceeds");
      continue;
    }
    if (run.kind === "failed") {
      denial = { decision: "deny", text: T.erroredDenial(step.file) };
      chain.ran(step, "block", denial.text);
      continue;
    }
    const answer = readPreToolAnswer(run.parsed.json, step.claudeStyle);
    if (answer.context !== undefined) chain.contexts.push(answer.context);
    const jsonDenies = answer.decision === "deny" || answer.decision === "ask";
    if (run.exit === 2 && !jsonDenies) {
      denial = { decision: "deny", text: T.denied(T.EXIT_2_REASON) };
      chain.reasons.push(T.EXIT_2_REASON);
      chain.ran(step, "block", denial.text, T.EXIT_2_REASON);
      continue;
    }
    if (jsonDenies) {
      // on exit 2 a JSON deny without a reason gives the exit-2 text (new-blind4-pre-exit2-deny-no-reason)
      const reason = answer.reason ?? (run.exit === 2 ? T.EXIT_2_REASON : T.NO_REASON);
      // on exit 2 a JSON ask is a plain deny with its reason (new-blind2-pre-exit2-json-ask)
      const asks = answer.decision === "ask" && run.exit === 0;
      denial = { decision: asks ? "ask" : "deny", text: asks ? T.askDenied(reason) : T.denied(reason) };
      chain.reasons.push(reason);
      chain.ran(step, "block", denial.text);
      continue;
    }
    if (answer.decision === "allow") allowed = true;
    if (answer.rewrite !== undefined) {
      args = toolArgsOf(answer.rewrite);
      rewritten = true;
    }
    chain.ran(step, "success");
  }
  const model_context = chain.contexts.length === 0 ? [] : [T.preToolContext(chain.contexts)];
  if (denial !== null) {
    return {
      effects: { ...noEffects(), decision: denial.decision, blocked: true, tool_result: denial.text, model_context },
      denyMessages: [denial.text],
    };
  }
  if (!allowed && !allowsAllTools(request)) {
    // the rewrite still reaches the next hook's stdin (the runner reads updated_input)
    const updatedInput = rewritten && !("error" in args) ? args.args : null;
    return { effects: { ...noEffects(), tool_result: T.NO_APPROVER, model_context }, updatedInput };
  }
  const decision = allowed ? "allow" : null;
  if ("error" in args) return { effects: { ...noEffects(), decision, tool_result: args.error, model_context } };
  return {
    effects: { ...noEffects(), decision, tool_input: args.args, model_context },
    updatedInput: rewritten ? args.args : null,
  };
}

/** postToolUse: the sequential chain; a block ends it; the last configured replacement wins; contexts appended. */
function postToolChain(request: CopilotRequest, steps: readonly Step[], chain: Chain, rules: EventRules): Outcome {
  let replacement: string | undefined;
  let blocked: { reason: string; file: string } | null = null;
  for (const [i, step] of steps.entries()) {
    if (blocked !== null) {
      chain.skipped(step, ENDED_BY(steps[i - 1]!.file));
      continue;
    }
    chain.noticeFor(step);
    const run = step.run;
    if (run.kind !== "answered") {
      chain.ran(step, run.kind === "timed-out" ? "timeout" : "error");
      continue;
    }
    const answer = readPostToolAnswer(run.parsed.json, rules);
    if (answer.context !== undefined) chain.contexts.push(answer.context);
    if (answer.replacement !== undefined) replacement = answer.replacement;
    if (answer.blockReason !== undefined) {
      blocked = { reason: answer.blockReason, file: step.file };
      chain.reasons.push(answer.blockReason);
      chain.notices.push(T.toolResultBlockedNotice(step.file, answer.blockReason));
      chain.ran(step, "block", T.toolResultBlocked(answer.blockReason));
      continue;
    }
    chain.ran(step, run.exit === 2 ? "error" : "success");
  }
  const toolInput = request.tool_input ?? null;
  if (blocked !== null) return { effects: { ...noEffects(), blocked: true, tool_input: toolInput, tool_result: T.toolResultBlocked(blocked.reason) } };
  const original = inputText(request, [["toolResult", "tool_result"], ["textResultForLlm", "text_result_for_llm"]]) ?? "";
  const base = replacement ?? original;
  const toolResult = chain.contexts.length > 0 ? T.postToolContext(base, toolNameOf(request), chain.contexts) : (replacement ?? null);
  return { effects: { ...noEffects(), tool_input: toolInput, tool_result: toolResult } };
}

/** Events whose hooks all run and add their contexts (postToolUseFailure, sessionStart). */
function collectContexts(steps: readonly Step[], chain: Chain, rules: EventRules): void {
  for (const step of steps) {
    chain.noticeFor(step);
    const run = step.run;
    if (run.kind !== "answered") {
      chain.ran(step, run.kind === "timed-out" ? "timeout" : "error");
      continue;
    }
    const stderrIsContext = run.exit === 2 && rules.exit2 === "stderr-context";
    const context = stderrIsContext ? contextText(step.hook.stderr.trim()) : contextOf(run.parsed.json, rules);
    if (context !== undefined) chain.contexts.push(context);
    chain.ran(step, run.exit === 2 && !stderrIsContext ? "error" : "success");
  }
}

function failureContext(request: CopilotRequest, steps: readonly Step[], chain: Chain, rules: EventRules): Outcome {
  collectContexts(steps, chain, rules);
  const model_context = chain.contexts.length === 0 ? [] : [T.failureContext(toolNameOf(request), chain.contexts)];
  return { effects: { ...noEffects(), tool_input: request.tool_input ?? null, model_context } };
}

function sessionContexts(steps: readonly Step[], chain: Chain, rules: EventRules): Outcome {
  collectContexts(steps, chain, rules);
  return { effects: { ...noEffects(), model_context: chain.contexts.length === 0 ? [] : [T.sessionContext(chain.contexts)] } };
}

/**
 * The key-by-key merge of userPromptSubmitted, agentStop and permissionRequest:
 * every hook runs, and each key of the merged output is the last configured
 * hook's (ups-11, stop-09, perm-05). A permissionRequest hook that exits 2
 * adds `behavior: deny` (perm-06, and a later allow still wins:
 * new-blind-perm-exit2-then-allow); one that fails denies with its own message
 * and ends the chain (new-perm-exit1, new-blind4-perm-exit1-then-allow).
 */
function keyMerge(steps: readonly Step[], chain: Chain, permission: boolean): JsonObject {
  const merged: JsonObject = Object.create(null) as JsonObject;
  let failedAt: Step | null = null;
  for (const step of steps) {
    if (failedAt !== null) {
      chain.skipped(step, ENDED_BY(failedAt.file));
      continue;
    }
    chain.noticeFor(step);
    const run = step.run;
    if (run.kind === "timed-out") {
      chain.ran(step, "timeout");
      continue;
    }
    if (permission && (run.kind === "failed" || run.exit === 2)) {
      merged["behavior"] = "deny";
      if (run.kind === "failed") {
        merged["message"] = T.PERMISSION_HOOK_FAILED;
        failedAt = step;
      }
      chain.ran(step, "block");
      continue;
    }
    if (run.kind === "failed") {
      chain.ran(step, "error");
      continue;
    }
    for (const [key, value] of Object.entries(run.parsed.json ?? {})) merged[key] = value;
    chain.ran(step, run.exit === 2 ? "error" : "success");
  }
  return merged;
}

function promptKeyMerge(request: CopilotRequest, steps: readonly Step[], chain: Chain, rules: EventRules): Outcome {
  const merged = keyMerge(steps, chain, false);
  const reason = blockReasonOf(merged, rules);
  const context = contextText(merged["additionalContext"], rules.valueText);
  if (context !== undefined) chain.contexts.push(context);
  if (reason !== undefined) {
    chain.reasons.push(reason);
    chain.notices.push(T.promptBlockedNotice(reason));
    return { effects: { ...noEffects(), blocked: true, prompt: null } };
  }
  // a string only: a number is ignored (new-blind3-ups-modifiedPrompt-number), "" empties the prompt
  const replaced = typeof merged["modifiedPrompt"] === "string" ? merged["modifiedPrompt"] : undefined;
  const original = textOf(request.input?.["prompt"]) ?? "";
  const prompt = replaced === undefined && context === undefined ? null : (replaced ?? original) + (context === undefined ? "" : T.promptReminder(context));
  return { effects: { ...noEffects(), prompt } };
}

function stopKeyMerge(steps: readonly Step[], chain: Chain, rules: EventRules): Outcome {
  const reason = blockReasonOf(keyMerge(steps, chain, false), rules);
  if (reason === undefined) return { effects: noEffects() };
  chain.reasons.push(reason);
  // the continuation is a user message; Copilot wraps it in `<current_datetime>` like every user message
  return { effects: { ...noEffects(), blocked: true, model_context: [reason] } };
}

function permissionKeyMerge(request: CopilotRequest, steps: readonly Step[], chain: Chain): Outcome {
  const merged = keyMerge(steps, chain, true);
  const behavior = behaviorOf(merged);
  const toolInput = request.tool_input ?? null;
  if (behavior === "deny") {
    // an empty message gives the default too (new-blind3-perm-deny-empty-message)
    const message = merged["message"];
    const reason = (typeof message === "string" ? message : undefined) || T.PERMISSION_DEFAULT_MESSAGE;
    chain.reasons.push(reason);
    const text = T.permissionDenied(reason);
    return { effects: { ...noEffects(), decision: "deny", blocked: true, tool_result: text }, denyMessages: [text] };
  }
  if (behavior === "allow") return { effects: { ...noEffects(), decision: "allow", tool_input: toolInput } };
  // no hook decided: --allow-all-tools approves, prompt mode cannot ask and denies (perm-00, perm-01b)
  if (allowsAllTools(request)) return { effects: { ...noEffects(), tool_input: toolInput } };
  return { effects: { ...noEffects(), tool_result: T.NO_APPROVER } };
}

const STRATEGIES: Readonly<Record<EventRules["merge"], (request: CopilotRequest, steps: readonly Step[], chain: Chain, rules: EventRules) => Outcome>> = {
  "pre-tool-chain": preToolChain,
  "post-tool-chain": postToolChain,
  "failure-context": failureContext,
  "session-contexts": (_request, steps, chain, rules) => sessionContexts(steps, chain, rules),
  "prompt-key-merge": promptKeyMerge,
  "stop-key-merge": (_request, steps, chain, rules) => stopKeyMerge(steps, chain, rules),
  "permission-key-merge": permissionKeyMerge,
};

export function mergeCopilotRequest(request: MergeRequest): MergedResult {
  const copilot = request as CopilotRequest;
  const resolved = resolveEvent(request.event);
  if (resolved === null) {
    const chain = new Chain(null, request.event);
    chain.errors.push(`unknown event "${request.event}": Copilot CLI 1.0.102 runs no hooks for it`);
    return finish(copilot, chain, { effects: noEffects() });
  }
  const chain = new Chain(resolved, request.event);
  const steps = stepsOf(copilot, resolved);
  return finish(copilot, chain, STRATEGIES[resolved.rules.merge](copilot, steps, chain, resolved.rules));
}
