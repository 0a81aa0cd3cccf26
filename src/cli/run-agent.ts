/**
 * `run --agent A`: the configured hooks of one event run as agent A runs
 * them (A's own runner: where it reads configuration, its order, environment
 * and timeouts), then merged by A's rules; printed as run records and the
 * merged result in words, or `--json`.
 */
import { homedir } from "node:os";
import { resolve } from "node:path";
import { AGENT_NAMES, isAgentName } from "../core/agents.js";
import { dialectOf } from "../dialects.js";
import { agentEvent } from "./event-option.js";
import { toNullPrototype, isJsonObject } from "../json/value.js";
import { shown, single, type ParsedArgs } from "./args.js";
import type { CliIo } from "./io.js";
import { readInput, tooDeep } from "./read-input.js";
import { styleFor } from "./style.js";

const CLAUDE_CODE_ONLY = ["settings", "plugin", "claude-settings", "timeout", "no-wait"] as const;

export async function runAsAgent(agent: string, inputPath: string, args: ParsedArgs, io: CliIo, usage: (message: string) => number, refuse: (message: string) => number): Promise<number> {
  const dialect = isAgentName(agent) ? dialectOf(agent) : undefined;
  if (dialect === undefined) return refuse(`--agent must be one of ${AGENT_NAMES.join(", ")}, not ${shown(agent)}`);
  if (dialect.runner === undefined) return usage(`${dialect.displayName}: no runner in this package yet`);
  const claudeOnly = CLAUDE_CODE_ONLY.filter((name) => args.options.has(name) || args.flags.has(name));
  if (claudeOnly.length > 0 || args.rest !== null) {
    return usage(`--${claudeOnly[0] ?? "-"} is for Claude Code; ${dialect.displayName} reads its hooks from: ${dialect.runner.configLocations.join(", ")}`);
  }
  const text = await readInput(inputPath, io.stdin);
  // the input itself is unusable: one line, not the usage
  const inputProblem = text.ok ? tooDeep(text.text, text.name) : text.message;
  if (inputProblem !== null || !text.ok) {
    io.stderr.write(`run: ${inputProblem}\n`);
    return 2;
  }
  let raw: unknown;
  try {
    raw = JSON.parse(text.text);
  } catch (error) {
    return refuse(`${text.name} is not JSON: ${(error as Error).message}`);
  }
  const input = toNullPrototype(raw);
  if (!isJsonObject(input)) return refuse(`${text.name} must hold a JSON object`);
  const named = input["hook_event_name"];
  const given = single(args, "event") ?? (typeof named === "string" ? named : undefined);
  if (given === undefined) return usage("--event is required (the input has no hook_event_name)");
  // the agent's own name or Claude Code's (`PreToolUse` runs the hooks of the agent's own name for it, such as BeforeTool)
  const resolved = agentEvent(dialect, given);
  if (!resolved.ok) return refuse(resolved.message);
  const event = resolved.event;
  const controller = new AbortController();
  const { cancelOnTermination } = await import("./termination.js");
  const termination = cancelOnTermination(controller);
  let outcome;
  try {
    outcome = await dialect.runner.run({
      event,
      input,
      projectDir: resolve(single(args, "project-dir") ?? "."),
      homeDir: resolve(single(args, "home-dir") ?? homedir()),
      env: io.env,
      signal: controller.signal,
    });
  } finally {
    termination.dispose();
  }
  if (args.flags.has("json")) {
    io.stdout.write(`${JSON.stringify(outcome.problems.length > 0 ? { ...outcome.merged, problems: outcome.problems } : outcome.merged, null, 2)}\n`);
    return termination.exitCode(0);
  }
  const { describeMerged, describeRecord } = await import("./describe.js");
  const s = styleFor(io.stdout, io.env);
  const runs = outcome.merged.runs;
  io.stdout.write(`${s.bold(`${dialect.displayName} ${dialect.version}, ${event}`)}: ${runs.length} hook${runs.length === 1 ? "" : "s"} selected\n`);
  if (outcome.problems.length > 0) {
    io.stdout.write(`\n${s.yellow("configuration problems")}:\n`);
    for (const p of outcome.problems) io.stdout.write(`  ${p.path === "" ? "" : `${p.path}: `}${p.message}\n`);
  }
  if (runs.length > 0) {
    io.stdout.write(`\n${s.bold("run records")}:\n`);
    runs.forEach((r, i) => io.stdout.write(`${describeRecord(r, i + 1, s)}\n`));
  }
  io.stdout.write(`\n${s.bold("merged result")}:\n${describeMerged(outcome.merged, input["tool_input"], s, dialect)}\n`);
  return termination.exitCode(0);
}
