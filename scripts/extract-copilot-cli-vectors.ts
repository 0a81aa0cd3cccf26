/**
 * test/observer/copilot-cli/observed/*.json and subagents/observed/*.json (GitHub Copilot CLI 1.0.102 runs)
 * -> test/vectors/merge/copilot-cli/<event>/<scenario>.json.
 *
 * The request is what the hooks did (the scenario's answers, the recorded
 * invocations, start and end times, stdin); the expected effects are what
 * Copilot did (whether the tool ran and with which input, the exact tool
 * message, the messages added to the next model request, the log lines about
 * hooks), read from the recording, never from our merge.
 * test/vectors/merge/copilot-cli/README.md says how each key is read.
 *
 *   npx tsx scripts/extract-copilot-cli-vectors.ts          # write
 *   npx tsx scripts/extract-copilot-cli-vectors.ts --check  # exit 1 if a vector would change
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { resolveEvent } from "../src/copilot-cli/events.js";

/** The recorded sets; in subagents/ (issue 25) the hooks answer a `task` subagent's call (its stdin's toolName). */
const SETS = ["test/observer/copilot-cli", "test/observer/copilot-cli/subagents"];
const OUT = "test/vectors/merge/copilot-cli";

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type Obj = { [key: string]: Json };

interface ScenarioHook {
  stdout?: string;
  stderr?: string;
  exit?: number;
  event?: string;
  source?: string;
  same_command_as?: number;
  timeout?: number;
}

interface RecordedHook {
  index: number;
  event: string;
  source: string;
  command: string;
  invocations: number;
  start_ms: number[];
  end_ms: number[];
  stdin_first?: Obj;
}

interface Recording {
  scenario: { name: string; description: string; event?: string; source?: string; hooks?: ScenarioHook[] };
  hooks_files: Record<string, { hooks?: Record<string, Obj[]> }>;
  tool?: { ran?: boolean; result_received_by_model?: { in_request?: number; content?: string } | null };
  /** The command line Copilot ran with (`--allow-all-tools` or not). */
  cli: { args: string[] };
  hooks: RecordedHook[];
  outcome: {
    tool_ran?: boolean;
    marker_lines?: string[];
    tool_result?: string;
    context_added: string[][];
    model_requests: number;
    notices: string[];
    events: string[];
  };
}

const VARS: Record<string, string> = { MARKER: "$TMP/work/oracle-marker.txt", WORK: "$TMP/work", HOOKS: "$TMP/hooks", HOME: "$TMP/home", DIR: "$TMP" };
const subst = (text: string): string => text.replace(/\{\{([A-Z]+)\}\}/g, (all, name: string) => VARS[name] ?? all);
const CLAUDE_SOURCES = new Set(["claude", "claude_local", "claude_user"]);
const isObj = (v: Json | undefined): v is Obj => typeof v === "object" && v !== null && !Array.isArray(v);
/** How Copilot's refusal of a call nobody approved begins (prompt mode without --allow-all-tools: perm-00). */
const NO_APPROVER_START = "Permission denied because no interactive user response";
const DATETIME = /^<current_datetime>[^]*?<\/current_datetime>(\n\n)?/;

/** The hooks file holding `command`, `nth` occurrence (same command configured twice), and its timeout. */
function fileOf(rec: Recording, command: string, nth: number): { path: string; timeout: number | undefined } | null {
  let seen = 0;
  for (const [path, file] of Object.entries(rec.hooks_files)) {
    for (const entries of Object.values(file.hooks ?? {})) {
      for (const entry of entries) {
        const handlers = Array.isArray(entry["hooks"]) ? (entry["hooks"] as Obj[]) : [entry];
        for (const h of handlers) {
          if ((h["bash"] ?? h["command"]) !== command) continue;
          if (seen++ === nth) {
            const t = h["timeoutSec"] ?? h["timeout"];
            return { path, timeout: typeof t === "number" ? t : undefined };
          }
        }
      }
    }
  }
  return null;
}

interface Invocation {
  readonly answer: ScenarioHook;
  readonly scenarioHook: ScenarioHook;
  readonly recorded: RecordedHook;
  readonly start: number;
  readonly end: number;
  readonly timedOut: boolean;
  readonly file: string;
  readonly timeout: number;
}

