/**
 * Recorded Kimi Code CLI 2.1.0 runs -> language-neutral merge vectors.
 *
 *   tsx scripts/extract-kimi-code-vectors.ts [--check] [--observed DIR --out DIR]
 *
 * `--observed test/observer/kimi-code/held-out/observed --out DIR` makes the
 * vectors of another recording set (the held-out one: scenarios/ beside it)
 * into DIR, for checking the merge against recordings it was not written from.
 *
 * Reads test/observer/kimi-code/observed/*.json (the lab's recordings, with
 * scenarios/ beside them) and writes test/vectors/merge/kimi-code/<Event>/<rule>.json:
 * {description, scenario, source, request, expected: {effects}, skip_reason?, notes?}.
 *
 * The request is what the hooks did: each hook that ran (the recording's
 * invocation count) with the answer its script gave on its first run (the
 * scenario's stdout/stderr/exit, verbatim), `config_index` its place among
 * the recording's `[[hooks]]` tables of the event, ordered by the recorded
 * end times (a hook killed at its timeout, or one Kimi did not wait for, has
 * none: it completes at its timeout). The expected effects are read from
 * what Kimi did (whether the tool ran and with which input, the tool message
 * the model got, the messages added to later requests, whether a request
 * followed, what print mode showed), never from our merge. `--check` writes
 * nothing and exits 1 if a vector would change.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { syncVectorFiles, type RecordedMergeVector as Vector } from "./lib/merge-vector-files.js";

type Json = null | boolean | number | string | Json[] | { [k: string]: Json };
type Obj = { [k: string]: Json };

interface Part { base64?: string; text?: string; repeat?: string; times?: number }
interface Answer { stdout?: string; stderr?: string; exit?: number; stdout_parts?: Part[]; stderr_parts?: Part[] }
interface ScenarioHook extends Answer { command?: string; event?: string; delay_ms?: number; timeout?: unknown; matcher?: unknown; answers?: Answer[]; same_command_as?: number; hook_extra?: Obj }
interface Turn { tool_call?: unknown; tool_calls?: unknown[] }
interface Scenario { name: string; description?: string; event?: string; prompt?: string; tool?: string; tool_call?: boolean; model_turns?: Turn[]; config_extra?: string; hooks?: ScenarioHook[] }
interface HookLog { index: number; event: string; command: string; invocations: number; start_ms: number[]; end_ms: number[]; stdin_first?: Json }
interface Recording {
  name: string;
  scenario: Scenario;
  config_toml: string;
  hooks: HookLog[];
  outcome: {
    exit_code: number | null;
    tool_ran?: boolean;
    marker_lines?: string[];
    tool_result?: string | null;
    context_added: string[][];
    model_requests: number;
    output: string[];
    stderr: string[];
  };
}

const option = (name: string): string | undefined => {
  const at = process.argv.indexOf(name);
  return at < 0 ? undefined : process.argv[at + 1];
};
const OBSERVED = option("--observed") ?? "test/observer/kimi-code/observed";
const SCENARIOS = join(OBSERVED, "..", "scenarios");
const OUT = option("--out") ?? "test/vectors/merge/kimi-code";
const TOOL_EVENTS = new Set(["PreToolUse", "PostToolUse", "PostToolUseFailure"]);
/** The lab's default tool call (lab/agents/kimi-code.ts). */
const LAB_TOOL_INPUT: Obj = { command: "echo original >> {{MARKER}}; echo tool-output-original", description: "oracle tool call" };
/** The lab's timeout of a table that names none (lab/agents/kimi-code.ts). */
const LAB_TIMEOUT = 10;
/** Kimi's shell tool puts its run time first; the lab normalises the number (lab/README.md). */
const WALL_TIME = /^Wall time: <n> seconds\n/;
/** What print mode shows of a hook's text: an assistant line `<Event> hook[ blocked]\n\n<text>`. */
const HOOK_NOTICE = /^[A-Za-z]+ hook( blocked)?\n\n/;

const isObj = (v: Json | undefined): v is Obj => typeof v === "object" && v !== null && !Array.isArray(v);
const textOf = (line: string): string => line.replace(/^(user|system|assistant|tool): /, "");
const VARS: Record<string, string> = { MARKER: "$TMP/work/oracle-marker.txt", WORK: "$TMP/work", DIR: "$TMP", HOOKS: "$TMP/hooks", HOME: "$TMP/home" };
const subst = (text: string): string => text.replace(/\{\{(\w+)\}\}/g, (all, name: string) => VARS[name] ?? all);

function bytesOf(text: string | undefined, parts: Part[] | undefined): string {
  if (parts === undefined) return subst(text ?? "");
  return Buffer.concat(parts.map((p) => (p.base64 !== undefined ? Buffer.from(p.base64, "base64") : p.repeat !== undefined ? Buffer.from(p.repeat.repeat(p.times ?? 1)) : Buffer.from(subst(p.text ?? ""))))).toString("utf8");
}

