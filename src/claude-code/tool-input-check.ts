/**
 * A PreToolUse hook's `updatedInput` checked against the tool's schema, as
 * Claude Code 2.1.332 checks it before the tool runs; when it fails, the tool
 * does not run and the model's tool_result is Claude Code's text.
 *
 * Observed (test/observer/claude-code-tools/, kit-ui-* and pre-59): the text
 * frames one line per issue, missing keys first, then wrong types, then other
 * issues; when no issue is a missing key or a wrong type, it frames the JSON of
 * zod's issues instead. Unknown keys are not errors (Claude Code strips them),
 * and numeric strings for numbers and "true"/"false" for booleans are accepted
 * (coerced). Built-in tools only: an unknown or MCP tool is not checked here.
 *
 * Issue kinds the recordings did not show (pattern, array length, nested
 * paths) follow zod 4's issue shapes and messages; their exact texts are not
 * confirmed.
 */
import * as toolValidators from "../../generated/validators/claude-code-tools.js";
import type { ValidationError, Validator } from "../../generated/validators/validator.js";
import { isJsonObject, type JsonObject, type JsonValue } from "../json/value.js";

/** One issue, as zod reports it (its `path` is a list of keys and indices). */
export interface ToolInputIssue {
  /** JSON Pointer of the value at fault inside the tool input (`/command`; `""` for the input itself). */
  readonly pointer: string;
  /** missing: a required key is absent; type: a value of another JSON type; other: any other constraint. */
  readonly kind: "missing" | "type" | "other";
  /** Claude Code's line for this issue when it lists lines (`The required parameter \`command\` is missing`). */
  readonly line: string;
  /** zod's issue object, as Claude Code prints it when no issue is a missing key or a wrong type. */
  readonly zodIssue: JsonObject;
}

export type ToolInputCheck =
  | { readonly ok: true }
  | {
      readonly ok: false;
      readonly issues: readonly ToolInputIssue[];
      /** The tool_result text the model gets instead of the tool's output (`is_error`). */
      readonly toolResult: string;
    };

/** The validator of a built-in tool's input, or null for a tool without a schema (MCP tools, unknown names). */
export function toolInputValidator(toolName: string): Validator<unknown> | null {
  if (!/^[A-Z][A-Za-z]*$/.test(toolName)) return null;
  const validator = (toolValidators as unknown as Readonly<Record<string, Validator<unknown> | undefined>>)[`validate${toolName}ToolInput`];
  return typeof validator === "function" ? validator : null;
}

/**
 * The input a built-in tool runs with after a hook's rewrite that passes its
 * check: Claude Code parses it against the tool's schema, which drops every key
 * the schema does not declare, at any depth (a `session_id` beside Bash's
 * `command`, a nested object under an unknown key, a null), and fills the
 * schema's defaults (Edit's `replace_all: false`). Recorded for Bash, Write,
 * Read, Edit and WebFetch by a PostToolUse(Failure) hook that saw the input the
 * tool ran with (fid-ui-*). A tool without a schema keeps the input as given.
 */
export function parsedToolInput(toolName: string | null, input: JsonObject): JsonObject {
  const validate = toolName === null ? null : toolInputValidator(toolName);
  if (validate === null || validate(input)) return withDefaults(toolName!, input);
  let parsed: JsonValue = input;
  for (const error of validate.errors ?? []) {
    if (error.keyword !== "additionalProperties") continue;
    parsed = withoutKeyAt(parsed, error.instancePath, String(error.params["additionalProperty"]));
  }
  return withDefaults(toolName!, isJsonObject(parsed) ? parsed : input);
}

function withDefaults(toolName: string, input: JsonObject): JsonObject {
  const defaults = (toolValidators as unknown as Readonly<Record<string, Readonly<Record<string, unknown>> | undefined>>)[`defaults${toolName}ToolInput`];
  if (defaults === undefined) return input;
  let out = input;
  for (const key of Object.keys(defaults)) {
    if (Object.hasOwn(out, key)) continue;
    if (out === input) out = Object.assign(Object.create(null) as JsonObject, input);
    out[key] = defaults[key] as JsonValue;
  }
  return out;
}

/** A copy of `value` without `key` in the object at `pointer` (copies only along the path). */
function withoutKeyAt(value: JsonValue, pointer: string, key: string): JsonValue {
  const [head, ...rest] = segments(pointer);
  if (Array.isArray(value)) {
    if (head === undefined) return value;
    const copy = [...value];
    copy[Number(head)] = withoutKeyAt(copy[Number(head)] ?? null, pointerOf(rest), key);
    return copy;
  }
  if (!isJsonObject(value)) return value;
  const copy: JsonObject = Object.assign(Object.create(null) as JsonObject, value);
  if (head === undefined) delete copy[key];
  else if (Object.hasOwn(copy, head)) copy[head] = withoutKeyAt(copy[head]!, pointerOf(rest), key);
  return copy;
}

