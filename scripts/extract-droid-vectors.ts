/**
 * Recorded Factory droid 0.215.0 runs -> language-neutral merge vectors.
 *
 *   tsx scripts/extract-droid-vectors.ts [--check]
 *
 * Reads test/observer/droid/observed/*.json and test/observer/droid/subagents/observed/*.json (with scenarios/ beside each) and
 * writes test/vectors/merge/droid/<Event>/<rule>.json (named by the rule it shows):
 * {description, scenario, source, request, expected: {effects}, skip_reason?, notes?}.
 *
 * The request is what the hooks did, from droid's OWN record of the hook
 * batch (exit code, stdout, stderr per command, in configured order),
 * ordered by the recorded completion times; the expected effects are read
 * from what droid did (whether the tool ran and which marker it wrote, the
 * tool message the model got, the messages added to the next request, the
 * headless output), never from our merge. test/vectors/merge/droid/README.md
 * documents the mapping. `--check` writes nothing and exits 1 if a vector
 * would change.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";

type Json = null | boolean | number | string | Json[] | { [k: string]: Json };
type Obj = { [k: string]: Json };

interface ScenarioHook {
  stdout?: string;
  timeout?: number | null;
  source?: string;
}
interface Scenario {
  name: string;
  description?: string;
  event?: string;
  transport?: string;
  autonomy?: string[];
  prompt?: string;
  hooks: ScenarioHook[];
}
interface HookLog {
  index: number;
  command: string;
  start_ms: number[];
  end_ms: number[];
  stdin_first: Json;
}
interface HookBatch {
  event: string;
  commands: number[];
  results: { exitCode: number; stdout: string; stderr: string }[];
}
interface Recording {
  name: string;
  outcome: {
    tool_ran?: boolean;
    marker_lines?: string[];
    tool_result?: string | null;
    context_added: string[][];
    model_requests: number;
    hook_runs: string[];
    notices: string[];
    output: string[];
    exit_code: number;
  };
  hooks: HookLog[];
  hook_runs: HookBatch[];
  model_requests: { reply?: { text?: string; tool_calls?: { function: { name: string; arguments: string } }[] } }[];
}

/** The recording sets, each with its scenarios beside it: the main set and (issue 25) hooks on a subagent's calls. */
const SETS = ["test/observer/droid", "test/observer/droid/subagents"];
const OUT = "test/vectors/merge/droid";

const isObj = (v: Json | undefined): v is Obj => typeof v === "object" && v !== null && !Array.isArray(v);
/** The observer's tool prints `tool-output-<tag>`; droid appends the exit line. */
const toolOutputOf = (tag: string): string => `tool-output-${tag}\n\n\n[Process exited with code 0]`;
const AUTONOMY_REFUSALS = ["Error: Exec ended early: insufficient permission", "Error: Tool execution cancelled by user"];
/** Context lines are `<role>: <text>`; the role is always user for droid's hook messages. */
const textOf = (line: string): string => line.replace(/^(user|system|assistant): /, "");

/** The event input the hooks got: the first recorded stdin, else the model's tool call (custom commands log nothing). */
function eventInput(rec: Recording, event: string): Obj {
  for (const hook of rec.hooks) if (isObj(hook.stdin_first) && hook.stdin_first["hook_event_name"] === event) return hook.stdin_first;
  const call = rec.model_requests[0]?.reply?.tool_calls?.[0]?.function;
  if (call !== undefined && (event === "PreToolUse" || event === "PostToolUse")) {
    return { hook_event_name: event, tool_name: call.name, tool_input: JSON.parse(call.arguments) as Json };
  }
  return { hook_event_name: event };
}

function requestOf(rec: Recording, scenario: Scenario, batch: HookBatch | undefined, event: string): Obj {
  const input = { ...eventInput(rec, event) };
  const request: Obj = { event };
  for (const key of ["tool_name", "tool_input"] as const) {
    if (input[key] !== undefined) {
      request[key] = input[key]!;
      delete input[key];
    }
  }
  request["input"] = input;
  const seen = new Map<number, number>();
  const hooks = (batch?.results ?? []).map((result, i) => {
    const index = batch!.commands[i]!;
    const occurrence = seen.get(index) ?? 0;
    seen.set(index, occurrence + 1);
    const log = rec.hooks[index];
    const configured = scenario.hooks[index] ?? {};
    const timeout = configured.timeout === null ? 60 : configured.timeout ?? 10;
    const started = log?.start_ms[occurrence];
    const ended = log?.end_ms[occurrence];
    const timedOut = started !== undefined && ended === undefined;
    const hook: Obj = {
      command: log?.command ?? "",
      exit: result.exitCode,
      stdout: result.stdout,
      stderr: result.stderr,
      source: configured.source ?? "user",
      timeout,
      config_index: i,
      ...(timedOut ? { timed_out: true } : {}),
    };
    // A killed hook completes at its timeout; a custom command logs no times (it keeps configured order).
    const completedAt = ended ?? (started !== undefined ? started + timeout * 1000 : Number.MAX_SAFE_INTEGER - 1000 + i);
    return { hook, completedAt, i };
  });
  hooks.sort((a, b) => a.completedAt - b.completedAt || a.i - b.i);
  request["hooks"] = hooks.map((h) => h.hook);
  return request;
}