function firstAnswer(hook: ScenarioHook): { stdout: string; stderr: string; exit: number } {
  const answer: Answer = hook.answers !== undefined ? hook.answers[0] ?? {} : hook;
  return { stdout: bytesOf(answer.stdout, answer.stdout_parts), stderr: bytesOf(answer.stderr, answer.stderr_parts), exit: answer.exit ?? 0 };
}

const acts = (a: { stdout: string; stderr: string; exit: number }): boolean => !["", "{}"].includes(a.stdout.trim()) || a.stderr !== "" || a.exit !== 0;

/** What print mode showed of the hooks: its hook lines, and its own error lines (`error: ...`; the `See log:` line names the run's directory). */
function notices(rec: Recording): string[] {
  const shown = rec.outcome.output.flatMap((line) => {
    try {
      const event = JSON.parse(line) as Obj;
      return event["role"] === "assistant" && typeof event["content"] === "string" && HOOK_NOTICE.test(event["content"]) ? [event["content"]] : [];
    } catch {
      return [];
    }
  });
  return [...shown, ...rec.outcome.stderr.filter((line) => line.startsWith("error: "))];
}

function requestOf(rec: Recording, scenario: Scenario, event: string, ran: number[]): Obj {
  const stdin = rec.hooks.map((h) => h.stdin_first).find((s): s is Obj => isObj(s) && s["hook_event_name"] === event);
  const input: Obj = { ...(stdin ?? { hook_event_name: event }) };
  const request: Obj = { event };
  for (const key of ["tool_name", "tool_input"] as const) {
    if (input[key] !== undefined) {
      request[key] = input[key]!;
      delete input[key];
    }
  }
  if (request["tool_name"] === undefined && TOOL_EVENTS.has(event)) request["tool_name"] = scenario.tool ?? "Bash";
  if (request["tool_input"] === undefined && TOOL_EVENTS.has(event)) request["tool_input"] = JSON.parse(subst(JSON.stringify(LAB_TOOL_INPUT))) as Json;
  request["input"] = input;
  // the event's tables in file order (the lab writes one table per scenario hook, in order)
  const order = rec.hooks.filter((h) => h.event === event).map((h) => h.index);
  const hooks = ran.map((index) => {
    const log = rec.hooks[index]!;
    const configured = scenario.hooks![index]!;
    const timeout = typeof configured.timeout === "number" ? configured.timeout : LAB_TIMEOUT;
    const started = log.start_ms[0];
    const ended = log.end_ms[0];
    const answer = firstAnswer(configured);
    // no end time: killed at its timeout, or not waited for (then its answer is what it printed: Kimi reads none of it anyway)
    const timedOut = started !== undefined && ended === undefined && (configured.delay_ms ?? 0) >= timeout * 1000;
    const hook: Obj = {
      command: log.command,
      exit: timedOut ? null : answer.exit,
      stdout: timedOut ? "" : answer.stdout,
      stderr: timedOut ? "" : answer.stderr,
      ...(timedOut ? { timed_out: true } : {}),
      timeout,
      config_index: order.indexOf(index),
      ...(typeof configured.matcher === "string" ? { matcher: configured.matcher } : {}),
    };
    const completedAt = ended ?? (started !== undefined ? started + Math.min(timeout * 1000, configured.delay_ms ?? 0) : Number.MAX_SAFE_INTEGER);
    return { hook, completedAt, position: order.indexOf(index) };
  });
  hooks.sort((a, b) => a.completedAt - b.completedAt || a.position - b.position);
  request["hooks"] = hooks.map((h) => h.hook);
  return request;
}

