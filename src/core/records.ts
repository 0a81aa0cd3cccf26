/**
 * The run record and the merged result: the generated types of
 * `schemas/run-record.schema.json` and `schemas/merged-result.schema.json`
 * (RunRecord, MergedResult, MergeEffects), with the free-form JSON fields
 * narrowed to the null-prototype JSON objects the reader builds.
 * test/merge-protocol.test.ts validates what the merge produces against the schemas.
 */
import type * as Generated from "../../generated/types.js";
import type { JsonObject } from "../json/value.js";

export type RunOutcome = Generated.RunRecord["outcome"];

export type PermissionDecision = NonNullable<Generated.MergeEffects["decision"]>;

export interface RunRecord extends Omit<Generated.RunRecord, "json"> {
  json: JsonObject | null;
}

export interface MergeEffects extends Omit<Generated.MergeEffects, "tool_input"> {
  tool_input: JsonObject | null;
}

export interface MergedResult extends Omit<Generated.MergedResult, "runs" | "updated_input" | "effects"> {
  runs: RunRecord[];
  updated_input: JsonObject | null;
  effects: MergeEffects;
}

/**
 * A merged result from its parts: the one-text fields (`reason`, `deny_message`, `context`) are the
 * lists joined, as every dialect's legacy readers expect: reasons and deny messages one a line,
 * contexts as paragraphs (`contextSeparator` "\n\n") unless the agent joins them with one newline.
 */
export function mergedResult(parts: Omit<MergedResult, "reason" | "deny_message" | "context">, contextSeparator: "\n" | "\n\n" = "\n\n"): MergedResult {
  return {
    agent: parts.agent,
    event: parts.event,
    runs: parts.runs,
    errors: parts.errors,
    decision: parts.decision,
    reasons: parts.reasons,
    deny_messages: parts.deny_messages,
    blocked: parts.blocked,
    additional_context: parts.additional_context,
    system_messages: parts.system_messages,
    stopped: parts.stopped,
    stop_reason: parts.stop_reason,
    updated_input: parts.updated_input,
    reason: parts.reasons.length === 0 ? null : parts.reasons.join("\n"),
    deny_message: parts.deny_messages.length === 0 ? null : parts.deny_messages.join("\n"),
    context: parts.additional_context.length === 0 ? null : parts.additional_context.join(contextSeparator),
    ran: parts.ran,
    async_context: parts.async_context,
    effects: parts.effects,
  };
}

/** What a run record says of a shell-form command hook's configuration: the fields every dialect without plugins or exec form fills the same way. */
export type ShellHookFields = Pick<RunRecord, "source" | "plugin" | "matcher" | "command" | "args" | "argv" | "form">;

/**
 * A shell command hook's result as a runner reports it, with where and how it was configured: what the
 * merges of the dialects that run only such hooks take beside the process result.
 */
export interface ConfiguredShellHook {
  readonly command: string;
  /** The settings file it came from, in the agent's words (`project`, `user`, ...). */
  readonly source?: string | null | undefined;
  readonly matcher?: string | null | undefined;
  /** As configured, in the agent's unit (its dialect says which). */
  readonly timeout?: number | null | undefined;
  /** Position in configured order (the dialect says what that order is). */
  readonly config_index?: number | null | undefined;
  readonly signal?: string | null | undefined;
  readonly duration_ms?: number | null | undefined;
  readonly argv?: readonly string[] | null | undefined;
  /** The runner's note (a spawn failure, ...). */
  readonly message?: string | null | undefined;
}

/** What a tool event's merge needs beside the hooks' results. */
export interface ToolEventMergeContext {
  /** The event input the hooks got on stdin (tool_name, tool_input, prompt, source, ...). */
  readonly input: Readonly<Record<string, unknown>>;
  /** The tool's own result text as the model gets it (the dialect says its default). */
  readonly toolOutput?: string | undefined;
}

export function shellHookFields(hook: Pick<ConfiguredShellHook, "command" | "source" | "matcher" | "argv">): ShellHookFields {
  return {
    source: hook.source ?? null,
    plugin: null,
    matcher: hook.matcher ?? null,
    command: hook.command,
    args: null,
    argv: hook.argv === undefined || hook.argv === null ? null : [...hook.argv],
    form: "shell",
  };
}

// The narrowed types stay assignable to the generated ones (a schema change that breaks this fails the type check).
type Assignable<T extends U, U> = T;
export type MergedResultIsGenerated = Assignable<MergedResult, Generated.MergedResult>;
