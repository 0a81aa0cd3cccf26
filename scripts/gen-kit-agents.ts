/**
 * The agents' names and capabilities for hook kits in any language:
 * `generated/kit/agents.json` (the format below, with every claim's
 * provenance) and `generated/kit/agents.ts` (the same names and the answers
 * not enforced, the agent names, the degrade policy and the answer templates
 * of scripts/gen-kit-templates.ts: all the TypeScript kit, src/hooks/, reads
 * on every hook call, in one module). Read from each
 * dialect's event table (`canonical`) and each agent's capabilities file
 * (src/<agent>/capabilities.ts), so the kit cannot drift from them.
 *
 * agents.json:
 * ```
 * { "format": 1,
 *   "answers": ["deny", ...], "supportLevels": ["enforced", ...],
 *   "degradePolicy": { "ask": "deny", "deny": "refuse", ... },
 *   "detection": { "rules": [{ "agent", "because", "when": [<condition>, ...] }], "default": "claude-code" },
 *       (first rule whose conditions all hold; a condition: {"has": key} | {"key", "oneOf": [..]} |
 *        {"key", "matches": regex} | {"eventOf": agent} | {"eventNotOf": agent} | {"isNull": key}: src/core/detection.ts;
 *        each agent's rules in src/<agent>/detection.ts, ordered by scripts/lib/detection-order.ts; the default is the agent without rules)
 *   "agents": { "<agent>": {
 *     "displayName", "version",
 *     "events": { "<the agent's event>": "<Claude Code event>" | null },
 *     "tools": [{ "name", "canonical", "fields"?: { "<Claude field>": "<agent field>" }, "basis" }],
 *     "nativeInput"?: { "marker", "keys": { "<agent key>": "<Claude key>" }, "events": [{ "event", "keys" }] },
 *     "requires": { "*": [<key every input of the agent has>], "<the agent's event>": [<key every input of it has>] },
 *     "exit2Blocks": [<the agent's events where exit 2 with a reason on stderr blocks or denies>],
 *     "capabilities": { "<the agent's event>": { "<answer>": { "support", "as"?, "basis", "vectors", "note"? } } } } } }
 * ```
 */
import { allCapabilities } from "../src/agent-capabilities.js";
import { ANSWER_KINDS, DEGRADE_POLICY, SUPPORT_LEVELS, type CapabilityClaim, type Support } from "../src/core/capabilities.js";
import { dialectOf } from "../src/dialects.js";
import type { DetectionRule } from "../src/core/detection.js";
import { orderDetection, type DetectingAgent, type InputShape } from "./lib/detection-order.js";
import { eventOfSchema, flattened, inputSchemas } from "./lib/input-schemas.js";
import { AGENTS } from "../src/agents.js";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join } from "node:path";
import type { DialectEvent } from "../src/core/dialect.js";
import { AGENT_NAMES } from "../src/core/agents.js";
import { jsLiteral, tsBanner, type GeneratedFile } from "./lib/generated-file.js";
import { kitAnswerTemplates } from "./gen-kit-templates.js";

/**
 * Every agent's rules in the order scripts/lib/detection-order.ts draws from every agent's input schemas, and the
 * agent no rule names (the one without rules: the agent a stdin is when nothing tells).
 */
export function detectionData(): { readonly rules: readonly DetectionRule[]; readonly default: string } {
  const without = AGENTS.filter((agent) => agent.kit.detection.length === 0).map((agent) => agent.name);
  if (without.length !== 1) throw new Error(`gen-kit-agents: exactly one agent has no detection rules (the default), not ${without.join(", ") || "none"}`);
  return { rules: orderDetection(detectingAgents()), default: without[0]! };
}

/** What the order reads of each agent, in the registry's order: its events, its input schemas' shapes and its rules. */
export function detectingAgents(): DetectingAgent[] {
  return AGENTS.map((agent) => ({ name: agent.name, events: new Set(dialectOf(agent.name)!.events.map((event) => event.name)), shapes: inputShapes(agent.name), rules: agent.kit.detection }));
}

/** The agent's input schemas as the stdin shapes detection orders its rules by. */
function inputShapes(agent: string): InputShape[] {
  return inputSchemas(agent).map((file) => {
    const { properties, required } = flattened(file);
    return { file, properties, required, event: eventOfSchema(file, properties) };
  });
}

/**
 * Claude Code's tools -> their top-level fields that are strings (schemas/claude-code/tools/): a handled call whose
 * tool input has another type there fails the hook, since the handler is typed (and written) for a string.
 */
export function toolStringFields(): Record<string, string[]> {
  const dir = "schemas/claude-code/tools";
  const out: Record<string, string[]> = {};
  for (const file of readdirSync(dir).filter((f) => f.endsWith(".schema.json")).sort()) {
    const schema = JSON.parse(readFileSync(join(dir, file), "utf8")) as { title?: string; properties?: Record<string, { type?: unknown }> };
    if (schema.title === undefined || !schema.title.endsWith("ToolInput")) throw new Error(`gen-kit-agents: ${file} has no <Tool>ToolInput title`);
    const fields = Object.entries(schema.properties ?? {}).filter(([, property]) => property.type === "string").map(([name]) => name);
    if (fields.length > 0) out[schema.title.slice(0, -"ToolInput".length)] = fields;
  }
  return out;
}

