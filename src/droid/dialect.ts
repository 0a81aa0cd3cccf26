/**
 * Factory droid 0.215.0 (recorded again with 0.225.2: the same rules, docs/versions.md) as a dialect of the shared machinery
 * (src/core/dialect.ts): its event table, the merge, the runner, and the
 * lints that say where droid reads an answer otherwise than a Claude Code
 * author expects.
 */
import { recordedAgain, type AgentProbe, type RecordingSet } from "../core/agent-probe.js";
import type { Dialect, Divergence, HookAnswer } from "../core/dialect.js";
import { requestInput, type MergeRequest } from "../core/merge-request.js";
import type { MergedResult } from "../core/records.js";
import { DROID_EVENT_NAMES, DROID_EVENTS, isDroidEvent } from "./events.js";
import { mergeDroid } from "./merge.js";
import { readDroidHook, truthy } from "./read.js";
import { readDroidIntent, writeDroidIntent } from "./intent.js";
import { droidRunner } from "./runner.js";
import { TUI_ONLY } from "./texts.js";

function mergeRequest(request: MergeRequest): MergedResult {
  const extra = request as MergeRequest & { readonly tool_output?: string };
  // A request hook is a DroidHookResult already (command, exit, stdout, stderr, timed_out, source, timeout, config_index).
  return mergeDroid(request.event, request.hooks, { input: requestInput(request), toolOutput: extra.tool_output });
}

const lint = (code: string, message: string): Divergence => ({ code, message });

/** Where droid's reading of one answer differs from Claude Code's (one hook alone; order rules say "if another hook ..."). */
function divergences(answer: HookAnswer): Divergence[] {
  const out: Divergence[] = [];
  if (!isDroidEvent(answer.event)) {
    out.push(lint("unknown-event", `droid: there is no ${answer.event} event (droid has ${DROID_EVENT_NAMES.join(", ")}); these hooks never run`));
    return out;
  }
  const event = answer.event;
  const r = readDroidHook({ exit: answer.exit, stdout: answer.stdout, stderr: answer.stderr });
  const hso = r.hookSpecificOutput;
  const decision = hso?.permissionDecision;
  if (r.json !== null && answer.exit !== 0) {
    out.push(lint("json-on-nonzero-exit", `droid: JSON on stdout is read on ANY exit code, so this exit ${answer.exit} still applies its fields (Claude Code reads JSON only on exit 0)`));
  }
  if (r.parseFailed) {
    out.push(lint("invalid-json-ignored", DROID_EVENTS[event].plainTextIsContext
      ? "droid: stdout starts with `{` but is not JSON: it becomes plain-text context"
      : "droid: stdout starts with `{` but is not JSON: it is ignored without any error (a deny here fails open)"));
  }
  if (event === "PreToolUse") {
    if (decision === "allow") out.push(lint("first-decision-wins", "droid: the first configured decision wins, so this allow overrides a later deny (Claude Code: deny beats allow); only a later exit 2 still denies"));
    if (decision === "ask") out.push(lint("ask-is-not-a-decision", "droid: `ask` is only logged; the autonomy level decides, and it still takes the first-decision place, so a later deny is ignored"));
    if (truthy(decision) && decision !== "allow" && decision !== "deny" && decision !== "ask") {
      out.push(lint("unknown-decision-shadows", `droid: permissionDecision ${JSON.stringify(decision)} does nothing but still takes the first-decision place: a later hook's deny is ignored (fails open)`));
    }
    if (decision === "deny" && answer.exit === 2) out.push(lint("decision-before-exit2", "droid: a JSON decision is read before any exit 2: the deny text is `Error: <permissionDecisionReason>`, not stderr"));
    if (truthy(hso?.additionalContext)) out.push(lint("context-dropped", "droid: PreToolUse additionalContext is dropped; the model never sees it (use PostToolUse)"));
    if (truthy(hso?.updatedInput) && decision !== "allow") {
      out.push(lint("updated-input-merge", decision === "ask" || decision === "deny"
        ? `droid: updatedInput is ignored with ${String(decision)}`
        : "droid: updatedInput without a decision is applied (shallow merge) but the call still goes through the autonomy check"));
    } else if (truthy(hso?.updatedInput)) {
      out.push(lint("updated-input-merge", "droid: updatedInput is shallow-merged into the tool input (`{...input, ...updatedInput}`), not a replacement: keys you leave out keep their values (but a changed Execute command loses riskLevel and riskLevelReason)"));
    }
    if (answer.exit === 1 && answer.stderr !== "") out.push(lint("stderr-prepended", "droid: an exit-1 hook's stderr is prepended to the tool result the model gets"));
    if (answer.exit === 3) out.push(lint("exit3-aborts", "droid: exit 3 aborts the whole turn silently (no tool message)"));
  }
  if (r.decision === "block" && event !== "Stop") out.push(lint("decision-block-ignored", `droid: \`decision: "block"\` is ignored on ${event}; ${event === "PreToolUse" ? "use hookSpecificOutput.permissionDecision \"deny\" or exit 2" : event === "UserPromptSubmit" ? "use exit 2 or continue:false" : "only Stop reads it"}`));
  if (r.decision === "block" && event === "Stop" && !truthy(r.reason)) out.push(lint("block-without-reason", "droid: a Stop block without a reason does nothing, and it keeps another hook's exit 2 from continuing"));
  if (r.json !== null && r.json["permissionDecision"] !== undefined && hso === undefined) {
    out.push(lint("flat-decision-ignored", "droid: a top-level permissionDecision is ignored; it must be inside hookSpecificOutput"));
  }
  if (r.continue === false && (event === "PreToolUse" || event === "PostToolUse")) {
    out.push(lint("stop-reason-hidden", "droid: continue:false ends the turn silently; the stopReason is shown nowhere"));
  }
  if (typeof r.systemMessage === "string" && r.systemMessage !== "") {
    const tui = event === "PostToolUse" ? ` (the TUI shows \`${TUI_ONLY.postToolUseSystemMessage(r.systemMessage)}\`)` : "";
    out.push(lint("system-message-hidden", `droid: systemMessage never reaches the model, and headless droid shows it nowhere${tui}`));
  }
  if (answer.exit === 2 && (event === "SessionStart" || DROID_EVENTS[event].merge === "no-effect")) out.push(lint("exit2-ignored", `droid: exit 2 has no effect on ${event}`));
  if (event === "UserPromptSubmit") out.push(lint("prompt-hooks-rpc-only", "droid: UserPromptSubmit hooks run only in JSON-RPC sessions (TUI, desktop, SDK); `droid exec -o stream-json` never runs them"));
  if (r.json !== null && r.json["hookSpecificOutput"] !== undefined && typeof hso?.additionalContext === "string" && (event === "PostToolUse" || event === "UserPromptSubmit")) {
    out.push(lint("first-context-only", `droid: only the first configured ${event} hook's context reaches the model`));
  }
  return out;
}

