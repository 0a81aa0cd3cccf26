/**
 * The shape Claude Code 2.1.332 checks a hook's JSON output against (its zod
 * schema), with the texts it reports. Claude Code formats zod issues itself:
 * `<path>: expected boolean, received string` for wrong types, zod's own
 * `Invalid option: expected one of "allow"|"deny"|...` for enums, and
 * `expected one of "A" | "B" | …` (six names at most) for a discriminator.
 * Only the first issue is reported (probe-v05). Unknown keys are stripped at
 * every object level and listed in a warning (pre-35, pre-31).
 *
 * The table mirrors claude-code-hooks.md §1.2 (the 23 hookSpecificOutput
 * variants); the canonical schemas are `schemas/claude-code/`, this file only
 * adds Claude Code's wording, which a JSON Schema validator cannot give.
 */
import { stringifyOr, type JsonValue } from "./jsc-json.js";

type FieldKind =
  | { readonly kind: "boolean" | "string" | "number" | "record" | "array" | "unknown" }
  | { readonly kind: "string-array" }
  | { readonly kind: "enum"; readonly values: readonly string[] }
  | { readonly kind: "permission-request-decision" };

interface Field {
  readonly name: string;
  readonly type: FieldKind;
  readonly required?: boolean;
}

const str = { kind: "string" } as const;
const bool = { kind: "boolean" } as const;
const record = { kind: "record" } as const;
const context: Field = { name: "additionalContext", type: str };

export const TOP_LEVEL_FIELDS: readonly Field[] = [
  { name: "continue", type: bool },
  { name: "suppressOutput", type: bool },
  { name: "stopReason", type: str },
  { name: "decision", type: { kind: "enum", values: ["approve", "block"] } },
  { name: "reason", type: str },
  { name: "systemMessage", type: str },
  { name: "terminalSequence", type: str },
  // hookSpecificOutput is checked by its variant table below
];

const PERMISSION = { kind: "enum", values: ["allow", "deny", "ask", "defer"] } as const;

/**
 * The 23 variants, in the order Claude Code lists them when hookEventName is
 * unknown (the first six are observed: probe-v01; the rest is §1.2's order).
 */
export const HOOK_SPECIFIC_VARIANTS: ReadonlyMap<string, readonly Field[]> = new Map<string, readonly Field[]>([
  ["PreToolUse", [
    { name: "permissionDecision", type: PERMISSION },
    { name: "permissionDecisionReason", type: str },
    { name: "updatedInput", type: record },
    context,
  ]],
  ["UserPromptSubmit", [context, { name: "sessionTitle", type: str }, { name: "suppressOriginalPrompt", type: bool }]],
  ["UserPromptExpansion", [context, { name: "suppressOriginalPrompt", type: bool }]],
  ["SessionStart", [
    context,
    { name: "initialUserMessage", type: str },
    { name: "sessionTitle", type: str },
    { name: "watchPaths", type: { kind: "string-array" } },
    { name: "reloadSkills", type: bool },
  ]],
  ["Setup", [context]],
  ["PreModelSwitch", [
    { name: "permissionDecision", type: { kind: "enum", values: ["allow", "deny", "ask"] } },
    { name: "permissionDecisionReason", type: str },
  ]],
  ["PostModelSwitch", [context]],
  ["SubagentStart", [context]],
  ["PostToolUse", [
    context,
    { name: "updatedToolOutput", type: { kind: "unknown" } },
    { name: "updatedMCPToolOutput", type: { kind: "unknown" } },
    { name: "classifierContext", type: str },
  ]],
  ["PostToolUseFailure", [context]],
  ["PostToolBatch", [context]],
  ["PermissionDenied", [{ name: "retry", type: bool }]],
  ["Notification", [context]],
  ["PermissionRequest", [{ name: "decision", type: { kind: "permission-request-decision" }, required: true }]],
  ["Elicitation", [{ name: "action", type: { kind: "enum", values: ["accept", "decline", "cancel"] } }, { name: "content", type: record }]],
  ["ElicitationResult", [{ name: "action", type: { kind: "enum", values: ["accept", "decline", "cancel"] } }, { name: "content", type: record }]],
  ["CwdChanged", [{ name: "watchPaths", type: { kind: "string-array" } }]],
  ["FileChanged", [{ name: "watchPaths", type: { kind: "string-array" } }]],
  ["WorktreeCreate", [{ name: "worktreePath", type: str, required: true }]],
  ["MessageDisplay", [{ name: "displayContent", type: str }]],
  ["PreSkillShellCommand", [
    { name: "permissionDecision", type: PERMISSION },
    { name: "permissionDecisionReason", type: str },
    { name: "updatedInput", type: record },
  ]],
  ["Stop", [context]],
  ["SubagentStop", [context]],
]);

const PERMISSION_REQUEST_BRANCHES: ReadonlyMap<string, readonly Field[]> = new Map<string, readonly Field[]>([
  ["allow", [{ name: "updatedInput", type: record }, { name: "updatedPermissions", type: { kind: "array" } }]],
  ["deny", [{ name: "message", type: str }, { name: "interrupt", type: bool }]],
]);

