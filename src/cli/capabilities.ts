/**
 * `capabilities [--agent A|all] [--format text|json|markdown]`: what each
 * agent does with each answer, per event, with each claim's provenance
 * (src/<agent>/capabilities.ts). `--format markdown` is docs/capabilities.md
 * (scripts/gen-capabilities-doc.ts writes it; a test checks it is current).
 */
import { allCapabilities } from "../agent-capabilities.js";
import { AGENT_NAMES, DEFAULT_AGENT, isAgentName } from "../core/agents.js";
import { ANSWER_KINDS, DEGRADE_POLICY, type AgentCapabilities, type CapabilityClaim } from "../core/capabilities.js";
import { KIT_AGENTS } from "../../generated/kit/agents.js";
import { commandArgs, shown, single } from "./args.js";
import type { CliIo } from "./io.js";
import { styleFor } from "./style.js";

// the examples name an agent other than the default, and one of its events
const EXAMPLE = allCapabilities().find((caps) => caps.agent !== DEFAULT_AGENT) ?? allCapabilities()[0]!;

export const HELP = `usage: claude-hook-protocol capabilities [--agent AGENT|all] [--format text|json|markdown]

For each agent and each of its events, what it does with each answer a hook
can give (${ANSWER_KINDS.join(", ")}): enforced, degraded (to another
answer), ignored, fails-open or unsupported; each claim with its basis: the
recorded vectors that show it (test/vectors/merge/<agent>/<Event>/*.json),
or docs/binary where nothing was recorded yet: unverified, a guess from the
agent's documents or code (marked "?" here; validate --agent says so too, and
the kits on stderr for an answer they write on one). The kit (claude-hook-protocol/hooks)
degrades an answer an agent does not honour by this policy, or refuses it for
a hook defined with unsupported: "strict":
  ${ANSWER_KINDS.map((kind) => `${kind} -> ${DEGRADE_POLICY[kind]}`).join(", ")}

Examples:
  claude-hook-protocol capabilities
  claude-hook-protocol capabilities --agent ${EXAMPLE.agent}
  claude-hook-protocol capabilities --format json | jq '.["${EXAMPLE.agent}"].${Object.keys(EXAMPLE.events)[0]}.ask'
`;

const SYMBOL: Readonly<Record<string, string>> = { enforced: "yes", degraded: "->", ignored: "ignored", "fails-open": "fails open", unsupported: "no" };

function displayName(caps: AgentCapabilities): string {
  return (KIT_AGENTS as unknown as Record<string, { displayName: string }>)[caps.agent]?.displayName ?? caps.agent;
}

function canonicalOf(caps: AgentCapabilities, event: string): string | null {
  return (KIT_AGENTS as unknown as Record<string, { events: Record<string, string | null> }>)[caps.agent]?.events[event] ?? null;
}

function cell(claim: CapabilityClaim | undefined): string {
  if (claim === undefined) return "";
  const level = claim.support === "degraded" ? `-> ${claim.as}` : SYMBOL[claim.support]!;
  return claim.basis === "recorded" ? `${level}*` : `${level}?`;
}

function counts(list: readonly AgentCapabilities[]): { claims: number; recorded: number } {
  let claims = 0;
  let recorded = 0;
  for (const caps of list) {
    for (const answers of Object.values(caps.events)) {
      for (const claim of Object.values(answers)) {
        claims++;
        if (claim.vectors.length > 0) recorded++;
      }
    }
  }
  return { claims, recorded };
}

function table(header: readonly string[], rows: readonly (readonly string[])[]): string[] {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: readonly string[]): string => cells.map((c, i) => c.padEnd(widths[i]!)).join("  ").trimEnd();
  return [line(header), ...rows.map(line)];
}

export function renderText(list: readonly AgentCapabilities[], bold: (text: string) => string): string {
  const out: string[] = [];
  for (const caps of list) {
    const { claims, recorded } = counts([caps]);
    const versions = caps.alsoRecordedOn === undefined ? "" : ` (the same claims recorded on ${caps.alsoRecordedOn.join(", ")})`;
    out.push(bold(`${displayName(caps)} ${caps.version}`) + `${versions}: ${claims} claims, ${recorded} shown by recorded vectors (*), the rest unverified (?)`);
    const rows = Object.entries(caps.events).map(([event, answers]) => {
      const canonical = canonicalOf(caps, event);
      return [canonical === null || canonical === event ? event : `${event} (${canonical})`, ...ANSWER_KINDS.map((kind) => cell(answers[kind]))];
    });
    out.push(...table(["event", ...ANSWER_KINDS], rows).map((l) => `  ${l}`), "");
  }
  return `${out.join("\n")}`;
}

