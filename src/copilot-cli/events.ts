/**
 * GitHub Copilot CLI 1.0.102's hook events: the one table of what each event
 * does, as measured (docs/spec/copilot-cli-observed.md; recordings in
 * test/observer/copilot-cli/observed, cited by scenario). Every event has two
 * spellings: the native camelCase one (Copilot's own `preToolUse` config, a
 * camelCase stdin) and the Claude-style PascalCase one (Claude Code's names,
 * incl. a repository's `.claude/settings.json`, a snake_case stdin). Both
 * spellings feed one hook chain; `canonical` is the Claude Code event.
 */

export const COPILOT_EVENT_NAMES = [
  "sessionStart",
  "userPromptSubmitted",
  "preToolUse",
  "permissionRequest",
  "postToolUse",
  "postToolUseFailure",
  "agentStop",
] as const;

export type CopilotEventName = (typeof COPILOT_EVENT_NAMES)[number];

/** How the hooks of one event combine (src/copilot-cli/merge.ts implements each). */
export type MergeStrategy =
  /** Sequential chain in configured order: a deny (deny, ask, exit 2, exit != 0) ends it; rewrites chain into the next hook's stdin; contexts joined. */
  | "pre-tool-chain"
  /** Sequential chain: a `decision:"block"` ends it; `modifiedResult` last configured wins; contexts appended to the tool message. */
  | "post-tool-chain"
  /** Contexts joined into one user message after the failed tool's message. */
  | "failure-context"
  /** Outputs merged key by key, the last configured hook winning each key; a block stops the prompt. */
  | "prompt-key-merge"
  /** Contexts joined into one bare user message before the prompt. */
  | "session-contexts"
  /** Outputs merged key by key; a block continues the agent with the reason. */
  | "stop-key-merge"
  /** Outputs merged key by key: the last configured `behavior` wins; a failing hook (exit != 0, 2) denies and ends the chain. */
  | "permission-key-merge";

/** What an exit code other than 0 does. */
export type ExitRule =
  /** The tool call is denied (fails closed). */
  | "deny"
  /** Only log lines (`Hook warning: S`); the JSON on stdout is still read and the action goes on. */
  | "warning"
  /** The stderr is the hook's context; stdout is not read and no warning is written (new-blind4-failure-exit2-context). */
  | "stderr-context"
  /** The output is ignored, an `[ERROR]` log line; the action goes on. */
  | "ignored";

/** Which `[ERROR]` line a failed hook (exit != 0, 2) of the event writes (texts.ts). */
export type ErrorNotice = "pre-tool-fail-closed" | "error-in-event" | "execution-failed" | "permission-fail-closed";

export interface EventRules {
  /** The Claude-style spelling that feeds the same chain, or null when none was driven. */
  readonly claudeStyleName: string | null;
  /** The Claude Code event this one copies. */
  readonly canonical: string;
  /** The native stdin field a native entry's `matcher` regex is tried on (the model-facing tool name), or null. */
  readonly matchField: "toolName" | null;
  /** The Claude-style stdin field a nested group's `matcher` is tried on (Claude's tool name), or null. */
  readonly claudeMatchField: "tool_name" | null;
  /** Seconds, when the entry sets no `timeoutSec` / `timeout` (GitHub's hooks reference; not measured). */
  readonly defaultTimeoutSec: number;
  readonly exit2: ExitRule;
  /** Exit codes other than 0 and 2. */
  readonly exitOther: ExitRule;
  readonly errorNotice: ErrorNotice;
  /** The timed-out hook's warning: `<subject> from "<file>" timed out; allowing <proceeds> to proceed: …`. */
  readonly timeoutWarning: { readonly subject: string; readonly proceeds: string };
  /**
   * What reason a `decision:"block"` needs: `text` any value but null, as String() makes it, `""`
   * included (postToolUse); `string` a string, `""` included (userPromptSubmitted); `non-empty-string`
   * (agentStop: `""` and a number do not continue).
   */
  readonly blockReason: "text" | "string" | "non-empty-string";
  /**
   * How a non-string context or message becomes text: `js-string` as JavaScript's String() (`5`, `true`,
   * `[object Object]`); `json-text` as JSON (`{"a":1}`: the key-merged events, new-blind4-ups-context-object).
   */
  readonly valueText: "js-string" | "json-text";
  readonly merge: MergeStrategy;
  /** The flat output keys read (both spellings). */
  readonly keys: readonly string[];
  /** `hookSpecificOutput` keys read, for the PascalCase spelling only ([] = hookSpecificOutput ignored). */
  readonly hookSpecificKeys: readonly string[];
  /** The stdin of the PascalCase spelling is the native camelCase one (permissionRequest). */
  readonly claudeStyleGetsNativeInput: boolean;
  readonly summary: string;
  /** Recordings that show the rules above. */
  readonly evidence: readonly string[];
}

