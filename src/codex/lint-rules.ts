/**
 * lint rules for Codex CLI 0.171.0's hook configuration: `hooks.json` and
 * `[hooks]` in `config.toml`, in `$CODEX_HOME` (user) and `<project>/.codex/`
 * (codex-observed.md "Configuration", "Matchers"). What the runner's loader
 * (runner.ts) reports, in rules, plus trust and the names Codex never shows hooks.
 */
import { dirname, join } from "node:path";
import { jsonPointer } from "../core/errors.js";
import { readDocument, walkEvents, commandOf, type Segments, foreignToolFindings, millisecondTimeouts, serverOnlyMcpNames } from "../lint/document.js";
import type { AgentLinter, LintContext, LintFile, LintFinding, LintRule } from "../lint/types.js";
import { isJsonObject, type JsonValue } from "../json/value.js";
import { compileMatcher, HOOKS_FILE_KEYS, serdeRejection } from "./runner.js";
import { readCodexHandlerTimeout, type CodexLiterals } from "./timeout.js";
import { CODEX_EVENT_NAMES, CODEX_EVENTS, isCodexEvent } from "./events.js";
import { noSuchEvent, timeoutRaisedToOne } from "./texts.js";
import { parseToml } from "../core/toml.js";

const AGENT = "codex";

export const CODEX_LINT_RULES = {
  unreadable: { id: "CX-CFG-001", code: "invalid-file", severity: "error", summary: "hooks.json is not JSON or config.toml not TOML: Codex loads no hook from it" },
  unknownEvent: { id: "CX-CFG-002", code: "unknown-event", severity: "error", summary: "an event Codex does not have: its hooks never run" },
  missingWrapper: { id: "CX-CFG-003", code: "missing-hooks-wrapper", severity: "error", summary: "hooks.json without its {\"hooks\": ...} wrapper: Codex loads nothing from it" },
  matcherIgnored: { id: "CX-CFG-004", code: "matcher-ignored", severity: "warning", summary: "a matcher on an event Codex matches nothing against: the hooks run every time (cx-ups-matcher-ignored)" },
  invalidMatcher: { id: "CX-CFG-005", code: "invalid-matcher", severity: "error", summary: "a matcher that is not a valid regex: Codex drops the group at load (cx-pre-matcher-invalid-regex)" },
  foreignTool: { id: "CX-CFG-006", code: "foreign-tool", severity: "warning", summary: "a matcher names a tool as hooks never see it (`exec_command`, `bash`): Codex shows its shell tool to hooks as Bash, so the group never matches (pre-20c)" },
  notCommand: { id: "CX-CFG-007", code: "not-a-command-hook", severity: "error", summary: "a handler that is not {\"type\": \"command\", \"command\": ...}: Codex does not run it" },
  bothForms: { id: "CX-CFG-008", code: "both-representations", severity: "warning", summary: "hooks in both hooks.json and config.toml of one folder: both load (hooks.json first), with a warning" },
  trust: { id: "CX-CFG-009", code: "needs-trust", severity: "info", summary: "Codex runs these hooks only once reviewed (a trusted_hash per hook) and, for project hooks, in a trusted project" },
  mcpServerOnly: { id: "CX-CFG-010", code: "mcp-server-only", severity: "warning", summary: "a matcher `mcp__server` (no tool part): Codex anchors matchers, so it matches no MCP tool (`mcp__<server>__<tool>`); write `mcp__server__.*`" },
  rejected: { id: "CX-CFG-012", code: "file-rejected", severity: "error", summary: "a timeout that is not a whole number of seconds as serde reads it (\"10\", -1, 5.0, 1e2, 1.5, 18446744073709551616), an async that is not a boolean, a handler type Codex does not know (\"Command\"), a top-level key other than hooks and description: serde refuses the whole file, every hook in it is lost (cx-cfg-*, cx-num-*)" },
  featureOff: { id: "CX-CFG-013", code: "hooks-feature-off", severity: "warning", summary: "[features] hooks = false in config.toml: Codex runs no hook (cx-cfg-features-hooks-false); a value that is not a boolean makes Codex set the whole config.toml aside" },
  timeoutCrashes: { id: "CX-CFG-014", code: "timeout-crashes-codex", severity: "error", summary: "a timeout above 9223372036854775807 s: Codex 0.171.0 panics while loading hooks, so no hook of any file runs and no turn either (cx-num-json-i64-max-plus-1)" },
  timeoutZero: { id: "CX-CFG-015", code: "timeout-zero", severity: "warning", summary: "a timeout of 0 (or -0): Codex raises it to 1 s, so a hook slower than that is killed and fails open (cx-num-json-zero-slow-hook)" },
  msTimeout: { id: "CX-CFG-011", code: "timeout-in-milliseconds", severity: "warning", summary: "a timeout of 1000 or more: Codex reads seconds, so a value meant in milliseconds lets the hook hang for minutes or hours" },
} as const satisfies Record<string, LintRule>;

