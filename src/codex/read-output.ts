/**
 * One Codex hook's exit-0 stdout, read as Codex CLI 0.171.0 reads it: Rust's
 * `trim()`, then text starting with `{` or `[` is JSON for serde_json (depth
 * limit, no lone surrogate escapes, a whole document) validated against the
 * event's strict schema; then the event's rules decide which keys act and
 * which are refused as "unsupported" (the hook fails open). Never throws.
 */
import { isJsonObject, toNullPrototype, type JsonObject, type JsonValue } from "../json/value.js";
import type { CodexEventName, CodexEventRules } from "./events.js";
import * as texts from "./texts.js";

/** Unicode White_Space, what Rust's `str::trim` removes (no U+FEFF: a BOM is text, cx-pre-bom-deny). */
const RUST_WHITESPACE = "\\t\\n\\v\\f\\r \\u0085\\u00a0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000";
const LEADING = new RegExp(`^[${RUST_WHITESPACE}]+`, "u");
const TRAILING = new RegExp(`[${RUST_WHITESPACE}]+$`, "u");

export function rustTrim(text: string): string {
  return text.replace(LEADING, "").replace(TRAILING, "");
}

/** serde_json's recursion limit: 128 levels fail (cx-pre-deep-updated-input: 200 fail). */
const MAX_DEPTH = 127;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Text that reached us through UTF-8 holds no lone surrogates; a JS string may: they become U+FFFD as in a lossy decode. */
export function asUtf8Text(text: string): string {
  return LONE_SURROGATE.test(text) ? text.replace(new RegExp(LONE_SURROGATE.source, "g"), "\uFFFD") : text;
}

/** Deepest bracket nesting outside strings (iterative; the text need not be valid JSON). */
function nestingDepth(text: string): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i++;
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x7b || c === 0x5b) deepest = Math.max(deepest, ++depth);
    else if (c === 0x7d || c === 0x5d) depth--;
  }
  return deepest;
}

/** A value serde_json refuses although JSON.parse took it: a lone surrogate escape (cx-pre-lone-surrogate-reason), a number out of f64 range. */
function serdeRefuses(value: JsonValue): string | null {
  const pending: JsonValue[] = [value];
  for (let v = pending.pop(); v !== undefined; v = pending.pop()) {
    if (typeof v === "string") {
      if (LONE_SURROGATE.test(v)) return "lone surrogate in a string escape";
    } else if (typeof v === "number") {
      if (!Number.isFinite(v)) return "number out of range";
    } else if (Array.isArray(v)) pending.push(...v);
    else if (isJsonObject(v)) {
      for (const key of Object.keys(v)) {
        if (LONE_SURROGATE.test(key)) return "lone surrogate in a string escape";
        pending.push(v[key]!);
      }
    }
  }
  return null;
}

export interface StdoutReading {
  readonly output: "empty" | "text" | "json" | "invalid";
  /** The validated output (null-prototype), when `output` is json. */
  readonly json: JsonObject | null;
  /** The trimmed stdout. */
  readonly text: string;
  /** Why the JSON was refused, when `output` is invalid. */
  readonly problem: { readonly code: "json-parse" | "json-validation"; readonly path: string | null; readonly detail: string } | null;
}

/** Read exit-0 stdout for an event (its strict schema); plain text is left to the event's rules. */
export function readStdout(stdout: string, rules: CodexEventRules): StdoutReading {
  const text = rustTrim(asUtf8Text(stdout));
  if (text === "") return { output: "empty", json: null, text, problem: null };
  if (!(text.startsWith("{") || text.startsWith("["))) return { output: "text", json: null, text, problem: null };
  const invalid = (code: "json-parse" | "json-validation", path: string | null, detail: string): StdoutReading => ({ output: "invalid", json: null, text, problem: { code, path, detail } });
  if (nestingDepth(text) > MAX_DEPTH) return invalid("json-parse", null, "recursion limit exceeded");
  let parsed: JsonValue;
  try {
    parsed = toNullPrototype(JSON.parse(text));
  } catch (e) {
    return invalid("json-parse", null, e instanceof Error ? e.message : String(e));
  }
  const refused = serdeRefuses(parsed);
  if (refused !== null) return invalid("json-parse", null, refused);
  if (!isJsonObject(parsed)) return invalid("json-validation", "(root)", "not a JSON object");
  const validate = rules.validateOutput;
  if (validate === null) return { output: "json", json: parsed, text, problem: null };
  if (!validate(parsed)) {
    const first = validate.errors?.[0];
    const pointer = first?.instancePath ?? "";
    const extra = first?.keyword === "additionalProperties" ? String(first.params["additionalProperty"]) : null;
    const segments = [...pointer.split("/").slice(1), ...(extra === null ? [] : [extra])];
    return invalid("json-validation", segments.length === 0 ? "(root)" : segments.join("."), first?.message ?? "invalid");
  }
  return { output: "json", json: parsed, text, problem: null };
}

