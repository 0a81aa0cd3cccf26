/**
 * The hooks of one event (completion order, each with its configured
 * position) -> Codex CLI 0.171.0's combined result. Codex starts every
 * matching hook at once, waits for all, and combines by configured order
 * except for rewrites (the last to complete wins, pre-12, cx-pre-two-rewrites-B-first):
 *
 * - PreToolUse: any block wins; the first configured blocker's reason is the text (pre-11b, pre-21, cx-pre-exit2-then-json-deny).
 * - PermissionRequest: a deny wins over an allow (perm-04b, cx-perm-allow-then-deny-reversed); the first configured deny's message (cx-perm-two-denies-reversed).
 * - PostToolUse: blocks and stops replace the tool output, joined by a blank line (post-08, cx-post-stop-and-block).
 * - context: one developer message per hook, configured order (pre-18d, post-01c, ups-01c, ss-01c).
 * - UserPromptSubmit: a block or stop keeps the prompt, and every context, from the model (ups-06, cx-ups-continue-false).
 * - Stop: blocks continue the turn as one user message of `<hook_prompt>`s (stop-05); continue:false wins (cx-stop-block-and-stop).
 * - No dedupe: the same command twice runs twice (cx-pre-same-command-twice).
 */
import type { MergeRequest } from "../core/merge-request.js";
import { mergedResult, type MergedResult, type MergeEffects, type PermissionDecision } from "../core/records.js";
import { isJsonObject, toNullPrototype, type JsonObject } from "../json/value.js";
import { classifyCodexRun, type CodexHookResult, type CodexRun } from "./classify.js";
import { CODEX_EVENTS, isCodexEvent, type CodexEventName } from "./events.js";
import type { Verdict } from "./read-output.js";
import * as texts from "./texts.js";

export interface CodexMergeInput {
  readonly event: string;
  readonly tool_input?: JsonObject | undefined;
  /** The tool as the hooks saw it (`Bash` for the shell): another tool's block says its name, not a command (cx-sub-pre-deny-spawn-tool). */
  readonly tool_name?: string | undefined;
  readonly input?: JsonObject | undefined;
  /** Completion order. */
  readonly hooks: readonly CodexHookResult[];
}

/** The shell command as the block text quotes it. */
function commandOf(toolInput: JsonObject | undefined): string {
  const command = toolInput?.["command"];
  return typeof command === "string" ? command : JSON.stringify(toolInput ?? {}) ?? "";
}

interface Active {
  readonly run: CodexRun;
  readonly verdict: Verdict;
}

function emptyResult(event: string, message: string): MergedResult {
  return {
    agent: "codex",
    event,
    runs: [],
    errors: [message],
    decision: null,
    reasons: [],
    deny_messages: [],
    blocked: false,
    additional_context: [],
    system_messages: [],
    stopped: false,
    stop_reason: null,
    updated_input: null,
    reason: null,
    deny_message: null,
    context: null,
    ran: 0,
    async_context: [],
    effects: { decision: null, tool_input: null, tool_result: null, blocked: false, model_context: [], notices: [], stopped: false, stop_reason: null },
  };
}

