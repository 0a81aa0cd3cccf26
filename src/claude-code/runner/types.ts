/**
 * Shapes of the runner: the hook configuration as read from settings files,
 * the problems found in it, and what running one hook produced (the process
 * result the classifier turns into a run record).
 */
import type { ProtocolError, TextPosition } from "../../core/errors.js";
import type { HookEvent } from "../../../generated/types.js";

/** Where a hook configuration came from, in Claude Code's order of sources. */
export type HookSourceKind = "user" | "project" | "local" | "flag" | "policy" | "plugin";

/**
 * A problem in a settings file or `hooks.json`, as the package's error value
 * (`ProtocolError`) plus the file and a severity. The hook it concerns is not
 * run, or runs as described.
 */
export interface ConfigProblem extends ProtocolError {
  readonly code:
    | "unreadable-file"
    | "invalid-json"
    | "wrong-type"
    | "unknown-key"
    | "unknown-event"
    | "invalid-matcher"
    | "matcher-ignored"
    | "missing-field"
    | "invalid-value"
    /** Claude Code skips the whole file (a wrong-typed setting, or an entry it cannot load on PreToolUse/PermissionRequest). */
    | "file-skipped";
  /** JSON Pointer in the settings document, e.g. `/hooks/PreToolUse/0/hooks/1/timeout`; "" for the whole file. */
  readonly path: string;
  readonly message: string;
  /** Where in the file's text (absent for an unreadable file or a value given already parsed). */
  readonly position?: TextPosition;
  /** The file, as given. */
  readonly file: string;
  /** `error`: the hook (or file) is not used; `warning`: it is used as described in the message. */
  readonly severity: "error" | "warning";
}

/** Fields every handler type shares. */
interface HandlerCommon {
  /** Seconds. */
  readonly timeout?: number;
  /** One permission rule, e.g. `Bash(git *)`: the hook runs only when the tool call matches. */
  readonly if?: string;
  readonly statusMessage?: string;
  readonly once?: boolean;
  readonly onFailure?: "continue" | "block";
}

export interface CommandHandler extends HandlerCommon {
  readonly type: "command";
  readonly command: string;
  /** Exec form: the command is the program, these its arguments; no shell. */
  readonly args?: readonly string[];
  readonly shell?: "bash" | "powershell";
  readonly async?: boolean;
  readonly asyncRewake?: boolean;
}

export interface HttpHandler extends HandlerCommon {
  readonly type: "http";
  readonly url: string;
  readonly headers?: Readonly<Record<string, string>>;
  /** The only environment variables `$VAR` / `${VAR}` in `headers` may read. */
  readonly allowedEnvVars?: readonly string[];
}

/** `mcp_tool`, `prompt`, `agent`: read and checked, not run by this runner (recorded as skipped). */
export interface OtherHandler extends HandlerCommon {
  readonly type: "mcp_tool" | "prompt" | "agent";
  /** The entry as configured, for the record. */
  readonly raw: Readonly<Record<string, unknown>>;
}

export type HookHandler = CommandHandler | HttpHandler | OtherHandler;

/** One hook as configured: a handler under a matcher group of an event, from one source. */
export interface ConfiguredHook {
  /** One of Claude Code's events (a hook under an unknown event name is a problem, not a ConfiguredHook). */
  readonly event: HookEvent;
  readonly sourceKind: HookSourceKind;
  /** A label for the record: the settings file as given, or `plugin:<name>`. */
  readonly source: string;
  readonly plugin: string | null;
  readonly pluginRoot: string | null;
  readonly pluginData: string | null;
  /** The group's matcher as written; null when the group has none. */
  readonly matcher: string | null;
  readonly handler: HookHandler;
  /** JSON Pointer of the handler in its file (`/hooks/PreToolUse/0/hooks/1`), for messages. */
  readonly path: string;
}

/** Hook configuration gathered from every source, plus what was wrong with it. */
export interface HookConfiguration {
  readonly hooks: readonly ConfiguredHook[];
  readonly problems: readonly ConfigProblem[];
  /** `disableAllHooks: true` in some source: no hook runs. Names the file that said so. */
  readonly disabledBy: string | null;
}

/**
 * What running one hook produced, before classification. A superset of the
 * hook entries of the `conformance merge` request (`command`, `exit`,
 * `stdout`, `stderr`, `timed_out`, `source`), plus how it was configured and started.
 */
export interface HookProcessResult {
  readonly event: string;
  readonly source: string;
  readonly sourceKind: HookSourceKind;
  readonly plugin: string | null;
  readonly matcher: string | null;
  readonly type: HookHandler["type"];
  /** As configured (the URL for http hooks). */
  readonly command: string;
  readonly args: readonly string[] | null;
  /** What was started: `["/bin/sh", "-c", text]` or the exec argv; `["POST", url]` for http; null when not started. */
  readonly argv: readonly string[] | null;
  readonly form: "shell" | "exec" | "http" | null;
  readonly async: boolean;
  /** Seconds; the limit applied. */
  readonly timeout: number;
  /**
   * `exited`: ran to the end (exit code in `exit`); `timed_out`: killed at `timeout`;
   * `spawn_failed`: could not be started; `skipped`: not run (see `message`);
   * `cancelled`: stopped through the caller's AbortSignal;
   * `async`: went to the background (config `async: true` or the `{"async":true}` announcement).
   */
  readonly status: "exited" | "timed_out" | "spawn_failed" | "skipped" | "cancelled" | "async";
  readonly exit: number | null;
  readonly signal: string | null;
  readonly timed_out: boolean;
  readonly stdout: string;
  readonly stderr: string;
  /** Bytes of stdout / stderr not kept because of the output cap (the first `maxOutputBytes` are kept). */
  readonly stdout_dropped_bytes: number;
  readonly stderr_dropped_bytes: number;
  readonly message: string | null;
  readonly duration_ms: number;
  /** 0-based position in completion order among the hooks that ran; null for skipped hooks. */
  readonly completion: number | null;
  /** Position in configuration order. */
  readonly config_index: number;
}
