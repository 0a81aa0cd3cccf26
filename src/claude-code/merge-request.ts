/**
 * The `conformance merge` request: one event and its hooks' raw results in
 * completion order → the merged result. Reading the request never throws:
 * a malformed one is an error value with the path of the offending field.
 */
import { isJsonObject, parseJsonAsJsc, type JsonObject } from "./jsc-json.js";
import type { HookRunResult } from "./classify.js";
import type { MergedResult } from "./records.js";
import { classifyAndMerge } from "./merge-results.js";

export interface MergeRequestHook {
  readonly command: string;
  readonly exit: number | null;
  readonly stdout: string;
  readonly stderr: string;
  readonly timed_out?: boolean;
  readonly source?: string;
  /** Extension: the handler's timeout in seconds (for the timeout message). */
  readonly timeout?: number;
  /** Extension: position in configuration order (PreCompact/PostCompact report in it). */
  readonly config_index?: number;
  /** Extension: the handler is configured `async: true`; with an exit code, the hook has finished in the background. */
  readonly async?: boolean;
}

export interface MergeRequest {
  readonly event: string;
  readonly tool_name?: string;
  readonly tool_input?: JsonObject;
  /** Extension: the event's input as hooks got it on stdin (`prompt`, `source`, ...). */
  readonly input?: JsonObject;
  /** Extension: where Claude Code would save a hook text over 10,000 characters (environment-specific). */
  readonly persisted_output_path?: string;
  readonly hooks: readonly MergeRequestHook[];
}

export interface RequestError {
  readonly code: "invalid-json" | "invalid-request";
  /** JSON path of the offending field, `(root)` for the whole request. */
  readonly path: string;
  readonly message: string;
}

export type ParsedRequest = { readonly ok: true; readonly request: MergeRequest } | { readonly ok: false; readonly error: RequestError };

function invalid(path: string, message: string): ParsedRequest {
  return { ok: false, error: { code: "invalid-request", path, message } };
}

const HOOK_KEYS = new Set(["command", "exit", "stdout", "stderr", "timed_out", "source", "timeout", "config_index", "async"]);
const REQUEST_KEYS = new Set(["event", "tool_name", "tool_input", "input", "persisted_output_path", "hooks"]);

/** Read one request line. */
export function parseMergeRequest(line: string): ParsedRequest {
  const parsed = parseJsonAsJsc(line);
  if (!parsed.ok) return { ok: false, error: { code: "invalid-json", path: "(root)", message: `JSON Parse error: ${parsed.message}` } };
  const v = parsed.value;
  if (!isJsonObject(v)) return invalid("(root)", "a request is a JSON object");
  for (const key of Object.keys(v)) if (!REQUEST_KEYS.has(key)) return invalid(key, `unknown field "${key}"`);
  if (typeof v["event"] !== "string" || v["event"] === "") return invalid("event", "event must be a non-empty string");
  if (v["tool_name"] !== undefined && typeof v["tool_name"] !== "string") return invalid("tool_name", "tool_name must be a string");
  for (const key of ["tool_input", "input"] as const) {
    if (v[key] !== undefined && !isJsonObject(v[key])) return invalid(key, `${key} must be an object`);
  }
  if (v["persisted_output_path"] !== undefined && typeof v["persisted_output_path"] !== "string") {
    return invalid("persisted_output_path", "persisted_output_path must be a string");
  }
  const hooks = v["hooks"];
  if (!Array.isArray(hooks)) return invalid("hooks", "hooks must be an array");
  for (const [i, h] of hooks.entries()) {
    const at = `hooks[${i}]`;
    if (!isJsonObject(h)) return invalid(at, "a hook is an object");
    for (const key of Object.keys(h)) if (!HOOK_KEYS.has(key)) return invalid(`${at}.${key}`, `unknown field "${key}"`);
    if (typeof h["command"] !== "string") return invalid(`${at}.command`, "command must be a string");
    const exit = h["exit"];
    if (exit !== null && !(typeof exit === "number" && Number.isInteger(exit))) return invalid(`${at}.exit`, "exit must be an integer or null");
    for (const key of ["stdout", "stderr"] as const) {
      if (typeof h[key] !== "string") return invalid(`${at}.${key}`, `${key} must be a string`);
    }
    for (const key of ["timed_out", "async"] as const) {
      if (h[key] !== undefined && typeof h[key] !== "boolean") return invalid(`${at}.${key}`, `${key} must be a boolean`);
    }
    if (h["source"] !== undefined && typeof h["source"] !== "string") return invalid(`${at}.source`, "source must be a string");
    if (h["timeout"] !== undefined && typeof h["timeout"] !== "number") return invalid(`${at}.timeout`, "timeout must be a number");
    const ci = h["config_index"];
    if (ci !== undefined && !(typeof ci === "number" && Number.isInteger(ci) && ci >= 0)) return invalid(`${at}.config_index`, "config_index must be a non-negative integer");
  }
  return { ok: true, request: v as unknown as MergeRequest };
}

/** Classify each hook (completion order = array order) and merge: the runner's own path, on recorded results. */
export function mergeRequest(request: MergeRequest): MergedResult {
  const input: Record<string, unknown> = Object.assign(Object.create(null) as Record<string, unknown>, request.input ?? {});
  if (request.tool_name !== undefined) input["tool_name"] = request.tool_name;
  if (request.tool_input !== undefined) input["tool_input"] = request.tool_input;
  const results = request.hooks.map((h, i): HookRunResult => ({
    command: h.command,
    exit: h.exit,
    stdout: h.stdout,
    stderr: h.stderr,
    timed_out: h.timed_out,
    source: h.source ?? null,
    timeout: h.timeout ?? null,
    completion: i,
    config_index: h.config_index ?? null,
    async: h.async === true,
    form: "shell",
  }));
  return classifyAndMerge(request.event, input, results, request.persisted_output_path).merged;
}
