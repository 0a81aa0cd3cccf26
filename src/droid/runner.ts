/**
 * Runs an event's hooks as Factory droid 0.215.0 does: the handlers its
 * config selects (src/droid/config.ts), all started together with `sh -c`
 * in the project dir, the event JSON on stdin (droid's own fields first),
 * droid's environment variables, each killed at `timeout` seconds (default
 * 60; droid still reads what it printed, pre-p06); then read in configured
 * order by the merge.
 */
import { eventNameOf, runOptionsProblem, type DialectRunner, type DialectRunOptions, type DialectRunOutcome } from "../core/dialect.js";
import { jsonPointer, type ProtocolError } from "../core/errors.js";
import type { JsonObject } from "../json/value.js";
import { spawnHook, unexportable, type SpawnOutcome } from "../process/spawn-hook.js";
import { DEFAULT_TIMEOUT_SEC, droidConfigFiles, selectDroidHooks, type DroidHandler } from "./config.js";
import { DROID_EVENTS, isDroidEvent } from "./events.js";
import { mergeDroid, type DroidHookResult } from "./merge.js";

/** droid keeps a hook's whole output; this cap only protects the caller. */
const MAX_OUTPUT_BYTES = 16 * 1024 * 1024;
/** What droid exports as both plugin roots for a hook that is not a plugin's. */
export const PLUGIN_ROOT_NOT_EXPANDED = "/PLUGIN_ROOT_NOT_EXPANDED_ERROR";
const ENV_NAME = /^[a-zA-Z_][a-zA-Z0-9_]*$/;

/** The stdin object: droid's base fields in its order, then the event's own. */
export function droidStdin(event: string, input: JsonObject, projectDir: string): JsonObject {
  const base: JsonObject = Object.create(null) as JsonObject;
  base["session_id"] = input["session_id"] ?? "unknown";
  base["transcript_path"] = input["transcript_path"] ?? "";
  base["cwd"] = input["cwd"] ?? projectDir;
  base["permission_mode"] = input["permission_mode"] ?? (event === "SessionStart" ? "off" : "auto-low");
  base["hook_event_name"] = event;
  for (const [key, value] of Object.entries(input)) if (!(key in base)) base[key] = value;
  return base;
}

/**
 * droid's hook environment: its own, the project dirs, the plugin roots, and every scalar stdin field by name (pre-25).
 * A field that cannot be an environment value (a NUL byte, or over 128 KiB: no process would start with it) is
 * left out and named in `skipped` with the reason, so a NUL in a prompt or a pasted 200 KB prompt does not stop
 * every hook, a deny among them, from running.
 */
export function droidHookEnv(base: NodeJS.ProcessEnv, stdin: JsonObject, projectDir: string, skipped: { key: string; why: string }[] = []): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {
    ...base,
    FACTORY_PROJECT_DIR: projectDir,
    DROID_PROJECT_DIR: projectDir,
    CLAUDE_PROJECT_DIR: projectDir,
    DROID_PLUGIN_ROOT: PLUGIN_ROOT_NOT_EXPANDED,
    CLAUDE_PLUGIN_ROOT: PLUGIN_ROOT_NOT_EXPANDED,
  };
  for (const [key, value] of Object.entries(stdin)) {
    if (!ENV_NAME.test(key)) continue;
    const why = typeof value === "string" ? unexportable(key, value) : null;
    if (why !== null) skipped.push({ key, why });
    else if (typeof value === "string") env[key] = value;
    else if (typeof value === "number" || typeof value === "boolean") env[key] = String(value);
  }
  return env;
}

function resultOf(handler: DroidHandler, outcome: SpawnOutcome, argv: string[]): DroidHookResult {
  const failed = outcome.status === "spawn_failed";
  return {
    command: handler.command,
    // droid: a spawn error is exit 1 with the error message as stderr; a signal is exit 1.
    exit: failed ? 1 : outcome.exit,
    stdout: failed ? "" : outcome.stdout,
    stderr: failed ? outcome.message ?? "" : outcome.stderr,
    timed_out: outcome.status === "timed_out",
    source: handler.source,
    matcher: handler.matcher,
    timeout: handler.timeout ?? DEFAULT_TIMEOUT_SEC,
    config_index: handler.configIndex,
    signal: outcome.signal,
    duration_ms: outcome.durationMs,
    argv,
    message: outcome.status === "cancelled" ? "cancelled" : failed ? outcome.message : null,
  };
}

async function run(options: DialectRunOptions): Promise<DialectRunOutcome> {
  const invalid = runOptionsProblem(options);
  if (invalid !== null) return { merged: mergeDroid(eventNameOf(options), [], { input: {} }), problems: [invalid] };
  const { event, projectDir, homeDir } = options;
  const stdin = droidStdin(event, options.input, projectDir);
  const field = isDroidEvent(event) ? DROID_EVENTS[event].matchField : null;
  const matchValue = field === null || typeof stdin[field] !== "string" ? null : (stdin[field] as string);
  const toolInput = stdin["tool_input"];
  const command = stdin["tool_name"] === "Execute" && typeof toolInput === "object" && toolInput !== null && !Array.isArray(toolInput) && typeof toolInput["command"] === "string"
    ? toolInput["command"]
    : null;
  const { handlers, problems } = selectDroidHooks(event, matchValue, command, projectDir, homeDir);
  const skipped: { key: string; why: string }[] = [];
  const env = droidHookEnv(options.env ?? process.env, stdin, projectDir, skipped);
  const envProblems: ProtocolError[] = skipped.map(({ key, why }) => ({ code: "input-not-exported", path: jsonPointer([key]), message: `the input's ${key} ${why}: $${key} is not set for the hooks` }));
  const text = JSON.stringify(stdin);
  const finished: DroidHookResult[] = [];
  await Promise.all(
    handlers.map(async (handler) => {
      const argv = ["/bin/sh", "-c", handler.command];
      const outcome = await spawnHook({
        file: argv[0]!,
        args: argv.slice(1),
        cwd: projectDir,
        env,
        stdin: text,
        timeoutMs: (handler.timeout ?? DEFAULT_TIMEOUT_SEC) * 1000,
        maxOutputBytes: MAX_OUTPUT_BYTES,
        ...(options.signal === undefined ? {} : { signal: options.signal }),
      });
      finished.push(resultOf(handler, outcome, argv));
    }),
  );
  return { merged: mergeDroid(event, finished, { input: stdin }), problems: [...problems, ...envProblems] };
}

export const droidRunner: DialectRunner = {
  configLocations: droidConfigFiles("<project>", "~").map((f) => f.file + (f.source.endsWith("_settings") ? " (hooks)" : " (bare event map)")),
  run,
};
