/**
 * One hook's process result (plus how it was configured) → its run record,
 * by Claude Code 2.1.332's exit-code × output matrix:
 *
 * | stdout \ exit | 0 | 2 (event honours it) | other |
 * |---|---|---|---|
 * | empty / text | success | block `[<cmd>]: <stderr>` | error `Failed with non-blocking status code: <stderr>` |
 * | valid JSON | success, or block when it blocks | block; the JSON still applies (pre-23: it cannot cancel the block) | the JSON applies (pre-27, probe-v18), no error reported |
 * | invalid | error (validation text), no verdict | block with stderr (pre-36) | error: validation text + `Hook exited <n> with stderr:` (probe-v16) |
 *
 * Timeouts fail open: output discarded (pre-83). Exit 126/127 (not
 * executable / not found) add the "no usable answer" notice; other exits do not.
 */
import { isJsonObject, type JsonObject } from "./jsc-json.js";
import { firstLineOf, readHookStdout } from "./read-stdout.js";
import { rulesOf, type EventRules } from "./events.js";
import {
  asyncFailedText,
  exit2Text,
  failedToRunText,
  invalidWithExitText,
  missingScriptText,
  NO_STDERR,
  nonBlockingStatusText,
} from "./texts.js";
import type { RunRecord } from "../core/records.js";

/**
 * What running one hook produced. Structurally a subset of the runner's
 * `HookProcessResult` and a superset of a `conformance merge` hook entry.
 */
export interface HookRunResult {
  readonly command: string;
  readonly exit: number | null;
  readonly stdout: string;
  readonly stderr: string;
  readonly timed_out?: boolean | undefined;
  readonly status?: "exited" | "timed_out" | "spawn_failed" | "skipped" | "cancelled" | "async" | undefined;
  readonly source?: string | null | undefined;
  readonly plugin?: string | null | undefined;
  readonly matcher?: string | null | undefined;
  readonly args?: readonly string[] | null | undefined;
  readonly argv?: readonly string[] | null | undefined;
  readonly form?: "exec" | "shell" | "http" | null | undefined;
  readonly async?: boolean | undefined;
  readonly timeout?: number | null | undefined;
  readonly signal?: string | null | undefined;
  readonly duration_ms?: number | null | undefined;
  readonly message?: string | null | undefined;
  readonly completion?: number | null | undefined;
  readonly config_index?: number | null | undefined;
}

export interface ClassifyContext {
  readonly event: string;
  /** `PreToolUse:Bash`, see hookNameOf. */
  readonly hookName: string;
}

function jsonBlocks(json: JsonObject | null): boolean {
  if (json === null) return false;
  if (json["decision"] === "block") return true;
  const hso = json["hookSpecificOutput"];
  if (!isJsonObject(hso)) return false;
  if (hso["permissionDecision"] === "deny") return true;
  const d = hso["decision"];
  return isJsonObject(d) && d["behavior"] === "deny";
}