/** The field summary Claude Code appends to every validation failure (pre-33, identical in all probes). */
export const EXPECTED_SCHEMA_SUMMARY: string = JSON.stringify(
  {
    continue: "boolean (optional)",
    suppressOutput: "boolean (optional)",
    stopReason: "string (optional)",
    decision: '"approve" | "block" (optional)',
    reason: "string (optional)",
    systemMessage: "string (optional)",
    terminalSequence: "string (optional)",
    hookSpecificOutput: {
      "for PreToolUse": {
        hookEventName: '"PreToolUse"',
        permissionDecision: '"allow" | "deny" | "ask" | "defer" (optional)',
        permissionDecisionReason: "string (optional)",
        updatedInput: "object (optional) - Modified tool input to use",
      },
      "for PermissionRequest": {
        hookEventName: '"PermissionRequest"',
        decision: {
          "to allow": {
            behavior: '"allow"',
            updatedInput: "object (optional) - Modified tool input to use",
            updatedPermissions: "array (optional) - Permission updates",
          },
          "to deny": { behavior: '"deny"', message: "string (optional)", interrupt: "boolean (optional)" },
        },
      },
      "for UserPromptSubmit": { hookEventName: '"UserPromptSubmit"', additionalContext: "string (optional)" },
      "for PostToolUse": { hookEventName: '"PostToolUse"', additionalContext: "string (optional)" },
      "for PostToolBatch": { hookEventName: '"PostToolBatch"', additionalContext: "string (optional)" },
      "for Stop / SubagentStop": {
        hookEventName: '"Stop" | "SubagentStop"',
        additionalContext:
          "string (optional) - Feedback for the model; the conversation continues so the model can act on it",
      },
    },
  },
  null,
  2,
);

export interface ShapeIssue {
  /** Dotted path, `(root)` for the whole output. */
  readonly path: string;
  /** Claude Code's text for the issue, hints included. */
  readonly message: string;
}

export type ShapeCheck =
  | { readonly ok: true; readonly value: { [key: string]: JsonValue }; readonly unknownKeys: readonly string[] }
  | { readonly ok: false; readonly issue: ShapeIssue };

type JsonObject = { [key: string]: JsonValue };

function isObject(v: JsonValue | undefined): v is JsonObject {
  return v !== null && typeof v === "object" && !Array.isArray(v);
}

/** zod 4's name for what it received. */
function received(v: JsonValue | undefined): string {
  if (v === undefined) return "undefined";
  if (v === null) return "null";
  if (Array.isArray(v)) return "array";
  return typeof v;
}

function quotedChoices(values: readonly string[], sep: string, limit: number): string {
  const shown = values.slice(0, limit).map((v) => JSON.stringify(v));
  return shown.join(sep) + (values.length > limit ? `${sep}…` : "");
}

class IssueFound {
  constructor(readonly issue: ShapeIssue) {}
}

function fail(path: readonly string[], message: string): never {
  throw new IssueFound({ path: path.length === 0 ? "(root)" : path.join("."), message });
}

/**
 * Check a parsed output object against Claude Code's sync output schema.
 * Returns the object with unknown keys stripped (null-prototype), or the first
 * issue in schema order.
 */
export function checkOutputShape(output: JsonObject): ShapeCheck {
  const unknownKeys: string[] = [];
  try {
    const value = checkObject(output, TOP_LEVEL_FIELDS, [], unknownKeys, (out) => {
      if (!("hookSpecificOutput" in output)) return;
      out["hookSpecificOutput"] = checkHookSpecific(output["hookSpecificOutput"], unknownKeys);
    });
    return { ok: true, value, unknownKeys };
  } catch (e) {
    if (e instanceof IssueFound) return { ok: false, issue: e.issue };
    throw e;
  }
}

function checkObject(
  input: JsonObject,
  fields: readonly Field[],
  path: readonly string[],
  unknownKeys: string[],
  more?: (out: JsonObject) => void,
  extraKnown: readonly string[] = [],
): JsonObject {
  const out = Object.create(null) as JsonObject;
  for (const field of fields) {
    const present = Object.hasOwn(input, field.name);
    if (!present) {
      if (field.required === true) checkField(undefined, field, [...path, field.name], unknownKeys);
      continue;
    }
    out[field.name] = checkField(input[field.name], field, [...path, field.name], unknownKeys);
  }
  // this level's unknown keys are listed before nested ones
  const known = new Set([...fields.map((f) => f.name), ...extraKnown, ...(more === undefined ? [] : ["hookSpecificOutput"])]);
  for (const key of Object.keys(input)) if (!known.has(key)) unknownKeys.push([...path, key].join("."));
  more?.(out);
  return out;
}

