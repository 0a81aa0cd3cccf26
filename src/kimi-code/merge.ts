/**
 * Kimi Code CLI 2.1.0's merge: every matched hook of the event runs at once,
 * Kimi reads each (src/kimi-code/read.ts) and keeps the results in
 * CONFIGURATION order (km-pre-09: A's deny reason although B finished
 * first); the first block in that order decides. One function per strategy
 * of the event table (src/kimi-code/events.ts); every other event's answers
 * change nothing (km-post-01..03, km-ss-01).
 */
import { mergedResult, shellHookFields, type ConfiguredShellHook, type MergeEffects, type MergedResult, type RunRecord, type ToolEventMergeContext } from "../core/records.js";
import { isJsonObject, type JsonObject, type JsonValue } from "../json/value.js";
import { KIMI_CODE_EVENTS, isKimiCodeEvent, type MergeStrategy } from "./events.js";
import { readKimiCodeHook, type KimiCodeHookReading, type KimiCodeProcessResult } from "./read.js";
import * as T from "./texts.js";

/** One hook's raw result with how it was configured: `timeout` in seconds, `config_index` its place among the event's `[[hooks]]` tables. */
export interface KimiCodeHookResult extends KimiCodeProcessResult, ConfiguredShellHook {}

export type KimiCodeMergeContext = ToolEventMergeContext;

interface Reading {
  readonly index: number;
  readonly result: KimiCodeHookResult;
  readonly reading: KimiCodeHookReading;
}

interface Verdict {
  readonly effects: Partial<MergeEffects>;
  readonly reasons?: readonly string[];
  readonly denyMessages?: readonly string[];
  readonly contexts?: readonly string[];
}

const NOTHING: Verdict = { effects: {} };

/** Kimi's `blockDecision`: the first block in configuration order, its trimmed reason or `Blocked by <event> hook`. */
function firstBlock(event: string, reads: readonly Reading[]): string | undefined {
  const block = reads.find((r) => r.reading.action === "block");
  if (block === undefined) return undefined;
  const reason = block.reading.reason?.trim();
  return reason === undefined || reason === "" ? T.blockedBy(event) : reason;
}

function preToolUse(reads: readonly Reading[]): Verdict {
  const reason = firstBlock("PreToolUse", reads);
  if (reason === undefined) return NOTHING;
  const result = T.deniedToolResult(reason);
  return { effects: { decision: "deny", blocked: true, tool_input: null, tool_result: result }, reasons: [reason], denyMessages: [reason] };
}

/** Kimi's `userPromptHookMessage`: an exit-0 hook's trimmed `message`, else its trimmed stdout. */
function promptText(r: Reading): string | undefined {
  if (r.reading.timedOut || r.reading.exit !== 0) return undefined;
  const message = r.reading.message?.trim();
  if (message !== undefined && message !== "") return message;
  const stdout = r.result.stdout.trim();
  return stdout === "" ? undefined : stdout;
}

function userPromptSubmit(reads: readonly Reading[]): Verdict {
  const event = "UserPromptSubmit";
  const block = reads.find((r) => r.reading.action === "block");
  if (block !== undefined) {
    // the block text is shown, never sent: no model request follows and the run fails (km-ups-02)
    const message = block.reading.message?.trim();
    const reason = block.reading.reason?.trim();
    const text = message !== undefined && message !== "" ? message : reason !== undefined && reason !== "" ? reason : T.blockedBy(event);
    return { effects: { blocked: true, notices: [T.hookNotice(event, text, true), T.PROMPT_BLOCKED] }, reasons: [text] };
  }
  const texts = reads.filter((r) => r.reading.action !== "block").flatMap((r) => promptText(r) ?? []);
  if (texts.length === 0) return NOTHING;
  // one user message after the prompt, a block per hook (km-ups-01, km-ups-03)
  return {
    effects: { model_context: [texts.map((t) => T.hookResult(event, t)).join("\n")], notices: [T.hookNotice(event, texts.join("\n\n"), false)] },
    contexts: texts,
  };
}

