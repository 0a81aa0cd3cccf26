/**
 * Recorded Kimi Code CLI 2.1.0 runs -> language-neutral merge vectors.
 *
 *   tsx scripts/extract-kimi-code-vectors.ts [--check] [--observed DIR --out DIR]
 *
 * Reads every recording set (SETS: `<set>/observed/*.json`, the lab's
 * recordings, with `<set>/scenarios/` beside them): the 22 the dialect was
 * written from (test/observer/kimi-code), the held-out ones recorded after it
 * (held-out/, `kh-*`) and the capability recordings (cap/, `cap-*`), and
 * writes test/vectors/merge/kimi-code/<Event>/<rule>.json:
 * {description, scenario, source, request, expected: {effects}, skip_reason?, notes?};
 * a vector's `source` names its set. `--observed DIR --out DIR` makes the
 * vectors of one set into DIR instead.
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
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { syncVectorFiles, type RecordedMergeVector as Vector } from "./lib/merge-vector-files.js";

type Json = null | boolean | number | string | Json[] | { [k: string]: Json };
type Obj = { [k: string]: Json };

interface Part { base64?: string; text?: string; repeat?: string; times?: number }
interface Answer { stdout?: string; stderr?: string; exit?: number; stdout_parts?: Part[]; stderr_parts?: Part[] }
interface ScenarioHook extends Answer { command?: string; event?: string; delay_ms?: number; timeout?: unknown; matcher?: unknown; answers?: Answer[]; same_command_as?: number; hook_extra?: Obj }
interface Turn { tool_call?: { name?: string; arguments?: Obj }; tool_calls?: unknown[]; text?: string; error?: unknown }
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
/** The recording sets, each `<set>/observed/` with `<set>/scenarios/` beside it. */
const SETS = ["test/observer/kimi-code", "test/observer/kimi-code/held-out", "test/observer/kimi-code/cap"];
const ONE = option("--observed");
const OBSERVED_DIRS = ONE !== undefined ? [ONE] : SETS.map((set) => `${set}/observed`).filter((dir) => existsSync(dir));
const OUT = option("--out") ?? "test/vectors/merge/kimi-code";
const TOOL_EVENTS = new Set(["PreToolUse", "PostToolUse", "PostToolUseFailure"]);
/** The lab's default tool call (lab/agents/kimi-code.ts). */
const LAB_TOOL_INPUT: Obj = { command: "echo original >> {{MARKER}}; echo tool-output-original", description: "oracle tool call" };
/** The lab's timeout of a table that names none (lab/agents/kimi-code.ts). */
const LAB_TIMEOUT = 10;
/** Kimi's shell tool puts its run time first; the lab normalises the number (lab/README.md). */
const WALL_TIME = /^Wall time: <n> seconds\n/;
/** Kimi's frame of a failed tool's message to the model: this line, then the error's text (km-pre-02, kh-post-failure-exit2: the stdin's `error.message`). */
const TOOL_FAILED = "<system>ERROR: Tool execution failed.</system>\n";
/** Kimi's own messages of an auto compaction (cap-precompact-*): the request for a summary, then the summary and a reminder in the next request. */
const COMPACTION = [/^You are about to run out of context\./, /^The conversation so far has been compacted/, /^<system-reminder>\nContext compaction is complete/];
/** Kimi's own message of a background task's end (cap-notification-*): a user message `<notification id="task:…" …>`. */
const TASK_NOTIFICATION = /^<notification id="task:/;
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
  // subagents/ (issue 25): the main agent's Agent call, then the subagent's one call, which the hooks answer; the
  // subagent's first request made it, so the request after it is request 2
  const callName = (c: unknown): unknown => (typeof c === "object" && c !== null ? (c as { name?: unknown }).name : undefined);
  const inSubagent = calls.length === 2 && callName(calls[0]) === "Agent" && ranIndices.every((i) => rec.hooks[i]!.invocations === 1) && rec.hooks.some((h) => h.invocations > 0 && isObj(h.stdin_first ?? null) && (h.stdin_first as Obj)["tool_name"] === callName(calls[1]));
  if (TOOL_EVENTS.has(event) && calls.length > 1 && !inSubagent) {
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
  /** Request `n` came after the event's hooks: the run went on (Claude Code's `continue: false` stops it before any). */
  const goesOn = (n: number): void => {
    if (o.model_requests > n) effects["stopped"] = false;
  };
  effects["notices"] = notices(rec);
  notes.push("notices: print mode's hook lines and its own `error:` lines (its `See log:` line names the run's directory)");
  if (event === "PreToolUse") {
    const message = (o.tool_result ?? undefined)?.replace(WALL_TIME, "");
    if (o.tool_ran === true) {
      Object.assign(effects, { blocked: false, tool_result: null });
      if ((o.marker_lines ?? []).every((line) => line === (inSubagent ? "sub" : "original")) && isObj(request["tool_input"])) effects["tool_input"] = request["tool_input"];
      else notes.push("the tool ran with another input than the model's: tool_input left out");
    } else if (message !== undefined) {
      Object.assign(effects, { blocked: true, tool_input: null, tool_result: message });
      notes.push("tool_result: the tool message without Kimi's `Wall time: <n> seconds` line");
    } else notes.push("no tool message was recorded: tool effects left out");
    const after = inSubagent ? 2 : 1;
    const later = added(after);
    if (inSubagent) notes.push("the subagent's call: the request after it is the subagent's next one (request 2)");
    // a request that starts with its own system message is a subagent's (an Agent tool call), not the next of this turn
    if (later !== undefined && (o.context_added[after] ?? []).some((line) => line.startsWith("system: "))) notes.push("model_context left out: the next request is a subagent's");
    else if (later !== undefined) effects["model_context"] = later;
    notes.push("decision left out: a deny and an exit 2 do the same (the call is refused, the model gets the reason), and an allow runs the tool as no answer does");
    goesOn(1);
  } else if (event === "PostToolUse" || event === "PostToolUseFailure") {
    const stdin = request["input"] as Obj;
    // PostToolUseFailure's stdin has the error the model is sent, in Kimi's frame (kh-post-failure-exit2)
    const error = stdin["error"];
    const own = event === "PostToolUse" ? stdin["tool_output"] : isObj(error) && typeof error["message"] === "string" ? TOOL_FAILED + error["message"] : undefined;
    const message = (o.tool_result ?? undefined)?.replace(WALL_TIME, "");
    if (typeof own !== "string" || message === undefined) {
      vector.skip_reason = `the recording has no tool message or no ${event === "PostToolUse" ? "tool_output" : "error.message"} in the hook's stdin`;
      return vector;
    }
    if (isObj(request["tool_input"])) effects["tool_input"] = request["tool_input"];
    // the model's text is the tool's own when the hook's copy begins it: Kimi cuts the copy at 2000 characters and adds framing of its own to some tools' text (Read)
    Object.assign(effects, message.startsWith(own) ? { blocked: false, tool_result: null } : { tool_result: message });
    if (message !== own && message.startsWith(own)) notes.push("the model's text is longer than the hook's tool_output (cut at 2000 characters, or Kimi's framing): the tool's own result");
    const later = added(inSubagent ? 2 : 1);
    if (later !== undefined) effects["model_context"] = later;
    goesOn(1);
  } else if (event === "UserPromptSubmit") {
    if (o.model_requests === 0) {
      effects["blocked"] = true;
      notes.push("model_context left out: no request was made");
    } else Object.assign(effects, { blocked: false, model_context: added(0) ?? [] });
    goesOn(0);
  } else if (event === "SessionStart") {
    if (o.model_requests > 0) Object.assign(effects, { blocked: false, model_context: added(0) ?? [] });
    else notes.push("blocked and model_context left out: no request was made");
    goesOn(0);
  } else if (event === "SubagentStart" || event === "SubagentStop") {
    // the lab's Agent call: request 0 the main agent's call, request 1 the subagent's (its own system message first), then the main agent's answer
    const [call, sub, answer] = scenario.model_turns ?? [];
    const prompt = call?.tool_call?.name === "Agent" ? call.tool_call.arguments?.["prompt"] : undefined;
    const subagentsOwn = (o.context_added[1] ?? []).some((line) => line.startsWith("system: "));
    if (typeof prompt !== "string" || sub?.text === undefined || answer?.text === undefined || (scenario.model_turns ?? []).length !== 3 || !subagentsOwn) {
      vector.skip_reason = `a ${event} recording without the lab's one Agent call (an Agent call, the subagent's text, the main agent's text)`;
      return vector;
    }
    // a subagent that ran made request 1; one that went on after its SubagentStop made one more request than the three turns
    const subagentRan = o.model_requests >= 2 && (o.tool_result ?? "").includes(`\n${sub.text}\n`);
    const after = o.context_added.slice(1).flat().filter((line) => !line.startsWith("system: ") && line !== `user: ${prompt}`).map(textOf);
    if (event === "SubagentStart") effects["blocked"] = !subagentRan;
    else if (subagentRan) effects["blocked"] = o.model_requests > 3;
    effects["model_context"] = after;
    notes.push("model_context: the messages added to the subagent's requests (without its system message and the Agent call's prompt) and to the main agent's after it");
    if (subagentRan && o.model_requests >= 3) effects["stopped"] = false;
  } else if (event === "PreCompact" || event === "PostCompact") {
    const lines = o.context_added.map((request) => request.map(textOf));
    const asked = lines.findIndex((request) => request.some((line) => COMPACTION[0]!.test(line)));
    if (asked < 0) {
      vector.skip_reason = `a ${event} recording without Kimi's request for a compaction summary`;
      return vector;
    }
    const compacted = lines.slice(asked + 1).some((request) => request.some((line) => COMPACTION[1]!.test(line)));
    // a PreCompact block would keep the conversation; after it, a request with the summary went on (Claude Code's `continue: false` stops before it)
    effects["blocked"] = !compacted;
    effects["model_context"] = lines.slice(asked).flat().filter((line) => !COMPACTION.some((own) => own.test(line)));
    if (compacted) effects["stopped"] = false;
    notes.push("model_context: the messages added to the compaction's request and later ones, without Kimi's own compaction messages");
  } else if (event === "Notification") {
    const lines = o.context_added.map((request) => request.map(textOf));
    const delivered = lines.findIndex((request) => request.some((line) => TASK_NOTIFICATION.test(line)));
    if (delivered < 0) {
      vector.skip_reason = "a Notification recording in which no task notification reached the model";
      return vector;
    }
    // the hook ran when the task ended; the model got the notification with the next request, and the run went on
    Object.assign(effects, { blocked: false, model_context: lines.slice(1).flat().filter((line) => !TASK_NOTIFICATION.test(line)), stopped: false });
    notes.push("model_context: the messages added to the requests after the first, without Kimi's own task notification");
  } else if (event === "StopFailure") {
    // the failing request is the last: nothing followed the hook
    if (o.exit_code === 0 || o.model_requests !== (scenario.model_turns ?? []).findIndex((turn) => turn.error !== undefined) + 1) {
      vector.skip_reason = "a StopFailure recording whose failing request was not the last";
      return vector;
    }
    Object.assign(effects, { blocked: false, model_context: [], notices: (effects["notices"] as string[]).filter((line) => !line.startsWith("error: ")) });
    notes.push("blocked: false and model_context: []: no request followed the failing one; notices without print mode's `error:` line, the failed request's, which fired the event");
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

/** The rule a scenario shows: its name without its family and number (`km-pre-02-deny-json` -> `deny-json`); a held-out or capability recording keeps its whole name (`kh-pre-exit255`, `cap-stop-continue-false`). */
export function ruleName(scenario: string): string {
  return scenario.replace(/^km-[a-z]+-\d{2}[a-z]?-/, "");
}

function main(): number {
  const check = process.argv.includes("--check");
  const targets = new Map<string, string>();
  const files = OBSERVED_DIRS.flatMap((dir) => readdirSync(dir).filter((f) => f.endsWith(".json")).sort().map((f) => [dir, f] as const));
  for (const [observed, file] of files) {
    const rec = JSON.parse(readFileSync(join(observed, file), "utf8")) as Recording;
    const scenario = JSON.parse(readFileSync(join(observed, "..", "scenarios", file), "utf8")) as Scenario;
    const vector = vectorOf(rec, scenario, `${observed}/${file}`);
    const event = String(vector.request["event"]);
    let target = join(OUT, event, `${ruleName(rec.name)}.json`);
    for (let n = 2; targets.has(target); n++) target = join(OUT, event, `${ruleName(rec.name)}-${n}.json`);
    targets.set(target, JSON.stringify(vector, null, 2) + "\n");
  }
  const changed = syncVectorFiles("extract-kimi-code-vectors", OUT, targets, check);
  return check && changed > 0 ? 1 : 0;
}

process.exit(main());