/** A schema's `required` keys, its `allOf` references' included. */
function requiredKeys(file: string): string[] {
  const schema = JSON.parse(readFileSync(file, "utf8")) as { required?: string[]; allOf?: { $ref?: string }[] };
  const inherited = (schema.allOf ?? []).flatMap((part) => (part.$ref === undefined ? [] : requiredKeys(join(dirname(file), part.$ref))));
  return [...new Set([...inherited, ...(schema.required ?? [])])];
}

/**
 * The keys each of the agent's inputs has, from its input schemas (schemas/<agent>/ directories named *input, written
 * from the vendor's own types or the recordings): per event (an input schema whose `hook_event_name` is a const, or
 * Codex's, named after the event) and, under "*", the keys every input of the agent has. A stdin without one of them
 * is not that agent's: the kit answers a named agent only for an input it can send (src/hooks/agents.ts).
 */
export function requiredInputKeys(agent: string, events: readonly DialectEvent[]): Record<string, string[]> {
  const root = join("schemas", agent);
  const dirs = readdirSync(root).filter((name) => name.endsWith("input") && statSync(join(root, name)).isDirectory()).sort();
  if (dirs.length === 0) throw new Error(`gen-kit-agents: ${root} has no input schema directory`);
  const perEvent: Record<string, string[]> = {};
  let every: string[] | null = null;
  for (const dir of dirs) {
    for (const file of readdirSync(join(root, dir)).filter((f) => f.endsWith(".schema.json")).sort()) {
      const path = join(root, dir, file);
      const required = requiredKeys(path);
      every = every === null ? required : every.filter((key) => required.includes(key));
      const schema = JSON.parse(readFileSync(path, "utf8")) as { properties?: Record<string, { const?: unknown }> };
      const named = schema.properties?.["hook_event_name"];
      if (named === undefined) continue;
      const pascal = file.replace(".schema.json", "").replace(/(^|-)([a-z])/g, (_m, _dash, c: string) => c.toUpperCase());
      const event = typeof named.const === "string" ? named.const : pascal;
      if (!events.some((e) => e.name === event)) continue;
      perEvent[event] = required.sort();
    }
  }
  return { "*": (every ?? []).sort(), ...perEvent };
}

/**
 * The agent's events where a hook that exits 2 with a reason on stderr blocks (or denies) what the event can, as
 * the agent's merge reads it (each merge is checked against the agent's recorded runs): the one answer the kit can
 * write that two agents both read as a deny, when the stdin cannot tell which of them runs the hook.
 */
function exit2Blocks(agent: string): string[] {
  const dialect = dialectOf(agent as never)!;
  return dialect.events
    .filter((event) => {
      const tool = event.matchField === "tool_name" ? { tool_name: "Bash", tool_input: { command: "true" } } : {};
      const merged = dialect.mergeRequest({ event: event.name, ...tool, input: { hook_event_name: event.name, ...tool }, hooks: [{ command: "hook", exit: 2, stdout: "", stderr: "R" }] } as never);
      return merged.effects.blocked === true;
    })
    .map((event) => event.name);
}

export function kitAgentsData(): Record<string, unknown> {
  const agents: Record<string, unknown> = {};
  for (const caps of allCapabilities()) {
    const dialect = dialectOf(caps.agent);
    if (dialect === undefined) throw new Error(`gen-kit-agents: ${caps.agent} has capabilities but no dialect`);
    const events = Object.fromEntries(dialect.events.map((event) => [event.name, event.canonical]));
    for (const event of Object.keys(caps.events)) {
      if (!(event in events)) throw new Error(`gen-kit-agents: src/${caps.agent}/capabilities.ts names ${event}, not an event of ${dialect.displayName}`);
    }
    agents[caps.agent] = {
      displayName: dialect.displayName,
      version: caps.version,
      events,
      tools: caps.tools,
      ...(caps.nativeInput === undefined ? {} : { nativeInput: caps.nativeInput }),
      requires: requiredInputKeys(caps.agent, dialect.events),
      exit2Blocks: exit2Blocks(caps.agent),
      capabilities: caps.events,
    };
  }
  return { $comment: "format: scripts/gen-kit-agents.ts", format: 1, answers: ANSWER_KINDS, supportLevels: SUPPORT_LEVELS, degradePolicy: DEGRADE_POLICY, detection: detectionData(), toolStringFields: toolStringFields(), agents };
}

/**
 * What the TypeScript kit reads of `requires` (each module it loads costs a hook's cold start): nothing for the
 * agent no rule tells (the kit asks only whether a named agent other than the stdin's can send it), and per
 * event only the keys beyond "*".
 */
