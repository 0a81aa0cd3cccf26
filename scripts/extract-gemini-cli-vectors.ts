/**
 * Recorded Gemini CLI 0.61.0 observations -> merge vectors.
 *
 *   tsx scripts/extract-gemini-cli-vectors.ts [--check]
 *
 * Reads test/observer/gemini-cli/observed/*.json and subagents/observed/*.json (with their scenarios in
 * scenarios/ beside each) and writes
 * test/vectors/merge/gemini-cli/<event>/<scenario>.json:
 * {description, scenario, source, request, expected: {effects}, skip_reason?, notes?}.
 *
 * The request is what the hooks did: the scenario's scripted output, in the
 * recorded completion order (hooks[].end_ms), each with its position in the
 * settings the CLI read (config_index), its `name`, `matcher`, `sequential`
 * and timeout. The expected effects are read from what the CLI did (marker
 * file, the functionResponse the model got, the text parts added to later
 * requests, stderr, stream-json/json warnings), never from our merge.
 * test/vectors/merge/gemini-cli/README.md documents the mapping. `--check`
 * writes nothing and exits 1 if a vector file would change.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { readGeminiTimeout } from "../src/gemini-cli/timeout.js";

type Json = null | boolean | number | string | Json[] | { [k: string]: Json };
type Obj = { [k: string]: Json };

interface Part {
  text?: string;
  base64?: string;
  repeat?: string;
  times?: number;
}
interface Answer {
  stdout?: string;
  stderr?: string;
  stdout_parts?: Part[];
  stderr_parts?: Part[];
  exit?: number;
}
interface ScenarioHook extends Answer {
  event?: string;
  name?: string;
  once?: boolean;
  then?: Answer;
  answers?: Answer[];
  same_command_as?: number;
  command?: string;
}
interface Scenario {
  name: string;
  description: string;
  event?: string;
  tool?: string;
  tool_input?: Obj;
  output_format?: string;
  prompt?: string;
  hooks: ScenarioHook[];
  files?: Record<string, string>;
}
interface ObservedHook {
  index: number;
  event: string;
  command: string;
  invocations: number;
  start_ms: number[];
  end_ms: number[];
  stdin_first: Obj | null;
  stdin_more?: (Obj | null)[];
}
interface Outcome {
  exit_code: number | string;
  tool_ran: boolean | null;
  marker_lines: string[];
  function_responses: { name: string; response: Obj }[];
  context_added: string[][];
  model_requests: number;
  output_events: Obj[];
  output_json: Obj | null;
  stderr: string[];
}
interface Observation {
  name: string;
  settings: Record<string, Obj>;
  hooks: ObservedHook[];
  outcome: Outcome;
}

/** The recorded sets; subagents/ (issue 25): the hooks answer the generalist subagent's call (invoke_agent). */
const SETS = ["test/observer/gemini-cli", "test/observer/gemini-cli/subagents"];
const OUT = "test/vectors/merge/gemini-cli";
/** The observer's `{{VAR}}`s, with the temp dir normalised as in the recordings. */
const VARS: Record<string, string> = { MARKER: "$TMP/work/oracle-marker.txt", WORK: "$TMP/work", HOOKS: "$TMP/hooks", DIR: "$TMP" };
const DEFAULT_INPUT = { command: "echo original >> {{MARKER}}; echo tool-output-original", description: "oracle tool call" };
const BASE_FIELDS = ["session_id", "transcript_path", "cwd", "hook_event_name", "timestamp", "tool_name", "tool_input"];
/** Events whose `llm_request` stdin (the whole session context, dated) is left out of `request.input`: no merge rule reads it. */
const MODEL_EVENTS = new Set(["BeforeModel", "AfterModel", "BeforeToolSelection"]);
const AGENT_EVENTS = new Set(["BeforeAgent", "AfterAgent", "BeforeModel", "AfterModel"]);