function markdownCell(claim: CapabilityClaim | undefined): string {
  if (claim === undefined) return "";
  const level = claim.support === "degraded" ? `degraded to ${claim.as}` : claim.support;
  const shown = claim.vectors.map((path, i) => `[${i + 1}](../${path})`).join(" ");
  const basis = claim.basis === "recorded" ? ` ${shown}` : ` (${claim.basis}, unverified)`;
  return `${claim.support === "enforced" ? level : `**${level}**`}${basis}${claim.note === undefined ? "" : ` ${claim.note}`}`;
}

export function renderMarkdown(list: readonly AgentCapabilities[]): string {
  const { claims, recorded } = counts(list);
  const out = [
    "<!-- GENERATED by scripts/gen-capabilities-doc.ts from src/<agent>/capabilities.ts; do not edit. `claude-hook-protocol capabilities --format markdown` prints the same. -->",
    "# What each agent does with each answer",
    "",
    `For every agent and event, what the agent does with each answer a hook can give through the kit (\`claude-hook-protocol/hooks\`): ${claims} claims, ${recorded} of them shown by recorded vectors (the numbered links; \`test/capabilities.test.ts\` re-merges each through the agent's dialect). \`docs\` and \`binary\` claims are **unverified**: they rest on the agent's documents or code, or on the dialect's event table, with no recording that shows them; \`validate --agent\` names each one an answer relies on as unverified, the kits (TypeScript, Python, Go, Rust) write an answer that rests on one as the claim says and add one line on stderr, \`<kind> on <event> is unverified: no recording shows what <agent> does with it (the claim "<level>" rests on its documents only; …)\` (docs/authoring.md), and \`test/capabilities.test.ts\` checks that no recorded vector contradicts any claim and that every claim agrees with the agent's event table. Also as data: \`claude-hook-protocol/capabilities\`, \`claude-hook-protocol capabilities --format json\`, \`generated/kit/agents.json\`.`,
    "",
    "Levels: **enforced** the agent does what the answer says; **degraded** it does another thing; **ignored** it reads the output and this part changes nothing; **fails-open** it refuses the answer as an error and goes ahead; **unsupported** its protocol has no way to say it.",
    "",
    `The kit degrades an answer the agent does not enforce by this policy and says so on stderr (a hook defined with \`unsupported: "strict"\` fails instead): ${ANSWER_KINDS.map((kind) => `${kind} → ${DEGRADE_POLICY[kind]}`).join(", ")}.`,
    "",
  ];
  for (const caps of list) {
    const own = counts([caps]);
    out.push(`## ${displayName(caps)} ${caps.version}`, "", `${own.claims} claims, ${own.recorded} shown by recorded vectors.`, "");
    out.push(`| event | ${ANSWER_KINDS.join(" | ")} |`, `|---|${ANSWER_KINDS.map(() => "---").join("|")}|`);
    for (const [event, answers] of Object.entries(caps.events)) {
      const canonical = canonicalOf(caps, event);
      const name = canonical === null || canonical === event ? `\`${event}\`` : `\`${event}\` (${canonical})`;
      out.push(`| ${name} | ${ANSWER_KINDS.map((kind) => markdownCell(answers[kind])).join(" | ")} |`);
    }
    const tools = caps.tools.map((tool) => `\`${tool.name}\` = ${tool.canonical}${tool.fields === undefined ? "" : ` (${Object.entries(tool.fields).map(([claude, name]) => `${claude} = \`${name}\``).join(", ")})`} (${tool.basis})`);
    out.push("", tools.length === 0 ? "Tools: Claude Code's names." : `Tools, as the kit maps them to Claude Code's: ${tools.join("; ")}.`, "");
  }
  return `${out.join("\n")}`;
}

export async function run(argv: readonly string[], io: CliIo): Promise<number> {
  const args = commandArgs("capabilities", argv, { agent: { value: true }, format: { value: true }, help: { value: false } }, HELP, io, { count: 0, message: "no positional arguments" });
  if (typeof args === "number") return args;
  const agent = single(args, "agent") ?? "all";
  const format = single(args, "format") ?? "text";
  if (agent !== "all" && !isAgentName(agent)) {
    io.stderr.write(`capabilities: --agent ${shown(agent)} is not one of all, ${AGENT_NAMES.join(", ")}\n`);
    return 2;
  }
  const list = allCapabilities().filter((caps) => agent === "all" || caps.agent === agent);
  if (format === "json") {
    io.stdout.write(`${JSON.stringify(Object.fromEntries(list.map((caps) => [caps.agent, caps.events])), null, 2)}\n`);
  } else if (format === "markdown") {
    io.stdout.write(renderMarkdown(list));
  } else if (format === "text") {
    io.stdout.write(renderText(list, styleFor(io.stdout, io.env).bold));
  } else {
    io.stderr.write(`capabilities: --format ${shown(format)} is not one of text, json, markdown\n`);
    return 2;
  }
  return 0;
}