/** What one valid output does, before the merge. */
export interface Verdict {
  /** `systemMessage`: a `warning` entry, shown even when the rest is refused (cx-pre-unsupported-with-context). */
  readonly warning: string | null;
  /** A refusal: the hook run fails and nothing else of the output acts. */
  readonly error: string | null;
  readonly context: string | null;
  /** The `feedback` entry of a block, deny or continuation. */
  readonly block: string | null;
  /** `continue:false` honoured; `entry` is the `stop` entry's text (none without a stopReason, except PostToolUse's default). */
  readonly stop: { readonly entry: string | null } | null;
  /** PostToolUse: the text that replaces the tool output. */
  readonly replacement: string | null;
  /** PreToolUse: the `updatedInput` of an allow. */
  readonly rewrite: { readonly value: JsonValue } | null;
  /** PermissionRequest's decision. */
  readonly permission: "allow" | "deny" | null;
}

const NOTHING: Verdict = { warning: null, error: null, context: null, block: null, stop: null, replacement: null, rewrite: null, permission: null };

const stringOr = (value: JsonValue | undefined): string | null => (typeof value === "string" ? value : null);
const present = (value: JsonValue | undefined): boolean => value !== undefined && value !== null;
/** A reason counts when non-empty after trimming. */
const nonEmpty = (value: JsonValue | undefined): string | null => {
  const s = stringOr(value);
  return s !== null && rustTrim(s) !== "" ? s : null;
};

function specific(json: JsonObject): JsonObject {
  const hso = json["hookSpecificOutput"];
  return isJsonObject(hso) ? hso : Object.create(null);
}

/** The refusals every tool event shares, in Codex's order (cx-pre-unsupported-with-context: continue before stopReason). */
function universalRefusal(event: CodexEventName, json: JsonObject, refuse: { continue: boolean; stopReason: boolean; suppressOutput: boolean }): string | null {
  if (refuse.continue && json["continue"] === false) return texts.unsupported(event, "continue:false");
  if (refuse.suppressOutput && json["suppressOutput"] === true) return texts.unsupported(event, "suppressOutput");
  if (refuse.stopReason && present(json["stopReason"])) return texts.unsupported(event, "stopReason");
  return null;
}

function preToolUse(json: JsonObject, reasonOf: (reason: string) => string): Partial<Verdict> {
  const refusal = universalRefusal("PreToolUse", json, { continue: true, stopReason: true, suppressOutput: true });
  if (refusal !== null) return { error: refusal };
  const hso = specific(json);
  const decision = hso["permissionDecision"];
  const context = stringOr(hso["additionalContext"]);
  const usesSpecific = present(decision) || present(hso["permissionDecisionReason"]) || present(hso["updatedInput"]);
  if (usesSpecific) {
    // cx-pre-deny-and-legacy-block: the hookSpecificOutput decision wins over a legacy one.
    if (present(hso["updatedInput"]) && decision !== "allow") return { error: texts.UPDATED_INPUT_WITHOUT_ALLOW };
    if (decision === "allow") return present(hso["updatedInput"]) ? { context, rewrite: { value: hso["updatedInput"]! } } : { error: texts.unsupported("PreToolUse", "permissionDecision:allow") };
    if (decision === "ask") return { error: texts.unsupported("PreToolUse", "permissionDecision:ask") };
    if (decision === "deny") {
      const reason = nonEmpty(hso["permissionDecisionReason"]);
      return reason === null ? { error: texts.DENY_WITHOUT_REASON } : { context, block: reasonOf(reason) };
    }
    return { error: texts.DECISION_REASON_WITHOUT_DECISION };
  }
  const legacy = json["decision"];
  if (legacy === "approve") return { error: texts.unsupported("PreToolUse", "decision:approve") };
  if (legacy === "block") {
    const reason = nonEmpty(json["reason"]);
    return reason === null ? { error: texts.blockWithoutReason("PreToolUse") } : { context, block: reasonOf(reason) };
  }
  if (present(json["reason"])) return { error: texts.reasonWithoutDecision("PreToolUse") };
  return { context };
}

