/**
 * droid in the lab: the native binary of npm `droid` (@factory/cli-linux-x64), run as
 * `droid exec -m custom:oracle-mock -o stream-json --skip-permissions-unsafe "do it"` (or
 * `-o stream-jsonrpc`, its JSON-RPC session worker) against a scripted Chat Completions API,
 * configured as a BYOK custom model in ~/.factory/settings.json; airgap mode on, so no start-up
 * calls are even tried. Hooks go to ~/.factory/hooks.json (a bare event map), the settings, or
 * the project's .factory/.
 *
 * The recording and its `outcome` are the format of test/observer/droid/ (its README).
 */
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { LabAgent, LabContext, Recording } from "../core/agent.js";
import { versionFromCommand } from "../core/install.js";
import { chatCompletionsApi, contentText, type ChatTurn } from "../core/chat-completions.js";
import { readHookRecord, writeHookScript, type ScriptedHook } from "../core/hook-script.js";
import { startModelServer, type LoggedRequest } from "../core/model-server.js";
import { normaliseRun, replaceIds, UUID_PATTERN } from "../core/normalise.js";
import { runAgent } from "../core/process.js";
import type { Scenario } from "../core/scenario.js";
import { makeRunDir, markerLines, substitute, tmpRoot, writeScenarioFiles } from "../core/workspace.js";

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => v !== null && typeof v === "object" && !Array.isArray(v);

const TOOL_EVENTS = new Set(["PreToolUse", "PostToolUse"]);
const DEFAULT_PROMPT = "do it";
const HOOK_ENV_PATTERN = "^(FACTORY_|DROID_|CLAUDE_|HOME=|PWD=|session_id=|tool_name=|hook_event_name=|cwd=|permission_mode=|transcript_path=|prompt=)";

type Source = "user" | "user_settings" | "project" | "project_settings";
interface DroidHook extends ScriptedHook { event?: string; matcher?: unknown; group?: number; command_regex?: string; source?: Source; timeout?: unknown; same_command_as?: number; command?: string; handler_extra?: Obj }

/** Where each source's hooks go: a bare event map in hooks.json, or `hooks` in settings.json. */
const SOURCES: Record<Source, { home: boolean; file: string; settings: boolean }> = {
  user: { home: true, file: "hooks.json", settings: false },
  user_settings: { home: true, file: "settings.json", settings: true },
  project: { home: false, file: "hooks.json", settings: false },
  project_settings: { home: false, file: "settings.json", settings: true },
};

// ------------------------------------------------------------ what the model saw

interface ChatItem { i: number; role: string; text: string; tool_call_id?: string; fixed_paragraphs_removed?: number }
interface ChatMessage { role: string; content?: unknown; tool_call_id?: string; tool_calls?: { function?: { name?: string; arguments?: string } }[] }

const paragraphs = (t: string): string[] => t.split("\n\n").map((p) => p.trim()).filter(Boolean);

/** A request's messages as items, one per text part; the model's calls as their own role. */
function requestItems(messages: unknown, norm: (s: string) => string): ChatItem[] {
  const out: ChatItem[] = [];
  ((Array.isArray(messages) ? messages : []) as ChatMessage[]).forEach((m, i) => {
    if (m.role === "tool") { out.push({ i, role: "tool", tool_call_id: m.tool_call_id ?? "", text: norm(contentText(m.content)) }); return; }
    if (m.role === "assistant") {
      if (m.content !== undefined && m.content !== null && m.content !== "") out.push({ i, role: "assistant", text: norm(contentText(m.content)) });
      for (const c of m.tool_calls ?? []) out.push({ i, role: "assistant_tool_call", text: norm(JSON.stringify({ name: c.function?.name, arguments: c.function?.arguments })) });
      return;
    }
    const parts = typeof m.content === "string" ? [m.content] : Array.isArray(m.content) ? (m.content as Obj[]).map((p) => (p["type"] === "text" ? String(p["text"]) : JSON.stringify(p))) : [contentText(m.content)];
    for (const p of parts) out.push({ i, role: m.role, text: norm(p) });
  });
  return out;
}

const jsonLines = (text: string): Obj[] => text.split("\n").filter(Boolean).map((l) => { try { return JSON.parse(l) as Obj; } catch { return { unparsed: l }; } });

