/**
 * Gemini CLI in the lab: the bundled JS of @google/gemini-cli run by this Node as
 * `gemini -p "do it" --output-format stream-json -m gemini-2.5-flash --yolo`, against a scripted
 * Gemini API (`POST /v1beta/models/<m>:streamGenerateContent?alt=sse`) at
 * GOOGLE_GEMINI_BASE_URL. Hooks go to ~/.gemini/settings.json, the project's .gemini/ or the
 * system settings file.
 *
 * The recording and its `outcome` are the format of test/observer/gemini-cli/ (its README).
 */
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { LabAgent, LabContext, Recording } from "../core/agent.js";
import { readHookRecord, writeHookScript, type ScriptedHook } from "../core/hook-script.js";
import { startModelServer, TurnCounter, type Answer, type ModelRequest } from "../core/model-server.js";
import { normaliseRun, replaceIds, UUID_PATTERN } from "../core/normalise.js";
import { runAgent } from "../core/process.js";
import type { Scenario } from "../core/scenario.js";
import { makeRunDir, markerLines, substitute, writeScenarioFiles } from "../core/workspace.js";

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => v !== null && typeof v === "object" && !Array.isArray(v);

const TOOL_EVENTS = new Set(["BeforeTool", "AfterTool"]);
const SHELL = "run_shell_command";
const DEFAULT_MODEL = "gemini-2.5-flash";
const DEFAULT_PROMPT = "do it";
const HOOK_ENV_PATTERN = "^(GEMINI_|CLAUDE_|PWD=|HOME=)";

// ------------------------------------------------------------ the scripted Gemini API

export interface GeminiTurn { text?: string; function_call?: { name: string; args?: Obj }; function_calls?: { name: string; args?: Obj }[]; parts?: Obj[]; chunks?: Obj[][]; finishReason?: string; usage?: Obj; error?: { status?: number; message?: string; reason?: string } }

function turnParts(t: GeminiTurn): Obj[] {
  if (t.parts !== undefined) return t.parts;
  if (t.function_call !== undefined) return [{ functionCall: { name: t.function_call.name, args: t.function_call.args } }];
  if (t.function_calls !== undefined) return t.function_calls.map((c) => ({ functionCall: { name: c.name, args: c.args } }));
  return [{ text: t.text ?? "done" }];
}

function response(parts: Obj[], t: GeminiTurn, last: boolean): Obj {
  return {
    candidates: [{ content: { role: "model", parts }, ...(last ? { finishReason: t.finishReason ?? "STOP" } : {}), index: 0 }],
    usageMetadata: { promptTokenCount: 10, candidatesTokenCount: 5, totalTokenCount: 15, ...t.usage },
    modelVersion: "oracle-mock",
    responseId: "oracle-mock-response",
  };
}

/** A JSON value that fits a response schema (the CLI's utility calls ask for JSON). */
export function valueForSchema(s: unknown): unknown {
  if (!isObj(s)) return "mock";
  const type = String(s["type"] ?? "").toLowerCase();
  if (Array.isArray(s["enum"])) return s["enum"].includes("user") ? "user" : s["enum"][0];
  if (type === "object" || isObj(s["properties"])) return Object.fromEntries(Object.entries((s["properties"] ?? {}) as Obj).map(([k, v]) => [k, k === "next_speaker" ? "user" : valueForSchema(v)]));
  if (type === "array") return [];
  if (type === "integer" || type === "number") return 10;
  if (type === "boolean") return false;
  return "mock";
}

