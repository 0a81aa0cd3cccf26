/**
 * Codex CLI in the lab: the native binary of @openai/codex, driven through `codex app-server`
 * (JSON-RPC lines on stdio: the only way to see Codex's own record of each hook run and to
 * answer approval requests) or `codex exec --json`, against a scripted OpenAI Responses API
 * (`POST /v1/responses`, server-sent events) configured as a custom model provider. Hooks go
 * to `$CODEX_HOME/hooks.json`, `[hooks]` in its config.toml, or the project's `.codex/`.
 *
 * The recording and its `outcome` are the format of test/observer/codex/ (its README).
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { LabAgent, LabContext, Recording } from "../core/agent.js";
import { versionFromCommand } from "../core/install.js";
import { readHookRecord, writeHookScript, type HookRecord, type ScriptedHook } from "../core/hook-script.js";
import { startModelServer, TurnCounter, type Answer, type LoggedRequest, type ModelRequest } from "../core/model-server.js";
import { normaliseRun, replaceIds, UUID_PATTERN } from "../core/normalise.js";
import { runAgent, type AgentRun } from "../core/process.js";
import type { Scenario } from "../core/scenario.js";
import { makeRunDir, markerLines, substitute, writeScenarioFiles } from "../core/workspace.js";

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => v !== null && typeof v === "object" && !Array.isArray(v);

const TOOL_EVENTS = new Set(["PreToolUse", "PostToolUse", "PermissionRequest"]);
const DEFAULT_PROMPT = "do it";
const HOOK_ENV_PATTERN = "^(CODEX|CLAUDE|PLUGIN|PWD=|HOME=|SHELL=)";

// ------------------------------------------------------------ the scripted Responses API

interface Call { name: string; namespace?: string; arguments?: Obj | string; call_id?: string }
export interface CodexTurn { text?: string; tool_call?: Call; tool_calls?: Call[]; error?: { status?: number; message?: string; type?: string } }

const USAGE = { input_tokens: 10, input_tokens_details: { cached_tokens: 0 }, output_tokens: 5, output_tokens_details: { reasoning_tokens: 0 }, total_tokens: 15 };

/** `prefix` tells a subagent's call ids (`call_sub_1`) from the main loop's (`call_1`). */
function outputItems(turn: CodexTurn, n: number, prefix = ""): Obj[] {
  const call = (c: Call, k: number): Obj => ({ type: "function_call", id: `fc_${prefix}${n + 1}_${k + 1}`, call_id: c.call_id ?? (k === 0 ? `call_${prefix}${n + 1}` : `call_${prefix}${n + 1}_${k + 1}`), name: c.name, ...(c.namespace === undefined ? {} : { namespace: c.namespace }), arguments: typeof c.arguments === "string" ? c.arguments : JSON.stringify(c.arguments ?? {}) });
  if (turn.tool_call !== undefined) return [call(turn.tool_call, 0)];
  if (turn.tool_calls !== undefined) return turn.tool_calls.map(call);
  return [{ type: "message", id: `msg_mock_${prefix}${n + 1}`, role: "assistant", content: [{ type: "output_text", text: turn.text ?? "done", annotations: [] }] }];
}

/** A subagent's script: its requests (a user message of its input holds `marker`) take these turns, counted apart. */
export interface CodexSubagentScript { turns: readonly CodexTurn[]; marker: string }

const DEFAULT_SUBAGENT_MARKER = "SUBAGENT";
/** In a main turn's arguments: the id the last spawn_agent call got back (its output in the request's input), for wait_agent. */
const SPAWNED_ID = "{{SPAWNED_AGENT_ID}}";

const userTexts = (body: Obj): string[] => (Array.isArray(body["input"]) ? (body["input"] as Item[]) : []).filter((it) => it.type === "message" && it.role === "user").map(itemText);

function spawnedId(body: Obj): string | null {
  let id: string | null = null;
  for (const it of Array.isArray(body["input"]) ? (body["input"] as Item[]) : []) {
    if (it.type !== "function_call_output" || typeof it.output !== "string") continue;
    try { const v = JSON.parse(it.output) as unknown; if (isObj(v) && typeof v["agent_id"] === "string") id = v["agent_id"]; } catch { /* not a spawn_agent output */ }
  }
  return id;
}

/**
 * The n-th request that offers tools gets the n-th turn; others (titles, summaries) get "ok". With a subagent
 * script, a request whose user messages hold its marker is the subagent's and gets the subagent's n-th turn.
 */
