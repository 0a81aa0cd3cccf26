/**
 * Claude Code in the lab: the native CLI from @anthropic-ai/claude-code (2.1.334: from the Agent
 * SDK's platform package, `packageFor`), run as
 * `claude -p --output-format stream-json --include-hook-events` against a scripted Anthropic
 * Messages API (`POST /v1/messages`, streamed as server-sent events), with hooks in a
 * `--settings` file (or the user, project and local settings files).
 *
 * What it records (the `outcome`, which --check compares) is the format of the committed
 * recordings in test/observer/claude-code/ (test/observer/claude-code/README.md describes it).
 */
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { LabAgent, LabContext, Recording } from "../core/agent.js";
import { versionFromCommand } from "../core/install.js";
import { readHookRecord, writeHookScript, type HookRecord, type ScriptedHook } from "../core/hook-script.js";
import { startModelServer, TurnCounter, type Answer, type ModelRequest, type LoggedRequest } from "../core/model-server.js";
import { normaliseRun, replaceIds, UUID_PATTERN } from "../core/normalise.js";
import { runAgent } from "../core/process.js";
import type { Scenario } from "../core/scenario.js";
import { makeRunDir, markerLines, substitute, writeScenarioFiles } from "../core/workspace.js";

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => v !== null && typeof v === "object" && !Array.isArray(v);

const TOOL_EVENTS = new Set(["PreToolUse", "PostToolUse", "PostToolUseFailure", "PermissionRequest", "PermissionDenied"]);
const DEFAULT_PROMPT = "do it";
const DEFAULT_SUBAGENT_MARKER = "SUBAGENT";
const HOOK_ENV_PATTERN = "^(CLAUDE|ANTHROPIC_BASE_URL|PWD=|HOME=)";

// ------------------------------------------------------------ the scripted Messages API

export interface Turn { text?: string; tool_use?: ToolUse; tool_uses?: ToolUse[]; blocks?: Obj[]; usage?: Obj; error?: { status?: number; type?: string; message?: string } }
interface ToolUse { name: string; input: Obj; id?: string }
interface Block { type: string; text?: string; id?: string; name?: string; input?: unknown; content?: unknown; is_error?: boolean; tool_use_id?: string }
interface Message { role: string; content: string | Block[] }

const blocksOf = (m: Message): Block[] => (typeof m.content === "string" ? [{ type: "text", text: m.content }] : Array.isArray(m.content) ? m.content : []);
const userTexts = (body: unknown): string[] => {
  const messages = (isObj(body) && Array.isArray(body["messages"]) ? body["messages"] : []) as Message[];
  return messages.filter((m) => m.role === "user").map((m) => blocksOf(m).filter((b) => b.type === "text").map((b) => b.text ?? "").join("\n"));
};
const isCompaction = (body: unknown): boolean => /summary of the conversation|summarize the conversation|create a detailed summary/i.test(userTexts(body).at(-1) ?? "");

function replyBlocks(turn: Turn, n: number, idPrefix: string): Obj[] {
  if (turn.blocks !== undefined) return turn.blocks;
  if (turn.tool_use !== undefined) return [{ type: "tool_use", id: turn.tool_use.id ?? `${idPrefix}${n + 1}`, name: turn.tool_use.name, input: turn.tool_use.input }];
  if (turn.tool_uses !== undefined) return turn.tool_uses.map((u, k) => ({ type: "tool_use", id: u.id ?? `${idPrefix}${n + 1}_${k + 1}`, name: u.name, input: u.input }));
  return [{ type: "text", text: turn.text ?? "done" }];
}

/** A message as the Messages API streams it: message_start, a start/delta/stop per block, message_delta, message_stop. */
function streamed(message: Obj): { event: string; data: unknown }[] {
  const content = message["content"] as Obj[];
  const events: Obj[] = [{ type: "message_start", message: { ...message, content: [], stop_reason: null } }];
  content.forEach((b, index) => {
    if (b["type"] === "tool_use") {
      events.push({ type: "content_block_start", index, content_block: { type: "tool_use", id: b["id"], name: b["name"], input: {} } });
      events.push({ type: "content_block_delta", index, delta: { type: "input_json_delta", partial_json: JSON.stringify(b["input"]) } });
    } else {
      events.push({ type: "content_block_start", index, content_block: { type: "text", text: "" } });
      events.push({ type: "content_block_delta", index, delta: { type: "text_delta", text: b["text"] } });
    }
    events.push({ type: "content_block_stop", index });
  });
  events.push({ type: "message_delta", delta: { stop_reason: message["stop_reason"], stop_sequence: null }, usage: { output_tokens: (message["usage"] as Obj)["output_tokens"] ?? 5 } });
  events.push({ type: "message_stop" });
  return events.map((e) => ({ event: e["type"] as string, data: e }));
}

export interface Script { main: Turn[]; subagent?: Turn[]; subagentMarker: string; compactReply?: string }

