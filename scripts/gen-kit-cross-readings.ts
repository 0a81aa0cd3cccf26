/**
 * The registry (src/agents.ts) -> generated/kit/cross-readings.ts: what the kit
 * writes when two agents may have sent one stdin and their answers to a deny
 * or a block differ (src/hooks/agents.ts `writeForAll`). The kit tries the
 * agent the hook's command names and the agent no detection rule tells
 * (src/hooks/agents.ts `possibleAgents`), so the pairs are (named agent,
 * default agent), on every event the two spell the same with the same meaning
 * (the call is the hook's under both only then).
 *
 * For each pair, event and kind (deny, block), three answers are tried, in
 * order: exit 2 with the reason on stderr (what the kits in every language
 * wrote before where both agents read it as a block), the named agent's own,
 * the other agent's own. Each is read by both agents' merges (each checked
 * against that agent's recorded runs), and the first that blocks under both
 * is kept: `"exit2"`, `"named"` or `"sender"`. When none does, `"none"` and the answer
 * that blocks under the named agent (the likelier sender: the command names it,
 * where `install` wrote the name): `"none-exit2"` where exit 2 blocks there,
 * else `"none-named"`; the kit says so on stderr. Only entries whose two own
 * answers differ are listed (the kit writes an answer both agents give as is).
 */
import { AGENTS } from "../src/agents.js";
import type { Dialect } from "../src/core/dialect.js";
import type { HookIntent } from "../src/core/intent.js";
import { jsLiteral, tsBanner, type GeneratedFile } from "./lib/generated-file.js";

export type CrossChoice = "named" | "sender" | "exit2" | "none-exit2" | "none-named";
type Answer = { readonly exit: number; readonly stdout: string; readonly stderr: string };

const REASON = "R";
const INTENTS: Readonly<Record<"deny" | "block", HookIntent>> = { deny: { decision: "deny", reason: REASON }, block: { block: true, reason: REASON } };

function written(dialect: Dialect, event: string, intent: HookIntent): Answer | undefined {
  const result = dialect.writeIntent?.(event, intent);
  return result !== undefined && result.ok ? result.answer : undefined;
}

/** Whether the agent's merge reads `answer`, the only hook of `event`, as a block or deny that took effect. */
export function blocksUnder(dialect: Dialect, event: string, answer: Answer): boolean {
  const row = dialect.events.find((e) => e.name === event);
  if (row === undefined) return false;
  const tool = row.matchField === "tool_name" ? { tool_name: "Bash", tool_input: { command: "true" } } : {};
  const merged = dialect.mergeRequest({ event, ...tool, input: { hook_event_name: event, ...tool }, hooks: [{ command: "hook", ...answer }] } as never);
  return merged.effects.blocked === true;
}

/** Per named agent, per possible sender, per event: per kind, what the kit writes when the two agents' answers differ. */
export function crossReadings(): Record<string, Record<string, Record<string, Partial<Record<"deny" | "block", CrossChoice>>>>> {
  const fallback = AGENTS.find((agent) => agent.kit.detection.length === 0);
  if (fallback === undefined) throw new Error("gen-kit-cross-readings: no agent without detection rules (the default)");
  const out: Record<string, Record<string, Record<string, Partial<Record<"deny" | "block", CrossChoice>>>>> = {};
  for (const named of AGENTS) {
    if (named === fallback) continue;
    const sender = fallback;
    const perEvent: Record<string, Partial<Record<"deny" | "block", CrossChoice>>> = {};
    for (const row of named.dialect.events) {
      // the call is the hook's under both agents only where the sender's event of that name is the same canonical event
      if (row.canonical !== row.name || !sender.dialect.events.some((e) => e.name === row.name)) continue;
      for (const [kind, intent] of Object.entries(INTENTS) as ["deny" | "block", HookIntent][]) {
        const own = written(named.dialect, row.name, intent);
        const theirs = written(sender.dialect, row.name, intent);
        if (own === undefined || theirs === undefined) continue;
        if (own.exit === theirs.exit && own.stdout === theirs.stdout && own.stderr === theirs.stderr) continue;
        const exit2: Answer = { exit: 2, stdout: "", stderr: REASON };
        const both = (answer: Answer): boolean => blocksUnder(named.dialect, row.name, answer) && blocksUnder(sender.dialect, row.name, answer);
        const choice: CrossChoice = both(exit2) ? "exit2" : both(own) ? "named" : both(theirs) ? "sender" : blocksUnder(named.dialect, row.name, exit2) ? "none-exit2" : "none-named";
        (perEvent[row.name] ??= {})[kind] = choice;
      }
    }
    if (Object.keys(perEvent).length > 0) out[named.name] = { [sender.name]: perEvent };
  }
  return out;
}

export function generateKitCrossReadings(): GeneratedFile[] {
  const ts = `${tsBanner("scripts/gen-kit-cross-readings.ts", "src/agents.ts (the registry): each agent's writeIntent and merge")}
/**
 * Named agent -> possible sender -> event -> deny/block -> what to write when their answers differ:
 * "named" | "sender" (that agent's own answer blocks under both), "exit2" (exit 2, the reason on stderr, blocks
 * under both), "none-exit2" | "none-named" (no one answer blocks under both: the one that blocks under the named agent).
 */
export const KIT_CROSS_READINGS: Readonly<Record<string, Readonly<Record<string, Readonly<Record<string, Readonly<Partial<Record<"deny" | "block", "named" | "sender" | "exit2" | "none-exit2" | "none-named">>>>>>>>> = ${jsLiteral(crossReadings(), 2)};
`;
  return [{ path: "generated/kit/cross-readings.ts", content: ts }];
}