const DEFAULT_TIMEOUT_SEC = 30;
/** The timeout warning of the events without their own (new-blind2-perm-timeout, new-blind2-ups-timeout). */
const OTHER_TIMEOUT_WARNING = { subject: "Hook", proceeds: "processing" } as const;

export const EVENTS = {
  sessionStart: {
    claudeStyleName: "SessionStart",
    canonical: "SessionStart",
    matchField: null,
    claudeMatchField: null,
    defaultTimeoutSec: DEFAULT_TIMEOUT_SEC,
    exit2: "warning",
    exitOther: "ignored",
    errorNotice: "execution-failed",
    timeoutWarning: OTHER_TIMEOUT_WARNING,
    blockReason: "text",
    valueText: "js-string",
    merge: "session-contexts",
    keys: ["additionalContext"],
    hookSpecificKeys: [],
    claudeStyleGetsNativeInput: false,
    summary: "the session starts; additionalContext becomes a bare user message before the prompt",
    evidence: ["ss-01-additionalContext", "ss-02-claude-context", "ss-03-plain-text", "new-ss-exit1-context"],
  },
  userPromptSubmitted: {
    claudeStyleName: "UserPromptSubmit",
    canonical: "UserPromptSubmit",
    matchField: null,
    claudeMatchField: null,
    defaultTimeoutSec: DEFAULT_TIMEOUT_SEC,
    exit2: "warning",
    exitOther: "ignored",
    errorNotice: "execution-failed",
    timeoutWarning: OTHER_TIMEOUT_WARNING,
    blockReason: "string",
    valueText: "json-text",
    merge: "prompt-key-merge",
    keys: ["additionalContext", "modifiedPrompt", "decision", "reason"],
    hookSpecificKeys: [],
    claudeStyleGetsNativeInput: false,
    summary: "a prompt is submitted; can block it (decision:block), replace it (modifiedPrompt) or append a <system_reminder>",
    evidence: ["ups-01-additionalContext", "ups-02-block", "ups-04-exit2-stderr", "ups-06-claude-context", "ups-11-context-then-block", "new-ups-exit1-context", "new-blind2-ups-block-empty-reason", "new-blind2-ups-timeout", "new-blind4-ups-context-object"],
  },
  preToolUse: {
    claudeStyleName: "PreToolUse",
    canonical: "PreToolUse",
    matchField: "toolName",
    claudeMatchField: "tool_name",
    defaultTimeoutSec: DEFAULT_TIMEOUT_SEC,
    exit2: "deny",
    exitOther: "deny",
    errorNotice: "pre-tool-fail-closed",
    timeoutWarning: { subject: "preToolUse hook", proceeds: "the tool call" },
    blockReason: "text",
    valueText: "js-string",
    merge: "pre-tool-chain",
    keys: ["permissionDecision", "permissionDecisionReason", "modifiedArgs", "additionalContext"],
    hookSpecificKeys: ["permissionDecision", "permissionDecisionReason", "updatedInput", "additionalContext"],
    claudeStyleGetsNativeInput: false,
    summary: "before a tool runs; can deny (any exit but 0 denies), rewrite the arguments, add context",
    evidence: ["pre-02-deny-reason", "pre-06b-exit2-no-stderr", "pre-07b-exit1-json-allow", "pre-13-two-denies-A-first", "pre-14b-two-rewrites-B-first", "cpre-02b-deny-flat", "cpre-06b-updatedInput-no-allow"],
  },
  permissionRequest: {
    claudeStyleName: "PermissionRequest",
    canonical: "PermissionRequest",
    matchField: "toolName",
    claudeMatchField: "tool_name",
    defaultTimeoutSec: DEFAULT_TIMEOUT_SEC,
    exit2: "deny",
    exitOther: "deny",
    errorNotice: "permission-fail-closed",
    timeoutWarning: OTHER_TIMEOUT_WARNING,
    blockReason: "string",
    valueText: "json-text",
    merge: "permission-key-merge",
    keys: ["behavior", "message"],
    hookSpecificKeys: [],
    claudeStyleGetsNativeInput: true,
    summary: "a tool needs approval (also under --allow-all-tools); behavior allow/deny, the last configured wins",
    evidence: ["perm-01d-claude-flat-behavior", "perm-02b-behavior-deny", "perm-05-allow-then-deny", "perm-06-exit2", "new-perm-exit1", "new-blind4-perm-exit1-then-allow"],
  },
  postToolUse: {
    claudeStyleName: "PostToolUse",
    canonical: "PostToolUse",
    matchField: "toolName",
    claudeMatchField: "tool_name",
    defaultTimeoutSec: DEFAULT_TIMEOUT_SEC,
    exit2: "warning",
    exitOther: "ignored",
    errorNotice: "error-in-event",
    timeoutWarning: { subject: "postToolUse hook", proceeds: "the tool result" },
    blockReason: "text",
    valueText: "js-string",
    merge: "post-tool-chain",
    keys: ["additionalContext", "modifiedResult", "decision", "reason"],
    hookSpecificKeys: [],
    claudeStyleGetsNativeInput: false,
    summary: "after a tool succeeded; can replace or block the tool message, append guidance to it",
    evidence: ["post-01-additionalContext", "post-02-block", "post-04-exit2-stderr", "post-12-block-and-modifiedResult", "new-cpost-modifiedResult", "new-post-exit1-context", "new-blind-post-timeout"],
  },
  postToolUseFailure: {
    claudeStyleName: null,
    canonical: "PostToolUseFailure",
    matchField: "toolName",
    claudeMatchField: null,
    defaultTimeoutSec: DEFAULT_TIMEOUT_SEC,
    exit2: "stderr-context",
    exitOther: "ignored",
    errorNotice: "error-in-event",
    timeoutWarning: OTHER_TIMEOUT_WARNING,
    blockReason: "text",
    valueText: "js-string",
    merge: "failure-context",
    keys: ["additionalContext"],
    hookSpecificKeys: [],
    claudeStyleGetsNativeInput: false,
    summary: "after a tool failed (instead of postToolUse); additionalContext becomes a user message",
    evidence: ["post-10-failure-hook", "new-blind-failure-exit1", "new-blind4-failure-exit2-context", "new-blind4-failure-two-contexts"],
  },
  agentStop: {
    claudeStyleName: "Stop",
    canonical: "Stop",
    matchField: null,
    claudeMatchField: null,
    defaultTimeoutSec: DEFAULT_TIMEOUT_SEC,
    exit2: "warning",
    exitOther: "ignored",
    errorNotice: "execution-failed",
    timeoutWarning: OTHER_TIMEOUT_WARNING,
    blockReason: "non-empty-string",
    valueText: "json-text",
    merge: "stop-key-merge",
    keys: ["decision", "reason"],
    hookSpecificKeys: [],
    claudeStyleGetsNativeInput: false,
    summary: "the agent would end its turn; decision:block + reason continues it (at most 8 times in a row)",
    evidence: ["stop-01-block-once", "stop-03-block-always", "stop-05-two-blocks-B-first", "stop-07-stdin-after-tool", "stop-09-block-and-allow", "new-blind2-stop-block-empty-reason", "new-blind4-stop-reason-number"],
  },
} as const satisfies Record<CopilotEventName, EventRules>;

