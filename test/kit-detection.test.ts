/**
 * The kit's agent detection (each agent's src/<agent>/detection.ts) on every shape an agent may send, not only the
 * recorded ones: every recorded stdin payload; payloads made from each agent's own input schemas
 * (schemas/<agent>/*input/: Claude Code's from the Agent SDK's types, Codex's generated from its
 * source; required keys only, every key, nullable keys as null), their values the agent's recorded
 * ones where it has recorded the key (the peers' input fixtures the agent's schema accepts:
 * test/peer-fixtures.test.ts). A rule may rest only on what no other agent sends: every such
 * payload must be told as its own agent.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { toNullPrototype, type JsonObject } from "../src/json/value.js";
import type { AgentName } from "../src/core/agents.js";
import { detectAgent, detectWith } from "../src/hooks/agents.js";
import type { DetectionRule } from "../src/core/detection.js";
import { KIT_DETECTION } from "../generated/kit/agents.js";
import { detectingAgents } from "../scripts/gen-kit-agents.js";
import { orderDetection } from "../scripts/lib/detection-order.js";
import { AGENTS, PAYLOADS } from "./lib/agent-payloads.js";
import { flattened, inputSchemas, type Schema } from "./lib/agent-schemas.js";
import { validateClaudeCodeHookInput } from "../generated/validators/claude-code.js";
import { validateCodexHookInput } from "../generated/validators/codex.js";

const jsonType = (value: unknown): string => (value === null ? "null" : Array.isArray(value) ? "array" : Number.isInteger(value) ? "integer" : typeof value);
const fits = (value: unknown, types: readonly string[]): boolean => types.includes(jsonType(value)) || (jsonType(value) === "integer" && types.includes("number"));

/** A value of the property: the agent's recorded value of the key when it fits the schema, else the type's plainest. */
function valueOf(agent: AgentName, key: string, property: Schema, nullAllowed: boolean): unknown {
  if (property.const !== undefined) return property.const;
  const types = property.type === undefined ? [] : Array.isArray(property.type) ? property.type : [property.type];
  if (nullAllowed && types.includes("null")) return null;
  if (property.enum !== undefined) return property.enum[0];
  const recorded = PAYLOADS.get(agent)!.map((p) => p.payload[key]).find((value) => value !== undefined && value !== null && (types.length === 0 || fits(value, types)));
  if (recorded !== undefined) return recorded;
  const type = types.find((t) => t !== "null") ?? "object";
  return { string: "x", integer: 0, number: 0, boolean: false, array: [], object: {} }[type] ?? {};
}

export interface MadePayload {
  readonly agent: AgentName;
  readonly schema: string;
  readonly variant: string;
  readonly payload: Record<string, unknown>;
}

/** Per agent, per input schema: required keys only, every key, and each with the nullable keys null. */
export function schemaPayloads(): MadePayload[] {
  const out: MadePayload[] = [];
  for (const agent of AGENTS) {
    for (const file of inputSchemas(agent)) {
      const { properties, required } = flattened(file);
      for (const [variant, keys, nulls] of [
        ["required keys", [...required], false],
        ["every key", Object.keys(properties), false],
        ["required keys, nullable as null", [...required], true],
        ["every key, nullable as null", Object.keys(properties), true],
      ] as const) {
        const payload = Object.fromEntries(keys.map((key) => [key, valueOf(agent, key, properties[key] ?? {}, nulls)]));
        out.push({ agent, schema: file, variant, payload });
      }
    }
  }
  return out;
}

test("every payload made from an agent's own input schemas is detected as that agent", () => {
  const wrong: string[] = [];
  const made = schemaPayloads();
  for (const { agent, schema, variant, payload } of made) {
    const detected = detectAgent(toNullPrototype(payload) as JsonObject);
    if (detected.agent !== agent) wrong.push(`${schema} (${variant}): ${detected.agent} (${detected.because}) ${JSON.stringify(payload)}`);
  }
  assert.deepEqual(wrong, []);
  assert.ok(made.length >= 300, `${made.length} payloads`);
});

/** Every hook stdin an agent's recordings hold (each run's hooks[].stdin_first and stdin_more, and *.stdin files), in every folder. */
function everyRecordedStdin(agent: AgentName): { file: string; payload: unknown }[] {
  const out: { file: string; payload: unknown }[] = [];
  const walk = (dir: string): void => {
    for (const name of readdirSync(dir).sort()) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else if (name.endsWith(".stdin")) out.push({ file: path, payload: JSON.parse(readFileSync(path, "utf8")) });
      else if (name.endsWith(".json")) {
        let run: unknown;
        try {
          run = JSON.parse(readFileSync(path, "utf8"));
        } catch {
          continue;
        }
        const hooks = (run as { hooks?: unknown } | null)?.hooks;
        if (!Array.isArray(hooks)) continue;
        for (const hook of hooks as { stdin_first?: unknown; stdin_more?: unknown[] }[]) {
          for (const payload of [hook?.stdin_first, ...(Array.isArray(hook?.stdin_more) ? hook.stdin_more : [])]) if (payload !== null && typeof payload === "object") out.push({ file: path, payload });
        }
      }
    }
  };
  walk(`test/observer/${agent}`);
  return out;
}

