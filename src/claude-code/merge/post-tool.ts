/** PostToolUse, PostToolUseFailure and PostToolBatch: the tool already ran; blocks and context go to the model. */
import { isJsonObject, type JsonValue } from "../jsc-json.js";
import { blockingErrorText, hookErrorText, toolOutputMismatchText, commandText } from "../texts.js";
import { applyStops, blockReason, hsoOf, nonEmpty, str, type Strategy } from "./accumulator.js";

/**
 * One system-role paragraph per hook, in completion order: blocking errors
 * (`<hook name> hook blocking error from command: "<cmd>": ...`, post-02,
 * post-03, post-07) and context (`<hook name> hook additional context: ...`,
 * post-01); the last updatedToolOutput replaces the tool's output (post-04).
 */
export const mergePostTool: Strategy<"post-tool"> = (acc, rule) => {
  const hookName = acc.hookName;
  let rewrite: JsonValue | undefined;
  for (const r of acc.runs) {
    if (r.blocking_error !== null) {
      acc.blocked = true;
      acc.reasons.push(r.stderr);
      acc.modelMessages.push(blockingErrorText(hookName, r.command, r.blocking_error));
    }
    const json = acc.json(r);
    if (json === null) continue;
    // continue:false in the same output drops that output's block (new-post-block-plus-continue-false)
    if (json["decision"] === "block" && !(rule.continueFalseDropsBlock && json["continue"] === false)) {
      const reason = blockReason(json);
      acc.blocked = true;
      acc.reasons.push(reason);
      acc.modelMessages.push(blockingErrorText(hookName, r.command, acc.large(reason)));
    }
    const hso = hsoOf(json);
    const ctx = nonEmpty(hso?.["additionalContext"]);
    if (ctx !== null) acc.addContext(hookName, ctx);
    if (rule.rewritesToolOutput && hso !== null) {
      const update = hso["updatedToolOutput"] !== undefined ? hso["updatedToolOutput"] : hso["updatedMCPToolOutput"];
      if (update === undefined) continue;
      if (fitsToolOutput(acc.context.toolName, update)) rewrite = update;
      else acc.errors.push(hookErrorText(r.hook_name, commandText(r.command, toolOutputMismatchText(acc.context.toolName))));
    }
  }
  if (rewrite !== undefined) acc.toolResult = renderToolOutput(rewrite);
  applyStops(acc);
};

/**
 * A built-in tool's output replacement must have the tool's output shape, else
 * it is ignored (new-post-updatedToolOutput-string; second recording set: Read).
 * Bash: an object with a string `stdout`; other built-in tools: an object (their
 * shapes are not modelled); MCP tools: anything.
 */
function fitsToolOutput(toolName: string | null, v: JsonValue): boolean {
  if (toolName !== null && toolName.startsWith("mcp__")) return true;
  if (!isJsonObject(v)) return false;
  return toolName !== "Bash" || typeof v["stdout"] === "string";
}

/** The text the model gets instead of a tool's output when a PostToolUse hook rewrote it (post-04: Bash's `stdout`). */
function renderToolOutput(v: JsonValue): string {
  if (typeof v === "string") return v;
  if (isJsonObject(v) && typeof v["stdout"] === "string") return v["stdout"];
  return JSON.stringify(v);
}

/** PostToolBatch: exit 2, decision:block and continue:false all stop the loop; the stderr/reason is the stop message. */
export const mergePostToolBatch: Strategy<"post-tool-batch"> = (acc) => {
  for (const r of acc.runs) {
    const json = acc.json(r);
    const ctx = nonEmpty(hsoOf(json)?.["additionalContext"]);
    if (ctx !== null) acc.addContext(acc.hookName, ctx);
    let stopText: string | null | undefined;
    if (r.blocking_error !== null) stopText = r.blocking_error;
    else if (json?.["decision"] === "block") stopText = blockReason(json);
    if (stopText !== undefined) {
      acc.blocked = true;
      acc.reasons.push(stopText ?? "");
    } else if (json?.["continue"] === false) {
      stopText = str(json["stopReason"]);
    }
    if (stopText !== undefined && !acc.stopped) {
      acc.stopped = true;
      acc.stopReason = stopText;
    }
  }
  if (acc.stopped) acc.modelMessages.length = 0;
};
