/**
 * How the kit tells an agent from a stdin alone, as data: each agent's rules
 * live in its folder (`src/<agent>/detection.ts`) and are merged, by rank,
 * into generated/kit/agents.json (scripts/gen-kit-agents.ts), which the kits
 * of every language read. The first rule whose conditions all hold names the
 * agent; a rule may rest only on what no other agent sends (each agent's
 * schemas and recordings; test/kit-detection.test.ts), so one that holds
 * proves its agent. None holding proves nothing: the agent without rules
 * (Claude Code), or one whose input can look like it. Nothing here names an agent.
 */
import type { AgentName } from "./agents.js";

export type DetectionCondition =
  /** The key is present. */
  | { readonly has: string }
  /** The key is a string among these. */
  | { readonly key: string; readonly oneOf: readonly string[] }
  /** The key is a string this regular expression (JavaScript syntax, no flags) finds in. */
  | { readonly key: string; readonly matches: string }
  /** `hook_event_name` is one of this agent's own event names (generated/kit/agents.json `events`). */
  | { readonly eventOf: AgentName }
  /** `hook_event_name` is not one of this agent's own event names. */
  | { readonly eventNotOf: AgentName }
  /** The key is present and null. */
  | { readonly isNull: string };

export interface DetectionRule {
  readonly agent: AgentName;
  /** What told it, for messages. */
  readonly because: string;
  readonly when: readonly DetectionCondition[];
}

/** A rule in its agent's folder, with its place among every agent's rules (lower first: a narrower rule before a broader one it would otherwise lose to). */
export interface RankedDetectionRule extends DetectionRule {
  readonly rank: number;
}