test("every hook stdin recorded anywhere in an agent's recordings is detected as that agent", () => {
  const wrong: string[] = [];
  let count = 0;
  for (const agent of AGENTS) {
    for (const { file, payload } of everyRecordedStdin(agent)) {
      count++;
      const detected = detectAgent(toNullPrototype(payload as never) as JsonObject);
      if (detected.agent !== agent) wrong.push(`${file}: ${detected.agent} (${detected.because}) ${JSON.stringify(payload).slice(0, 200)}`);
    }
  }
  assert.deepEqual(wrong, []);
  assert.ok(count >= 1800, `${count} payloads`);
});

/** The first recorded stdin of `event` in one recording of `agent`. */
function recordedStdin(agent: AgentName, observation: string, event: string): Record<string, unknown> {
  const run = JSON.parse(readFileSync(`test/observer/${agent}/observed/${observation}.json`, "utf8")) as { hooks: { stdin_first?: Record<string, unknown> | null }[] };
  const stdin = run.hooks.map((h) => h.stdin_first).find((s) => s?.["hook_event_name"] === event);
  assert.ok(stdin, `${observation}: no ${event} stdin`);
  return stdin;
}

test("issue #25's two misses: Claude Code's MessageDisplay (it carries turn_id) is Claude Code's; a Codex SessionStart with transcript_path null is Codex's", () => {
  // recorded by the lab (cap-messagedisplay-systemMessage): turn_id beside a Claude Code event name proves no Codex
  const display = recordedStdin("claude-code", "cap-messagedisplay-systemMessage", "MessageDisplay");
  assert.equal(typeof display["turn_id"], "string");
  assert.equal(detectAgent(toNullPrototype(display as never) as JsonObject).agent, "claude-code");
  // Codex's schema (schemas/codex/input/session-start) allows a null transcript_path; no other agent's does
  const start = { ...recordedStdin("codex", "cap-sessionstart-systemMessage", "SessionStart"), transcript_path: null };
  assert.equal(validateCodexHookInput(start), true, JSON.stringify(validateCodexHookInput.errors));
  assert.equal(validateClaudeCodeHookInput(start), false, "Claude Code's schema refuses a null transcript_path");
  const detected = detectAgent(toNullPrototype(start as never) as JsonObject);
  assert.equal(detected.agent, "codex", detected.because);
});

/** Every recorded stdin of every agent and every payload made from its schemas, with the agent it is. */
function everyKnownPayload(): { agent: AgentName; name: string; input: JsonObject }[] {
  return [
    ...AGENTS.flatMap((agent) => everyRecordedStdin(agent).map(({ file, payload }) => ({ agent, name: file, input: toNullPrototype(payload as never) as JsonObject }))),
    ...schemaPayloads().map(({ agent, schema, variant, payload }) => ({ agent, name: `${schema} (${variant})`, input: toNullPrototype(payload as never) as JsonObject })),
  ];
}

test("the kits' rules are the agents' folders' rules, ordered and their own event names resolved from the schemas (npm run gen)", () => {
  assert.deepEqual(KIT_DETECTION.rules, JSON.parse(JSON.stringify(orderDetection(detectingAgents()))));
  // an agent's folder names no agent: its event conditions are "own" or "unshared", resolved here
  for (const agent of detectingAgents()) for (const rule of agent.rules) for (const condition of rule.when) assert.ok(!("eventOf" in condition) && !("eventNotOf" in condition), `${agent.name}: ${rule.because}`);
});

test("the order leans on the schemas, not on the registry's order: with the agents listed in reverse, every known payload is told the same", () => {
  const reversed = orderDetection([...detectingAgents()].reverse());
  assert.notDeepEqual(reversed, orderDetection(detectingAgents()), "the tie-break is the registry's order: reversing it moves rules the schemas leave free");
  const moved = everyKnownPayload().filter(({ input }) => detectWith(reversed, input).agent !== detectAgent(input).agent);
  assert.deepEqual(moved.map((p) => p.name), []);
});

test("every exclusion an unshared event name resolves to is needed: without it, some agent's known payload is told as another", () => {
  const rules = KIT_DETECTION.rules as unknown as readonly DetectionRule[];
  const payloads = everyKnownPayload();
  let exclusions = 0;
  rules.forEach((rule, at) => {
    rule.when.forEach((condition, index) => {
      if (!("eventNotOf" in condition)) return;
      exclusions++;
      const without = rules.map((r, i) => (i === at ? { ...r, when: r.when.filter((_, j) => j !== index) } : r));
      const wrong = payloads.filter(({ agent, input }) => detectWith(without, input).agent !== agent);
      assert.ok(wrong.length > 0, `${rule.agent} "${rule.because}" without eventNotOf ${condition.eventNotOf}: no payload told wrong`);
    });
  });
  assert.ok(exclusions > 0);
});