const subst = (text: string): string => text.replace(/\{\{(\w+)\}\}/g, (m, k: string) => VARS[k] ?? m);

function bytesOf(text: string | undefined, parts: Part[] | undefined): string {
  if (parts === undefined) return subst(text ?? "");
  const buffer = Buffer.concat(
    parts.map((p) => (p.base64 !== undefined ? Buffer.from(p.base64, "base64") : p.repeat !== undefined ? Buffer.from(p.repeat.repeat(p.times ?? 1)) : Buffer.from(subst(p.text ?? "")))),
  );
  return buffer.toString("utf8");
}

/** The answer of invocation n (1-based) of a scenario hook, as its generated script gives it. */
function answerOf(hook: ScenarioHook, n: number): { stdout: string; stderr: string; exit: number } {
  const silent = { stdout: "", stderr: "", exit: 0 };
  if (hook.once === true && n > 1) return silent;
  if (hook.answers !== undefined) {
    const a = hook.answers[n - 1];
    return a === undefined ? silent : { stdout: bytesOf(a.stdout, a.stdout_parts), stderr: bytesOf(a.stderr, a.stderr_parts), exit: a.exit ?? 0 };
  }
  const a = n > 1 && hook.then !== undefined ? hook.then : hook;
  return { stdout: bytesOf(a.stdout, a.stdout_parts), stderr: bytesOf(a.stderr, a.stderr_parts), exit: a.exit ?? 0 };
}

const inert = (a: { stdout: string; stderr: string; exit: number }): boolean => ["", "{}"].includes(a.stdout.trim()) && a.stderr.trim() === "" && a.exit === 0;

interface ListedHook {
  event: string;
  command: string;
  name: string | null;
  matcher: string | null;
  sequential: boolean;
  timeoutMs: number | null;
  source: string;
}

/** Every configured hook, in the order the CLI lists them: per event, user settings first, then workspace, then system. */
function listing(obs: Observation): ListedHook[] {
  const out: ListedHook[] = [];
  for (const source of ["user", "project", "system"]) {
    const hooks = obs.settings[source]?.["hooks"];
    if (hooks === undefined || hooks === null || typeof hooks !== "object" || Array.isArray(hooks)) continue;
    for (const [event, definitions] of Object.entries(hooks)) {
      for (const definition of (definitions as Obj[]) ?? []) {
        for (const handler of (definition["hooks"] as Obj[]) ?? []) {
          out.push({
            event,
            command: String(handler["command"]),
            name: typeof handler["name"] === "string" ? handler["name"] : null,
            matcher: typeof definition["matcher"] === "string" ? definition["matcher"] : null,
            sequential: definition["sequential"] === true,
            timeoutMs: typeof handler["timeout"] === "number" ? handler["timeout"] : null,
            source,
          });
        }
      }
    }
  }
  return out;
}

/** The input whose marker tag the tool wrote: the model's, or the rewrite in a hook's answer that writes that tag. */
function inputForTag(tag: string, sc: Scenario): Obj | null {
  if (tag === "original") return JSON.parse(subst(JSON.stringify(sc.tool_input ?? DEFAULT_INPUT))) as Obj;
  for (const hook of sc.hooks) {
    for (const n of [1, 2]) {
      const { stdout } = answerOf(hook, n);
      try {
        const rewrite = (JSON.parse(stdout) as Obj)["hookSpecificOutput"] as Obj | undefined;
        const input = rewrite?.["tool_input"] as Obj | undefined;
        if (input !== undefined && typeof input["command"] === "string" && input["command"].includes(`echo ${tag} >>`)) return input;
      } catch {
        // not JSON: no rewrite
      }
    }
  }
  return null;
}