function stop(reads: readonly Reading[]): Verdict {
  const reason = firstBlock("Stop", reads);
  if (reason === undefined) return NOTHING;
  // the reason is the next user message and the model answers again; not again in the same turn (km-stop-02)
  return { effects: { blocked: true, model_context: [reason] }, reasons: [reason] };
}

function verdictOf(strategy: MergeStrategy, reads: readonly Reading[]): Verdict {
  switch (strategy) {
    case "pre-tool-use":
      return preToolUse(reads);
    case "user-prompt-submit":
      return userPromptSubmit(reads);
    case "stop":
      return stop(reads);
    case "no-effect":
      return NOTHING;
  }
}

function record(event: string, r: Reading, completion: number, honoured: boolean): RunRecord {
  const { result, reading } = r;
  const trimmed = result.stdout.trim();
  const output: RunRecord["output"] = trimmed === "" ? "empty" : reading.json !== null ? "json" : trimmed.startsWith("{") ? "invalid" : "text";
  const blocks = honoured && reading.action === "block";
  const failed = !reading.timedOut && reading.exit !== 0 && reading.exit !== 2;
  const outcome: RunRecord["outcome"] = reading.timedOut ? "timeout" : blocks ? "block" : failed ? "error" : "success";
  return {
    event,
    hook_name: result.command,
    ...shellHookFields(result),
    async: false,
    timeout: typeof result.timeout === "number" ? result.timeout : T.DEFAULT_TIMEOUT_SECONDS,
    outcome,
    message: result.message ?? null,
    exit: reading.timedOut ? null : result.exit,
    signal: result.signal ?? null,
    duration_ms: result.duration_ms ?? null,
    stdout: result.stdout,
    stderr: result.stderr,
    output,
    json: reading.json,
    completion,
    config_index: result.config_index ?? null,
    timed_out: reading.timedOut,
    warnings: [],
    validation_error: null,
    blocking_error: blocks && result.exit === 2 ? reading.reason ?? null : null,
    non_blocking_error: null,
    no_verdict: null,
  };
}

/** Hooks in completion order (as given) -> the merged result, as Kimi reads them. Never throws. */
export function mergeKimiCode(event: string, results: readonly KimiCodeHookResult[], context: KimiCodeMergeContext): MergedResult {
  const known = isKimiCodeEvent(event);
  const rules = known ? KIMI_CODE_EVENTS[event] : null;
  const strategy: MergeStrategy = rules?.merge ?? "no-effect";
  const reads: Reading[] = results.map((result, index) => ({ index, result, reading: readKimiCodeHook(result) }));
  const runs = reads.map((r) => record(event, r, r.index, strategy !== "no-effect"));
  // configuration order; hooks without a position keep their completion order after the others
  const position = (r: Reading): number => r.result.config_index ?? Number.MAX_SAFE_INTEGER;
  const configured = [...reads].sort((a, b) => position(a) - position(b) || a.index - b.index);
  const verdict = verdictOf(strategy, configured);
  const errors: string[] = [];
  if (!known) errors.push(`Kimi Code has no ${event} event: a [[hooks]] table naming it makes the whole hooks list invalid`);
  const rawToolInput = context.input["tool_input"];
  const toolInput = isJsonObject((rawToolInput ?? null) as JsonValue) ? (rawToolInput as JsonObject) : null;
  const effects: MergeEffects = {
    decision: null,
    tool_input: rules?.matchField === "tool_name" ? toolInput : null,
    tool_result: null,
    blocked: false,
    model_context: [],
    notices: [],
    stopped: false,
    stop_reason: null,
    ...verdict.effects,
  };
  return mergedResult({
    agent: "kimi-code",
    event,
    runs,
    errors,
    decision: effects.decision,
    reasons: [...(verdict.reasons ?? [])],
    deny_messages: [...(verdict.denyMessages ?? [])],
    blocked: effects.blocked,
    additional_context: [...(verdict.contexts ?? [])],
    system_messages: [],
    stopped: false,
    stop_reason: null,
    updated_input: null,
    ran: runs.length,
    async_context: [],
    effects,
  }, "\n");
}
