/**
 * Lints for one hook answer under Gemini CLI 0.61.0: where the CLI reads it
 * otherwise than a Claude Code hook author expects. Each says what happens
 * and what to write instead; `fails-open` marks the ones where a hook meant
 * to stop something does not.
 */
import type { Divergence, HookAnswer } from "../core/dialect.js";
import type { JsonObject } from "../json/value.js";
import { EVENT_NAMES, EVENTS, isEventName, TOOL_REQUIRED_PARAMS, type EventName } from "./events.js";
import { isBlocking } from "./aggregate.js";
import { objectOrUndefined } from "../json/js-values.js";
import { readHookOutput } from "./read-output.js";

/** Claude Code keys Gemini CLI never reads, with what to use instead. */
const IGNORED_SPECIFIC_KEYS: readonly [string, string][] = [
  ["permissionDecision", "Gemini CLI ignores hookSpecificOutput.permissionDecision; use decision: deny"],
  ["permissionDecisionReason", "Gemini CLI ignores hookSpecificOutput.permissionDecisionReason; use reason"],
  ["updatedInput", "Gemini CLI ignores hookSpecificOutput.updatedInput; use hookSpecificOutput.tool_input (the whole new argument object)"],
  ["updatedToolOutput", "Gemini CLI ignores hookSpecificOutput.updatedToolOutput; an AfterTool decision: deny replaces the result with the reason"],
  ["decision", "Gemini CLI ignores hookSpecificOutput.decision; use the top-level decision"],
];

function geminiEventOf(name: string): { event: EventName | null; claudeName: boolean } {
  if (isEventName(name)) return { event: name, claudeName: false };
  const match = EVENT_NAMES.find((event) => EVENTS[event].canonical === name);
  return { event: match ?? null, claudeName: match !== undefined };
}

export function divergences(answer: HookAnswer): readonly Divergence[] {
  const found: Divergence[] = [];
  const { event, claudeName } = geminiEventOf(answer.event);
  if (event === null) {
    found.push({ code: "unknown-event", message: `Gemini CLI has no ${answer.event} event: hooks configured under it are skipped (Invalid hook event name)` });
    return found;
  }
  if (claudeName) {
    found.push({ code: "claude-event-name", message: `Gemini CLI skips hooks configured under ${answer.event}; configure them under ${event}` });
  }
  const rules = EVENTS[event];
  const reading = readHookOutput({ exit: answer.exit, stdout: answer.stdout, stderr: answer.stderr });
  const text = reading.text;
  if (reading.kind === "none" && text === "" && answer.exit === 2) {
    found.push({ code: "fails-open", message: "Gemini CLI: exit 2 without any output does not block (no decision); print a reason, or JSON with decision: deny" });
  }
  if (reading.kind === "text" && reading.note !== null) {
    const deny = answer.exit !== 0 && answer.exit !== 1;
    found.push({
      code: deny ? "invalid-json" : "fails-open",
      message: `Gemini CLI parses the whole trimmed ${reading.stream} as one JSON value; this is not JSON, so it is plain text (${deny ? "a deny with the whole text as reason" : "allow, shown only as a system message"})`,
    });
  }
  if (reading.kind === "text" && reading.note === null && answer.exit === 0 && (event === "BeforeAgent" || event === "SessionStart")) {
    found.push({ code: "plain-text-not-context", message: "Gemini CLI does not add plain stdout to the model's context; use hookSpecificOutput.additionalContext" });
  }
  if (reading.kind === "none" && text !== "") {
    found.push({
      code: "fails-open",
      message: `Gemini CLI ignores a JSON ${reading.note?.startsWith("JSON null") ? "null" : "value that is not an object"} entirely, whatever the exit code (exit 2 included): no decision`,
    });
  }
  const output = reading.kind === "json" ? reading.output : null;
  if (output === null) return found;
  if (answer.exit === 2 && !isBlocking(output["decision"]) && output["continue"] !== false) {
    found.push({ code: "fails-open", message: "Gemini CLI lets the JSON decide whatever the exit code: exit 2 with this JSON does not block; add decision: deny" });
  }
  const decision = output["decision"];
  if (typeof decision === "string" && !isBlocking(decision) && isBlocking(decision.toLowerCase())) {
    found.push({ code: "fails-open", message: `Gemini CLI compares decision case-sensitively: "${decision}" allows; write "${decision.toLowerCase()}"` });
  }
  const specific = output["hookSpecificOutput"];
  if (specific !== undefined && specific !== null && typeof specific !== "object" && rules.merge === "or-decision" && specific !== false && specific !== 0 && specific !== "") {
    found.push({ code: "fails-open", message: "Gemini CLI's merge throws on a hookSpecificOutput that is not an object: every hook of the event is then ignored" });
  }
  const hso = objectOrUndefined(specific);
  if (hso !== undefined) {
    for (const [key, message] of IGNORED_SPECIFIC_KEYS) if (key in hso) found.push({ code: "ignored-field", message });
    if ("additionalContext" in hso && rules.context === "dropped") {
      found.push({ code: "context-dropped", message: `Gemini CLI drops additionalContext on ${event}: the model never sees it` });
    }
    if (event === "BeforeTool" && "tool_input" in hso) lintRewrite(hso["tool_input"]!, answer.input, found);
  }
  if (output["stopReason"] !== undefined && output["continue"] !== false) {
    found.push({ code: "ignored-field", message: "Gemini CLI ignores stopReason without continue: false" });
  }
  if (event === "BeforeTool" && decision === "ask") {
    found.push({ code: "ask-hangs", message: "Gemini CLI: in headless -p runs nobody answers an ask, and the run hangs until killed" });
  }
  if (rules.deny === "ignored" && isBlocking(decision)) {
    found.push({ code: "ignored-field", message: `Gemini CLI ignores a deny on ${event}` });
  }
  return found;
}

function lintRewrite(rewrite: JsonObject[string], input: JsonObject | undefined, found: Divergence[]): void {
  const object = objectOrUndefined(rewrite);
  if (object === undefined) {
    found.push({ code: "ignored-field", message: "Gemini CLI ignores hookSpecificOutput.tool_input unless it is an object: the original input runs" });
    return;
  }
  const toolName = typeof input?.["tool_name"] === "string" ? input["tool_name"] : undefined;
  const required = toolName === undefined ? [] : (TOOL_REQUIRED_PARAMS[toolName] ?? []);
  const missing = required.filter((name) => !(name in object));
  if (missing.length > 0) {
    found.push({ code: "rewrite-replaces-input", message: `Gemini CLI runs the tool with tool_input as its whole argument object: without ${missing.join(", ")} the call fails validation` });
  }
}
