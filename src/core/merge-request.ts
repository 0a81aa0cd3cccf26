/**
 * The merge request, the same for every agent: one event and its hooks' raw
 * results in completion order (the `conformance merge` line, the `merge`
 * command's file). Reading it never throws: a malformed request is an error
 * value whose `path` is the JSON Pointer of the offending field.
 *
 * A dialect that needs more per hook (a hook's `name`, ...) declares the
 * extra keys and their kinds; any other key is an error, so a typo is never
 * silently ignored.
 */
import { isJsonObject, toNullPrototype, type JsonObject, type JsonValue } from "../json/value.js";
import { describeKind } from "./api-boundary.js";
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
  /** Position in configuration order (the order some agents merge in). */
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
    // own keys only: `constructor`, `toString`, `__proto__` are unknown fields, not Object.prototype's
    const kind = Object.hasOwn(optional, key) ? optional[key] : undefined;
    if (kind === undefined) return invalid([...at, key], `unknown field "${key}"`);
    if (!hasKind(value[key]!, kind)) return invalid([...at, key], `${key} must be ${ARTICLE[kind]}`);
  }
  return null;
}

/** Read one request line (or file); `extensions` are the keys the target dialect adds. */
export function parseMergeRequest(text: string, extensions: RequestExtensions = {}): ParsedRequest {
  if (typeof text !== "string") return invalid([], `a request is JSON text, not ${describeKind(text)}`);
  const fields = readExtensions(extensions);
  if (typeof fields === "string") return invalid([], fields);
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (e) {
    return { ok: false, error: { code: "invalid-json", path: "", message: `invalid JSON: ${e instanceof Error ? e.message : String(e)}` } };
  }
  return checkRequestValue(toNullPrototype(raw), fields);
}

const FIELD_KINDS: ReadonlySet<unknown> = new Set<FieldKind>(["string", "boolean", "number", "integer", "object", "array"]);


/**
 * The dialect's extensions as null-prototype field tables (so `constructor`
 * is never a declared field), or what is wrong with them. Read once, in a
 * try: a Proxy or a getter that throws is an error value too.
 */
function readExtensions(extensions: unknown): RequestFields | string {
  const table = (base: Readonly<Record<string, FieldKind>>, extra: unknown, name: string): Record<string, FieldKind> | string => {
    const out = Object.assign(Object.create(null) as Record<string, FieldKind>, base);
    if (extra === undefined) return out;
    if (extra === null || typeof extra !== "object") return `extensions.${name} must be an object of field kinds`;
    for (const [key, kind] of Object.entries(extra)) {
      if (!FIELD_KINDS.has(kind)) return `extensions.${name}.${key} must be one of ${[...FIELD_KINDS].join(", ")}`;
      out[key] = kind as FieldKind;
    }
    return out;
  };
  try {
    if (extensions === undefined) return { request: table(REQUEST_FIELDS, undefined, "") as Record<string, FieldKind>, hook: table(HOOK_FIELDS, undefined, "") as Record<string, FieldKind> };
    if (extensions === null || typeof extensions !== "object") return `extensions must be an object ({request?, hook?}), not ${describeKind(extensions)}`;
    const request = table(REQUEST_FIELDS, (extensions as RequestExtensions).request, "request");
    const hook = table(HOOK_FIELDS, (extensions as RequestExtensions).hook, "hook");
    if (typeof request === "string") return request;
    if (typeof hook === "string") return hook;
    return { request, hook };
  } catch (e) {
    return `extensions cannot be read: ${e instanceof Error ? e.message : "it throws"}`;
  }
}

/**
 * Check a request built in code (or parsed elsewhere): the same rules as
 * `parseMergeRequest`, after a null-prototype copy that refuses what JSON
 * cannot hold (functions, `NaN`, cycles, class instances, ...), naming where.
 */