/** The recordings every rule rests on, and how each is made again. */
const RECORDINGS: readonly RecordingSet[] = [
  { scenarios: "test/observer/droid/scenarios", observed: "test/observer/droid/observed", rerecord: "node /tmp/droid-observer/run-scenario.mjs --droid <bin> --all --jobs 2 --scenarios test/observer/droid/scenarios --check test/observer/droid/observed" },
  { scenarios: "test/observer/droid/subagents/scenarios", observed: "test/observer/droid/subagents/observed", rerecord: "node /tmp/droid-observer/run-scenario.mjs --droid <bin> --all --jobs 1 --scenarios test/observer/droid/subagents/scenarios --check test/observer/droid/subagents/observed" },
  { scenarios: "test/observer/droid/version-hints/scenarios", observed: "test/observer/droid/version-hints/observed", rerecord: "node /tmp/droid-observer/run-scenario.mjs --droid <bin> --all --jobs 1 --scenarios test/observer/droid/version-hints/scenarios --check test/observer/droid/version-hints/observed" },
];

/** How `doctor` finds it and reads its version, and how its recordings are made again. */
const droidProbe: AgentProbe = {
  commands: ["droid"],
  knownLocations: ["~/.factory/bin/droid"],
  versionArgs: ["--version"],
  versionPattern: /^(\d+\.\d+\.\d+)\s*$/m,
  recordings: RECORDINGS,
  alsoRecorded: [
    {
      // @factory/cli-linux-x64@0.225.2 (npm has no droid@0.225.2: the newest droid is 0.215.0); docs/versions.md
      version: "0.225.2",
      recordings: RECORDINGS.map((set) => recordedAgain(set, set.observed.replace("test/observer/droid/", "test/observer/droid/v0.225.2/"))),
    },
  ],
  extractVectors: "npx tsx scripts/extract-droid-vectors.ts",
};

export const droid: Dialect = {
  agent: "droid",
  displayName: "Factory droid",
  version: "0.215.0",
  probe: droidProbe,
  events: DROID_EVENT_NAMES.map((name) => ({
    name,
    canonical: DROID_EVENTS[name].canonical,
    matchField: DROID_EVENTS[name].matchField,
    summary: DROID_EVENTS[name].summary,
  })),
  requestExtensions: { request: { tool_output: "string" } },
  mergeRequest,
  divergences,
  readIntent: readDroidIntent,
  writeIntent: writeDroidIntent,
  runner: droidRunner,
};