export function geminiApi(turns: readonly GeminiTurn[]): (req: ModelRequest) => Answer {
  const counter = new TurnCounter();
  return (req) => {
    const body = isObj(req.body) ? req.body : {};
    if (req.method === "POST" && /:countTokens\b/.test(req.url)) return { kind: "countTokens", reply: { json: { totalTokens: 100 } } };
    if (req.method === "POST" && /:streamGenerateContent\b/.test(req.url)) {
      const n = counter.next("main");
      const t = turns[n] ?? { text: `done (unscripted turn ${n})` };
      if (t.error !== undefined) return { kind: "main", turn: n, logged: { error: t.error }, reply: { status: t.error.status ?? 400, json: { error: { code: t.error.status ?? 400, message: t.error.message ?? "lab: scripted error", status: t.error.reason ?? "INVALID_ARGUMENT" } } } };
      const chunks = t.chunks ?? [turnParts(t)];
      return { kind: "main", turn: n, logged: chunks, reply: { sse: chunks.map((parts, k) => ({ data: response(parts, t, k === chunks.length - 1) })) } };
    }
    if (req.method === "POST" && /:generateContent\b/.test(req.url)) {
      const gc = isObj(body["generationConfig"]) ? body["generationConfig"] : {};
      const schema = gc["responseJsonSchema"] ?? gc["responseSchema"];
      const text = schema !== undefined ? JSON.stringify(valueForSchema(schema)) : "ok";
      return { kind: "side", logged: text, reply: { json: response([{ text }], {}, true) } };
    }
    return { kind: "other", reply: { status: 404, json: { error: { code: 404, message: "lab: not found", status: "NOT_FOUND" } } } };
  };
}

// ------------------------------------------------------------ configuration

type Source = "user" | "project" | "system";
interface GeminiHook extends ScriptedHook { event?: string; matcher?: unknown; group?: number; sequential?: unknown; source?: Source; name?: string; timeout?: number; same_command_as?: number; command?: string; handler_extra?: Obj }

function deepMerge(a: unknown, b: unknown): unknown {
  if (!isObj(b)) return b;
  const o: Obj = { ...(isObj(a) ? a : {}) };
  for (const [k, v] of Object.entries(b)) o[k] = deepMerge(o[k], v);
  return o;
}

function hookMaps(hooks: readonly GeminiHook[], commands: readonly string[], event: string, tool: string): Record<Source, Obj> {
  const out: Record<Source, Record<string, { key: string; group: Obj }[]>> = { user: {}, project: {}, system: {} };
  hooks.forEach((h, k) => {
    const ev = h.event ?? event;
    const matcher = h.matcher !== undefined ? h.matcher : TOOL_EVENTS.has(ev) ? tool : undefined;
    const groups = (out[h.source ?? "user"][ev] ??= []);
    const key = `${String(h.group ?? 0)}|${String(matcher)}`;
    let entry = groups.find((g) => g.key === key);
    if (entry === undefined) {
      entry = { key, group: { ...(matcher !== undefined && matcher !== null ? { matcher } : {}), ...(h.sequential !== undefined ? { sequential: h.sequential } : {}), hooks: [] } };
      groups.push(entry);
    }
    (entry.group["hooks"] as Obj[]).push({ type: "command", command: commands[k], ...(h.name !== undefined && h.name !== "" ? { name: h.name } : {}), timeout: h.timeout ?? 10000, ...h.handler_extra });
  });
  const map = (s: Source): Obj => Object.fromEntries(Object.entries(out[s]).map(([ev, gs]) => [ev, gs.map((g) => g.group)]));
  return { user: map("user"), project: map("project"), system: map("system") };
}

// ------------------------------------------------------------ what the model saw

interface Part { text?: string; thought?: boolean; functionCall?: Obj; functionResponse?: Obj }
interface FlatPart { msg: number; role: string; kind: string; text: string; response?: unknown }

function partText(p: Part): string {
  if (p.text !== undefined) return p.text;
  if (p.functionCall !== undefined) return `functionCall ${JSON.stringify({ name: p.functionCall["name"], args: p.functionCall["args"] })}`;
  if (p.functionResponse !== undefined) return `functionResponse ${JSON.stringify({ name: p.functionResponse["name"], response: p.functionResponse["response"] })}`;
  return JSON.stringify(p).slice(0, 500);
}