export function responsesApi(turns: readonly CodexTurn[], subagent: CodexSubagentScript | null = null): (req: ModelRequest) => Answer {
  const counter = new TurnCounter();
  return (req) => {
    if (req.method !== "POST" || !/\/responses$/.test(req.url.split("?")[0]!)) return { kind: "other", reply: { status: 404, json: { error: { message: "lab: not found" } } } };
    const body = isObj(req.body) ? req.body : {};
    const offersTools = Array.isArray(body["tools"]) && body["tools"].length > 0;
    const isSub = offersTools && subagent !== null && userTexts(body).some((t) => t.includes(subagent.marker));
    const isMain = offersTools && !isSub;
    const kind = isSub ? "subagent" : isMain ? "main" : "side";
    const n = counter.next(kind);
    let turn: CodexTurn = isSub ? subagent!.turns[n] ?? { text: `done (unscripted subagent turn ${n})` } : isMain ? turns[n] ?? { text: `done (unscripted turn ${n})` } : { text: "ok" };
    if (isMain && JSON.stringify(turn).includes(SPAWNED_ID)) turn = JSON.parse(JSON.stringify(turn).split(SPAWNED_ID).join(spawnedId(body) ?? "no-spawned-agent")) as CodexTurn;
    if (turn.error !== undefined) {
      return { kind, turn: n, logged: { error: turn.error }, reply: { status: turn.error.status ?? 400, json: { error: { message: turn.error.message ?? "lab: scripted error", type: turn.error.type ?? "invalid_request_error" } } } };
    }
    const items = outputItems(turn, n, isSub ? "sub_" : "");
    const id = `resp_mock_${isSub ? "sub_" : isMain ? "" : "side_"}${n + 1}`;
    const events: { event: string; data: Obj }[] = [{ event: "response.created", data: { type: "response.created", response: { id } } }];
    items.forEach((item, i) => {
      events.push({ event: "response.output_item.added", data: { type: "response.output_item.added", output_index: i, item } });
      events.push({ event: "response.output_item.done", data: { type: "response.output_item.done", output_index: i, item } });
    });
    events.push({ event: "response.completed", data: { type: "response.completed", response: { id, usage: USAGE } } });
    return { kind, turn: n, logged: items, reply: { sse: events } };
  };
}

// ------------------------------------------------------------ configuration

/** A JSON value as a TOML value (inline tables and arrays; JSON's string escapes are TOML's). */
export function tomlValue(v: unknown): string {
  if (typeof v === "string") return JSON.stringify(v);
  if (typeof v === "number" || typeof v === "boolean") return String(v);
  if (Array.isArray(v)) return `[${v.map(tomlValue).join(", ")}]`;
  if (isObj(v)) return `{ ${Object.entries(v).filter(([, x]) => x !== undefined).map(([k, x]) => `${JSON.stringify(k)} = ${tomlValue(x)}`).join(", ")} }`;
  throw new Error(`lab: ${String(v)} has no TOML form`);
}

type Source = "user" | "user_toml" | "project" | "project_toml";
interface CodexHook extends ScriptedHook { event?: string; matcher?: unknown; group?: number; source?: Source; timeout?: number; same_command_as?: number; command?: string; async?: boolean; handler_extra?: Obj }

function hookMaps(hooks: readonly CodexHook[], commands: readonly string[], event: string): Record<Source, Obj> {
  const out: Record<Source, Record<string, { key: string; group: Obj }[]>> = { user: {}, user_toml: {}, project: {}, project_toml: {} };
  hooks.forEach((h, k) => {
    const ev = h.event ?? event;
    // Codex reports its shell tool to hooks as Bash
    const matcher = h.matcher !== undefined ? h.matcher : TOOL_EVENTS.has(ev) ? "Bash" : undefined;
    const groups = (out[h.source ?? "user"][ev] ??= []);
    const key = `${String(h.group ?? 0)}|${String(matcher)}`;
    let entry = groups.find((g) => g.key === key);
    if (entry === undefined) {
      entry = { key, group: { ...(matcher !== undefined && matcher !== null ? { matcher } : {}), hooks: [] } };
      groups.push(entry);
    }
    (entry.group["hooks"] as Obj[]).push({ type: "command", command: commands[k], timeout: h.timeout ?? 10, ...(h.async === true ? { async: true } : {}), ...h.handler_extra });
  });
  const map = (s: Source): Obj => Object.fromEntries(Object.entries(out[s]).map(([ev, gs]) => [ev, gs.map((g) => g.group)]));
  return { user: map("user"), user_toml: map("user_toml"), project: map("project"), project_toml: map("project_toml") };
}

const tomlHooks = (map: Obj): string => Object.entries(map).map(([ev, groups]) => `${ev} = ${tomlValue(groups)}`).join("\n");

