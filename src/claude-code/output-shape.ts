/**
 * The shape Claude Code 2.1.332 checks a hook's JSON output against (its zod
 * schema), with the texts it reports. Claude Code formats zod issues itself:
 * `<path>: expected boolean, received string` for wrong types, zod's own
 * `Invalid option: expected one of "allow"|"deny"|...` for enums, and
 * `expected one of "A" | "B" | …` (six names at most) for a discriminator.
 * Only the first issue is reported (probe-v05). Unknown keys are stripped at
 * every object level; those of the output and of its hookSpecificOutput are
 * listed in a warning, deeper ones are not (pre-35, pre-31, probe-u01).
 *
 * The fields, types, enums and unions come from the canonical schemas
 * (`schemas/claude-code/`) through `generated/claude-code-output-shape.ts`;
 * this file adds only what a JSON Schema cannot say: Claude Code's wording and
 * the order its zod schema declares things in.
 */
import { CLAUDE_CODE_OUTPUT_FIELDS, CLAUDE_CODE_OUTPUT_UNIONS } from "../../generated/claude-code-output-shape.js";
import type {
  ClaudeCodeOutputField,
  ClaudeCodeOutputFieldType,
  ClaudeCodeOutputShapeTables as OutputShapeTables,
} from "./output-shape-tables.js";
import { isJsonObject, stringifyOr, type JsonObject, type JsonValue } from "./jsc-json.js";
import { jsonPointer, type ProtocolError } from "../core/errors.js";
import { EVENT_NAMES, EVENTS } from "./events.js";
import {
  expectedOneOfText,
  expectedTypeText,
  invalidOptionText,
  legacyDecisionHint,
  missingTagText,
  PERMISSION_REQUEST_HINT,
  validationFailedText,
} from "./texts.js";

export type { OutputShapeTables };

/**
 * Where Claude Code's zod schema declares things in another order than the
 * schemas (read from the 2.1.332 binary's hook output schema). The order
 * decides which issue is reported first, and which six variant names an
 * unknown `hookEventName` lists (the first six are observed: probe-v01).
 * Names the schemas do not have are ignored; names missing here follow in
 * the schemas' order.
 */
export const CLAUDE_CODE_FIELD_ORDER: readonly string[] = [
  "continue", "suppressOutput", "stopReason", "decision", "reason", "systemMessage", "terminalSequence", "hookSpecificOutput",
];
export const CLAUDE_CODE_VARIANT_ORDER: { readonly [union: string]: readonly string[] } = {
  // each event's row holds its rank (events.ts `outputVariantRank`)
  ClaudeCodeHookSpecificOutput: EVENT_NAMES.filter((name) => EVENTS[name].outputVariantRank !== null).sort(
    (a, b) => EVENTS[a].outputVariantRank! - EVENTS[b].outputVariantRank!,
  ),
};

/** How Claude Code words a union's own failures, by schema title. */
const UNION_WORDING: { readonly [union: string]: { readonly notObjectHint: string; readonly missingTagText: boolean } } = {
  // a missing hookEventName has its own text (pre-34, probe-v06)
  ClaudeCodeHookSpecificOutput: { notObjectHint: "", missingTagText: true },
  // a missing behavior reads as a wrong one (probe-v04)
  ClaudeCodePermissionRequestDecision: { notObjectHint: PERMISSION_REQUEST_HINT, missingTagText: false },
};

/**
 * The first issue: `path` the JSON Pointer of the offending value ("" for the
 * whole output), `message` Claude Code's text for it, with its dotted path
 * (`hookSpecificOutput.permissionDecision: Invalid option: ...`, `(root): ...`) and hints.
 */
export interface ShapeIssue extends ProtocolError {
  readonly code: "json-validation";
}

export type ShapeCheck =
  | { readonly ok: true; readonly value: { [key: string]: JsonValue }; readonly unknownKeys: readonly string[] }
  | { readonly ok: false; readonly issue: ShapeIssue };

/** A field ready to check: a union field carries its compiled union. */
type CheckedType =
  | Exclude<ClaudeCodeOutputFieldType, { readonly kind: "enum" | "union" }>
  | { readonly kind: "enum"; readonly values: readonly string[]; readonly choices: string }
  | { readonly kind: "union"; readonly union: CompiledUnion };

interface CheckedField {
  readonly name: string;
  readonly type: CheckedType;
  readonly required: boolean;
}