export function mergeCodex(input: CodexMergeInput): MergedResult {
  if (!isCodexEvent(input.event)) return emptyResult(input.event, texts.noSuchEvent(input.event));
  const event: CodexEventName = input.event;
  const rules = CODEX_EVENTS[event];
  const callId = typeof input.input?.["tool_use_id"] === "string" ? input.input["tool_use_id"] : null;
  const completed = input.hooks.map((hook, completion) =>
    classifyCodexRun(hook, { event, rules, callId, completion, configIndex: hook.config_index ?? completion }),
  );
  // Codex reports and combines in configured order; a stable sort keeps completion order among equal indexes.
  const configured = [...completed].sort((a, b) => a.configIndex - b.configIndex);
  const active: Active[] = configured.flatMap((run) => (run.verdict === null || run.status === "failed" ? [] : [{ run, verdict: run.verdict }]));
  const notices = configured.flatMap((run) => run.entries);
  const warnings = configured.flatMap((run) => (run.verdict === null || run.verdict.warning === null ? [] : [run.verdict.warning]));
  const contexts = active.flatMap((a) => (a.verdict.context === null ? [] : [a.verdict.context]));
  const blockers = active.filter((a) => a.run.status === "blocked");
  const stoppers = active.filter((a) => a.run.status === "stopped");
  const reasons = blockers.map((a) => a.verdict.block!);
  const firstStop = stoppers[0]?.verdict.stop?.entry ?? null;

  const toolInput = input.tool_input ?? null;
  let effects: MergeEffects = { decision: null, tool_input: null, tool_result: null, blocked: false, model_context: contexts, notices, stopped: false, stop_reason: null };
  let denyMessages: string[] = [];
  let updatedInput: JsonObject | null = null;
  switch (rules.merge) {
    case "tool-gate": {
      const command = commandOf(input.tool_input);
      const tool = input.tool_name ?? (typeof input.input?.["tool_name"] === "string" ? input.input["tool_name"] : "Bash");
      denyMessages = reasons.map((reason) => (tool === "Bash" ? texts.preToolUseBlocked(reason, command) : texts.preToolUseToolBlocked(reason, tool)));
      const rewrite = [...active].filter((a) => a.verdict.rewrite !== null).sort((a, b) => b.run.completion - a.run.completion)[0];
      if (blockers.length > 0) {
        effects = { ...effects, decision: "deny", blocked: true, tool_result: denyMessages[0]! };
      } else if (rewrite !== undefined) {
        const value = rewrite.verdict.rewrite!.value;
        updatedInput = isJsonObject(value) ? (toNullPrototype(value) as JsonObject) : null;
        const rewritten = isJsonObject(value) ? value["command"] : undefined;
        // Only the string `command` is used (pre-10d); without one the tool does not run (pre-10b).
        effects = typeof rewritten === "string"
          ? { ...effects, tool_input: Object.assign(Object.create(null) as JsonObject, { command: rewritten }) }
          : { ...effects, tool_result: texts.REWRITE_WITHOUT_COMMAND };
      } else {
        effects = { ...effects, tool_input: toolInput };
      }
      break;
    }
    case "permission": {
      const denies = active.filter((a) => a.verdict.permission === "deny");
      denyMessages = denies.map((a) => texts.permissionRejected(a.verdict.block!));
      const decision: PermissionDecision | null = denies.length > 0 ? "deny" : active.some((a) => a.verdict.permission === "allow") ? "allow" : null;
      effects = { ...effects, decision, blocked: decision === "deny", tool_input: decision === "deny" ? null : toolInput, tool_result: denyMessages[0] ?? null, model_context: [] };
      break;
    }
    case "tool-output": {
      const replacements = active.flatMap((a) => (a.verdict.replacement === null ? [] : [a.verdict.replacement]));
      effects = { ...effects, blocked: blockers.length > 0, tool_input: toolInput, tool_result: replacements.length === 0 ? null : replacements.join(texts.POST_TOOL_USE_JOIN) };
      break;
    }
    case "prompt": {
      // The prompt never reaches the model: no request, so no context either.
      const kept = blockers.length > 0 || stoppers.length > 0;
      // a stop is not a block: continue:false alone is `stopped` (cx-fid-ups-continue-false; one decision:block and
      // continue:false in one output is reported as a stop only: cx-fid-ups-block-and-continue-false)
      effects = { ...effects, blocked: blockers.length > 0, model_context: kept ? [] : contexts, stopped: stoppers.length > 0, stop_reason: firstStop };
      break;
    }
    case "continuation": {
      const stopped = stoppers.length > 0;
      const prompts = blockers.map((a) => texts.hookPrompt(a.run.runId, a.verdict.block!));
      effects = {
        ...effects,
        blocked: !stopped && prompts.length > 0,
        model_context: stopped || prompts.length === 0 ? [] : [prompts.join(texts.HOOK_PROMPT_JOIN)],
        stopped,
        stop_reason: firstStop,
        continues: !stopped && prompts.length > 0,
      };
      break;
    }
    case "context": {
      const stopped = stoppers.length > 0;
      effects = { ...effects, model_context: stopped ? [] : contexts, stopped, stop_reason: firstStop };
      break;
    }
    case "notify":
      effects = { ...effects, stopped: stoppers.length > 0, stop_reason: firstStop };
      break;
  }
  const errors = configured.flatMap((run) => (run.status === "failed" && run.verdict?.error ? [run.verdict.error] : []));
  return mergedResult({
    agent: "codex",
    event,
    runs: completed.map((run) => run.record),
    errors,
    decision: effects.decision,
    reasons,
    deny_messages: denyMessages,
    blocked: effects.blocked,
    additional_context: contexts,
    system_messages: warnings,
    stopped: effects.stopped,
    stop_reason: effects.stop_reason,
    updated_input: effects.blocked ? null : updatedInput,
    ran: completed.length,
    async_context: [],
    effects,
  });
}

/** The shared merge request -> Codex's merged result. */
export function mergeCodexRequest(request: MergeRequest): MergedResult {
  const input = isJsonObject(request.input ?? null) ? request.input : undefined;
  return mergeCodex({ event: request.event, tool_input: request.tool_input ?? (isJsonObject(input?.["tool_input"]) ? (input!["tool_input"] as JsonObject) : undefined), tool_name: request.tool_name, input, hooks: request.hooks });
}