/** Every configured hook that ran for the event's first firing, with its answer. */
function invocationsOf(rec: Recording, stopEvent: boolean): Invocation[] {
  const scenarioHooks = rec.scenario.hooks ?? [];
  const out: Invocation[] = [];
  for (const recorded of rec.hooks) {
    // a shared script's invocations are the hooks configured with it (pre-18d); a stop hook's later ones are re-firings
    const users = scenarioHooks.map((h, i) => ({ h, i })).filter(({ h, i }) => i === recorded.index || h.same_command_as === recorded.index);
    const count = stopEvent ? Math.min(recorded.invocations, 1) : recorded.invocations;
    for (let k = 0; k < count; k++) {
      const scenarioHook = users[k]?.h ?? scenarioHooks[recorded.index]!;
      const answer = scenarioHooks[recorded.index]!;
      const located = fileOf(rec, recorded.command, k);
      const source = scenarioHook.source ?? rec.scenario.source ?? "user";
      const timeout = located?.timeout ?? answer.timeout ?? 10;
      const start = recorded.start_ms[k]!;
      const timedOut = recorded.end_ms[k] === undefined;
      out.push({
        answer,
        scenarioHook,
        recorded,
        start,
        end: timedOut ? start + timeout * 1000 : recorded.end_ms[k]!,
        timedOut,
        file: CLAUDE_SOURCES.has(source) ? "repo settings" : (located?.path ?? "?"),
        timeout,
      });
    }
  }
  return out;
}

/** The model's first tool call, from the `tool.execution_start` event (the args as the model gave them). */
/** The first tool call that started, or the first of `name` (the tool the hooks saw: a subagent's, after the main agent's `task`). */
function toolCallOf(rec: Recording, name?: string): { name: string; args: Obj } | null {
  for (const line of rec.outcome.events) {
    const m = /^tool\.execution_start: (\S+) (\{.*\})$/.exec(line);
    if (m && (name === undefined || m[1] === name)) return { name: m[1]!, args: JSON.parse(m[2]!) as Obj };
  }
  return null;
}

/** The input whose marker tag the marker file received: the model's, or a hook's rewrite that writes that tag. */
function inputByMarker(rec: Recording, modelArgs: Obj | null, tag: string): Obj | null {
  const writes = (o: Obj): boolean => typeof o["command"] === "string" && o["command"].includes(`echo ${tag} >>`);
  if (modelArgs !== null && writes(modelArgs)) return modelArgs;
  for (const hook of rec.scenario.hooks ?? []) {
    if (hook.stdout === undefined) continue;
    let json: Json;
    try {
      json = JSON.parse(subst(hook.stdout)) as Json;
    } catch {
      continue;
    }
    if (!isObj(json)) continue;
    const hso = json["hookSpecificOutput"];
    // a string rewrite is the args text the tool parsed (new-blind2-pre-modifiedArgs-json-string)
    const parsedText = (v: Json | undefined): Json | undefined => {
      try {
        return typeof v === "string" ? (JSON.parse(v) as Json) : v;
      } catch {
        return undefined;
      }
    };
    for (const candidate of [parsedText(json["modifiedArgs"]), isObj(hso) ? hso["updatedInput"] : undefined]) if (isObj(candidate) && writes(candidate)) return candidate;
  }
  return null;
}

/** `user: text` entries of one request that are messages of their own (not text appended to a fixed message). */
function ownMessages(rec: Recording, request: number): string[] {
  return (rec.outcome.context_added[request] ?? []).filter((e) => e.startsWith("user: ")).map((e) => e.slice("user: ".length));
}

const noticeText = (line: string): string => line.replace(/^(\[[A-Z]+\]) \[[^\]]+\] /, "$1 ");

interface Vector {
  description: string;
  scenario: string;
  source: string;
  request: Obj;
  expected: { effects: Obj };
  skip_reason?: string;
  notes?: string[];
}