const KEPT_PREFIXES = ["Hook system message: ", "Hook(s) [", "Hook execution error: ", "Hook event bus error for "];
// settings problems are printed at start-up, not by the merge (gp-cfg-*: "Invalid configuration in <file>:", "Discarding invalid hook configuration …")
const DROPPED_PREFIXES = ["[WARNING] ", "Hook execution for ", "Error executing tool ", "WARNING: The following project-level hooks", "Invalid hook event name: ", "Agent execution ", "Invalid configuration in ", "Invalid hook ", "Discarding invalid hook configuration"];

/** The user notices of the CLI's stderr: lines grouped (a line without a known start continues the previous one), the kept kinds only. */
function stderrNotices(lines: readonly string[]): string[] {
  const groups: string[] = [];
  for (const line of lines) {
    const starts = [...KEPT_PREFIXES, ...DROPPED_PREFIXES].some((p) => line.startsWith(p));
    if (starts || groups.length === 0) groups.push(line);
    else groups[groups.length - 1] += `\n${line}`;
  }
  return groups.filter((g) => !DROPPED_PREFIXES.some((p) => g.startsWith(p)));
}

function warnings(o: Outcome): string[] {
  const fromStream = o.output_events.filter((e) => e["type"] === "error" && e["severity"] === "warning").map((e) => String(e["message"]));
  const fromJson = ((o.output_json?.["warnings"] as Json[] | undefined) ?? []).map(String);
  return [...fromStream, ...fromJson];
}

/** The text parts after the tool's own `<untrusted_context>` output, one per `\n\n`-separated block. */
function afterToolOutput(output: string): string[] {
  const end = output.indexOf("</untrusted_context>");
  const rest = end === -1 ? output : output.slice(end + "</untrusted_context>".length);
  return rest.split("\n\n").filter((block) => block !== "");
}

const stripRole = (text: string): string => text.replace(/^(user|model): /, "");

