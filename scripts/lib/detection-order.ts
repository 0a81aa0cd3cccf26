/**
 * Every agent's detection rules (src/<agent>/detection.ts, `AgentDetectionRule`) as one ordered list the kits
 * read (`DetectionRule`, generated/kit/agents.json), with no agent saying where its rules stand among the
 * others': the order and the `unshared` event conditions come from every agent's input schemas (the shapes of
 * stdin each may send). Names no agent.
 *
 * A rule is placed before another agent's rule when that rule could hold on a stdin of the first rule's agent
 * that the first also holds on, and not the other way round: the narrower rule first. What "could hold" means,
 * per shape (one input schema: its properties, its required keys, its `hook_event_name` const): a key condition
 * on a key the shape has (its value among the schema's const or enum, if it has one; null where its type allows
 * it), an event condition on the shape's event. A shape already surely told by a placed rule (every condition
 * true of every stdin of it: required keys, its event) reaches no later rule. Where the schemas leave two rules
 * free (neither could hold on the other's stdins, or both could), the rules whose event names are `unshared` go
 * last (their exclusions are of the agents whose stdin still reaches them: the later, the fewer), then the
 * registry's order; an agent's own rules keep their order. An `unshared` event condition becomes `eventOf` its
 * agent and `eventNotOf` every other agent one of whose reaching shapes the rule's other conditions could hold on.
 */
import type { AgentName } from "../../src/core/agents.js";
import type { AgentDetectionCondition, AgentDetectionRule, DetectionCondition, DetectionRule, KeyCondition } from "../../src/core/detection.js";

/** A property of an input schema, as far as the order reads it. */
export interface ShapeProperty {
  readonly type?: string | readonly string[];
  readonly const?: unknown;
  readonly enum?: readonly unknown[];
}

/** One input schema of an agent: the stdin shapes it allows. */
export interface InputShape {
  readonly file: string;
  readonly properties: Readonly<Record<string, ShapeProperty>>;
  readonly required: ReadonlySet<string>;
  /** Its `hook_event_name` (a const, or the event its file is named after); null when the shape has none. */
  readonly event: string | null;
}

export interface DetectingAgent {
  readonly name: AgentName;
  /** Its own event names (the kits' `eventOf`). */
  readonly events: ReadonlySet<string>;
  readonly shapes: readonly InputShape[];
  readonly rules: readonly AgentDetectionRule[];
}

interface Pending {
  readonly agent: AgentName;
  readonly index: number;
  readonly rule: AgentDetectionRule;
}

const isEvent = (condition: AgentDetectionCondition): condition is { readonly event: "own" | "unshared" } => "event" in condition;

export function orderDetection(agents: readonly DetectingAgent[]): DetectionRule[] {
  const byName = new Map(agents.map((agent) => [agent.name, agent]));
  const eventsOf = (agent: AgentName): ReadonlySet<string> => byName.get(agent)!.events;

  /** Whether the condition could hold on some stdin of the shape. */
  const may = (condition: DetectionCondition, shape: InputShape): boolean => {
    if ("eventOf" in condition) return shape.event !== null && eventsOf(condition.eventOf).has(shape.event);
    if ("eventNotOf" in condition) return shape.event === null || !eventsOf(condition.eventNotOf).has(shape.event);
    const key = "has" in condition ? condition.has : "isNull" in condition ? condition.isNull : condition.key;
    const property = shape.properties[key];
    if (property === undefined) return false;
    if ("isNull" in condition) return property.type === undefined || [property.type].flat().includes("null");
    if ("oneOf" in condition) {
      if (property.const !== undefined) return condition.oneOf.includes(property.const as string);
      if (property.enum !== undefined) return property.enum.some((value) => condition.oneOf.includes(value as string));
    }
    return true;
  };
  /** Whether the condition holds on every stdin of the shape. */
  const sure = (condition: DetectionCondition, shape: InputShape): boolean => {
    if ("has" in condition) return shape.required.has(condition.has);
    if ("eventOf" in condition || "eventNotOf" in condition) return shape.event !== null && may(condition, shape);
    if ("oneOf" in condition) return shape.required.has(condition.key) && shape.properties[condition.key]?.const !== undefined && condition.oneOf.includes(shape.properties[condition.key]!.const as string);
    return false;
  };

  const placed: DetectionRule[] = [];
  const reaching = (agent: AgentName): InputShape[] => byName.get(agent)!.shapes.filter((shape) => !placed.some((rule) => rule.when.every((condition) => sure(condition, shape))));
  /** The rule as the kits read it, were it placed next. */
  const resolve = ({ agent, rule }: Pending): DetectionRule => {
    const keys = rule.when.filter((condition): condition is KeyCondition => !isEvent(condition));
    const own: DetectionCondition = { eventOf: agent };
    const rivals = (): DetectionCondition[] =>
      agents.filter((other) => other.name !== agent && reaching(other.name).some((shape) => [...keys, own].every((condition) => may(condition, shape)))).map((other) => ({ eventNotOf: other.name }));
    const when = rule.when.flatMap((condition): DetectionCondition[] => (!isEvent(condition) ? [condition] : condition.event === "own" ? [own] : [own, ...rivals()]));
    return { agent, because: rule.because, when };
  };
  /** Whether `first` placed before `then` could take a stdin of `then`'s agent that both hold on. */
  const takes = (first: DetectionRule, then: DetectionRule): boolean => reaching(then.agent).some((shape) => [...first.when, ...then.when].every((condition) => may(condition, shape)));

  let pending: Pending[] = agents.flatMap((agent) => agent.rules.map((rule, index) => ({ agent: agent.name, index, rule })));
  const order = agents.map((agent) => agent.name);
  while (pending.length > 0) {
    const ready = pending
      .filter((candidate) => !pending.some((other) => other.agent === candidate.agent && other.index < candidate.index))
      .filter((candidate) => {
        const rule = resolve(candidate);
        return pending.every((other) => {
          if (other.agent === candidate.agent) return true;
          const then = resolve(other);
          return !(takes(rule, then) && !takes(then, rule));
        });
      });
    if (ready.length === 0) throw new Error(`detection-order: the schemas order none of these rules first: ${pending.map((p) => `${p.agent} "${p.rule.because}"`).join(", ")}`);
    const unshared = (p: Pending): number => (p.rule.when.some((c) => isEvent(c) && c.event === "unshared") ? 1 : 0);
    const next = ready.sort((a, b) => unshared(a) - unshared(b) || order.indexOf(a.agent) - order.indexOf(b.agent) || a.index - b.index)[0]!;
    placed.push(resolve(next));
    pending = pending.filter((p) => p !== next);
  }
  return placed;
}
