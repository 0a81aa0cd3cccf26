/**
 * Running an event's configured hooks as GitHub Copilot CLI 1.0.102 does:
 * the hooks from its config locations (config.ts) that the event's matchers
 * select, one at a time in configured order (pre-21d), each with its
 * spelling's stdin (camelCase or Claude-style snake_case), Copilot's
 * environment variables (pre-22) and its timeout (default 30 s). A
 * preToolUse deny or a postToolUse block ends the chain (pre-13, post-02);
 * a rewrite reaches the next hook's stdin (pre-14b); a failing
 * permissionRequest hook too (new-blind4-perm-exit1-then-allow). Then the merge
 * (merge.ts) decides. The runner runs in a trusted folder with every tool
 * allowed (as `--trust-folder --allow-all-tools`, the recordings' command
 * line) unless told otherwise.
 */
import { randomUUID } from "node:crypto";
import { join } from "node:path";
import { eventNameOf, runOptionsProblem, type DialectRunner, type DialectRunOptions, type DialectRunOutcome } from "../core/dialect.js";
import type { ProtocolError } from "../core/errors.js";
import type { MergedResult } from "../core/records.js";
import { isJsonObject, type JsonObject, type JsonValue } from "../json/value.js";
import { spawnHook } from "../process/spawn-hook.js";
import { configFiles, configuredHooks, CONFIG_LOCATIONS, hookCwd, matcherSelects, type ConfiguredHook } from "./config.js";
import { CLAUDE_TOOL_NAMES, EVENTS, resolveEvent } from "./events.js";
import { mergeCopilotRequest, type CopilotHook, type CopilotRequest } from "./merge.js";

export const COPILOT_VERSION = "1.0.102";
const MAX_OUTPUT_BYTES = 10 * 1024 * 1024;

export interface CopilotRunOptions extends DialectRunOptions {
  /** Project hooks (`.github/hooks`, `.claude`, `.github/copilot`) run only in a trusted folder; default true. */
  readonly trustedFolder?: boolean;
  /**
   * `--allow-all-tools`; default true, as the recordings ran (the merge request's default too):
   * `false` refuses a call no preToolUse hook allowed and no permissionRequest hook decided, as
   * prompt mode without the flag does (cap-pretooluse-silent-without-allow-all, perm-00).
   */
  readonly allowAllTools?: boolean;
}

/** Native input keys -> the Claude-style stdin's (post-06b, ss-02, stop-07). */
const CLAUDE_KEYS: Readonly<Record<string, string>> = {
  sessionId: "session_id",
  toolName: "tool_name",
  toolArgs: "tool_input",
  toolResult: "tool_result",
  resultType: "result_type",
  textResultForLlm: "text_result_for_llm",
  initialPrompt: "initial_prompt",
  transcriptPath: "transcript_path",
  stopReason: "stop_reason",
};

function claudeStyleValue(key: string, value: JsonValue): JsonValue {
  if (key === "toolName" && typeof value === "string") return CLAUDE_TOOL_NAMES[value] ?? value;
  if (key === "toolResult" && isJsonObject(value)) {
    const out: JsonObject = Object.create(null) as JsonObject;
    for (const [k, v] of Object.entries(value)) out[CLAUDE_KEYS[k] ?? k] = v;
    return out;
  }
  return value;
}

/** The stdin of one hook: Copilot's own fields first, then the event's, in the hook's spelling. */
export function stdinFor(event: string, claudeStyle: boolean, input: JsonObject, sessionId: string, cwd: string, now: Date): JsonObject {
  const out: JsonObject = Object.create(null) as JsonObject;
  const resolved = resolveEvent(event);
  if (resolved !== null && resolved.event === "permissionRequest") {
    out["hookName"] = "permissionRequest"; // camelCase in both spellings (perm-01d)
    claudeStyle = false;
  }
  if (claudeStyle) {
    out["hook_event_name"] = resolved?.rules.claudeStyleName ?? event;
    out["session_id"] = sessionId;
    out["timestamp"] = now.toISOString();
  } else {
    out["sessionId"] = sessionId;
    out["timestamp"] = now.getTime();
  }
  out["cwd"] = cwd;
  for (const [key, value] of Object.entries(input)) {
    if (key === "sessionId" || key === "timestamp" || key === "cwd" || key === "hookName") continue;
    if (claudeStyle) out[CLAUDE_KEYS[key] ?? key] = claudeStyleValue(key, value);
    else out[key] = value;
  }
  return out;
}

function hookEnv(base: NodeJS.ProcessEnv, hook: ConfiguredHook, projectDir: string): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...base, COPILOT_PROJECT_DIR: projectDir, CLAUDE_PROJECT_DIR: projectDir, COPILOT_CLI: "1", COPILOT_CLI_BINARY_VERSION: COPILOT_VERSION, ...hook.env };
  if (hook.file.hookDir !== null) env["COPILOT_HOOK_DIR"] = hook.file.hookDir;
  else delete env["COPILOT_HOOK_DIR"];
  return env;
}

