/**
 * The kit's agent detection (src/hooks/detection.ts) on every shape an agent may send, not only the
 * recorded ones: every recorded stdin payload; payloads made from each agent's own input schemas
 * (schemas/<agent>/*input/: Claude Code's from the Agent SDK's types, Codex's generated from its
 * source; required keys only, every key, nullable keys as null), their values the agent's recorded
 * ones where it has recorded the key; and the peers' fixtures that the agent's schema accepts
 * (test/fixtures/peer-fixtures/, copied from ../shared/peer-fixtures: many are not what the agent
 * sends, and those prove nothing). A rule may rest only on what no other agent sends: every such
 * payload must be told as its own agent.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { toNullPrototype, type JsonObject } from "../src/json/value.js";
import type { AgentName } from "../src/core/agents.js";
import { detectAgent } from "../src/hooks/agents.js";
import { DETECTION_RULES } from "../src/hooks/detection.js";
import { AGENTS, PAYLOADS } from "./lib/agent-payloads.js";
import { flattened, inputSchemas, type Schema } from "./lib/agent-schemas.js";
import { validateClaudeCodeHookInput } from "../generated/validators/claude-code.js";
import { validateCodexHookInput } from "../generated/validators/codex.js";
import { validateGeminiCliHookInput } from "../generated/validators/gemini-cli.js";

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