/** The n-th main-loop request (one that offers tools) gets the n-th turn; subagent and compaction requests are counted apart. */
export function messagesApi(script: Script): (req: ModelRequest) => Answer {
  const turns = new TurnCounter();
  let messageIds = 0;
  const message = (content: Obj[], model: unknown, usage?: Obj): Obj => ({
    id: `msg_lab_${++messageIds}`, type: "message", role: "assistant", model: typeof model === "string" ? model : "claude-mock",
    content, stop_reason: content.some((b) => b["type"] === "tool_use") ? "tool_use" : "end_turn", stop_sequence: null,
    usage: { input_tokens: 10, output_tokens: 5, cache_creation_input_tokens: 0, cache_read_input_tokens: 0, ...usage },
  });
  const headers = { "request-id": "req_lab" };
  return (req) => {
    const body = isObj(req.body) ? req.body : {};
    const send = (m: Obj): Answer["reply"] => (body["stream"] === true ? { headers, sse: streamed(m) } : { headers, json: m });
    if (req.method !== "POST" || !req.url.startsWith("/v1/messages")) {
      return { kind: "other", reply: { status: 404, json: { type: "error", error: { type: "not_found_error", message: "lab: not found" } } } };
    }
    if (req.url.startsWith("/v1/messages/count_tokens")) return { kind: "count_tokens", reply: { json: { input_tokens: 100 } } };
    if (script.compactReply !== undefined && isCompaction(body)) {
      const blocks = [{ type: "text", text: script.compactReply }];
      return { kind: "compact", turn: turns.next("compact"), logged: blocks, reply: send(message(blocks, body["model"])) };
    }
    const isSubagent = script.subagent !== undefined && (userTexts(body)[0] ?? "").includes(script.subagentMarker);
    const isMain = Array.isArray(body["tools"]) && body["tools"].length > 0;
    if (!isSubagent && !isMain) return { kind: "side", reply: send(message([{ type: "text", text: "ok" }], body["model"])) };
    const kind = isSubagent ? "subagent" : "main";
    const n = turns.next(kind);
    const turn = (isSubagent ? script.subagent! : script.main)[n] ?? { text: `done (unscripted ${isSubagent ? "subagent " : ""}turn ${n})` };
    if (turn.error !== undefined) {
      const e = turn.error;
      return { kind, turn: n, logged: { error: e }, reply: { status: e.status ?? 400, headers, json: { type: "error", error: { type: e.type ?? "invalid_request_error", message: e.message ?? "lab: scripted error" } } } };
    }
    const blocks = replyBlocks(turn, n, isSubagent ? "toolu_sub_" : "toolu_mock_");
    return { kind, turn: n, logged: blocks, reply: send(message(blocks, body["model"], turn.usage)) };
  };
}

// ------------------------------------------------------------ settings

type Source = "flag" | "user" | "project" | "local";
interface ClaudeHook extends ScriptedHook { event?: string; matcher?: unknown; group?: number; source?: Source; timeout?: number; same_command_as?: number; command?: string; handler_extra?: Obj }

/** Hooks grouped per settings file, event and matcher group, in configuration order. */
function hookSettings(hooks: readonly ClaudeHook[], commands: readonly string[], event: string, tool: string): Record<Source, Obj> {
  const out: Record<Source, Record<string, { key: string; group: Obj }[]>> = { flag: {}, user: {}, project: {}, local: {} };
  hooks.forEach((h, k) => {
    const ev = h.event ?? event;
    const matcher = h.matcher !== undefined ? h.matcher : TOOL_EVENTS.has(ev) ? tool : undefined;
    const groups = (out[h.source ?? "flag"][ev] ??= []);
    const key = `${String(h.group ?? 0)}|${String(matcher)}`;
    let entry = groups.find((g) => g.key === key);
    if (entry === undefined) {
      entry = { key, group: { ...(matcher !== undefined && matcher !== null ? { matcher } : {}), hooks: [] } };
      groups.push(entry);
    }
    (entry.group["hooks"] as Obj[]).push({ type: "command", command: commands[k], timeout: h.timeout ?? 10, ...h.handler_extra });
  });
  const settings = (s: Source): Obj => ({ hooks: Object.fromEntries(Object.entries(out[s]).map(([ev, gs]) => [ev, gs.map((g) => g.group)])) });
  return { flag: settings("flag"), user: settings("user"), project: settings("project"), local: settings("local") };
}

/** Over a pre-written settings file: keys overlaid, hooks' event lists joined (pre-written first). */
function overPrewritten(file: string, written: Obj, prewritten: ReadonlySet<string>): Obj {
  if (!prewritten.has(file)) return written;
  const old = JSON.parse(readFileSync(file, "utf8")) as unknown;
  if (!isObj(old)) return written;
  const hooks: Obj = { ...(isObj(old["hooks"]) ? old["hooks"] : {}) };
  for (const [ev, list] of Object.entries(written["hooks"] as Obj)) hooks[ev] = [...(Array.isArray(hooks[ev]) ? hooks[ev] : []), ...(list as unknown[])];
  return { ...old, ...written, hooks };
}