function configToml(sc: Scenario, port: number, work: string, vars: Record<string, string>, userTomlHooks: Obj): string {
  // a custom Responses-API provider on the model server; everything that would reach out (plugins, apps, update check, analytics) off
  return [
    'model = "mock-model"',
    'model_provider = "oracle"',
    "check_for_update_on_startup = false",
    `approval_policy = ${JSON.stringify((sc["approval_policy"] as string | undefined) ?? "never")}`,
    `sandbox_mode = ${JSON.stringify((sc["sandbox_mode"] as string | undefined) ?? "danger-full-access")}`,
    ...(sc["trust_project"] === true ? [`[projects.${JSON.stringify(work)}]`, 'trust_level = "trusted"'] : []),
    "[model_providers.oracle]",
    'name = "oracle"',
    `base_url = "http://127.0.0.1:${port}/v1"`,
    'wire_api = "responses"',
    'env_key = "ORACLE_API_KEY"',
    "request_max_retries = 0",
    "stream_max_retries = 0",
    "[analytics]",
    "enabled = false",
    "[features]",
    ...Object.entries({ plugins: false, apps: false, remote_plugin: false, ...((sc["features"] ?? {}) as Obj) }).map(([k, v]) => `${k} = ${String(v)}`),
    ...(typeof sc["config_extra"] === "string" ? [substitute(sc["config_extra"], vars)] : []),
    ...(Object.keys(userTomlHooks).length > 0 ? ["[hooks]", tomlHooks(userTomlHooks)] : []),
  ].join("\n") + "\n";
}

// ------------------------------------------------------------ the two transports

interface Driven { run: AgentRun; args: string[]; messages: Obj[]; approvals: Obj[]; rpc: Obj }

async function driveAppServer(sc: Scenario, bin: string, work: string, env: Record<string, string>): Promise<Driven> {
  const args = ["app-server", ...((sc["cli_args"] ?? []) as string[])];
  const messages: Obj[] = [];
  const approvals: Obj[] = [];
  const rpc: Obj = {};
  const pending = new Map<number, (m: Obj) => void>();
  let nextId = 0;
  let turnsDone = 0;
  // with a scripted subagent, only the main thread's turns count: a subagent's thread completes its own turn first
  const mainThreadOnly = sc["subagent_turns"] !== undefined;
  let mainThread: unknown = undefined;
  let onTurn: (() => void) | null = null;
  let markClosed: () => void = () => undefined;
  const closed = new Promise<null>((r) => { markClosed = () => r(null); });
  const answer = (sc["approval_answer"] as string | undefined) ?? "decline";
  const delay = (sc["approval_delay_ms"] as number | undefined) ?? 0;
  const prompts = (sc["prompts"] as string[] | undefined) ?? [(sc["prompt"] as string | undefined) ?? DEFAULT_PROMPT];
  const runPromise = runAgent(bin, args, {
    cwd: work, env, timeoutMs: (sc["cli_timeout_ms"] as number | undefined) ?? 120000, graceAfterEndMs: 5000,
    interactive: {
      start: (write, end) => {
        const send = (m: Obj): void => write(JSON.stringify(m) + "\n");
        const request = (method: string, params: Obj): Promise<Obj | null> => Promise.race([new Promise<Obj>((r) => { const id = ++nextId; pending.set(id, r); send({ id, method, params }); }), closed]);
        const turnsReached = (n: number): Promise<boolean> => Promise.race([new Promise<boolean>((r) => { const check = (): void => { if (turnsDone >= n) r(true); }; onTurn = check; check(); }), closed.then(() => false)]);
        (async () => {
          rpc["initialize"] = await request("initialize", { clientInfo: { name: "codex-oracle", version: "1" } });
          if (rpc["initialize"] !== null) {
            send({ method: "initialized" });
            const threadParams = {
              cwd: work,
              config: { bypass_hook_trust: (sc["bypass_hook_trust"] as boolean | undefined) ?? true, ...((sc["thread_config"] ?? {}) as Obj) },
              approvalPolicy: (sc["approval_policy"] as string | undefined) ?? "never",
              sandbox: (sc["sandbox_mode"] as string | undefined) ?? "danger-full-access",
            };
            const thread = await request("thread/start", threadParams);
            rpc["thread_start"] = thread;
            const threadId = ((thread?.["result"] as Obj | undefined)?.["thread"] as Obj | undefined)?.["id"];
            mainThread = threadId;
            const started: (Obj | null)[] = [];
            rpc["turn_start"] = started;
            if (typeof threadId === "string") {
              for (let i = 0; i < prompts.length; i++) {
                const r = await request("turn/start", { threadId, input: [{ type: "text", text: prompts[i], text_elements: [] }] });
                started.push(r);
                if (r === null || r["error"] !== undefined) break;
                if (!(await turnsReached(i + 1))) break;
              }
            }
          }
          await new Promise((r) => setTimeout(r, (sc["linger_ms"] as number | undefined) ?? 100));
          end();
        })().catch(() => end());
      },
      onLine: (line, write) => {
        let m: Obj;
        try { m = JSON.parse(line) as Obj; } catch { messages.push({ unparsed: line }); return; }
        messages.push(m);
        if (m["id"] !== undefined && m["method"] === undefined) {
          const r = pending.get(m["id"] as number);
          if (r !== undefined) { pending.delete(m["id"] as number); r(m); }
          return;
        }
        if (m["id"] !== undefined) {
          // a request from Codex to its client: approvals are answered per scenario, anything else refused
          const method = m["method"] as string;
          let result: Obj | null = null;
          if (method === "item/commandExecution/requestApproval" || method === "item/fileChange/requestApproval") result = { decision: answer };
          else if (method === "execCommandApproval" || method === "applyPatchApproval") result = { decision: answer === "accept" ? "approved" : answer === "cancel" ? "abort" : "denied" };
          const reply = result !== null ? { id: m["id"], result } : { id: m["id"], error: { code: -32601, message: "not supported by the codex oracle" } };
          approvals.push({ method, params: m["params"], answered: result });
          const text = JSON.stringify(reply) + "\n";
          if (delay > 0) setTimeout(() => write(text), delay); else write(text);
          return;
        }
        if (m["method"] === "turn/completed" && (!mainThreadOnly || (isObj(m["params"]) && m["params"]["threadId"] === mainThread))) { turnsDone++; onTurn?.(); }
      },
    },
  });
  const run = await runPromise.finally(markClosed);
  return { run, args, messages, approvals, rpc };
}

