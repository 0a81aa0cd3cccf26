/**
 * Running configured hooks as Codex CLI 0.171.0 does: configuration from
 * `$CODEX_HOME/hooks.json` and `[hooks]` in `$CODEX_HOME/config.toml` (both
 * load, hooks.json first, with a warning), then a trusted project's
 * `<cwd>/.codex/hooks.json` and `.codex/config.toml`; matchers as anchored
 * regexes (tool events: `tool_name`, SessionStart: `source`, others: none);
 * no dedupe; every selected hook started at once with `$SHELL -c <command>`
 * in the session cwd, `CODEX_HOME` in its environment and Codex's stdin
 * fields; timeouts (default 600 s) kill the hook; async handlers run detached
 * and count for nothing. Then classify and merge (merge.ts).
 *
 * Hook trust: Codex runs a non-managed hook only after its review (a
 * `trusted_hash`); this runner runs what it finds, as
 * `--dangerously-bypass-hook-trust` does. Project trust is kept: an
 * untrusted project's hooks do not run (as with `codex exec`).
 */
import { randomUUID } from "node:crypto";
import { readConfigText } from "../core/read-bounded.js";
import { join } from "node:path";
import { eventNameOf, runOptionsProblem, type DialectRunner, type DialectRunOptions, type DialectRunOutcome } from "../core/dialect.js";
import { jsonPointer, type ProtocolError } from "../core/errors.js";
import { parseJsonWithPositions } from "../json/positions.js";
import { isJsonObject, type JsonObject, type JsonValue } from "../json/value.js";
import { spawnHook } from "../process/spawn-hook.js";
import type { CodexHookResult } from "./classify.js";
import { CODEX_EVENT_NAMES, CODEX_EVENTS, isCodexEvent, type CodexEventName } from "./events.js";
import { mergeCodex } from "./merge.js";
import * as texts from "./texts.js";
import { readCodexHandlerTimeout, type CodexLiterals } from "./timeout.js";
import { parseToml } from "../core/toml.js";

export interface CodexHandler {
  readonly event: CodexEventName;
  readonly command: string;
  readonly timeoutSec: number;
  readonly async: boolean;
  readonly matcher: string | null;
  readonly layer: "user" | "project";
  /** The file it came from: Codex's `sourcePath`. */
  readonly sourcePath: string;
  /** Position among the event's handlers (Codex's `displayOrder`). */
  readonly displayOrder: number;
}

export interface CodexConfiguration {
  readonly handlers: readonly CodexHandler[];
  readonly problems: readonly ProtocolError[];
}

const problem = (code: string, path: string, message: string): ProtocolError => ({ code, path, message });

/** A configuration file's text, or null (absent; or over the bound, said in `problems`). */
function readText(file: string, problems: ProtocolError[]): string | null {
  const text = readConfigText(file);
  if (text === null || typeof text === "string") return text;
  problems.push(problem("config-unreadable", "", `${text.refused}; no hook of it is read`));
  return null;
}

/** `^(?:m)$`, as Codex anchors a matcher (cx-pre-matcher-substring); none, `""` and `*` match everything (pre-20e, cx-pre-matcher-empty). */
export function compileMatcher(matcher: string | null): RegExp | null | Error {
  if (matcher === null || matcher === "" || matcher === "*") return null;
  try {
    return new RegExp(`^(?:${matcher})$`, "u");
  } catch (e) {
    return e instanceof Error ? e : new Error(String(e));
  }
}

