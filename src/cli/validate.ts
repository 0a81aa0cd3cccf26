/**
 * `validate --event E [--dialect claude-code|rust] [--json] [FILE|-]`:
 * would Claude Code 2.1.332 (or the Rust types) accept this hook output?
 * Exit 0 accepted, 1 not accepted, 2 usage error or unusable input, 3 (with
 * --agent) an agent lets through what Claude Code enforces. Each problem says where
 * (line:column and path), what, Claude Code's own words, and a hint.
 */
import { commandArgs, inert, single, type ParsedArgs, shown } from "./args.js";
import { isJsonObject, toNullPrototype, type JsonObject, type JsonValue } from "../json/value.js";
import type { CliIo } from "./io.js";
import { AGENT_NAMES } from "../core/agents.js";
import { readFileBounded, readInput } from "./read-input.js";
import { styleFor } from "./style.js";
import { eventInfo, COMMON_OUTPUT_FIELDS } from "../claude-code/event-catalog.js";
import { rulesOf } from "../claude-code/events.js";
import { jsonPointer, pointerSegments } from "../core/errors.js";

export const HELP = `usage: claude-hook-protocol validate --event EVENT [--dialect claude-code|rust] [--json] [FILE|-]

Checks one hook output (what the hook prints on stdout) the way Claude Code
2.1.332 reads it for EVENT, or, with --dialect rust, the way exomonad-core's
serde types read it. Reads FILE, or stdin when FILE is - or missing.

Exit status:
  0  accepted (with --agent: every named agent takes the answer as given)
  1  not accepted (with --agent: some named agent does not take it as given)
  2  usage error, or an input that cannot be read (missing, a directory, over
     64 MiB, not UTF-8 where JSON is expected)
  3  with --agent: some named agent lets through what Claude Code enforces
     (a deny, ask or block that becomes a run, a stop that does not stop, an
     event the agent does not have); takes precedence over 1, so CI can gate
     on it (a CI step can fail only on 3: validate ... || [ $? -ne 3 ])

Options:
  --event EVENT      the event the output answers (PreToolUse, Stop, ...; see \`events\`)
  --dialect D        claude-code (default) or rust
  --json             one JSON object: {accepted, output, problems[], warnings[]}
  --input FILE       the event input the hook answered (PreToolUse): its tool_name's schema checks updatedInput
  --agent A|all      what each agent does with this answer (${AGENT_NAMES.join(", ")},
                     a comma list, or all), and where they diverge;
                     EVENT is Claude Code's name or any named agent's own (BeforeTool,
                     preToolUse); each agent's own event is found for it
  --exit N           with --agent: the hook's exit code (default 0)
  --stderr TEXT      with --agent: the hook's stderr
  -h, --help         this text

Examples:
  my-hook < examples/events/pre-tool-use.json | claude-hook-protocol validate --event PreToolUse
  claude-hook-protocol validate --event Stop out.json
  echo '{"continue":"no"}' | claude-hook-protocol validate --event Stop --json
  claude-hook-protocol validate --agent all --event PreToolUse --input examples/events/pre-tool-use.json examples/outputs/deny-no-reason.json
`;

export interface ValidationProblem {
  readonly severity: "error" | "warning";
  readonly line: number | null;
  readonly column: number | null;
  /** JSON Pointer of the offending value ("" for the whole output); null for plain text. */
  readonly path: string | null;
  readonly what: string;
  /** Claude Code's own text (its first paragraph; --json has it whole). */
  readonly claude_code: string | null;
  readonly hint: string | null;
}

export interface ValidationReport {
  readonly accepted: boolean;
  readonly dialect: "claude-code" | "rust";
  readonly event: string;
  /** empty | text | json | invalid */
  readonly output: string;
  readonly problems: readonly ValidationProblem[];
}


