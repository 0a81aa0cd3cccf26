/**
 * Recorded Qwen Code 0.24.4 runs -> language-neutral merge vectors.
 *
 *   tsx scripts/extract-qwen-code-vectors.ts [--check]
 *
 * Reads test/observer/qwen-code/observed/*.json and subagents/observed/*.json (with scenarios/ beside each)
 * and writes test/vectors/merge/qwen-code/<Event>/<rule>.json:
 * {description, scenario, source, request, expected: {effects}, skip_reason?, notes?}.
 *
 * The request is what the hooks did: each hook that ran (the recording's
 * invocation count) with the answer its script gave on its first run (the
 * scenario's stdout/stderr/exit, verbatim), in configuration order as Qwen
 * read the settings the recording wrote (project, user, system, each as
 * listed: `config_index`), ordered by the recorded end times (a killed hook
 * completes at its timeout). The expected effects are read from what Qwen
 * did (whether the tool ran, the tool message the model got, the messages
 * and system blocks added to later requests, whether a request followed),
 * never from our merge. `--check` writes nothing and exits 1 if a vector would change.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { syncVectorFiles, type RecordedMergeVector as Vector } from "./lib/merge-vector-files.js";
import { qwenTimeoutPastTimerLimit } from "../src/qwen-code/timeout.js";
import { shortDescription } from "./lib/observations.js";

type Json = null | boolean | number | string | Json[] | { [k: string]: Json };
type Obj = { [k: string]: Json };

interface Part {
  base64?: string;
  text?: string;
  repeat?: string;
  times?: number;
}
interface Answer {
  stdout?: string;
  stderr?: string;
  exit?: number;
  stdout_parts?: Part[];
  stderr_parts?: Part[];
}
interface ScenarioHook extends Answer {
  command?: string;
  event?: string;
  delay_ms?: number;
  timeout?: number;
  source?: string;
  sequential?: boolean;
  answers?: Answer[];
  matcher?: string | null;
}
interface Scenario {
  name: string;
  description?: string;
  event?: string;
  prompt?: string;
  tool?: string;
  tool_call?: boolean;
  tool_input?: Obj;
  hooks?: ScenarioHook[];
  model_turns?: Json[];
}
interface HookLog {
  index: number;
  event: string;
  command: string;
  invocations: number;
  start_ms: number[];
  end_ms: number[];
  stdin_first?: Json;
}
interface Recording {
  name: string;
  scenario: Scenario;
  settings: Record<string, Obj>;
  hooks: HookLog[];
  model_requests?: { reply?: { tool_call?: { name?: string }; tool_calls?: { function?: { name?: string } }[] } }[];
  outcome: {
    tool_ran?: boolean | null;
    marker_lines?: string[];
    tool_messages: string[];
    context_added: string[][];
    system_context?: string[][] | null;
    model_requests: number;
    stderr: string[];
    result?: { subtype?: string };
  };
}

/**
 * The recorded sets. subagents/ (issue 25): the main agent calls `agent` (general-purpose, run_in_background:false),
 * the subagent's first request answers with the tool call the hooks see; the request after that call is the
 * subagent's next one, not request 1.
 */
const SETS = [{ dir: "test/observer/qwen-code", subagents: false }, { dir: "test/observer/qwen-code/subagents", subagents: true }] as const;
const OUT = "test/vectors/merge/qwen-code";
/** What a custom-command hook (the kit's example) printed, captured by its wrapper: `<scenario>.h<k>.stdout` (the observer logs no custom command). */
const CAPTURED = "test/observer/qwen-code/kit";
const SOURCES = ["project", "user", "system"] as const;
const TOOL_EVENTS = new Set(["PreToolUse", "PostToolUse", "PostToolUseFailure"]);
/** The observer's default tool call (run-scenario.mjs). */
const OBSERVER_TOOL_INPUT: Obj = { command: "echo original >> {{MARKER}}; echo tool-output-original; sleep 0.3", description: "oracle tool call" };
const STD_REMINDER = "<system-reminder:std/>";
/** Qwen's compaction request: its summarizer prompt, and where a PreCompact hook's context goes in it (cap-precompact-context). */
const SUMMARIZER_PROMPT = "You are the component that summarizes a conversation";
const ADDITIONAL_INSTRUCTIONS = "\n\nAdditional Instructions:\n";
const SUMMARIZER_END = "\n\nDo not call tools;";
/** What Qwen puts after a summary in the next request, as the model's (cap-postcompact-*). */
const COMPACTION_ACK = "Got it. Thanks for the additional context!";