/** The tool input that wrote `tag`: the model's, or the stdin input spread with the rewrite that writes it. */
function inputThatRan(request: Obj, tag: string): Obj | null {
  const original = request["tool_input"];
  if (!isObj(original)) return null;
  if (tag === "original") return original;
  for (const hook of request["hooks"] as Obj[]) {
    let parsed: Json;
    try {
      parsed = JSON.parse(String(hook["stdout"])) as Json;
    } catch {
      continue;
    }
    const rewrite = isObj(parsed) && isObj(parsed["hookSpecificOutput"]) ? parsed["hookSpecificOutput"]["updatedInput"] : undefined;
    if (!isObj(rewrite) || typeof rewrite["command"] !== "string" || !rewrite["command"].includes(`echo ${tag} >>`)) continue;
    // Applied as droid was measured to apply it: a shallow merge, and a changed command loses the risk fields (pre-p19, pre-p20).
    const ran: Obj = { ...original, ...rewrite };
    if (ran["command"] !== original["command"]) for (const key of ["riskLevel", "riskLevelReason"]) delete ran[key];
    return ran;
  }
  return null;
}

/** The tool input a PostToolUse hook of the same run received: what the tool really ran with. */
function inputSeenAfter(rec: Recording): Obj | null {
  for (const hook of rec.hooks) {
    if (isObj(hook.stdin_first) && hook.stdin_first["hook_event_name"] === "PostToolUse" && isObj(hook.stdin_first["tool_input"])) return hook.stdin_first["tool_input"];
  }
  return null;
}

interface Vector {
  description: string;
  scenario: string;
  source: string;
  request: Obj;
  expected: { effects: Obj };
  skip_reason?: string;
  notes?: string[];
}

/**
 * A subagent recording (subagents/: the main agent calls Task with `await: true`, the worker
 * calls Execute): request 0 is the main agent's, the worker's requests follow, so the hooks'
 * effects are read as for a main-agent call one request later. Null when the hooks did not
 * answer the worker's call alone (then the reason to skip).
 */
function subagentView(rec: Recording): { outcome: Recording["outcome"] } | { skip: string } | null {
  if (!rec.name.startsWith("dr-sub-")) return null;
  const batches = rec.hook_runs.filter((b) => b.event === "PreToolUse" || b.event === "PostToolUse");
  if (batches.length === 0) return null;
  if (batches.length > 1) return { skip: `hooks of ${batches.length} tool calls (the main agent's Task and the worker's Execute) in one run; a merge request covers one call` };
  if (rec.outcome.tool_result?.startsWith("Error: ") && rec.outcome.tool_ran === true) {
    return { skip: "the hook denied the main agent's Task call; the mock's next scripted turn (meant for the worker) then ran as the main agent's Execute" };
  }
  const o = rec.outcome;
  return { outcome: { ...o, context_added: o.context_added.slice(1), model_requests: o.model_requests - 1 } };
}

