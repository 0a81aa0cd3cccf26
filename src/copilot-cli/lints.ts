/**
 * Where Copilot CLI 1.0.102 reads one hook answer differently from what a
 * Claude Code author expects (the `validate` lints). Each lint names the
 * recording that shows the Copilot side.
 */
import type { Divergence, HookAnswer } from "../core/dialect.js";
import { isJsonObject } from "../json/value.js";
import { resolveEvent } from "./events.js";
import { blockReasonOf, parseHookStdout } from "./read-output.js";

const IGNORED_EVERYWHERE = ["systemMessage", "continue", "stopReason", "suppressOutput"] as const;

export function copilotDivergences(answer: HookAnswer): Divergence[] {
  const resolved = resolveEvent(answer.event);
  if (resolved === null) return [{ code: "unknown-event", message: `Copilot CLI: no hooks run for "${answer.event}"; its events are camelCase (preToolUse, ...) or Claude's PascalCase names` }];
  const { event, rules, claudeStyle } = resolved;
  const out: Divergence[] = [];
  const add = (code: string, message: string): void => void out.push({ code, message });
  const exit = answer.exit;
  if (exit !== 0 && exit !== 2) {
    if (event === "preToolUse") add("exit-1-denies", `Copilot CLI: exit ${exit} denies here; Claude Code would let the tool run (pre-07b-exit1-json-allow: fails closed whatever stdout says)`);
    else if (event === "permissionRequest") add("exit-1-denies", `Copilot CLI: exit ${exit} denies the permission ("Permission request hook failed"); Claude Code would ignore the hook (new-perm-exit1)`);
    else if (parseHookStdout(answer.stdout).json !== null) add("output-ignored", `Copilot CLI: on exit ${exit} the JSON on stdout is ignored (new-post-exit1-context)`);
  }
  const parsed = parseHookStdout(answer.stdout);
  const json = parsed.json;
  if (exit === 2) {
    const decision = json?.["permissionDecision"] ?? (isJsonObject(json?.["hookSpecificOutput"]) ? json["hookSpecificOutput"]["permissionDecision"] : undefined);
    if (event === "preToolUse" && decision !== "deny" && decision !== "ask" && answer.stderr.trim() !== "") {
      add("reason-dropped", "Copilot CLI: exit 2 denies, but the model gets `hook exited with code 2`, not the stderr reason (pre-13c-exit2-and-deny); put the reason in a JSON deny instead");
    }
    if (rules.exit2 === "warning") add("exit-2-not-blocking", `Copilot CLI: exit 2 is only a log warning on ${event}; Claude Code would block (${event === "userPromptSubmitted" ? "ups-04-exit2-stderr" : "post-04-exit2-stderr"})`);
  }
  if (parsed.output === "text" && (event === "sessionStart" || event === "userPromptSubmitted")) {
    add("plain-text-ignored", "Copilot CLI: plain stdout is never context; Claude Code adds it (ss-03-plain-text)");
  }
  if (json === null) return out;
  for (const key of IGNORED_EVERYWHERE) {
    if (key in json) add("ignored-field", `Copilot CLI: \`${key}\` is ignored (pre-19b-continue-false-deny, pre-20b-suppressOutput)`);
  }
  if (event === "preToolUse" && "decision" in json) add("ignored-field", "Copilot CLI: legacy `decision` is ignored on preToolUse; use permissionDecision (pre-11-legacy-block)");
  if (event === "preToolUse" && "updatedInput" in json) add("ignored-field", "Copilot CLI: a flat `updatedInput` is ignored; use `modifiedArgs` (or hookSpecificOutput.updatedInput in a PascalCase hook) (pre-12d-updatedInput-flat)");
  if ("hookSpecificOutput" in json && !(event === "preToolUse" && claudeStyle)) {
    add("ignored-field", `Copilot CLI: \`hookSpecificOutput\` is read only by PascalCase PreToolUse hooks; here it is ignored (${event === "preToolUse" ? "pre-04b-deny-hso-no-event-name" : "ups-06-claude-context"})`);
  }
  const hso = isJsonObject(json["hookSpecificOutput"]) ? json["hookSpecificOutput"] : null;
  const decision = json["permissionDecision"] ?? (claudeStyle ? hso?.["permissionDecision"] : undefined);
  if (event === "preToolUse" && decision === "ask") add("ask-denies", "Copilot CLI: in prompt mode `ask` denies the call (`Denied by preToolUse hook (unable to ask user for confirmation): ...`) and ends the chain (pre-05-ask)");
  if (event === "preToolUse" && decision !== undefined && decision !== "allow" && decision !== "deny" && decision !== "ask") {
    add("invalid-value-ignored", `Copilot CLI: permissionDecision ${JSON.stringify(decision)} is ignored; the tool runs (pre-10b-bad-enum)`);
  }
  if (json["decision"] === "block" && rules.merge !== "pre-tool-chain" && blockReasonOf(json, rules) === undefined) {
    const why = rules.blockReason === "non-empty-string" ? "a non-empty string reason" : rules.blockReason === "string" ? "a string reason" : "a reason";
    add("block-ignored", `Copilot CLI: decision:"block" on ${event} needs ${why}; this one does nothing (new-blind-stop-block-no-reason, new-blind4-stop-reason-number)`);
  }
  if (event === "permissionRequest" && "permissionDecision" in json) add("ignored-field", "Copilot CLI: permissionRequest reads flat `behavior`/`message`; `permissionDecision` is ignored (perm-01b-allow-permissionDecision)");
  return out;
}
