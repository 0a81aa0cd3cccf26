/**
 * Running configured hooks as Gemini CLI 0.61.0 does (hookRegistry,
 * hookPlanner, hookRunner): `hooks` from `~/.gemini/settings.json` (user)
 * then `<project>/.gemini/settings.json` (workspace), concatenated per event;
 * `hooksConfig.enabled: false` turns all off, `hooksConfig.disabled` lists
 * hook names (`name`, else the command) to skip; matchers as the event table
 * says; dedupe by `<name>:<command>`; every selected hook started at once,
 * unless any selected definition says `sequential: true` (then one after
 * another, each seeing the earlier rewrites on stdin); timeouts in
 * milliseconds (default 60000); `bash -c <command>` in the project dir with
 * the CLI's variables, `$GEMINI_PROJECT_DIR`-style references in the command
 * text replaced by shell-quoted values first. Then the results are merged
 * in listing order (merge.ts). Real processes through spawnHook.
 */
import { randomUUID } from "node:crypto";
import { readConfigText } from "../core/read-bounded.js";
import { basename, join } from "node:path";
import { eventNameOf, runOptionsProblem, type DialectRunner, type DialectRunOptions, type DialectRunOutcome } from "../core/dialect.js";
import { jsonPointer, type ProtocolError } from "../core/errors.js";
import { blankComments } from "../json/comments.js";
import { parseJsonText } from "../json/positions.js";
import { isJsonObject, type JsonObject, type JsonValue } from "../json/value.js";
import { spawnHook } from "../process/spawn-hook.js";
import { EVENTS, isEventName, type EventName } from "./events.js";
import { spread, truthy } from "../json/js-values.js";
import { mergeHooks, type HookResult } from "./merge.js";
import { readHookOutput } from "./read-output.js";
import { hooksSwitchNotBoolean, invalidEventName, timeoutAsText, timerFiresAtOnce } from "./texts.js";
import { readGeminiTimeout } from "./timeout.js";

/** Keys of the `hooks` object that are settings, not events (HOOKS_CONFIG_FIELDS). */
const HOOKS_CONFIG_FIELDS = ["enabled", "disabled", "notifications"];
const MAX_OUTPUT_BYTES = 10 * 1024 * 1024;

export interface ConfiguredHook {
  readonly event: EventName;
  readonly command: string;
  readonly name: string | null;
  readonly timeoutMs: number | null;
  readonly env: Readonly<Record<string, string>>;
  readonly matcher: string | null;
  readonly sequential: boolean;
  /** Its timeout makes Gemini CLI's timer fire at once: the hook always times out (geminiTimerFiresAtOnce). */
  readonly firesAtOnce: boolean;
  readonly source: "user" | "project";
  /** Listing position among the event's hooks (before matching and dedupe). */
  readonly configIndex: number;
}

export interface GeminiHookConfiguration {
  readonly enabled: boolean;
  readonly disabled: readonly string[];
  readonly hooks: readonly ConfiguredHook[];
  readonly problems: readonly ProtocolError[];
}

interface SettingsFile {
  readonly source: "user" | "project";
  readonly file: string;
  readonly text: string | null;
  /** Why the file was not read (over the size bound, endless): none of its hooks load. */
  readonly refused?: string;
}

function problem(file: string, path: readonly (string | number)[], message: string): ProtocolError {
  return { code: "invalid-settings", path: jsonPointer(path), message: `${file}: ${message}` };
}

/**
 * How Gemini CLI 0.61.0 reads `hooksConfig.enabled` (gp-cfg-enabled-*, recorded):
 * off for `false`, the strings "false"/"False" and the other falsy values `""` and
 * `0`; on for `null` (the default applies), `true`, "true", "no", "0", 1, [].
 */
export function geminiHooksOff(value: JsonValue | undefined): boolean {
  if (value === undefined || value === null) return false;
  if (typeof value === "string" && value.toLowerCase() === "false") return true;
  return !truthy(value);
}

/** `hooksConfig.disabled` as Gemini CLI reads it: a list's strings, a lone string as a list of one (gp-cfg-disabled-*). */
export function geminiDisabledNames(value: JsonValue | undefined): string[] {
  if (typeof value === "string") return [value];
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === "string") : [];
}