function vectorOf(rec: Recording, scenario: Scenario, source: string): Vector {
  const view = subagentView(rec);
  const o = view !== null && "outcome" in view ? view.outcome : rec.outcome;
  const batch = rec.hook_runs[0];
  const event = batch?.event ?? scenario.event ?? "PreToolUse";
  const request = requestOf(rec, scenario, batch, event);
  const effects: Obj = {};
  const notes: string[] = [];
  const vector: Vector = { description: scenario.description ?? "", scenario: rec.name, source, request, expected: { effects } };
  if (view !== null && "skip" in view) {
    vector.skip_reason = view.skip;
    return vector;
  }
  // Hooks of a later event that print nothing and exit 0 only observe (a PostToolUse hook showing the input the tool ran with).
  const acting = rec.hook_runs.filter((b) => b.event === event || b.results.some((r) => r.exitCode !== 0 || r.stdout !== "" || r.stderr !== ""));
  if (new Set(acting.map((b) => b.event)).size > 1) {
    vector.skip_reason = "the recorded hook batches span two events; a merge request covers one";
    return vector;
  }
  const after = (n: number): string[] | undefined => (o.model_requests > n ? (o.context_added[n] ?? []).map(textOf) : undefined);
  const errors = o.output.filter((line) => line.startsWith("error: ")).map((line) => line.slice("error: ".length));
  const notices = [...o.notices, ...errors];
  if (event === "PreToolUse") {
    const refused = AUTONOMY_REFUSALS.some((t) => (o.tool_result ?? "").startsWith(t)) || o.output.some((l) => l.includes("insufficient permission")) || (o.exit_code !== 0 && o.tool_ran === false && (o.tool_result ?? null) === null);
    if (refused) {
      vector.skip_reason = "droid's autonomy check, not a hook, refused the call (the merge models hooks only; the spec's autonomy rules say what happens)";
      return vector;
    }
    if (o.tool_ran === true) {
      const tag = o.marker_lines?.[0] ?? "original";
      const ran = (event === "PreToolUse" ? inputSeenAfter(rec) : null) ?? inputThatRan(request, tag);
      if (ran !== null) effects["tool_input"] = ran;
      else notes.push(`no hook rewrite writes the marker tag ${tag}: tool_input left out`);
      request["tool_output"] = toolOutputOf(tag);
      effects["tool_result"] = o.tool_result === toolOutputOf(tag) ? null : o.tool_result ?? null;
      effects["blocked"] = false;
      effects["stopped"] = false;
      const riskLevel = isObj(request["tool_input"]) ? request["tool_input"]["riskLevel"] : undefined;
      if ((scenario.autonomy ?? []).join(" ") === "--auto low" && riskLevel === "high") effects["decision"] = "allow";
      else notes.push("decision left out: the tool would have run without an allow too (only a high-risk call under --auto low tells an allow apart)");
    } else if ((o.tool_result ?? "").startsWith("Error: ")) {
      Object.assign(effects, { decision: "deny", blocked: true, tool_input: null, tool_result: o.tool_result!, stopped: false });
    } else if (o.tool_result === null && o.model_requests === 1) {
      // The turn ended right after the hooks: no tool message, no further request (continue:false, exit 3).
      Object.assign(effects, { stopped: true, stop_reason: null, tool_input: null, tool_result: null, blocked: false });
      notes.push("model_context and decision left out: no request followed the hooks");
    }
    const context = after(1);
    if (context !== undefined) effects["model_context"] = context;
    effects["notices"] = notices;
  } else if (event === "PostToolUse") {
    const stdinInput = request["tool_input"];
    if (isObj(stdinInput)) effects["tool_input"] = stdinInput;
    effects["tool_result"] = null;
    const context = after(1);
    if (context !== undefined) {
      effects["model_context"] = context;
      effects["blocked"] = context.some((t) => t.startsWith("[Hook Feedback]"));
      effects["stopped"] = false;
    } else {
      effects["stopped"] = true;
      notes.push("model_context and blocked left out: no request followed the hooks");
    }
    effects["notices"] = notices;
  } else if (event === "UserPromptSubmit") {
    const prevented = o.hook_runs[0]?.endsWith(" prevented") === true || o.model_requests === 0;
    if (batch === undefined) {
      Object.assign(effects, { blocked: false, model_context: after(0) ?? [], notices });
      notes.push("no UserPromptSubmit hook ran (droid exec -o stream-json never runs them)");
    } else if (prevented) {
      // droid rejects the prompt the same way for exit 2 and continue:false; which one it was is the hook's answer
      // (the first rejecting one in completion order): a stop is not a block (issue 18, merged-result schema)
      const hooks = (request["hooks"] ?? []) as Obj[];
      const rejecting = hooks.find((h) => h["exit"] === 2 || h["exit"] === 3 || /"continue"\s*:\s*false/.test(String(h["stdout"] ?? "")));
      const stop = rejecting !== undefined && rejecting["exit"] !== 2 && rejecting["exit"] !== 3;
      Object.assign(effects, { blocked: !stop, notices }, stop ? { stopped: true } : {});
      notes.push("stop_reason left out: droid shows the same text for exit 2 and continue:false; model_context left out: no request was made");
    } else {
      const prompt = o.output.find((l) => l.startsWith("user: "))?.slice("user: ".length) ?? null;
      const rewritten = prompt !== null && prompt !== (scenario.prompt ?? "do it") ? prompt : null;
      const context = (after(0) ?? []).filter((t) => rewritten === null || t !== rewritten);
      Object.assign(effects, { blocked: false, stopped: false, model_context: context, notices, prompt: rewritten });
    }
  } else if (event === "Stop") {
    const context = after(1);
    effects["blocked"] = context !== undefined;
    effects["model_context"] = context ?? [];
    if (context !== undefined) effects["stopped"] = false;
    else notes.push("stopped left out: the turn was ending anyway");
    effects["notices"] = notices;
  } else if (event === "SessionStart") {
    Object.assign(effects, { blocked: false, stopped: false, model_context: after(0) ?? [], notices });
  } else if (event === "SessionEnd") {
    // what any model request carried beside the prompt (the hooks run as the session ends: none follows them)
    Object.assign(effects, { blocked: false, model_context: o.context_added.flat().map(textOf), notices });
    notes.push("stopped left out: the session was ending anyway");
  } else if (event === "SubagentStop") {
    // subagents/: request 0 is the main agent's Task call, request 1 the worker's answer. A hook that kept the
    // worker going makes it ask again, so the Task's result is not that first answer; the main agent's next
    // request carries whatever the hook added to it, beside the Task's result.
    const first = rec.model_requests[1]?.reply?.text;
    const taskResult = o.tool_result ?? "";
    if (first === undefined || !taskResult.startsWith("session_id: ")) {
      vector.skip_reason = "not a recording of a worker's text answer reaching the main agent as the Task's result";
      return vector;
    }
    const blocked = !taskResult.endsWith(`\n${first}`);
    effects["blocked"] = blocked;
    if (blocked) notes.push("stopped and model_context left out: the worker went on, and its later requests are not read");
    else {
      const extra = taskResult.slice(taskResult.indexOf("\n") + 1, -first.length).trim();
      Object.assign(effects, { stopped: o.model_requests < 3, model_context: [...(extra === "" ? [] : [extra]), ...(after(2) ?? [])] });
    }
    effects["notices"] = notices;
  } else {
    vector.skip_reason = batch === undefined ? `no ${event} hook ran: droid did not fire the event in this run` : `no reading rule for a recorded ${event} run`;
  }
  if (batch === undefined) notes.push("no hook ran (matcher or transport): the request has no hooks");
  if (notes.length > 0) vector.notes = notes;
  return vector;
}

