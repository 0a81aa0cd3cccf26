/**
 * The README's capability excerpt: what each agent does with each answer of a
 * PreToolUse hook (the agent's first event that is Claude Code's PreToolUse),
 * made from the agents' capabilities files. `node --import tsx
 * test/lib/readme-capabilities.ts` prints it; test/readme.test.ts keeps the README's copy equal.
 */
import { fileURLToPath } from "node:url";
import { KIT_AGENTS } from "../../generated/kit/agents.js";
import { allCapabilities } from "../../src/agent-capabilities.js";
import type { AgentCapabilities, CapabilityClaim } from "../../src/core/capabilities.js";

const COLUMNS = ["deny", "ask", "allow", "rewrite", "context", "stop", "message"] as const;
const LEVEL: Readonly<Record<string, string>> = { enforced: "yes", ignored: "**ignored**", "fails-open": "**fails open**", unsupported: "**no**" };

const kitAgent = (caps: AgentCapabilities): { displayName: string; events: Record<string, string | null> } =>
  (KIT_AGENTS as unknown as Record<string, { displayName: string; events: Record<string, string | null> }>)[caps.agent]!;

function cell(claim: CapabilityClaim | undefined): string {
  if (claim === undefined) return "";
  const level = claim.support === "degraded" ? `**→ ${claim.as}**` : LEVEL[claim.support]!;
  return claim.vectors.length > 0 ? `${level} ✓` : level;
}

/** Claims in all, and how many cite recorded vectors. */
export function claimCounts(): { claims: number; recorded: number } {
  let claims = 0;
  let recorded = 0;
  for (const caps of allCapabilities()) {
    for (const answers of Object.values(caps.events)) {
      for (const claim of Object.values(answers)) {
        claims++;
        if (claim.vectors.length > 0) recorded++;
      }
    }
  }
  return { claims, recorded };
}

export function capabilitiesExcerpt(): string {
  const rows = allCapabilities().map((caps) => {
    const agent = kitAgent(caps);
    const event = Object.keys(caps.events).find((name) => agent.events[name] === "PreToolUse")!;
    const answers = caps.events[event]!;
    return `| ${agent.displayName} ${caps.version} | \`${event}\` | ${COLUMNS.map((kind) => cell(answers[kind])).join(" | ")} |`;
  });
  return [`| agent | event | ${COLUMNS.join(" | ")} |`, `|---|---|${COLUMNS.map(() => "---").join("|")}|`, ...rows].join("\n") + "\n";
}

if (process.argv[1] !== undefined && fileURLToPath(import.meta.url) === process.argv[1]) process.stdout.write(capabilitiesExcerpt());