/** One object level: its fields in Claude Code's order and every key it keeps (the tag included). */
interface CompiledObject {
  readonly fields: readonly CheckedField[];
  readonly known: ReadonlySet<string>;
}

interface CompiledUnion {
  readonly tag: string;
  readonly variants: ReadonlyMap<string, CompiledObject>;
  /** zod's discriminator text: the first six tags in Claude Code's order. */
  readonly choices: string;
  readonly notObjectHint: string;
  readonly missingTagText: boolean;
}

function inOrder<T extends { readonly name: string }>(items: readonly T[], order: readonly string[] | undefined): T[] {
  if (order === undefined) return [...items];
  const rank = (name: string): number => {
    const at = order.indexOf(name);
    return at === -1 ? order.length : at;
  };
  // Array.prototype.sort is stable: names missing from `order` keep the schemas' order.
  return [...items].sort((a, b) => rank(a.name) - rank(b.name));
}

function quotedChoices(values: readonly string[], sep: string, limit: number): string {
  const shown = values.slice(0, limit).map((v) => JSON.stringify(v));
  return shown.join(sep) + (values.length > limit ? `${sep}…` : "");
}

/** Turns the tables into the structures the check walks (once per table set, not per call). */
function compile(tables: OutputShapeTables): CompiledObject {
  const unions = new Map<string, CompiledUnion>();
  const compileFields = (fields: readonly ClaudeCodeOutputField[], order: readonly string[] | undefined, tag: string | null): CompiledObject => {
    const checked = inOrder(fields, order).map((field): CheckedField => {
      const t = field.type;
      const type: CheckedType =
        t.kind === "union" ? { kind: "union", union: compileUnion(t.union) }
        : t.kind === "enum" ? { kind: "enum", values: t.values, choices: t.values.map((v) => JSON.stringify(v)).join("|") }
        : t;
      return { name: field.name, type, required: field.required };
    });
    const known = new Set(checked.map((field) => field.name));
    if (tag !== null) known.add(tag);
    return { fields: checked, known };
  };
  const compileUnion = (title: string): CompiledUnion => {
    const done = unions.get(title);
    if (done !== undefined) return done;
    const union = tables.unions[title];
    if (union === undefined) throw new Error(`output-shape: the tables have no union ${title}`);
    const wording = UNION_WORDING[title] ?? { notObjectHint: "", missingTagText: false };
    const variants = new Map<string, CompiledObject>();
    const tags = inOrder(union.variants.map((v) => ({ name: v.tag, variant: v })), CLAUDE_CODE_VARIANT_ORDER[title]);
    const compiled: CompiledUnion = { tag: union.tag, variants, choices: quotedChoices(tags.map((t) => t.name), " | ", 6), ...wording };
    unions.set(title, compiled);
    for (const { name, variant } of tags) variants.set(name, compileFields(variant.fields, undefined, union.tag));
    return compiled;
  };
  return compileFields(tables.fields, CLAUDE_CODE_FIELD_ORDER, null);
}

/** zod 4's name for what it received. */
function received(v: JsonValue | undefined): string {
  if (v === undefined) return "undefined";
  if (v === null) return "null";
  if (Array.isArray(v)) return "array";
  return typeof v;
}

class IssueFound {
  constructor(readonly issue: ShapeIssue) {}
}

/** Paths are built only here, when something is wrong: the valid path allocates none. */
function fail(parent: readonly string[], name: string | null, message: string): never {
  const path = name === null ? parent : [...parent, name];
  throw new IssueFound({ code: "json-validation", path: jsonPointer(path), message: `${path.length === 0 ? "(root)" : path.join(".")}: ${message}` });
}

const ROOT_PATH: readonly string[] = [];

/**
 * A checker for `tables` (the generated ones make `checkOutputShape`): checks
 * a parsed output object against Claude Code's sync output schema and returns
 * it with unknown keys stripped (null-prototype), or the first issue in
 * Claude Code's order.
 */
export function createOutputShapeChecker(tables: OutputShapeTables): (output: JsonObject) => ShapeCheck {
  const root = compile(tables);
  return (output) => {
    const unknownKeys: string[] = [];
    try {
      const value = checkObject(output, root, ROOT_PATH, unknownKeys, Object.create(null) as JsonObject);
      return { ok: true, value, unknownKeys };
    } catch (e) {
      if (e instanceof IssueFound) return { ok: false, issue: e.issue };
      throw e;
    }
  };
}

