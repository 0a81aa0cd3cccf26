/**
 * One hook's process result -> Codex CLI 0.171.0's record of the hook run
 * (status + entries, what the app-server reports) and the shared RunRecord.
 *
 * | exit | Codex |
 * |---|---|
 * | 0 | stdout read (read-output.ts): empty/plain text by the event's rule, JSON strictly |
 * | 2, event blocks | a block with the trimmed stderr; stdout never read; empty stderr fails open (pre-04, pre-06c, cx-pre-exit2-no-stderr) |
 * | 2, event cannot block | `hook exited with code 2` (ss-03) |
 * | other | `hook exited with code <n>`, stdout never read (pre-06, cx-pre-exit1-json-deny) |
 * | none | killed: `hook exited without a status code` (cx-pre-killed-by-signal); timeout: `hook timed out after <n>s` (cx-pre-timeout) |
 * | async handler | not reported, no effect (pre-26) |
 */
import { shellHookFields, type RunRecord } from "../core/records.js";
import type { CodexEventName, CodexEventRules } from "./events.js";
import { judgeOutput, readStdout, rustTrim, type StdoutReading, type Verdict } from "./read-output.js";
import * as texts from "./texts.js";

/** What running one hook produced (a `conformance merge` hook entry, or the runner's process result). */
export interface CodexHookResult {
  readonly command: string;
  readonly exit: number | null;
  readonly stdout: string;
  readonly stderr: string;
  readonly timed_out?: boolean | undefined;
  /** The configuration file the hook came from (Codex's `sourcePath`, part of the hook run id). */
  readonly source?: string | undefined;
  readonly timeout?: number | undefined;
  readonly config_index?: number | undefined;
  readonly async?: boolean | undefined;
  readonly matcher?: string | null | undefined;
  readonly argv?: readonly string[] | null | undefined;
  readonly signal?: string | null | undefined;
  readonly duration_ms?: number | null | undefined;
}

export type RunStatus = "completed" | "blocked" | "stopped" | "failed" | "async";

export interface CodexRun {
  readonly record: RunRecord;
  readonly status: RunStatus;
  /** The hook run's entries, `<kind>: <text>`, in Codex's order (warning, context, feedback, stop; or warning, error). */
  readonly entries: readonly string[];
  /** What the output does (of a failed run only its `warning` and `error` count); null for an async handler. */
  readonly verdict: Verdict | null;
  readonly configIndex: number;
  readonly completion: number;
  /** The hook run id (`stop:0:<path>`), which Stop's continuation prompt names. */
  readonly runId: string;
}

export interface ClassifyContext {
  readonly event: CodexEventName;
  readonly rules: CodexEventRules;
  /** The tool call id (`tool_use_id`), for tool events' run ids. */
  readonly callId: string | null;
  readonly completion: number;
  readonly configIndex: number;
}

const EMPTY: Verdict = { warning: null, error: null, context: null, block: null, stop: null, replacement: null, rewrite: null, permission: null };

function entriesOf(verdict: Verdict): string[] {
  const entries: string[] = [];
  if (verdict.warning !== null) entries.push(texts.entryText("warning", verdict.warning));
  if (verdict.error !== null) return [...entries, texts.entryText("error", verdict.error)];
  if (verdict.context !== null) entries.push(texts.entryText("context", verdict.context));
  // A stop hides the block's feedback entry (cx-post-stop-and-block-one-output).
  if (verdict.block !== null && verdict.stop === null) entries.push(texts.entryText("feedback", verdict.block));
  if (verdict.stop !== null && verdict.stop.entry !== null) entries.push(texts.entryText("stop", verdict.stop.entry));
  return entries;
}

function statusOf(verdict: Verdict): RunStatus {
  if (verdict.error !== null) return "failed";
  if (verdict.stop !== null) return "stopped";
  return verdict.block !== null ? "blocked" : "completed";
}

const OUTCOME: Readonly<Record<RunStatus, RunRecord["outcome"]>> = { completed: "success", blocked: "block", stopped: "success", failed: "error", async: "running" };

export function classifyCodexRun(result: CodexHookResult, context: ClassifyContext): CodexRun {
  const { event, rules } = context;
  const runId = texts.hookRunId(rules.idPrefix, context.configIndex, result.source ?? "", rules.idHasCallId ? context.callId : null);
  const timedOut = result.timed_out === true;
  let reading: StdoutReading | null = null;
  let verdict: Verdict;
  let blockingError: string | null = null;
  if (result.async === true) {
    verdict = EMPTY;
  } else if (timedOut) {
    verdict = { ...EMPTY, error: texts.timedOut(result.timeout ?? rules.defaultTimeoutSec) };
  } else if (result.exit === null) {
    verdict = { ...EMPTY, error: texts.EXITED_WITHOUT_STATUS };
  } else if (result.exit === 2 && rules.exit2.kind === "block") {
    const stderr = rustTrim(result.stderr);
    if (stderr === "") verdict = { ...EMPTY, error: texts.exit2WithoutStderr(event, rules.exit2.missing) };
    else {
      blockingError = stderr;
      verdict = { ...EMPTY, block: stderr, replacement: stderr, permission: event === "PermissionRequest" ? "deny" : null };
    }
  } else if (result.exit !== 0) {
    verdict = { ...EMPTY, error: texts.exitedWithCode(result.exit) };
  } else if (rules.invalidKind === null) {
    verdict = EMPTY;
  } else {
    reading = readStdout(result.stdout, rules);
    if (reading.output === "empty") verdict = EMPTY;
    else if (reading.output === "invalid") verdict = { ...EMPTY, error: texts.invalidJsonOutput(rules.invalidKind) };
    else if (reading.output === "json") verdict = judgeOutput(event, rules, reading.json!);
    else if (rules.plainText === "context") verdict = { ...EMPTY, context: reading.text };
    else if (rules.plainText === "invalid") verdict = { ...EMPTY, error: texts.invalidJsonOutput(rules.invalidKind) };
    else if (rules.plainText === "non-json-error") verdict = { ...EMPTY, error: texts.INTERRUPT_NON_JSON };
    else verdict = EMPTY;
  }
  const status: RunStatus = result.async === true ? "async" : statusOf(verdict);
  const entries = result.async === true ? [] : entriesOf(verdict);
  const error = status === "failed" ? verdict.error : null;
  const record: RunRecord = {
    event,
    hook_name: runId,
    ...shellHookFields(result),
    async: result.async === true,
    timeout: result.async === true ? null : (result.timeout ?? rules.defaultTimeoutSec),
    outcome: timedOut ? "timeout" : OUTCOME[status],
    message: status === "async" ? "Codex runs async handlers detached and ignores their output" : entries.length === 0 ? null : entries.join("; "),
    exit: timedOut ? null : result.exit,
    signal: result.signal ?? null,
    duration_ms: result.duration_ms ?? null,
    stdout: result.stdout,
    stderr: result.stderr,
    output: reading?.output ?? (rustTrim(result.stdout) === "" ? "empty" : "text"),
    json: reading?.json ?? null,
    completion: context.completion,
    config_index: context.configIndex,
    timed_out: timedOut,
    warnings: [],
    validation_error:
      reading?.problem === null || reading?.problem === undefined || rules.invalidKind === null
        ? null
        : { code: reading.problem.code, path: reading.problem.path, message: texts.invalidJsonOutput(rules.invalidKind) },
    blocking_error: blockingError,
    non_blocking_error: error,
    no_verdict: null,
  };
  return { record, status, entries, verdict: status === "async" ? null : verdict, configIndex: context.configIndex, completion: context.completion, runId };
}