async function driveExec(sc: Scenario, bin: string, work: string, env: Record<string, string>): Promise<Driven> {
  const args = ["exec", "--json", "--skip-git-repo-check", "--color", "never"];
  if ((sc["bypass_hook_trust"] as boolean | undefined) ?? true) args.push("--dangerously-bypass-hook-trust");
  if (sc["approval_policy"] === undefined && sc["sandbox_mode"] === undefined) args.push("--dangerously-bypass-approvals-and-sandbox");
  args.push(...((sc["cli_args"] ?? []) as string[]), (sc["prompt"] as string | undefined) ?? DEFAULT_PROMPT);
  const run = await runAgent(bin, args, { cwd: work, env, timeoutMs: (sc["cli_timeout_ms"] as number | undefined) ?? 120000 });
  return { run, args, messages: [], approvals: [], rpc: {} };
}

// ------------------------------------------------------------ what the model saw

interface Item { type?: string; role?: string; call_id?: string; content?: Obj[]; name?: string; arguments?: unknown; output?: unknown }

function itemText(it: Item): string {
  if (it.type === "message") return (it.content ?? []).map((c) => (c["text"] as string | undefined) ?? (c["type"] === "input_image" ? "[image]" : JSON.stringify(c))).join("\n");
  if (it.type === "function_call") return JSON.stringify({ name: it.name, arguments: it.arguments });
  if (it.type === "function_call_output") return typeof it.output === "string" ? it.output : JSON.stringify(it.output);
  return JSON.stringify(it).slice(0, 800);
}
const itemKey = (it: Item): string => `${it.type ?? ""}|${it.role ?? ""}|${it.call_id ?? ""}|${itemText(it)}`;
const inputOf = (r: LoggedRequest): Item[] => (isObj(r.body) && Array.isArray(r.body["input"]) ? (r.body["input"] as Item[]) : []);
/** The unified-exec tool output carries a random chunk id and a wall time. */
const normaliseToolOutput = (s: string): string => s.replace(/^Chunk ID: \w+$/m, "Chunk ID: <id>").replace(/^Wall time: [\d.]+ seconds$/m, "Wall time: <n> seconds");

const jsonLines = (text: string): Obj[] => text.split("\n").filter(Boolean).map((l) => { try { return JSON.parse(l) as Obj; } catch { return { unparsed: l }; } });

function filesUnder(dir: string, suffix: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? filesUnder(join(dir, e.name), suffix) : e.name.endsWith(suffix) ? [join(dir, e.name)] : []));
}

// ------------------------------------------------------------ one run

type Baseline = ReadonlySet<string>;
interface RawRun { recording: Recording; main: LoggedRequest[] }