const isObj = (v: Json | undefined): v is Obj => typeof v === "object" && v !== null && !Array.isArray(v);
/** Context lines are `<role>: <text>`. */
const textOf = (line: string): string => line.replace(/^(user|system|assistant|tool): /, "");
/** The observer's placeholders, as the recording normalises the run dir (`$TMP`). */
const VARS: Record<string, string> = { MARKER: "$TMP/work/oracle-marker.txt", WORK: "$TMP/work", DIR: "$TMP", HOOKS: "$TMP/hooks", HOME: "$TMP/home" };
const subst = (text: string): string => text.replace(/\{\{(\w+)\}\}/g, (all, name: string) => VARS[name] ?? all);

function bytesOf(text: string | undefined, parts: Part[] | undefined): string {
  if (parts === undefined) return subst(text ?? "");
  const buffer = Buffer.concat(parts.map((p) => (p.base64 !== undefined ? Buffer.from(p.base64, "base64") : p.repeat !== undefined ? Buffer.from(p.repeat.repeat(p.times ?? 1)) : Buffer.from(subst(p.text ?? "")))));
  return buffer.toString("utf8");
}

/** The captured answer of custom-command hook `k`, or null. */
function captured(scenario: string, k: number): { stdout: string; stderr: string; exit: number } | null {
  const file = join(CAPTURED, `${scenario}.h${k}.stdout`);
  return existsSync(file) ? { stdout: readFileSync(file, "utf8"), stderr: "", exit: 0 } : null;
}

/** What the hook's script answered on its first run (run-scenario.mjs: `answers[0]`, else the hook's own fields). */
function firstAnswer(hook: ScenarioHook): { stdout: string; stderr: string; exit: number } {
  const answer: Answer = hook.answers !== undefined ? hook.answers[0] ?? {} : hook;
  return { stdout: bytesOf(answer.stdout, answer.stdout_parts), stderr: bytesOf(answer.stderr, answer.stderr_parts), exit: answer.exit ?? 0 };
}

/** A hook that prints nothing or `{}` and exits 0 only observes (its stdin is recorded). */
const acts = (a: { stdout: string; stderr: string; exit: number }): boolean => !["", "{}"].includes(a.stdout.trim()) || a.stderr !== "" || a.exit !== 0;

/** The hooks of `event` in Qwen's configuration order, from the settings the recording wrote: hook index per position. */
function configOrder(rec: Recording, event: string): number[] {
  const order: number[] = [];
  for (const source of SOURCES) {
    const groups = isObj(rec.settings[source]) && isObj(rec.settings[source]!["hooks"]) ? (rec.settings[source]!["hooks"] as Obj)[event] : undefined;
    if (!Array.isArray(groups)) continue;
    for (const group of groups) {
      if (!isObj(group) || !Array.isArray(group["hooks"])) continue;
      for (const handler of group["hooks"]) {
        if (!isObj(handler)) continue;
        const index = rec.hooks.findIndex((h) => h.command === handler["command"] && h.event === event);
        if (index >= 0 && !order.includes(index)) order.push(index);
      }
    }
  }
  return order;
}

function sourceOf(rec: Recording, index: number, event: string): string {
  for (const source of SOURCES) {
    const text = JSON.stringify((rec.settings[source]?.["hooks"] as Obj | undefined)?.[event] ?? null);
    if (text.includes(JSON.stringify(rec.hooks[index]!.command))) return source;
  }
  return "user";
}

