/** `events [EVENT] [--json]`: each event's matcher, whether it can block, and its output fields. */
import { commandArgs, single, shown } from "./args.js";
import type { CliIo } from "./io.js";
import { AGENT_NAMES } from "../core/agents.js";
import { EXAMPLE_AGENT } from "./agent-list.js";
import { styleFor } from "./style.js";
import { COMMON_OUTPUT_FIELDS, EVENT_CATALOG, eventInfo, type EventInfo } from "../claude-code/event-catalog.js";

export const HELP = `usage: claude-hook-protocol events [EVENT] [--json]
       claude-hook-protocol events --agent AGENT|all [EVENT] [--json]

Lists Claude Code 2.1.332's ${EVENT_CATALOG.length} hook events: what a matcher is compared
against, whether (and what) a hook can block, the default timeout, and the
fields of the event's hookSpecificOutput. Every event also accepts the
top-level fields ${COMMON_OUTPUT_FIELDS.join(", ")}.

With --agent, lists that agent's own events (${AGENT_NAMES.join(", ")})
and the Claude Code event each copies; --agent all prints one table of the
mapping across every agent. EVENT may then be the agent's own name or Claude
Code's (events --agent AGENT PreToolUse shows that agent's own name for it).

Examples:
  claude-hook-protocol events
  claude-hook-protocol events --agent ${EXAMPLE_AGENT}
  claude-hook-protocol events --agent all BeforeTool
  claude-hook-protocol events --agent all
  claude-hook-protocol events PreToolUse
  claude-hook-protocol events --json | jq '.[] | select(.blocks != null) | .name'
`;

function toJson(e: EventInfo): Record<string, unknown> {
  return {
    name: e.name,
    matcher: e.matchField === null ? null : { field: e.matchField, values: e.matchValues },
    blocks: e.blocks,
    default_timeout_s: e.defaultTimeout,
    hook_specific_output: e.outputFields,
    if_rules: e.toolEvent,
  };
}

export async function run(argv: readonly string[], io: CliIo): Promise<number> {
  const args = commandArgs("events", argv, { json: { value: false }, agent: { value: true }, help: { value: false } }, HELP, io, { count: 1, message: "one EVENT at most" });
  if (typeof args === "number") return args;
  const agent = single(args, "agent");
  if (agent !== undefined) {
    const { selectAgents } = await import("./across-agents.js");
    const selection = selectAgents(agent);
    if (!selection.ok) {
      io.stderr.write(`events: ${selection.message}\n`);
      return 2;
    }
    const { eventMappings, renderDialectEvents, renderMappings } = await import("./events-agents.js");
    const s = styleFor(io.stdout, io.env);
    const many = agent === "all" || selection.dialects.length > 1;
    // EVENT in the agent's spelling or Claude Code's: that agent's event, or (several agents) the row of its canonical event
    const only = args.positionals[0];
    let rows = eventMappings(selection.dialects);
    let dialect = selection.dialects[0]!;
    if (only !== undefined) {
      const { agentEvent, canonicalEvent } = await import("./event-option.js");
      if (many) {
        const resolved = canonicalEvent(selection.dialects, only);
        if (!resolved.ok) {
          io.stderr.write(`events: ${resolved.message}\n`);
          return 2;
        }
        rows = rows.filter((row) => row.canonical === resolved.canonical);
      } else {
        const resolved = agentEvent(dialect, only);
        if (!resolved.ok) {
          io.stderr.write(`events: ${resolved.message}\n`);
          return 2;
        }
        dialect = { ...dialect, events: dialect.events.filter((e) => e.name === resolved.event) };
      }
    }
    if (args.flags.has("json")) {
      const value = many ? rows : only === undefined ? dialect.events : dialect.events[0];
      io.stdout.write(`${JSON.stringify(value, null, 2)}\n`);
    } else if (many) {
      io.stdout.write(renderMappings(selection.dialects, s, rows));
    } else {
      io.stdout.write(renderDialectEvents(dialect, s));
    }
    return 0;
  }
  const only = args.positionals[0];
  const selected = only === undefined ? EVENT_CATALOG : [eventInfo(only)].filter((e): e is EventInfo => e !== undefined);
  if (selected.length === 0) {
    const { claudeCodeEvent } = await import("./event-option.js");
    const resolved = claudeCodeEvent(only!);
    io.stderr.write(`events: ${resolved.ok ? `unknown event ${shown(only)}` : resolved.message}\n`);
    return 2;
  }
  if (args.flags.has("json")) {
    io.stdout.write(`${JSON.stringify(only === undefined ? selected.map(toJson) : toJson(selected[0]!), null, 2)}\n`);
    return 0;
  }
  const s = styleFor(io.stdout, io.env);
  for (const e of selected) {
    io.stdout.write(`${s.bold(e.name)}\n`);
    io.stdout.write(`  matcher:  ${e.matchField === null ? "none (every hook of the event runs)" : `${e.matchField}: ${e.matchValues}`}\n`);
    io.stdout.write(`  blocks:   ${e.blocks ?? "no"}\n`);
    io.stdout.write(`  timeout:  ${e.defaultTimeout} s by default${e.toolEvent ? "; `if` rules apply" : ""}\n`);
    io.stdout.write(`  output:   ${e.outputFields.length === 0 ? "no hookSpecificOutput (top-level fields only)" : `hookSpecificOutput { hookEventName: "${e.name}", ${e.outputFields.join(", ")} }`}\n`);
  }
  return 0;
}