function copyInto(src: unknown, dst: string, copied: Set<string>): void {
  if (typeof src !== "string") return;
  cpSync(src, dst, { recursive: true, verbatimSymlinks: true });
  const walk = (s: string, d: string): void => {
    for (const e of readdirSync(s, { withFileTypes: true })) {
      if (e.isDirectory()) walk(join(s, e.name), join(d, e.name));
      else copied.add(join(d, e.name));
    }
  };
  walk(src, dst);
}

// ------------------------------------------------------------ what the model saw

/** Paragraphs of the fixed context every request carries (environment, skills, date, ...), found by a run without hooks. */
type Baseline = ReadonlySet<string>;
const paragraphs = (text: string): string[] => text.split("\n\n");

interface CompactBlock { msg: number; role: string; type: string; fixed_paragraphs_removed?: number; text: string; is_error?: boolean; tool_use_id?: string }

function blockText(b: Block): string {
  if (b.type === "text") return b.text ?? "";
  if (b.type === "tool_use") return JSON.stringify({ name: b.name, input: b.input });
  if (b.type === "tool_result") return typeof b.content === "string" ? b.content : JSON.stringify(b.content);
  return JSON.stringify(b).slice(0, 500);
}

/** A request's messages as text blocks, without the fixed context's paragraphs. */
function compactMessages(messages: readonly Message[], baseline: Baseline | null): CompactBlock[] {
  const out: CompactBlock[] = [];
  messages.forEach((m, msg) => {
    for (const b of blocksOf(m)) {
      let text = blockText(b);
      const e: CompactBlock = { msg, role: m.role, type: b.type, text: "" };
      if (b.type === "text" && baseline !== null) {
        const all = paragraphs(text);
        const kept = all.filter((p) => !baseline.has(p.trim()));
        if (kept.length === 0) continue;
        if (kept.length < all.length) e.fixed_paragraphs_removed = all.length - kept.length;
        text = kept.join("\n\n");
      }
      e.text = text;
      if (b.type === "tool_result") { e.is_error = b.is_error ?? false; e.tool_use_id = b.tool_use_id ?? ""; }
      out.push(e);
    }
  });
  return out;
}

interface RequestSummary { turn: number | undefined; n_messages: number; messages: CompactBlock[]; new_blocks: CompactBlock[]; reply: unknown }

const messagesOf = (r: LoggedRequest): Message[] => (isObj(r.body) && Array.isArray(r.body["messages"]) ? (r.body["messages"] as Message[]) : []);

/** Each request's blocks and those that are new against the request before it. */
function summariseRequests(requests: readonly LoggedRequest[], baseline: Baseline | null): RequestSummary[] {
  const compacted = requests.map((r) => compactMessages(messagesOf(r), baseline));
  const key = (b: CompactBlock): string => `${b.role}|${b.type}|${b.text}`;
  return requests.map((r, i) => {
    const before = new Set(i > 0 ? compacted[i - 1]!.map(key) : []);
    return { turn: r.turn, n_messages: messagesOf(r).length, messages: compacted[i]!, new_blocks: compacted[i]!.filter((b) => !before.has(key(b))), reply: r.reply };
  });
}

/** Every tool_result in order of first appearance. */
function toolResults(requests: readonly LoggedRequest[]): { tool_use_id: string | undefined; content: unknown; is_error: boolean; in_request: number | undefined }[] {
  const seen = new Set<string | undefined>();
  const out: { tool_use_id: string | undefined; content: unknown; is_error: boolean; in_request: number | undefined }[] = [];
  for (const r of requests) for (const m of messagesOf(r)) {
    if (!Array.isArray(m.content)) continue;
    for (const b of m.content) if (b.type === "tool_result" && !seen.has(b.tool_use_id)) { seen.add(b.tool_use_id); out.push({ tool_use_id: b.tool_use_id, content: b.content, is_error: b.is_error ?? false, in_request: r.turn }); }
  }
  return out;
}

// ------------------------------------------------------------ transcript and stream

const TRANSCRIPT_SKIP_ATTACHMENTS = new Set(["environment", "model", "deferred_tools_delta", "agent_listing_delta", "skill_listing", "session_context", "date", "remote_session_change", "prompt_snapshot", "mcp_instructions_delta"]);
const TRANSCRIPT_SKIP_TYPES = new Set(["queue-operation", "atis-latch", "last-prompt", "cost-state", "api-request", "api-request-blob", "api-request-shape", "tools-used", "file-history-snapshot"]);
const TRANSCRIPT_SYSTEM_KEYS = ["subtype", "content", "level", "hookCount", "hookInfos", "hookErrors", "preventedContinuation", "stopReason", "hasOutput", "toolUseID", "hookLabel"];

const jsonLines = (text: string): Obj[] => text.split("\n").filter(Boolean).map((l) => { try { return JSON.parse(l) as Obj; } catch { return { unparsed: l }; } });