/** Consecutive Stop blocks after which Copilot ends the turn anyway (stop-03-block-always). */
export const STOP_BLOCK_CAP = 8;

export interface ResolvedEvent {
  readonly event: CopilotEventName;
  readonly rules: EventRules;
  /** The name was the Claude-style (PascalCase) spelling. */
  readonly claudeStyle: boolean;
}

/** `preToolUse` or `PreToolUse` -> the event and which spelling; null for a name Copilot does not run. */
export function resolveEvent(name: string): ResolvedEvent | null {
  for (const event of COPILOT_EVENT_NAMES) {
    const rules: EventRules = EVENTS[event];
    if (name === event) return { event, rules, claudeStyle: false };
    if (rules.claudeStyleName !== null && name === rules.claudeStyleName) return { event, rules, claudeStyle: true };
  }
  return null;
}

/**
 * Claude's tool names as Copilot maps its model-facing tools for Claude-style
 * hooks (`bash` -> `Bash`, `view` -> `Read`: cpre-17-view-tool-matcher); the
 * texts the model gets use the model-facing name.
 */
export const CLAUDE_TOOL_NAMES: Readonly<Record<string, string>> = Object.freeze(Object.assign(Object.create(null) as Record<string, string>, { bash: "Bash", view: "Read" })); // null prototype: a tool named `constructor` is its own name

/** The model-facing name of a tool given either way (`Bash` -> `bash`). */
export function modelToolName(name: string): string {
  for (const [model, claude] of Object.entries(CLAUDE_TOOL_NAMES)) if (claude === name) return model;
  return name;
}