/** The hook configuration of the given settings texts (user first, then workspace). Never throws. */
export function loadGeminiHooks(files: readonly SettingsFile[]): GeminiHookConfiguration {
  const problems: ProtocolError[] = [];
  const hooks: ConfiguredHook[] = [];
  let enabled = true;
  const disabled: string[] = [];
  const perEvent = new Map<EventName, number>();
  for (const { source, file, text, refused } of files) {
    if (refused !== undefined) problems.push(problem(file, [], `${refused}; no hook of it is read`));
    if (text === null) continue;
    // Gemini CLI strips comments from its settings (src/gemini-cli/lint-rules.ts reads them the same way)
    const read = parseJsonText(blankComments(text));
    if (!read.ok) {
      problems.push({ ...problem(file, [], `invalid JSON at line ${read.position.line}, column ${read.position.column}: ${read.message}`), position: read.position });
      continue;
    }
    const settings: JsonValue = read.value;
    if (!isJsonObject(settings)) {
      problems.push(problem(file, [], "the settings are not a JSON object; no hook of this file runs"));
      continue;
    }
    const hooksConfig = settings["hooksConfig"];
    if (isJsonObject(hooksConfig)) {
      // the workspace's value, even null, stands over the user's (gp-cfg-project-enabled-null-user-false)
      if ("enabled" in hooksConfig) {
        const value = hooksConfig["enabled"];
        enabled = !geminiHooksOff(value);
        if (value !== null && typeof value !== "boolean") problems.push(problem(file, ["hooksConfig", "enabled"], hooksSwitchNotBoolean(JSON.stringify(value), enabled)));
      }
      disabled.push(...geminiDisabledNames(hooksConfig["disabled"]));
    }
    const events = settings["hooks"];
    if (events === undefined) continue;
    if (!isJsonObject(events)) {
      problems.push(problem(file, ["hooks"], "hooks is not an object of events; no hook of this file runs"));
      continue;
    }
    for (const [eventName, definitions] of Object.entries(events)) {
      if (HOOKS_CONFIG_FIELDS.includes(eventName)) continue;
      if (!isEventName(eventName)) {
        problems.push(problem(file, ["hooks", eventName], invalidEventName(eventName)));
        continue;
      }
      if (!Array.isArray(definitions)) {
        problems.push(problem(file, ["hooks", eventName], `Hook definitions for event "${eventName}" from source "${source}" is not an array. Skipping.`));
        continue;
      }
      definitions.forEach((definition, d) => {
        if (!isJsonObject(definition) || !Array.isArray(definition["hooks"])) {
          problems.push(problem(file, ["hooks", eventName, d], `Discarding invalid hook definition for ${eventName} from ${source}`));
          return;
        }
        const matcher = typeof definition["matcher"] === "string" ? definition["matcher"] : null;
        const sequential = definition["sequential"] === true;
        definition["hooks"].forEach((handler, h) => {
          const at = ["hooks", eventName, d, "hooks", h];
          if (!isJsonObject(handler) || handler["type"] !== "command" || typeof handler["command"] !== "string" || handler["command"] === "") {
            problems.push(problem(file, at, `Discarding invalid hook configuration for ${eventName} from ${source} (only command hooks with a command run here)`));
            return;
          }
          const env: Record<string, string> = Object.create(null) as Record<string, string>;
          if (isJsonObject(handler["env"])) for (const [k, v] of Object.entries(handler["env"])) if (typeof v === "string") env[k] = v;
          // Gemini CLI hands the value to setTimeout unchecked: under 1 ms, past Node's timer limit or not a
          // number, it fires after 1 ms and the hook's answer is lost as a timeout, as here (timeout.ts)
          const timeout = readGeminiTimeout(handler["timeout"]);
          const firesAtOnce = timeout.kind === "fires-at-once";
          if (firesAtOnce) problems.push(problem(file, [...at, "timeout"], timerFiresAtOnce(JSON.stringify(handler["timeout"]) ?? String(handler["timeout"]), timeout.pastLimit)));
          else if (timeout.kind === "ms" && timeout.asText) problems.push(problem(file, [...at, "timeout"], timeoutAsText(JSON.stringify(handler["timeout"]), timeout.ms)));
          const index = perEvent.get(eventName) ?? 0;
          perEvent.set(eventName, index + 1);
          hooks.push({
            event: eventName,
            command: handler["command"],
            name: typeof handler["name"] === "string" && handler["name"] !== "" ? handler["name"] : null,
            timeoutMs: timeout.kind === "ms" ? timeout.ms : null,
            env,
            matcher,
            sequential,
            firesAtOnce,
            source,
            configIndex: index,
          });
        });
      });
    }
  }
  return { enabled, disabled, hooks, problems };
}

