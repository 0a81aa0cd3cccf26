/**
 * test/observer/codex/observed/*.json and subagents/observed/*.json (recorded Codex CLI 0.171.0 runs) ->
 * test/vectors/merge/codex/<Event>/<scenario>.json: a `conformance merge`
 * request built from what the hooks did, and the effects read from what
 * Codex did (the tool ran or not and with which input, the exact
 * function_call_output, the items added to the next model request, Codex's
 * own hook-run records). Never from our merge.
 *
 *   npx tsx scripts/extract-codex-vectors.ts [--check]
 *
 * test/vectors/merge/codex/README.md says how each key is read.
 */
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync, existsSync } from "node:fs";
import { join } from "node:path";
import { shortDescription } from "./lib/observations.js";

/** The recorded sets; in subagents/ (issue 25) the hooks answer on a spawned subagent's call, read from its own requests. */
const SETS = ["test/observer/codex/observed", "test/observer/codex/subagents/observed"];
const OUT = "test/vectors/merge/codex";
const check = process.argv.includes("--check");

type Obj = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- recordings are free-form JSON

/** The observer's variables, as its recordings normalise them. */
const VARS: Record<string, string> = { MARKER: "$TMP/work/oracle-marker.txt", DIR: "$TMP", HOOKS: "$TMP/hooks", WORK: "$TMP/work" };
const subst = (text: string): string => text.replace(/\{\{(\w+)\}\}/g, (all, name: string) => VARS[name] ?? all);

/** What the generated hook script prints: the scenario's bytes, decoded as Codex decodes them (UTF-8, invalid bytes as U+FFFD). */
function bytesOf(text: string | undefined, parts: Obj[] | undefined): string {
  if (parts === undefined) return subst(text ?? "");
  const buffers = parts.map((p) =>
    p["base64"] !== undefined ? Buffer.from(p["base64"], "base64") : p["repeat"] !== undefined ? Buffer.from(String(p["repeat"]).repeat(p["times"] ?? 1)) : Buffer.from(subst(p["text"] ?? "")),
  );
  return Buffer.concat(buffers).toString("utf8");
}

const SOURCE_FILES: Record<string, string> = {
  user: "$TMP/home/.codex/hooks.json",
  user_toml: "$TMP/home/.codex/config.toml",
  project: "$TMP/work/.codex/hooks.json",
  project_toml: "$TMP/work/.codex/config.toml",
};
const SOURCE_ORDER = ["user", "user_toml", "project", "project_toml"];
const TOOL_EVENTS = new Set(["PreToolUse", "PostToolUse", "PermissionRequest"]);
const RUN_NAMES: Record<string, string> = {
  PreToolUse: "preToolUse",
  PostToolUse: "postToolUse",
  PermissionRequest: "permissionRequest",
  UserPromptSubmit: "userPromptSubmit",
  Stop: "stop",
  SessionStart: "sessionStart",
  PreCompact: "preCompact",
  PostCompact: "postCompact",
  SessionEnd: "sessionEnd",
  SubagentStart: "subagentStart",
  SubagentStop: "subagentStop",
};

/** A literal command's only recordable result: Codex's hook run says it ended without a status (cx-pre-killed-by-signal). */
function killedBySignal(hookRuns: Obj[], runName: string, configIndex: number): boolean {
  const run = hookRuns.find((r) => r["eventName"] === runName && r["displayOrder"] === configIndex);
  return (run?.["entries"] as Obj[] | undefined)?.some((e) => e["text"] === "hook exited without a status code") === true;
}

function isRegex(source: string): boolean {
  try {
    new RegExp(source);
    return true;
  } catch {
    return false;
  }
}

interface Configured {
  readonly index: number;
  readonly hook: Obj;
  readonly event: string;
  readonly source: string;
  readonly configIndex: number;
}

