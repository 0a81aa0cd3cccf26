/**
 * The run record and the merged result, as `schemas/run-record.schema.json`
 * and `schemas/merged-result.schema.json` describe them (RunRecord,
 * MergedResult, MergeEffects). test/merge-schema.test.ts checks that what
 * the classifier and the merge produce validates against those schemas.
 */
import type { JsonObject, StdoutError } from "./read-stdout.js";

export type RunOutcome = "success" | "block" | "error" | "timeout" | "skipped" | "running" | "cancelled";

export type PermissionDecision = "allow" | "deny" | "ask" | "defer";

export interface RunRecord {
  event: string;
  hook_name: string;
  source: string | null;
  plugin: string | null;
  matcher: string | null;
  command: string;
  args: string[] | null;
  argv: string[] | null;
  form: "exec" | "shell" | "http" | null;
  async: boolean;
  timeout: number | null;
  outcome: RunOutcome;
  message: string | null;
  exit: number | null;
  signal: string | null;
  duration_ms: number | null;
  stdout: string;
  stderr: string;
  output: "empty" | "text" | "json" | "invalid";
  json: JsonObject | null;
  completion: number | null;
  config_index: number | null;
  timed_out: boolean;
  warnings: string[];
  validation_error: StdoutError | null;
  blocking_error: string | null;
  non_blocking_error: string | null;
  no_verdict: "no_usable_answer" | "timed_out" | null;
}

export interface MergeEffects {
  decision: PermissionDecision | null;
  tool_input: JsonObject | null;
  tool_result: string | null;
  blocked: boolean;
  model_context: string[];
  notices: string[];
  stopped: boolean;
  stop_reason: string | null;
}

export interface MergedResult {
  event: string;
  runs: RunRecord[];
  errors: string[];
  decision: PermissionDecision | null;
  reasons: string[];
  deny_messages: string[];
  blocked: boolean;
  additional_context: string[];
  system_messages: string[];
  stopped: boolean;
  stop_reason: string | null;
  updated_input: JsonObject | null;
  reason: string | null;
  deny_message: string | null;
  context: string | null;
  ran: number;
  effects: MergeEffects;
}
