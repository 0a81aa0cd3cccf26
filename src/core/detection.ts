/**
 * How the kit tells an agent from a stdin alone, as data: each agent's rules
 * live in its folder (`src/<agent>/detection.ts`, `AgentDetectionRule`: they
 * name no agent, not even their own) and are merged into
 * generated/kit/agents.json (scripts/gen-kit-agents.ts, ordered by
 * scripts/lib/detection-order.ts from every agent's input schemas), which the
 * kits of every language read as `DetectionRule`s. The first rule whose
 * conditions all hold names the agent; a rule may rest only on what no other
 * agent sends (each agent's schemas and recordings;
 * test/kit-detection.test.ts), so one that holds proves its agent. None
 * holding proves nothing: the agent without rules (Claude Code), or one whose
 * input can look like it. Nothing here names an agent.
 */
import type { AgentName } from "./agents.js";

/** A condition on the stdin's keys, the same in an agent's folder and in the kits' data. */
export type KeyCondition =
  /** The key is present. */
  | { readonly has: string }
  /** The key is a string among these. */
  | { readonly key: string; readonly oneOf: readonly string[] }
  /** The key is a string this regular expression (JavaScript syntax, no flags) finds in. */
  | { readonly key: string; readonly matches: string }
  /** The key is present and null. */
  | { readonly isNull: string };

export type DetectionCondition =
  | KeyCondition
  /** `hook_event_name` is one of this agent's own event names (generated/kit/agents.json `events`). */
  | { readonly eventOf: AgentName }
  /** `hook_event_name` is not one of this agent's own event names. */
  | { readonly eventNotOf: AgentName };

/** A rule as the kits read it: the agent it proves. */
export interface DetectionRule {
  readonly agent: AgentName;
  /** What told it, for messages. */
  readonly because: string;
  readonly when: readonly DetectionCondition[];
}

/**
 * A condition as an agent's folder states it: on keys, or on the event name relative to the agent itself.
 * `own`: `hook_event_name` is one of the agent's event names (the kits read `eventOf` the agent).
 * `unshared`: one of them that no other agent has whose stdin can reach the rule with the rule's other
 * conditions holding (the kits read `eventOf` the agent and `eventNotOf` each such agent: which ones,
 * scripts/lib/detection-order.ts reads from every agent's input schemas).
 */
export type AgentDetectionCondition = KeyCondition | { readonly event: "own" | "unshared" };

/**
 * A rule in its agent's folder, in the agent's own order (a narrower rule of its own before a broader
 * one). Where it stands among other agents' rules is not its to say: scripts/lib/detection-order.ts puts
 * each rule before every rule that could hold on its agent's stdins, from the agents' input schemas.
 */
export interface AgentDetectionRule {
  /** What told it, for messages. */
  readonly because: string;
  readonly when: readonly AgentDetectionCondition[];
}
