/**
 * Runs an event's hooks as Kimi Code CLI 2.1.0 does: the `[[hooks]]` tables
 * of its config.toml (src/kimi-code/config.ts) whose event is this one and
 * whose matcher finds the event's match value, each command once, all started
 * together with a shell in the working directory, the event JSON on stdin
 * (`hook_event_name`, `session_id`, `cwd`, `client_type`, then the event's
 * own fields), each killed at its timeout (seconds, default 30) and then an
 * allow (km-pre-12); the merge reads them in configuration order.
 */
import { eventNameOf, runOptionsProblem, type DialectRunner, type DialectRunOptions, type DialectRunOutcome } from "../core/dialect.js";
import type { ProtocolError } from "../core/errors.js";
import type { JsonObject } from "../json/value.js";
import { spawnHook, type SpawnOutcome } from "../process/spawn-hook.js";
import { kimiCodeConfigFile, matchValueText, readKimiCodeHooks, selectKimiCodeHooks, type KimiCodeHookDefinition } from "./config.js";
import { KIMI_CODE_EVENTS, isKimiCodeEvent } from "./events.js";
import { mergeKimiCode, type KimiCodeHookResult } from "./merge.js";
import { DEFAULT_TIMEOUT_SECONDS } from "./texts.js";

/** Kimi keeps every byte of both streams; this runner stops at 1 MiB each. */
const MAX_OUTPUT_BYTES = 1024 * 1024;

/** The stdin object: Kimi's fields in its order (km-pre-01), then the event's own. */
export function kimiCodeStdin(event: string, input: JsonObject, projectDir: string): JsonObject {
  const base: JsonObject = Object.create(null) as JsonObject;
  base["hook_event_name"] = event;
  base["session_id"] = input["session_id"] ?? "";
  base["cwd"] = input["cwd"] ?? projectDir;
  base["client_type"] = input["client_type"] ?? "kimi_code_cli";
  for (const [key, value] of Object.entries(input)) if (!(key in base)) base[key] = value;
  return base;
}

function resultOf(hook: KimiCodeHookDefinition, outcome: SpawnOutcome, argv: string[]): KimiCodeHookResult {
  const failed = outcome.status === "spawn_failed";
  return {
    command: hook.command,
    exit: failed ? null : outcome.exit,
    stdout: failed ? "" : outcome.stdout,
    stderr: failed ? "" : outcome.stderr,
    timed_out: outcome.status === "timed_out",
    source: "user",
    matcher: hook.matcher ?? null,
    timeout: hook.timeout ?? DEFAULT_TIMEOUT_SECONDS,
    config_index: hook.configIndex,
    signal: outcome.signal,
    duration_ms: outcome.durationMs,
    argv,
    message: outcome.status === "cancelled" ? "cancelled" : failed ? outcome.message : null,
  };
}

async function run(options: DialectRunOptions): Promise<DialectRunOutcome> {
  const invalid = runOptionsProblem(options);
  if (invalid !== null) return { merged: mergeKimiCode(eventNameOf(options), [], { input: {} }), problems: [invalid] };
  const { event, projectDir, homeDir } = options;
  const env = options.env ?? process.env;
  const stdin = kimiCodeStdin(event, options.input, projectDir);
  let text: string;
  try {
    text = JSON.stringify(stdin);
  } catch (e) {
    const problem: ProtocolError = { code: "invalid-options", path: "/input", message: `input must be JSON (${e instanceof Error ? e.message.slice(0, 200) : "not serialisable"})` };
    return { merged: mergeKimiCode(event, [], { input: {} }), problems: [problem] };
  }
  const cwd = typeof stdin["cwd"] === "string" && stdin["cwd"] !== "" ? stdin["cwd"] : projectDir;
  const { hooks, problems } = readKimiCodeHooks(homeDir, env, cwd);
  const field = isKimiCodeEvent(event) ? KIMI_CODE_EVENTS[event].matchField : null;
  const selected = selectKimiCodeHooks(hooks, event, field === null ? "" : matchValueText(stdin[field]));
  const finished: KimiCodeHookResult[] = [];
  await Promise.all(
    selected.map(async (hook) => {
      const argv = ["/bin/sh", "-c", hook.command];
      const outcome = await spawnHook({
        file: argv[0]!,
        args: argv.slice(1),
        cwd,
        env,
        stdin: text,
        timeoutMs: (hook.timeout ?? DEFAULT_TIMEOUT_SECONDS) * 1000,
        maxOutputBytes: MAX_OUTPUT_BYTES,
        ...(options.signal === undefined ? {} : { signal: options.signal }),
      });
      finished.push(resultOf(hook, outcome, argv));
    }),
  );
  return { merged: mergeKimiCode(event, finished, { input: stdin }), problems };
}

export const kimiCodeRunner: DialectRunner = {
  configLocations: [`${kimiCodeConfigFile("~", {}, ".")} or $KIMI_CODE_HOME/config.toml ([[hooks]] tables)`],
  run,
};