/** The session transcript without the bookkeeping entries and the fixed attachments. */
function compactTranscript(entries: readonly Obj[]): Obj[] {
  const out: Obj[] = [];
  for (const e of entries) {
    const type = e["type"] as string;
    if (TRANSCRIPT_SKIP_TYPES.has(type)) continue;
    if (type === "attachment") {
      const a = e["attachment"] as Obj | undefined;
      if (!TRANSCRIPT_SKIP_ATTACHMENTS.has(a?.["type"] as string)) out.push({ type, attachment: a });
    } else if (type === "user" || type === "assistant") {
      const c = (e["message"] as Obj | undefined)?.["content"];
      const o: Obj = { type, content: typeof c === "string" ? c : ((c ?? []) as Block[]).map((b) => (b.type === "text" ? { type: "text", text: b.text } : b.type === "tool_use" ? { type: "tool_use", input: b.input } : b)) };
      if (e["isMeta"] === true) o["isMeta"] = true;
      if (e["toolUseResult"] !== undefined) o["toolUseResult"] = e["toolUseResult"];
      out.push(o);
    } else if (type === "system") {
      const o: Obj = { type };
      for (const k of TRANSCRIPT_SYSTEM_KEYS) if (e[k] !== undefined) o[k] = e[k];
      out.push(o);
    } else {
      out.push({ type, raw: JSON.stringify(e).slice(0, 800) });
    }
  }
  return out;
}

function findTranscript(configDir: string): string | null {
  const projects = join(configDir, "projects");
  if (!existsSync(projects)) return null;
  for (const d of readdirSync(projects)) {
    if (!statSync(join(projects, d)).isDirectory()) continue;
    for (const f of readdirSync(join(projects, d))) if (f.endsWith(".jsonl")) return join(projects, d, f);
  }
  return null;
}

const resultOf = (r: Obj): Obj => ({ subtype: r["subtype"], is_error: r["is_error"], result: r["result"], stop_reason: r["stop_reason"], terminal_reason: r["terminal_reason"], num_turns: r["num_turns"], permission_denials: r["permission_denials"] });

// ------------------------------------------------------------ one run

interface RunOptions { baseline: Baseline | null; subagentBaseline: Baseline | null; raw?: boolean }
interface RawRun { recording: Recording; main: LoggedRequest[]; subagent: LoggedRequest[] }

