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

/** What a run record says of a shell-form command hook's configuration: the fields every dialect without plugins or exec form fills the same way. */
export type ShellHookFields = Pick<RunRecord, "source" | "plugin" | "matcher" | "command" | "args" | "argv" | "form">;

export function shellHookFields(hook: {
  readonly command: string;
  readonly source?: string | null | undefined;
  readonly matcher?: string | null | undefined;
  readonly argv?: readonly string[] | null | undefined;
}): ShellHookFields {
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