function pointerOf(parts: readonly string[]): string {
  return parts.length === 0 ? "" : `/${parts.map((part) => part.replace(/~/g, "~0").replace(/\//g, "~1")).join("/")}`;
}

/** Checks a PreToolUse rewrite of `toolName`'s input; `{ok: true}` for a tool without a schema. */
export function checkToolInput(toolName: string, input: JsonValue): ToolInputCheck {
  const validate = toolInputValidator(toolName);
  if (validate === null) return { ok: true };
  const errors = validationErrors(validate, coerced(validate, input));
  if (errors.length === 0) return { ok: true };
  const issues = errors.map((error) => issueOf(error, input));
  return { ok: false, issues, toolResult: rejectionText(toolName, issues) };
}

/** The tool_result text for a rewrite that failed, or null when it passes: what the merge applies. */
export function rejectedRewriteText(toolName: string | null, rewrite: JsonValue): string | null {
  if (toolName === null) return null;
  const check = checkToolInput(toolName, rewrite);
  return check.ok ? null : check.toolResult;
}

function rejectionText(toolName: string, issues: readonly ToolInputIssue[]): string {
  const listed = issues.some((issue) => issue.kind !== "other");
  let detail: string;
  if (listed) {
    const lines = (["missing", "type", "other"] as const).flatMap((kind) => issues.filter((issue) => issue.kind === kind).map((issue) => issue.line));
    detail = `${toolName} failed due to the following ${lines.length === 1 ? "issue" : "issues"}:\n${lines.join("\n")}`;
  } else {
    detail = JSON.stringify(issues.map((issue) => issue.zodIssue), null, 2);
  }
  return `PreToolUse hook for ${toolName} returned updatedInput that failed schema validation: ${detail}\nThe tool input from the model was valid; the hook's rewrite of it was not.`;
}

/** Ajv's errors that are errors for Claude Code: unknown keys are stripped, not rejected. */
function validationErrors(validate: Validator<unknown>, input: JsonValue): ValidationError[] {
  if (validate(input)) return [];
  return (validate.errors ?? []).filter((error) => error.keyword !== "additionalProperties");
}

const NUMERIC_STRING = /^-?\d+(\.\d+)?$/;

/** `input` with the strings Claude Code coerces (kit-ui-05, -12, -16) replaced by their values; `input` itself when none. */
function coerced(validate: Validator<unknown>, input: JsonValue): JsonValue {
  let current = input;
  // each round fixes the type errors of one validation; a coerced value cannot cause another
  for (const error of validationErrors(validate, input)) {
    if (error.keyword !== "type") continue;
    const expected = String(error.params["type"]);
    const value = valueAt(current, error.instancePath);
    let replacement: JsonValue | undefined;
    if ((expected === "number" || expected === "integer") && typeof value === "string" && NUMERIC_STRING.test(value)) replacement = Number(value);
    if (expected === "boolean" && (value === "true" || value === "false")) replacement = value === "true";
    if (replacement !== undefined) current = withValueAt(current, error.instancePath, replacement);
  }
  return current;
}

function segments(pointer: string): string[] {
  return pointer === "" ? [] : pointer.slice(1).split("/").map((part) => part.replace(/~1/g, "/").replace(/~0/g, "~"));
}

function valueAt(value: JsonValue, pointer: string): JsonValue | undefined {
  let current: JsonValue | undefined = value;
  for (const key of segments(pointer)) {
    if (Array.isArray(current)) current = current[Number(key)];
    else if (isJsonObject(current)) current = Object.hasOwn(current, key) ? current[key] : undefined;
    else return undefined;
  }
  return current;
}

/** A copy of `value` with `replacement` at `pointer` (copies only along the path; null-prototype objects stay so). */
function withValueAt(value: JsonValue, pointer: string, replacement: JsonValue): JsonValue {
  const [head, ...rest] = segments(pointer);
  if (head === undefined) return replacement;
  const restPointer = pointerOf(rest);
  if (Array.isArray(value)) {
    const copy = [...value];
    copy[Number(head)] = withValueAt(copy[Number(head)] ?? null, restPointer, replacement);
    return copy;
  }
  if (!isJsonObject(value)) return value;
  const copy: JsonObject = Object.assign(Object.create(null) as JsonObject, value);
  copy[head] = withValueAt(value[head] ?? null, restPointer, replacement);
  return copy;
}