/** A request's parts as text; the session context (it carries the date) as a fixed token. */
function flatParts(contents: unknown): FlatPart[] {
  const out: FlatPart[] = [];
  ((Array.isArray(contents) ? contents : []) as { role: string; parts?: Part[] }[]).forEach((c, msg) => {
    for (const p of c.parts ?? []) {
      if (p.thought === true) continue;
      const e: FlatPart = { msg, role: c.role, kind: p.text !== undefined ? "text" : p.functionCall !== undefined ? "functionCall" : p.functionResponse !== undefined ? "functionResponse" : "other", text: "" };
      if (typeof p.text === "string" && p.text.startsWith("<session_context>")) { e.kind = "session_context"; e.text = "<session_context>…</session_context>"; } else e.text = partText(p);
      if (p.functionResponse !== undefined) e.response = p.functionResponse["response"];
      out.push(e);
    }
  });
  return out;
}

function filesUnder(dir: string, re: RegExp): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => { const p = join(dir, e.name); return e.isDirectory() ? filesUnder(p, re) : re.test(p) ? [p] : []; });
}

/** Start-up warnings every run prints (the [STARTUP] profiler notices come and go). */
const FIXED_STDERR = [/^Warning: Basic terminal detected/, /^Warning: 256-color support not detected/, /^YOLO mode is enabled/, /^Ripgrep is not available/, /^\[STARTUP\] /];

// ------------------------------------------------------------ one run

