/**
 * What every merge strategy shares: the accumulator the merged result is
 * built from, the reading of one run's JSON as the event applies it, and the
 * per-hook steps that work the same on every event (errors, notices, stops,
 * context paragraphs, long texts). The strategies are the other files here.
 */
import { isJsonObject, type JsonObject, type JsonValue } from "../jsc-json.js";
import type { PermissionDecision, RunRecord } from "../../core/records.js";
import type { EventRules, MergeRule, MergeStrategy } from "../events.js";
import {
  additionalContextText,
  BLOCKED_BY_HOOK,
  DEFAULT_PERSISTED_PATH,
  hookErrorText,
  NO_USABLE_ANSWER_NOTICE,
  persistedNote,
  plainStdoutText,
  saysText,
  STOPPED_BY_HOOK,
  TIMED_OUT_NOTICE,
  truncatedMiddle,
  withCommand,
} from "../texts.js";

export interface MergeContext {
  /** The tool of a tool event (`Bash`); null otherwise. */
  readonly toolName: string | null;
  /** The tool input the model asked for; null when the event has no tool. */
  readonly toolInput: JsonObject | null;
  /** The event's input (what hooks got on stdin), for `prompt` and the like; may be empty. */
  readonly input: Readonly<Record<string, unknown>>;
  /**
   * Where Claude Code would save a hook text over 10,000 characters. The path
   * depends on the config dir, project, session and a hash (pre-85), so the
   * caller supplies it; without it the text keeps the placeholder `<persisted-output-path>`.
   */
  readonly persistedOutputPath?: string | undefined;
}

/** A strategy: fills the accumulator from its runs, with the options its row gives. */
export type Strategy<K extends MergeStrategy> = (acc: Accumulator, rule: Extract<MergeRule, { readonly strategy: K }>) => void;

export class Accumulator {
  readonly errors: string[] = [];
  readonly reasons: string[] = [];
  readonly denyMessages: string[] = [];
  readonly additionalContext: string[] = [];
  readonly systemMessages: string[] = [];
  readonly modelMessages: string[] = [];
  readonly notices: string[] = [];
  decision: PermissionDecision | null = null;
  seedDecision: PermissionDecision | null = null;
  blocked = false;
  stopped = false;
  stopReason: string | null = null;
  /** End-of-turn events only: whether the model is called again (effects.continues); null elsewhere. */
  continues: boolean | null = null;
  updatedInput: JsonObject | null = null;
  toolInput: JsonObject | null;
  toolResult: string | null = null;

  /**
   * @param hookName the event's name in texts that are not per hook (`PreToolUse:Bash`)
   * @param runs the awaited runs, in completion order
   */
  constructor(
    readonly event: string,
    readonly rules: EventRules,
    readonly hookName: string,
    readonly runs: readonly RunRecord[],
    readonly context: MergeContext,
  ) {
    this.toolInput = context.toolInput;
  }

  /** The JSON of a run that Claude Code applies on this event. */
  json(r: RunRecord): JsonObject | null {
    return this.rules.exit2DropsJson && r.blocking_error !== null ? null : usableJson(r);
  }

  /** A hook's name in its per-hook texts. */
  nameOf(r: RunRecord): string {
    return this.rules.perHookName === "event" ? r.event : r.hook_name;
  }

  /** A context paragraph of its own: `<name> hook additional context: <text>`. */
  addContext(name: string, ctx: string): void {
    this.additionalContext.push(ctx);
    this.modelMessages.push(additionalContextText(name, this.large(ctx)));
  }

  /** A hook's plain stdout as context: `<name> hook success: <stdout>`. */
  addPlainStdout(name: string, r: RunRecord): void {
    const text = r.stdout.trim();
    this.additionalContext.push(text);
    this.modelMessages.push(plainStdoutText(name, this.large(text)));
  }

  large(text: string): string {
    return persistLargeText(text, this.context.persistedOutputPath);
  }

  largeBlocking(text: string): string {
    return persistLargeBlockingText(text, this.context.persistedOutputPath);
  }
}

/** The JSON of a record that Claude Code applies: read, usable, not timed out; an async hook's decision is never awaited. */
export function usableJson(r: RunRecord): JsonObject | null {
  if (r.json === null || r.output !== "json" || r.async) return null;
  return r.outcome === "success" || r.outcome === "block" ? r.json : null;
}

export function hsoOf(json: JsonObject | null): JsonObject | null {
  if (json === null) return null;
  const h = json["hookSpecificOutput"];
  return isJsonObject(h) ? h : null;
}

export function str(v: JsonValue | undefined): string | null {
  return typeof v === "string" ? v : null;
}

/** Non-empty string or null (Claude Code's `x || fallback`). */
export function nonEmpty(v: JsonValue | undefined): string | null {
  return typeof v === "string" && v !== "" ? v : null;
}

/** The text of a `decision:"block"`: its reason, else Claude Code's default. */
export function blockReason(json: JsonObject): string {
  return nonEmpty(json["reason"]) ?? BLOCKED_BY_HOOK;
}