/** Configured order as the observer writes the files: layer file, then matcher groups by first use, then hooks (pre-21, pre-23). */
function configuredOrder(scenario: Obj): Configured[] {
  const defaultEvent: string = scenario["event"] ?? "PreToolUse";
  const hooks: Obj[] = scenario["hooks"] ?? [];
  const out: Configured[] = [];
  const perEvent = new Map<string, number>();
  for (const source of SOURCE_ORDER) {
    const groups = new Map<string, { event: string; members: number[] }>();
    hooks.forEach((h, index) => {
      if ((h["source"] ?? "user") !== source) return;
      // Codex drops a handler whose matcher is not a regex at load time, with a warning; it takes no displayOrder (cx-pre-matcher-invalid-regex).
      if (typeof h["matcher"] === "string" && !isRegex(h["matcher"])) return;
      const event: string = h["event"] ?? defaultEvent;
      const matcher = h["matcher"] !== undefined ? h["matcher"] : TOOL_EVENTS.has(event) ? "Bash" : undefined;
      const key = `${event}|${String(h["group"] ?? 0)}|${String(matcher)}`;
      if (!groups.has(key)) groups.set(key, { event, members: [] });
      groups.get(key)!.members.push(index);
    });
    for (const { event, members } of groups.values()) {
      for (const index of members) {
        const configIndex = perEvent.get(event) ?? 0;
        perEvent.set(event, configIndex + 1);
        out.push({ index, hook: hooks[index]!, event, source: SOURCE_FILES[source]!, configIndex });
      }
    }
  }
  return out;
}

interface Ran extends Configured {
  readonly invocation: number;
  readonly end: number;
  readonly request: Obj;
  readonly stdin: Obj | null;
}

