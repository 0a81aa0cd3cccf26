/**
 * Each agent's input schemas (schemas/<agent>/*input/), flattened: what the kit's detection tests and the named-agent
 * pairs of test/kit-agents.test.ts read to tell which shapes an agent may send.
 */
import { readFileSync } from "node:fs";
import type { AgentName } from "../../src/core/agents.js";

import { eventOfFileName, eventOfSchema, flattened, inputSchemas, type Schema } from "../../scripts/lib/input-schemas.js";

export { flattened, inputSchemas, type Schema };

/** Every key some input schema of the agent declares. */
export function declaredKeys(agent: AgentName): ReadonlySet<string> {
  return new Set(inputSchemas(agent).flatMap((file) => Object.keys(flattened(file).properties)));
}

import { merge } from "../../src/merge.js";
import { toClaudeShape } from "../../src/hooks/agent-names.js";
import { toNullPrototype, type JsonObject } from "../../src/json/value.js";
import { AGENT_NAMES } from "../../src/core/agents.js";

/** Each agent's generated validators (generated/validators/<agent>.ts), by the registry's names. */
const VALIDATOR_MODULES: ReadonlyMap<AgentName, Readonly<Record<string, unknown>>> = new Map(
  await Promise.all(AGENT_NAMES.map(async (agent) => [agent, (await import(`../../generated/validators/${agent}.js`)) as Record<string, unknown>] as const)),
);

/**
 * The validators of the agent's input schemas for `event` (schemas/<agent>/*input/: the schema's
 * `hook_event_name` const, else its file name in PascalCase, as scripts/gen-kit-agents.ts reads them), each
 * `validate<title>` of its generated module (a schema's `title` is its TS name).
 */
function eventValidators(agent: AgentName, event: unknown): ((value: unknown) => boolean)[] {
  const module = VALIDATOR_MODULES.get(agent)!;
  return inputSchemas(agent).flatMap((file) => {
    const schema = JSON.parse(readFileSync(file, "utf8")) as Schema & { title?: string };
    if ((eventOfSchema(file) ?? eventOfFileName(file)) !== event) return [];
    const validate = module[`validate${schema.title ?? ""}`];
    if (typeof validate !== "function") throw new Error(`test/lib/agent-schemas.ts: ${file} has no validator validate${schema.title ?? "?"} in generated/validators/${agent}.ts`);
    return [validate as (value: unknown) => boolean];
  });
}

/** Whether `agent` may have sent this stdin: a valid input of its schemas, with no key they do not declare. */
export function mayHaveSent(agent: AgentName, stdin: Record<string, unknown>): boolean {
  return eventValidators(agent, stdin["hook_event_name"]).some((validate) => validate(stdin)) && Object.keys(stdin).every((key) => declaredKeys(agent).has(key));
}

/** Whether `agent`'s merge (checked against its recordings) reads this one answer to the stdin as a deny or block that took effect. */
export function blockedUnder(agent: AgentName, stdin: Record<string, unknown>, answer: { readonly exit: number; readonly stdout: string; readonly stderr: string }): { readonly ownEvent: string; readonly blocked: boolean } {
  const call = toClaudeShape(agent, toNullPrototype(stdin as never) as JsonObject);
  const name = stdin["tool_name"] ?? stdin["toolName"];
  const tool = typeof name === "string" ? { tool_name: name, tool_input: (stdin["tool_input"] ?? stdin["toolArgs"] ?? stdin["toolInput"] ?? {}) as JsonObject } : {};
  const merged = merge({ event: call.ownEvent, ...tool, input: stdin as JsonObject, hooks: [{ command: "hook", exit: answer.exit, stdout: answer.stdout, stderr: answer.stderr }] }, agent);
  return { ownEvent: call.ownEvent, blocked: merged.ok && merged.value.effects.blocked };
}