// ------------------------------------------------------------ one run

type Baseline = ReadonlySet<string>;
interface RawRun { recording: Recording; main: LoggedRequest[] }

async function runScenario(sc: Scenario, ctx: LabContext, baseline: Baseline | null, raw: boolean): Promise<RawRun> {
  const rd = makeRunDir(sc.name, "oracle-marker.txt");
  const factoryHome = join(rd.home, ".factory");
  mkdirSync(factoryHome, { recursive: true });
  try {
    writeScenarioFiles(rd.work, sc["files"], rd.vars);
    const event = sc.event ?? "PreToolUse";
    const tool = (sc["tool"] as string | undefined) ?? "Execute";
    // droid 0.215.0's shell tool: without riskLevel it denies the call before any hook unless confirmations are skipped
    const toolArguments = substitute((sc["tool_arguments"] as Obj | undefined) ?? { command: "echo original >> {{MARKER}}; echo tool-output-original", riskLevel: "low", riskLevelReason: "appends a line to a scratch file" }, rd.vars);
    const hasToolCall = (sc["tool_call"] as boolean | undefined) ?? TOOL_EVENTS.has(event);
    const turns = substitute((sc["model_turns"] as ChatTurn[] | undefined) ?? (hasToolCall ? [{ tool_call: { name: tool, arguments: toolArguments } }, { text: "done" }] : [{ text: "done" }]), rd.vars);

    const hooks = substitute(sc.hooks as DroidHook[], rd.vars);
    const commands: string[] = [];
    const perSource = new Map<Source, Record<string, { key: string; group: Obj }[]>>();
    hooks.forEach((h, k) => {
      commands.push(h.same_command_as !== undefined ? commands[h.same_command_as] ?? "" : h.command ?? writeHookScript(rd.hooks, k, h, HOOK_ENV_PATTERN));
      const ev = h.event ?? event;
      const source = h.source ?? "user";
      const events = perSource.get(source) ?? {};
      perSource.set(source, events);
      const groups = (events[ev] ??= []);
      const matcher = h.matcher !== undefined ? h.matcher : TOOL_EVENTS.has(ev) ? tool : undefined;
      const key = `${String(h.group ?? 0)}|${String(matcher)}|${String(h.command_regex)}`;
      let entry = groups.find((g) => g.key === key);
      if (entry === undefined) {
        entry = { key, group: { ...(matcher !== undefined && matcher !== null ? { matcher } : {}), ...(h.command_regex !== undefined && h.command_regex !== "" ? { commandRegex: h.command_regex } : {}), hooks: [] } };
        groups.push(entry);
      }
      (entry.group["hooks"] as Obj[]).push({ type: "command", command: commands[k], ...(h.timeout === null ? {} : { timeout: h.timeout ?? 10 }), ...h.handler_extra });
    });

    const server = await startModelServer(chatCompletionsApi(turns));
    const userSettingsFile = join(factoryHome, "settings.json");
    const settingsFiles = new Map<string, Obj>([[userSettingsFile, {
      customModels: [{ model: "mock-model", id: "custom:oracle-mock", displayName: "oracle-mock", baseUrl: `http://127.0.0.1:${server.port}/v1`, apiKey: "oracle-dummy-key", provider: (sc["provider"] as string | undefined) ?? "generic-chat-completion-api", maxOutputTokens: 1000, noImageSupport: true }],
      ...substitute((sc["user_settings_extra"] ?? {}) as Obj, rd.vars),
    }]]);
    const written: Obj = {};
    for (const [source, events] of perSource) {
      const where = SOURCES[source];
      const file = join(where.home ? factoryHome : join(rd.work, ".factory"), where.file);
      const map = Object.fromEntries(Object.entries(events).map(([ev, gs]) => [ev, gs.map((g) => g.group)]));
      if (where.settings) {
        const s = settingsFiles.get(file) ?? {};
        settingsFiles.set(file, { ...s, hooks: { ...(isObj(s["hooks"]) ? s["hooks"] : {}), ...map } });
      } else {
        const body = sc["hooks_json_wrapper"] === true ? { hooks: map } : map;
        mkdirSync(join(file, ".."), { recursive: true });
        writeFileSync(file, JSON.stringify(body, null, 2));
        written[file] = body;
      }
    }
    for (const [file, body] of settingsFiles) {
      mkdirSync(join(file, ".."), { recursive: true });
      writeFileSync(file, JSON.stringify(body, null, 2));
      written[file] = body;
    }

    const prompt = substitute((sc["prompt"] as string | undefined) ?? DEFAULT_PROMPT, rd.vars);
    const transport = (sc["transport"] as string | undefined) ?? "exec";
    const args = ["exec", "-m", "custom:oracle-mock", "-o", transport === "rpc" ? "stream-jsonrpc" : "stream-json", ...((sc["autonomy"] as string[] | undefined) ?? ["--skip-permissions-unsafe"]), ...((sc["cli_args"] ?? []) as string[]), prompt];
    const env: Record<string, string> = {
      PATH: process.env["PATH"] ?? "/usr/local/bin:/usr/bin:/bin", LANG: "C.UTF-8", TERM: "dumb", SHELL: "/bin/bash", HOME: rd.home, TMPDIR: rd.tmp, NO_COLOR: "1",
      // airgap: no start-up calls to Factory's services (without it every run waits for them)
      ...(sc["airgap"] === false ? {} : { FACTORY_AIRGAP_ENABLED: "true" }),
      FACTORY_DROID_AUTO_UPDATE_ENABLED: "false", FACTORY_DISABLE_KEYRING: "1",
      ...substitute((sc["env"] ?? {}) as Record<string, string>, rd.vars),
    };
    const t0 = Date.now();
    const run = await runAgent(ctx.bin, args, { cwd: rd.work, env, timeoutMs: (sc["cli_timeout_ms"] as number | undefined) ?? 120000 });
    await new Promise((r) => setTimeout(r, 50));
    await server.close();

    const norm = (s: string): string => s.split(rd.dir).join("$TMP").replace(/127\.0\.0\.1:\d+/g, "127.0.0.1:<port>");
    const stream = jsonLines(run.stdout);
    const main = server.log.filter((r) => r.kind === "main");
    const messagesOf = (r: LoggedRequest): unknown => (isObj(r.body) ? r.body["messages"] : undefined);
    const items = main.map((r) => requestItems(messagesOf(r), norm));
    const fixed = baseline ?? new Set<string>();
    const itemKey = (x: ChatItem): string => `${x.role}|${x.text}`;
    const requests = main.map((r, i) => {
      // new against the request before, counting repeated items
      const before = new Map<string, number>();
      if (i > 0) for (const x of items[i - 1]!) before.set(itemKey(x), (before.get(itemKey(x)) ?? 0) + 1);
      const fresh: ChatItem[] = [];
      for (const x of items[i]!) { const n = before.get(itemKey(x)) ?? 0; if (n > 0) before.set(itemKey(x), n - 1); else fresh.push(x); }
      const newItems = fresh.flatMap((x) => {
        if (x.role === "tool" || x.role === "assistant" || x.role === "assistant_tool_call") return [x];
        const all = paragraphs(x.text);
        const kept = all.filter((p) => !fixed.has(p));
        if (kept.length === 0) return [];
        return [kept.length < all.length ? { ...x, text: kept.join("\n\n"), fixed_paragraphs_removed: all.length - kept.length } : x];
      });
      const body = isObj(r.body) ? r.body : {};
      return { turn: r.turn, n_messages: Array.isArray(body["messages"]) ? body["messages"].length : 0, tools: ((body["tools"] ?? []) as Obj[]).map((t) => (t["function"] as Obj | undefined)?.["name"]), new_items: newItems, reply: r.reply };
    });
    const toolResults: { tool_call_id: string | undefined; content: string }[] = [];
    const seen = new Set<string | undefined>();
    for (const its of items) for (const x of its) if (x.role === "tool" && !seen.has(x.tool_call_id)) { seen.add(x.tool_call_id); toolResults.push({ tool_call_id: x.tool_call_id, content: x.text }); }

    // droid's session transcript: its record of each hook batch and the system messages
    const sessions = join(factoryHome, "sessions");
    const transcript: Obj[] = [];
    if (existsSync(sessions)) for (const d of readdirSync(sessions)) {
      const dd = join(sessions, d);
      if (!statSync(dd).isDirectory()) continue;
      for (const f of readdirSync(dd)) if (f.endsWith(".jsonl")) transcript.push(...jsonLines(readFileSync(join(dd, f), "utf8")));
    }
    const msg = (e: Obj): Obj => (isObj(e["message"]) ? e["message"] : {});
    const hookRuns = transcript.filter((e) => e["type"] === "message" && msg(e)["hookEventName"] !== undefined).map((e) => {
      const m = msg(e);
      return {
        event: m["hookEventName"], matcher: m["hookMatcher"] ?? null, status: m["hookStatus"],
        commands: ((m["hookCommands"] ?? []) as Obj[]).map((c) => commands.indexOf(c["command"] as string)),
        results: ((m["hookResults"] ?? []) as Obj[]).map((x) => ({ exitCode: x["exitCode"], stdout: x["stdout"], stderr: x["stderr"], ...(x["suppressOutput"] !== undefined ? { suppressOutput: x["suppressOutput"] } : {}) })),
        ...(m["hookPreventedAction"] === true ? { prevented_action: true } : {}), order: m["hookOrder"] as number,
      };
    }).sort((a, b) => a.order - b.order).map(({ order: _order, ...x }) => x);
    const transcriptMessages = transcript.filter((e) => e["type"] === "message" && msg(e)["hookEventName"] === undefined && !String(e["id"] ?? "").startsWith("context-")).map((e) => {
      const m = msg(e);
      const blocks = Array.isArray(m["content"]) ? m["content"] as Obj[] : [m["content"] as Obj];
      const o: Obj = { role: m["role"], content: blocks.map((b) => (b?.["type"] === "text" ? b["text"] : b?.["type"] === "tool_result" ? { tool_result: contentText(b["content"]), is_error: b["is_error"] } : b?.["type"] === "tool_use" ? { tool_use: b["name"], input: b["input"] } : b)) };
      if (m["visibility"] !== undefined) o["visibility"] = m["visibility"];
      return o;
    });
    const transcriptOther = transcript.filter((e) => e["type"] !== "message" && e["type"] !== "session_start").map((e) => { const o = { ...e }; delete o["timestamp"]; return o; });
    const hookRecords = hooks.map((_h, k) => readHookRecord(rd.hooks, k, commands[k]!, t0));
    const markers = markerLines(rd);
    const notifications = stream.filter((e) => e["type"] === "notification").map((e) => (e["params"] as Obj | undefined)?.["notification"] as Obj | undefined).filter((n): n is Obj => n !== undefined);
    const init = stream.find((e) => e["type"] === "system" && e["subtype"] === "init");
    const streamOther = stream.filter((e) => !(e["type"] === "system" && e["subtype"] === "init")).map((e) => {
      const o = { ...e };
      for (const k of ["timestamp", "session_id", "id", "messageId"]) delete o[k];
      if (o["type"] === "completion") { delete o["durationMs"]; delete o["usage"]; }
      return o;
    });
    const QUIET = new Set(["settings_updated", "mcp_status_changed", "droid_working_state_changed", "session_title_updated"]);

    const summary: Obj = {
      name: sc.name, description: sc.description,
      cli_version: ctx.version,
      scenario: sc,
      cli: { exit_code: run.exit, duration_ms: run.durationMs, args, stderr: run.stderr.split("\n").filter((l) => l.trim() !== "" && /hook/i.test(l)).slice(0, 80) },
      config_files: written,
      tool: hasToolCall || sc["model_turns"] !== undefined ? { ran: markers.length > 0, marker_lines: markers, tool_results: toolResults } : undefined,
      model_requests: requests,
      transport,
      stream_events: transport === "exec" ? streamOther : undefined,
      rpc_notifications: transport === "rpc" ? notifications.filter((n) => !QUIET.has(n["type"] as string)).map((n) => {
        const o = { ...n };
        for (const k of ["hookId", "hookOrder", "createdAt", "updatedAt", "timestamp"]) delete o[k];
        if (isObj(o["message"])) { const m = { ...o["message"] }; for (const k of ["id", "createdAt", "updatedAt", "parentId"]) delete m[k]; o["message"] = m; }
        return o;
      }) : undefined,
      rpc_errors: transport === "rpc" ? stream.filter((e) => e["type"] === "response" && e["error"] !== undefined).map((e) => e["error"]) : undefined,
      init_tools: init?.["tools"],
      hook_runs: hookRuns,
      transcript_messages: transcriptMessages,
      transcript_other: transcriptOther,
      hooks: hookRecords,
      other_http_requests: server.log.filter((r) => r.kind === "other" || r.kind === "side").map((r) => ({ method: r.method, url: r.url, kind: r.kind })),
    };
    const recording = normaliseRun(summary, rd.dir) as Recording;
    if (!raw) recording.outcome = droidOutcome(recording);
    return { recording, main: raw ? normaliseRun(main, rd.dir) : [] };
  } finally {
    rmSync(rd.dir, { recursive: true, force: true });
  }
}