function vectorOf(rec: Recording, file: string, observed: string): { dir: string; vector: Vector } {
  const name = rec.scenario.name;
  const ranEvents = new Set(rec.hooks.filter((h) => h.invocations > 0).map((h) => resolveEvent(h.event)?.event ?? h.event));
  const firstEvent = rec.hooks.find((h) => h.invocations > 0)?.event ?? rec.scenario.event ?? "preToolUse";
  const resolved = resolveEvent(firstEvent)!;
  const event = resolved.event;
  const notes: string[] = [];
  const invocations = invocationsOf(rec, event === "agentStop");
  const configOrder = [...invocations].sort((a, b) => a.start - b.start);
  const completion = [...invocations].sort((a, b) => a.end - b.end);
  const hooks = completion.map((inv) => {
    const h: Obj = {
      command: inv.recorded.command,
      exit: inv.timedOut ? null : (inv.answer.exit ?? 0),
      stdout: inv.timedOut ? "" : subst(inv.answer.stdout ?? ""),
      stderr: inv.timedOut ? "" : subst(inv.answer.stderr ?? ""),
      source: inv.file,
      timeout: inv.timeout,
      config_index: configOrder.indexOf(inv),
      event: inv.recorded.event,
    };
    if (inv.timedOut) h["timed_out"] = true;
    return h;
  });
  const toolEvent = event === "preToolUse" || event === "postToolUse" || event === "postToolUseFailure" || event === "permissionRequest";
  const seen = completion[0]?.recorded.stdin_first;
  const call = toolEvent ? toolCallOf(rec, isObj(seen ?? null) && typeof (seen as Obj)["agentId"] === "string" ? String((seen as Obj)["toolName"]) : undefined) : null;
  const request: Obj = { event: firstEvent };
  if (call !== null) {
    request["tool_name"] = call.name;
    request["tool_input"] = call.args;
  }
  const firstStdin = completion[0]?.recorded.stdin_first;
  if (firstStdin !== undefined) request["input"] = firstStdin;
  // every vector says whether the run had --allow-all-tools (a merge request without it is read as having it)
  const allowAllTools = rec.cli.args.includes("--allow-all-tools");
  request["allow_all_tools"] = allowAllTools;
  request["hooks"] = hooks;

  const o = rec.outcome;
  const effects: Obj & { notices?: string[] } = {};
  // lines of loading the configuration (cp-cfg-*: a skipped entry, a refused file), printed before any hook runs: not the merge's
  const loading = (line: string): boolean => /^\[ERROR\] (hooks\.\S+: .* — hook will be skipped|Invalid hook configuration in )|^\[WARNING\] Ignoring (values from settings\.json|invalid user settings)/.test(line);
  const notices = o.notices.map(noticeText).filter((line) => !loading(line));
  if (notices.length < o.notices.length) notes.push("notices: the lines of loading the configuration are left out (the runner reports them as problems)");
  effects["notices"] = notices;
  const ran = o.tool_ran === true;
  const toolMessage = rec.tool?.result_received_by_model?.content ?? o.tool_result ?? null;
  const tag = o.marker_lines?.[0];
  const ownOutput = tag === undefined ? null : `tool-output-${tag}\n<shellId: 0 completed with exit code 0>`;
  const toolRequest = rec.tool?.result_received_by_model?.in_request ?? 1;
  if (toolEvent && call !== null) {
    effects["tool_input"] = ran && tag !== undefined ? inputByMarker(rec, call.args, tag) : event === "postToolUseFailure" ? call.args : null;
    effects["tool_result"] = toolMessage === null || (ran && toolMessage === ownOutput) || event === "postToolUseFailure" ? null : toolMessage;
    effects["model_context"] = ownMessages(rec, toolRequest);
    effects["stopped"] = false;
    effects["stop_reason"] = null;
  }
  if (event === "preToolUse") {
    const text = toolMessage ?? "";
    if (!ran && text.startsWith("Denied by preToolUse hook (unable to ask")) effects["decision"] = "ask";
    else if (!ran && text.startsWith("Denied by preToolUse hook")) effects["decision"] = "deny";
    // without --allow-all-tools a call no hook allows is refused (cap-pretooluse-silent-without-allow-all): one that ran was allowed
    else if (ran && !allowAllTools) effects["decision"] = "allow";
    // refused by Copilot's permission check with nobody to ask: no hook decided
    else if (!ran && !allowAllTools && text.startsWith(NO_APPROVER_START)) effects["decision"] = null;
    else notes.push("decision: left out when no hook denied (under --allow-all-tools an allow and no decision look the same)");
    effects["blocked"] = !ran && text.startsWith("Denied by preToolUse hook");
  } else if (event === "postToolUse") {
    effects["blocked"] = (toolMessage ?? "").startsWith("Tool result blocked: ");
    effects["decision"] = null;
  } else if (event === "postToolUseFailure") {
    effects["blocked"] = false;
    effects["decision"] = null;
  } else if (event === "permissionRequest") {
    const text = toolMessage ?? "";
    if (text.startsWith("Permission denied by a PermissionRequest hook: ")) {
      effects["decision"] = "deny";
      effects["blocked"] = true;
    } else if (ran && !allowAllTools) {
      effects["decision"] = "allow";
      effects["blocked"] = false;
    } else if (!ran) {
      effects["decision"] = null;
      effects["blocked"] = false;
    } else notes.push("decision: left out (under --allow-all-tools an allow and no decision look the same)");
  } else if (event === "userPromptSubmitted") {
    const blocked = o.model_requests === 0;
    effects["blocked"] = blocked;
    const sent = rec.outcome.events.find((e) => e.startsWith("user.message: "));
    const text = sent === undefined ? null : (JSON.parse(sent.slice("user.message: ".length)) as string).replace(DATETIME, "");
    const original = typeof firstStdin?.["prompt"] === "string" ? firstStdin["prompt"] : null;
    effects["prompt"] = blocked || text === null || text === original ? null : text;
    // a changed prompt shows up as a new user message: it is the prompt, not a message of the hooks' own
    effects["model_context"] = ownMessages(rec, 0).filter((m) => !DATETIME.test(m));
    effects["decision"] = null;
    effects["stopped"] = false;
  } else if (event === "sessionStart") {
    effects["blocked"] = false;
    effects["model_context"] = ownMessages(rec, 0);
    effects["decision"] = null;
    effects["stopped"] = false;
  } else if (event === "agentStop") {
    const continuation = o.context_added.flatMap((_, i) => ownMessages(rec, i)).find((m) => DATETIME.test(m));
    effects["blocked"] = continuation !== undefined;
    effects["model_context"] = continuation === undefined ? [] : [continuation.replace(DATETIME, "")];
    effects["decision"] = null;
    effects["stopped"] = false;
    const capped = notices.filter((n) => n.includes("Agent stop hook blocked"));
    if (capped.length > 0) {
      effects["notices"] = notices.filter((n) => !capped.includes(n));
      notes.push("notices: the 8-blocks cap line belongs to the loop of nine firings, not to one merge (STOP_BLOCK_CAP in src/copilot-cli/events.ts)");
    }
    if (rec.hooks.some((h) => h.invocations > 1)) {
      notes.push("the request is the first firing; the later ones (stop_hook_active: true) are the continuation's");
      if (effects["notices"].length > 0) {
        delete effects["notices"];
        notes.push("notices: left out, the log mixes the lines of every firing");
      }
    }
  }
  const vector: Vector = {
    // the "(recorded by this project …)" remark of our own runs is the observer README's business
    description: rec.scenario.description.replace(/ \(recorded by this project[^)]*\)$/, ""),
    scenario: name,
    source: `${observed}/${file}`,
    request,
    expected: { effects },
  };
  if (ranEvents.size > 1) vector.skip_reason = `spans two events (${[...ranEvents].join(", ")}): a merge request covers one`;
  if (observed.includes("/subagents/") && rec.hooks.some((h) => h.invocations > 1)) vector.skip_reason = "a hook ran for the main agent's task call and the subagent's call: a merge request covers one call";
  if (hooks.length === 0) notes.push("no hook ran (no hooks, not selected, or not read from this location): the runner decides that; here the empty chain");
  if (notes.length > 0) vector.notes = notes;
  return { dir: event, vector };
}

