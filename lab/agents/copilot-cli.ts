/**
 * Copilot CLI in the lab: the native binary of @github/copilot, run as
 * `copilot -p "do it" --allow-all-tools --output-format json … --trust-folder`, offline
 * (COPILOT_OFFLINE) with a BYOK OpenAI provider (COPILOT_PROVIDER_*) at a scripted Chat
 * Completions API. Hooks go to $COPILOT_HOME/hooks/<name>.json (Copilot's flat entries), its
 * settings, the project's .github/, or Claude Code's settings files (nested groups).
 *
 * The recording and its `outcome` are the format of test/observer/copilot-cli/ (its README).
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { LabAgent, LabContext, Recording } from "../core/agent.js";
import { versionFromCommand } from "../core/install.js";
import { chatCompletionsApi, type ChatTurn } from "../core/chat-completions.js";
import { readHookRecord, writeHookScript, type ScriptedHook } from "../core/hook-script.js";
import { startModelServer } from "../core/model-server.js";
import { normaliseRun, replaceIds, UUID_PATTERN } from "../core/normalise.js";
import { runAgent } from "../core/process.js";
import type { Scenario } from "../core/scenario.js";
import { makeRunDir, markerLines, substitute, writeScenarioFiles } from "../core/workspace.js";

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => v !== null && typeof v === "object" && !Array.isArray(v);

const DEFAULT_PROMPT = "do it";
const HOOK_ENV_PATTERN = "^(COPILOT|CLAUDE|GITHUB|PWD=|HOME=|SHELL=)";
const ISO = /\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?(Z|[+-]\d\d:\d\d)/g;
const isToolEvent = (ev: string): boolean => /^(preToolUse|postToolUse|postToolUseFailure|permissionRequest)$/i.test(ev);
const isPascal = (ev: string): boolean => /^[A-Z]/.test(ev);

/** Where each source's hooks go: relative to COPILOT_HOME, the work dir or HOME; versioned files carry `version: 1`; Claude files use nested groups. */
const SOURCES: Record<string, { root: "copilot" | "work" | "home"; file: (name: string) => string; versioned?: boolean; claude?: boolean }> = {
  user: { root: "copilot", file: (n) => `hooks/${n}.json`, versioned: true },
  user_settings: { root: "copilot", file: () => "settings.json" },
  user_config: { root: "copilot", file: () => "config.json" },
  project: { root: "work", file: (n) => `.github/hooks/${n}.json`, versioned: true },
  project_settings: { root: "work", file: () => ".github/copilot/settings.json" },
  project_local: { root: "work", file: () => ".github/copilot/settings.local.json" },
  claude: { root: "work", file: () => ".claude/settings.json", claude: true },
  claude_local: { root: "work", file: () => ".claude/settings.local.json", claude: true },
  claude_user: { root: "home", file: () => ".claude/settings.json", claude: true },
};

interface CopilotHook extends ScriptedHook { event?: string; matcher?: unknown; group?: number; source?: string; name?: string; format?: string; timeout?: unknown; file_extra?: Obj; same_command_as?: number; command?: string; handler_extra?: Obj }
interface ChatMessage { role: string; content?: unknown; tool_call_id?: string; tool_calls?: { id?: string; function?: { name?: string; arguments?: string } }[] }

/** A message's text, its tool calls appended. */
function messageText(m: ChatMessage): string {
  let t = typeof m.content === "string" ? m.content
    : Array.isArray(m.content) ? (m.content as unknown[]).map((c) => (typeof c === "string" ? c : isObj(c) ? (c["text"] as string | undefined) ?? (c["type"] === "image_url" ? "[image]" : JSON.stringify(c)) : JSON.stringify(c))).join("\n")
      : m.content === null || m.content === undefined ? "" : JSON.stringify(m.content);
  if ((m.tool_calls ?? []).length > 0) t += (t !== "" ? "\n" : "") + m.tool_calls!.map((c) => `[tool_call ${String(c.id)} ${String(c.function?.name)} ${String(c.function?.arguments)}]`).join("\n");
  return t;
}