async function runScenario(sc: Scenario, ctx: LabContext, baseline: Baseline | null, raw: boolean): Promise<RawRun> {
  const rd = makeRunDir(sc.name, "oracle-marker.txt");
  const codexHome = join(rd.home, ".codex");
  mkdirSync(codexHome, { recursive: true });
  try {
    writeScenarioFiles(rd.work, sc["files"], rd.vars);
    const event = sc.event ?? "PreToolUse";
    const tool = (sc["tool"] as string | undefined) ?? "exec_command";
    const toolArguments = substitute((sc["tool_arguments"] as Obj | undefined) ?? { cmd: "echo original >> {{MARKER}}; echo tool-output-original" }, rd.vars);
    const hasToolCall = (sc["tool_call"] as boolean | undefined) ?? TOOL_EVENTS.has(event);
    const turns = substitute((sc["model_turns"] as CodexTurn[] | undefined) ?? (hasToolCall ? [{ tool_call: { name: tool, arguments: toolArguments } }, { text: "done" }] : [{ text: "done" }]), rd.vars);

    const hooks = substitute(sc.hooks as CodexHook[], rd.vars);
    const commands: string[] = [];
    hooks.forEach((h, k) => { commands.push(h.same_command_as !== undefined ? commands[h.same_command_as] ?? "" : h.command ?? writeHookScript(rd.hooks, k, h, HOOK_ENV_PATTERN)); });
    const maps = hookMaps(hooks, commands, event);
    const hooksFiles: Obj = {};
    if (Object.keys(maps.user).length > 0) {
      hooksFiles["user"] = { hooks: maps.user, ...((sc["hooks_file_extra"] ?? {}) as Obj) };
      writeFileSync(join(codexHome, "hooks.json"), JSON.stringify(hooksFiles["user"], null, 2));
    }
    if (Object.keys(maps.project).length > 0 || Object.keys(maps.project_toml).length > 0) mkdirSync(join(rd.work, ".codex"), { recursive: true });
    if (Object.keys(maps.project).length > 0) {
      hooksFiles["project"] = { hooks: maps.project };
      writeFileSync(join(rd.work, ".codex", "hooks.json"), JSON.stringify(hooksFiles["project"], null, 2));
    }
    if (Object.keys(maps.project_toml).length > 0) writeFileSync(join(rd.work, ".codex", "config.toml"), `[hooks]\n${tomlHooks(maps.project_toml)}\n`);

    const subagentScript: CodexSubagentScript | null = sc["subagent_turns"] === undefined ? null
      : { turns: substitute(sc["subagent_turns"] as CodexTurn[], rd.vars), marker: (sc["subagent_marker"] as string | undefined) ?? DEFAULT_SUBAGENT_MARKER };
    const server = await startModelServer(responsesApi(turns, subagentScript));
    const config = configToml(sc, server.port, rd.work, rd.vars, maps.user_toml);
    writeFileSync(join(codexHome, "config.toml"), config);
    const env: Record<string, string> = {
      PATH: process.env["PATH"] ?? "/usr/local/bin:/usr/bin:/bin", LANG: "C.UTF-8", TERM: "dumb", SHELL: "/bin/bash",
      HOME: rd.home, CODEX_HOME: codexHome, TMPDIR: rd.tmp, ORACLE_API_KEY: "dummy",
      RUST_LOG: (sc["rust_log"] as string | undefined) ?? "warn,codex_hooks=trace,codex_core=info", NO_COLOR: "1",
      ...((sc["env"] ?? {}) as Record<string, string>),
    };
    const transport = (sc["transport"] as string | undefined) ?? "app-server";
    const t0 = Date.now();
    const driven = transport === "exec" ? await driveExec(sc, ctx.bin, rd.work, env) : await driveAppServer(sc, ctx.bin, rd.work, env);
    await new Promise((r) => setTimeout(r, 50));
    await server.close();

    const notes = driven.messages.filter((m) => m["method"] !== undefined && m["id"] === undefined);
    const main = server.log.filter((r) => r.kind === "main");
    const sub = server.log.filter((r) => r.kind === "subagent");
    const inRun = baseline === null ? null : new Set([...baseline].map((s) => s.split("$TMP").join(rd.dir)));
    const summarise = (log: LoggedRequest[]): Obj[] => log.map((r, i) => {
      const input = inputOf(r);
      const before = new Set(i > 0 ? inputOf(log[i - 1]!).map(itemKey) : []);
      const fresh = input.filter((it) => !before.has(itemKey(it)) && !(inRun?.has(itemKey(it)) ?? false)).map((it) => ({ type: it.type, role: it.role, call_id: it.call_id, text: itemText(it) }));
      const body = isObj(r.body) ? r.body : {};
      return { turn: r.turn, n_items: input.length, new_items: fresh, instructions_len: typeof body["instructions"] === "string" ? body["instructions"].length : undefined, tools: ((body["tools"] ?? []) as Obj[]).map((t) => t["name"] ?? t["type"]), reply: r.reply };
    });
    const requests = summarise(main);
    const outputsOf = (log: LoggedRequest[]): { call_id: string | undefined; output: string; in_request: number }[] => {
      const out: { call_id: string | undefined; output: string; in_request: number }[] = [];
      const seen = new Set<string | undefined>();
      log.forEach((r, i) => {
        for (const it of inputOf(r)) if (it.type === "function_call_output" && !seen.has(it.call_id)) { seen.add(it.call_id); out.push({ call_id: it.call_id, output: normaliseToolOutput(typeof it.output === "string" ? it.output : JSON.stringify(it.output)), in_request: i }); }
      });
      return out;
    };
    const toolOutputs = outputsOf(main);
    const hookRecords: HookRecord[] = hooks.map((_h, k) => readHookRecord(rd.hooks, k, commands[k]!, t0));
    const rolloutFile = filesUnder(join(codexHome, "sessions"), ".jsonl")[0] ?? null;
    const rolloutText = rolloutFile !== null ? readFileSync(rolloutFile, "utf8") : "";
    const rollout = jsonLines(rolloutText);
    const rolloutEvents = rollout.filter((e) => e["type"] === "event_msg").map((e) => e["payload"] as Obj);
    const rolloutItems = rollout.filter((e) => e["type"] === "response_item").map((e) => e["payload"] as Item);
    // log lines about hooks, without the session and turn span prefixes (the hook's own span is kept)
    const logLines = driven.run.stderr.replace(/\x1b\[[0-9;]*m/g, "").split("\n").filter((l) => /hook/i.test(l) && !/outgoing_message: app-server event/.test(l)).map((line) => {
      const l = line.replace(/^\S+Z\s+/, "").replace(/\s+$/, "");
      const level = l.split(/\s+/)[0];
      const span = /codex\.hooks\.command\{[^}]*\}/.exec(l);
      const k = l.lastIndexOf("}: ");
      return k >= 0 ? `${level} ${span !== null ? span[0] + " " : ""}${l.slice(k + 3)}` : l;
    });
    const markers = markerLines(rd);
    const params = (m: Obj): Obj => (isObj(m["params"]) ? m["params"] : {});

    const summary: Obj = {
      name: sc.name, description: sc.description,
      cli_version: /"cli_version":"([^"]+)"/.exec(rolloutText)?.[1] ?? null,
      scenario: sc,
      cli: { exit_code: driven.run.exit, duration_ms: driven.run.durationMs, args: driven.args },
      hooks_files: hooksFiles,
      config_toml: config,
      tool: hasToolCall ? { ran: markers.length > 0, marker_lines: markers, output_received_by_model: toolOutputs[0] ?? null } : undefined,
      tool_outputs: toolOutputs,
      model_requests: requests,
      // a subagent's own requests (subagent_turns: told apart by subagent_marker) and the tool outputs it got
      subagent_requests: subagentScript === null ? undefined : summarise(sub),
      subagent_tool_outputs: subagentScript === null ? undefined : outputsOf(sub),
      transport,
      exec_events: transport === "exec" ? jsonLines(driven.run.stdout) : undefined,
      app_server: transport === "exec" ? undefined : {
        hook_runs: notes.filter((m) => m["method"] === "hook/started" || m["method"] === "hook/completed").map((m) => ({ method: m["method"], turn_id: params(m)["turnId"], run: params(m)["run"] })),
        items: notes.filter((m) => m["method"] === "item/completed").map((m) => params(m)["item"]),
        notices: notes.filter((m) => ["warning", "error", "configWarning", "guardianWarning", "deprecationNotice"].includes(m["method"] as string)).map((m) => ({ method: m["method"], params: m["params"] })),
        turns_completed: notes.filter((m) => m["method"] === "turn/completed").map((m) => ({ status: (params(m)["turn"] as Obj | undefined)?.["status"], error: (params(m)["turn"] as Obj | undefined)?.["error"] })),
        approvals: driven.approvals,
        rpc: driven.rpc,
        other_notifications: [...new Set(notes.map((m) => m["method"]))],
      },
      rollout_notices: rolloutEvents.filter((p) => ["warning", "error", "background_event", "stream_error", "turn_aborted"].includes(p?.["type"] as string)),
      rollout_items: rolloutItems.filter((it) => !(it.type === "message" && it.role === "developer" && /^You are a coding agent/.test(itemText(it)))).map((it) => ({ type: it.type, role: it.role, call_id: it.call_id, text: itemText(it).slice(0, 4000) })),
      hooks: hookRecords,
      hook_log_lines: logLines.slice(0, 200),
      other_http_requests: server.log.filter((r) => r.kind === "other" || r.kind === "side").map((r) => ({ method: r.method, url: r.url, kind: r.kind })),
    };
    const recording = normaliseRun(summary, rd.dir) as Recording;
    if (!raw) recording.outcome = codexOutcome(recording);
    return { recording, main: raw ? normaliseRun(main, rd.dir) : [] };
  } finally {
    rmSync(rd.dir, { recursive: true, force: true });
  }
}