/** The stdin a custom-command hook's wrapper captured (a run where no scripted hook logged one). */
function capturedStdin(scenario: string, ran: number[]): Obj | undefined {
  for (const k of ran) {
    const file = join(CAPTURED, `${scenario}.h${k}.stdin`);
    if (existsSync(file)) return JSON.parse(readFileSync(file, "utf8")) as Obj;
  }
  return undefined;
}


function requestOf(rec: Recording, scenario: Scenario, event: string, ran: number[], answerOf: (i: number) => { stdout: string; stderr: string; exit: number }): Obj {
  const stdin = rec.hooks.map((h) => h.stdin_first).find((s): s is Obj => isObj(s) && s["hook_event_name"] === event) ?? capturedStdin(rec.name, ran);
  const input: Obj = { ...(stdin ?? { hook_event_name: event }) };
  const request: Obj = { event };
  for (const key of ["tool_name", "tool_input"] as const) {
    if (input[key] !== undefined) {
      request[key] = input[key]!;
      delete input[key];
    }
  }
  // No hook of the event ran: the call is the scenario's (the observer's default tool is the shell).
  if (request["tool_name"] === undefined && TOOL_EVENTS.has(event)) request["tool_name"] = scenario.tool ?? "run_shell_command";
  if (request["tool_input"] === undefined && TOOL_EVENTS.has(event)) {
    request["tool_input"] = JSON.parse(subst(JSON.stringify(scenario.tool_input ?? OBSERVER_TOOL_INPUT))) as Json;
  }
  request["input"] = input;
  const order = configOrder(rec, event);
  const hooks = ran.map((index) => {
    const log = rec.hooks[index]!;
    const configured = scenario.hooks![index]!;
    const timeout = configured.timeout ?? 60;
    const started = log.start_ms[0];
    const ended = log.end_ms[0];
    const timedOut = started !== undefined && ended === undefined;
    const answer = answerOf(index);
    const hook: Obj = {
      command: log.command,
      exit: timedOut ? null : answer.exit,
      stdout: timedOut ? "" : answer.stdout,
      stderr: timedOut ? "" : answer.stderr,
      ...(timedOut ? { timed_out: true } : {}),
      source: sourceOf(rec, index, event),
      timeout,
      config_index: order.indexOf(index),
      ...(configured.sequential === true ? { sequential: true } : {}),
    };
    // Qwen reads a timeout of 1000 or more as milliseconds (to-03).
    const seconds = timeout >= 1000 ? timeout / 1000 : timeout;
    // a custom command logs no times: it keeps its configured place after the logged ones
    const completedAt = ended ?? (started !== undefined ? started + seconds * 1000 : Number.MAX_SAFE_INTEGER - 1000 + order.indexOf(index));
    return { hook, completedAt, position: order.indexOf(index) };
  });
  hooks.sort((a, b) => a.completedAt - b.completedAt || a.position - b.position);
  request["hooks"] = hooks.map((h) => h.hook);
  return request;
}

/**
 * In a subagents/ recording: the request whose reply made the call the hooks saw (a subagent's first request), or -1.
 * The reply as logged: the observer's `{tool_call: {name}}`, the lab's `{tool_calls: [{function: {name}}]}`.
 */
function callingRequest(rec: Recording, tool: Json | undefined): number {
  return (rec.model_requests ?? []).findIndex((r) => r.reply?.tool_call?.name === tool || (r.reply?.tool_calls ?? []).some((c) => c.function?.name === tool));
}