function vectorOf(rec: Recording, scenario: Scenario, source: string): Vector {
  const o = rec.outcome;
  const hooks = scenario.hooks ?? [];
  const ranIndices = rec.hooks.filter((h) => h.invocations > 0).map((h) => h.index);
  const acting = new Set(ranIndices.filter((i) => acts(firstAnswer(hooks[i]!))).map((i) => rec.hooks[i]!.event));
  const event = acting.size === 1 ? [...acting][0]! : scenario.event ?? "PreToolUse";
  const vector: Vector = { description: scenario.description ?? "", scenario: rec.name, source, request: { event, hooks: [] }, expected: { effects: {} } };
  if (acting.size > 1) {
    vector.skip_reason = `hooks of ${[...acting].join(" and ")} answered; a merge request covers one event`;
    return vector;
  }
  if (ranIndices.length === 0 && hooks.length > 0) {
    vector.skip_reason = "no hook ran: Kimi refused the configuration or matched none (a runner matter, not a merge)";
    return vector;
  }
  const calls = (scenario.model_turns ?? []).flatMap((turn) => turn.tool_calls ?? (turn.tool_call !== undefined ? [turn.tool_call] : []));
  if (TOOL_EVENTS.has(event) && calls.length > 1) {
    vector.skip_reason = "several tool calls: the recording's tool_ran and marker cover them all, a merge request is one call";
    return vector;
  }
  const ran = ranIndices.filter((i) => rec.hooks[i]!.event === event);
  const request = requestOf(rec, scenario, event, ran);
  vector.request = request;
  const effects: Obj = {};
  const notes: string[] = [];
  vector.expected.effects = effects;
  const added = (n: number): string[] | undefined => (o.model_requests > n ? (o.context_added[n] ?? []).map(textOf) : undefined);
  effects["notices"] = notices(rec);
  notes.push("notices: print mode's hook lines and its own `error:` lines (its `See log:` line names the run's directory)");
  if (event === "PreToolUse") {
    const message = (o.tool_result ?? undefined)?.replace(WALL_TIME, "");
    if (o.tool_ran === true) {
      Object.assign(effects, { blocked: false, tool_result: null });
      if ((o.marker_lines ?? []).every((line) => line === "original") && isObj(request["tool_input"])) effects["tool_input"] = request["tool_input"];
      else notes.push("the tool ran with another input than the model's: tool_input left out");
    } else if (message !== undefined) {
      Object.assign(effects, { blocked: true, tool_input: null, tool_result: message });
      notes.push("tool_result: the tool message without Kimi's `Wall time: <n> seconds` line");
    } else notes.push("no tool message was recorded: tool effects left out");
    const later = added(1);
    // a request that starts with its own system message is a subagent's (an Agent tool call), not the next of this turn
    if (later !== undefined && (o.context_added[1] ?? []).some((line) => line.startsWith("system: "))) notes.push("model_context left out: the next request is a subagent's");
    else if (later !== undefined) effects["model_context"] = later;
    notes.push("decision left out: a deny and an exit 2 do the same (the call is refused, the model gets the reason), and an allow runs the tool as no answer does");
  } else if (event === "PostToolUse" || event === "PostToolUseFailure") {
    const stdin = request["input"] as Obj;
    const own = stdin["tool_output"];
    const message = (o.tool_result ?? undefined)?.replace(WALL_TIME, "");
    if (typeof own !== "string" || message === undefined) {
      vector.skip_reason = "the recording has no tool message or no tool_output in the hook's stdin";
      return vector;
    }
    if (isObj(request["tool_input"])) effects["tool_input"] = request["tool_input"];
    // the model's text is the tool's own when the hook's copy begins it: Kimi cuts the copy at 2000 characters and adds framing of its own to some tools' text (Read)
    Object.assign(effects, message.startsWith(own) ? { blocked: false, tool_result: null } : { tool_result: message });
    if (message !== own && message.startsWith(own)) notes.push("the model's text is longer than the hook's tool_output (cut at 2000 characters, or Kimi's framing): the tool's own result");
    const later = added(1);
    if (later !== undefined) effects["model_context"] = later;
  } else if (event === "UserPromptSubmit") {
    if (o.model_requests === 0) {
      effects["blocked"] = true;
      notes.push("model_context left out: no request was made");
    } else Object.assign(effects, { blocked: false, model_context: added(0) ?? [] });
  } else if (event === "SessionStart") {
    Object.assign(effects, { blocked: false, model_context: added(0) ?? [] });
  } else if (event === "Stop") {
    if (scenario.tool_call === true || scenario.model_turns !== undefined) {
      vector.skip_reason = "a Stop recording with scripted turns: which request followed the Stop is not recorded";
      return vector;
    }
    const later = added(1);
    Object.assign(effects, { blocked: later !== undefined, model_context: later ?? [] });
  } else {
    vector.skip_reason = ran.length === 0 ? `no ${event} hook ran in this recording` : `no reading rule for a recorded ${event} run`;
    return vector;
  }
  if (ran.length === 0) notes.push("no hook of the event ran: the request has no hooks");
  vector.notes = notes;
  return vector;
}

/** The rule a scenario shows: its name without its family and number (`km-pre-02-deny-json` -> `deny-json`). */
export function ruleName(scenario: string): string {
  return scenario.replace(/^km-[a-z]+-\d{2}[a-z]?-/, "");
}

function main(): number {
  const check = process.argv.includes("--check");
  const targets = new Map<string, string>();
  for (const file of readdirSync(OBSERVED).filter((f) => f.endsWith(".json")).sort()) {
    const rec = JSON.parse(readFileSync(join(OBSERVED, file), "utf8")) as Recording;
    const scenario = JSON.parse(readFileSync(join(SCENARIOS, file), "utf8")) as Scenario;
    const vector = vectorOf(rec, scenario, `${OBSERVED}/${file}`);
    const event = String(vector.request["event"]);
    let target = join(OUT, event, `${ruleName(rec.name)}.json`);
    for (let n = 2; targets.has(target); n++) target = join(OUT, event, `${ruleName(rec.name)}-${n}.json`);
    targets.set(target, JSON.stringify(vector, null, 2) + "\n");
  }
  const changed = syncVectorFiles("extract-kimi-code-vectors", OUT, targets, check);
  return check && changed > 0 ? 1 : 0;
}

process.exit(main());