export function checkMergeRequest(value: unknown, extensions: RequestExtensions = {}): ParsedRequest {
  const fields = readExtensions(extensions);
  if (typeof fields === "string") return invalid([], fields);
  const shallow = checkTopLevel(value, fields);
  if (shallow !== null) return shallow;
  const copied = copyJsonValue(value);
  return copied.ok ? checkRequestValue(copied.value, fields) : invalid(copied.path, copied.message);
}

/**
 * The request's own keys (unknown fields, event, hooks) before any deep copy,
 * so that a request whose top level is wrong answers at once whatever else it
 * holds (five million hooks, a throwing getter deep inside), with the error
 * the full check would give.
 */
function checkTopLevel(value: unknown, fields: RequestFields): ParsedRequest | null {
  try {
    if (value === null || typeof value !== "object" || Array.isArray(value)) return invalid([], "a request is a JSON object");
    const top = Object.create(null) as JsonObject;
    for (const key of Object.keys(value)) top[key] = (value as Record<string, unknown>)[key] as JsonValue;
    const badTop = checkRequestTop(top, fields);
    if (badTop !== null) return badTop;
    // each hook an object: a list of five million numbers fails at its first, before any copy
    const hooks = top["hooks"] as unknown[];
    for (let i = 0; i < hooks.length; i++) {
      const hook = hooks[i];
      if (hook === undefined) return invalid(["hooks", i], "undefined is not a JSON value");
      if (hook === null || typeof hook !== "object" || Array.isArray(hook)) return invalid(["hooks", i], "a hook is an object");
    }
    return null;
  } catch (e) {
    return invalid([], `the value cannot be read: ${e instanceof Error ? e.message : "it throws"}`);
  }
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
  // the place being read, so that a getter or Proxy that throws is reported where it is
  let reading = 0;
  try {
    for (let item = pending.pop(); item !== undefined; item = pending.pop()) {
      const [source, holder, key, place] = item;
      reading = place;
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
          // a hole or undefined fails here, before millions of children are queued
          const missing = source.findIndex((item) => item === undefined);
          if (missing !== -1) {
            places.push([place, missing]);
            return fail(places.length - 1, "undefined is not a JSON value");
          }
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
          const entries: [string, unknown][] = [];
          for (const name of Object.keys(source)) {
            places.push([place, name]);
            reading = places.length - 1;
            const v: unknown = (source as Record<string, unknown>)[name];
            places.pop();
            reading = place;
            if (v !== undefined) entries.push([name, v]);
          }
          for (let i = entries.length - 1; i >= 0; i--) child(out, entries[i]![0], entries[i]![1]);
        } else return fail(place, "a plain object or array is expected, not a class instance");
      } else return fail(place, `${typeof source} is not a JSON value`);
    }
  } catch (e) {
    // a getter or proxy that throws
    return { ok: false, path: pathOf(reading), message: `the value cannot be read: ${e instanceof Error ? e.message : describeKind(e)}` };
  }
  return { ok: true, value: box[0]! };
}

interface RequestFields {
  readonly request: Readonly<Record<string, FieldKind>>;
  readonly hook: Readonly<Record<string, FieldKind>>;
}

/** The request's own keys: no unknown field, a non-empty event, hooks an array. */
function checkRequestTop(v: JsonObject, fields: RequestFields): ParsedRequest | null {
  const badRequest = checkFields(v, [], fields.request, ["event", "hooks"]);
  if (badRequest !== null) return badRequest;
  if (typeof v["event"] !== "string" || v["event"] === "") return invalid(["event"], "event must be a non-empty string");
  if (!Array.isArray(v["hooks"])) return invalid(["hooks"], "hooks must be an array");
  return null;
}

function checkRequestValue(v: JsonValue, fields: RequestFields): ParsedRequest {
  if (!isJsonObject(v)) return invalid([], "a request is a JSON object");
  const badTop = checkRequestTop(v, fields);
  if (badTop !== null) return badTop;
  const hooks = v["hooks"] as JsonValue[];
  const hookFields = fields.hook;
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