/** zod's name of a value's type, as Claude Code prints it (`provided as \`number\``). */
function zodTypeName(value: JsonValue | undefined): string {
  if (value === null) return "null";
  if (value === undefined) return "undefined";
  if (Array.isArray(value)) return "array";
  return typeof value;
}

/** zod's path: keys, with array indices as numbers. */
function zodPath(pointer: string, input: JsonValue): (string | number)[] {
  const path: (string | number)[] = [];
  let current: JsonValue | undefined = input;
  for (const key of segments(pointer)) {
    if (Array.isArray(current)) {
      path.push(Number(key));
      current = current[Number(key)];
    } else {
      path.push(key);
      current = isJsonObject(current) && Object.hasOwn(current, key) ? current[key] : undefined;
    }
  }
  return path;
}

const ZOD_EXPECTED: Readonly<Record<string, string>> = { integer: "int" };

function issueOf(error: ValidationError, input: JsonValue): ToolInputIssue {
  const params = error.params;
  if (error.keyword === "required") {
    const pointer = `${error.instancePath}/${String(params["missingProperty"]).replace(/~/g, "~0").replace(/\//g, "~1")}`;
    const path = zodPath(pointer, input);
    return {
      pointer,
      kind: "missing",
      line: `The required parameter \`${path.join(".")}\` is missing`,
      zodIssue: { expected: "nonoptional", code: "invalid_type", path, message: "Invalid input: expected nonoptional, received undefined" },
    };
  }
  const pointer = error.instancePath;
  const path = zodPath(pointer, input);
  const name = path.join(".");
  if (error.keyword === "type") {
    const declared = String(params["type"]).split(",")[0]!;
    const expected = ZOD_EXPECTED[declared] ?? declared;
    const received = zodTypeName(valueAt(input, pointer));
    return {
      pointer,
      kind: "type",
      line: `The parameter \`${name}\` type is expected as \`${expected}\` but provided as \`${received}\``,
      zodIssue: { expected, code: "invalid_type", path, message: `Invalid input: expected ${expected}, received ${received}` },
    };
  }
  const zodIssue = otherZodIssue(error, path);
  return { pointer, kind: "other", line: `The parameter \`${name}\` is invalid: ${String(zodIssue["message"])}`, zodIssue };
}

/** zod 4's issue for the other keywords the tool schemas use (enum and minimum: kit-ui-08, kit-ui-13, kit-ui-15). */
function otherZodIssue(error: ValidationError, path: (string | number)[]): JsonObject {
  const params = error.params;
  switch (error.keyword) {
    case "enum":
    case "const": {
      const values = (error.keyword === "enum" ? params["allowedValues"] : [params["allowedValue"]]) as JsonValue[];
      return { code: "invalid_value", values, path, message: `Invalid option: expected one of ${values.map((value) => JSON.stringify(value)).join("|")}` };
    }
    case "minimum":
    case "exclusiveMinimum": {
      const inclusive = error.keyword === "minimum";
      return { origin: "number", code: "too_small", minimum: params["limit"] as number, inclusive, path, message: `Too small: expected number to be ${inclusive ? ">=" : ">"}${String(params["limit"])}` };
    }
    case "maximum":
    case "exclusiveMaximum": {
      const inclusive = error.keyword === "maximum";
      return { origin: "number", code: "too_big", maximum: params["limit"] as number, inclusive, path, message: `Too big: expected number to be ${inclusive ? "<=" : "<"}${String(params["limit"])}` };
    }
    case "maxItems":
      return { origin: "array", code: "too_big", maximum: params["limit"] as number, inclusive: true, path, message: `Too big: expected array to have <=${String(params["limit"])} items` };
    case "minItems":
      return { origin: "array", code: "too_small", minimum: params["limit"] as number, inclusive: true, path, message: `Too small: expected array to have >=${String(params["limit"])} items` };
    case "pattern": {
      const pattern = `/${String(params["pattern"])}/`;
      return { origin: "string", code: "invalid_format", format: "regex", pattern, path, message: `Invalid string: must match pattern ${pattern}` };
    }
    default:
      return { code: "custom", path, message: error.message ?? error.keyword };
  }
}

/** The check of a parsed PreToolUse output's `hookSpecificOutput.updatedInput`, when it has one that fails; null otherwise. */
export function checkRewriteOf(output: JsonValue | null | undefined, toolName: string): (ToolInputCheck & { ok: false }) | null {
  const specific = isJsonObject(output) ? output["hookSpecificOutput"] : undefined;
  const rewrite = isJsonObject(specific) ? specific["updatedInput"] : undefined;
  if (!isJsonObject(rewrite)) return null;
  const check = checkToolInput(toolName, rewrite);
  return check.ok ? null : check;
}
