/**
 * Runs the hooks one event selects, as Claude Code 2.1.332 does: all at
 * once, each with its own copy of the event JSON on stdin, the environment
 * Claude Code gives, the session's working directory and its timeout; the
 * results come back in completion order. Async hooks (config `async: true`,
 * or a first stdout line `{"async":true}`) are reported as `async` right away
 * and finish in `background`.
 */
import { mkdtempSync, writeFileSync } from "node:fs";
import { homedir, tmpdir } from "node:os";
import { join } from "node:path";
import { eventInfo } from "../event-catalog.js";
import { isAsyncAnnouncement, readHookStdout } from "../read-stdout.js";
import { rulesOf } from "../events.js";
import { postHttpHook } from "./http-hook.js";
import { selectHooks, type SelectedHook } from "./select-hooks.js";
import { quotePlaceholdersForShell, substitutePlaceholders } from "./shell-text.js";
import { spawnHook, type SpawnOutcome } from "../../process/spawn-hook.js";
import { failedToRunText, onFailureBlockText, spawnErrorText } from "../texts.js";
import type { ConfigProblem, ConfiguredHook, HookConfiguration, HookProcessResult } from "./types.js";

/** Bytes kept per stream and hook: enough for every output Claude Code makes use of (its own previews stop at 10,000 chars). */
export const DEFAULT_MAX_OUTPUT_BYTES = 16 * 1024 * 1024;

export interface RunHooksOptions {
  readonly event: string;
  /** The event JSON (`hook_event_name` is set to `event` when missing). */
  readonly input: Readonly<Record<string, unknown>>;
  readonly configuration: HookConfiguration;
  /** `CLAUDE_PROJECT_DIR`; default: `input.cwd`, else the process's cwd. */
  readonly projectDir?: string;
  /** The hooks' working directory; default: `input.cwd`, else `projectDir`. */
  readonly cwd?: string;
  /** The environment the hooks inherit; default `process.env`. */
  readonly env?: NodeJS.ProcessEnv;
  readonly signal?: AbortSignal;
  readonly maxOutputBytes?: number;
  /** SessionStart: the file hooks may append `export` lines to (`CLAUDE_ENV_FILE`); default a fresh temp file. */
  readonly envFile?: string;
  /** Called as each hook starts and ends (progress display). */
  readonly onHookStarted?: (hook: ConfiguredHook, argv: readonly string[] | null) => void;
  readonly onHookFinished?: (result: HookProcessResult) => void;
  /**
   * Called as each (non-async) hook completes; returning true cancels the hooks
   * still running, as Claude Code does once an event is settled (see early-stop.ts).
   */
  readonly settles?: (result: HookProcessResult) => boolean;
}

export interface HookRun {
  readonly event: string;
  /** The JSON each hook received on stdin. */
  readonly stdin: string;
  /** Skipped hooks first (configuration order), then the others in completion order; async ones as `async`. */
  readonly results: readonly HookProcessResult[];
  /** Configuration problems (all sources), one per problem. */
  readonly problems: readonly ConfigProblem[];
  /** The final results of async hooks, in completion order. */
  readonly background: Promise<readonly HookProcessResult[]>;
  /** SessionStart only: the `CLAUDE_ENV_FILE` given to the hooks. */
  readonly envFile: string | null;
}

interface Prepared {
  readonly selected: SelectedHook;
  readonly argv: readonly string[] | null;
  readonly form: HookProcessResult["form"];
  readonly timeoutSeconds: number;
  readonly async: boolean;
}

/**
 * SessionEnd hooks share one budget: 1.5 s, raised to the largest configured
 * `timeout` (at most 60 s), or CLAUDE_CODE_SESSIONEND_HOOKS_TIMEOUT_MS
 * (claude-code-hooks.md §3.6). Null for events whose row has no shared budget.
 */
function sessionEndBudget(event: string, selected: readonly SelectedHook[], env: NodeJS.ProcessEnv): number | null {
  if (!rulesOf(event).sharedTimeoutBudget) return null;
  const fromEnv = Number(env["CLAUDE_CODE_SESSIONEND_HOOKS_TIMEOUT_MS"]);
  if (Number.isFinite(fromEnv) && fromEnv > 0) return fromEnv / 1000;
  const largest = Math.max(0, ...selected.map((s) => s.hook.handler.timeout ?? 0));
  return Math.min(60, Math.max(1.5, largest));
}