function main(): void {
  const check = process.argv.includes("--check");
  const written = new Map<string, string>();
  for (const set of SETS) for (const file of readdirSync(join(set, "observed")).filter((f) => f.endsWith(".json")).sort()) {
    const rec = JSON.parse(readFileSync(join(set, "observed", file), "utf8")) as Recording;
    if (!existsSync(join(set, "scenarios", file))) throw new Error(`${file}: no scenario beside it`);
    const { dir, vector } = vectorOf(rec, file, `${set}/observed`);
    written.set(join(OUT, dir, file), JSON.stringify(vector, null, 2) + "\n");
  }
  const existing = existsSync(OUT)
    ? readdirSync(OUT, { withFileTypes: true }).filter((d) => d.isDirectory()).flatMap((d) => readdirSync(join(OUT, d.name)).filter((f) => f.endsWith(".json")).map((f) => join(OUT, d.name, f)))
    : [];
  if (check) {
    const stale = [...written].filter(([path, text]) => !existsSync(path) || readFileSync(path, "utf8") !== text).map(([path]) => path);
    const extra = existing.filter((path) => !written.has(path));
    if (stale.length + extra.length > 0) {
      console.error(`vectors out of date:\n${[...stale, ...extra].join("\n")}`);
      process.exit(1);
    }
    console.log(`${written.size} vectors up to date`);
    return;
  }
  for (const path of existing) if (!written.has(path)) rmSync(path);
  for (const [path, text] of written) {
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, text);
  }
  console.log(`wrote ${written.size} vectors under ${OUT}`);
}

main();