/** Claude Code lists the stripped keys of the output and of the objects directly in it only (probe-u01: not those in `decision`). */
const LISTED_UNKNOWN_DEPTH = 1;

/** Fills `out` (which may already hold the tag) with the known fields of `input`. */
function checkObject(input: JsonObject, shape: CompiledObject, path: readonly string[], unknownKeys: string[], out: JsonObject): JsonObject {
  // this level's unknown keys are listed before nested ones
  if (path.length <= LISTED_UNKNOWN_DEPTH) {
    const known = shape.known;
    for (const key in input) {
      if (!known.has(key)) unknownKeys.push(path.length === 0 ? key : `${path.join(".")}.${key}`);
    }
  }
  const fields = shape.fields;
  for (let i = 0; i < fields.length; i++) {
    const field = fields[i]!;
    const name = field.name;
    // JSON never holds undefined, and no field name is an Object.prototype member (gen-output-shape checks)
    const value = input[name];
    if (value === undefined) {
      if (field.required) checkField(undefined, field, path, unknownKeys);
      continue;
    }
    const t = field.type.kind;
    if (t === "string" || t === "boolean") {
      if (typeof value !== t) fail(path, name, expectedTypeText(t, received(value)));
      out[name] = value;
    } else {
      out[name] = checkField(value, field, path, unknownKeys);
    }
  }
  return out;
}

function checkField(value: JsonValue | undefined, field: CheckedField, path: readonly string[], unknownKeys: string[]): JsonValue {
  const t = field.type;
  const name = field.name;
  switch (t.kind) {
    case "unknown":
      return value ?? null;
    case "boolean":
    case "string":
    case "number":
      if (typeof value !== t.kind) fail(path, name, expectedTypeText(t.kind, received(value)));
      return value as JsonValue;
    case "record":
      if (!isJsonObject(value)) fail(path, name, expectedTypeText("record", received(value)));
      return value;
    case "array":
      if (!Array.isArray(value)) fail(path, name, expectedTypeText("array", received(value)));
      return value;
    case "string-array":
      if (!Array.isArray(value)) fail(path, name, expectedTypeText("array", received(value)));
      for (let i = 0; i < value.length; i++) {
        if (typeof value[i] !== "string") fail([...path, name], String(i), expectedTypeText("string", received(value[i])));
      }
      return value;
    case "enum":
      if (typeof value !== "string" || !t.values.includes(value)) {
        fail(path, name, invalidOptionText(t.choices) + (path.length === 0 && name === "decision" ? legacyDecisionHint(value) : ""));
      }
      return value;
    case "union":
      return checkUnion(value, t.union, [...path, name], unknownKeys);
  }
}

function checkUnion(value: JsonValue | undefined, union: CompiledUnion, path: readonly string[], unknownKeys: string[]): JsonValue {
  if (!isJsonObject(value)) fail(path, null, expectedTypeText("object", received(value)) + union.notObjectHint);
  const tagValue = value[union.tag];
  if (tagValue === undefined && union.missingTagText) {
    // the missing-tag text carries its own subject instead of a path prefix (pre-34, probe-v06)
    throw new IssueFound({ code: "json-validation", path: jsonPointer(path), message: missingTagText(path.join("."), union.tag) });
  }
  const variant = typeof tagValue === "string" ? union.variants.get(tagValue) : undefined;
  if (variant === undefined) fail(path, union.tag, expectedOneOfText(union.choices));
  // the tag first, as zod's output has it
  const out = Object.create(null) as JsonObject;
  out[union.tag] = tagValue as string;
  return checkObject(value, variant, path, unknownKeys, out);
}

/** Claude Code's reading of a parsed hook output, by the generated tables. */
export const checkOutputShape: (output: JsonObject) => ShapeCheck = createOutputShapeChecker({
  fields: CLAUDE_CODE_OUTPUT_FIELDS,
  unions: CLAUDE_CODE_OUTPUT_UNIONS,
});

/** `Hook JSON output validation failed — <path>: <message>` ... as Claude Code reports it (pre-33, probes). */
export function validationFailureText(issue: ShapeIssue, output: JsonValue, rawText: string = ""): string {
  return validationFailedText(issue.message, stringifyOr(output, rawText, 2));
}
