/**
 * When Claude Code 2.1.332 stops waiting for the other hooks of an event: once
 * one result settles the event, the hooks still running are cancelled (the
 * recordings show them as `hook_cancelled`, with no output). Observed:
 *
 * - UserPromptSubmit: a block (exit 2 or `decision:"block"`) or `continue:false`
 *   [ups-11, new-ups-block-then-exit2, new-ups-exit2-then-block, new-ups-stop-then-block];
 * - PermissionRequest: the first decision, allow or deny [perm-05, new-perm-allow-then-deny,
 *   new-perm-3-deny-allow-deny, new-perm-allow-updatedInput-two];
 * - PostToolUse: `continue:false` [new-post-continue-false-and-context].
 *
 * PreToolUse waits for every hook (two denies: the last to complete gives the
 * message, pre-10), and so do Stop and the other events recorded.
 */
import type { RunRecord } from "../../core/records.js";
import { rulesOf } from "../events.js";
import { isRecord } from "../../json/record.js";

/** True when this record, completed while others still run, makes Claude Code cancel the rest (the row's `earlyStop`). */
export function settlesEvent(event: string, record: RunRecord): boolean {
  if (record.outcome !== "success" && record.outcome !== "block" && record.outcome !== "error") return false;
  const json = record.output === "json" ? record.json : null;
  const stops = json !== null && json["continue"] === false;
  switch (rulesOf(event).earlyStop) {
    case "block-or-continue-false":
      return record.outcome === "block" || stops;
    case "allow-or-deny": {
      const hso = json?.["hookSpecificOutput"];
      const decision = isRecord(hso) ? hso["decision"] : undefined;
      return isRecord(decision) && (decision["behavior"] === "allow" || decision["behavior"] === "deny");
    }
    case "continue-false":
      return stops;
    case "never":
      return false;
  }
}
