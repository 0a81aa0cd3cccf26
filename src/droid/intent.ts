/**
 * droid's reading and writing of a hook's intent (src/core/intent.ts).
 * Reading merges the one answer by droid's own rules (src/droid/merge.ts) and
 * says what droid would do with it; writing picks the fields and exit codes
 * droid acts on for each event (src/droid/events.ts), and names the parts
 * droid cannot express: `ask` (not a decision), PreToolUse context (dropped),
 * a user message (headless droid shows none), a block or stop where the event
 * ignores them.
 */
import type { HookAnswer } from "../core/dialect.js";
import type { HookIntent, IntentPart, WriteResult } from "../core/intent.js";
import { requestInput } from "../core/merge-request.js";
import type { JsonObject } from "../json/value.js";
import { DROID_EVENTS, isDroidEvent, type MergeStrategy } from "./events.js";
import { mergeDroid } from "./merge.js";
import { readDroidHook } from "./read.js";

/** The events where `continue: false` (or exit 3) ends the turn. */
const STOPPABLE: ReadonlySet<MergeStrategy> = new Set(["pre-tool-use", "post-tool-use", "user-prompt-submit", "stop"]);

/** What droid does with this one answer, as an intent (null when it does nothing). */
export function readDroidIntent(answer: HookAnswer): HookIntent | null {
  if (!isDroidEvent(answer.event)) return null;
  const input = requestInput({ event: answer.event, hooks: [], ...(answer.input === undefined ? {} : { input: answer.input }) });
  const merged = mergeDroid(answer.event, [{ command: "hook", exit: answer.exit, stdout: answer.stdout, stderr: answer.stderr, config_index: 0 }], { input });
  const { effects } = merged;
  const intent: { -readonly [K in keyof HookIntent]?: HookIntent[K] } = {};
  const reason = merged.reasons[0];
  if (effects.decision === "allow" || effects.decision === "deny") intent.decision = effects.decision;
  if (effects.decision === "deny" || (effects.blocked && effects.decision === null)) {
    if (effects.decision === null) intent.block = true;
    if (reason !== undefined && reason !== "") intent.reason = reason;
  }
  if (merged.updated_input !== null) intent.updatedInput = merged.updated_input;
  if (merged.additional_context.length > 0) intent.context = merged.additional_context.join("\n\n");
  if (effects.stopped) {
    const stopReason = readDroidHook(answer).stopReason;
    intent.stop = typeof stopReason === "string" && stopReason !== "" ? { reason: stopReason } : {};
  }
  return Object.keys(intent).length === 0 ? null : intent;
}

export function writeDroidIntent(event: string, intent: HookIntent): WriteResult {
  if (!isDroidEvent(event)) return { ok: false, unsupported: [], message: `droid has no ${event} event` };
  const rules = DROID_EVENTS[event];
  const unsupported: IntentPart[] = [];
  const out: JsonObject = {};
  const hso: JsonObject = { hookEventName: event };
  let exit = 0;
  let stderr = "";
  if (event === "PreToolUse") {
    const decision = intent.decision ?? (intent.block === true ? "deny" : undefined);
    if (decision === "ask") unsupported.push("decision");
    else if (decision !== undefined) hso["permissionDecision"] = decision;
    if (intent.reason !== undefined && decision === "deny") hso["permissionDecisionReason"] = intent.reason;
    // droid merges the rewrite into the input shallowly: the whole object given is what runs, plus any key it leaves out.
    if (intent.updatedInput !== undefined) {
      if (decision === "deny") unsupported.push("updatedInput");
      else hso["updatedInput"] = intent.updatedInput;
    }
  } else {
    if (intent.decision !== undefined) unsupported.push("decision");
    if (intent.updatedInput !== undefined) unsupported.push("updatedInput");
    if (intent.block === true) {
      if (event === "Stop" && intent.reason !== undefined && intent.reason !== "") {
        out["decision"] = "block";
        out["reason"] = intent.reason;
      } else if (event === "Stop" || event === "PostToolUse" || event === "UserPromptSubmit" || event === "PreCompact") {
        // exit 2 blocks these; droid reads JSON on any exit code, so context can ride along
        exit = 2;
        stderr = intent.reason ?? "";
      } else unsupported.push("block");
    }
  }
  if (intent.context !== undefined) {
    // UserPromptSubmit and SessionStart read context on exit 0 only
    const readable = rules.context === "first" || (rules.context !== "none" && exit === 0);
    if (readable) hso["additionalContext"] = intent.context;
    else unsupported.push("context");
  }
  if (intent.stop !== undefined) {
    if (!STOPPABLE.has(rules.merge)) unsupported.push("stop");
    else {
      out["continue"] = false;
      if (intent.stop.reason !== undefined) out["stopReason"] = intent.stop.reason;
    }
  }
  if (intent.userMessage !== undefined) unsupported.push("userMessage");
  if (unsupported.length > 0) return { ok: false, unsupported, message: `droid cannot say ${unsupported.join(", ")} on ${event}` };
  if (Object.keys(hso).length > 1) out["hookSpecificOutput"] = hso;
  return { ok: true, answer: { exit, stdout: Object.keys(out).length === 0 ? "" : JSON.stringify(out), stderr } };
}
