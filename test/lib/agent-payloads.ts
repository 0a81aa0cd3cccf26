/**
 * The stdin payloads recorded from the real agents (test/observer/<agent>/observed), each agent's recorded
 * PreToolUse-equivalent shell call, and the request an agent's merge reads for a hook's answer: shared by the
 * TypeScript kit's tests (test/kit-agents.test.ts) and the language kits' (test/bindings-kits-agents.test.ts).
 */
import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { AGENT_NAMES, type AgentName } from "../../src/core/agents.js";
import { merge } from "../../src/merge.js";
import { factsOf, type ShellCall } from "./agent-facts.js";

export interface AgentAnswer {
  readonly exit: number;
  readonly stdout: string;
  readonly stderr: string;
}

export interface Payload {
  readonly file: string;
  readonly event: string;
  readonly payload: Record<string, unknown>;
}

export const AGENTS: readonly AgentName[] = AGENT_NAMES;

export function recordedPayloads(agent: AgentName): Payload[] {
  const dir = `test/observer/${agent}/observed`;
  const out: Payload[] = [];
  for (const file of readdirSync(dir).filter((f) => f.endsWith(".json")).sort()) {
    const run = JSON.parse(readFileSync(join(dir, file), "utf8")) as { hooks?: { event?: string; stdin_first?: unknown; stdin_more?: unknown[] }[] };
    for (const hook of run.hooks ?? []) {
      for (const payload of [hook.stdin_first, ...(hook.stdin_more ?? [])]) {
        if (payload !== null && typeof payload === "object") out.push({ file, event: String(hook.event ?? (payload as Record<string, unknown>)["hook_event_name"]), payload: payload as Record<string, unknown> });
      }
    }
  }
  return out;
}

export const PAYLOADS = new Map(AGENTS.map((agent) => [agent, recordedPayloads(agent)]));

/** The PreToolUse-equivalent shell call of each agent (and form), as recorded (test/<agent>/facts.ts). */
export const SHELL_CALLS: readonly ({ readonly agent: AgentName } & ShellCall)[] = AGENTS.flatMap((agent) => factsOf(agent).shellCalls.map((call) => ({ agent, ...call })));

export function shellCall(agent: AgentName, event: string, shell: string, command: string): Record<string, unknown> {
  const found = PAYLOADS.get(agent)!.find((p) => p.event === event && (p.payload["tool_name"] ?? p.payload["toolName"]) === shell);
  assert.ok(found !== undefined, `no recorded ${event} ${shell} payload of ${agent}`);
  const args = "toolArgs" in found.payload ? "toolArgs" : "tool_input";
  return { ...found.payload, [args]: { ...(found.payload[args] as object), command } };
}

/** A recorded vector of the event with one hook, its answer replaced by `outcome`: the request the agent's merge reads. */
export function asAgentMerges(agent: AgentName, event: string, input: Record<string, unknown>, outcome: AgentAnswer): ReturnType<typeof merge> {
  const root = `test/vectors/merge/${agent}`;
  for (const dir of readdirSync(root).filter((d) => !d.includes("."))) {
    for (const file of readdirSync(join(root, dir)).filter((f) => f.endsWith(".json")).sort()) {
      const vector = JSON.parse(readFileSync(join(root, dir, file), "utf8")) as { request: { event: string; tool_name?: string; tool_input?: unknown; input?: unknown; hooks: Record<string, unknown>[] } };
      if (vector.request.event !== event || vector.request.hooks.length !== 1 || vector.request.tool_name === undefined) continue;
      const args = (input["tool_input"] ?? input["toolArgs"]) as object;
      return merge({ ...vector.request, tool_input: args, input, hooks: [{ ...vector.request.hooks[0], exit: outcome.exit, stdout: outcome.stdout, stderr: outcome.stderr }] }, agent);
    }
  }
  throw new Error(`no one-hook ${event} vector of ${agent}`);
}