// ------------------------------------------------------------ the outcome

/** A hook's stdin with the times that differ per run as `<n>` (Stop's elapsed_time, SessionEnd's session_duration_ms). */
function timesReplaced(stdin: Obj): Obj {
  const out: Obj = { ...stdin };
  for (const key of ["elapsed_time", "session_duration_ms"]) if (key in out) out[key] = "<n>";
  return out;
}

/** Notifications of the rpc transport that only track progress. */
const RPC_NOISE = new Set(["hook_execution_started", "hook_execution_completed", "tool_call", "tool_execution_phase_changed", "session_token_usage_changed", "tool_progress_update", "assistant_text_delta", "thinking_text_delta", "message_thread_updated"]);

/** The rpc transport's messages, tool results and errors as short lines. */
function rpcOutput(s: Obj): string[] {
  const out: string[] = [];
  for (const n of (s["rpc_notifications"] ?? []) as Obj[]) {
    const type = n["type"] as string;
    if (RPC_NOISE.has(type)) continue;
    if (type === "tool_result") { out.push(`tool_result${n["isError"] === true ? " error" : ""}: ${contentText(n["content"])}`); continue; }
    if (type === "error") { out.push(`error: ${String((n["error"] as Obj | undefined)?.["message"] ?? JSON.stringify(n["message"]))}`); continue; }
    if (type === "assistant_text_complete" || type === "agent_turn_completed") { if (type === "agent_turn_completed") out.push(`turn completed: ${String(n["reason"])}`); continue; }
    if (type === "create_message" || type === "update_message") {
      const m = isObj(n["message"]) ? n["message"] : {};
      const blocks = Array.isArray(m["content"]) ? m["content"] as Obj[] : [m["content"] as Obj];
      const parts = blocks.map((b) => (b?.["type"] === "text" ? String(b["text"]) : b?.["type"] === "tool_use" ? `tool_use ${String(b["name"])} ${JSON.stringify(b["input"])}` : b?.["type"] === "tool_result" ? `tool_result${b["is_error"] === true ? " error" : ""}: ${contentText(b["content"])}` : b === null || b === undefined ? "" : JSON.stringify(b))).filter((x) => x !== "");
      if (m["hookEventName"] !== undefined || parts.length === 0) continue;
      out.push(`${type === "update_message" ? "update " : ""}${String(m["role"])}${m["visibility"] !== undefined ? ` [${String(m["visibility"])}]` : ""}: ${parts.join("\n")}`);
    } else out.push(JSON.stringify(n).slice(0, 400));
  }
  for (const e of (s["rpc_errors"] ?? []) as unknown[]) out.push(`rpc error: ${JSON.stringify(e)}`);
  return out;
}