/** Hook texts longer than this are saved to a file; the model gets a preview of PREVIEW_CHARS (pre-85). */
const LARGE_TEXT_LIMIT = 10_000;
const PREVIEW_CHARS = 2_000;
/** Beyond this a blocking text keeps its first and last halves of it (probe-l01). */
const BLOCKING_TEXT_KEPT = 50_000;

/** The note for a hook text saved to a file: size as `11.7KB`, `82KB` (pre-85, probe-l01, probe-l02). */
function noteFor(text: string, path: string): string {
  return persistedNote(Math.round((text.length / 1024) * 10) / 10, path, text.slice(0, PREVIEW_CHARS));
}

/** Context and plain stdout over 10,000 characters are saved to a file and replaced by the note (pre-85, probe-l02). */
function persistLargeText(text: string, path: string = DEFAULT_PERSISTED_PATH): string {
  return text.length <= LARGE_TEXT_LIMIT ? text : noteFor(text, path);
}

/**
 * A blocking text (a deny reason) over 10,000 characters is kept, cut in the
 * middle beyond 50,000, and followed by the note (probe-l01). Between 10,000
 * and 50,000 the same form without the cut is inferred, not observed.
 */
function persistLargeBlockingText(text: string, path: string = DEFAULT_PERSISTED_PATH): string {
  if (text.length <= LARGE_TEXT_LIMIT) return text;
  const half = BLOCKING_TEXT_KEPT / 2;
  const kept = text.length <= BLOCKING_TEXT_KEPT ? text : truncatedMiddle(text.slice(0, half), text.length - BLOCKING_TEXT_KEPT, text.slice(-half));
  return `${kept}\n\n${noteFor(text, path)}`;
}

/** The messages' paragraphs, in order: Claude Code separates paragraphs of one message by a blank line. */
export function paragraphsOf(messages: readonly string[]): string[] {
  const out: string[] = [];
  for (const message of messages) {
    // most messages are one paragraph: no split, no array per message
    if (!message.includes("\n\n")) out.push(message);
    else for (const part of message.split("\n\n")) out.push(part);
  }
  return out;
}

/** `<hook name> hook error: [<cmd>]: <text>` for every non-blocking error (seed `errors`). */
export function collectErrors(acc: Accumulator, runs: readonly RunRecord[]): void {
  for (const r of runs) {
    if (r.non_blocking_error !== null) acc.errors.push(hookErrorText(r.hook_name, withCommand(r.command, r.non_blocking_error)));
  }
}

/**
 * Per hook, in completion order: where its systemMessage goes (the row's
 * `systemMessage`) and the no-verdict notices (the row's `noVerdictNotice`;
 * the classifier sets `no_verdict` only there). The no-verdict notices are
 * shown as each hook ends, before the decision's own notice
 * (new-pre-timeout-and-ask); the `says` notices after it (new-pre-3-systemMessage-mixed).
 */
export function perHookNotices(acc: Accumulator): { early: string[]; late: string[] } {
  const late: string[] = [];
  const early: string[] = [];
  for (const r of acc.runs) {
    const msg = str(acc.json(r)?.["systemMessage"]);
    if (msg !== null) {
      acc.systemMessages.push(msg);
      if (acc.rules.systemMessage === "notice") late.push(saysText(acc.nameOf(r), acc.large(msg)));
      if (acc.rules.systemMessage === "verbatim") late.push(acc.large(msg));
      if (acc.rules.systemMessage === "model") acc.modelMessages.push(acc.large(msg));
    }
    if (r.no_verdict === "no_usable_answer") early.push(NO_USABLE_ANSWER_NOTICE);
    if (r.no_verdict === "timed_out") early.push(TIMED_OUT_NOTICE);
  }
  return { early, late };
}

/** continue:false → stopped, as the row's `continueFalse` says (nothing where it is ignored). */
export function applyStops(acc: Accumulator): void {
  const rule = acc.rules.continueFalse;
  if (rule === null) return;
  const fallback = rule.missingReason === "stopped-by-hook" ? STOPPED_BY_HOOK : null;
  for (const r of acc.runs) {
    const json = acc.json(r);
    if (json?.["continue"] !== false) continue;
    const reason = str(json["stopReason"]) ?? fallback;
    if (!acc.stopped || rule.reasonKept === "last") acc.stopReason = reason;
    acc.stopped = true;
  }
}

/**
 * One paragraph per hook, in completion order: its plain stdout, where the
 * event takes it as context, and its context (UserPromptSubmit/Expansion:
 * ups-01, ups-03, new-upe-*; PostModelSwitch).
 */
export function plainAndContextPerHook(acc: Accumulator): void {
  for (const r of acc.runs) {
    if (r.outcome === "success" && r.output === "text" && acc.rules.plainStdoutIsContext) acc.addPlainStdout(acc.nameOf(r), r);
    const ctx = nonEmpty(hsoOf(acc.json(r))?.["additionalContext"]);
    if (ctx !== null) acc.addContext(acc.event, ctx);
  }
}