// ------------------------------------------------------------ the outcome

/** Two warnings every run gets (the trust bypass, the mock model's missing metadata): left out. */
const FIXED_MESSAGES = [/^`--dangerously-bypass-hook-trust` is enabled/, /^Model metadata for `mock-model` not found/];

export function codexOutcome(s: Obj): Obj {
  const sc = s["scenario"] as Scenario;
  const prompts = (sc["prompts"] as string[] | undefined) ?? [(sc["prompt"] as string | undefined) ?? DEFAULT_PROMPT];
  const tool = s["tool"] as { ran: boolean; marker_lines: string[]; output_received_by_model: { output: string } | null } | undefined;
  const toolOutputs = s["tool_outputs"] as { output: string }[];
  const requests = s["model_requests"] as { new_items: { type?: string; role?: string; text: string }[] }[];
  const hooks = s["hooks"] as HookRecord[];
  const o: Obj = {
    tool_ran: tool?.ran,
    marker_lines: tool?.marker_lines,
    tool_output: tool === undefined ? undefined : tool.output_received_by_model?.output ?? null,
    tool_outputs: toolOutputs.length > 1 ? toolOutputs.map((t) => t.output) : undefined,
    context_added: requests.map((r) => r.new_items.filter((x) => x.type !== "function_call" && x.type !== "function_call_output" && !(x.role === "user" && prompts.includes(x.text)) && x.role !== "assistant").map((x) => `${x.role ?? x.type ?? ""}: ${x.text}`)),
    model_requests: requests.length,
    hook_invocations: hooks.map((h) => h.invocations),
    final_message: null,
  };
  const subRequests = s["subagent_requests"] as { new_items: { type?: string; role?: string; text: string }[] }[] | undefined;
  if (subRequests !== undefined) {
    const marker = (sc["subagent_marker"] as string | undefined) ?? DEFAULT_SUBAGENT_MARKER;
    o["subagent_requests"] = subRequests.length;
    o["subagent_context_added"] = subRequests.map((r) => r.new_items.filter((x) => x.type !== "function_call" && x.type !== "function_call_output" && !(x.role === "user" && x.text.includes(marker)) && x.role !== "assistant").map((x) => `${x.role ?? x.type ?? ""}: ${x.text}`));
    o["subagent_tool_outputs"] = (s["subagent_tool_outputs"] as { output: string }[]).map((t) => t.output);
  }
  const fixed = (text: unknown): boolean => FIXED_MESSAGES.some((re) => re.test(typeof text === "string" ? text : ""));
  if (s["transport"] === "exec") {
    const events = (s["exec_events"] ?? []) as Obj[];
    const completed = events.filter((e) => e["type"] === "item.completed").map((e) => e["item"] as Obj);
    o["final_message"] = completed.filter((i) => i?.["type"] === "agent_message").pop()?.["text"] ?? null;
    o["exec_notices"] = completed.filter((i) => !["command_execution", "agent_message", "reasoning"].includes(i?.["type"] as string) && !fixed(i?.["message"])).map((i) => `${String(i["type"])}: ${String(i["message"] ?? i["text"] ?? JSON.stringify(i))}`);
    o["commands_run"] = completed.filter((i) => i?.["type"] === "command_execution").map((i) => ({ command: i["command"], exit_code: i["exit_code"], status: i["status"] }));
    o["turn"] = events.some((e) => e["type"] === "turn.failed") ? "failed" : events.some((e) => e["type"] === "turn.completed") ? "completed" : "none";
    o["exit_code"] = (s["cli"] as Obj)["exit_code"];
  } else {
    const as = s["app_server"] as { hook_runs: { method: string; run: Obj }[]; items: Obj[]; notices: { method: string; params: Obj }[]; turns_completed: { status: unknown; error?: Obj }[]; approvals: { method: string; params?: Obj; answered: unknown }[] };
    o["final_message"] = as.items.filter((i) => i?.["type"] === "agentMessage").pop()?.["text"] ?? null;
    // Codex's own record of every hook run: event, configured order, status, entries
    o["hook_runs"] = as.hook_runs.filter((h) => h.method === "hook/completed").map((h) => ({ event: h.run["eventName"] as string, order: h.run["displayOrder"] as number, status: h.run["status"], entries: ((h.run["entries"] ?? []) as Obj[]).map((e) => `${String(e["kind"])}: ${String(e["text"])}`) }))
      .sort((x, y) => x.event.localeCompare(y.event) || x.order - y.order || JSON.stringify(x).localeCompare(JSON.stringify(y)));
    o["commands_run"] = as.items.filter((i) => i?.["type"] === "commandExecution").map((i) => ({ command: i["command"], status: i["status"], exit_code: i["exitCode"] }));
    o["notices"] = as.notices.filter((n) => !fixed(n.params?.["message"] ?? n.params?.["summary"])).map((n) => `${n.method}: ${String(n.params?.["message"] ?? n.params?.["summary"] ?? (n.params?.["error"] as Obj | undefined)?.["message"] ?? JSON.stringify(n.params))}`);
    o["turns"] = as.turns_completed.map((t) => `${String(t.status)}${t.error !== undefined && t.error !== null ? `: ${String(t.error["message"] ?? JSON.stringify(t.error))}` : ""}`);
    o["approvals"] = as.approvals.length > 0 ? as.approvals.map((a) => ({ method: a.method, command: a.params?.["command"], reason: a.params?.["reason"] ?? null, answered: a.answered })) : undefined;
  }
  if (subRequests !== undefined) {
    // whose call each hook run was for: the tool, and the subagent's agent_type (a subagent's input carries agent_id and agent_type);
    // sorted, as the main agent's wait_agent and the subagent's call run side by side
    o["hook_callers"] = hooks.map((h) => (h.invocations > 0 ? [h.stdin_first, ...(h.stdin_more ?? [])] : []).map((x) => {
      const i = isObj(x) ? x : {};
      return `${String(i["hook_event_name"])} ${String(i["tool_name"] ?? "")} by ${typeof i["agent_id"] === "string" ? `subagent (agent_type ${String(i["agent_type"])})` : "main agent"}`.replace("  ", " ");
    }).sort());
  }
  o["hook_env"] = hooks.some((h) => h.env_first !== undefined) ? hooks.map((h) => h.env_first ?? null) : undefined;
  // a spawned agent's nickname is drawn at random (spawn_agent's output, a subagent's `wait_agent` status)
  return replaceIds(JSON.parse(JSON.stringify(o)) as Obj, [[UUID_PATTERN, "<uuid>"], [/\\"nickname\\":\\"[^"\\]*\\"/g, '\\"nickname\\":\\"<name>\\"']]);
}

// ------------------------------------------------------------ baselines

/** The input items every request carries (developer instructions, skills, environment), per approval, sandbox, features, extra config and transport: two runs without hooks each. */
const baselines = new Map<string, Promise<Baseline>>();
function baselineFor(sc: Scenario, ctx: LabContext): Promise<Baseline> {
  const shape = { approval_policy: sc["approval_policy"], sandbox_mode: sc["sandbox_mode"], features: sc["features"], config_extra: sc["config_extra"], transport: sc["transport"] };
  const key = JSON.stringify([shape.approval_policy ?? null, shape.sandbox_mode ?? null, shape.features ?? null, shape.config_extra ?? null, shape.transport ?? null]);
  let b = baselines.get(key);
  if (b === undefined) {
    b = (async () => {
      const set = new Set<string>();
      const defined = Object.fromEntries(Object.entries(shape).filter(([, v]) => v !== undefined));
      for (const base of [{ name: "baseline-tool", event: "PreToolUse", hooks: [], ...defined }, { name: "baseline-text", event: "Stop", hooks: [], ...defined }]) {
        const r = await runScenario(base, ctx, null, true);
        for (const req of r.main) {
          const input = inputOf(req);
          // everything before the prompt is fixed context
          const p = input.findIndex((it) => it.type === "message" && it.role === "user" && itemText(it) === DEFAULT_PROMPT);
          for (const it of input.slice(0, p < 0 ? input.length : p)) set.add(itemKey(it));
        }
      }
      return set;
    })();
    baselines.set(key, b);
  }
  return b;
}

export const codex: LabAgent = {
  name: "codex",
  npmPackage: "@openai/codex",
  recordedVersion: "0.171.0",
  bin: "node_modules/@openai/codex-linux-x64/vendor/x86_64-unknown-linux-musl/bin/codex",
  checkDirs: ["codex/scenarios", "codex/subagents/scenarios"],
  outcomeOf: codexOutcome,
  versionOf: (bin) => versionFromCommand(bin, ["--version"], { HOME: "/tmp" }, /codex-cli (\S+)/),
  async run(sc, ctx) {
    return (await runScenario(sc, ctx, await baselineFor(sc, ctx), false)).recording;
  },
};
