/**
 * PreToolUse, PreSkillShellCommand, PreModelSwitch: deny > defer > ask > allow
 * whatever the order (pre-01..08); exit 2 is deny (pre-20..25); the last blocker
 * to complete gives the message (pre-10, pre-25), the first ask the reason
 * (pre-06c); a decision weaker than the strongest so far is not forwarded and
 * takes its rewrite with it (ask-04), a rewrite without a decision always is
 * (ask-08); the last forwarded rewrite wins (pre-50, pre-60) and a later `{}`
 * or plain allow keeps it (pre-52, pre-54).
 */
import { isJsonObject, type JsonObject } from "../jsc-json.js";
import type { PermissionDecision } from "../../core/records.js";
import { additionalContextText, askedForConfirmationText, BLOCKED_BY_HOOK, hookErrorText } from "../texts.js";
import { applyStops, blockReason, hsoOf, nonEmpty, str, type Accumulator, type Strategy } from "./accumulator.js";
import { parsedToolInput, rejectedRewriteText } from "../tool-input-check.js"; // #11 kit

const RANK: Readonly<Record<PermissionDecision, number>> = { allow: 1, ask: 2, defer: 3, deny: 4 };

/**
 * The one place a hook's `updatedInput` is accepted as a rewrite of the tool
 * input: an object, else no rewrite. The final rewrite is checked against the
 * tool's input schema after the merge (see rejectedRewriteText below).
 */
function acceptedRewrite(hso: JsonObject | null): JsonObject | null {
  const update = hso?.["updatedInput"];
  return isJsonObject(update) ? update : null;
}