function prepare(
  selected: SelectedHook,
  event: string,
  placeholderValues: Record<string, string | undefined>,
  budget: number | null,
): Prepared {
  const { hook } = selected;
  const handler = hook.handler;
  const eventTimeout = eventInfo(event)?.defaultTimeout ?? 600;
  const timeoutSeconds = budget ?? handler.timeout ?? eventTimeout;
  if (handler.type === "command") {
    const async = handler.async === true;
    if (handler.args !== undefined) {
      return {
        selected,
        argv: [handler.command, ...handler.args].map((a) => substitutePlaceholders(a, placeholderValues)),
        form: "exec",
        timeoutSeconds,
        async,
      };
    }
    // Claude Code spawns an empty command as the file "" itself, which fails to start (cfg-flag-sibling-command-empty)
    if (handler.command === "") return { selected, argv: [""], form: "shell", timeoutSeconds, async };
    const shellText = quotePlaceholdersForShell(handler.command);
    const argv =
      handler.shell === "powershell"
        ? ["pwsh", "-NoProfile", "-Command", shellText]
        : handler.shell === "bash"
          ? ["bash", "-c", shellText]
          : ["/bin/sh", "-c", shellText];
    return { selected, argv, form: "shell", timeoutSeconds, async };
  }
  if (handler.type === "http") return { selected, argv: ["POST", handler.url], form: "http", timeoutSeconds, async: false };
  return { selected, argv: null, form: null, timeoutSeconds, async: false };
}

/**
 * A hook that could not start is, to Claude Code, a hook that exited 1 with
 * the failure as its stderr (spawn-exec-enoent, spawn-nul-in-command): a
 * non-blocking error, "no usable answer"; the other hooks run and merge.
 */
function asClaudeCodeReportsStartFailure(outcome: SpawnOutcome): SpawnOutcome {
  if (outcome.status !== "spawn_failed" || outcome.startFailure === undefined) return outcome;
  const error = outcome.message ?? "unknown error";
  return { ...outcome, exit: 1, stderr: outcome.startFailure === "refused" ? failedToRunText(error) : spawnErrorText(error) };
}

function failedStartOf(error: unknown): SpawnOutcome {
  return {
    status: "spawn_failed", startFailure: "refused", exit: null, signal: null, stdout: "", stderr: "",
    stdoutDroppedBytes: 0, stderrDroppedBytes: 0, message: error instanceof Error ? error.message : String(error), durationMs: 0,
  };
}

/** A hook's `command` in its process result (and the name the CLI's progress line shows). */
/**
 * What `onFailure: "block"` makes of a failed hook, by event (recorded, cfg-flag-on-failure-*):
 * PreToolUse, PostToolUse and UserPromptSubmit read it as an exit 2 with the text below as its
 * stderr; PermissionRequest, where exit 2 is not honoured, as a deny whose message is
 * `[<cmd>]: <text>` (-permission-request-exit1); Stop as without it (-stop-exit1: the turn
 * ends). Events not recorded: as without it.
 */
const ON_FAILURE: ReadonlyMap<string, "exit-2" | "deny"> = new Map([["PreToolUse", "exit-2"], ["PostToolUse", "exit-2"], ["UserPromptSubmit", "exit-2"], ["PermissionRequest", "deny"]]);

/**
 * A hook with `onFailure: "block"` that failed (an exit other than 0 and 2, a
 * start failure, a timeout) blocks, unless its stdout is a JSON deny, which
 * Claude Code takes as it is (cfg-flag-on-failure-block-exit1-deny); exit 0 and
 * exit 2 are as without it (-allow, -empty, -exit2).
 */