function editDistance(a: string, b: string): number {
  const row = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    let previous = row[0]!;
    row[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const saved = row[j]!;
      row[j] = Math.min(row[j]! + 1, row[j - 1]! + 1, previous + (a[i - 1]!.toLowerCase() === b[j - 1]!.toLowerCase() ? 0 : 1));
      previous = saved;
    }
  }
  return row[b.length]!;
}

function closest(word: string, candidates: readonly string[]): string | null {
  let best: string | null = null;
  let bestDistance = Infinity;
  for (const c of candidates) {
    const d = editDistance(word, c);
    if (d < bestDistance) {
      best = c;
      bestDistance = d;
    }
  }
  return best !== null && bestDistance <= Math.max(2, Math.floor(word.length / 3)) ? best : null;
}

/** Unknown keys reported one by one; past these, one warning counts the rest (a report of a million keys helps no one, and costs minutes). */
export const MAX_UNKNOWN_KEY_WARNINGS = 1000;

const TOP_LEVEL_ONLY = COMMON_OUTPUT_FIELDS.filter((f) => f !== "hookSpecificOutput").join(", ");

function hintFor(code: string, path: string | null, event: string, text: string, message = ""): string {
  const fields = eventInfo(event)?.outputFields ?? [];
  if (path === "/hookSpecificOutput/hookEventName") {
    return fields.length === 0
      ? `${event} has no hookSpecificOutput; drop it and use top-level fields only (${TOP_LEVEL_ONLY})`
      : `set hookSpecificOutput.hookEventName to "${event}"`;
  }
  const choices = /expected one of ((?:"[^"]*"(?:\s*\|\s*)?)+)/.exec(message);
  if (choices !== null) return `use one of ${choices[1]!.trim().split(/\s*\|\s*/).filter((c) => c !== "").join(", ")} (case-sensitive)`;
  const types = /expected (boolean|string|number|object|array), received (\w+)/.exec(message);
  if (types !== null) {
    return types[1] === "boolean"
      ? "write true or false without quotes"
      : `give a JSON ${types[1]} here, not a ${types[2]}`;
  }
  if (code === "json-parse") {
    if (text.split("\n").filter((l) => l.trim().startsWith("{")).length > 1) {
      return "print exactly one JSON object on stdout; several JSON lines are a parse error, not plain text (send logs to stderr)";
    }
    return "build the output with a JSON encoder (jq -n, json.dumps, JSON.stringify) instead of string concatenation";
  }
  if (code === "wrong-event-name") return `set hookSpecificOutput.hookEventName to "${event}"`;
  if (path === "/hookSpecificOutput") {
    return fields.length === 0
      ? `${event} has no hookSpecificOutput; use top-level fields only (${TOP_LEVEL_ONLY})`
      : `add "hookEventName": "${event}" inside hookSpecificOutput`;
  }
  if (path === "/decision") {
    return event === "PreToolUse"
      ? 'top-level "decision" is the legacy approve|block field; use hookSpecificOutput.permissionDecision (allow|deny|ask|defer)'
      : 'top-level "decision" accepts only "approve" or "block"';
  }
  return `see \`claude-hook-protocol events ${event}\` for the fields ${event} accepts`;
}

const WHAT: Record<string, string> = {
  "json-parse": "the output starts with { but is not one valid JSON object",
  "json-validation": "a field has the wrong type or value",
  "wrong-event-name": "hookSpecificOutput names another event",
};

async function validateClaudeCode(text: string, event: string, toolName: string | null = null): Promise<ValidationReport> {
  const { readHookStdout } = await import("../claude-code/read-stdout.js");
  const info = eventInfo(event)!;
  const hookName = info.toolEvent ? `${event}:${toolName ?? "Bash"}` : event;
  const reading = readHookStdout(text, event, hookName);
  const problems: ValidationProblem[] = [];
  // #11 kit: with --input, a PreToolUse rewrite is checked against the tool's schema, as Claude Code does before running it
  const rewrite = reading.error === null && event === "PreToolUse" && toolName !== null ? await (await import("../claude-code/tool-input-check.js")).checkRewriteOf(reading.parsed, toolName) : null;
  const clean = reading.error === null && reading.warnings.length === 0 && reading.output !== "text" && rewrite === null;
  if (clean) return { accepted: true, dialect: "claude-code", event, output: reading.async ? "async" : reading.output, problems };
  // Only outputs with something to report pay for locating it.
  const { parseJsonWithPositions } = await import("../json/positions.js");
  const { checkOutputShape } = await import("../claude-code/output-shape.js");
  // Positions come from our own parse of the same text (Claude Code trims first; so do we, keeping offsets).
  const leading = text.length - text.trimStart().length;
  const located = parseJsonWithPositions(text.trim());
  const at = (path: string | null): { line: number | null; column: number | null } => {
    if (!located.ok || path === null) return { line: null, column: null };
    const p = located.positionOf(pointerSegments(path));
    const before = text.slice(0, leading);
    const extraLines = before.split("\n").length - 1;
    return { line: p.line + extraLines, column: p.line === 1 ? p.column + before.length - (before.lastIndexOf("\n") + 1) : p.column };
  };
  if (reading.error !== null) {
    const error = reading.error;
    let where = at(error.path);
    if (error.code === "json-parse" && !located.ok) {
      const before = text.slice(0, leading);
      where = { line: located.position.line + before.split("\n").length - 1, column: located.position.column };
    }
    problems.push({
      severity: "error",
      ...where,
      path: error.path,
      what: error.code === "json-parse" && !located.ok ? `${WHAT[error.code]} (${located.message})` : WHAT[error.code] ?? error.code,
      claude_code: error.message,
      hint: hintFor(error.code, error.path, event, text, error.message.split("\n\n")[0]),
    });
  }
  if (reading.parsed !== null && typeof reading.parsed === "object" && !Array.isArray(reading.parsed)) {
    const shape = checkOutputShape(reading.parsed as Parameters<typeof checkOutputShape>[0]);
    if (shape.ok) {
      // Claude Code's one line lists every unknown key: the first warning quotes it, the others point to it (a report linear in its input)
      const unknownKeysLine = reading.warnings.find((w) => w.includes("unrecognized keys")) ?? null;
      for (const [index, key] of shape.unknownKeys.slice(0, MAX_UNKNOWN_KEY_WARNINGS).entries()) {
        // Claude Code lists them dotted, one level deep at most: `topExtra, hookSpecificOutput.hsoExtra`
        const segments = key.startsWith("hookSpecificOutput.") ? ["hookSpecificOutput", key.slice("hookSpecificOutput.".length)] : [key];
        const last = segments.at(-1)!;
        const inside = segments.length > 1 ? info.outputFields.concat("hookEventName") : COMMON_OUTPUT_FIELDS;
        const suggestion = closest(last, inside);
        const pointer = jsonPointer(segments);
        problems.push({
          severity: "warning",
          ...at(pointer),
          path: pointer,
          // quoted and cut: a key is the hook's text (a newline or an escape sequence stays inert)
          what: `unknown key ${shown(last)}: Claude Code ignores it and applies the rest`,
          claude_code: index === 0 ? unknownKeysLine : null,
          hint:
            last === "additionalContext" && segments.length === 1
              ? `move it into hookSpecificOutput with "hookEventName": "${event}"`
              : suggestion !== null
                ? `did you mean "${suggestion}"?`
                : `see \`claude-hook-protocol events ${event}\``,
        });
      }
      const more = shape.unknownKeys.length - MAX_UNKNOWN_KEY_WARNINGS;
      if (more > 0) {
        const what = `${more} more unknown keys: Claude Code ignores them too (its line, quoted by the first warning, lists every one)`;
        problems.push({ severity: "warning", line: null, column: null, path: "", what, claude_code: null, hint: `see \`claude-hook-protocol events ${event}\`` });
      }
    }
  }
  for (const issue of rewrite?.issues ?? []) { // #11 kit
    const path = `hookSpecificOutput.updatedInput${issue.pointer.split("/").slice(1).map((key) => (/^\d+$/.test(key) ? `[${key}]` : `.${key}`)).join("")}`;
    problems.push({ severity: "error", ...at(path), path, what: `updatedInput fails the ${toolName} tool's schema (${issue.line}): the tool does not run`, claude_code: rewrite!.toolResult, hint: "the rewrite must be a whole valid input of the tool: keep the model's keys you do not change" });
  }
  if (reading.output === "text") {
    problems.push({
      severity: "warning",
      line: 1,
      column: 1,
      path: null,
      what: rulesOf(event).plainStdoutIsContext
        ? "plain text, not JSON: Claude Code adds it to the model's context"
        : "plain text, not JSON: Claude Code ignores it on this event",
      claude_code: reading.plainTextLine,
      hint: reading.text.startsWith("{")
        ? "it starts with { but is not a JSON object; if you meant JSON, build it with a JSON encoder (jq -n, json.dumps, JSON.stringify)"
        : "if you meant JSON, make `{` the first character on stdout (nothing printed before it)",
    });
  }
  return {
    accepted: reading.error === null && rewrite === null,
    dialect: "claude-code",
    event,
    output: reading.async ? "async" : reading.output,
    problems,
  };
}

export async function run(argv: readonly string[], io: CliIo): Promise<number> {
  const spec = {
    event: { value: true },
    dialect: { value: true },
    json: { value: false },
    help: { value: false },
    input: { value: true },
    agent: { value: true },
    exit: { value: true },
    stderr: { value: true },
  };
  const args = commandArgs("validate", argv, spec, HELP, io);
  if (typeof args === "number") return args;
  const given = single(args, "event");
  const dialect = single(args, "dialect") ?? "claude-code";
  const agents = single(args, "agent");
  if (given === undefined) {
    io.stderr.write(`validate: --event is required\n\n${HELP}`);
    return 2;
  }
  // with --agent, EVENT in any named agent's spelling or Claude Code's means the canonical event; alone, a Claude Code event
  let event = given;
  if (agents !== undefined || eventInfo(given) === undefined) {
    const { canonicalEvent, claudeCodeEvent } = await import("./event-option.js");
    const { selectAgents } = await import("./across-agents.js");
    const selection = agents === undefined ? null : selectAgents(agents);
    if (selection !== null && !selection.ok) {
      io.stderr.write(`validate: ${selection.message}\n`);
      return 2;
    }
    const resolved = selection === null ? claudeCodeEvent(given) : canonicalEvent(selection.dialects, given);
    if (!resolved.ok) {
      io.stderr.write(`validate: ${resolved.message}\n`);
      return 2;
    }
    event = "event" in resolved ? resolved.event : resolved.canonical;
  }
  if (dialect !== "claude-code" && dialect !== "rust") {
    io.stderr.write(`validate: --dialect must be claude-code or rust, not ${shown(dialect)}\n`);
    return 2;
  }
  if (args.positionals.length > 1) {
    io.stderr.write(`validate: one FILE at most\n\n${HELP}`);
    return 2;
  }
  // lossy: invalid UTF-8 reads as U+FFFD, as the agent decodes the hook's stdout
  const input = await readInput(args.positionals[0], io.stdin, { lossy: true });
  if (!input.ok) {
    io.stderr.write(`validate: ${input.message}\n`);
    return 2;
  }
  if (agents !== undefined) return validateAcrossAgents(agents, event, input.text, args, io);
  let report: ValidationReport;
  if (dialect === "rust") {
    const rust = await import("./validate-rust.js");
    const result = await rust.validateRust(input.text, event);
    if (!result.ok) {
      io.stderr.write(`validate: ${result.message}\n`);
      return 2;
    }
    report = result.report;
  } else {
    // #11 kit: --input names the tool whose schema a PreToolUse rewrite must pass
    const eventInput = single(args, "input");
    let toolName: string | null = null;
    if (eventInput !== undefined) {
      const read = readFileBounded(eventInput);
      if (!read.ok) {
        io.stderr.write(`validate: --input ${read.message}\n`);
        return 2;
      }
      let tool: unknown;
      try {
        const parsed = toNullPrototype(JSON.parse(read.text));
        tool = isJsonObject(parsed) ? parsed["tool_name"] : undefined;
      } catch {
        tool = undefined; // unreadable or not JSON: reported below
      }
      if (typeof tool !== "string") {
        io.stderr.write(`validate: --input ${eventInput}: not an event input with a string tool_name\n`);
        return 2;
      }
      toolName = tool;
    }
    report = await validateClaudeCode(input.text, event, toolName);
  }
  if (args.flags.has("json")) {
    io.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
    return report.accepted ? 0 : 1;
  }
  const s = styleFor(io.stdout, io.env);
  const rust = report.dialect === "rust";
  const who = rust ? "the Rust types (exomonad-core 0.1.0, serde_json 1.0.149)" : "Claude Code 2.1.332";
  io.stdout.write(
    report.accepted
      ? `${s.green("accepted")}: ${input.name} is ${report.output} output ${who} ${rust ? "accept" : "accepts"} for ${event}\n`
      : `${s.red("not accepted")}: ${who} ${rust ? "reject" : "rejects"} ${input.name} for ${event}\n`,
  );
  for (const p of report.problems) {
    const where = inert(p.line === null ? input.name : `${input.name}:${p.line}:${p.column}`);
    const label = p.severity === "error" ? s.red("error") : s.yellow("warning");
    io.stdout.write(`\n${label} ${s.bold(where)}${p.path === null ? "" : ` at ${s.cyan(inert(p.path))}`}\n`);
    io.stdout.write(`  what: ${inert(p.what)}\n`);
    if (p.claude_code !== null) {
      const words = inert(p.claude_code.split("\n\n")[0]!, true);
      io.stdout.write(`  ${report.dialect === "rust" ? "serde says" : "Claude Code says"}: ${words.replace(/\n/g, "\n    ")}\n`);
    }
    if (p.hint !== null) io.stdout.write(`  hint: ${inert(p.hint)}\n`);
  }
  return report.accepted ? 0 : 1;
}

/** `--agent A[,B]|all`: what each named agent does with the answer, and where they part. */
async function validateAcrossAgents(agents: string, event: string, stdout: string, args: ParsedArgs, io: CliIo): Promise<number> {
  const { renderAcrossAgents, selectAgents } = await import("./across-agents.js");
  const { decideAcrossAgents } = await import("./validate-decision.js");
  const selection = selectAgents(agents);
  if (!selection.ok) {
    io.stderr.write(`validate: ${selection.message}\n`);
    return 2;
  }
  const exitText = single(args, "exit") ?? "0";
  const exit = Number(exitText);
  if (!Number.isInteger(exit) || exit < 0 || exit > 255) {
    io.stderr.write(`validate: --exit takes the hook's exit code (0-255), not ${shown(exitText)}\n`);
    return 2;
  }
  let eventInput: JsonObject | undefined;
  const inputPath = single(args, "input");
  if (inputPath !== undefined) {
    const read = await readInput(inputPath, io.stdin);
    let parsed: JsonValue = null;
    try {
      parsed = read.ok ? toNullPrototype(JSON.parse(read.text)) : null;
    } catch {
      parsed = null;
    }
    if (!isJsonObject(parsed)) {
      io.stderr.write(`validate: --input ${inputPath}: not a JSON object (the event input the hook got)\n`);
      return 2;
    }
    eventInput = parsed;
  }
  const decision = decideAcrossAgents(
    { event, exit, stdout, stderr: single(args, "stderr") ?? "", ...(eventInput !== undefined ? { input: eventInput } : {}) },
    selection.dialects,
  );
  if (args.flags.has("json")) io.stdout.write(`${JSON.stringify(decision.report, null, 2)}\n`);
  else io.stdout.write(renderAcrossAgents(decision.report, styleFor(io.stdout, io.env)));
  return decision.exit;
}