export const mergePermissionDecision: Strategy<"permission-decision"> = (acc, rule) => {
  const hookName = acc.hookName;
  let strongest: PermissionDecision | null = null;
  let denyText: string | null = null;
  let askReason: string | null = null;
  let rewrite: JsonObject | null = null;
  const contexts: string[] = [];
  // the reasons of every hook that gave the strongest decision (the strongest so far only rises)
  let strongestReasons: string[] = [];
  let highestRank = 0;

  for (const r of acc.runs) {
    const json = acc.json(r);
    const hso = hsoOf(json);
    let decision: PermissionDecision | null = null;
    let blockText: string | null = null;
    let reason: string | null = null;

    if (json !== null) {
      const legacy = json["decision"];
      const pd = str(hso?.["permissionDecision"]);
      const topReason = nonEmpty(json["reason"]);
      if (legacy === "approve") decision = "allow";
      if (legacy === "block") {
        // pre-43: a legacy block is not overridden by a hookSpecificOutput allow in the same output
        decision = "deny";
        blockText = blockReason(json);
        reason = topReason;
      }
      if (pd === "allow" || pd === "deny" || pd === "ask" || pd === "defer") {
        if (decision === null || RANK[pd] >= RANK[decision]) {
          decision = pd;
          // pre-44: a top-level reason stands in for a missing permissionDecisionReason
          reason = nonEmpty(hso?.["permissionDecisionReason"]) ?? topReason;
          if (pd === "deny") blockText = reason ?? BLOCKED_BY_HOOK;
        }
      }
      const ctx = nonEmpty(hso?.["additionalContext"]);
      if (ctx !== null) contexts.push(acc.large(ctx));
    }
    if (r.blocking_error !== null && decision !== "deny") {
      // exit 2: deny with the stderr text (pre-23, pre-36); a JSON deny in the same output keeps its own text
      // (new-pre-exit2-with-json-deny-one-output)
      decision = "deny";
      blockText = r.blocking_error;
      reason = r.stderr;
    }
    const rewriteHere = acceptedRewrite(hso);

    if (decision === null) {
      if (rewriteHere !== null) rewrite = rewriteHere;
      continue;
    }
    const rank = RANK[decision];
    if (rank > highestRank) {
      highestRank = rank;
      if (strongestReasons.length > 0) strongestReasons = [];
    }
    if (rank === highestRank && reason !== null && reason !== "") strongestReasons.push(reason);
    if (decision === "deny") acc.denyMessages.push(hookErrorText(hookName, String(blockText)));
    if (strongest !== null && rank < RANK[strongest]) continue; // not forwarded, rewrite lost
    if (decision === "deny") denyText = blockText;
    if (decision === "ask" && strongest !== "ask") askReason = reason;
    strongest = decision;
    if (rewriteHere !== null) rewrite = rewriteHere;
  }

  // a skill's shell command cannot wait for an ask or a defer (Claude Code says of both "the hook asked for approval"),
  // nor run a changed command: Claude Code blocks them as a deny (cap-preskillshellcommand-ask, -defer, -rewrite,
  // -updated-input-only)
  if (rule.tool === "shell-command" && (strongest === "ask" || strongest === "defer" || (rewrite !== null && (strongest === null || strongest === "allow")))) {
    denyText = (strongest === "ask" ? askReason : null) ?? BLOCKED_BY_HOOK;
    strongest = "deny";
  }
  acc.decision = strongest;
  if (rule.seedsDecision) acc.seedDecision = strongest;
  for (const reason of strongestReasons) acc.reasons.push(reason);
  for (const context of contexts) acc.additionalContext.push(context);
  if (contexts.length > 0) acc.modelMessages.push(additionalContextText(hookName, contexts.join("\n")));

  const runs = strongest !== "deny" && strongest !== "defer";
  acc.blocked = strongest === "deny";
  acc.updatedInput = runs ? rewrite : null;
  acc.toolInput = toolInputAfter(rule.tool, strongest, rewrite, acc);
  // #11 kit: the final rewrite failing the tool's schema keeps the tool from running; the model gets Claude Code's text
  // (kit-ui-*, pre-59; a valid rewrite then an invalid one is refused, rewrite-valid-then-invalid, so it is not a per-hook filter)
  const rejectedRewrite = rule.tool === "rewritable" && runs && strongest !== "ask" && rewrite !== null ? rejectedRewriteText(acc.context.toolName, rewrite) : null;
  if (rejectedRewrite !== null) [acc.toolInput, acc.toolResult] = [null, rejectedRewrite];
  // the tool runs with the rewrite as parsed against its schema: undeclared keys dropped, defaults filled (fid-ui-*);
  // what an ask's permission prompt shows was not recorded, so it keeps the rewrite as given
  else if (rule.tool === "rewritable" && runs && strongest !== "ask" && rewrite !== null && acc.toolInput !== null) acc.toolInput = parsedToolInput(acc.context.toolName, acc.toolInput);
  if (strongest === "deny" && rule.tool !== "none") acc.toolResult = hookErrorText(hookName, acc.largeBlocking(denyText ?? ""));
  if (strongest === "ask") {
    // -p without a host: the ask ends as a denial whose text is the reason verbatim (pre-04, pre-13)
    const text = askReason ?? askedForConfirmationText(hookName);
    if (rule.tool !== "none") acc.toolResult = text;
    acc.notices.push(text);
  }
  // PreToolUse keeps the last stopReason (pre-72). In -p an ask ends as a denial, and continue:false is
  // then not applied, as after any permission denial (pre-70b, new-pre-continue-false-ask-no-host).
  if (!(rule.askCancelsStop && acc.decision === "ask")) applyStops(acc);
};

function toolInputAfter(
  tool: "rewritable" | "shell-command" | "none",
  strongest: PermissionDecision | null,
  rewrite: JsonObject | null,
  acc: Accumulator,
): JsonObject | null {
  switch (tool) {
    case "none":
      return null;
    case "shell-command":
      // only a plain allow lets the skill's command run; any rewrite keeps it from running (§1.2)
      return strongest !== null && strongest !== "allow" ? null : rewrite !== null ? null : acc.context.toolInput;
    case "rewritable":
      return strongest !== "deny" && strongest !== "defer" ? (rewrite ?? acc.context.toolInput) : null;
  }
}