function appliedOnFailure(result: HookProcessResult, hook: ConfiguredHook): HookProcessResult {
  const rule = ON_FAILURE.get(result.event);
  if (hook.handler.onFailure !== "block" || rule === undefined) return result;
  const timedOut = result.status === "timed_out";
  const failed = (result.status === "exited" || result.status === "spawn_failed") && result.exit !== 0 && result.exit !== 2;
  if (!timedOut && !failed) return result;
  const parsed = readHookStdout(result.stdout, result.event).parsed as Record<string, unknown> | null;
  const specific = parsed?.["hookSpecificOutput"] as Record<string, unknown> | undefined;
  if (specific?.["permissionDecision"] === "deny" || parsed?.["decision"] === "block") return result;
  const text = onFailureBlockText(timedOut ? "timed out" : "failed", timedOut ? "" : result.stderr);
  const message = `onFailure "block": ${timedOut ? "the timeout" : `exit ${result.exit ?? "none"}`} blocks, read as ${rule === "deny" ? "a JSON deny" : "exit 2"}${result.message === null ? "" : `; ${result.message}`}`;
  // read as the answer it stands for (the message keeps what happened): a timed-out record would fail open
  const read = { ...result, status: "exited" as const, timed_out: false, message };
  if (rule === "exit-2") return { ...read, exit: 2, stdout: "", stderr: text };
  const deny = { hookSpecificOutput: { hookEventName: result.event, decision: { behavior: "deny", message: `[${result.command}]: ${text}` } } };
  return { ...read, exit: 0, stdout: JSON.stringify(deny), stderr: "" };
}

export function describeCommand(hook: ConfiguredHook): string {
  const h = hook.handler;
  return h.type === "command" ? h.command : h.type === "http" ? h.url : JSON.stringify(h.raw);
}