async function runScenario(sc: Scenario, ctx: LabContext): Promise<Recording> {
  const rd = makeRunDir(sc.name, "oracle-marker.txt");
  const geminiDir = join(rd.home, ".gemini");
  mkdirSync(geminiDir, { recursive: true });
  try {
    writeScenarioFiles(rd.work, sc["files"], rd.vars);
    const event = sc.event ?? "BeforeTool";
    const tool = (sc["tool"] as string | undefined) ?? SHELL;
    const toolInput = substitute((sc["tool_input"] as Obj | undefined) ?? { command: "echo original >> {{MARKER}}; echo tool-output-original", description: "oracle tool call" }, rd.vars);
    const hasToolCall = (sc["tool_call"] as boolean | undefined) ?? TOOL_EVENTS.has(event);
    const turns = substitute((sc["model_turns"] as GeminiTurn[] | undefined) ?? (hasToolCall ? [{ function_call: { name: tool, args: toolInput } }, { text: "done" }] : [{ text: "done" }]), rd.vars);

    const hooks = substitute(sc.hooks as GeminiHook[], rd.vars);
    const commands: string[] = [];
    hooks.forEach((h, k) => { commands.push(h.same_command_as !== undefined ? commands[h.same_command_as] ?? "" : h.command ?? writeHookScript(rd.hooks, k, h, HOOK_ENV_PATTERN)); });
    const maps = hookMaps(hooks, commands, event, tool);
    const has = (m: Obj): boolean => Object.keys(m).length > 0;
    const base = {
      security: { auth: { selectedType: "gemini-api-key" } },
      privacy: { usageStatisticsEnabled: false },
      telemetry: { enabled: false },
      general: { enableAutoUpdate: false, enableAutoUpdateNotification: false },
    };
    const userSettings = deepMerge(base, deepMerge(has(maps.user) ? { hooks: maps.user } : {}, substitute(sc["settings_extra"] ?? {}, rd.vars))) as Obj;
    writeFileSync(join(geminiDir, "settings.json"), JSON.stringify(userSettings, null, 2));
    const projectSettings = deepMerge(has(maps.project) ? { hooks: maps.project } : {}, substitute(sc["project_settings_extra"] ?? {}, rd.vars)) as Obj;
    if (has(projectSettings)) {
      mkdirSync(join(rd.work, ".gemini"), { recursive: true });
      writeFileSync(join(rd.work, ".gemini", "settings.json"), JSON.stringify(projectSettings, null, 2));
    }
    // the CLI skips a system settings file below a world-writable directory such as /tmp:
    // system hooks need $GEMINI_ORACLE_SYSTEM_DIR; without them the path names no file
    const systemSettings = has(maps.system) ? { hooks: maps.system } : {};
    let systemFile = join(rd.dir, "no-system-settings.json");
    if (has(systemSettings)) {
      const systemDir = process.env["GEMINI_ORACLE_SYSTEM_DIR"] !== undefined ? mkdtempSync(join(process.env["GEMINI_ORACLE_SYSTEM_DIR"], "sys-")) : rd.dir;
      systemFile = join(systemDir, "system-settings.json");
      writeFileSync(systemFile, JSON.stringify(systemSettings, null, 2));
    }

    const server = await startModelServer(geminiApi(turns));
    const debugFile = join(rd.dir, "debug.log");
    const outputFormat = (sc["output_format"] as string | undefined) ?? "stream-json";
    const args = ["-p", (sc["prompt"] as string | undefined) ?? DEFAULT_PROMPT, "--output-format", outputFormat, "-m", (sc["model"] as string | undefined) ?? DEFAULT_MODEL];
    if (typeof sc["approval_mode"] === "string") args.push("--approval-mode", sc["approval_mode"]);
    else if (sc["yolo"] !== false) args.push("--yolo");
    args.push(...((sc["cli_args"] ?? []) as string[]));
    const env: Record<string, string | null> = {
      PATH: process.env["PATH"] ?? "/usr/local/bin:/usr/bin:/bin", LANG: "C.UTF-8", TERM: "dumb", SHELL: "/bin/bash", NO_COLOR: "1",
      HOME: rd.home, TMPDIR: rd.tmp, USER: "oracle",
      GEMINI_API_KEY: "dummy", GOOGLE_GEMINI_BASE_URL: `http://127.0.0.1:${server.port}`,
      // headless runs in an untrusted folder are fatal, and hooks register only in a trusted one
      GEMINI_CLI_TRUST_WORKSPACE: "true",
      GEMINI_CLI_SYSTEM_SETTINGS_PATH: systemFile, GEMINI_CLI_SYSTEM_DEFAULTS_PATH: join(rd.dir, "system-defaults.json"),
      GEMINI_DEBUG_LOG_FILE: debugFile,
      ...((sc["env"] ?? {}) as Record<string, string | null>),
    };
    const cleanEnv = Object.fromEntries(Object.entries(env).filter((e): e is [string, string] => e[1] !== null));
    const t0 = Date.now();
    const run = await runAgent(process.execPath, [ctx.bin, ...args], { cwd: rd.work, env: cleanEnv, timeoutMs: (sc["cli_timeout_ms"] as number | undefined) ?? 90000, ...(typeof sc["stdin"] === "string" ? { stdinText: sc["stdin"] } : {}) });
    await new Promise((r) => setTimeout(r, 50));
    await server.close();

    const main = server.log.filter((r) => r.kind === "main");
    let stream: Obj[] | null = null;
    let jsonOut: Obj | null = null;
    if (outputFormat === "stream-json") stream = run.stdout.split("\n").filter(Boolean).map((l) => { try { return JSON.parse(l) as Obj; } catch { return { unparsed: l }; } });
    else if (outputFormat === "json") { try { jsonOut = JSON.parse(run.stdout) as Obj; } catch { jsonOut = { unparsed: run.stdout }; } }
    const cleanEvent = (e: Obj): Obj => { const o = { ...e }; delete o["timestamp"]; delete o["session_id"]; if (o["stats"] !== undefined) o["stats"] = "<stats>"; return o; };
    const flats = main.map((r) => flatParts(isObj(r.body) ? r.body["contents"] : undefined));
    const key = (x: FlatPart): string => `${x.role}|${x.kind}|${x.text}`;
    const prompt = (sc["prompt"] as string | undefined) ?? DEFAULT_PROMPT;
    const requests = main.map((r, i) => {
      const before = new Set(i > 0 ? flats[i - 1]!.map(key) : []);
      const body = isObj(r.body) ? r.body : {};
      const gc = isObj(body["generationConfig"]) ? body["generationConfig"] : {};
      return {
        turn: r.turn,
        model: /models\/([^:]+):/.exec(r.url)?.[1],
        n_contents: Array.isArray(body["contents"]) ? body["contents"].length : 0,
        contents: flats[i]!,
        new_parts: flats[i]!.filter((x) => !before.has(key(x))),
        system_instruction_chars: JSON.stringify(body["systemInstruction"] ?? "").length,
        tools: ((body["tools"] ?? []) as Obj[]).flatMap((t) => ((t["functionDeclarations"] ?? []) as Obj[]).map((f) => f["name"])),
        tool_config: body["toolConfig"],
        generation_config: Object.keys(gc).length > 0 ? gc : undefined,
        reply: r.reply,
      };
    });
    const functionResponses: { in_request: number | undefined; name: unknown; response: unknown }[] = [];
    const seen = new Set<string>();
    for (const r of requests) for (const p of r.contents) if (p.kind === "functionResponse") {
      const k = `${JSON.stringify(p.response)}|${p.msg}`;
      if (seen.has(k)) continue;
      seen.add(k);
      functionResponses.push({ in_request: r.turn, name: (JSON.parse(p.text.slice("functionResponse ".length)) as Obj)["name"], response: p.response });
    }
    // text besides the scripted conversation: not the session context, the prompt, a call or response, or the model's own text
    const scriptedTexts = new Set(turns.flatMap((t) => (t.chunks !== undefined ? t.chunks.flat() : t.error !== undefined ? [] : turnParts(t))).filter((p) => p["text"] !== undefined).map((p) => p["text"]));
    const contextAdded = requests.map((r) => r.new_parts.filter((p) => p.kind === "text" && !(p.role === "user" && p.text === prompt) && !(p.role === "model" && scriptedTexts.has(p.text))).map((p) => `${p.role}: ${p.text}`));
    const hookRecords = hooks.map((h, k) => { const r = readHookRecord(rd.hooks, k, commands[k]!, t0); const { index, ...rest } = r; return { index, event: h.event ?? event, ...rest }; });
    const debugAll = existsSync(debugFile) ? readFileSync(debugFile, "utf8").split("\n") : [];
    // the debug log's lines about hooks (not those that only mention the run folder in a path)
    const debugHookLines = debugAll.map((l) => l.split(rd.dir).join("$TMP")).filter((l) => {
      const pieces = l.split("$TMP");
      return /hook/i.test(pieces[0] + pieces.slice(1).map((x) => x.replace(/^[^ ]*/, "")).join(" ")) && !/\[Conseca\]|\[MemoryDiscovery\]/.test(l);
    }).map((l) => l.replace(/^\[[^\]]+\] /, "")).slice(0, 150);
    const stderrLines = run.stderr.split("\n").filter((l) => l.trim() !== "" && !FIXED_STDERR.some((re) => re.test(l)));
    const markers = markerLines(rd);

    const summary: Obj = {
      name: sc.name, description: sc.description,
      cli_version: ctx.version,
      scenario: sc,
      cli: { exit_code: run.exit, duration_ms: run.durationMs, args, stderr_lines: stderrLines },
      settings: { user: userSettings, project: has(projectSettings) ? projectSettings : undefined, system: has(systemSettings) ? systemSettings : undefined },
      tool: hasToolCall ? { ran: markers.length > 0, marker_lines: markers } : undefined,
      function_responses: functionResponses,
      context_added: contextAdded,
      model_requests: requests,
      output_events: stream !== null ? stream.map(cleanEvent) : undefined,
      output_json: jsonOut !== null ? cleanEvent(jsonOut) : undefined,
      output_text: stream === null && jsonOut === null ? run.stdout : undefined,
      hooks: hookRecords,
      debug_hook_lines: debugHookLines,
      chat_files: filesUnder(join(geminiDir, "tmp"), /chats\/session-.*\.jsonl?$/).length,
      other_http_requests: server.log.filter((r) => r.kind !== "main").map((r) => ({ method: r.method, url: r.url, kind: r.kind })),
    };
    const recording = normaliseRun(summary, rd.dir) as Recording;
    recording.outcome = geminiOutcome(recording);
    return recording;
  } finally {
    rmSync(rd.dir, { recursive: true, force: true });
  }
}