const R = CODEX_LINT_RULES;

const codexHome = (homeDir: string, env: Readonly<Record<string, string | undefined>>): string => env["CODEX_HOME"] ?? join(homeDir, ".codex");

function files(projectDir: string | null, homeDir: string | null, env: Readonly<Record<string, string | undefined>>): LintFile[] {
  const out: LintFile[] = [];
  if (projectDir !== null) out.push({ path: join(projectDir, ".codex", "hooks.json"), kind: "project-json" }, { path: join(projectDir, ".codex", "config.toml"), kind: "project-toml" });
  if (homeDir !== null) out.push({ path: join(codexHome(homeDir, env), "hooks.json"), kind: "user-json" }, { path: join(codexHome(homeDir, env), "config.toml"), kind: "user-toml" });
  return out;
}

function claims(path: string): string | null {
  const p = path.replace(/\\/g, "/");
  if (/(^|\/)\.codex\/hooks\.json$/.test(p)) return "project-json";
  if (/(^|\/)\.codex\/config\.toml$/.test(p)) return "project-toml";
  return null;
}

type At = (rule: LintRule, path: Segments, message: string) => LintFinding;

/** The rules over a `hooks` value (JSON or TOML alike). */
function checkHooks(value: JsonValue, at: At, ctx: LintContext, literals: CodexLiterals, lost: string): LintFinding[] {
  const out: LintFinding[] = [...millisecondTimeouts(at, R.msTimeout, value, ["hooks"], "Codex CLI")];
  for (const event of walkEvents(value, ["hooks"]).filter((e) => isCodexEvent(e.name))) {
    for (const group of event.groups ?? []) for (const handler of group.handlers) {
      if (!isJsonObject(handler.handler) || handler.handler["timeout"] === undefined) continue;
      const path = [...handler.path, "timeout"];
      const timeout = readCodexHandlerTimeout(handler.handler["timeout"], path, literals);
      if (timeout.kind === "crashes") out.push(at(R.timeoutCrashes, path, `${timeout.message}; ${lost}, with every other hook Codex would load`));
      else if (timeout.kind === "seconds" && timeout.raisedFromZero) out.push(at(R.timeoutZero, path, `${timeoutRaisedToOne(literals.of(path) ?? "0")}: the hook ${JSON.stringify(commandOf(handler.handler) ?? null)}`));
    }
  }
  for (const event of walkEvents(value, ["hooks"])) {
    if (!isCodexEvent(event.name)) {
      const hint = ctx.eventHint(event.name);
      out.push(at(R.unknownEvent, event.path, `${noSuchEvent(event.name)}; its hooks never run${hint === "" ? "" : ` (${hint})`}`));
      continue;
    }
    const rules = CODEX_EVENTS[event.name];
    for (const group of event.groups ?? []) {
      const matcher = typeof group.matcher === "string" ? group.matcher : null;
      if (matcher !== null && matcher !== "" && matcher !== "*") {
        const compiled = compileMatcher(matcher);
        if (compiled instanceof Error) out.push(at(R.invalidMatcher, [...group.path, "matcher"], `matcher ${JSON.stringify(matcher)} is not a valid regex (${compiled.message}); Codex drops the group`));
        else if (rules.matchField === null) out.push(at(R.matcherIgnored, [...group.path, "matcher"], `${event.name} has no matcher; ${JSON.stringify(matcher)} is ignored and the hooks run every time`));
        else if (rules.matchField === "tool_name") {
          const hintOf = (name: string): string | null => (name === "exec_command" || name === "shell" ? `"${name}" is the model's name; Codex shows its shell tool to hooks as "Bash"` : ctx.foreignTool(name, new Set()));
          out.push(...foreignToolFindings(at, R.foreignTool, [...group.path, "matcher"], matcher, hintOf));
          for (const name of serverOnlyMcpNames(matcher)) out.push(at(R.mcpServerOnly, [...group.path, "matcher"], `"${name}" names an MCP server, not a tool: Codex anchors the matcher (^(?:${name})$), so it matches no tool; write "${name}__.*"`));
        }
      }
      for (const handler of group.handlers) {
        if (!isJsonObject(handler.handler) || handler.handler["type"] !== "command" || commandOf(handler.handler) === null || "bash" in handler.handler) {
          out.push(at(R.notCommand, handler.path, 'only {"type": "command", "command": "..."} handlers run'));
        }
      }
    }
  }
  return out;
}

