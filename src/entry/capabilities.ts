/**
 * `claude-hook-protocol/capabilities`: what each agent does with each answer a
 * hook can give, per event, with each claim's provenance (the vectors that
 * show it), and the policy the kit degrades by. Loads no dialect. The
 * functions take any value (src/core/api-boundary.ts).
 */
import { guardApi } from "../core/api-boundary.js";
import { capabilitiesOf as capabilitiesOfTyped } from "../agent-capabilities.js";
import { shownSupport as shownSupportTyped, type ShownSupport } from "../core/capability-evidence.js";

export { allCapabilities } from "../agent-capabilities.js";
/** The agent's capabilities, or undefined for any value that names no agent. */
export const capabilitiesOf = guardApi("capabilitiesOf", [["agent", "any"]], capabilitiesOfTyped, () => undefined);
/** The support the recorded effects show for an answer of `kind`; effects that cannot be read show none ("ignored"). */
export const shownSupport = guardApi("shownSupport", [["kind", "any"], ["hookStdout", "any"], ["recorded", "any"]], shownSupportTyped, (): ShownSupport => ({ support: "ignored" }));
export { ANSWER_KINDS, SUPPORT_LEVELS, DEGRADE_POLICY } from "../core/capabilities.js";
export type { AgentCapabilities, AnswerKind, Basis, CapabilityClaim, NativeInputForm, Support, ToolName } from "../core/capabilities.js";
export type { ShownSupport } from "../core/capability-evidence.js";
