/**
 * Type-level checks of generated/types.ts (tsc only: `npx tsc -p tsconfig.json`
 * fails if any `@ts-expect-error` below stops being an error, or anything
 * else does not type-check). Not a node:test file; nothing here runs.
 */
import type {
  ClaudeCodeHookInput,
  ClaudeCodeHookOutput,
  ClaudeCodeHookSpecificOutput,
  ClaudeCodePermissionRequestDecision,
  HookEvent,
  PreToolUseHookSpecificOutput,
  RustHookOutput,
  RustHookSpecificOutput,
  RustPermissionDecision,
  RustPreToolUseOutput,
  RustToolPermission,
} from "../generated/types.js";
import { validateClaudeCodeHookInput, validateRustHookOutput } from "../generated/validators/index.js";
import { HOOK_EVENTS, RUST_HOOK_SPECIFIC_OUTPUT_EVENTS } from "../generated/names.js";

// Exhaustive switches: every variant is one case, and the default is unreachable.
export function rustEventName(output: RustHookSpecificOutput): string {
  switch (output.hookEventName) {
    case "PreToolUse":
      return output.permissionDecision;
    case "PostToolUse":
    case "UserPromptSubmit":
    case "SessionStart":
      return output.additionalContext ?? "";
    case "PermissionRequest":
      return output.decision.behavior === "deny" ? output.decision.message : "allow";
    case "Stop":
    case "SubagentStop":
      return output.reason ?? "";
    case "Notification":
    case "PreCompact":
    case "SessionEnd":
      return output.hookEventName;
    default: {
      const unreachable: never = output;
      return unreachable;
    }
  }
}

export function permissionBehavior(decision: RustPermissionDecision): boolean {
  switch (decision.behavior) {
    case "allow":
      return decision.updatedInput !== undefined;
    default: {
      // @ts-expect-error -- "deny" is not handled, so the default is reachable
      const unreachable: never = decision;
      return unreachable;
    }
  }
}

export function claudeCodeVariantCount(output: ClaudeCodeHookSpecificOutput): number {
  switch (output.hookEventName) {
    case "PreToolUse":
      return output.permissionDecision === "defer" ? 1 : 0;
    case "PermissionRequest":
      return output.decision.behavior === "allow" ? (output.decision.updatedPermissions?.length ?? 0) : 0;
    case "WorktreeCreate":
      return output.worktreePath.length;
    default:
      return 0;
  }
}

export function toolName(input: ClaudeCodeHookInput): string | undefined {
  switch (input.hook_event_name) {
    case "PreToolUse":
    case "PostToolUse":
    case "PermissionRequest":
      return input.tool_name;
    case "SessionStart":
      return input.source;
    default:
      // Inputs are open: unknown keys are `unknown`, not errors.
      return typeof input["future_field"] === "string" ? input["future_field"] : undefined;
  }
}

// Excess properties are rejected on the closed output types.
// @ts-expect-error -- `bogus` is not a property of PreToolUseHookSpecificOutput
export const excessClaudeCode: PreToolUseHookSpecificOutput = { hookEventName: "PreToolUse", permissionDecision: "allow", bogus: 1 };
// @ts-expect-error -- nor of RustPreToolUseOutput (serde would ignore it, but a writer should not produce it)
export const excessRust: RustPreToolUseOutput = { hookEventName: "PreToolUse", permissionDecision: "allow", bogus: 1 };

// Missing required fields.
// @ts-expect-error -- permissionDecision is required in the Rust variant
export const missingDecision: RustPreToolUseOutput = { hookEventName: "PreToolUse" };
// @ts-expect-error -- WorktreeCreate needs worktreePath
export const missingPath: ClaudeCodeHookSpecificOutput = { hookEventName: "WorktreeCreate" };
// @ts-expect-error -- a deny needs its message in the Rust family
export const missingMessage: RustPermissionDecision = { behavior: "deny" };

// Wrong tag values and wrong enum values.
// @ts-expect-error -- not a PermissionRequest decision behavior
export const wrongBehavior: ClaudeCodePermissionRequestDecision = { behavior: "ask" };
// @ts-expect-error -- "defer" exists in the Claude Code dialect only
export const deferInRust: RustToolPermission = "defer";
// @ts-expect-error -- legacy decision is approve|block
export const wrongLegacyDecision: ClaudeCodeHookOutput = { decision: "deny" };
// @ts-expect-error -- SessionEnd has no hookSpecificOutput variant in Claude Code
export const noVariant: ClaudeCodeHookSpecificOutput = { hookEventName: "SessionEnd" };

// exactOptionalPropertyTypes: absent is not `undefined`; Rust Option fields take null.
// @ts-expect-error -- undefined is not a string
export const undefinedReason: ClaudeCodeHookOutput = { stopReason: undefined };
export const nullReason: RustHookOutput = { stopReason: null, hookSpecificOutput: null };

// Validators are type guards.
export function continueOf(value: unknown): boolean | undefined {
  return validateRustHookOutput(value) ? value.continue : undefined;
}
export function eventOf(value: unknown): HookEvent | undefined {
  return validateClaudeCodeHookInput(value) ? value.hook_event_name : undefined;
}

// The name lists are typed by the union they list.
export const firstEvent: "PreToolUse" = HOOK_EVENTS[0];
export const rustEvents: readonly HookEvent[] = RUST_HOOK_SPECIFIC_OUTPUT_EVENTS;

// The kit's `tools`: Claude Code's tool names and `mcp__*`, checked at compile time; a RegExp stays open.
import { defineHook } from "../src/hooks/index.js";
defineHook({ event: "PreToolUse", tools: ["Bash", "Edit"], run: (input) => void input.tool_name });
defineHook({ event: "PreToolUse", tools: ["mcp__github__create_issue"], run: (input) => void input.tool_input });
defineHook({ event: "PreToolUse", tools: [/mcp__github__.*/], run: () => undefined });
defineHook({ event: "PostToolUse", tools: ["Bash", /^mcp__fs__/], run: () => undefined });
// @ts-expect-error -- "Bahs" is not a tool: the hook would never fire
defineHook({ event: "PreToolUse", tools: ["Bahs"], run: () => undefined });
// @ts-expect-error -- tools are named in Claude Code's spelling under every agent (droid's Execute is Bash)
defineHook({ event: "PreToolUse", tools: ["Execute"], run: () => undefined });
// @ts-expect-error -- an unknown option of the Stop guard
defineHook({ event: "Stop", stopGuard: "sometimes", run: () => undefined });
defineHook({ event: "Stop", stopGuard: false, unsupported: "strict", run: (_input, answer) => answer.block("keep going") });
