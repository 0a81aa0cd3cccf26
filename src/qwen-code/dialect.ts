/**
 * Qwen Code 0.24.4 as a dialect of the shared machinery
 * (src/core/dialect.ts): its event table, the merge, the runner, the intent
 * reader and writer, and the lints that say where Qwen reads an answer
 * otherwise than a Claude Code author expects (it takes Claude Code's names,
 * so Claude Code hooks get copied into it).
 */
import type { AgentProbe } from "../core/agent-probe.js";
import type { Dialect, Divergence, HookAnswer } from "../core/dialect.js";
import { requestInput, type MergeRequest, type RequestExtensions } from "../core/merge-request.js";
import type { MergedResult } from "../core/records.js";
import { isJsonObject, type JsonObject } from "../json/value.js";
import { truthy } from "../json/js-values.js";
import { QWEN_CODE_EVENT_NAMES, QWEN_CODE_EVENTS, isQwenCodeEvent } from "./events.js";
import { readQwenCodeIntent, writeQwenCodeIntent } from "./intent.js";
import { mergeQwenCode, type QwenCodeHookResult } from "./merge.js";
import { readQwenCodeHook } from "./read.js";
import { qwenCodeRunner } from "./runner.js";

export const REQUEST_EXTENSIONS: RequestExtensions = {
  request: { tool_output: "string" },
  hook: { matcher: "string", sequential: "boolean" },
};

function mergeRequest(request: MergeRequest): MergedResult {
  const extra = request as MergeRequest & { readonly tool_output?: string };
  // A request hook is a QwenCodeHookResult already (command, exit, stdout, stderr, timed_out, source, timeout, config_index, sequential, matcher).
  return mergeQwenCode(request.event, request.hooks as readonly QwenCodeHookResult[], { input: requestInput(request), toolOutput: extra.tool_output });
}

const lint = (code: string, message: string): Divergence => ({ code, message });

