/**
 * `claude-hook-protocol/capabilities`: what each agent does with each answer a
 * hook can give, per event, with each claim's provenance (the vectors that
 * show it), and the policy the kit degrades by. Loads no dialect: the data
 * is generated from the registry (generated/agent-capabilities.ts, `npm run
 * gen`), the same as src/agent-capabilities.ts gives the CLI. The functions
 * take any value (src/core/api-boundary.ts).
 */
import { AGENT_CAPABILITIES } from "../../generated/agent-capabilities.js";
import { guardApi } from "../core/api-boundary.js";
import type { AgentCapabilities } from "../core/capabilities.js";
import { shownSupport as shownSupportTyped, type ShownSupport } from "../core/capability-evidence.js";
import { deepFreeze } from "../json/value.js";

// frozen all the way down: a caller cannot change what every other caller reads; null prototype: `"__proto__"` names no agent
const CAPABILITIES = deepFreeze(Object.assign(Object.create(null) as Record<string, AgentCapabilities | undefined>, AGENT_CAPABILITIES as Record<string, AgentCapabilities>));
const ALL: readonly AgentCapabilities[] = Object.values(CAPABILITIES) as AgentCapabilities[];

/** Every agent's capabilities, in AGENT_NAMES order. */
export function allCapabilities(): AgentCapabilities[] {
  return [...ALL];
}
function capabilitiesOfTyped(agent: string): AgentCapabilities | undefined {
  return typeof agent === "string" ? CAPABILITIES[agent] : undefined;
}
/** The agent's capabilities, or undefined for any value that names no agent. */
export const capabilitiesOf = guardApi("capabilitiesOf", [["agent", "any"]], capabilitiesOfTyped, () => undefined);
/** The support the recorded effects show for an answer of `kind`; effects that cannot be read show none ("ignored"). */
export const shownSupport = guardApi("shownSupport", [["kind", "any"], ["hookStdout", "any"], ["recorded", "any"]], shownSupportTyped, (): ShownSupport => ({ support: "ignored" }));
export { ANSWER_KINDS, SUPPORT_LEVELS, DEGRADE_POLICY } from "../core/capabilities.js";
export type { AgentCapabilities, AnswerKind, Basis, CapabilityClaim, NativeInputForm, Support, ToolName } from "../core/capabilities.js";
export type { ShownSupport } from "../core/capability-evidence.js";