/** A JSON Pointer's segments (array indices as numbers). */
const segmentsOf = (pointer: string): Segments => pointer.split("/").slice(1).map((s) => (/^\d+$/.test(s) ? Number(s) : s.replace(/~1/g, "/").replace(/~0/g, "~")));

function lint(file: LintFile, ctx: LintContext): LintFinding[] {
  const out: LintFinding[] = [];
  const base = (rule: LintRule, path: Segments, message: string): LintFinding => ({ rule: rule.id, code: rule.code, severity: rule.severity, agent: AGENT, file: file.path, path: jsonPointer(path), message });
  const isToml = file.kind.endsWith("toml");
  const sibling = join(dirname(file.path), isToml ? "hooks.json" : "config.toml");
  let hooksHere = false;
  const lost = (value: JsonValue): string => {
    const hooks = walkEvents(value, ["hooks"]).filter((e) => isCodexEvent(e.name)).flatMap((e) => (e.groups ?? []).flatMap((g) => g.handlers.map((h) => `${e.name} ${JSON.stringify(commandOf(h.handler) ?? null)}`)));
    return hooks.length === 0 ? "no hook is configured in it" : `${hooks.length} hook${hooks.length === 1 ? " is" : "s are"} lost: ${hooks.slice(0, 10).join(", ")}${hooks.length > 10 ? ` and ${hooks.length - 10} more` : ""}`;
  };
  if (isToml) {
    const parsed = parseToml(ctx.text, file.path);
    if (!parsed.ok) return [{ ...base(R.unreadable, [], `${parsed.error.message}; Codex loads nothing from it`), ...(parsed.error.position === undefined ? {} : { position: parsed.error.position }) }];
    const features = parsed.value["features"];
    const flag = isJsonObject(features ?? null) ? (features as Record<string, JsonValue>)["hooks"] : undefined;
    if (flag === false) out.push(base(R.featureOff, ["features", "hooks"], "[features] hooks = false: Codex runs no hook"));
    else if (flag !== undefined && typeof flag !== "boolean") out.push({ ...base(R.featureOff, ["features", "hooks"], `[features] hooks = ${JSON.stringify(flag)} is not a boolean: Codex sets the whole config.toml aside ("Invalid configuration; using defaults.")`), severity: "error" });
    if (parsed.value["hooks"] === undefined) return out;
    const literals: CodexLiterals = { syntax: "toml", of: parsed.literalOf };
    const rejected = serdeRejection({ hooks: parsed.value["hooks"] }, null, literals);
    if (rejected !== null) return [...out, base(R.rejected, segmentsOf(rejected.path), `${rejected.message}: Codex sets the whole config.toml aside; ${lost(parsed.value)}`)];
    hooksHere = true;
    out.push(...checkHooks(parsed.value, base, ctx, literals, lost(parsed.value)));
    const json = ctx.read(sibling);
    if (json !== null) out.push(base(R.bothForms, ["hooks"], `hooks in both ${sibling} and ${file.path}: both load, hooks.json first; prefer one`));
  } else {
    const read = readDocument(AGENT, file.path, ctx.text, R.unreadable, "Codex loads no hook from it");
    if (!read.ok) return [read.finding];
    const { doc } = read;
    if (!isJsonObject(doc.value) || doc.value["hooks"] === undefined) {
      const top = isJsonObject(doc.value) ? Object.keys(doc.value).filter((k) => (CODEX_EVENT_NAMES as readonly string[]).includes(k)) : [];
      return [doc.at(R.missingWrapper, [], `expected {"hooks": {...}}${top.length > 0 ? `; ${top.join(", ")} at the top never run` : ""}`)];
    }
    const literals: CodexLiterals = { syntax: "json", of: doc.sourceOf, duplicatesOf: doc.duplicateKeysOf };
    const rejected = serdeRejection(doc.value, HOOKS_FILE_KEYS, literals);
    if (rejected !== null) return [doc.at(R.rejected, segmentsOf(rejected.path), `${rejected.message}: Codex refuses this whole file; ${lost(doc.value)}`)];
    hooksHere = true;
    out.push(...checkHooks(doc.value, doc.at, ctx, literals, lost(doc.value)));
  }
  if (hooksHere) {
    const project = file.kind.startsWith("project");
    out.push(base(R.trust, [], `Codex runs these hooks only once reviewed (a trusted_hash per hook, from its hook review) or under --dangerously-bypass-hook-trust${project ? `; project hooks also need [projects."${dirname(dirname(file.path))}"] trust_level = "trusted" in the user config.toml` : ""}`));
  }
  return out;
}

export const codexLinter: AgentLinter = {
  agent: AGENT,
  displayName: "Codex CLI",
  rules: Object.values(R),
  events: CODEX_EVENT_NAMES.map((name) => ({ name, canonical: CODEX_EVENTS[name].canonical })),
  files,
  claims,
  lint,
};
