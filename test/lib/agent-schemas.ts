/**
 * Each agent's input schemas (schemas/<agent>/*input/), flattened: what the kit's detection tests and the named-agent
 * pairs of test/kit-agents.test.ts read to tell which shapes an agent may send.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join } from "node:path";
import type { AgentName } from "../../src/core/agents.js";

export type Schema = { type?: string | string[]; const?: unknown; enum?: unknown[]; required?: string[]; properties?: Record<string, Schema>; allOf?: { $ref?: string }[] };

/** A schema's properties and required keys, its `allOf` references' included. */
export function flattened(file: string): { properties: Record<string, Schema>; required: Set<string> } {
  const schema = JSON.parse(readFileSync(file, "utf8")) as Schema;
  const out = { properties: {} as Record<string, Schema>, required: new Set<string>() };
  for (const part of schema.allOf ?? []) {
    if (part.$ref === undefined) continue;
    const inner = flattened(join(dirname(file), part.$ref));
    Object.assign(out.properties, inner.properties);
    for (const key of inner.required) out.required.add(key);
  }
  Object.assign(out.properties, schema.properties ?? {});
  for (const key of schema.required ?? []) out.required.add(key);
  return out;
}

export function inputSchemas(agent: AgentName): string[] {
  const root = join("schemas", agent);
  return readdirSync(root)
    .filter((dir) => dir.endsWith("input") && statSync(join(root, dir)).isDirectory())
    .flatMap((dir) => readdirSync(join(root, dir)).filter((f) => f.endsWith(".schema.json")).map((f) => join(root, dir, f)))
    .sort();
}

/** Every key some input schema of the agent declares. */
export function declaredKeys(agent: AgentName): ReadonlySet<string> {
  return new Set(inputSchemas(agent).flatMap((file) => Object.keys(flattened(file).properties)));
}

import { merge } from "../../src/merge.js";
import { toClaudeShape } from "../../src/hooks/agent-names.js";
import { toNullPrototype, type JsonObject } from "../../src/json/value.js";
import { validateClaudeCodeHookInput } from "../../generated/validators/claude-code.js";
import { validateCodexHookInput } from "../../generated/validators/codex.js";
import { validateGeminiCliHookInput } from "../../generated/validators/gemini-cli.js";
import { validateCopilotCliClaudeInput } from "../../generated/validators/copilot-cli.js";
import { validateDroidHookInput } from "../../generated/validators/droid.js";
import { validateQwenCodeHookInput } from "../../generated/validators/qwen-code.js";
import { validateKimiCodeHookInput } from "../../generated/validators/kimi-code.js";

const VALIDATORS: Readonly<Record<AgentName, (value: unknown) => boolean>> = {
  "claude-code": validateClaudeCodeHookInput,
  codex: validateCodexHookInput,
  "gemini-cli": validateGeminiCliHookInput,
  "copilot-cli": validateCopilotCliClaudeInput,
  droid: validateDroidHookInput,
  "qwen-code": validateQwenCodeHookInput,
  "kimi-code": validateKimiCodeHookInput,
};

/** Whether `agent` may have sent this stdin: a valid input of its schemas, with no key they do not declare. */
export function mayHaveSent(agent: AgentName, stdin: Record<string, unknown>): boolean {
  return VALIDATORS[agent](stdin) && Object.keys(stdin).every((key) => declaredKeys(agent).has(key));
}

/** Whether `agent`'s merge (checked against its recordings) reads this one answer to the stdin as a deny or block that took effect. */
export function blockedUnder(agent: AgentName, stdin: Record<string, unknown>, answer: { readonly exit: number; readonly stdout: string; readonly stderr: string }): { readonly ownEvent: string; readonly blocked: boolean } {
  const call = toClaudeShape(agent, toNullPrototype(stdin as never) as JsonObject);
  const name = stdin["tool_name"] ?? stdin["toolName"];
  const tool = typeof name === "string" ? { tool_name: name, tool_input: (stdin["tool_input"] ?? stdin["toolArgs"] ?? stdin["toolInput"] ?? {}) as JsonObject } : {};
  const merged = merge({ event: call.ownEvent, ...tool, input: stdin as JsonObject, hooks: [{ command: "hook", exit: answer.exit, stdout: answer.stdout, stderr: answer.stderr }] }, agent);
  return { ownEvent: call.ownEvent, blocked: merged.ok && merged.value.effects.blocked };
}