function kitRequires(agent: string, requires: Record<string, string[]>): Record<string, string[]> {
  if (agent === detectionData().default) return {};
  const every = requires["*"] ?? [];
  return Object.fromEntries(Object.entries(requires).map(([event, keys]) => [event, event === "*" ? keys : keys.filter((key) => !every.includes(key))] as const).filter(([, keys]) => keys.length > 0));
}

/** A claim's level as the kits read it: its support, `>as` when degraded (`degraded>deny`). */
export function claimLevel(claim: { readonly support: Support; readonly as?: string }): string {
  return claim.as === undefined ? claim.support : `${claim.support}>${claim.as}`;
}

/**
 * Per agent, its own event and answer kind, the claims no recorded vector shows, as the kits read them:
 * `<basis>:<level>` (`docs:enforced`, `docs:degraded>deny`). A kit writing an answer that rests on one says so
 * on stderr (src/hooks/fit-to-agent.ts): what the agent does with it is unverified.
 */
export function unverifiedClaims(data: Record<string, unknown> = kitAgentsData()): [agent: string, event: string, kind: string, claim: string][] {
  const out: [string, string, string, string][] = [];
  for (const [agent, value] of Object.entries(data["agents"] as Record<string, { capabilities: Record<string, Record<string, CapabilityClaim>> }>)) {
    for (const [event, answers] of Object.entries(value.capabilities)) for (const [kind, claim] of Object.entries(answers)) if (claim.basis !== "recorded") out.push([agent, event, kind, `${claim.basis}:${claimLevel(claim)}`]);
  }
  return out;
}

/**
 * The kit's slice: names; per event the answers not enforced, with their level (`>as` when degraded): the rest goes
 * to the agent's writer as is; and per event the answers whose claim is unverified (`<basis>:<level>`).
 */
function kitSlice(data: Record<string, unknown>): Record<string, unknown> {
  const agents: Record<string, unknown> = {};
  const unverified = unverifiedClaims(data);
  for (const [agent, value] of Object.entries(data["agents"] as Record<string, Record<string, unknown>>)) {
    const capabilities = value["capabilities"] as Record<string, Record<string, { support: Support; as?: string }>>;
    const support = Object.fromEntries(
      Object.entries(capabilities)
        .map(([event, answers]) => [event, Object.fromEntries(Object.entries(answers).filter(([, claim]) => claim.support !== "enforced").map(([kind, claim]) => [kind, claimLevel(claim)]))] as const)
        .filter(([, answers]) => Object.keys(answers).length > 0),
    );
    const unshown: Record<string, Record<string, string>> = {};
    for (const [of, event, kind, claim] of unverified) if (of === agent) (unshown[event] ??= {})[kind] = claim;
    const { capabilities: _full, requires, ...names } = value as { capabilities: unknown; requires: Record<string, string[]> };
    agents[agent] = { ...names, requires: kitRequires(agent, requires), notEnforced: support, unverified: unshown };
  }
  return agents;
}

export function generateKitAgents(): GeneratedFile[] {
  const data = kitAgentsData();
  const ts =
    `${tsBanner("scripts/gen-kit-agents.ts", "src/<agent>/capabilities.ts and the dialects' event tables")}` +
    `/** Per agent: its events (-> Claude Code's), tools, native input form, the answers it does not enforce and those whose claim no recording shows (generated/kit/agents.json has every claim and its provenance). */\n` +
    `export const KIT_AGENTS = ${jsLiteral(kitSlice(data))} as const;\n` +
    `/** Claude Code's tools -> their top-level string fields (schemas/claude-code/tools/). */\n` +
    `export const KIT_TOOL_STRING_FIELDS = ${jsLiteral(data["toolStringFields"])} as const;\n` +
    // the kit reads these here, not from src/core, so that a hook loads one data module (each module costs a hook's cold start about 1 ms)
    `/** How the kit tells the agent from a stdin: every agent's rules (src/<agent>/detection.ts) in rank order, and the agent when none holds (src/core/detection.ts). */\n` +
    `export const KIT_DETECTION = ${jsLiteral(data["detection"])} as const;\n` +
    `/** src/core/agents.ts's AGENT_NAMES. */\n` +
    `export const KIT_AGENT_NAMES = ${jsLiteral(AGENT_NAMES)} as const;\n` +
    `/** src/core/capabilities.ts's DEGRADE_POLICY (frozen there and here: no importer may turn a deny's \`refuse\` into \`nothing\`). */\n` +
    `export const KIT_DEGRADE_POLICY = Object.freeze(${jsLiteral(DEGRADE_POLICY)} as const);\n` +
    `/** Per agent: answer templates, and per own event the template of a deny and of a block with a reason and of no answer (scripts/gen-kit-templates.ts; src/hooks/answer-template.ts fills them). */\n` +
    `export const KIT_ANSWERS = ${jsLiteral(kitAnswerTemplates())} as const;\n`;
  return [
    { path: "generated/kit/agents.json", content: `${JSON.stringify(data, null, 2)}\n` },
    { path: "generated/kit/agents.ts", content: ts },
  ];
}