async function runScenario(sc: Scenario, ctx: LabContext, opts: RunOptions): Promise<RawRun> {
  const rd = makeRunDir(sc.name, "oracle-marker.txt");
  const configDir = join(rd.home, ".claude");
  mkdirSync(configDir, { recursive: true });
  try {
    const prewritten = new Set<string>();
    copyInto(sc["project_dir"], rd.work, prewritten);
    copyInto(sc["home_dir"], rd.home, prewritten);
    writeScenarioFiles(rd.work, sc["files"], rd.vars);
    const event = sc.event ?? "PreToolUse";
    const tool = (sc["tool"] as string | undefined) ?? "Bash";
    const toolInput = substitute((sc["tool_input"] as Obj | undefined) ?? { command: "echo original >> {{MARKER}}; echo tool-output-original", description: "oracle tool call" }, rd.vars);
    const hasToolCall = (sc["tool_call"] as boolean | undefined) ?? TOOL_EVENTS.has(event);
    const main = substitute((sc["model_turns"] as Turn[] | undefined) ?? (hasToolCall ? [{ tool_use: { name: tool, input: toolInput } }, { text: "done" }] : [{ text: "done" }]), rd.vars);

    const hooks = substitute(sc.hooks as ClaudeHook[], rd.vars);
    const commands: string[] = [];
    hooks.forEach((h, k) => {
      commands.push(h.same_command_as !== undefined ? commands[h.same_command_as] ?? "" : h.command ?? writeHookScript(rd.hooks, k, h, HOOK_ENV_PATTERN));
    });
    const settings = hookSettings(hooks, commands, event, tool);
    const flagSettings = { ...settings.flag, ...substitute((sc["settings_extra"] ?? {}) as Obj, rd.vars) };
    const flagFile = join(rd.dir, "settings.flag.json");
    writeFileSync(flagFile, JSON.stringify(flagSettings, null, 2));
    const hasHooks = (s: Obj): boolean => Object.keys(s["hooks"] as Obj).length > 0;
    const writeSettings = (file: string, s: Obj): void => {
      mkdirSync(join(file, ".."), { recursive: true });
      writeFileSync(file, JSON.stringify(overPrewritten(file, s, prewritten), null, 2));
    };
    if (hasHooks(settings.user)) writeSettings(join(configDir, "settings.json"), settings.user);
    if (hasHooks(settings.project)) writeSettings(join(rd.work, ".claude", "settings.json"), settings.project);
    if (hasHooks(settings.local)) writeSettings(join(rd.work, ".claude", "settings.local.json"), settings.local);

    const script: Script = { main, subagentMarker: (sc["subagent_marker"] as string | undefined) ?? DEFAULT_SUBAGENT_MARKER };
    if (sc["subagent_turns"] !== undefined) script.subagent = substitute(sc["subagent_turns"] as Turn[], rd.vars);
    if (sc["compact_reply"] !== undefined) script.compactReply = sc["compact_reply"] as string;
    const server = await startModelServer(messagesApi(script));

    const debugFile = join(rd.dir, "debug.log");
    const allowed = (sc["allowed_tools"] as string[] | undefined) ?? ["Bash"];
    const prompts = sc["prompts"] !== undefined ? substitute(sc["prompts"] as string[], rd.vars) : null;
    const askAnswer = sc["ask_answer"] as string | Obj | undefined;
    const interactive = askAnswer !== undefined || prompts !== null;
    const args = interactive
      ? ["-p", "--input-format", "stream-json", ...(askAnswer !== undefined ? ["--permission-prompt-tool", "stdio"] : [])]
      : ["-p", (sc["prompt"] as string | undefined) ?? DEFAULT_PROMPT];
    args.push("--settings", flagFile, "--output-format", "stream-json", "--verbose", "--include-hook-events", "--debug-file", debugFile);
    if (allowed.length > 0) args.push("--allowedTools", allowed.join(","));
    if (typeof sc["permission_mode"] === "string") args.push("--permission-mode", sc["permission_mode"]);
    args.push(...((sc["cli_args"] ?? []) as string[]));
    const env: Record<string, string> = {
      PATH: process.env["PATH"] ?? "/usr/local/bin:/usr/bin:/bin", LANG: "C.UTF-8", TERM: "dumb", SHELL: "/bin/bash",
      HOME: rd.home, CLAUDE_CONFIG_DIR: configDir, TMPDIR: rd.tmp,
      ANTHROPIC_BASE_URL: `http://127.0.0.1:${server.port}`, ANTHROPIC_API_KEY: "dummy",
      // no request but the Messages API's: no telemetry, updates, error reports or nonessential traffic
      CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: "1", DISABLE_TELEMETRY: "1", DISABLE_AUTOUPDATER: "1", DISABLE_ERROR_REPORTING: "1", DISABLE_BUG_COMMAND: "1",
      ...((sc["env"] ?? {}) as Record<string, string>),
    };

    // An SDK host over stream-json: answers permission prompts (can_use_tool) and sends the next prompt after each result.
    const permissionPrompts: Obj[] = [];
    let promptsSent = 0;
    const userMessage = (): string => {
      const text = prompts !== null ? prompts[promptsSent] : (sc["prompt"] as string | undefined) ?? DEFAULT_PROMPT;
      promptsSent++;
      return JSON.stringify({ type: "user", message: { role: "user", content: text }, parent_tool_use_id: null, session_id: "" }) + "\n";
    };
    const askDelay = (sc["ask_delay_ms"] as number | undefined) ?? 0;
    const t0 = Date.now();
    const run = await runAgent(ctx.bin, args, {
      cwd: rd.work, env, timeoutMs: (sc["cli_timeout_ms"] as number | undefined) ?? 120000,
      ...(interactive ? {
        interactive: {
          start: (write) => write(userMessage()),
          onLine: (line, write, end) => {
            let ev: Obj;
            try { ev = JSON.parse(line) as Obj; } catch { return; }
            const request = ev["request"] as Obj | undefined;
            if (ev["type"] === "control_request" && request?.["subtype"] === "can_use_tool") {
              const answer: Obj = typeof askAnswer === "string" ? { behavior: askAnswer } : { ...askAnswer };
              if (answer["behavior"] === "allow" && answer["updatedInput"] === undefined) answer["updatedInput"] = request["input"];
              if (answer["behavior"] === "deny" && answer["message"] === undefined) answer["message"] = "denied by the oracle host";
              permissionPrompts.push({ tool_name: request["tool_name"], input: request["input"], decision_reason: request["decision_reason"], decision_reason_type: request["decision_reason_type"], title: request["title"], description: request["description"], answered: answer });
              const reply = JSON.stringify({ type: "control_response", response: { subtype: "success", request_id: ev["request_id"], response: { ...answer, toolUseID: request["tool_use_id"] } } }) + "\n";
              if (askDelay > 0) setTimeout(() => write(reply), askDelay); else write(reply);
            } else if (ev["type"] === "control_request") {
              permissionPrompts.push({ unhandled_control_request: request });
              write(JSON.stringify({ type: "control_response", response: { subtype: "error", request_id: ev["request_id"], error: "not supported by the oracle host" } }) + "\n");
            } else if (ev["type"] === "result") {
              if (prompts !== null && promptsSent < prompts.length) write(userMessage()); else end();
            }
          },
        },
      } : {}),
    });
    await new Promise((r) => setTimeout(r, 50));
    await server.close();

    const stream = jsonLines(run.stdout);
    const system = stream.filter((e) => e["type"] === "system");
    const init = system.find((e) => e["subtype"] === "init");
    const isHookEvent = (e: Obj): boolean => /^hook_/.test((e["subtype"] as string | undefined) ?? "");
    const hookEvents = system.filter(isHookEvent).map((e) => {
      const o: Obj = { subtype: e["subtype"], hook_name: e["hook_name"], hook_event: e["hook_event"] };
      for (const k of ["outcome", "exit_code", "stdout", "stderr", "output"]) if (e[k] !== undefined) o[k] = e[k];
      return o;
    });
    const otherSystem = system.filter((e) => e["subtype"] !== "init" && !isHookEvent(e)).map((e) => { const o = { ...e }; delete o["uuid"]; delete o["session_id"]; return o; });
    const results = stream.filter((e) => e["type"] === "result");
    const mainRequests = server.log.filter((r) => r.kind === "main");
    const subRequests = server.log.filter((r) => r.kind === "subagent");
    const allResults = toolResults(mainRequests);
    const firstResult = allResults[0] ?? null;
    const markers = markerLines(rd);
    // the baseline was recorded with $TMP for its run's directory
    const inThisRun = (b: Baseline | null): Baseline | null => (b === null ? null : new Set([...b].map((p) => p.split("$TMP").join(rd.dir))));
    const hookRecords: HookRecord[] = hooks.map((_h, k) => readHookRecord(rd.hooks, k, commands[k]!, t0));
    const transcriptFile = findTranscript(configDir);
    const debugLines = existsSync(debugFile)
      ? readFileSync(debugFile, "utf8").split("\n").filter((l) => /hook/i.test(l) && !/hooks module |3P telemetry|native host made|checkForNewResponses|Registered \d+ hooks from/.test(l)).map((l) => l.replace(/^\S+ \[DEBUG\] /, "")).slice(0, 120)
      : null;
    const checkFiles = sc["check_files"] as string[] | undefined;

    const summary: Obj = {
      name: sc.name, description: sc.description,
      cli_version: init?.["claude_code_version"] ?? null,
      scenario: sc,
      cli: { exit_code: run.exit, duration_ms: run.durationMs, stderr: run.stderr.trim() || undefined, args },
      settings_flag: flagSettings,
      tool: hasToolCall ? { ran: markers.length > 0, marker_lines: markers, tool_result_received_by_model: firstResult } : undefined,
      tool_results_all: sc["model_turns"] !== undefined ? allResults.map(({ tool_use_id, content, is_error }) => ({ tool_use_id, content, is_error })) : undefined,
      permission_prompts: interactive ? permissionPrompts : undefined,
      model_requests: summariseRequests(mainRequests, inThisRun(opts.baseline)),
      hook_events: hookEvents,
      stream_system_other: otherSystem.length > 0 ? otherSystem : undefined,
      stream_user_messages: stream.filter((e) => e["type"] === "user").map((e) => ({ content: (e["message"] as Obj | undefined)?.["content"], tool_use_result: e["tool_use_result"], tool_result_meta: e["tool_result_meta"], isMeta: e["isMeta"] })),
      stream_assistant_messages: stream.filter((e) => e["type"] === "assistant").map((e) => (e["message"] as Obj | undefined)?.["content"]),
      result: results[0] !== undefined ? resultOf(results[0]) : null,
      results_all: prompts !== null ? results.map(resultOf) : undefined,
      subagent_requests: sc["subagent_turns"] !== undefined ? summariseRequests(subRequests, inThisRun(opts.subagentBaseline)) : undefined,
      compact_requests: sc["compact_reply"] !== undefined ? server.log.filter((r) => r.kind === "compact").map((r) => ({ n_messages: messagesOf(r).length, has_tools: isObj(r.body) && Array.isArray(r.body["tools"]) && r.body["tools"].length > 0, last_user_text: userTexts(r.body).at(-1) ?? "" })) : undefined,
      files_after: checkFiles !== undefined ? Object.fromEntries(checkFiles.map((rel) => { const f = join(rd.work, rel); return [rel, existsSync(f) ? readFileSync(f, "utf8") : null]; })) : undefined,
      hooks: hookRecords,
      transcript: transcriptFile !== null ? compactTranscript(jsonLines(readFileSync(transcriptFile, "utf8"))) : null,
      debug_hook_lines: debugLines,
      other_http_requests: server.log.filter((r) => r.kind === "other" || r.kind === "side").map((r) => ({ method: r.method, url: r.url, kind: r.kind })),
    };
    const recording = normaliseRun(summary, rd.dir) as Recording;
    if (!opts.raw) recording.outcome = outcomeOf(recording);
    const forBaseline = opts.raw === true ? normaliseRun({ main: mainRequests, sub: subRequests }, rd.dir) : { main: [], sub: [] };
    return { recording, main: forBaseline.main, subagent: forBaseline.sub };
  } finally {
    rmSync(rd.dir, { recursive: true, force: true });
  }
}