export async function runHooks(options: RunHooksOptions): Promise<HookRun> {
  const { event, configuration } = options;
  const input: Record<string, unknown> = { ...options.input };
  if (input["hook_event_name"] === undefined) input["hook_event_name"] = event;
  const stdin = JSON.stringify(input);
  const inputCwd = typeof input["cwd"] === "string" ? (input["cwd"] as string) : undefined;
  const projectDir = options.projectDir ?? inputCwd ?? process.cwd();
  const cwd = options.cwd ?? inputCwd ?? projectDir;
  const maxOutputBytes = options.maxOutputBytes ?? DEFAULT_MAX_OUTPUT_BYTES;
  const info = eventInfo(event);

  let envFile: string | null = null;
  if (rulesOf(event).envFile) {
    envFile = options.envFile ?? join(mkdtempSync(join(tmpdir(), "claude-hook-env-")), "session-env.sh");
    writeFileSync(envFile, "", { flag: "a" });
  }

  const baseEnv: NodeJS.ProcessEnv = { ...(options.env ?? process.env), CLAUDE_PROJECT_DIR: projectDir };
  if (typeof input["session_id"] === "string") baseEnv["CLAUDE_CODE_SESSION_ID"] = input["session_id"] as string;
  const effort = input["effort"];
  if (info?.toolEvent === true && typeof effort === "object" && effort !== null) {
    const level = (effort as Record<string, unknown>)["level"];
    if (typeof level === "string") baseEnv["CLAUDE_EFFORT"] = level;
  }
  if (envFile !== null) baseEnv["CLAUDE_ENV_FILE"] = envFile;

  const selected = selectHooks(configuration, event, input, { projectDir, cwd: inputCwd ?? cwd, home: baseEnv["HOME"] ?? homedir() });
  const results: HookProcessResult[] = [];
  let completion = 0;

  const toResult = (p: Prepared, outcome: SpawnOutcome | null, status: HookProcessResult["status"], message: string | null): HookProcessResult => {
    const { hook } = p.selected;
    const handler = hook.handler;
    return {
      event,
      source: hook.source,
      sourceKind: hook.sourceKind,
      plugin: hook.plugin,
      matcher: hook.matcher,
      type: handler.type,
      command: describeCommand(hook),
      args: handler.type === "command" && handler.args !== undefined ? [...handler.args] : null,
      argv: outcome === null && status === "skipped" ? null : p.argv,
      form: p.form,
      async: p.async || status === "async",
      timeout: p.timeoutSeconds,
      status,
      exit: outcome?.exit ?? null,
      signal: outcome?.signal ?? null,
      timed_out: status === "timed_out",
      stdout: outcome?.stdout ?? "",
      stderr: outcome?.stderr ?? "",
      stdout_dropped_bytes: outcome?.stdoutDroppedBytes ?? 0,
      stderr_dropped_bytes: outcome?.stderrDroppedBytes ?? 0,
      message,
      duration_ms: outcome?.durationMs ?? 0,
      completion: status === "skipped" ? null : completion++,
      config_index: p.selected.configIndex,
    };
  };

  const placeholderValuesFor = (hook: ConfiguredHook): Record<string, string | undefined> => ({
    CLAUDE_PROJECT_DIR: projectDir,
    CLAUDE_PLUGIN_ROOT: hook.pluginRoot ?? undefined,
    CLAUDE_PLUGIN_DATA: hook.pluginData ?? undefined,
  });

  // Foreground hooks listen to this one: the caller's signal, or an early settle, cancels them.
  // Async hooks only follow the caller's signal: Claude Code lets them run on.
  const foregroundControl = new AbortController();
  let settledBy: string | null = null;
  const forwardAbort = (): void => foregroundControl.abort();
  if (options.signal?.aborted === true) foregroundControl.abort();
  options.signal?.addEventListener("abort", forwardAbort, { once: true });

  const background: Promise<HookProcessResult>[] = [];
  const foreground: Promise<void>[] = [];
  const budget = sessionEndBudget(event, selected, options.env ?? process.env);
  for (const s of selected) {
    const p = prepare(s, event, placeholderValuesFor(s.hook), budget);
    if (s.skip !== null || p.argv === null) {
      results.push(toResult(p, null, "skipped", s.skip ?? `${s.hook.handler.type} hooks are not run by this runner`));
      continue;
    }
    const hook = s.hook;
    const env: NodeJS.ProcessEnv = { ...baseEnv };
    if (hook.pluginRoot !== null) env["CLAUDE_PLUGIN_ROOT"] = hook.pluginRoot;
    if (hook.pluginData !== null) env["CLAUDE_PLUGIN_DATA"] = hook.pluginData;
    options.onHookStarted?.(hook, p.argv);

    let announce: (() => void) | null = null;
    let wentAsync = p.async;
    const announced = new Promise<"announced">((resolve) => {
      announce = () => {
        wentAsync = true;
        resolve("announced");
      };
    });
    const handler = hook.handler;
    const hookSignal = p.async ? options.signal : foregroundControl.signal;
    const started: Promise<SpawnOutcome> =
      handler.type === "http"
        ? postHttpHook({
            url: handler.url,
            headers: handler.headers ?? {},
            allowedEnvVars: handler.allowedEnvVars ?? [],
            env,
            body: stdin,
            timeoutMs: p.timeoutSeconds * 1000,
            maxOutputBytes,
            ...(hookSignal !== undefined ? { signal: hookSignal } : {}),
          })
        : spawnHook({
            file: p.argv[0]!,
            args: p.argv.slice(1),
            cwd,
            env,
            stdin,
            timeoutMs: p.timeoutSeconds * 1000,
            maxOutputBytes,
            ...(hookSignal !== undefined ? { signal: hookSignal } : {}),
            ...(p.async ? {} : { asyncAnnouncement: { isAnnouncement: isAsyncAnnouncement, onAnnounced: () => announce?.() } }),
          });
    // Neither rejects by design; should one, it is this hook's failed start, never the whole event's.
    const running = started.catch(failedStartOf).then(asClaudeCodeReportsStartFailure);
    const finalResult = running.then((outcome) => {
      const cancelledBySettle = outcome.status === "cancelled" && settledBy !== null && options.signal?.aborted !== true;
      const message = cancelledBySettle ? `cancelled: ${settledBy} had already settled ${event}` : outcome.message;
      const r = appliedOnFailure(toResult({ ...p, async: wentAsync }, outcome, outcome.status, message), p.selected.hook);
      options.onHookFinished?.(r);
      if (!wentAsync && settledBy === null && r.status === "exited" && options.settles?.(r) === true) {
        settledBy = r.command;
        foregroundControl.abort();
      }
      return r;
    });
    if (p.async) {
      results.push(toResult(p, null, "async", "configured async: true; runs in the background"));
      background.push(finalResult);
      continue;
    }
    foreground.push(
      Promise.race([announced, running]).then((first) => {
        if (first === "announced") {
          results.push(toResult(p, null, "async", 'announced {"async":true}; runs in the background'));
          background.push(finalResult);
        } else {
          return finalResult.then((r) => void results.push(r));
        }
        return undefined;
      }),
    );
  }
  await Promise.all(foreground);
  options.signal?.removeEventListener("abort", forwardAbort);
  return {
    event,
    stdin,
    results,
    problems: configuration.problems,
    background: Promise.all(background).then((all) => [...all].sort((a, b) => (a.completion ?? 0) - (b.completion ?? 0))),
    envFile,
  };
}
