/**
 * `validate --agent A[,B...]|all`: one hook output as each named agent reads
 * it, in words (or `--json`): the agent's event, whether it takes the output
 * as given, what it would do, and where it parts from the first agent named.
 * The judgement itself is src/cli/validate-decision.ts (the page calls it too).
 */
import { AGENT_NAMES, isAgentName } from "../core/agents.js";
import type { Dialect } from "../core/dialect.js";
import type { MergeEffects } from "../core/records.js";
import { allDialects, dialectOf } from "../dialects.js";
import { inert, shown } from "./args.js";
import type { Style } from "./style.js";
import type { AcrossAgentsReport } from "./validate-decision.js";

export type AgentSelection = { readonly ok: true; readonly dialects: Dialect[] } | { readonly ok: false; readonly message: string };

/** `all`, or a comma-separated list of agent names, each with a dialect. */
export function selectAgents(value: string): AgentSelection {
  if (value === "all") return { ok: true, dialects: allDialects() };
  const dialects: Dialect[] = [];
  for (const name of value.split(",").map((part) => part.trim())) {
    const dialect = isAgentName(name) ? dialectOf(name) : undefined;
    if (dialect === undefined) return { ok: false, message: `--agent: ${shown(name)} is not one of all, ${AGENT_NAMES.join(", ")}` };
    if (!dialects.includes(dialect)) dialects.push(dialect);
  }
  return { ok: true, dialects };
}

/** What the agent would do, in one line. */
function summarize(effects: MergeEffects): string {
  const parts: string[] = [];
  if (effects.decision !== null) parts.push(`decision ${effects.decision}`);
  else if (effects.blocked) parts.push("blocked");
  if (effects.tool_result !== null) parts.push(`the model is told: ${JSON.stringify(effects.tool_result)}`);
  if (effects.model_context.length > 0) parts.push(`${effects.model_context.length} context text(s) for the model`);
  if (effects.notices.length > 0) parts.push(`the user sees: ${effects.notices.map((n) => JSON.stringify(n)).join(", ")}`);
  if (effects.stopped) parts.push(`stops${effects.stop_reason === null ? "" : ` (${JSON.stringify(effects.stop_reason)})`}`);
  return parts.length === 0 ? "no effect" : parts.join("; ");
}

export function renderAcrossAgents(report: AcrossAgentsReport, style: Style): string {
  const lines: string[] = [];
  for (const a of report.agents) {
    const head = `${style.bold(`${a.displayName} ${a.version}`)} (${a.agent})`;
    if (a.event === null) {
      lines.push(`${head}: ${style.yellow("no equivalent event")}`);
    } else {
      const verdict = a.accepted ? style.green("accepted") : style.red("not accepted");
      lines.push(`${head}, ${a.event}: ${verdict}; ${a.effects === null ? "" : summarize(a.effects)}`);
      for (const problem of a.problems) lines.push(`  ${style.red("problem")}: ${inert(problem.split("\n")[0]!)}`);
    }
    for (const d of a.divergences) lines.push(`  ${style.yellow("divergence")} ${style.dim(`[${d.code}]`)}: ${inert(d.message)}`);
    for (const u of report.unverified) if (u.agent === a.agent) lines.push(`  ${style.yellow("unverified")}: ${inert(u.why)}`);
  }
  if (report.lets_through.length > 0) {
    const names = report.agents.filter((a) => report.lets_through.some((l) => l.agent === a.agent)).map((a) => a.displayName);
    lines.push(`${style.red("lets through")}: ${names.join(", ")} ${names.length === 1 ? "lets" : "let"} through what Claude Code enforces (exit 3)`);
    // the reasons not already printed as a divergence
    const shown = new Set(report.agents.flatMap((a) => a.divergences.map((d) => d.message)));
    for (const l of report.lets_through) if (!shown.has(l.why)) lines.push(`  ${inert(l.why)}`);
  }
  return lines.join("\n") + "\n";
}