// ------------------------------------------------------------ the outcome (what --check compares)

/** Ids that differ per run by nature: session and prompt ids (uuids), hashes, subagent ids, durations. */
const OUTCOME_IDS: [RegExp, string][] = [
  [UUID_PATTERN, "<uuid>"],
  [/\b[0-9a-f]{32}\b/g, "<hash>"],
  [/\ba[0-9a-f]{16}\b/g, "<agent-id>"],
  [/duration_ms: \d+/g, "duration_ms: <n>"],
];

export function outcomeOf(s: Obj): Obj {
  const sc = s["scenario"] as Scenario;
  const tool = s["tool"] as { ran: boolean; marker_lines: string[]; tool_result_received_by_model: Obj | null } | undefined;
  const requests = s["model_requests"] as RequestSummary[];
  const subRequests = s["subagent_requests"] as RequestSummary[] | undefined;
  const hooks = s["hooks"] as HookRecord[];
  const result = s["result"] as Obj | null;
  const prompt = (sc["prompt"] as string | undefined) ?? DEFAULT_PROMPT;
  const marker = (sc["subagent_marker"] as string | undefined) ?? DEFAULT_SUBAGENT_MARKER;
  const added = (rs: readonly RequestSummary[], isPrompt: (b: CompactBlock) => boolean): string[][] =>
    rs.map((r) => r.new_blocks.filter((b) => b.type !== "tool_use" && b.type !== "tool_result" && !(b.role === "user" && isPrompt(b))).map((b) => `${b.role}: ${b.text}`));
  const byJson = (a: unknown, b: unknown): number => JSON.stringify(a).localeCompare(JSON.stringify(b));
  const toolResultsAll = s["tool_results_all"] as { content: unknown; is_error: boolean }[] | undefined;
  const cli = s["cli"] as Obj;
  const o: Obj = {
    tool_ran: tool?.ran,
    marker_lines: tool?.marker_lines,
    tool_result: tool === undefined ? undefined : tool.tool_result_received_by_model === null ? null : { content: tool.tool_result_received_by_model["content"], is_error: tool.tool_result_received_by_model["is_error"] },
    permission_prompts: (s["permission_prompts"] as Obj[] | undefined)?.map((p) => ({ input: p["input"], decision_reason: p["decision_reason"] })),
    context_added: added(requests, (b) => b.text === prompt),
    model_requests: requests.length,
    hook_invocations: hooks.map((h) => h.invocations),
    hook_responses: (s["hook_events"] as Obj[]).filter((e) => e["subtype"] === "hook_response").map((e) => `${String(e["hook_name"])} ${String(e["outcome"])} exit=${String(e["exit_code"])}`).sort(),
    stream_notices: ((s["stream_system_other"] ?? []) as Obj[]).map((e) => e["content"] ?? e["text"] ?? e["message"] ?? e["subtype"]),
    result: result === null ? null : { subtype: result["subtype"], is_error: result["is_error"], result: result["result"], terminal_reason: result["terminal_reason"], permission_denials: ((result["permission_denials"] ?? []) as unknown[]).length },
    transcript_hook_attachments: ((s["transcript"] ?? []) as Obj[]).filter((e) => e["type"] === "attachment" && /^hook_/.test((e["attachment"] as Obj)["type"] as string) && (e["attachment"] as Obj)["type"] !== "hook_success").map((e) => { const a = { ...(e["attachment"] as Obj) }; delete a["toolUseID"]; delete a["durationMs"]; return a; }),
    results_all: (s["results_all"] as Obj[] | undefined)?.map((r) => ({ subtype: r["subtype"], is_error: r["is_error"], result: r["result"], terminal_reason: r["terminal_reason"] })),
    subagent_requests: subRequests?.length,
    subagent_context_added: subRequests === undefined ? undefined : added(subRequests, (b) => b.text.includes(marker)),
    compact_requests: (s["compact_requests"] as { last_user_text: string }[] | undefined)?.map((r) => r.last_user_text.split("</example>").pop()!.trim()),
    files: s["files_after"],
    hook_argv: hooks.some((h) => h.argv_first !== undefined) ? hooks.map((h) => (h.argv_first !== undefined ? [h.argv_first, ...(h.argv_more ?? [])].map((a) => a ?? []).sort(byJson) : null)) : undefined,
    hook_env: hooks.some((h) => h.env_first !== undefined) ? hooks.map((h) => (h.env_first !== undefined ? Object.fromEntries(Object.entries(h.env_first).map(([k, v]) => [k, k === "CLAUDE_PID" ? "<pid>" : v.replace(/\/\d+\.sock$/, "/<pid>.sock")])) : null)) : undefined,
    tool_results: toolResultsAll !== undefined && toolResultsAll.length > 1 ? toolResultsAll.map((r) => ({ content: r.content, is_error: r.is_error })) : undefined,
    subagent_tool_results: subRequests === undefined ? undefined : firstToolResults(subRequests),
    cli_stderr: sc["check_stderr"] === true ? (cli["stderr"] as string | undefined) ?? "" : undefined,
  };
  return replaceIds(JSON.parse(JSON.stringify(o)) as Obj, OUTCOME_IDS);
}

