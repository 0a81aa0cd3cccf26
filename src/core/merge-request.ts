/**
 * The merge request, the same for every agent: one event and its hooks' raw
 * results in completion order (the `conformance merge` line, the `merge`
 * command's file). Reading it never throws: a malformed request is an error
 * value whose `path` is the JSON Pointer of the offending field.
 *
 * A dialect that needs more per hook (Gemini CLI's `name`, ...) declares the
 * extra keys and their kinds; any other key is an error, so a typo is never
 * silently ignored.
 */
import { isJsonObject, toNullPrototype, type JsonObject, type JsonValue } from "../json/value.js";
import { jsonPointer, type ProtocolError } from "./errors.js";
import type { HookEvent } from "../../generated/types.js";

export interface MergeRequestHook {
  readonly command: string;
  readonly exit: number | null;
  readonly stdout: string;
  readonly stderr: string;
  readonly timed_out?: boolean;
  readonly source?: string;
  /** The handler's timeout in seconds (the timeout texts name it). */
  readonly timeout?: number;
  /** Position in configuration order (the order agents such as Codex, Gemini CLI and droid merge in). */
  readonly config_index?: number;
  /** The handler is configured `async: true`; with an exit code, the hook has finished in the background. */
  readonly async?: boolean;
}

export interface MergeRequest {
  /** The agent's own event name (Claude Code's are completed; any other string is read as that agent's). */
  readonly event: HookEvent | (string & {});
  readonly tool_name?: string;
  readonly tool_input?: JsonObject;
  /** The event's input as hooks got it on stdin (`prompt`, `source`, ...). */
  readonly input?: JsonObject;
  /** Where the agent would save a hook text too long to inline (environment-specific). */
  readonly persisted_output_path?: string;
  readonly hooks: readonly MergeRequestHook[];
}

export type FieldKind = "string" | "boolean" | "number" | "integer" | "object" | "array";

/** Keys a dialect adds to the request and to each hook, with the kind of value each takes. */
export interface RequestExtensions {
  readonly request?: Readonly<Record<string, FieldKind>>;
  readonly hook?: Readonly<Record<string, FieldKind>>;
}

export interface RequestError extends ProtocolError {
  readonly code: "invalid-json" | "invalid-request";
}

export type ParsedRequest = { readonly ok: true; readonly request: MergeRequest } | { readonly ok: false; readonly error: RequestError };

const HOOK_FIELDS: Readonly<Record<string, FieldKind>> = {
  timed_out: "boolean",
  source: "string",
  timeout: "number",
  config_index: "integer",
  async: "boolean",
};
const REQUEST_FIELDS: Readonly<Record<string, FieldKind>> = {
  tool_name: "string",
  tool_input: "object",
  input: "object",
  persisted_output_path: "string",
};

function invalid(path: readonly (string | number)[], message: string): ParsedRequest {
  return { ok: false, error: { code: "invalid-request", path: jsonPointer(path), message } };
}

function hasKind(value: JsonValue, kind: FieldKind): boolean {
  switch (kind) {
    case "object":
      return isJsonObject(value);
    case "array":
      return Array.isArray(value);
    case "integer":
      return typeof value === "number" && Number.isInteger(value);
    default:
      return typeof value === kind;
  }
}

const ARTICLE: Readonly<Record<FieldKind, string>> = {
  string: "a string",
  boolean: "a boolean",
  number: "a number",
  integer: "an integer",
  object: "an object",
  array: "an array",
};

/** The first field of `value` outside `required`/`optional`, or of the wrong kind; null when all fit. */
function checkFields(
  value: JsonObject,
  at: readonly (string | number)[],
  optional: Readonly<Record<string, FieldKind>>,
  required: readonly string[],
): ParsedRequest | null {
  for (const key of Object.keys(value)) {
    if (required.includes(key)) continue;
    const kind = optional[key];
    if (kind === undefined) return invalid([...at, key], `unknown field "${key}"`);
    if (!hasKind(value[key]!, kind)) return invalid([...at, key], `${key} must be ${ARTICLE[kind]}`);
  }
  return null;
}

/** Read one request line (or file); `extensions` are the keys the target dialect adds. */
export function parseMergeRequest(text: string, extensions: RequestExtensions = {}): ParsedRequest {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (e) {
    return { ok: false, error: { code: "invalid-json", path: "", message: `invalid JSON: ${e instanceof Error ? e.message : String(e)}` } };
  }
  return checkRequestValue(toNullPrototype(raw), extensions);
}

/**
 * Check a request built in code (or parsed elsewhere): the same rules as
 * `parseMergeRequest`, after a null-prototype copy that refuses what JSON
 * cannot hold (functions, `NaN`, cycles, class instances, ...), naming where.
 */
export function checkMergeRequest(value: unknown, extensions: RequestExtensions = {}): ParsedRequest {
  const copied = copyJsonValue(value);
  return copied.ok ? checkRequestValue(copied.value, extensions) : invalid(copied.path, copied.message);
}

type CopiedValue = { readonly ok: true; readonly value: JsonValue } | { readonly ok: false; readonly path: (string | number)[]; readonly message: string };

/**
 * A null-prototype JSON copy of `value`, or where it stops being JSON.
 * Iterative, and each place keeps only its parent's index (the path is built
 * only for an error), so 100,000 levels of nesting copy in linear time.
 */