function permissionRequest(json: JsonObject, reasonOf: (reason: string) => string): Partial<Verdict> {
  const refusal = universalRefusal("PermissionRequest", json, { continue: true, stopReason: true, suppressOutput: true });
  if (refusal !== null) return { error: refusal };
  const decision = specific(json)["decision"];
  if (!isJsonObject(decision)) return {};
  if (present(decision["updatedInput"])) return { error: texts.unsupported("PermissionRequest", "updatedInput") };
  if (present(decision["updatedPermissions"])) return { error: texts.unsupported("PermissionRequest", "updatedPermissions") };
  if (decision["interrupt"] === true) return { error: texts.unsupported("PermissionRequest", "interrupt:true") };
  if (decision["behavior"] === "allow") return { permission: "allow" };
  // cx-perm-deny-empty-message: a blank message gets the default.
  const message = nonEmpty(decision["message"]);
  return { permission: "deny", block: message === null ? texts.PERMISSION_DENIED_DEFAULT : reasonOf(message) };
}

function postToolUse(json: JsonObject, reasonOf: (reason: string) => string): Partial<Verdict> {
  const refusal = universalRefusal("PostToolUse", json, { continue: false, stopReason: false, suppressOutput: true });
  if (refusal !== null) return { error: refusal };
  const hso = specific(json);
  if (present(hso["updatedMCPToolOutput"])) return { error: texts.unsupported("PostToolUse", "updatedMCPToolOutput") };
  const context = stringOr(hso["additionalContext"]);
  let block: string | null = null;
  if (json["decision"] === "block") {
    const reason = nonEmpty(json["reason"]);
    if (reason === null) return { error: texts.blockWithoutReason("PostToolUse") };
    block = reasonOf(reason);
  } else if (present(json["reason"])) return { error: texts.reasonWithoutDecision("PostToolUse") };
  if (json["continue"] === false) {
    // One output with both: stopped, the `stop` entry only, the block reason replaces the output (cx-post-stop-and-block-one-output).
    const stopReason = stringOr(json["stopReason"]) ?? texts.POST_TOOL_USE_STOPPED;
    return { context, stop: { entry: stopReason }, replacement: block ?? stopReason };
  }
  return { context, block, replacement: block };
}

function blockDecision(event: CodexEventName, json: JsonObject, reasonOf: (reason: string) => string): Partial<Verdict> {
  const context = event === "UserPromptSubmit" ? stringOr(specific(json)["additionalContext"]) : null;
  const stop = json["continue"] === false ? { entry: stringOr(json["stopReason"]) } : null;
  if (json["decision"] === "block") {
    const reason = nonEmpty(json["reason"]);
    if (reason === null) return { error: texts.blockWithoutReason(event) };
    return { context, stop, block: reasonOf(reason) };
  }
  return { context, stop };
}

/** `stops`: whether continue:false is read (SubagentStart: the run completes without a stop entry and the subagent goes on, cap-subagentstart-continue-false). */
function contextOutput(json: JsonObject, stops: boolean): Partial<Verdict> {
  return { context: stringOr(specific(json)["additionalContext"]), stop: stops && json["continue"] === false ? { entry: stringOr(json["stopReason"]) } : null };
}

/** What a valid JSON output of `event` does. */
export function judgeOutput(event: CodexEventName, rules: CodexEventRules, json: JsonObject): Verdict {
  const warning = stringOr(json["systemMessage"]);
  const reasonOf = rules.trimsReason ? rustTrim : (reason: string): string => reason;
  let judged: Partial<Verdict>;
  switch (rules.reading) {
    case "pre-tool-use":
      judged = preToolUse(json, reasonOf);
      break;
    case "permission-request":
      judged = permissionRequest(json, reasonOf);
      break;
    case "post-tool-use":
      judged = postToolUse(json, reasonOf);
      break;
    case "block-decision":
      judged = blockDecision(event, json, reasonOf);
      break;
    case "context":
      judged = contextOutput(json, event !== "SubagentStart");
      break;
    case "universal":
      judged = { stop: json["continue"] === false ? { entry: stringOr(json["stopReason"]) } : null };
      break;
    case "system-message":
    case "none":
      judged = {};
      break;
  }
  return { ...NOTHING, warning, ...judged };
}
