/**
 * Kimi Code CLI 2.1.0 as a dialect of the shared machinery
 * (src/core/dialect.ts): its event table, the merge, the runner, the intent
 * reader and writer, and the lints that say where Kimi reads an answer
 * otherwise than a Claude Code author expects (it takes Claude Code's event
 * and tool names, so Claude Code hooks get copied into it).
 */
import type { AgentProbe } from "../core/agent-probe.js";
import type { Dialect, Divergence, HookAnswer } from "../core/dialect.js";
import { requestInput, type MergeRequest, type RequestExtensions } from "../core/merge-request.js";
import type { MergedResult } from "../core/records.js";
import { isJsonObject, type JsonObject } from "../json/value.js";
import { KIMI_CODE_EVENT_NAMES, KIMI_CODE_EVENTS, isKimiCodeEvent } from "./events.js";
import { readKimiCodeIntent, writeKimiCodeIntent } from "./intent.js";
import { mergeKimiCode, type KimiCodeHookResult } from "./merge.js";
import { readKimiCodeHook } from "./read.js";
import { kimiCodeRunner } from "./runner.js";

export const REQUEST_EXTENSIONS: RequestExtensions = {
  hook: { matcher: "string" },
};

function mergeRequest(request: MergeRequest): MergedResult {
  // A request hook is a KimiCodeHookResult already (command, exit, stdout, stderr, timed_out, timeout, config_index, matcher).
  return mergeKimiCode(request.event, request.hooks as readonly KimiCodeHookResult[], { input: requestInput(request) });
}

const lint = (code: string, message: string): Divergence => ({ code, message });

/** Where Kimi's reading of one answer differs from Claude Code's (one hook alone). */
function divergences(answer: HookAnswer): Divergence[] {
  const out: Divergence[] = [];
  if (!isKimiCodeEvent(answer.event)) {
    out.push(lint("unknown-event", `Kimi Code: there is no ${answer.event} event; a [[hooks]] table naming it makes the whole hooks list invalid, so no hook runs at all`));
    return out;
  }
  const event = answer.event;
  const reading = readKimiCodeHook(answer);
  const output: JsonObject | undefined = reading.json ?? undefined;
  const hso = output?.["hookSpecificOutput"];
  const specific = isJsonObject(hso ?? null) ? (hso as JsonObject) : undefined;
  const decision = specific?.["permissionDecision"];
  const reads = KIMI_CODE_EVENTS[event].merge !== "no-effect";
  if (answer.exit !== 0 && answer.exit !== 2 && answer.stdout.trim().startsWith("{")) {
    out.push(lint("fails-open", `Kimi Code: JSON is read only on exit 0; on exit ${answer.exit} the answer is ignored${event === "PreToolUse" ? " and the tool runs" : ""}`));
  }
  if (!reads && (answer.exit === 2 || decision === "deny")) out.push(lint("fails-open", `Kimi Code: ${event} hooks' answers are ignored: this block changes nothing`));
  if (output?.["decision"] === "block" || output?.["decision"] === "deny") {
    out.push(lint("fails-open", `Kimi Code: a top-level decision is not read: only hookSpecificOutput.permissionDecision "deny" or exit 2 blocks`));
  }
  if (output?.["continue"] === false) out.push(lint("ignored-field", "Kimi Code: continue:false is not read; nothing stops"));
  if (typeof output?.["systemMessage"] === "string") out.push(lint("ignored-field", "Kimi Code: systemMessage is not read; nobody sees it"));
  if (event === "PreToolUse") {
    if (decision === "ask") out.push(lint("fails-open", "Kimi Code: ask is no answer: the tool runs without asking anyone"));
    if (specific?.["updatedInput"] !== undefined) out.push(lint("ignored-field", "Kimi Code: updatedInput is ignored; the tool runs with the model's input"));
    if (reading.action === "block") out.push(lint("reason-framed", "Kimi Code: the model gets `<system>ERROR: Tool execution failed.</system>` and the reason on the next line, without Claude Code's `PreToolUse:<tool> hook error:` prefix"));
  }
  if (typeof specific?.["additionalContext"] === "string") {
    out.push(lint("context-dropped", event === "UserPromptSubmit" ? "Kimi Code: additionalContext is dropped; give the text as `message` or plain stdout" : `Kimi Code: additionalContext is dropped on ${event}; the model never sees it`));
  }
  if (event !== "UserPromptSubmit" && answer.exit === 0 && reading.json === null && answer.stdout.trim() !== "" && !reads) {
    out.push(lint("context-dropped", `Kimi Code: plain stdout on ${event} reaches nobody`));
  }
  if (event === "Stop" && reading.action === "block") out.push(lint("once-per-turn", "Kimi Code: a Stop block continues the turn only once; the next Stop in the same turn does not run the hooks"));
  return out;
}

/** How `doctor` finds it and reads its version (`kimi --version` prints `2.1.0`), and how its recordings are made again. */
const kimiCodeProbe: AgentProbe = {
  commands: ["kimi"],
  knownLocations: [],
  versionArgs: ["--version"],
  versionPattern: /^(\d+\.\d+\.\d+)\s*$/m,
  recordings: [
    { scenarios: "test/observer/kimi-code/scenarios", observed: "test/observer/kimi-code/observed", rerecord: "npm run record -- --agent kimi-code --check" },
    // hooks on a subagent's tool calls (issue 25), recorded by the lab
    { scenarios: "test/observer/kimi-code/subagents/scenarios", observed: "test/observer/kimi-code/subagents/observed", rerecord: "npm run record -- --agent kimi-code --scenarios 'subagents/scenarios/*' --check --jobs 1" },
  ],
  extractVectors: "npx tsx scripts/extract-kimi-code-vectors.ts",
};

export const kimiCode: Dialect = {
  agent: "kimi-code",
  displayName: "Kimi Code CLI",
  version: "2.1.0",
  probe: kimiCodeProbe,
  events: KIMI_CODE_EVENT_NAMES.map((name) => ({
    name,
    canonical: KIMI_CODE_EVENTS[name].canonical,
    matchField: KIMI_CODE_EVENTS[name].matchField,
    summary: KIMI_CODE_EVENTS[name].summary,
  })),
  requestExtensions: REQUEST_EXTENSIONS,
  mergeRequest,
  divergences,
  readIntent: readKimiCodeIntent,
  writeIntent: writeKimiCodeIntent,
  runner: kimiCodeRunner,
};
