/**
 * A value of the Rust family (exomonad-core's `ClaudePreToolUseOutput`, the
 * schema title RustHookOutput, as the serde-exact reader returns it) → the
 * Claude Code dialect, so the merge decides for a Rust value exactly what its
 * Rust enum denotes.
 *
 * Most variants carry over field for field. Two do not, and for those the
 * conversion follows the meaning of the Rust type, and says (in `notes`) how
 * Claude Code would read the Rust value's own serde_json text instead:
 *
 * * `HookSpecificOutput::Stop` / `SubagentStop` carry `decision`/`reason`
 *   inside hookSpecificOutput. Claude Code reads a Stop block from the
 *   top-level `decision`/`reason`; inside hookSpecificOutput they are
 *   unrecognized keys, stripped (pre-31's rule), so the serialized value would
 *   not block. Converted: top-level `decision`/`reason`.
 * * `PreCompact` and `SessionEnd` are unit variants; Claude Code has no
 *   hookSpecificOutput variant for them, so the serialized value fails
 *   validation (probe-v11). Converted: no hookSpecificOutput.
 */
import { SerdeFloat, SerdeInteger, toPlainJson, type SerdeValue } from "../serde/index.js";
import { toNullPrototype, type JsonValue } from "./jsc-json.js";
import type { JsonObject } from "./read-stdout.js";

/** The shape `readRust("HookOutput", text)` returns (wire names; `Value` fields as SerdeValue or plain JSON). */
export interface RustHookOutputValue {
  readonly continue: boolean;
  readonly stopReason?: string | null;
  readonly suppressOutput?: boolean | null;
  readonly systemMessage?: string | null;
  readonly hookSpecificOutput?: RustHookSpecificOutputValue | null;
}

export type RustHookSpecificOutputValue =
  | { readonly hookEventName: "PreToolUse"; readonly permissionDecision: "allow" | "deny" | "ask"; readonly permissionDecisionReason?: string | null; readonly updatedInput?: unknown }
  | { readonly hookEventName: "PostToolUse" | "UserPromptSubmit" | "SessionStart"; readonly additionalContext?: string | null }
  | { readonly hookEventName: "PermissionRequest"; readonly decision: RustPermissionDecisionValue }
  | { readonly hookEventName: "Stop" | "SubagentStop"; readonly decision?: string | null; readonly reason?: string | null }
  | { readonly hookEventName: "Notification" | "PreCompact" | "SessionEnd" };

export type RustPermissionDecisionValue =
  | { readonly behavior: "allow"; readonly updatedInput?: unknown }
  | { readonly behavior: "deny"; readonly message: string; readonly interrupt: boolean };

export interface ClaudeCodeFromRust {
  /** The output in the Claude Code dialect (null-prototype objects), ready for `JSON.stringify` or the merge. */
  readonly output: JsonObject;
  /** Where Claude Code would read the Rust value's serde_json text differently from what the Rust type means. */
  readonly notes: readonly string[];
}

/**
 * A `serde_json::Value` field as the serde reader gives it (a Map, SerdeInteger,
 * SerdeFloat, or an array of those) → plain JSON through `toPlainJson`; a value
 * already in plain JSON (a caller's literal) is taken as is. `__proto__` stays data.
 */
function plain(value: unknown): JsonValue {
  const serde = value instanceof Map || value instanceof SerdeInteger || value instanceof SerdeFloat || Array.isArray(value);
  return toNullPrototype(serde ? toPlainJson(value as SerdeValue) : value);
}

function obj(entries: [string, JsonValue | undefined][]): JsonObject {
  const out = Object.create(null) as JsonObject;
  for (const [k, v] of entries) if (v !== undefined) out[k] = v;
  return out;
}

/** Option<T> fields: serde skips None (absent) and the reader may give null. */
function opt<T>(v: T | null | undefined): T | undefined {
  return v === null || v === undefined ? undefined : v;
}

export function claudeCodeFromRust(value: RustHookOutputValue): ClaudeCodeFromRust {
  const notes: string[] = [];
  const out = obj([
    ["continue", value.continue],
    ["stopReason", opt(value.stopReason)],
    ["suppressOutput", opt(value.suppressOutput)],
    ["systemMessage", opt(value.systemMessage)],
  ]);
  const hso = opt(value.hookSpecificOutput);
  if (hso === undefined) return { output: out, notes };

  switch (hso.hookEventName) {
    case "PreToolUse":
      out["hookSpecificOutput"] = obj([
        ["hookEventName", "PreToolUse"],
        ["permissionDecision", hso.permissionDecision],
        ["permissionDecisionReason", opt(hso.permissionDecisionReason)],
        ["updatedInput", hso.updatedInput === undefined || hso.updatedInput === null ? undefined : plain(hso.updatedInput)],
      ]);
      break;
    case "PostToolUse":
    case "UserPromptSubmit":
    case "SessionStart":
      out["hookSpecificOutput"] = obj([["hookEventName", hso.hookEventName], ["additionalContext", opt(hso.additionalContext)]]);
      break;
    case "PermissionRequest": {
      const d = hso.decision;
      const decision = d.behavior === "allow"
        ? obj([["behavior", "allow"], ["updatedInput", d.updatedInput === undefined || d.updatedInput === null ? undefined : plain(d.updatedInput)]])
        : obj([["behavior", "deny"], ["message", d.message], ["interrupt", d.interrupt]]);
      out["hookSpecificOutput"] = obj([["hookEventName", "PermissionRequest"], ["decision", decision]]);
      break;
    }
    case "Stop":
    case "SubagentStop": {
      const decision = opt(hso.decision);
      const reason = opt(hso.reason);
      if (decision !== undefined) out["decision"] = decision;
      if (reason !== undefined) out["reason"] = reason;
      out["hookSpecificOutput"] = obj([["hookEventName", hso.hookEventName]]);
      if (decision !== undefined || reason !== undefined) {
        notes.push(
          `${hso.hookEventName}'s decision/reason are sent inside hookSpecificOutput by the Rust type; Claude Code ignores them there (unrecognized keys), so the serialized value would not ${decision === "block" ? "block" : "count"}. Converted to the top-level decision/reason the Rust field means.`,
        );
      }
      if (decision !== undefined && decision !== "approve" && decision !== "block") {
        notes.push(`decision ${JSON.stringify(decision)} is not one of Claude Code's approve|block: Claude Code rejects the output.`);
      }
      break;
    }
    case "Notification":
      out["hookSpecificOutput"] = obj([["hookEventName", "Notification"]]);
      break;
    case "PreCompact":
    case "SessionEnd":
      notes.push(
        `Claude Code has no hookSpecificOutput variant for ${hso.hookEventName}: the serialized value fails its validation. Converted without hookSpecificOutput (the unit variant carries nothing).`,
      );
      break;
  }
  return { output: out, notes };
}