function vectorOf(name: string, o: Obj, observed: string): Obj {
  const scenario: Obj = o["scenario"];
  const outcome: Obj = o["outcome"];
  const recordedHooks: Obj[] = o["hooks"] ?? [];
  const hookRuns: Obj[] = (o["app_server"]?.["hook_runs"] ?? []).filter((r: Obj) => r["method"] === "hook/completed").map((r: Obj) => r["run"]);
  const base = { description: typeof o["description"] === "string" ? shortDescription(o["description"]) : o["description"], scenario: name, source: `${observed}/${name}.json` };
  if (scenario["subagent_turns"] !== undefined && TOOL_EVENTS.has(scenario["event"] ?? "PreToolUse") && recordedHooks.some((h) => (h["invocations"] ?? 0) > 1)) {
    return { ...base, request: null, expected: null, skip_reason: "a hook ran for several calls (the main agent's and the subagent's): a merge request covers one call" };
  }

  // Which configured hooks ran, and which invocation of their script was this event's first.
  const uses = new Map<number, number>();
  const ran: Ran[] = [];
  for (const c of configuredOrder(scenario)) {
    const script = c.hook["same_command_as"] ?? c.index;
    const invocation = uses.get(script) ?? 0;
    uses.set(script, invocation + 1);
    const recorded = recordedHooks.find((h) => h["index"] === script);
    const own = scenario["hooks"][script] as Obj;
    const custom = typeof own["command"] === "string";
    const started = recorded !== undefined && (recorded["invocations"] ?? 0) > invocation;
    const reported = hookRuns.some((r) => r["eventName"] === RUN_NAMES[c.event] && r["displayOrder"] === c.configIndex);
    if (!started && !(custom && reported)) continue;
    if (custom && !killedBySignal(hookRuns, RUN_NAMES[c.event]!, c.configIndex)) {
      return { ...base, request: null, expected: null, skip_reason: "a hook is a literal command whose output the observer does not record (it reports its own argv): test/codex/runner.test.ts checks the shell instead" };
    }
    const timeout: number = c.hook["timeout"] ?? 10;
    const startMs: number = recorded?.["start_ms"]?.[invocation] ?? 0;
    const endMs: number | undefined = recorded?.["end_ms"]?.[invocation];
    const timedOut = started && endMs === undefined;
    const request: Obj = {
      command: custom ? own["command"] : recorded!["command"],
      exit: timedOut || custom ? null : (own["exit"] ?? 0),
      stdout: timedOut || custom ? "" : bytesOf(own["stdout"], own["stdout_parts"]),
      stderr: timedOut || custom ? "" : bytesOf(own["stderr"], own["stderr_parts"]),
      ...(timedOut ? { timed_out: true } : {}),
      source: c.source,
      timeout,
      config_index: c.configIndex,
      ...(c.hook["async"] === true ? { async: true } : {}),
    };
    const stdin = recorded === undefined ? null : invocation === 0 ? recorded["stdin_first"] ?? null : recorded["stdin_more"]?.[invocation - 1] ?? null;
    ran.push({ ...c, invocation, end: endMs ?? startMs + timeout * 1000, request, stdin });
  }
  const events = [...new Set(ran.map((r) => r.event))];
  if (ran.length === 0) return { ...base, request: null, expected: null, skip_reason: "no hook ran (a matcher, trust or approval-policy rule kept them all from starting): the runner tests cover the selection" };
  if (events.length > 1) return { ...base, request: null, expected: null, skip_reason: `hooks of two events ran (${events.join(", ")}); a merge request covers one event` };
  const event = events[0]!;
  ran.sort((a, b) => a.end - b.end || a.configIndex - b.configIndex);

  const stdin = ran.find((r) => r.stdin !== null && typeof r.stdin === "object")?.stdin ?? null;
  const request: Obj = { event };
  const reply = o["model_requests"]?.[0]?.["reply"]?.find((item: Obj) => item["type"] === "function_call");
  if (TOOL_EVENTS.has(event)) {
    request["tool_name"] = stdin?.["tool_name"] ?? "Bash";
    request["tool_input"] = stdin?.["tool_input"] ?? { command: JSON.parse(reply["arguments"])["cmd"] };
  }
  if (stdin !== null) request["input"] = stdin;
  request["hooks"] = ran.map((r) => r.request);

  // What Codex did.
  const runName = RUN_NAMES[event]!;
  const reportedCount = ran.filter((r) => r.request["async"] !== true).length;
  const runs = hookRuns.filter((r) => r["eventName"] === runName).slice(0, reportedCount).sort((a, b) => a["displayOrder"] - b["displayOrder"]);
  const statuses: string[] = runs.map((r) => r["status"]);
  const notices: string[] = runs.flatMap((r) => (r["entries"] as Obj[]).map((e) => `${e["kind"]}: ${e["text"]}`));
  const firstStop = runs.filter((r) => r["status"] === "stopped").flatMap((r) => (r["entries"] as Obj[]).filter((e) => e["kind"] === "stop").map((e) => e["text"] as string))[0] ?? null;
  const requests: number = outcome["model_requests"];
  const contextAdded: string[][] = outcome["context_added"] ?? [];
  const byRole = (items: string[] | undefined, role: string): string[] =>
    (items ?? []).filter((t) => t.startsWith(`${role}: `)).map((t) => t.slice(role.length + 2));
  const effects: Obj = {};
  const notes: string[] = [];
  const blockedRun = statuses.includes("blocked");
  const stoppedRun = statuses.includes("stopped");

  // a subagent's call (its input carries agent_id): what its own requests got
  const bySubagent = typeof stdin?.["agent_id"] === "string";
  if (TOOL_EVENTS.has(event)) {
    if (bySubagent) notes.push("the subagent's call: the tool output and context are read from the subagent's own requests");
    const output = bySubagent ? o["subagent_tool_outputs"]?.[0] : o["tool"]?.["output_received_by_model"];
    const toolOutput: string | undefined = output?.["output"];
    const inRequest: number = output?.["in_request"] ?? 1;
    const contextAdded: string[][] = (bySubagent ? outcome["subagent_context_added"] : outcome["context_added"]) ?? [];
    const requests: number = bySubagent ? outcome["subagent_requests"] : outcome["model_requests"];
    const tag: string | undefined = outcome["marker_lines"]?.[0];
    const inputFor = (mark: string): Obj => {
      // the model's own input: `original` (the default call), `sub` (a subagent's scripted call)
      if (mark === "original" || (bySubagent && mark === "sub")) return request["tool_input"];
      for (const r of ran) {
        let parsed: Obj | undefined;
        try {
          parsed = JSON.parse(r.request["stdout"]);
        } catch {
          continue;
        }
        const command = parsed?.["hookSpecificOutput"]?.["updatedInput"]?.["command"];
        if (typeof command === "string" && command.includes(`echo ${mark} >>`)) return { command };
      }
      throw new Error(`${name}: no hook rewrite writes marker ${mark}`);
    };
    const approvalsAsked = (outcome["approvals"]?.length ?? 0) > 0;
    if (event === "PermissionRequest" && approvalsAsked) {
      effects["decision"] = null;
      effects["blocked"] = false;
      notes.push("no hook decided: Codex asked the client, whose answer decides whether the tool ran and what the model got; tool_input and tool_result are left out");
    } else {
      effects["decision"] = event === "PermissionRequest" ? (outcome["tool_ran"] ? "allow" : "deny") : event === "PreToolUse" && blockedRun && !outcome["tool_ran"] ? "deny" : null;
      effects["blocked"] = blockedRun;
      effects["tool_input"] = outcome["tool_ran"] ? inputFor(tag!) : null;
      effects["tool_result"] = toolOutput === undefined || toolOutput.startsWith("Chunk ID: ") ? null : toolOutput;
    }
    effects["model_context"] = byRole(contextAdded[inRequest], "developer");
    effects["stopped"] = false;
    effects["stop_reason"] = null;
    if (requests <= inRequest) throw new Error(`${name}: no request after the tool call`);
  } else if (event === "UserPromptSubmit") {
    // a hook run `blocked` (decision:block, exit 2); a stop (continue:false) is `stopped`, not a block (issue 18)
    effects["blocked"] = blockedRun && requests === 0;
    effects["model_context"] = requests === 0 ? [] : byRole(contextAdded[0], "developer");
    effects["stopped"] = stoppedRun && requests === 0;
    effects["stop_reason"] = effects["stopped"] ? firstStop : null;
  } else if (event === "SessionStart") {
    effects["blocked"] = false;
    effects["model_context"] = requests === 0 ? [] : byRole(contextAdded[0], "developer");
    effects["stopped"] = stoppedRun && requests === 0;
    effects["stop_reason"] = effects["stopped"] ? firstStop : null;
  } else if (event === "Stop") {
    const prompts = requests > 1 ? byRole(contextAdded[1], "user").filter((t) => t.startsWith("<hook_prompt")) : [];
    effects["blocked"] = prompts.length > 0;
    effects["model_context"] = prompts;
    effects["stopped"] = stoppedRun && requests === 1;
    effects["continues"] = prompts.length > 0;
    effects["stop_reason"] = effects["stopped"] ? firstStop : null;
  } else if (event === "SubagentStop" && scenario["subagent_turns"] !== undefined) {
    // subagents/cx-sub-subagentstop-*: it runs when the subagent's turn ends; a block is a `<hook_prompt>` user message of
    // the subagent's next request (its first firing's; the later firing is the continuation's)
    const sub: string[][] = outcome["subagent_context_added"] ?? [];
    const prompts = sub.flatMap((items) => byRole(items, "user")).filter((t) => t.startsWith("<hook_prompt"));
    const subRequests: number = outcome["subagent_requests"];
    effects["blocked"] = prompts.length > 0;
    effects["model_context"] = prompts;
    effects["continues"] = prompts.length > 0;
    // the subagent made no request after the hook's stop: it ended (as it would have: its turn was over)
    effects["stopped"] = stoppedRun && prompts.length === 0 && subRequests === (scenario["subagent_turns"] as unknown[]).length - 1;
    effects["stop_reason"] = effects["stopped"] ? firstStop : null;
    if (ran.some((r) => (recordedHooks.find((h) => h["index"] === r.index)?.["invocations"] ?? 0) > 1)) notes.push("SubagentStop ran again after the continuation; the vector is its first firing");
  } else if (event === "SubagentStart") {
    // cap-subagentstart-*: spawn_agent's message opens the subagent's first request (the threads take the mock's turns
    // in the order they ask, so its index varies); the hook's context comes before it
    const spawn = (o["scenario"]["model_turns"] as Obj[]).map((t) => t["tool_call"]).find((c) => c?.["name"] === "spawn_agent");
    const message = `user: ${String(spawn?.["arguments"]?.["message"])}`;
    const first = contextAdded.findIndex((items) => items.includes(message));
    effects["blocked"] = false;
    effects["model_context"] = first === -1 ? [] : byRole(contextAdded[first], "developer");
    effects["stopped"] = stoppedRun && first === -1;
    effects["stop_reason"] = effects["stopped"] ? firstStop : null;
    if (first === -1) notes.push("no request of the subagent was recorded");
  } else if (event === "PreCompact" || event === "PostCompact" || event === "SessionEnd") {
    // cap-precompact-*, cap-postcompact-*, cap-sessionend-*: an auto-compaction at the second prompt (the first turn's
    // usage passes the thread's model_auto_compact_token_limit); its summary opens the second turn's request
    const turns: unknown[] = outcome["turns"] ?? [];
    const summarised = (contextAdded[1] ?? []).some((t) => t.startsWith("user: Another language model started to solve this problem"));
    // the compaction went through, and the session on (SessionEnd runs at its end: nothing is left to block or stop)
    if (requests >= 2 && summarised) effects["blocked"] = false;
    effects["model_context"] = byRole(contextAdded[1], "developer");
    // a stop ends the second turn before its request (`interrupted`)
    effects["stopped"] = stoppedRun && requests === 1 && turns[1] === "interrupted";
    effects["stop_reason"] = effects["stopped"] ? firstStop : null;
    if (event === "SessionEnd") notes.push("Codex reports no SessionEnd hook run: its output shows nowhere");
  } else {
    throw new Error(`${name}: no reading for ${event}`);
  }
  if (!TOOL_EVENTS.has(event)) {
    effects["decision"] = null;
    effects["tool_input"] = null;
    effects["tool_result"] = null;
  }
  effects["notices"] = notices;
  return { ...base, request, expected: { effects }, ...(notes.length > 0 ? { notes } : {}) };
}