const jsonLines = (text: string): Obj[] => text.split("\n").filter(Boolean).map((l) => { try { return JSON.parse(l) as Obj; } catch { return { unparsed: l }; } });

type Baseline = ReadonlySet<string>;
interface NewMessage { role: string; tool_call_id?: string; text: string }

async function runScenario(sc: Scenario, ctx: LabContext, baseline: Baseline | null): Promise<Recording> {
  const rd = makeRunDir(`run-${sc.name}`, "oracle-marker.txt");
  const copilotHome = join(rd.home, ".copilot");
  const logDir = join(rd.dir, "logs");
  for (const d of [copilotHome, logDir]) mkdirSync(d, { recursive: true });
  const vars = { ...rd.vars, HOME: rd.home };
  try {
    writeScenarioFiles(rd.work, sc["files"], vars);
    const event = sc.event ?? "preToolUse";
    const hooks = substitute(sc.hooks as CopilotHook[], vars);
    const toolArguments = substitute((sc["tool_arguments"] as Obj | undefined) ?? { command: "echo original >> {{MARKER}}; echo tool-output-original", description: "oracle command" }, vars);
    const hasToolCall = (sc["tool_call"] as boolean | undefined) ?? (isToolEvent(event) || hooks.some((h) => isToolEvent(h.event ?? event)));
    const turns = substitute((sc["model_turns"] as ChatTurn[] | undefined) ?? (hasToolCall ? [{ tool_call: { name: (sc["tool"] as string | undefined) ?? "bash", arguments: toolArguments } }, { text: "done" }] : [{ text: "done" }]), vars);

    const files = new Map<string, { versioned: boolean; hooks: Record<string, Obj[]>; groups: Record<string, { key: string; group: Obj }[]>; extra: Obj }>();
    const commands: string[] = [];
    hooks.forEach((h, k) => {
      commands.push(h.same_command_as !== undefined ? commands[h.same_command_as] ?? "" : h.command ?? writeHookScript(rd.hooks, k, h, HOOK_ENV_PATTERN));
      const ev = h.event ?? event;
      const sourceName = h.source ?? (sc["source"] as string | undefined) ?? "user";
      const source = SOURCES[sourceName];
      if (source === undefined) throw new Error(`lab: unknown hook source ${sourceName}`);
      const root = source.root === "copilot" ? copilotHome : source.root === "work" ? rd.work : rd.home;
      const file = join(root, source.file(h.name ?? "oracle"));
      const f = files.get(file) ?? { versioned: source.versioned === true, hooks: {}, groups: {}, extra: {} };
      files.set(file, f);
      const list = (f.hooks[ev] ??= []);
      // default matcher: Bash for Claude-style (PascalCase) tool events, none otherwise
      const matcher = h.matcher !== undefined ? h.matcher : isPascal(ev) && isToolEvent(ev) ? "Bash" : null;
      if (source.claude === true || h.format === "claude") {
        const groups = (f.groups[ev] ??= []);
        const key = `${String(h.group ?? 0)}|${String(matcher)}`;
        let entry = groups.find((g) => g.key === key);
        if (entry === undefined) { entry = { key, group: { ...(matcher !== null ? { matcher } : {}), hooks: [] } }; groups.push(entry); list.push(entry.group); }
        (entry.group["hooks"] as Obj[]).push({ type: "command", command: commands[k], timeout: h.timeout !== undefined ? h.timeout : 10, ...h.handler_extra });
      } else {
        list.push({ type: "command", bash: commands[k], timeoutSec: h.timeout !== undefined ? h.timeout : 10, ...(matcher !== null ? { matcher } : {}), ...h.handler_extra });
      }
      if (h.file_extra !== undefined) f.extra = { ...f.extra, ...h.file_extra };
    });
    const hooksFiles: Obj = {};
    for (const [file, f] of files) {
      const content: Obj = { ...(f.versioned ? { version: 1 } : {}), ...f.extra, hooks: f.hooks };
      for (const k of Object.keys(content)) if (content[k] === null) delete content[k]; // file_extra {key: null} removes a key
      mkdirSync(join(file, ".."), { recursive: true });
      writeFileSync(file, JSON.stringify(content, null, 2));
      hooksFiles[file] = content;
    }
    writeScenarioFiles(rd.home, sc["home_files"], vars);

    const model = (sc["model"] as string | undefined) ?? "gpt-4.1";
    const server = await startModelServer(chatCompletionsApi(turns, { model, listModel: model, maxRequests: (sc["max_requests"] as number | undefined) ?? 8, completionId: (n, main) => `chatcmpl-${main ? "" : "side-"}${n + 1}` }));
    const env: Record<string, string> = {
      PATH: process.env["PATH"] ?? "/usr/local/bin:/usr/bin:/bin", LANG: "C.UTF-8", TERM: "dumb", SHELL: "/bin/bash", NO_COLOR: "1",
      HOME: rd.home, COPILOT_HOME: copilotHome, TMPDIR: rd.tmp,
      // a shared unpack cache: without it every fresh HOME unpacks the app (hundreds of MB) again
      COPILOT_PKG_CACHE_HOME: join(ctx.prefix, "pkg-cache"),
      COPILOT_OFFLINE: "true", COPILOT_AUTO_UPDATE: "false",
      COPILOT_PROVIDER_BASE_URL: `http://127.0.0.1:${server.port}/v1`, COPILOT_PROVIDER_API_KEY: "dummy", COPILOT_PROVIDER_TYPE: "openai", COPILOT_MODEL: model,
      ...substitute((sc["env"] ?? {}) as Record<string, string>, vars),
    };
    const prompt = (sc["prompt"] as string | undefined) ?? DEFAULT_PROMPT;
    const args = ["-p", prompt];
    if ((sc["allow_all_tools"] as boolean | undefined) ?? true) args.push("--allow-all-tools");
    args.push("--output-format", "json", "--disable-builtin-mcps", "--no-ask-user", "--no-auto-update", "--log-dir", logDir, "--log-level", "all");
    if ((sc["trust_folder"] as boolean | undefined) ?? true) args.push("--trust-folder");
    args.push(...substitute((sc["cli_args"] ?? []) as string[], vars));
    const t0 = Date.now();
    const run = await runAgent(ctx.bin, args, { cwd: rd.work, env, timeoutMs: (sc["cli_timeout_ms"] as number | undefined) ?? 120000 });
    // hooks that outlive the CLI (timeouts) may still be writing
    await new Promise((r) => setTimeout(r, (sc["linger_ms"] as number | undefined) ?? 200));
    await server.close();

    const N = (s: string): string => s.split(rd.dir).join("$TMP").replace(UUID_PATTERN, "<uuid>").replace(ISO, "<datetime>");
    const main = server.log.filter((r) => r.kind === "main");
    const messagesOf = (i: number): ChatMessage[] => { const b = main[i]!.body; return isObj(b) && Array.isArray(b["messages"]) ? (b["messages"] as ChatMessage[]) : []; };
    const requests = main.map((r, i) => {
      const items: NewMessage[] = messagesOf(i).map((m) => ({ role: m.role, ...(m.tool_call_id !== undefined ? { tool_call_id: m.tool_call_id } : {}), text: N(messageText(m)) }));
      // new against the request before, counting repeated messages
      const before = new Map<string, number>();
      if (i > 0) for (const m of messagesOf(i - 1)) { const key = `${m.role}|${N(messageText(m))}`; before.set(key, (before.get(key) ?? 0) + 1); }
      const fresh = items.filter((it) => { const key = `${it.role}|${it.text}`; const n = before.get(key) ?? 0; if (n > 0) { before.set(key, n - 1); return false; } return true; });
      const body = isObj(r.body) ? r.body : {};
      return { turn: r.turn, n_messages: items.length, new_messages: fresh, tools: ((body["tools"] ?? []) as Obj[]).map((t) => (t["function"] as Obj | undefined)?.["name"] ?? t["type"]), reply: r.reply };
    });
    // a message that only adds to a fixed one (the system prompt) shows as what it added
    const fixed = baseline ?? new Set<string>();
    const fixedByRole = new Map<string, string[]>();
    for (const k of fixed) { const i = k.indexOf("|"); const role = k.slice(0, i); fixedByRole.set(role, [...(fixedByRole.get(role) ?? []), k.slice(i + 1)]); }
    const withoutDatetime = (s: string): string => s.replace(/^<current_datetime><datetime><\/current_datetime>\n\n/, "");
    const describe = (it: NewMessage): string | null => {
      const key = `${it.role}|${it.text}`;
      if (fixed.has(key) || it.role === "assistant" || it.role === "tool") return null;
      if (it.role === "user" && (withoutDatetime(it.text) === N(prompt) || key === `user|${N(prompt)}`)) return null;
      let best: { b: string; how: "after" | "before" } | null = null;
      for (const b of fixedByRole.get(it.role) ?? []) {
        if (b.length < 20 || b.length >= it.text.length) continue;
        if (it.text.startsWith(b) && (best === null || b.length > best.b.length)) best = { b, how: "after" };
        else if (it.text.endsWith(b) && (best === null || b.length > best.b.length)) best = { b, how: "before" };
      }
      if (best !== null) return `${it.role} (+${best.how} fixed text): ${best.how === "after" ? it.text.slice(best.b.length) : it.text.slice(0, it.text.length - best.b.length)}`;
      return `${it.role}: ${it.text}`;
    };
    const contextAdded = requests.map((r) => r.new_messages.map(describe).filter((x): x is string => x !== null));
    const toolResults: { tool_call_id: string | undefined; content: string; in_request: number }[] = [];
    const seen = new Set<string | undefined>();
    main.forEach((_r, i) => { for (const m of messagesOf(i)) if (m.role === "tool" && !seen.has(m.tool_call_id)) { seen.add(m.tool_call_id); toolResults.push({ tool_call_id: m.tool_call_id, content: N(messageText(m)), in_request: i }); } });
    const hookRecords = hooks.map((h, k) => {
      const { index, command, ...rest } = readHookRecord(rd.hooks, k, commands[k]!, t0);
      const o: Obj = { index, event: h.event ?? event, source: h.source ?? (sc["source"] as string | undefined) ?? "user", command, ...rest };
      delete o["argv_first"]; delete o["argv_more"];
      // the script's own path is its argv[0]
      if (rest.env_first !== undefined) o["argv_first"] = [command, ...(rest.argv_first ?? [])];
      return o;
    });
    // the session's own event log: hook.start / hook.end records and more
    const sessionRoot = join(copilotHome, "session-state");
    const sessionFiles = existsSync(sessionRoot) ? readdirSync(sessionRoot).map((d) => join(sessionRoot, d, "events.jsonl")).filter((f) => existsSync(f)) : [];
    const sessionEvents = sessionFiles.flatMap((f) => jsonLines(readFileSync(f, "utf8")));
    const logText = existsSync(logDir) ? readdirSync(logDir).filter((f) => f.endsWith(".log")).map((f) => readFileSync(join(logDir, f), "utf8")).join("\n") : "";
    const markers = markerLines(rd);

    const summary: Obj = {
      name: sc.name, description: sc.description,
      cli_version: /"copilotVersion":"([^"]+)"/.exec(sessionFiles.length > 0 ? readFileSync(sessionFiles[0]!, "utf8") : "")?.[1] ?? null,
      scenario: sc,
      cli: { exit_code: run.exit, duration_ms: run.durationMs, args },
      hooks_files: hooksFiles,
      tool: hasToolCall ? { ran: markers.length > 0, marker_lines: markers, result_received_by_model: toolResults[0] ?? null } : undefined,
      tool_results: toolResults,
      context_added: contextAdded,
      model_requests: requests,
      hook_records: sessionEvents.filter((e) => /^hook\./.test(String(e["type"]))).map((e) => ({ type: e["type"], data: e["data"] })),
      output_events: jsonLines(run.stdout),
      session_event_types: [...new Set(sessionEvents.map((e) => e["type"]))],
      hooks: hookRecords,
      stderr: run.stderr.split("\n").filter(Boolean),
      hook_log_lines: logText.split("\n").filter((l) => /hook/i.test(l) && !/host_delivery\] Detached host delivery/.test(l)).map((l) => l.replace(/^\S+Z /, "").slice(0, 2000)).slice(0, 300),
      other_http_requests: server.log.filter((r) => r.kind === "other" || r.kind === "side").map((r) => ({ method: r.method, url: r.url, kind: r.kind })),
    };
    const recording = normaliseRun(summary, rd.dir) as Recording;
    recording.outcome = copilotOutcome(recording);
    return recording;
  } finally {
    rmSync(rd.dir, { recursive: true, force: true });
  }
}