/** The handlers of one `hooks` value (`{"<Event>": [{matcher, hooks: [...]}]}`), appended in file order. */
function readHooksValue(hooks: JsonValue, file: string, layer: "user" | "project", into: CodexHandler[], problems: ProtocolError[], counts: Map<string, number>, literals: CodexLiterals): void {
  if (!isJsonObject(hooks)) {
    problems.push(problem("config-invalid", "/hooks", `${file}: hooks must be a table of events`));
    return;
  }
  for (const event of Object.keys(hooks)) {
    const groups = hooks[event];
    if (!isCodexEvent(event)) {
      problems.push(problem("config-invalid", `/hooks/${event}`, `${file}: ${texts.noSuchEvent(event)}`));
      continue;
    }
    if (!Array.isArray(groups)) {
      problems.push(problem("config-invalid", `/hooks/${event}`, `${file}: ${event} must be an array of matcher groups`));
      continue;
    }
    groups.forEach((group, g) => {
      if (!isJsonObject(group) || !Array.isArray(group["hooks"])) {
        problems.push(problem("config-invalid", `/hooks/${event}/${g}`, `${file}: a matcher group needs a "hooks" array`));
        return;
      }
      const matcher = typeof group["matcher"] === "string" ? group["matcher"] : null;
      const compiled = compileMatcher(matcher);
      if (compiled instanceof Error) {
        // Dropped at load time with a warning; it takes no displayOrder (cx-pre-matcher-invalid-regex).
        problems.push(problem("invalid-matcher", `/hooks/${event}/${g}/matcher`, texts.invalidMatcher(matcher ?? "", file, compiled.message)));
        return;
      }
      group["hooks"].forEach((handler, h) => {
        const at = `/hooks/${event}/${g}/hooks/${h}`;
        if (!isJsonObject(handler) || handler["type"] !== "command" || typeof handler["command"] !== "string") {
          problems.push(problem("config-invalid", at, `${file}: only {"type": "command", "command": "..."} handlers run`));
          return;
        }
        // serdeRejection has refused what serde cannot read: what is left is seconds (0 raised to 1), the default, or a panic
        const timeout = readCodexHandlerTimeout(handler["timeout"], ["hooks", event, g, "hooks", h, "timeout"], literals);
        if (timeout.kind === "crashes") problems.push(problem("agent-crashes", `${at}/timeout`, `${file}: ${timeout.message}`));
        else if (timeout.kind === "seconds" && timeout.raisedFromZero) problems.push(problem("config-invalid", `${at}/timeout`, `${file}: ${texts.timeoutRaisedToOne(literals.of(["hooks", event, g, "hooks", h, "timeout"]) ?? "0")}`));
        const displayOrder = counts.get(event) ?? 0;
        counts.set(event, displayOrder + 1);
        into.push({
          event,
          command: handler["command"],
          timeoutSec: "ms" in timeout ? timeout.ms / 1000 : CODEX_EVENTS[event].defaultTimeoutSec,
          async: handler["async"] === true,
          matcher,
          layer,
          sourcePath: file,
          displayOrder,
        });
      });
    });
  }
}

/** The handler types Codex's serde enum knows (cx-cfg-sibling-type-uppercase: "unknown variant `Command`, expected one of …"). */
const HANDLER_TYPES = ["command", "mcp_tool", "prompt", "agent"];
/** The keys a hooks.json may have at its top (cx-cfg-file-extra-*: "unknown field `version`, expected `description` or `hooks`"). */
export const HOOKS_FILE_KEYS = ["description", "hooks"];
/** The fields of a matcher group and of a command handler: serde refuses one written twice, unknown keys twice are ignored (cx-dup-json-*). */
const GROUP_FIELDS = ["matcher", "hooks"];
const HANDLER_FIELDS = ["type", "command", "timeout", "async", "statusMessage"];

const serdeType = (value: JsonValue): string =>
  value === null ? "null" : Array.isArray(value) ? "sequence" : typeof value === "object" ? "map" : typeof value === "number" ? (Number.isInteger(value) ? `integer \`${value}\`` : `floating point \`${value}\``) : typeof value === "string" ? `string ${JSON.stringify(value)}` : `boolean \`${String(value)}\``;

/**
 * What makes Codex's serde reading of a hooks document fail, and with it the
 * WHOLE file (a warning, no hook of it runs; cx-cfg-*): an unknown top-level
 * key, a handler `type` it does not know, a `timeout` that is not a u64, an
 * `async` that is not a boolean, a wrong shape. Unknown events and unknown
 * handler keys are fine (cx-cfg-unknown-event, cx-cfg-sibling-unknown-key).
 * A known field written twice refuses the file too (`duplicate field`,
 * cx-dup-json-*): JSON.parse would keep the last, so the document's
 * duplicates come with its literals. Null when Codex reads it.
 */