function firstToolResults(rs: readonly RequestSummary[]): { content: string; is_error: boolean | undefined }[] {
  const seen = new Set<string | undefined>();
  const out: { content: string; is_error: boolean | undefined }[] = [];
  for (const r of rs) for (const m of r.messages) if (m.type === "tool_result" && !seen.has(m.tool_use_id)) { seen.add(m.tool_use_id); out.push({ content: m.text, is_error: m.is_error }); }
  return out;
}

// ------------------------------------------------------------ baselines

const today = (): string => new Date().toISOString().slice(0, 10);

/** The fixed context's paragraphs: three runs without hooks (a tool call, text only, an SDK host), cached per version and day (the date is one of them). */
async function mainBaseline(ctx: LabContext): Promise<Baseline> {
  const cache = join(ctx.prefix, `baseline-${ctx.version}-${today()}.json`);
  if (existsSync(cache)) return new Set(JSON.parse(readFileSync(cache, "utf8")) as string[]);
  const set = new Set<string>();
  const runs: Scenario[] = [
    { name: "baseline-tool", event: "PreToolUse", hooks: [] },
    { name: "baseline-text", event: "Stop", hooks: [] },
    { name: "baseline-host", event: "PreToolUse", hooks: [], ask_answer: "allow" },
  ];
  for (const sc of runs) {
    const r = await runScenario(sc, ctx, { baseline: null, subagentBaseline: null, raw: true });
    for (const req of r.main) for (const m of messagesOf(req)) {
      if (m.role === "assistant") continue;
      for (const b of blocksOf(m)) if (b.type === "text" && b.text !== DEFAULT_PROMPT) for (const p of paragraphs(b.text ?? "")) set.add(p.trim());
    }
  }
  writeFileSync(cache, JSON.stringify([...set], null, 1));
  return set;
}