function vectorOf(rec: Recording, scenario: Scenario, source: string, subagents = false): Vector {
  const o = rec.outcome;
  const hooks = scenario.hooks ?? [];
  const answerOf = (i: number) => captured(rec.name, i) ?? firstAnswer(hooks[i]!);
  const ranIndices = rec.hooks.filter((h) => h.invocations > 0 || captured(rec.name, h.index) !== null).map((h) => h.index);
  const acting = new Set(ranIndices.filter((i) => acts(answerOf(i))).map((i) => rec.hooks[i]!.event));
  const event = acting.size === 1 ? [...acting][0]! : scenario.event ?? "PreToolUse";
  const vector: Vector = { description: shortDescription(scenario.description ?? ""), scenario: rec.name, source, request: { event, hooks: [] }, expected: { effects: {} } };
  // Past Node's timer limit Qwen's timer fires after 1 ms: whether the hook got to start is a race (test/hostile/config-numbers.test.ts replays them)
  if (hooks.some((h) => qwenTimeoutPastTimerLimit((h as { timeout?: unknown }).timeout) !== null)) {
    vector.skip_reason = "a timeout past Node's timer limit: Qwen Code's timer fires after 1 ms, and whether the hook started first is a race";
    return vector;
  }
  // Another event's hooks also answered: only a PreToolUse vector can still be read (its tool message), without the later request's context.
  const mixed = acting.size > 1;
  if (mixed && !(event === "PreToolUse" && acting.has(event))) {
    vector.skip_reason = `hooks of ${[...acting].join(" and ")} answered; a merge request covers one event`;
    return vector;
  }
  const ran = ranIndices.filter((i) => rec.hooks[i]!.event === event);
  const request = requestOf(rec, scenario, event, ran, answerOf);
  vector.request = request;
  const effects: Obj = {};
  const notes: string[] = [];
  vector.expected.effects = effects;
  const added = (n: number): string[] | undefined => (o.model_requests > n ? (o.context_added[n] ?? []).map(textOf) : undefined);
  // the request after the tool call: request 1, or in subagents/ the one after the request that made the call
  let afterCall = 1;
  if (subagents) {
    if (ran.some((i) => rec.hooks[i]!.invocations > 1)) {
      vector.skip_reason = "the hook ran for the agent call and for the subagent's call: a merge request covers one call";
      return vector;
    }
    const at = callingRequest(rec, request["tool_name"]);
    if (at < 0) {
      vector.skip_reason = "no recorded request made the call the hook saw";
      return vector;
    }
    afterCall = at + 1;
  }
  effects["notices"] = o.stderr;
  if (event === "PreToolUse") {
    const message = o.tool_messages[0];
    if (o.tool_ran === true) {
      Object.assign(effects, { blocked: false, tool_result: message === undefined || message.startsWith("Command: ") ? null : message });
      if ((o.marker_lines ?? []).every((line) => line === "original") && isObj(request["tool_input"])) effects["tool_input"] = request["tool_input"];
      else notes.push("the tool ran with another input than the model's: tool_input left out");
    } else if (message !== undefined) {
      Object.assign(effects, { blocked: true, tool_input: null, tool_result: message });
    } else {
      notes.push("no tool message was recorded: tool effects left out");
    }
    const later = added(afterCall);
    if (mixed) notes.push(`model_context left out: hooks of ${[...acting].filter((e) => e !== event).join(", ")} also answered`);
    else if (later !== undefined) effects["model_context"] = later;
    if (later !== undefined) effects["stopped"] = false;
    notes.push("decision left out: headless Qwen treats deny, ask and continue:false alike (the call is refused and the model gets the reason), and an allow runs the tool as no answer does");
  } else if (event === "PostToolUse" || event === "PostToolUseFailure") {
    const stdin = request["input"] as Obj;
    const own = event === "PostToolUse" ? (isObj(stdin["tool_response"]) ? stdin["tool_response"]["llmContent"] : undefined) : stdin["error"];
    const message = o.tool_messages[0];
    if (typeof own !== "string" || message === undefined) {
      vector.skip_reason = "the recording has no tool message or no result text in the hook's stdin";
      return vector;
    }
    if (isObj(request["tool_input"])) effects["tool_input"] = request["tool_input"];
    if (message === own) Object.assign(effects, { blocked: false, tool_result: null, model_context: [] });
    // the tool's own result with the hooks' text after it: the result is not rewritten, the text is context
    else if (message.startsWith(`${own}\n\n`)) Object.assign(effects, { blocked: false, tool_result: null, model_context: [message.slice(own.length + 2)] });
    else Object.assign(effects, { blocked: true, tool_result: message, model_context: [] });
    if (o.model_requests > 1) effects["stopped"] = false;
  } else if (event === "UserPromptSubmit") {
    if (o.model_requests === 0) {
      effects["blocked"] = true;
      notes.push("model_context left out: no request was made");
    } else {
      const prompt = scenario.prompt ?? "do it";
      let first = textOf(o.context_added[0]?.[0] ?? "");
      while (first.startsWith(STD_REMINDER)) first = first.slice(STD_REMINDER.length);
      if (!first.startsWith(prompt)) {
        vector.skip_reason = "the first user message does not start with the prompt";
        return vector;
      }
      const suffix = first.slice(prompt.length);
      Object.assign(effects, { blocked: false, stopped: false, model_context: suffix === "" ? [] : [suffix] });
      if (ran.some((i) => rec.hooks[i]!.invocations > 1)) notes.push("the hook ran again (empty prompt) before the continuation; the vector is its first run");
    }
  } else if (event === "SessionStart") {
    Object.assign(effects, { blocked: false, model_context: o.system_context?.[0] ?? [] });
    // the model was asked after the hook: the session went on
    if (o.model_requests > 0) effects["stopped"] = false;
  } else if (event === "Stop") {
    if (scenario.tool_call === true) {
      vector.skip_reason = "a Stop recording with a tool call: which request followed the Stop is not recorded";
      return vector;
    }
    const later = added(1);
    Object.assign(effects, { blocked: later !== undefined, model_context: later ?? [] });
    if (ran.some((i) => rec.hooks[i]!.invocations > 1)) notes.push("Stop ran again after the continuation; the vector is its first run");
  } else if (event === "SubagentStop") {
    const continuation = o.context_added.flat().map(textOf).find((t) => t.startsWith("[Message from parent agent]: "));
    Object.assign(effects, { blocked: continuation !== undefined, model_context: continuation === undefined ? [] : [continuation] });
    // the parent agent was asked again after its subagent: nothing stopped
    if (o.model_requests > 0 && o.result?.subtype === "success") effects["stopped"] = false;
  } else if (event === "UserPromptExpansion") {
    // the expanded prompt (the hook's stdin `prompt`) reaches the model with the hooks' context after a blank line, or,
    // blocked, no request is made and Qwen says why on stderr
    const expanded = (request["input"] as Obj)["prompt"];
    if (o.model_requests === 0) {
      effects["blocked"] = true;
      notes.push("stopped left out: headless, a blocked prompt ends the run as a stop would (exit 1, the result error says why)");
    }
    else {
      const first = textOf(o.context_added[0]?.[0] ?? "");
      const at = typeof expanded === "string" ? first.lastIndexOf(expanded) : -1;
      if (at < 0) {
        vector.skip_reason = "the first user message does not hold the expanded prompt";
        return vector;
      }
      const suffix = first.slice(at + (expanded as string).length);
      Object.assign(effects, { blocked: false, stopped: false, model_context: suffix === "" ? [] : [suffix.replace(/^\n\n/, "")] });
    }
  } else if (event === "SubagentStart" || event === "InstructionsLoaded") {
    // what the model got beside the scripted conversation: the system blocks and messages every request added
    if (o.model_requests === 0 || o.result?.subtype !== "success") {
      vector.skip_reason = `the run did not go on after ${event}`;
      return vector;
    }
    const prompt = scenario.prompt ?? "do it";
    const extra = o.context_added.flat().map(textOf).map((t) => t.split(STD_REMINDER).join("")).filter((t) => t !== prompt && !(scenario.model_turns ?? []).some((turn) => isObj(turn) && isObj(turn["tool_call"]) && isObj(turn["tool_call"]["args"]) && turn["tool_call"]["args"]["prompt"] === t) && !t.startsWith("<task-notification>"));
    Object.assign(effects, { blocked: false, stopped: false, model_context: [...(o.system_context ?? []).flat(), ...extra] });
  } else if (event === "PreCompact" && ran.length > 0) {
    // `/compress` asks the model for a summary (Qwen's summarizer prompt); a hook's context goes into that prompt's
    // "Additional Instructions" section, and a block would leave the request out
    const at = o.context_added.findIndex((lines) => lines.some((l) => textOf(l).startsWith(SUMMARIZER_PROMPT)));
    if (at < 0) effects["blocked"] = true;
    else {
      const prompt = textOf(o.context_added[at]!.find((l) => textOf(l).startsWith(SUMMARIZER_PROMPT))!);
      const open = prompt.indexOf(ADDITIONAL_INSTRUCTIONS);
      const close = open < 0 ? -1 : prompt.indexOf(SUMMARIZER_END, open);
      Object.assign(effects, { blocked: false, model_context: open < 0 || close < 0 ? [] : [prompt.slice(open + ADDITIONAL_INSTRUCTIONS.length, close)] });
      // the session went on after the summary (the next prompt was answered)
      if (o.model_requests > at + 1) effects["stopped"] = false;
    }
  } else if (event === "PostCompact" && ran.length > 0) {
    // after the summary request, the next prompt's request: the summary, Qwen's acknowledgement and the prompt; a hook's
    // context would be a text beside them
    const at = o.context_added.findIndex((lines) => lines.some((l) => textOf(l).startsWith(SUMMARIZER_PROMPT)));
    const next = at < 0 ? undefined : o.context_added[at + 1];
    if (next === undefined) {
      vector.skip_reason = "no request followed the summary";
      return vector;
    }
    const own = (t: string): boolean => { const bare = t.split(STD_REMINDER).join(""); return bare.startsWith("<state_snapshot>") || bare === COMPACTION_ACK || bare === (scenario.prompt ?? "do it"); };
    Object.assign(effects, { blocked: false, stopped: false, model_context: next.map(textOf).filter((t) => !own(t)) });
  } else if (event === "StopFailure" && ran.length > 0) {
    // Qwen's loop guard ended the turn (headless fires StopFailure for nothing else) and does not wait for the hooks:
    // no request follows, so only what the hooks changed in the run's end could show
    Object.assign(effects, { model_context: [] });
    notes.push("blocked and stopped left out: the loop guard ends the turn whatever the hooks say (exit 1, the same result as without them)");
  } else if ((event === "PostToolBatch" || event === "Notification") && ran.length > 0 && scenario.tool_call === true && o.tool_ran === true) {
    // around one tool call: whatever the hook said, did the model get anything more, or not get asked again?
    const later = added(1);
    if (later !== undefined) Object.assign(effects, { blocked: false, stopped: false, model_context: later });
    else notes.push("blocked and stopped left out: no request followed the tool call, which a block and a stop would both show");
  } else {
    vector.skip_reason = ran.length === 0 ? `no ${event} hook ran in this recording` : `no reading rule for a recorded ${event} run`;
    return vector;
  }
  if (ran.length === 0) notes.push("no hook of the event ran (matcher, source, disableAllHooks): the request has no hooks");
  if (notes.length > 0) vector.notes = notes;
  return vector;
}