export function serdeRejection(doc: JsonObject, topKeys: readonly string[] | null, literals: CodexLiterals): { path: string; message: string } | null {
  const wrong = (path: string, value: JsonValue, expected: string) => ({ path, message: `invalid type: ${serdeType(value)}, expected ${expected}` });
  const twice = (path: readonly (string | number)[], fields: readonly string[]): { path: string; message: string } | null => {
    const key = literals.duplicatesOf?.(path).find((k) => fields.includes(k));
    return key === undefined ? null : { path: jsonPointer([...path, key]), message: `duplicate field \`${key}\`` };
  };
  if (topKeys !== null) for (const key of Object.keys(doc)) if (!topKeys.includes(key)) return { path: `/${key}`, message: `unknown field \`${key}\`, expected ${topKeys.map((k) => `\`${k}\``).join(" or ")}` };
  const topTwice = topKeys === null ? null : twice([], topKeys);
  if (topTwice !== null) return topTwice;
  const hooks = doc["hooks"];
  if (hooks === undefined) return null;
  if (!isJsonObject(hooks)) return wrong("/hooks", hooks, "a map");
  const eventTwice = twice(["hooks"], CODEX_EVENT_NAMES);
  if (eventTwice !== null) return eventTwice;
  for (const [event, groups] of Object.entries(hooks)) {
    if (!isCodexEvent(event)) continue;
    if (!Array.isArray(groups)) return wrong(`/hooks/${event}`, groups, "a sequence");
    for (const [g, group] of groups.entries()) {
      if (!isJsonObject(group)) return wrong(`/hooks/${event}/${g}`, group, "a matcher group");
      const groupTwice = twice(["hooks", event, g], GROUP_FIELDS);
      if (groupTwice !== null) return groupTwice;
      const matcher = group["matcher"];
      if (matcher !== undefined && matcher !== null && typeof matcher !== "string") return wrong(`/hooks/${event}/${g}/matcher`, matcher, "a string");
      const handlers = group["hooks"];
      if (handlers === undefined) continue;
      if (!Array.isArray(handlers)) return wrong(`/hooks/${event}/${g}/hooks`, handlers, "a sequence");
      for (const [h, handler] of handlers.entries()) {
        const at = `/hooks/${event}/${g}/hooks/${h}`;
        if (!isJsonObject(handler)) return wrong(at, handler, "a hook handler");
        // the command variant's fields; the others have none but the tag
        const handlerTwice = twice(["hooks", event, g, "hooks", h], handler["type"] === "command" ? HANDLER_FIELDS : ["type"]);
        if (handlerTwice !== null) return handlerTwice;
        const type = handler["type"];
        if (typeof type !== "string" || !HANDLER_TYPES.includes(type)) {
          return { path: `${at}/type`, message: `unknown variant ${JSON.stringify(type) ?? "nothing"}, expected one of ${HANDLER_TYPES.map((t) => `\`${t}\``).join(", ")}` };
        }
        const timeout = readCodexHandlerTimeout(handler["timeout"], ["hooks", event, g, "hooks", h, "timeout"], literals);
        if (timeout.kind === "refused") return { path: `${at}/timeout`, message: timeout.message };
        const async = handler["async"];
        if (async !== undefined && async !== null && typeof async !== "boolean") return wrong(`${at}/async`, async, "a boolean");
        if (type === "command" && typeof handler["command"] !== "string") return wrong(`${at}/command`, handler["command"] ?? null, "a string");
      }
    }
  }
  return null;
}

interface Layer {
  readonly layer: "user" | "project";
  readonly dir: string;
}

/** Every handler Codex would load for `projectDir`, in configured order, and what is wrong with the configuration. */
export function loadCodexConfiguration(codexHome: string, projectDir: string): CodexConfiguration {
  const handlers: CodexHandler[] = [];
  const problems: ProtocolError[] = [];
  const counts = new Map<string, number>();
  const userTomlFile = join(codexHome, "config.toml");
  const userRead = readToml(userTomlFile, problems);
  let userToml = userRead?.value ?? null;
  // a [hooks] table serde cannot read sets the whole file aside ("Invalid configuration; using defaults."):
  // its [features] and project trust go with it, as its hooks do
  const userHooksRejected = userToml !== null && userToml["hooks"] !== undefined ? serdeRejection({ hooks: userToml["hooks"] }, null, userRead!.literals) : null;
  if (userHooksRejected !== null) {
    problems.push(problem("config-rejected", userHooksRejected.path, texts.configTomlRejected(userTomlFile, userHooksRejected.message)));
    userToml = null;
  }
  const features = userToml?.["features"];
  const hooksFeature = isJsonObject(features ?? null) ? (features as JsonObject)["hooks"] : undefined;
  if (hooksFeature === false) return { handlers, problems: [...problems, problem("hooks-disabled", "/features/hooks", texts.hooksFeatureOff(userTomlFile))] };
  if (hooksFeature !== undefined && typeof hooksFeature !== "boolean") {
    problems.push(problem("config-rejected", "/features/hooks", texts.hooksFeatureInvalid(userTomlFile, JSON.stringify(hooksFeature))));
    userToml = null;
  }
  const projects = userToml?.["projects"];
  const project = isJsonObject(projects) ? projects[projectDir] : undefined;
  const trusted = isJsonObject(project) && project["trust_level"] === "trusted";
  const layers: Layer[] = [{ layer: "user", dir: codexHome }, { layer: "project", dir: join(projectDir, ".codex") }];
  for (const { layer, dir } of layers) {
    const jsonFile = join(dir, "hooks.json");
    const tomlFile = join(dir, "config.toml");
    const jsonText = readText(jsonFile, problems);
    const tomlRead = layer === "user" ? (userToml === null ? null : userRead) : readToml(tomlFile, problems);
    const toml = tomlRead?.value ?? null;
    const tomlHooks = toml?.["hooks"];
    if (jsonText === null && tomlHooks === undefined) continue;
    if (layer === "project" && !trusted) {
      problems.push(problem("untrusted-project", "", texts.untrustedProject(dir, projectDir, join(codexHome, "config.toml"))));
      continue;
    }
    if (jsonText !== null && tomlHooks !== undefined) problems.push(problem("both-representations", "", texts.bothRepresentations(jsonFile, tomlFile)));
    if (jsonText !== null) {
      // the positional reader: serde reads a number by its literal (`5.0` is refused where `5` is not)
      // serde_json reads no BOM ("expected value at line 1 column 1"); the positional reader would skip it
      const read = jsonText.startsWith("\uFEFF") ? ({ ok: false, message: "expected value (a byte order mark)", position: { line: 1, column: 1, offset: 0 } } as const) : parseJsonWithPositions(jsonText);
      if (!read.ok) problems.push({ ...problem("config-parse", "", `${jsonFile}:${read.position.line}:${read.position.column}: ${read.message}`), position: { line: read.position.line, column: read.position.column } });
      const parsed = (read.ok ? read.value : null) as JsonValue;
      const literals: CodexLiterals = read.ok ? { syntax: "json", of: read.sourceOf, duplicatesOf: read.duplicateKeysOf } : { syntax: "json", of: () => undefined };
      const rejected = isJsonObject(parsed) ? serdeRejection(parsed, HOOKS_FILE_KEYS, literals) : null;
      if (rejected !== null) problems.push(problem("config-rejected", rejected.path, texts.hooksFileRejected(jsonFile, rejected.message)));
      else if (isJsonObject(parsed) && parsed["hooks"] !== undefined) readHooksValue(parsed["hooks"], jsonFile, layer, handlers, problems, counts, literals);
      else if (parsed !== null) problems.push(problem("config-invalid", "", `${jsonFile}: expected {"hooks": {...}}`));
    }
    // A [hooks] table serde cannot read makes Codex set the whole config.toml aside ("Invalid configuration; using defaults.")
    const tomlRejected = toml !== null && tomlHooks !== undefined ? serdeRejection({ hooks: tomlHooks }, null, tomlRead!.literals) : null;
    if (tomlRejected !== null) problems.push(problem("config-rejected", tomlRejected.path, texts.configTomlRejected(tomlFile, tomlRejected.message)));
    else if (tomlHooks !== undefined) readHooksValue(tomlHooks, tomlFile, layer, handlers, problems, counts, tomlRead!.literals);
  }
  // a timeout Codex panics on while loading hooks: the session never starts, no hook of any file runs
  if (problems.some((p) => p.code === "agent-crashes")) return { handlers: [], problems };
  return { handlers, problems };
}

function readToml(file: string, problems: ProtocolError[]): { value: JsonObject; literals: CodexLiterals } | null {
  const text = readText(file, problems);
  if (text === null) return null;
  const parsed = parseToml(text, file);
  if (!parsed.ok) {
    problems.push(parsed.error);
    return null;
  }
  return { value: parsed.value, literals: { syntax: "toml", of: parsed.literalOf } };
}

/**
 * What a subagent's calls carry beyond the main agent's, right after `turn_id` (its own thread's id and
 * `agent_type: "default"`; test/observer/codex/subagents/, cx-sub-*): an event whose required keys do not
 * name them (the tool events) gets them there when the caller gives them.
 */
const SUBAGENT_KEYS = ["agent_id", "agent_type"] as const;

/** The event input with Codex's own fields, keys in wire order; fields the caller gives win, except the event name and cwd. */
export function codexStdin(event: CodexEventName, input: JsonObject, cwd: string): JsonObject {
  const own: Record<string, JsonValue> = { session_id: randomUUID(), turn_id: randomUUID(), transcript_path: null, cwd, hook_event_name: event, permission_mode: "default" };
  const out = Object.create(null) as JsonObject;
  const keys: readonly string[] = CODEX_EVENTS[event].stdinKeys;
  for (const key of keys) {
    const value = key === "cwd" || key === "hook_event_name" ? own[key] : (input[key] ?? own[key]);
    if (value !== undefined) out[key] = value;
    if (key === "turn_id") for (const extra of SUBAGENT_KEYS) if (!keys.includes(extra) && input[extra] !== undefined) out[extra] = input[extra]!;
  }
  for (const key of Object.keys(input)) if (!(key in out)) out[key] = input[key]!;
  return out;
}

/** The value a matcher is matched against, or null: matchers are not used (cx-ups-matcher-ignored). */
function matchQuery(event: CodexEventName, stdin: JsonObject): string | null {
  const field = CODEX_EVENTS[event].matchField;
  if (field === null) return null;
  const value = stdin[field];
  return typeof value === "string" ? value : "";
}

function selected(handler: CodexHandler, query: string | null): boolean {
  if (query === null) return true;
  const compiled = compileMatcher(handler.matcher);
  return compiled === null || (!(compiled instanceof Error) && compiled.test(query));
}

/** Per stream; Codex spills long outputs to files, this keeps the first 10 MiB. */
const MAX_OUTPUT_BYTES = 10 * 1024 * 1024;

async function runHandler(handler: CodexHandler, stdin: string, options: DialectRunOptions, env: NodeJS.ProcessEnv): Promise<CodexHookResult> {
  const shell = env["SHELL"] !== undefined && env["SHELL"] !== "" ? env["SHELL"] : "/bin/sh";
  const argv = [shell, "-c", handler.command];
  const outcome = await spawnHook({
    file: shell,
    args: ["-c", handler.command],
    cwd: options.projectDir,
    env,
    stdin,
    timeoutMs: handler.timeoutSec * 1000,
    maxOutputBytes: MAX_OUTPUT_BYTES,
    ...(options.signal === undefined ? {} : { signal: options.signal }),
  });
  return {
    command: handler.command,
    exit: outcome.status === "exited" ? outcome.exit : null,
    stdout: outcome.status === "exited" ? outcome.stdout : "",
    stderr: outcome.status === "exited" ? outcome.stderr : outcome.message ?? "",
    timed_out: outcome.status === "timed_out",
    source: handler.sourcePath,
    timeout: handler.timeoutSec,
    config_index: handler.displayOrder,
    async: handler.async,
    matcher: handler.matcher,
    argv,
    signal: outcome.signal,
    duration_ms: outcome.durationMs,
  };
}

export const codexRunner: DialectRunner = {
  configLocations: [
    "$CODEX_HOME/hooks.json (CODEX_HOME defaults to ~/.codex)",
    "[hooks] in $CODEX_HOME/config.toml",
    "<cwd>/.codex/hooks.json, when the project is trusted ([projects.\"<cwd>\"] trust_level = \"trusted\")",
    "[hooks] in <cwd>/.codex/config.toml, when the project is trusted",
  ],
  async run(options: DialectRunOptions): Promise<DialectRunOutcome> {
    const invalid = runOptionsProblem(options);
    if (invalid !== null) return { merged: mergeCodex({ event: eventNameOf(options), hooks: [] }), problems: [invalid] };
    const base = options.env ?? process.env;
    const codexHome = base["CODEX_HOME"] !== undefined && base["CODEX_HOME"] !== "" ? base["CODEX_HOME"] : join(options.homeDir, ".codex");
    if (!isCodexEvent(options.event)) {
      return { merged: mergeCodex({ event: options.event, hooks: [] }), problems: [problem("unknown-event", "", texts.noSuchEvent(options.event))] };
    }
    const event = options.event;
    const configuration = loadCodexConfiguration(codexHome, options.projectDir);
    const stdin = codexStdin(event, options.input, options.projectDir);
    const query = matchQuery(event, stdin);
    // No dedupe: the same command twice runs twice (cx-pre-same-command-twice).
    const chosen = configuration.handlers.filter((h) => h.event === event && selected(h, query));
    const env: NodeJS.ProcessEnv = { ...base, CODEX_HOME: codexHome, PWD: options.projectDir };
    const payload = JSON.stringify(stdin);
    const finished: CodexHookResult[] = [];
    const waits: Promise<void>[] = [];
    for (const handler of chosen) {
      const running = runHandler(handler, payload, options, env);
      if (handler.async) {
        // Detached: never awaited, its answer counts for nothing (pre-26).
        finished.push({ command: handler.command, exit: null, stdout: "", stderr: "", async: true, source: handler.sourcePath, timeout: handler.timeoutSec, config_index: handler.displayOrder, matcher: handler.matcher });
        running.catch(() => undefined);
      } else {
        waits.push(running.then((result) => void finished.push(result)));
      }
    }
    await Promise.all(waits);
    const given = stdin["tool_input"];
    const toolInput = isJsonObject(given) ? given : undefined;
    return { merged: mergeCodex({ event, tool_input: toolInput, input: stdin, hooks: finished }), problems: configuration.problems };
  },
};