/**
 * The rule a scenario shows, from its name without its history: the event
 * family and the running number go (`pre-14b-allow-then-deny` ->
 * `allow-then-deny`, `pre-p01-deny-then-exit2` -> `deny-then-exit2`).
 */
export function ruleName(scenario: string): string {
  return scenario.replace(/^(pre|post|ups|ss|stop)-p?\d{2}[a-z]?-/, "");
}

function listVectorFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? readdirSync(join(dir, entry.name)).filter((f) => f.endsWith(".json")).map((f) => join(dir, entry.name, f)) : [],
  );
}

function main(): number {
  const check = process.argv.includes("--check");
  const targets = new Map<string, string>();
  let changed = 0;
  const files = SETS.flatMap((set) => readdirSync(join(set, "observed")).filter((f) => f.endsWith(".json")).sort().map((f) => [set, f] as const));
  for (const [set, file] of files) {
    const rec = JSON.parse(readFileSync(join(set, "observed", file), "utf8")) as Recording;
    const scenario = JSON.parse(readFileSync(join(set, "scenarios", file), "utf8")) as Scenario;
    const vector = vectorOf(rec, scenario, `${set}/observed/${file}`);
    const event = String(vector.request["event"]);
    // two recordings of one rule: the second (in name order) is `<rule>-2`
    let target = join(OUT, event, `${ruleName(rec.name)}.json`);
    for (let n = 2; targets.has(target); n++) target = join(OUT, event, `${ruleName(rec.name)}-${n}.json`);
    const text = JSON.stringify(vector, null, 2) + "\n";
    targets.set(target, text);
    if (!existsSync(target) || readFileSync(target, "utf8") !== text) {
      changed++;
      if (check) process.stderr.write(`extract-droid-vectors: ${target} would change\n`);
      else {
        mkdirSync(dirname(target), { recursive: true });
        writeFileSync(target, text);
      }
    }
  }
  // a vector whose recording is gone (or was renamed) goes too
  for (const stale of listVectorFiles(OUT).filter((f) => !targets.has(f))) {
    changed++;
    if (check) process.stderr.write(`extract-droid-vectors: ${stale} has no recording\n`);
    else rmSync(stale);
  }
  process.stderr.write(`extract-droid-vectors: ${targets.size} vectors, ${changed} ${check ? "would change" : "changed"}\n`);
  return check && changed > 0 ? 1 : 0;
}

process.exit(main());