/** hookPlanner.matchesContext for the event's match field. */
export function matches(hook: ConfiguredHook, input: JsonObject): boolean {
  const rules = EVENTS[hook.event];
  if (hook.matcher === null || rules.matchField === null) return true;
  const matcher = hook.matcher.trim();
  if (matcher === "" || matcher === "*") return true;
  const value = input[rules.matchField];
  if (typeof value !== "string" || value === "") return true;
  if (rules.matchKind === "exact") return matcher === value;
  try {
    return new RegExp(matcher).test(value);
  } catch {
    return matcher === value;
  }
}

const TIMED_OUT_AT_ONCE = { status: "timed_out", exit: null, signal: null, stdout: "", stderr: "", stdoutDroppedBytes: 0, stderrDroppedBytes: 0, durationMs: 1 } as const;

/** The hooks the CLI runs for `event` with `input`, in listing order: enabled, matching, deduplicated. */
export function selectHooks(config: GeminiHookConfiguration, event: EventName, input: JsonObject): ConfiguredHook[] {
  if (!config.enabled) return [];
  const seen = new Set<string>();
  return config.hooks.filter((hook) => {
    if (hook.event !== event || config.disabled.includes(hook.name ?? hook.command) || !matches(hook, input)) return false;
    const key = `${hook.name ?? ""}:${hook.command}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** shell-quote's `quote([arg])`, which the CLI uses for bash (`escapeShellArg`); "" stays "". */
export function shellQuote(arg: string): string {
  if (arg === "") return "";
  if (/["\s\\]/.test(arg) && !/'/.test(arg)) return "'" + arg.replace(/(['])/g, "\\$1") + "'";
  if (/["'\s]/.test(arg)) return '"' + arg.replace(/(["\\$`!])/g, "\\$1") + '"';
  return arg.replace(/([A-Za-z]:)?([#!"$&'()*,:;<=>?@[\\\]^`{|}])/g, "$1\\$2");
}

function expandCommand(command: string, cwd: string, plansDir: string, sessionId: string): string {
  const q = shellQuote(cwd);
  return command
    .replace(/\$GEMINI_PROJECT_DIR/g, () => q)
    .replace(/\$GEMINI_CWD/g, () => q)
    .replace(/\$GEMINI_PLANS_DIR/g, () => shellQuote(plansDir))
    .replace(/\$GEMINI_SESSION_ID/g, () => shellQuote(sessionId))
    .replace(/\$CLAUDE_PROJECT_DIR/g, () => q);
}

/** hookRunner.applyHookOutputToInput: what a sequential hook passes on to the next one's stdin. */
function applyToInput(event: EventName, input: JsonObject, output: JsonObject): JsonObject {
  const next = spread(input);
  const hso = output["hookSpecificOutput"];
  if (!isJsonObject(hso ?? null)) return next;
  const specific = hso as JsonObject;
  if (event === "BeforeAgent" && typeof specific["additionalContext"] === "string" && "prompt" in next) {
    next["prompt"] = `${String(next["prompt"])}\n\n${specific["additionalContext"]}`;
  } else if (event === "BeforeModel" && truthy(specific["llm_request"]) && "llm_request" in next) {
    next["llm_request"] = spread(next["llm_request"], specific["llm_request"]);
  } else if (event === "BeforeTool" && truthy(specific["tool_input"]) && "tool_input" in next) {
    next["tool_input"] = spread(next["tool_input"], specific["tool_input"]);
  }
  return next;
}

export interface GeminiRunOptions extends DialectRunOptions {
  /** Overrides the settings files read from disk (tests). */
  readonly settings?: readonly SettingsFile[];
}

function readSettings(options: DialectRunOptions): SettingsFile[] {
  const read = (file: string): { text: string | null; refused?: string } => {
    const text = readConfigText(file);
    return text === null || typeof text === "string" ? { text } : { text: null, refused: text.refused };
  };
  const user = join(options.homeDir, ".gemini", "settings.json");
  const project = join(options.projectDir, ".gemini", "settings.json");
  return [
    { source: "user", file: user, ...read(user) },
    ...(project === user ? [] : [{ source: "project" as const, file: project, ...read(project) }]),
  ];
}

export async function runGeminiHooks(options: GeminiRunOptions): Promise<DialectRunOutcome> {
  const invalid = runOptionsProblem(options);
  if (invalid !== null) return { merged: mergeHooks({ event: eventNameOf(options), hooks: [] }), problems: [invalid] };
  const config = loadGeminiHooks(options.settings ?? readSettings(options));
  const problems: ProtocolError[] = [...config.problems];
  if (!isEventName(options.event)) {
    problems.push({ code: "unknown-event", path: "", message: invalidEventName(options.event) });
    return { merged: mergeHooks({ event: options.event, hooks: [] }), problems };
  }
  const event = options.event;
  const sessionId = typeof options.input["session_id"] === "string" ? options.input["session_id"] : randomUUID();
  const cwd = options.projectDir;
  const plansDir = join(options.homeDir, ".gemini", "tmp", basename(cwd), sessionId, "plans");
  // createBaseInput's fields first, in its order, then the event's own
  const base = spread({
    session_id: sessionId,
    transcript_path: typeof options.input["transcript_path"] === "string" ? options.input["transcript_path"] : "",
    cwd,
    hook_event_name: event,
    timestamp: new Date().toISOString(),
  });
  let input = spread(base, options.input, { session_id: sessionId, cwd, hook_event_name: event });
  const selected = selectHooks(config, event, input);
  const sequential = selected.some((hook) => hook.sequential);
  const env: NodeJS.ProcessEnv = {
    ...(options.env ?? process.env),
    GEMINI_PROJECT_DIR: cwd,
    GEMINI_PLANS_DIR: plansDir,
    GEMINI_CWD: cwd,
    GEMINI_SESSION_ID: sessionId,
    CLAUDE_PROJECT_DIR: cwd,
  };
  let completed = 0;
  const runOne = async (hook: ConfiguredHook, stdinInput: JsonObject): Promise<Omit<HookResult, "completion"> & { done: number }> => {
    const timeoutMs = hook.timeoutMs ?? EVENTS[event].defaultTimeoutMs;
    const command = expandCommand(hook.command, cwd, plansDir, sessionId);
    // Gemini CLI's timer kills it before it answers (gp-cfg-timeout-zero, -negative, -string-word)
    const outcome = hook.firesAtOnce ? TIMED_OUT_AT_ONCE : await spawnHook({
      file: "bash",
      args: ["-c", command],
      cwd,
      env: { ...env, ...hook.env },
      stdin: JSON.stringify(stdinInput),
      timeoutMs,
      maxOutputBytes: MAX_OUTPUT_BYTES,
      ...(options.signal !== undefined ? { signal: options.signal } : {}),
    });
    if (outcome.status === "spawn_failed") problems.push({ code: "spawn-failed", path: "", message: `${hook.command}: ${outcome.message ?? "could not start"}` });
    return {
      command: hook.command,
      name: hook.name,
      exit: outcome.exit,
      stdout: outcome.stdout,
      stderr: outcome.stderr,
      timed_out: outcome.status === "timed_out",
      source: hook.source,
      matcher: hook.matcher,
      timeout_ms: hook.timeoutMs,
      config_index: hook.configIndex,
      signal: outcome.signal,
      duration_ms: outcome.durationMs,
      argv: ["bash", "-c", command],
      done: completed++,
    };
  };
  const results: (Omit<HookResult, "completion"> & { done: number })[] = [];
  if (sequential) {
    for (const hook of selected) {
      const result = await runOne(hook, input);
      results.push(result);
      const reading = readHookOutput(result);
      if (!reading.failed && reading.output !== null) input = applyToInput(event, input, reading.output);
    }
  } else {
    results.push(...(await Promise.all(selected.map((hook) => runOne(hook, input)))));
  }
  // the merge gets them in completion order, each with its listing position
  const byCompletion = [...results].sort((a, b) => a.done - b.done).map(({ done, ...rest }) => ({ ...rest, completion: done }));
  const toolName = typeof options.input["tool_name"] === "string" ? options.input["tool_name"] : undefined;
  const toolInput = isJsonObject((options.input["tool_input"] as JsonValue | undefined) ?? null) ? (options.input["tool_input"] as JsonObject) : undefined;
  const merged = mergeHooks({
    event,
    ...(toolName !== undefined ? { tool_name: toolName } : {}),
    ...(toolInput !== undefined ? { tool_input: toolInput } : {}),
    hooks: byCompletion,
  });
  return { merged, problems };
}

export const geminiCliRunner: DialectRunner = {
  configLocations: ["~/.gemini/settings.json (user)", "<project>/.gemini/settings.json (workspace)"],
  run: (options) => runGeminiHooks(options),
};