export function droidOutcome(s: Obj): Obj {
  const sc = s["scenario"] as Scenario;
  const prompt = (sc["prompt"] as string | undefined) ?? DEFAULT_PROMPT;
  const tool = s["tool"] as { ran: boolean; marker_lines: string[]; tool_results: { content: string }[] } | undefined;
  const results = tool?.tool_results ?? [];
  const requests = s["model_requests"] as { new_items: ChatItem[] }[];
  const hooks = s["hooks"] as { invocations: number; stdin_first: unknown }[];
  const o: Obj = {
    tool_ran: tool?.ran,
    marker_lines: tool?.marker_lines,
    tool_result: tool === undefined ? undefined : results[0]?.content ?? null,
    tool_results: results.length > 1 ? results.map((x) => x.content) : undefined,
    context_added: requests.map((r) => r.new_items.filter((x) => x.role !== "tool" && x.role !== "assistant" && x.role !== "assistant_tool_call" && !(x.role === "user" && x.text === prompt)).map((x) => `${x.role}: ${x.text}`)),
    model_requests: requests.length,
    hook_invocations: hooks.map((h) => h.invocations),
    // droid's own record of each hook batch: event, status, exit codes in configured order
    hook_runs: (s["hook_runs"] as { event: string; matcher: string | null; status: string; results: { exitCode: unknown }[]; prevented_action?: boolean }[]).map((r) => `${r.event}${r.matcher !== null && r.matcher !== "" ? `[${r.matcher}]` : ""} ${r.status} exits=${r.results.map((x) => String(x.exitCode)).join(",")}${r.prevented_action === true ? " prevented" : ""}`),
    notices: (s["transcript_messages"] as { role: string; visibility?: string; content: unknown[] }[]).filter((m) => m.role === "system").map((m) => `${m.visibility ?? "both"}: ${m.content.map((c) => (typeof c === "string" ? c : JSON.stringify(c))).join("\n")}`),
    output: s["transport"] === "rpc" ? rpcOutput(s) : ((s["stream_events"] ?? []) as Obj[]).map((e) => {
      if (e["type"] === "message") return `${String(e["role"])}: ${String(e["text"])}`;
      if (e["type"] === "tool_call") return `tool_call ${String(e["toolName"])} ${JSON.stringify(e["parameters"])}`;
      if (e["type"] === "tool_result") return `tool_result${e["isError"] === true ? " error" : ""}: ${e["isError"] === true ? JSON.stringify(e["error"]) : typeof e["value"] === "string" ? e["value"] : JSON.stringify(e["value"])}`;
      if (e["type"] === "completion") return `completion: ${JSON.stringify({ finalText: e["finalText"], numTurns: e["numTurns"] })}`;
      return JSON.stringify(e);
    }),
    exit_code: (s["cli"] as Obj)["exit_code"],
    // Stop's elapsed_time and SessionEnd's session_duration_ms differ per run
    hook_stdin: hooks.map((h) => (isObj(h.stdin_first) ? timesReplaced(h.stdin_first) : h.stdin_first)),
  };
  return replaceIds(JSON.parse(JSON.stringify(o)) as Obj, [[UUID_PATTERN, "<uuid>"]]);
}