/** The rule a scenario shows, from its name without its family and number (`pair-02-deny-then-allow` -> `deny-then-allow`). */
export function ruleName(scenario: string): string {
  return scenario.replace(/^[a-z]+-\d{2}[a-z]?-/, "");
}

function main(): number {
  const check = process.argv.includes("--check");
  const targets = new Map<string, string>();
  for (const set of SETS) for (const file of readdirSync(join(set.dir, "observed")).filter((f) => f.endsWith(".json")).sort()) {
    const rec = JSON.parse(readFileSync(join(set.dir, "observed", file), "utf8")) as Recording;
    const scenario = JSON.parse(readFileSync(join(set.dir, "scenarios", file), "utf8")) as Scenario;
    const vector = vectorOf(rec, scenario, `${set.dir}/observed/${file}`, set.subagents);
    const event = String(vector.request["event"]);
    let target = join(OUT, event, `${ruleName(rec.name)}.json`);
    for (let n = 2; targets.has(target); n++) target = join(OUT, event, `${ruleName(rec.name)}-${n}.json`);
    targets.set(target, JSON.stringify(vector, null, 2) + "\n");
  }
  const changed = syncVectorFiles("extract-qwen-code-vectors", OUT, targets, check);
  return check && changed > 0 ? 1 : 0;
}

process.exit(main());
