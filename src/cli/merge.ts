/**
 * `merge [--words] [FILE|-]`: hook results of one event -> the merged result.
 * Input: {"event", "tool_name"?, "tool_input"?, "input"?, "hooks": [process results]}
 * (completion order; each {"command","exit","stdout","stderr","timed_out"?,...})
 * or {"event", ..., "runs": [run records]}.
 */
import { commandArgs, single, shown } from "./args.js";
import { AGENT_NAMES, DEFAULT_AGENT, isAgentName } from "../core/agents.js";
import type { Dialect } from "../core/dialect.js";
import { parseMergeRequest } from "../core/merge-request.js";
import type { CliIo } from "./io.js";
import { AGENT_CHOICES } from "./agent-list.js";
import { readInput, tooDeep } from "./read-input.js";
import { styleFor } from "./style.js";
import { eventInfo } from "../claude-code/event-catalog.js";
import { isRecord } from "../json/record.js";

export const HELP = `usage: claude-hook-protocol merge [--agent AGENT] [--words] [FILE|-]

Reads the results of several hooks of one event (JSON, from FILE or stdin)
and prints the merged result Claude Code 2.1.332 would act on, with
"effects". The hooks are given in completion order, either as process
results (what \`run --json\` records and \`conformance merge\` takes) or as
run records.

  {"event": "PreToolUse", "tool_name": "Bash", "tool_input": {"command": "ls"},
   "hooks": [{"command": "a.sh", "exit": 0, "stdout": "{...}", "stderr": ""}, ...]}
  {"event": "Stop", "runs": [<run record>, ...]}

Options:
  --agent A     merge as A does: ${AGENT_CHOICES} (hooks as process results; "config_index"
                per hook where the agent merges in configuration order)
  --words       print the merged result in words instead of JSON
  -h, --help    this text

Exit status: 0 merged, 1 the input is not a valid request, 2 usage error.

Examples:
  claude-hook-protocol merge request.json
  echo '{"event":"Stop","hooks":[{"command":"a","exit":2,"stdout":"","stderr":"run the tests"}]}' | claude-hook-protocol merge --words
`;

function checkHooks(hooks: unknown[]): string | null {
  for (const [i, h] of hooks.entries()) {
    if (!isRecord(h)) return `hooks[${i}] must be an object`;
    if (typeof h["command"] !== "string") return `hooks[${i}].command must be a string`;
    if (h["exit"] !== null && !Number.isInteger(h["exit"])) return `hooks[${i}].exit must be an integer or null`;
    for (const k of ["stdout", "stderr"]) if (typeof h[k] !== "string") return `hooks[${i}].${k} must be a string`;
    if (h["timed_out"] !== undefined && typeof h["timed_out"] !== "boolean") return `hooks[${i}].timed_out must be a boolean`;
  }
  return null;
}

export async function run(argv: readonly string[], io: CliIo): Promise<number> {
  const args = commandArgs("merge", argv, { words: { value: false }, agent: { value: true }, help: { value: false } }, HELP, io, { count: 1, message: "one FILE at most" });
  if (typeof args === "number") return args;
  const agent = single(args, "agent") ?? DEFAULT_AGENT;
  const { dialectOf } = await import("../dialects.js");
  if (!isAgentName(agent) || dialectOf(agent) === undefined) {
    io.stderr.write(`merge: --agent must be one of ${AGENT_NAMES.join(", ")}, not ${shown(agent)}\n`);
    return 2;
  }
  const text = await readInput(args.positionals[0], io.stdin);
  if (!text.ok) {
    io.stderr.write(`merge: ${text.message}\n`);
    return 2;
  }
  const deep = tooDeep(text.text, text.name);
  if (deep !== null) {
    io.stderr.write(`merge: ${deep}\n`);
    return 2;
  }
  if (agent !== DEFAULT_AGENT) return mergeAs(dialectOf(agent)!, text, args.flags.has("words"), io);
  const { parseJsonWithPositions } = await import("../json/positions.js");
  const json = parseJsonWithPositions(text.text);
  const invalid = (message: string): number => {
    io.stderr.write(`merge: ${text.name}: ${message}\n`);
    return 1;
  };
  if (!json.ok) return invalid(`not JSON at ${json.position.line}:${json.position.column}: ${json.message}`);
  const request = json.value;
  if (!isRecord(request)) return invalid("must be a JSON object with event and hooks (or runs)");
  const named = request["event"];
  if (typeof named !== "string") return invalid(`"event" must name a Claude Code event, found ${JSON.stringify(named)}`);
  const resolved = eventInfo(named) !== undefined ? null : (await import("./event-option.js")).claudeCodeEvent(named);
  if (resolved !== null && !resolved.ok) return invalid(`"event": ${resolved.message}`);
  const event = resolved === null ? named : resolved.event;
  const input: Record<string, unknown> = isRecord(request["input"]) ? { ...request["input"] } : Object.create(null);
  if (request["tool_name"] !== undefined) input["tool_name"] = request["tool_name"];
  if (request["tool_input"] !== undefined) input["tool_input"] = request["tool_input"];
  input["hook_event_name"] = event;

  let merged;
  try {
  if (Array.isArray(request["hooks"])) {
    const problem = checkHooks(request["hooks"]);
    if (problem !== null) return invalid(problem);
    const { classifyAndMerge } = await import("../claude-code/merge-results.js");
    merged = classifyAndMerge(event, input, request["hooks"] as Parameters<typeof classifyAndMerge>[2]).merged;
  } else if (Array.isArray(request["runs"])) {
    if (!request["runs"].every(isRecord)) return invalid("runs must be run records (objects)");
    const { mergeClassified } = await import("../claude-code/merge-results.js");
    merged = mergeClassified(event, input, request["runs"] as unknown as Parameters<typeof mergeClassified>[2]);
  } else {
    return invalid('needs "hooks" (process results) or "runs" (run records), an array');
  }
  } catch (error) {
    // Run records given by hand may lack fields the merge relies on.
    return invalid(`cannot merge: ${error instanceof Error ? error.message : String(error)}`);
  }
  if (args.flags.has("words")) {
    const { describeMerged } = await import("./describe.js");
    io.stdout.write(`${describeMerged(merged, input["tool_input"], styleFor(io.stdout, io.env))}\n`);
  } else {
    io.stdout.write(`${JSON.stringify(merged, null, 2)}\n`);
  }
  return 0;
}

/** Any dialect but the default: the shared merge request, merged by the agent's rules. */
async function mergeAs(dialect: Dialect, text: { name: string; text: string }, words: boolean, io: CliIo): Promise<number> {
  const parsed = parseMergeRequest(text.text, dialect.requestExtensions);
  if (!parsed.ok) {
    io.stderr.write(`merge: ${text.name}: ${parsed.error.path === "" ? "" : `${parsed.error.path}: `}${parsed.error.message}\n`);
    return 1;
  }
  // the agent's own event name or Claude Code's; an event the agent does not have is merged as the agent treats an unknown event
  const { resolveAgentEvent } = await import("../core/event-names.js");
  const resolved = resolveAgentEvent(dialect, parsed.request.event);
  const merged = dialect.mergeRequest(resolved.ok ? { ...parsed.request, event: resolved.event } : parsed.request);
  if (words) {
    const { describeMerged } = await import("./describe.js");
    io.stdout.write(`${describeMerged(merged, parsed.request.tool_input, styleFor(io.stdout, io.env), dialect)}\n`);
  } else {
    io.stdout.write(`${JSON.stringify(merged, null, 2)}\n`);
  }
  return 0;
}
