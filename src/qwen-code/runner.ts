/**
 * Runs an event's hooks as Qwen Code 0.24.4 does: the handlers its settings
 * select (src/qwen-code/config.ts), all started together (or one after the
 * other when a group is `sequential`) with `bash -c` in the project dir, the
 * event JSON on stdin (Qwen's own fields first), Qwen's environment
 * variables plus the handler's `env`, each killed at its timeout (seconds;
 * 1000 or more: milliseconds; default 60) and then worth nothing (to-01);
 * the merge reads them in configuration order.
 */
import { eventNameOf, runOptionsProblem, type DialectRunner, type DialectRunOptions, type DialectRunOutcome } from "../core/dialect.js";
import { jsonPointer, type ProtocolError } from "../core/errors.js";
import type { JsonObject } from "../json/value.js";
import { spawnHook, unexportable, type SpawnOutcome } from "../process/spawn-hook.js";
import { qwenCodeSettingsFiles, selectQwenCodeHooks, type QwenCodeHandler } from "./config.js";
import { QWEN_CODE_EVENTS, isQwenCodeEvent } from "./events.js";
import { mergeQwenCode, timeoutSeconds, type QwenCodeHookResult } from "./merge.js";

/** Qwen keeps at most this much of each stream. */
const MAX_OUTPUT_BYTES = 1024 * 1024;

/** The stdin object: Qwen's base fields in its order, then the event's own. */
export function qwenCodeStdin(event: string, input: JsonObject, projectDir: string): JsonObject {
  const base: JsonObject = Object.create(null) as JsonObject;
  base["session_id"] = input["session_id"] ?? "00000000-0000-0000-0000-000000000000";
  base["transcript_path"] = input["transcript_path"] ?? "";
  base["cwd"] = input["cwd"] ?? projectDir;
  base["hook_event_name"] = event;
  base["timestamp"] = input["timestamp"] ?? new Date().toISOString();
  base["permission_mode"] = input["permission_mode"] ?? "default";
  for (const [key, value] of Object.entries(input)) if (!(key in base)) base[key] = value;
  return base;
}

/** The input fields Qwen exports to every hook, by variable. */
const EXPORTED_FIELDS = { QWEN_CODE_SESSION_ID: "session_id", QWEN_CODE_PROMPT_ID: "prompt_id" } as const;

/**
 * The hooks' environment: the CLI's, the three project-dir variables and the session's (env-01); each handler's `env` goes on top.
 * An exported input field that cannot be an environment value (a NUL byte, or over 128 KiB: no hook would
 * start) is left out and its variable named in `skipped` with the reason, so a NUL in a session id does not
 * stop every hook, a deny among them.
 */
export function qwenCodeHookEnv(base: NodeJS.ProcessEnv, stdin: JsonObject, projectDir: string, skipped: { variable: string; why: string }[] = []): NodeJS.ProcessEnv {
  const exported = (variable: keyof typeof EXPORTED_FIELDS): string | undefined => {
    const value = stdin[EXPORTED_FIELDS[variable]];
    if (typeof value !== "string") return undefined;
    const why = unexportable(variable, value);
    if (why === null) return value;
    skipped.push({ variable, why });
    return undefined;
  };
  const session = exported("QWEN_CODE_SESSION_ID");
  const prompt = exported("QWEN_CODE_PROMPT_ID");
  return {
    ...base,
    QWEN_PROJECT_DIR: projectDir,
    CLAUDE_PROJECT_DIR: projectDir,
    GEMINI_PROJECT_DIR: projectDir,
    QWEN_CODE_SESSION_ID: session ?? "",
    ...(prompt === undefined ? {} : { QWEN_CODE_PROMPT_ID: prompt }),
    QWEN_CODE_NO_RELAUNCH: "true",
  };
}

function resultOf(handler: QwenCodeHandler, outcome: SpawnOutcome, argv: string[], sequential: boolean): QwenCodeHookResult {
  const failed = outcome.status === "spawn_failed";
  return {
    command: handler.command,
    exit: failed ? null : outcome.exit,
    stdout: failed ? "" : outcome.stdout,
    stderr: failed ? "" : outcome.stderr,
    timed_out: outcome.status === "timed_out",
    source: handler.source,
    matcher: handler.matcher,
    timeout: handler.timeout ?? 60,
    config_index: handler.configIndex,
    sequential,
    signal: outcome.signal,
    duration_ms: outcome.durationMs,
    argv,
    message: outcome.status === "cancelled" ? "cancelled" : failed ? outcome.message : null,
  };
}

async function run(options: DialectRunOptions): Promise<DialectRunOutcome> {
  const invalid = runOptionsProblem(options);
  if (invalid !== null) return { merged: mergeQwenCode(eventNameOf(options), [], { input: {} }), problems: [invalid] };
  const { event, projectDir, homeDir } = options;
  const baseEnv = options.env ?? process.env;
  const stdin = qwenCodeStdin(event, options.input, projectDir);
  let text: string;
  try {
    text = JSON.stringify(stdin);
  } catch (e) {
    // a cycle or a BigInt from an untyped caller: no hook could be given it
    const problem: ProtocolError = { code: "invalid-options", path: "/input", message: `input must be JSON (${e instanceof Error ? e.message.slice(0, 200) : "not serialisable"})` };
    return { merged: mergeQwenCode(event, [], { input: {} }), problems: [problem] };
  }
  const field = isQwenCodeEvent(event) ? QWEN_CODE_EVENTS[event].matchField : null;
  const matchValue = field === null || typeof stdin[field] !== "string" ? null : (stdin[field] as string);
  const { handlers, sequential, problems } = selectQwenCodeHooks(event, matchValue, projectDir, homeDir, baseEnv);
  const skipped: { variable: string; why: string }[] = [];
  const env = qwenCodeHookEnv(baseEnv, stdin, projectDir, skipped);
  const envProblems: ProtocolError[] = skipped.map(({ variable, why }) => {
    const key = EXPORTED_FIELDS[variable as keyof typeof EXPORTED_FIELDS];
    return { code: "input-not-exported", path: jsonPointer([key]), message: `the input's ${key} ${why}: $${variable} is not set for the hooks` };
  });
  const runOne = async (handler: QwenCodeHandler): Promise<QwenCodeHookResult> => {
    const argv = ["bash", "-c", handler.command];
    const outcome = await spawnHook({
      file: argv[0]!,
      args: argv.slice(1),
      cwd: projectDir,
      env: { ...env, ...handler.env },
      stdin: text,
      timeoutMs: timeoutSeconds(handler.timeout) * 1000,
      maxOutputBytes: MAX_OUTPUT_BYTES,
      ...(options.signal === undefined ? {} : { signal: options.signal }),
    });
    return resultOf(handler, outcome, argv, sequential);
  };
  const finished: QwenCodeHookResult[] = [];
  if (sequential) {
    // A deny does not stop the later hooks (pair-26).
    for (const handler of handlers) finished.push(await runOne(handler));
  } else {
    await Promise.all(handlers.map(async (handler) => finished.push(await runOne(handler))));
  }
  return { merged: mergeQwenCode(event, finished, { input: stdin }), problems: [...problems, ...envProblems] };
}

export const qwenCodeRunner: DialectRunner = {
  configLocations: qwenCodeSettingsFiles("<project>", "~", {}).map((f) => `${f.file} (${f.source}: hooks, disableAllHooks)`),
  run,
};