function checkField(value: JsonValue | undefined, field: Field, path: readonly string[], unknownKeys: string[]): JsonValue {
  const t = field.type;
  switch (t.kind) {
    case "unknown":
      return value ?? null;
    case "boolean":
    case "string":
    case "number":
      if (typeof value !== t.kind) fail(path, `expected ${t.kind}, received ${received(value)}`);
      return value as JsonValue;
    case "record":
      if (!isObject(value)) fail(path, `expected record, received ${received(value)}`);
      return value;
    case "array":
      if (!Array.isArray(value)) fail(path, `expected array, received ${received(value)}`);
      return value;
    case "string-array":
      if (!Array.isArray(value)) fail(path, `expected array, received ${received(value)}`);
      value.forEach((item, i) => {
        if (typeof item !== "string") fail([...path, String(i)], `expected string, received ${received(item)}`);
      });
      return value;
    case "enum":
      if (typeof value !== "string" || !t.values.includes(value)) {
        fail(path, `Invalid option: expected one of ${t.values.map((v) => JSON.stringify(v)).join("|")}` +
          (path.length === 1 && path[0] === "decision" ? legacyDecisionHint(value) : ""));
      }
      return value;
    case "permission-request-decision":
      return checkPermissionRequestDecision(value, path, unknownKeys);
  }
}

/** The hint after a top-level `decision` of allow/deny/ask (probe-v03, -v20, -v21: PermissionRequest has no "ask" behavior). */
function legacyDecisionHint(value: JsonValue | undefined): string {
  if (value !== "allow" && value !== "deny" && value !== "ask") return "";
  const permissionRequest = value === "ask" ? "" : `, or hookSpecificOutput.decision: {"behavior": ${JSON.stringify(value)}} in a PermissionRequest hook`;
  return ` (top-level decision is the legacy approve|block field; for ${JSON.stringify(value)} use hookSpecificOutput.permissionDecision in a PreToolUse hook${permissionRequest})`;
}

/** Appended when the PermissionRequest `decision` itself is missing or not an object (probe-v28, -v29); a bad `behavior` gets no hint (probe-v04). */
const PERMISSION_REQUEST_HINT =
  ' (PermissionRequest decision must be {"behavior": "allow"} or {"behavior": "deny", "message": "..."})';

function checkPermissionRequestDecision(value: JsonValue | undefined, path: readonly string[], unknownKeys: string[]): JsonValue {
  if (!isObject(value)) fail(path, `expected object, received ${received(value)}${PERMISSION_REQUEST_HINT}`);
  const behavior = value["behavior"];
  const branch = typeof behavior === "string" ? PERMISSION_REQUEST_BRANCHES.get(behavior) : undefined;
  if (branch === undefined) {
    fail([...path, "behavior"], `expected one of ${quotedChoices([...PERMISSION_REQUEST_BRANCHES.keys()], " | ", 6)}`);
  }
  const out = checkObject(value, branch, path, unknownKeys, undefined, ["behavior"]);
  return Object.assign(Object.create(null) as JsonObject, { behavior }, out);
}

function checkHookSpecific(value: JsonValue | undefined, unknownKeys: string[]): JsonValue {
  const path = ["hookSpecificOutput"];
  if (!isObject(value)) fail(path, `expected object, received ${received(value)}`);
  if (!Object.hasOwn(value, "hookEventName")) {
    throw new IssueFound({ path: "hookSpecificOutput", message: 'hookSpecificOutput is missing required field "hookEventName"' });
  }
  const name = value["hookEventName"];
  const fields = typeof name === "string" ? HOOK_SPECIFIC_VARIANTS.get(name) : undefined;
  if (fields === undefined) {
    fail([...path, "hookEventName"], `expected one of ${quotedChoices([...HOOK_SPECIFIC_VARIANTS.keys()], " | ", 6)}`);
  }
  const out = checkObject(value, fields, path, unknownKeys, undefined, ["hookEventName"]);
  return Object.assign(Object.create(null) as JsonObject, { hookEventName: name }, out);
}

/** `Hook JSON output validation failed — <path>: <message>` ... as Claude Code reports it (pre-33, probes). */
export function validationFailureText(issue: ShapeIssue, output: JsonValue, rawText: string = ""): string {
  // The missing-hookEventName text carries its own subject instead of a path prefix (pre-34, probe-v06).
  const head = issue.message.startsWith("hookSpecificOutput is missing") ? issue.message : `${issue.path}: ${issue.message}`;
  return (
    `Hook JSON output validation failed — ${head}\n\n` +
    `The hook's output was: ${stringifyOr(output, rawText, 2)}\n\n` +
    `Expected schema:\n${EXPECTED_SCHEMA_SUMMARY}`
  );
}

/** The debug-log warning for stripped keys (pre-35, pre-31). */
export function unknownKeysWarning(keys: readonly string[]): string {
  const hint = keys.includes("additionalContext")
    ? " Did you mean hookSpecificOutput.additionalContext (with a hookEventName)?"
    : "";
  return `Hook JSON output had unrecognized keys (ignored): ${keys.join(", ")}.${hint}`;
}