/** A subagent's own fixed context: one run with an Agent call and no hooks. */
async function subagentBaseline(ctx: LabContext): Promise<Baseline> {
  const cache = join(ctx.prefix, `baseline-subagent-${ctx.version}-${today()}.json`);
  if (existsSync(cache)) return new Set(JSON.parse(readFileSync(cache, "utf8")) as string[]);
  const sc: Scenario = {
    name: "baseline-subagent", event: "Stop", hooks: [], allowed_tools: ["Bash", "Agent"],
    model_turns: [{ tool_use: { name: "Agent", input: { description: "baseline task", prompt: `${DEFAULT_SUBAGENT_MARKER} baseline`, subagent_type: "general-purpose", run_in_background: false } } }, { text: "done" }],
    subagent_turns: [{ tool_use: { name: "Bash", input: { command: "echo baseline-sub", description: "baseline sub call" } } }, { text: "sub done" }],
  };
  const r = await runScenario(sc, ctx, { baseline: null, subagentBaseline: null, raw: true });
  const set = new Set<string>();
  for (const req of r.subagent) for (const m of messagesOf(req)) {
    if (m.role === "assistant") continue;
    for (const b of blocksOf(m)) if (b.type === "text" && !(b.text ?? "").includes(DEFAULT_SUBAGENT_MARKER)) for (const p of paragraphs(b.text ?? "")) set.add(p.trim());
  }
  writeFileSync(cache, JSON.stringify([...set], null, 1));
  return set;
}

let baselines: { main: Baseline; subagent: Baseline | null } | null = null;

/**
 * Releases npm's @anthropic-ai/claude-code does not have (it ends at 2.1.332): the Agent SDK's
 * platform package of the same build carries the native binary (`claudeCodeVersion` of
 * @anthropic-ai/claude-agent-sdk@0.3.334 is 2.1.334; the binary says `2.1.334 (Claude Code)`).
 */
const AGENT_SDK_BUILDS: Readonly<Record<string, string>> = { "2.1.334": "0.3.334" };
const AGENT_SDK_PLATFORM = "@anthropic-ai/claude-agent-sdk-linux-x64";

export const claudeCode: LabAgent = {
  name: "claude-code",
  npmPackage: "@anthropic-ai/claude-code",
  recordedVersion: "2.1.332",
  bin: "node_modules/.bin/claude",
  packageFor(version) {
    const sdk = AGENT_SDK_BUILDS[version];
    return sdk === undefined ? undefined : { spec: `${AGENT_SDK_PLATFORM}@${sdk}`, bin: `node_modules/${AGENT_SDK_PLATFORM}/claude` };
  },
  checkDirs: ["claude-code/scenarios", "claude-code/probes/scenarios", "claude-code-tools/scenarios"],
  outcomeOf,
  versionOf: (bin) => versionFromCommand(bin, ["--version"], { HOME: "/tmp" }, /^(\d+\.\d+\.\d+)/),
  async prepare(ctx) {
    baselines = { main: await mainBaseline(ctx), subagent: null };
  },
  async run(sc, ctx) {
    if (baselines === null) baselines = { main: await mainBaseline(ctx), subagent: null };
    if (sc["subagent_turns"] !== undefined && baselines.subagent === null) baselines.subagent = await subagentBaseline(ctx);
    return (await runScenario(sc, ctx, { baseline: baselines.main, subagentBaseline: baselines.subagent })).recording;
  },
};