// ------------------------------------------------------------ the outcome

/** A hook's stdin without what differs per run (session id, transcript path, timestamp). */
function stdinForOutcome(x: unknown): unknown {
  if (!isObj(x)) return x;
  const o = { ...x };
  delete o["session_id"]; delete o["transcript_path"]; delete o["timestamp"];
  return o;
}

/** Per run: UUIDs, the shell tool's call ids and process group, session file stamps, durations, the session context (it carries the date). */
const OUTCOME_IDS: [RegExp, string][] = [
  [UUID_PATTERN, "<uuid>"],
  [/run_shell_command_\d+_(\d+)/g, "run_shell_command_<n>_$1"],
  [/session-\d{4}-\d\d-\d\dT\d\d-\d\d-[0-9a-f]+/g, "session-<stamp>"],
  [/total duration: \d+ms/g, "total duration: <n>ms"],
  [/Process Group PGID: \d+/g, "Process Group PGID: <pgid>"],
  [/<session_context>(?:[^<]|<(?!\/session_context>))*<\/session_context>/g, "<session_context>…</session_context>"],
];

export function geminiOutcome(s: Obj): Obj {
  const sc = s["scenario"] as Scenario;
  const events = (s["output_events"] ?? []) as Obj[];
  const result = events.find((e) => e["type"] === "result");
  const tool = s["tool"] as { ran: boolean; marker_lines: string[] } | undefined;
  const hooks = s["hooks"] as { invocations: number; stdin_first: unknown; stdin_more?: unknown[]; env_first?: Obj }[];
  const requests = s["model_requests"] as { model?: string }[];
  const jsonOut = s["output_json"] as Obj | undefined;
  const o: Obj = {
    exit_code: (s["cli"] as Obj)["exit_code"],
    tool_ran: tool?.ran,
    marker_lines: tool?.marker_lines,
    function_responses: (s["function_responses"] as Obj[]).map((f) => ({ name: f["name"], response: f["response"] })),
    context_added: s["context_added"],
    model_requests: requests.length,
    hook_invocations: hooks.map((h) => h.invocations),
    output_events: events.filter((e) => e["type"] === "tool_result" || e["type"] === "error" || (e["type"] === "message" && e["role"] === "assistant")).map((e) => {
      if (e["type"] === "tool_result") return { type: e["type"], status: e["status"], output: e["output"], error: e["error"] };
      if (e["type"] === "message") return { type: e["type"], content: e["content"] };
      return { type: e["type"], severity: e["severity"], message: e["message"] };
    }),
    result: result !== undefined ? { status: result["status"], error: result["error"] } : undefined,
    output_json: jsonOut !== undefined ? { response: jsonOut["response"], warnings: jsonOut["warnings"], error: jsonOut["error"] } : undefined,
    stderr: (s["cli"] as Obj)["stderr_lines"],
    model_override: requests.some((r) => r.model !== ((sc["model"] as string | undefined) ?? DEFAULT_MODEL)) ? requests.map((r) => r.model) : undefined,
    hook_env: hooks.some((h) => h.env_first !== undefined) ? hooks.map((h) => h.env_first ?? null) : undefined,
    hook_stdin: hooks.map((h) => (h.invocations > 0 ? [h.stdin_first, ...(h.stdin_more ?? [])].map(stdinForOutcome) : [])),
  };
  return replaceIds(JSON.parse(JSON.stringify(o)) as Obj, OUTCOME_IDS);
}

export const geminiCli: LabAgent = {
  name: "gemini-cli",
  npmPackage: "@google/gemini-cli",
  recordedVersion: "0.61.0",
  bin: "node_modules/@google/gemini-cli/bundle/gemini.js",
  checkDirs: ["gemini-cli/scenarios", "gemini-cli/subagents/scenarios"],
  outcomeOf: geminiOutcome,
  versionOf(bin) {
    try {
      const v = (JSON.parse(readFileSync(join(bin, "..", "..", "package.json"), "utf8")) as { version?: unknown }).version;
      return typeof v === "string" ? { kind: "ok", version: v } : { kind: "error", message: `lab: no version in ${join(bin, "..", "..", "package.json")}` };
    } catch (e) {
      return { kind: "error", message: `lab: cannot read the version of ${bin}: ${e instanceof Error ? e.message : String(e)}` };
    }
  },
  run: runScenario,
};