const wanted = new Map<string, string>();
for (const observed of SETS) for (const name of readdirSync(observed).filter((f) => f.endsWith(".json")).map((f) => f.replace(/\.json$/, "")).sort()) {
  const observation = JSON.parse(readFileSync(join(observed, `${name}.json`), "utf8")) as Obj;
  const vector = vectorOf(name, observation, observed);
  const event: string = vector["request"]?.["event"] ?? observation["scenario"]["event"] ?? "PreToolUse";
  if (vector["request"] === null) {
    // The format requires both: a skipped vector carries the event and no hooks, and determines no effect.
    vector["request"] = { event, hooks: [] };
    vector["expected"] = { effects: {} };
    const { skip_reason: reason, ...rest } = vector;
    Object.assign(vector, rest, { skip_reason: reason });
  }
  wanted.set(join(OUT, event, `${name}.json`), JSON.stringify(vector, null, 2) + "\n");
}

const existing = new Set<string>();
if (existsSync(OUT)) {
  for (const dir of readdirSync(OUT, { withFileTypes: true })) {
    if (!dir.isDirectory()) continue;
    for (const f of readdirSync(join(OUT, dir.name))) if (f.endsWith(".json")) existing.add(join(OUT, dir.name, f));
  }
}
let changed = 0;
for (const [path, text] of wanted) {
  const old = existsSync(path) ? readFileSync(path, "utf8") : null;
  if (old === text) continue;
  changed++;
  if (check) console.error(`would change: ${path}`);
  else {
    mkdirSync(join(path, ".."), { recursive: true });
    writeFileSync(path, text);
  }
}
for (const path of existing) {
  if (wanted.has(path)) continue;
  changed++;
  if (check) console.error(`would remove: ${path}`);
  else rmSync(path);
}
const skipped = [...wanted.values()].filter((t) => t.includes('"skip_reason"')).length;
console.log(`${wanted.size} vectors (${skipped} skipped), ${changed} ${check ? "would change" : "written or removed"}`);
if (check && changed > 0) process.exit(1);
