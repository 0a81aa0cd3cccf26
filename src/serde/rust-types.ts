/**
 * TypeScript shapes of the Rust family as the serde reader returns them and
 * the writer takes them (wire names; `updatedInput` holds a `SerdeValue`).
 * TEMPORARY hand-declared twins of the generated `RustHookOutput`,
 * `RustHookSpecificOutput`, `RustPermissionDecision`, `RustToolPermission`
 * (generated/types.ts); once those exist this file re-exports them.
 * The reader never returns `null` for an Option (None leaves the key out)
 * and always fills `continue` and `interrupt`.
 */
import type { SerdeValue } from "./value.js";

export type RustToolPermission = "allow" | "deny" | "ask";

export type RustPermissionDecision =
  | { behavior: "allow"; updatedInput?: SerdeValue | null }
  | { behavior: "deny"; message: string; interrupt?: boolean };

type WithContext<E extends string> = { hookEventName: E; additionalContext?: string | null };
type WithStop<E extends string> = { hookEventName: E; decision?: string | null; reason?: string | null };

export type RustHookSpecificOutput =
  | {
      hookEventName: "PreToolUse";
      permissionDecision: RustToolPermission;
      permissionDecisionReason?: string | null;
      updatedInput?: SerdeValue | null;
    }
  | WithContext<"PostToolUse">
  | WithContext<"UserPromptSubmit">
  | WithContext<"SessionStart">
  | { hookEventName: "PermissionRequest"; decision: RustPermissionDecision }
  | WithStop<"Stop">
  | WithStop<"SubagentStop">
  | { hookEventName: "Notification" }
  | { hookEventName: "PreCompact" }
  | { hookEventName: "SessionEnd" };

export type RustHookOutput = {
  continue?: boolean;
  stopReason?: string | null;
  suppressOutput?: boolean | null;
  systemMessage?: string | null;
  hookSpecificOutput?: RustHookSpecificOutput | null;
};

/** The value type of each protocol type name. */
export type RustTypes = {
  HookOutput: RustHookOutput;
  HookSpecificOutput: RustHookSpecificOutput;
  PermissionDecision: RustPermissionDecision;
  ToolPermission: RustToolPermission;
  Value: SerdeValue;
};