export function classifyRun(result: HookRunResult, context: ClassifyContext): RunRecord {
  const { event, hookName } = context;
  const timedOut = result.timed_out === true || result.status === "timed_out";
  const record: RunRecord = {
    event,
    hook_name: hookName,
    source: result.source ?? null,
    plugin: result.plugin ?? null,
    matcher: result.matcher ?? null,
    command: result.command,
    args: result.args === null || result.args === undefined ? null : [...result.args],
    argv: result.argv === null || result.argv === undefined ? null : [...result.argv],
    form: result.form ?? null,
    async: result.async === true || result.status === "async",
    timeout: result.timeout ?? null,
    outcome: "success",
    message: result.message ?? null,
    exit: timedOut ? null : result.exit,
    signal: result.signal ?? null,
    duration_ms: result.duration_ms ?? null,
    stdout: result.stdout,
    stderr: result.stderr,
    output: "empty",
    json: null,
    completion: result.completion ?? null,
    config_index: result.config_index ?? null,
    timed_out: timedOut,
    warnings: [],
    validation_error: null,
    blocking_error: null,
    non_blocking_error: null,
    no_verdict: null,
  };
  const rules = rulesOf(event);
  const noVerdict = rules.noVerdictNotice;

  if (result.status === "skipped") return { ...record, outcome: "skipped", completion: null };
  if (result.status === "cancelled") return { ...record, outcome: "cancelled" };
  if (timedOut) {
    // Output discarded; the hook renders no decision (pre-83).
    const limit = record.timeout === null ? "" : ` after ${record.timeout * 1000}ms`;
    return {
      ...record,
      outcome: "timeout",
      message: record.message ?? `timed out${limit}; its output was discarded`,
      no_verdict: noVerdict ? "timed_out" : null,
    };
  }

  if (result.status === "async") {
    // In the background: its decision is not awaited (configured async, or announced {"async":true}).
    return { ...record, async: true, outcome: "running" };
  }
  let reading = readHookStdout(result.stdout, event, hookName);
  if (reading.async) {
    // Announced {"async":true} and has finished: what follows the announcement is its answer (probe-a01).
    const rest = result.stdout.slice(firstLineOf(result.stdout).length + 1);
    record.async = true;
    if (result.exit === null) return { ...record, outcome: "running" };
    reading = readHookStdout(rest, event, hookName);
  }
  Object.assign(record, {
    output: reading.output,
    json: reading.json,
    warnings: [...reading.warnings],
    validation_error: reading.error,
  });
  if (record.async && result.exit !== 0 && result.status !== "spawn_failed") {
    // A finished background hook: exit 2 blocks nothing (second recording set), other codes are a
    // failure in Claude Code's words for async hooks (claude-code-hooks.md §3.5).
    const failed = result.exit === 2 ? null : asyncFailedText(result.exit ?? 1, result.stderr);
    return { ...record, outcome: "error", non_blocking_error: failed, message: failed ?? "exit 2 of an async hook has no effect" };
  }
  if (result.status === "spawn_failed") {
    return {
      ...record,
      outcome: "error",
      non_blocking_error: nonBlockingStatusText(result.stderr || result.message || NO_STDERR),
      no_verdict: noVerdict ? "no_usable_answer" : null,
    };
  }

  const exit = result.exit;
  const stderrText = result.stderr === "" ? NO_STDERR : result.stderr;
  if (exit === 2) {
    const rule = rules.exit2;
    // a plugin's hook names its plugin (claude-code-hooks.md §3.5, not observed: the observer has no plugins)
    if (looksLikeMissingScript(rules.exit2MissingScript, record.plugin, result.stdout, result.stderr)) {
      const missing = missingScriptText(result.command, result.stderr, record.plugin);
      return { ...record, outcome: "error", non_blocking_error: missing, message: missing };
    }
    const text = exit2Text(result.command, stderrText, record.plugin);
    if (rule === "block") return { ...record, outcome: "block", blocking_error: text, message: text };
    if (rule === "non-blocking") return { ...record, outcome: "error", non_blocking_error: text, message: text };
    return { ...record, outcome: "error", message: `exit 2 is not honoured on ${event}; stderr discarded` };
  }

  const invalidText = reading.error === null ? null
    : reading.error.code === "wrong-event-name" ? failedToRunText(reading.error.message) : reading.error.message;

  if (exit === 0) {
    if (invalidText !== null) {
      return { ...record, outcome: "error", non_blocking_error: invalidText, message: invalidText, no_verdict: noVerdict ? "no_usable_answer" : null };
    }
    return { ...record, outcome: jsonBlocks(reading.json) ? "block" : "success" };
  }

  // Any other exit code (1, 3, 126, 127, or none: killed by a signal).
  const how = exit === null ? `was killed by ${result.signal ?? "a signal"}` : `exited ${exit}`;
  if (reading.output === "json") {
    return { ...record, outcome: jsonBlocks(reading.json) ? "block" : "success", message: `${how}; its JSON output was used` };
  }
  if (invalidText !== null) {
    const text = invalidWithExitText(invalidText, exit ?? 1, result.stderr);
    return { ...record, outcome: "error", non_blocking_error: text, message: text, no_verdict: noVerdict ? "no_usable_answer" : null };
  }
  const text = nonBlockingStatusText(stderrText);
  const unusable = exit === 126 || exit === 127;
  return { ...record, outcome: "error", non_blocking_error: text, message: text, no_verdict: noVerdict && unusable ? "no_usable_answer" : null };
}

/**
 * Claude Code's guess that an exit 2 comes from a script that is not there
 * (the shell's own exit status): empty stdout and a stderr that says so
 * anywhere, even inside a test's output (anthropics/claude-code#60490).
 */
function looksLikeMissingScript(rule: EventRules["exit2MissingScript"], plugin: string | null, stdout: string, stderr: string): boolean {
  if (rule === "never" || (rule === "plugin-hook" && plugin === null)) return false;
  return stdout.trim() === "" && /no such file|can't open/i.test(stderr);
}