// ------------------------------------------------------------ the outcome

/** Output events that say nothing about hooks, or vary from run to run. */
const NOISE_EVENTS = new Set(["session.skills_loaded", "session.mcp_servers_loaded", "session.tools_updated", "assistant.turn_start", "assistant.turn_end", "model.call_start", "model.call_finished", "model.call_final_result", "assistant.tool_call_delta", "assistant.message_start", "assistant.message_delta", "assistant.idle", "session.usage_record", "assistant.usage", "session.info"]);
const without = (o: unknown, keys: readonly string[]): unknown => (isObj(o) ? Object.fromEntries(Object.entries(o).filter(([k]) => !keys.includes(k))) : o);

function compactEvent(e: Obj): string {
  const d = isObj(e["data"]) ? e["data"] : {};
  switch (e["type"]) {
    case "user.message": return `user.message: ${JSON.stringify(d["transformedContent"] ?? d["content"])}`;
    case "assistant.message": { const reqs = (d["toolRequests"] ?? []) as Obj[]; return `assistant.message: ${JSON.stringify(d["content"])}${reqs.length > 0 ? ` tools=${JSON.stringify(reqs.map((t) => ({ name: t["name"], arguments: t["arguments"] })))}` : ""}`; }
    case "tool.execution_start": return `tool.execution_start: ${String(d["toolName"])} ${JSON.stringify(d["arguments"])}`;
    case "tool.execution_complete": return `tool.execution_complete: success=${String(d["success"])}${d["error"] !== undefined && d["error"] !== null && d["error"] !== "" ? ` error=${JSON.stringify(d["error"])}` : ""}${d["result"] !== undefined && d["result"] !== null && d["result"] !== "" ? ` result=${JSON.stringify(without(d["result"], ["toolTelemetry"]))}` : ""}`;
    case "result": return `result: exitCode=${String(e["exitCode"])}`;
    default: return `${String(e["type"])}: ${JSON.stringify(without(d, ["id", "timestamp", "parentId", "interactionId", "turnId", "messageId", "model"]))}`;
  }
}