// ------------------------------------------------------------ baselines

/** The fixed context's paragraphs (system reminders: tools, skills, system info, date), per transport: two runs without hooks. */
const baselines = new Map<string, Promise<Baseline>>();
function baselineFor(transport: string, ctx: LabContext): Promise<Baseline> {
  let b = baselines.get(transport);
  if (b === undefined) {
    b = (async () => {
      const set = new Set<string>();
      for (const base of [{ name: "baseline-tool", event: "PreToolUse", hooks: [], transport }, { name: "baseline-text", event: "Stop", hooks: [], transport }]) {
        const r = await runScenario(base, ctx, null, true);
        for (const req of r.main) for (const m of ((isObj(req.body) ? req.body["messages"] : []) ?? []) as ChatMessage[]) {
          if (m.role === "assistant" || m.role === "tool") continue;
          const parts = typeof m.content === "string" ? [m.content] : ((m.content ?? []) as Obj[]).map((p) => (p["text"] as string | undefined) ?? "");
          for (const t of parts) if (t !== DEFAULT_PROMPT) for (const p of paragraphs(t)) set.add(p);
        }
      }
      return set;
    })();
    baselines.set(transport, b);
  }
  return b;
}

export const droid: LabAgent = {
  name: "droid",
  npmPackage: "droid",
  recordedVersion: "0.215.0",
  bin: "node_modules/@factory/cli-linux-x64/bin/droid",
  checkDirs: ["droid/scenarios"],
  outcomeOf: droidOutcome,
  versionOf(bin) {
    mkdirSync(tmpRoot(), { recursive: true });
    const home = mkdtempSync(join(tmpRoot(), "version-"));
    try {
      return versionFromCommand(bin, ["--version"], { HOME: home, FACTORY_AIRGAP_ENABLED: "true" }, /(\d+\.\d+\.\d+\S*)/);
    } finally {
      rmSync(home, { recursive: true, force: true });
    }
  },
  async run(sc, ctx) {
    const transport = (sc["transport"] as string | undefined) ?? "exec";
    return (await runScenario(sc, ctx, await baselineFor(transport, ctx), false)).recording;
  },
};
