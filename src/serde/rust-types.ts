/**
 * TypeScript shapes of the Rust family, generated from `schemas/rust/`:
 * the reader returns them and the writer takes them (wire names;
 * `updatedInput` holds a `SerdeValue`). The reader never returns `null` for
 * an Option (None leaves the key out) and always fills `continue` and
 * `interrupt`.
 */
import type { RustHookOutput, RustHookSpecificOutput, RustPermissionDecision, RustToolPermission } from "../../generated/types.js";
import type { SerdeValue } from "./value.js";

export type { RustHookOutput, RustHookSpecificOutput, RustPermissionDecision, RustToolPermission };

/** The value type of each protocol type name. */
export type RustTypes = {
  HookOutput: RustHookOutput;
  HookSpecificOutput: RustHookSpecificOutput;
  PermissionDecision: RustPermissionDecision;
  ToolPermission: RustToolPermission;
  Value: SerdeValue;
};