function copyJsonValue(value: unknown): CopiedValue {
  const box: JsonValue[] = [null];
  // places[i] = [parent place, key]: the path of an error, walked back from its place
  const places: [number, string | number][] = [[-1, ""]];
  const pathOf = (place: number): (string | number)[] => {
    const path: (string | number)[] = [];
    for (let p = place; p > 0; p = places[p]![0]) path.unshift(places[p]![1]);
    return path;
  };
  // [source, target holder, key in holder, place]; an exit entry (null holder) leaves an object's subtree.
  const pending: [unknown, JsonValue[] | JsonObject | null, string | number, number][] = [[value, box, 0, 0]];
  const ancestors = new Set<object>();
  const fail = (place: number, message: string): CopiedValue => ({ ok: false, path: pathOf(place), message });
  try {
    for (let item = pending.pop(); item !== undefined; item = pending.pop()) {
      const [source, holder, key, place] = item;
      if (holder === null) {
        ancestors.delete(source as object);
        continue;
      }
      const put = (v: JsonValue): void => {
        (holder as Record<string | number, JsonValue>)[key] = v;
      };
      const child = (out: JsonValue[] | JsonObject, childKey: string | number, childValue: unknown): void => {
        places.push([place, childKey]);
        pending.push([childValue, out, childKey, places.length - 1]);
      };
      if (source === null || typeof source === "string" || typeof source === "boolean") put(source);
      else if (typeof source === "number") {
        if (!Number.isFinite(source)) return fail(place, `${String(source)} is not a JSON number`);
        put(source);
      } else if (typeof source === "object") {
        if (ancestors.has(source)) return fail(place, "the value contains itself (a cycle)");
        const proto: unknown = Object.getPrototypeOf(source);
        if (Array.isArray(source)) {
          const out = new Array<JsonValue>(source.length);
          put(out);
          ancestors.add(source);
          pending.push([source, null, 0, place]);
          for (let i = source.length - 1; i >= 0; i--) child(out, i, source[i]);
        } else if (proto === Object.prototype || proto === null) {
          const out = Object.create(null) as JsonObject;
          put(out);
          ancestors.add(source);
          pending.push([source, null, 0, place]);
          const entries = Object.entries(source).filter(([, v]) => v !== undefined);
          for (let i = entries.length - 1; i >= 0; i--) child(out, entries[i]![0], entries[i]![1]);
        } else return fail(place, "a plain object or array is expected, not a class instance");
      } else return fail(place, `${typeof source} is not a JSON value`);
    }
  } catch (e) {
    // a getter or proxy that throws
    return { ok: false, path: [], message: `the value cannot be read: ${e instanceof Error ? e.message : String(e)}` };
  }
  return { ok: true, value: box[0]! };
}

function checkRequestValue(v: JsonValue, extensions: RequestExtensions): ParsedRequest {
  if (!isJsonObject(v)) return invalid([], "a request is a JSON object");
  const requestFields = { ...REQUEST_FIELDS, ...extensions.request };
  const badRequest = checkFields(v, [], requestFields, ["event", "hooks"]);
  if (badRequest !== null) return badRequest;
  if (typeof v["event"] !== "string" || v["event"] === "") return invalid(["event"], "event must be a non-empty string");
  const hooks = v["hooks"];
  if (!Array.isArray(hooks)) return invalid(["hooks"], "hooks must be an array");
  const hookFields = { ...HOOK_FIELDS, ...extensions.hook };
  for (const [i, h] of hooks.entries()) {
    const at = ["hooks", i] as const;
    if (!isJsonObject(h)) return invalid(at, "a hook is an object");
    const badHook = checkFields(h, at, hookFields, ["command", "exit", "stdout", "stderr"]);
    if (badHook !== null) return badHook;
    if (typeof h["command"] !== "string") return invalid([...at, "command"], "command must be a string");
    const exit = h["exit"];
    if (exit !== null && !(typeof exit === "number" && Number.isInteger(exit))) return invalid([...at, "exit"], "exit must be an integer or null");
    for (const key of ["stdout", "stderr"] as const) {
      if (typeof h[key] !== "string") return invalid([...at, key], `${key} must be a string`);
    }
    const ci = h["config_index"];
    if (typeof ci === "number" && ci < 0) return invalid([...at, "config_index"], "config_index must be a non-negative integer");
  }
  return { ok: true, request: v as unknown as MergeRequest };
}

/**
 * One hook's answer as the only hook of `event`: the request the cross-agent
 * judgement and the conversion check merge (`tool_name`/`tool_input` taken
 * from `input`).
 */
export function singleHookRequest(event: string, answer: { readonly exit: number; readonly stdout: string; readonly stderr: string }, input?: JsonObject): MergeRequest {
  const toolName = input?.["tool_name"];
  const toolInput = input?.["tool_input"];
  return {
    event,
    ...(input !== undefined ? { input } : {}),
    ...(typeof toolName === "string" ? { tool_name: toolName } : {}),
    ...(isJsonObject(toolInput ?? null) ? { tool_input: toolInput as JsonObject } : {}),
    hooks: [{ command: "hook", exit: answer.exit, stdout: answer.stdout, stderr: answer.stderr, config_index: 0 }],
  };
}

/** The event input the hooks got: `input` with `tool_name`/`tool_input` laid over it (a null-prototype copy). */
export function requestInput(request: MergeRequest): Record<string, unknown> {
  const input: Record<string, unknown> = Object.assign(Object.create(null) as Record<string, unknown>, request.input ?? {});
  if (request.tool_name !== undefined) input["tool_name"] = request.tool_name;
  if (request.tool_input !== undefined) input["tool_input"] = request.tool_input;
  return input;
}