/** Log lines every run has (with --trust-folder). */
const FIXED_NOTICES = [/Failed to reload managed hooks after enabling managed settings/, /^\[WARNING\] Loading repo hooks in prompt mode \(folder is trusted or opt-in set\)$/];

export function copilotOutcome(s: Obj): Obj {
  const tool = s["tool"] as { ran: boolean; marker_lines: string[]; result_received_by_model: { content: string } | null } | undefined;
  const toolResults = s["tool_results"] as { content: string }[];
  const hooks = s["hooks"] as { invocations: number; env_first?: Obj; cwd_first?: string; argv_first?: string[] }[];
  const events = s["output_events"] as Obj[];
  const o: Obj = {
    tool_ran: tool?.ran,
    marker_lines: tool?.marker_lines,
    tool_result: tool === undefined ? undefined : tool.result_received_by_model?.content ?? null,
    tool_results: toolResults.length > 1 ? toolResults.map((t) => t.content) : undefined,
    context_added: s["context_added"],
    model_requests: (s["model_requests"] as unknown[]).length,
    hook_invocations: hooks.map((h) => h.invocations),
    // Copilot's own record of each hook event run (the session's hook.end events)
    hook_runs: (s["hook_records"] as { type: string; data: Obj }[]).filter((r) => r.type === "hook.end").map((r) => `${String(r.data["hookType"])}: success=${String(r.data["success"])}${r.data["output"] !== undefined ? ` output=${JSON.stringify(r.data["output"])}` : ""}${r.data["error"] !== undefined ? ` error=${JSON.stringify(r.data["error"])}` : ""}`),
    events: events.filter((e) => e["ephemeral"] !== true && !NOISE_EVENTS.has(e["type"] as string)).map(compactEvent),
    notices: [...(s["stderr"] as string[]), ...(s["hook_log_lines"] as string[]).filter((l) => /^\[(WARNING|ERROR)\]/.test(l))].filter((l) => !FIXED_NOTICES.some((re) => re.test(l))),
    final_message: (events.filter((e) => e["type"] === "assistant.message" && isObj(e["data"]) && e["data"]["content"] !== undefined && e["data"]["content"] !== "" && e["data"]["content"] !== null).pop()?.["data"] as Obj | undefined)?.["content"] ?? null,
    exit_code: (s["cli"] as Obj)["exit_code"],
  };
  o["hook_env"] = hooks.some((h) => h.env_first !== undefined) ? hooks.map((h) => (h.env_first !== undefined ? { env: h.env_first, cwd: h.cwd_first, argv: h.argv_first } : null)) : undefined;
  // a subagent's run time (`subagent.completed`'s durationMs) differs per run
  return replaceIds(JSON.parse(JSON.stringify(o)) as Obj, [[UUID_PATTERN, "<uuid>"], [ISO, "<datetime>"], [/\\"durationMs\\":\d+/g, '\\"durationMs\\":<n>']]);
}