function expectedEffects(event: string, sc: Scenario, obs: Observation, notes: string[]): Obj {
  const o = obs.outcome;
  const e: Obj = {};
  const shown = [...stderrNotices(o.stderr), ...warnings(o)];
  const fr = o.function_responses[0]?.response;
  const stopLine = [...o.output_events.map((ev) => String(ev["output"] ?? "")), ...o.stderr.map((l) => l.replace(/^Error executing tool \w+: /, ""))].find((t) => t.startsWith("Agent execution stopped by hook: "));
  if (event === "BeforeTool" || event === "AfterTool") {
    if (o.tool_ran === true) {
      const ranWith = inputForTag(o.marker_lines[0] ?? "", sc);
      if (ranWith !== null) e["tool_input"] = ranWith;
      else notes.push(`tool_input left out: no input writes the marker tag ${o.marker_lines[0]}`);
    } else if (typeof o.exit_code === "string") {
      notes.push("the run hung on the confirmation nobody answers in -p (ask) and was killed: the prompt's input is not recorded, so tool_input is left out");
    } else {
      e["tool_input"] = null;
    }
    if (fr !== undefined && typeof fr["error"] === "string") {
      e["tool_result"] = fr["error"];
      e["model_context"] = [];
    } else if (fr !== undefined && typeof fr["output"] === "string") {
      e["tool_result"] = null;
      e["model_context"] = afterToolOutput(fr["output"]);
    } else {
      e["tool_result"] = null;
      notes.push("no functionResponse reached the model: model_context is not compared");
    }
    if (stopLine !== undefined) {
      e["stopped"] = true;
      e["stop_reason"] = stopLine.slice("Agent execution stopped by hook: ".length);
    } else {
      e["stopped"] = false;
      e["stop_reason"] = null;
    }
    if (event === "BeforeTool") {
      const denied = typeof fr?.["error"] === "string" && fr["error"].startsWith("Tool execution blocked: ");
      e["blocked"] = denied;
      if (denied) e["decision"] = "deny";
      else if (typeof o.exit_code === "string") e["decision"] = "ask";
      else notes.push("decision left out: a run cannot tell allow from no decision (the tool runs either way), nor what a stop or a failed rewrite leaves");
    } else {
      e["decision"] = null;
      e["blocked"] = typeof fr?.["error"] === "string" && stopLine === undefined;
    }
  } else {
    e["decision"] = null;
    e["tool_input"] = null;
    e["tool_result"] = null;
    const blockedWarning = warnings(o).some((w) => w.startsWith("Agent execution blocked: "));
    const stoppedWarning = warnings(o).some((w) => w.startsWith("Agent execution stopped: "));
    if (event === "BeforeAgent" || event === "BeforeModel") {
      // a stop (continue:false) is not a block (issue 18): only a block's warning makes it one
      e["blocked"] = o.model_requests === 0 && !stoppedWarning;
      e["stopped"] = o.model_requests === 0 && !blockedWarning;
    } else if (event === "AfterAgent") {
      e["blocked"] = blockedWarning;
      e["stopped"] = stoppedWarning;
    } else if (event === "AfterModel") {
      e["blocked"] = false;
      e["stopped"] = stoppedWarning || (o.output_events.length === 0 && sc.output_format !== "json");
    } else {
      e["blocked"] = false;
      e["stopped"] = false;
    }
    if (event === "BeforeAgent" || event === "SessionStart") {
      const prompt = sc.prompt ?? "do it";
      const first = (o.context_added[0] ?? []).map(stripRole).map((t) => (event === "SessionStart" && t.endsWith(`\n\n${prompt}`) ? t.slice(0, -(prompt.length + 2)) : t));
      e["model_context"] = first.filter((t) => t.startsWith("<hook_context>"));
    } else if (event === "AfterAgent") {
      e["model_context"] = o.context_added.slice(1).flat().filter((t) => t.startsWith("user: ")).map(stripRole);
    } else if (!MODEL_EVENTS.has(event)) {
      e["model_context"] = o.context_added.flat().map(stripRole);
    } else {
      notes.push("model_context not compared: BeforeModel/AfterModel/BeforeToolSelection change the request itself (model, config, tools), which effects do not describe");
    }
  }
  const stoppedUnseen = AGENT_EVENTS.has(event) && e["stopped"] === true && sc.output_format !== "json";
  if (stoppedUnseen) notes.push("notices not compared: stream-json shows no warning for a stop (json would say `Agent execution stopped: ...`)");
  else e["notices"] = shown;
  return e;
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

function vectorOf(obs: Observation, sc: Scenario, observed: string): { event: string; vector: Vector } {
  const notes: string[] = [];
  const listed = listing(obs);
  const scriptOf = (command: string): number => obs.hooks.findIndex((h) => h.command === command && sc.hooks[h.index]?.same_command_as === undefined);
  // which listed entries ran in the first firing: per script, the first `invocations` entries of its event(s), after dedupe
  const ran: { entry: ListedHook; configIndex: number; script: number; slot: number }[] = [];
  const perEventIndex = new Map<string, number>();
  const usedSlots = new Map<number, number>();
  const firings = new Map<number, number>();
  for (const entry of listed) {
    const configIndex = perEventIndex.get(entry.event) ?? 0;
    perEventIndex.set(entry.event, configIndex + 1);
    const script = scriptOf(entry.command);
    if (script === -1) continue;
    const sharing = listed.filter((l) => l.command === entry.command && l.event === entry.event);
    const distinct = new Set(sharing.map((l) => `${l.name ?? ""}:${l.command}`)).size;
    const invocations = obs.hooks[script]!.invocations;
    if (invocations === 0) continue;
    firings.set(script, Math.ceil(invocations / distinct));
    const slot = usedSlots.get(script) ?? 0;
    if (slot >= distinct || slot >= invocations) continue;
    // a deduplicated copy (same name:command) never starts
    const key = `${entry.name ?? ""}:${entry.command}`;
    if (ran.some((r) => r.entry.event === entry.event && `${r.entry.name ?? ""}:${r.entry.command}` === key)) continue;
    usedSlots.set(script, slot + 1);
    ran.push({ entry, configIndex, script, slot });
  }
  const events = [...new Set(ran.map((r) => r.entry.event))];
  const event = events[0] ?? sc.event ?? "BeforeTool";
  const base: Omit<Vector, "request" | "expected"> = {
    description: sc.description,
    scenario: sc.name,
    source: `${observed}/${obs.name}.json`,
  };
  let skip: string | undefined;
  if (observed.includes("/subagents/")) {
    // the hook input of a subagent's call is the main agent's shape: nothing tells the merge whose call it is
    if (obs.hooks.some((h) => h.invocations > 1)) skip = "a hook ran for the main agent's invoke_agent call and the subagent's calls: a merge request covers one call";
    else if (String(obs.outcome.function_responses[0]?.response["error"] ?? "").startsWith("Agent execution stopped by hook: ")) {
      skip = "continue:false on a subagent's call: Gemini CLI refuses only that call (the subagent gets `Agent execution stopped by hook: R`) and the subagent and the main agent go on, where on the main agent's call it ends the run; the hook input does not say whose call it is, so the merge cannot tell (src/gemini-cli/capabilities.ts, BeforeTool stop)";
    }
  }
  if (sc.hooks.some((h) => h.command !== undefined)) skip = "a hook runs its own command: its output is not in the scenario";
  if (events.length > 1) skip = `spans ${events.length} events (${events.join(", ")}): a merge request covers one event`;
  // 0, a negative number or text: the CLI's timer fired before the hook could log its start, so the recording has no run of it
  // (the runner's replay, test/config-switches-observer.test.ts, checks these)
  if (sc.hooks.some((h) => readGeminiTimeout(((h as { handler_extra?: Obj }).handler_extra?.["timeout"] ?? (h as { timeout?: Json }).timeout) as Json).kind === "fires-at-once")) skip = "a timeout Gemini CLI's timer fires at once on: the hook was killed before it logged its start, so the recording has no run to merge";
  // a timeout shorter than the hook's start (1.5 ms): killed before it logged anything (gp-num-timeout-1.5)
  if (skip === undefined && sc.hooks.some((h, k) => (h as { timeout?: Json }).timeout !== undefined && (obs.hooks[k]?.start_ms.length ?? 0) === 0)) skip = "a timeout shorter than the hook's start: it was killed before it logged its start, so the recording has no run to merge";
  // hooks in a settings file the scenario writes as text (a literal JSON.stringify cannot write, 1e400): not in the scenario's hooks
  if (sc.hooks.length === 0 && Object.keys(sc.files ?? {}).some((f) => f.endsWith("settings.json"))) skip = "the hooks are in a settings file the scenario writes as text: test/hostile/config-numbers.test.ts replays it through the runner";
  for (const [script, count] of firings) {
    if (count <= 1 || skip !== undefined) continue;
    const hook = sc.hooks[script]!;
    const later = Array.from({ length: count - 1 }, (_, i) => answerOf(hook, i + 2));
    if (later.every(inert)) notes.push(`the event fired ${count} times; the later firings' answers are empty or {} and change nothing: the vector is the first firing`);
    else skip = `the event fired ${count} times with an answer each time (one merge request per firing; the recording shows their sum)`;
  }
  // completion order of the first firing
  const endOf = (r: (typeof ran)[number]): number => {
    const h = obs.hooks[r.script]!;
    return h.end_ms[r.slot] ?? (h.start_ms[r.slot] ?? 0) + (r.entry.timeoutMs ?? 60000);
  };
  const ordered = [...ran].sort((a, b) => endOf(a) - endOf(b) || a.configIndex - b.configIndex);
  const firstListed = [...ran].sort((a, b) => a.configIndex - b.configIndex)[0];
  const stdin = firstListed === undefined ? null : obs.hooks[firstListed.script]!.stdin_first;
  const request: Obj = { event };
  if (stdin !== null && stdin !== undefined) {
    if (stdin["tool_name"] !== undefined) request["tool_name"] = stdin["tool_name"]!;
    if (stdin["tool_input"] !== undefined) request["tool_input"] = stdin["tool_input"]!;
    const input: Obj = {};
    for (const [k, v] of Object.entries(stdin)) if (!BASE_FIELDS.includes(k)) input[k] = v;
    if (MODEL_EVENTS.has(event)) {
      if (Object.keys(input).length > 0) notes.push("request.input left out: llm_request carries the dated session context, and no merge rule reads it");
    } else if (Object.keys(input).length > 0) request["input"] = input;
  } else if (event === "BeforeTool" || event === "AfterTool") {
    // no hook ran: the tool call the model made (the scenario's scripted call)
    request["tool_name"] = sc.tool ?? "run_shell_command";
    request["tool_input"] = inputForTag("original", sc);
  }
  request["hooks"] = ordered.map((r): Obj => {
    const h = obs.hooks[r.script]!;
    const timedOut = h.end_ms[r.slot] === undefined;
    const answer = answerOf(sc.hooks[r.script]!, 1);
    const hook: Obj = {
      command: r.entry.command,
      exit: timedOut ? null : answer.exit,
      stdout: timedOut ? "" : answer.stdout,
      stderr: timedOut ? "" : answer.stderr,
    };
    if (timedOut) hook["timed_out"] = true;
    hook["source"] = r.entry.source;
    if (r.entry.timeoutMs !== null) hook["timeout"] = r.entry.timeoutMs / 1000;
    hook["config_index"] = r.configIndex;
    if (r.entry.name !== null) hook["name"] = r.entry.name;
    if (r.entry.matcher !== null) hook["matcher"] = r.entry.matcher;
    if (r.entry.sequential) hook["sequential"] = true;
    return hook;
  });
  if (ran.length === 0) notes.push("no hook ran (matcher, switch or dedupe: the runner's business): the merge of no hooks changes nothing");
  const effects = expectedEffects(event, sc, obs, notes);
  const vector: Vector = { ...base, request, expected: { effects } };
  if (skip !== undefined) vector.skip_reason = skip;
  if (notes.length > 0) vector.notes = notes;
  return { event, vector };
}

function main(): number {
  const check = process.argv.includes("--check");
  const wanted = new Map<string, string>();
  for (const set of SETS) for (const file of readdirSync(join(set, "observed")).filter((f) => f.endsWith(".json")).sort()) {
    const obs = JSON.parse(readFileSync(join(set, "observed", file), "utf8")) as Observation;
    const sc = JSON.parse(readFileSync(join(set, "scenarios", file), "utf8")) as Scenario;
    const { event, vector } = vectorOf(obs, sc, `${set}/observed`);
    wanted.set(join(OUT, event, file), JSON.stringify(vector, null, 2) + "\n");
  }
  let changed = 0;
  for (const [target, text] of wanted) {
    if (existsSync(target) && readFileSync(target, "utf8") === text) continue;
    changed++;
    if (check) process.stderr.write(`would change: ${target}\n`);
    else {
      mkdirSync(dirname(target), { recursive: true });
      writeFileSync(target, text);
    }
  }
  // vectors whose recording is gone
  if (existsSync(OUT)) {
    for (const dir of readdirSync(OUT, { withFileTypes: true }).filter((d) => d.isDirectory())) {
      for (const file of readdirSync(join(OUT, dir.name)).filter((f) => f.endsWith(".json"))) {
        const path = join(OUT, dir.name, file);
        if (wanted.has(path)) continue;
        changed++;
        if (check) process.stderr.write(`would remove: ${path}\n`);
        else rmSync(path);
      }
    }
  }
  process.stderr.write(`extract-gemini-cli-vectors: ${wanted.size} vectors, ${changed} ${check ? "would change" : "written"}\n`);
  return check && changed > 0 ? 1 : 0;
}

process.exitCode = main();
