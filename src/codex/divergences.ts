/**
 * Lints for one hook answer under Codex CLI 0.171.0: where Codex reads it
 * differently from what an author who wrote it for Claude Code expects.
 * Security-relevant first: a deny that Codex drops (the tool runs).
 */
import type { Divergence, HookAnswer } from "../core/dialect.js";
import { isJsonObject, toNullPrototype, type JsonObject, type JsonValue } from "../json/value.js";
import { classifyCodexRun } from "./classify.js";
import { CODEX_EVENTS, isCodexEvent } from "./events.js";
import { readStdout, rustTrim } from "./read-output.js";
import * as texts from "./texts.js";

const PREFIX = "Codex: ";
const lint = (code: string, message: string): Divergence => ({ code, message: PREFIX + message });

const objectAt = (value: JsonValue | undefined): JsonObject | null => (isJsonObject(value) ? value : null);

/** The answer means to block or deny (as Claude Code would read its JSON). */
function meansToBlock(json: JsonObject | null): boolean {
  if (json === null) return false;
  const hso = objectAt(json["hookSpecificOutput"]);
  return json["decision"] === "block" || hso?.["permissionDecision"] === "deny" || objectAt(hso?.["decision"])?.["behavior"] === "deny";
}

/** The answer as a lenient reader takes it: BOM and surrounding space dropped, else its first line (what an author meant). */
function parsedLoosely(stdout: string): JsonObject | null {
  const text = stdout.replace(/^\uFEFF/, "").trim();
  for (const candidate of [text, text.split("\n")[0]!]) {
    try {
      return objectAt(toNullPrototype(JSON.parse(candidate)));
    } catch {
      // try the next reading
    }
  }
  return null;
}

export function codexDivergences(answer: HookAnswer): readonly Divergence[] {
  if (!isCodexEvent(answer.event)) return [lint("unknown-event", `${texts.noSuchEvent(answer.event)}; the hook never runs`)];
  const event = answer.event;
  const rules = CODEX_EVENTS[event];
  const callId = typeof answer.input?.["tool_use_id"] === "string" ? answer.input["tool_use_id"] : null;
  const run = classifyCodexRun({ command: "hook", exit: answer.exit, stdout: answer.stdout, stderr: answer.stderr }, { event, rules, callId, completion: 0, configIndex: 0 });
  const out: Divergence[] = [];
  const loose = parsedLoosely(answer.stdout);
  // Claude Code applies a JSON block on any exit code, and exit 2 blocks there with or without stderr.
  const wantsBlock = (answer.exit === 2 && rules.exit2.kind === "block") || meansToBlock(loose);
  const error = run.status === "failed" ? run.verdict?.error ?? null : null;

  if (wantsBlock && run.status !== "blocked" && run.status !== "stopped") {
    let why: string;
    if (error === texts.DENY_WITHOUT_REASON) why = "a deny needs a non-empty permissionDecisionReason";
    else if (error === texts.blockWithoutReason(event)) why = "a block needs a non-empty reason";
    else if (answer.exit === 2) why = "exit 2 needs a reason on stderr";
    else if (answer.exit !== 0) why = `JSON is read only on exit 0 (this hook exits ${answer.exit ?? "without a status"})`;
    else if (answer.stdout.trimStart().startsWith("\uFEFF")) why = "a byte-order mark makes the output plain text, which is ignored";
    else if (error !== null && error.startsWith("hook returned invalid")) why = `the whole output is dropped: ${describeInvalid(answer.stdout, rules)}`;
    else if (error !== null) why = `the output is refused: ${error}`;
    else why = "the answer does not block here";
    out.push(lint("fails-open", `fails open: ${why}`));
  } else if (error !== null && error.startsWith("hook returned invalid")) {
    out.push(lint("invalid-output", `the whole output is dropped (${describeInvalid(answer.stdout, rules)}): ${error}`));
  } else if (error !== null && error.includes("unsupported")) {
    out.push(lint("unsupported", `${error}: the hook run fails and the rest of its output (context included) is dropped; the action goes on`));
  } else if (error !== null && !wantsBlock && answer.exit === 0) {
    out.push(lint("refused", `${error}`));
  }
  const json = loose;
  const hso = objectAt(json?.["hookSpecificOutput"]);
  if (run.status !== "failed" && hso !== null && typeof hso["hookEventName"] === "string" && hso["hookEventName"] !== event) {
    out.push(lint("wrong-event-accepted", `accepts hookEventName "${hso["hookEventName"]}" on ${event} and applies the output (Claude Code rejects it)`));
  }
  if (event === "PostToolUse" && run.verdict?.replacement != null && run.status !== "failed") {
    out.push(lint("replaces-output", "a PostToolUse block or continue:false replaces the tool output the model gets with the reason (Claude Code keeps the output)"));
  }
  if (event === "PermissionRequest" && run.status === "blocked" && answer.exit === 2) {
    out.push(lint("exit2-denies", "exit 2 with stderr denies the permission request (Claude Code does not honour exit 2 here)"));
  }
  if (event === "UserPromptSubmit" && (run.status === "blocked" || run.status === "stopped")) {
    out.push(lint("silent-block", "the prompt never reaches the model and the turn ends with no message; other hooks' context is dropped"));
  }
  if (event === "Stop" && run.status === "blocked") {
    out.push(lint("no-loop-cap", "a Stop block continues the turn with no cap on repeats (Claude Code stops after 9)"));
  }
  if (event === "PreToolUse" && run.status === "failed" && rustTrim(answer.stdout) !== "" && json !== null && json["continue"] === false) {
    out.push(lint("continue-ignored", "continue:false on PreToolUse is refused: the tool runs and the turn goes on"));
  }
  return out;
}

/** The first reason the strict schema refuses the output, in words. */
function describeInvalid(stdout: string, rules: (typeof CODEX_EVENTS)[keyof typeof CODEX_EVENTS]): string {
  const reading = readStdout(stdout, rules);
  if (reading.problem === null) return "not a JSON object";
  if (reading.problem.code === "json-parse") return `not JSON serde_json accepts (${reading.problem.detail})`;
  return `${reading.problem.path ?? "(root)"}: ${reading.problem.detail}`;
}