/** Where Qwen's reading of one answer differs from Claude Code's (one hook alone; order rules say "if another hook ..."). */
function divergences(answer: HookAnswer): Divergence[] {
  const out: Divergence[] = [];
  if (!isQwenCodeEvent(answer.event)) {
    out.push(lint("unknown-event", `Qwen Code: there is no ${answer.event} event (it takes Claude Code's names: ${QWEN_CODE_EVENT_NAMES.slice(0, 6).join(", ")}, ...); these hooks are skipped silently`));
    return out;
  }
  const event = answer.event;
  const reading = readQwenCodeHook(answer, event);
  const output: JsonObject | undefined = reading.output;
  const hso = output?.["hookSpecificOutput"];
  const specific = isJsonObject(hso ?? null) ? (hso as JsonObject) : undefined;
  const decision = specific?.["permissionDecision"];
  if (answer.exit === 2 && answer.stderr.trim() === "") {
    out.push(lint("fails-open", `Qwen Code: exit 2 reads stderr only, and it is empty: no answer at all, ${event === "PreToolUse" ? "the tool runs" : "nothing happens"}${answer.stdout.trim() !== "" ? " (the stdout is ignored)" : ""}`));
  } else if (answer.exit === 2 && reading.json) {
    out.push(lint("exit2-json", "Qwen Code: on exit 2 the JSON on stderr decides (a JSON allow lets the tool run; Claude Code blocks with the stderr text)"));
  }
  if (reading.parseFailed) out.push(lint("fails-open", "Qwen Code: the output starts like a JSON object but is not JSON: it is ignored (a deny here fails open)"));
  if (truthy(hso) && typeof hso !== "object") {
    out.push(lint("fails-open", "Qwen Code: a hookSpecificOutput that is not an object makes reading the answers throw: every hook of the event is then ignored"));
  }
  if (event === "PreToolUse") {
    if (decision === "allow" || decision === "ask" || (decision === undefined && output?.["decision"] === "approve")) {
      out.push(lint("later-decision-wins", `Qwen Code: the LAST decision in configuration order counts (project hooks, then user, then system), so this ${decision ?? "approve"} overrides an earlier hook's deny (Claude Code: deny wins)`));
    }
    if (specific !== undefined && "permissionDecision" in specific && decision !== "allow" && decision !== "deny" && decision !== "ask") {
      out.push(lint("fails-open", `Qwen Code: permissionDecision ${JSON.stringify(decision)} is no decision, yet it replaces an earlier hook's deny (the last hook with the key wins)`));
    }
    if (truthy(specific?.["updatedInput"])) out.push(lint("ignored-field", "Qwen Code: updatedInput is ignored; the tool runs with the model's input"));
    if (typeof specific?.["additionalContext"] === "string") out.push(lint("context-dropped", "Qwen Code: PreToolUse additionalContext is dropped; the model never sees it (use PostToolUse)"));
    if (output?.["continue"] === false) out.push(lint("continue-false-not-stop", "Qwen Code: continue:false only blocks this tool call (the model gets the stop reason) and the model is called again"));
    if (decision === "deny" || output?.["decision"] === "block" || answer.exit === 2) {
      out.push(lint("reason-verbatim", "Qwen Code: the model gets the reason verbatim, without Claude Code's `PreToolUse:<tool> hook error:` prefix; no reason: `No reason provided`"));
    }
  }
  if ((event === "PostToolUse" || event === "PostToolUseFailure") && (output?.["decision"] === "block" || answer.exit === 2)) {
    out.push(lint("fails-open", `Qwen Code: a block (decision:"block" or exit 2) on ${event} is dropped without a trace; continue:false replaces the tool result instead`));
  }
  if (event === "Stop" && output?.["continue"] === false) out.push(lint("continue-false-continues", "Qwen Code: continue:false on Stop is a block: the stop reason is sent as a user message and the model answers again"));
  if (event === "SessionStart" && answer.exit === 2) out.push(lint("exit2-ignored", "Qwen Code: exit 2 has no effect on SessionStart"));
  if (output !== undefined && typeof output["systemMessage"] === "string" && output["systemMessage"] !== "" && answer.exit !== 1) {
    out.push(lint("system-message-hidden", "Qwen Code: systemMessage never reaches the model and headless Qwen shows it nowhere (it is only logged)"));
  }
  if (QWEN_CODE_EVENTS[event].merge === "no-effect") out.push(lint("not-driven", `Qwen Code: what ${event} does with an answer was not measured`));
  return out;
}

/** How `doctor` finds it and reads its version (`qwen --version` prints `0.24.4`), and how its recordings are made again. */
const qwenCodeProbe: AgentProbe = {
  commands: ["qwen"],
  knownLocations: [],
  versionArgs: ["--version"],
  versionPattern: /^(\d+\.\d+\.\d+)\s*$/m,
  recordings: [
    { scenarios: "test/observer/qwen-code/scenarios", observed: "test/observer/qwen-code/observed", rerecord: "node /tmp/qwen-obs/run-scenario.mjs --qwen <bin> --all --jobs 2 --scenarios test/observer/qwen-code/scenarios --check test/observer/qwen-code/observed" },
    // hooks on a subagent's tool calls (issue 25), recorded by the lab
    { scenarios: "test/observer/qwen-code/subagents/scenarios", observed: "test/observer/qwen-code/subagents/observed", rerecord: "npm run record -- --agent qwen-code --scenarios 'subagents/scenarios/*' --check --jobs 1" },
  ],
  extractVectors: "npx tsx scripts/extract-qwen-code-vectors.ts",
};

export const qwenCode: Dialect = {
  agent: "qwen-code",
  displayName: "Qwen Code",
  version: "0.24.4",
  probe: qwenCodeProbe,
  events: QWEN_CODE_EVENT_NAMES.map((name) => ({
    name,
    canonical: QWEN_CODE_EVENTS[name].canonical,
    matchField: QWEN_CODE_EVENTS[name].matchField,
    summary: QWEN_CODE_EVENTS[name].summary,
  })),
  requestExtensions: REQUEST_EXTENSIONS,
  mergeRequest,
  divergences,
  readIntent: readQwenCodeIntent,
  writeIntent: writeQwenCodeIntent,
  runner: qwenCodeRunner,
};
