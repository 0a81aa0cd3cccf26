/**
 * `claude-hook-protocol/capabilities`: what each agent does with each answer a
 * hook can give, per event, with each claim's provenance (the vectors that
 * show it), and the policy the kit degrades by. Loads no dialect. Only re-exports.
 */
export { allCapabilities, capabilitiesOf } from "../agent-capabilities.js";
export { ANSWER_KINDS, SUPPORT_LEVELS, DEGRADE_POLICY } from "../core/capabilities.js";
export type { AgentCapabilities, AnswerKind, Basis, CapabilityClaim, NativeInputForm, Support, ToolName } from "../core/capabilities.js";
export { shownSupport, type ShownSupport } from "../core/capability-evidence.js";