// ------------------------------------------------------------ baselines

/** The messages every request carries (the system prompt), per CLI-option combination: two runs without hooks. */
const baselines = new Map<string, Promise<Baseline>>();
function baselineFor(sc: Scenario, ctx: LabContext): Promise<Baseline> {
  const shape = { allow_all_tools: sc["allow_all_tools"], trust_folder: sc["trust_folder"], cli_args: sc["cli_args"], model: sc["model"], env: sc["env"], files: sc["files"] };
  const key = JSON.stringify([shape.allow_all_tools ?? true, shape.trust_folder ?? true, shape.cli_args ?? null, shape.model ?? null, shape.env ?? null, shape.files ?? null]);
  let b = baselines.get(key);
  if (b === undefined) {
    b = (async () => {
      const set = new Set<string>();
      const defined = Object.fromEntries(Object.entries(shape).filter(([, v]) => v !== undefined));
      for (const base of [{ name: "baseline-tool", event: "preToolUse", tool_call: true, hooks: [], ...defined }, { name: "baseline-text", event: "agentStop", tool_call: false, hooks: [], ...defined }]) {
        const r = await runScenario(base, ctx, null);
        // texts are normalised already ($TMP, <uuid>, <datetime>)
        for (const req of r["model_requests"] as { new_messages: NewMessage[] }[]) for (const m of req.new_messages) if (m.role !== "assistant" && m.role !== "tool") set.add(`${m.role}|${m.text}`);
      }
      return set;
    })();
    baselines.set(key, b);
  }
  return b;
}

export const copilotCli: LabAgent = {
  name: "copilot-cli",
  npmPackage: "@github/copilot",
  recordedVersion: "1.0.102",
  bin: "node_modules/@github/copilot-linux-x64/copilot",
  checkDirs: ["copilot-cli/scenarios", "copilot-cli/subagents/scenarios"],
  outcomeOf: copilotOutcome,
  versionOf: (bin, prefix) => versionFromCommand(bin, ["--version"], { HOME: "/tmp", COPILOT_PKG_CACHE_HOME: join(prefix, "pkg-cache"), COPILOT_OFFLINE: "true", COPILOT_AUTO_UPDATE: "false" }, /(\d+\.\d+\.\d+)/),
  async run(sc, ctx) {
    return runScenario(sc, ctx, await baselineFor(sc, ctx));
  },
};
