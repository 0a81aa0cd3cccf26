/**
 * The one table of Factory droid 0.215.0's hook events: what each
 * corresponds to in Claude Code, what its matcher is tested against, and what
 * exit codes, `continue: false` and context do there. Every rule row cites
 * the recording that shows it (test/observer/droid/observed) or says it was
 * read from droid's bundled code only ("not driven").
 */

export const DROID_EVENT_NAMES = [
  "PreToolUse",
  "PostToolUse",
  "Notification",
  "UserPromptSubmit",
  "Stop",
  "SubagentStop",
  "PreCompact",
  "SessionStart",
  "SessionEnd",
] as const;

export type DroidEventName = (typeof DROID_EVENT_NAMES)[number];

/** How the event's hooks are merged (src/droid/merge.ts has one function per strategy). */
export type MergeStrategy = "pre-tool-use" | "post-tool-use" | "user-prompt-submit" | "stop" | "session-start" | "pre-compact" | "no-effect";

export interface DroidEventRules {
  /** The Claude Code event it copies. */
  readonly canonical: string;
  /** The stdin field the matcher is tested against; null: every group runs. */
  readonly matchField: "tool_name" | "source" | null;
  readonly summary: string;
  /** Seconds, when the handler has no `timeout` (or 0). */
  readonly defaultTimeoutSeconds: number;
  /** What the first exit 2 (configured order) does. */
  readonly exit2: string;
  /** What exit 3 does. */
  readonly exit3: string;
  /** What exit 1 with stderr does (other codes and timeouts: nothing, beyond `error` in droid's record). */
  readonly exit1: string;
  /** What `continue: false` does. */
  readonly continueFalse: string;
  /** Which contexts reach the model: `additionalContext` and, where said, plain stdout. */
  readonly context: "none" | "first" | "first-exit-0" | "all-exit-0";
  /** Plain (non-hook-JSON) stdout of an exit 0 is context. */
  readonly plainTextIsContext: boolean;
  readonly merge: MergeStrategy;
  /** Driven by the observer (recordings exist); false: the rules were read from droid's bundled code. */
  readonly recorded: boolean;
}

/** The rows of events whose answers droid ignores (read from its bundled code; not driven). */
const NO_EFFECT = {
  matchField: null,
  defaultTimeoutSeconds: 60,
  exit2: "nothing",
  exit3: "nothing",
  exit1: "nothing",
  continueFalse: "nothing",
  context: "none",
  plainTextIsContext: false,
  merge: "no-effect",
  recorded: false,
} as const;

export const DROID_EVENTS = {
  PreToolUse: {
    canonical: "PreToolUse",
    matchField: "tool_name",
    summary: "before a tool runs: can deny it, allow it past the autonomy check, rewrite its input (shallow merge), or end the turn",
    defaultTimeoutSeconds: 60,
    exit2: "denies with `Error: <stderr>` unless a hook's JSON decision came first in reading (pre-12c, pre-p02, pre-p03)",
    exit3: "aborts the turn silently: no tool message, no further request (pre-06c)",
    exit1: "the first configured exit-1 hook's stderr is prepended to the tool result: `W\\n\\n<result>` (pre-06, pre-p07); other codes add nothing (pre-p05)",
    continueFalse: "ends the turn silently before the tool; beats any decision (pre-16b, pre-p10)",
    context: "none",
    plainTextIsContext: false,
    merge: "pre-tool-use",
    recorded: true,
  },
  PostToolUse: {
    canonical: "PostToolUse",
    matchField: "tool_name",
    summary: "after a tool ran: adds context or `[Hook Feedback]` messages; never changes the tool result",
    defaultTimeoutSeconds: 60,
    exit2: "a user message `[Hook Feedback] <stderr>` after the tool message (post-03b, post-08)",
    exit3: "aborts the turn after the tool ran; no further request (post-p24)",
    exit1: "nothing reaches the model (post-04)",
    continueFalse: "ends the turn after the tool ran, before any context (post-05b)",
    context: "first",
    plainTextIsContext: false,
    merge: "post-tool-use",
    recorded: true,
  },
  Notification: { ...NO_EFFECT, canonical: "Notification", summary: "a notification: droid ignores the hooks' answers (not driven: droid exec fired none, cap-notification-systemMessage)" },
  UserPromptSubmit: {
    canonical: "UserPromptSubmit",
    matchField: null,
    summary: "a prompt is submitted (JSON-RPC sessions only; `droid exec -o stream-json` never runs it, ups-00): can reject it, add context, rewrite it",
    defaultTimeoutSeconds: 60,
    exit2: "rejects the prompt: the model gets nothing, the error is stderr || stopReason || systemMessage (ups-02, ups-05)",
    exit3: "rejects the prompt like exit 2 (error: stderr) (ups-p23)",
    exit1: "nothing",
    continueFalse: "rejects the prompt like exit 2 (ups-03)",
    context: "first-exit-0",
    plainTextIsContext: true,
    merge: "user-prompt-submit",
    recorded: true,
  },
  Stop: {
    canonical: "Stop",
    matchField: null,
    summary: "the agent is about to stop: `decision: \"block\"` + reason, or exit 2, makes it continue with that user message (no loop cap)",
    defaultTimeoutSeconds: 60,
    exit2: "continues with stderr as a user message, unless a hook answered `decision: \"block\"` (even without a reason: stop-p15) (stop-p16)",
    exit3: "stops (nothing visible headless)",
    exit1: "nothing reaches the model",
    continueFalse: "nothing visible; a block still continues (stop-p22)",
    context: "none",
    plainTextIsContext: false,
    merge: "stop",
    recorded: true,
  },
  // recorded (0.215.0 and 0.225.2, test/observer/droid/subagents/): a block, context, continue:false and systemMessage change nothing; exit 2 not driven (so the row stays recorded: false)
  SubagentStop: { ...NO_EFFECT, canonical: "SubagentStop", summary: "a subagent task ended: droid awaits the hooks and ignores their answers (a block: dr-sub-subagentstop-block-once)" },
  PreCompact: {
    canonical: "PreCompact",
    matchField: null,
    summary: "before compaction: exit 2 or 3 skips it (not driven)",
    defaultTimeoutSeconds: 60,
    exit2: "compaction is skipped",
    exit3: "compaction is skipped",
    exit1: "nothing",
    continueFalse: "nothing",
    context: "none",
    plainTextIsContext: false,
    merge: "pre-compact",
    recorded: false,
  },
  SessionStart: {
    canonical: "SessionStart",
    matchField: "source",
    summary: "a session starts: every exit-0 hook's context, joined by a blank line, becomes one user message (ss-01c)",
    defaultTimeoutSeconds: 60,
    exit2: "nothing (ss-04 for continue:false; exit 2 held out)",
    exit3: "nothing",
    exit1: "its context is dropped (ss-p14)",
    continueFalse: "nothing (ss-04)",
    context: "all-exit-0",
    plainTextIsContext: true,
    merge: "session-start",
    recorded: true,
  },
  SessionEnd: { ...NO_EFFECT, canonical: "SessionEnd", summary: "a session ends: droid runs the hooks and shows nothing they say (cap-sessionend-systemMessage)" },
} as const satisfies Record<DroidEventName, DroidEventRules>;

export function isDroidEvent(name: string): name is DroidEventName {
  return (DROID_EVENT_NAMES as readonly string[]).includes(name);
}