/** Whether the merge would skip a hook configured after the ones in `request` (the one place the chain rules live). */
function chainEnded(request: CopilotRequest): boolean {
  const next: CopilotHook = { command: "", exit: 0, stdout: "", stderr: "", config_index: request.hooks.length };
  const probe = mergeCopilotRequest({ ...request, hooks: [...request.hooks, next] });
  return probe.runs[probe.runs.length - 1]?.outcome === "skipped";
}

const toolArgsKey = (event: string): string => (resolveEvent(event)?.event === "permissionRequest" ? "toolInput" : "toolArgs");

export async function runCopilotHooks(options: CopilotRunOptions): Promise<DialectRunOutcome> {
  const invalid = runOptionsProblem(options);
  if (invalid !== null) return { merged: mergeCopilotRequest({ event: eventNameOf(options), hooks: [] }), problems: [invalid] };
  const problems: ProtocolError[] = [];
  const resolved = resolveEvent(options.event);
  const input = options.input;
  const emptyRequest = { event: options.event, hooks: [] };
  if (resolved === null) {
    problems.push({ code: "unknown-event", path: "", message: `Copilot CLI ${COPILOT_VERSION} runs no hooks for "${options.event}"` });
    return { merged: mergeCopilotRequest(emptyRequest), problems };
  }
  const baseEnv = options.env ?? process.env;
  // an empty COPILOT_HOME is unset, never the runner's working directory
  const copilotHome = baseEnv["COPILOT_HOME"] !== undefined && baseEnv["COPILOT_HOME"] !== "" ? baseEnv["COPILOT_HOME"] : join(options.homeDir, ".copilot");
  const files = configFiles(options.projectDir, copilotHome, options.trustedFolder ?? true);
  const toolName = typeof input["toolName"] === "string" ? input["toolName"] : null;
  const matcherNotices: string[] = [];
  const rules = EVENTS[resolved.event];
  const selected = configuredHooks(files, resolved, problems).filter((hook) => rules.matchField === null || matcherSelects(hook, resolved.event, toolName, matcherNotices));
  for (const notice of matcherNotices) problems.push({ code: "invalid-matcher", path: "", message: notice });

  const sessionId = typeof input["sessionId"] === "string" ? input["sessionId"] : randomUUID();
  const argsKey = toolArgsKey(options.event);
  const originalArgs = isJsonObject(input[argsKey]) ? (input[argsKey] as JsonObject) : undefined;
  const hooks: CopilotHook[] = [];
  const request: CopilotRequest = {
    event: options.event,
    ...(toolName === null ? {} : { tool_name: toolName }),
    ...(originalArgs === undefined ? {} : { tool_input: originalArgs }),
    input,
    allow_all_tools: options.allowAllTools ?? true,
    hooks,
  };
  let merged: MergedResult = mergeCopilotRequest(request);
  let currentInput: JsonObject = input;
  for (const [configIndex, hook] of selected.entries()) {
    if (options.signal?.aborted === true) break;
    const stdin = stdinFor(hook.eventKey, hook.claudeStyle, currentInput, sessionId, options.projectDir, new Date());
    const outcome = await spawnHook({
      file: "bash",
      args: ["-c", hook.command],
      cwd: hookCwd(hook, options.projectDir),
      env: hookEnv(baseEnv, hook, options.projectDir),
      stdin: JSON.stringify(stdin),
      timeoutMs: hook.timeoutSec * 1000,
      maxOutputBytes: MAX_OUTPUT_BYTES,
      ...(options.signal === undefined ? {} : { signal: options.signal }),
    });
    hooks.push({
      command: hook.command,
      exit: outcome.status === "exited" ? outcome.exit : null,
      stdout: outcome.stdout,
      stderr: outcome.stderr,
      timed_out: outcome.status === "timed_out",
      source: hook.file.label,
      timeout: hook.timeoutSec,
      config_index: configIndex,
      event: hook.eventKey,
    });
    merged = mergeCopilotRequest(request);
    // a deny (preToolUse), a block (postToolUse) or a failing permission hook ends the chain: later hooks never run
    if (chainEnded(request)) break;
    // a rewrite reaches the next hook's stdin (pre-14b, cpre-07c)
    if (merged.updated_input !== null) {
      currentInput = Object.assign(Object.create(null) as JsonObject, currentInput, { [argsKey]: merged.updated_input });
    }
  }
  return { merged, problems };
}

export const copilotRunner: DialectRunner = {
  configLocations: CONFIG_LOCATIONS,
  run: (options) => runCopilotHooks(options),
};
