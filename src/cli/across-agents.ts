/**
 * `validate --agent A[,B...]|all`: one hook output as each named agent reads
 * it, in words (or `--json`): the agent's event, whether it takes the output
 * as given, what it would do, and where it parts from the first agent named.
 */
import { AGENT_NAMES, isAgentName, type AgentName } from "../core/agents.js";
import type { Dialect } from "../core/dialect.js";
import { judgeAcrossAgents, type AgentJudgement, type CanonicalAnswer } from "../core/judge.js";
import type { MergeEffects } from "../core/records.js";
import { allDialects, dialectOf } from "../dialects.js";
import type { Style } from "./style.js";

export type AgentSelection = { readonly ok: true; readonly dialects: Dialect[] } | { readonly ok: false; readonly message: string };

/** `all`, or a comma-separated list of agent names, each with a dialect. */
export function selectAgents(value: string): AgentSelection {
  if (value === "all") return { ok: true, dialects: allDialects() };
  const dialects: Dialect[] = [];
  for (const name of value.split(",").map((part) => part.trim())) {
    const dialect = isAgentName(name) ? dialectOf(name) : undefined;
    if (dialect === undefined) return { ok: false, message: `--agent: "${name}" is not one of all, ${AGENT_NAMES.join(", ")}` };
    if (!dialects.includes(dialect)) dialects.push(dialect);
  }
  return { ok: true, dialects };
}

export interface AcrossAgentsReport {
  readonly event: string;
  /** Every named agent takes the output as given. */
  readonly accepted: boolean;
  readonly agents: readonly AgentJudgement[];
}

export function judgeForCli(answer: CanonicalAnswer, dialects: readonly Dialect[], reference?: AgentName): AcrossAgentsReport {
  const agents = judgeAcrossAgents(answer, dialects, reference);
  return { event: answer.event, accepted: agents.every((a) => a.accepted), agents };
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
      for (const problem of a.problems) lines.push(`  ${style.red("problem")}: ${problem.split("\n")[0]}`);
    }
    for (const d of a.divergences) lines.push(`  ${style.yellow("divergence")} ${style.dim(`[${d.code}]`)}: ${d.message}`);
  }
  return lines.join("\n") + "\n";
}
