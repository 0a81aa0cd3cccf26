/**
 * The stdin payloads recorded from the real agents (test/observer/<agent>/observed), each agent's recorded
 * PreToolUse-equivalent shell call, and the request an agent's merge reads for a hook's answer: shared by the
 * TypeScript kit's tests (test/kit-agents.test.ts) and the language kits' (test/bindings-kits-agents.test.ts); and
 * every capability claim as a call of its event from its agent (test/kit-unverified.test.ts, test/bindings-kits-degrade.test.ts).
 */
import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { AGENT_NAMES, type AgentName } from "../../src/core/agents.js";
import { merge } from "../../src/merge.js";
import { allCapabilities } from "../../src/agent-capabilities.js";
import type { AnswerKind, CapabilityClaim } from "../../src/core/capabilities.js";
import { dialectOf } from "../../src/dialects.js";
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


/** One capability claim (src/<agent>/capabilities.ts) as a call a hook can answer: the agent's input of that event. */
export interface ClaimCall {
  readonly agent: AgentName;
  /** The agent's own event the claim is about, and the Claude Code event a hook for it is defined with. */
  readonly own: string;
  readonly canonical: string;
  readonly kind: AnswerKind;
  readonly claim: CapabilityClaim;
  /** An input of the event from the agent: its recorded one (Claude Code: its sample), else a recorded input of the agent (the keys it always sends) made that event's, or its camelCase form; its tool the shell, running `ls`. */
  readonly input: Record<string, unknown>;
}

const NATIVE_VALUES: Record<string, unknown> = { toolName: "bash", toolArgs: { command: "ls" }, toolResult: {}, error: "e", hookName: "permissionRequest", toolInput: { command: "ls" }, stopReason: "end_turn", source: "new", prompt: "p" };
const SHELL_TOOL: Partial<Record<AgentName, string>> = { "gemini-cli": "run_shell_command", droid: "Execute" };
/** Each agent's schema samples (test/<agent>/schema-samples.json, written from the references or recorded), by agent. */
const SAMPLES: ReadonlyMap<AgentName, readonly Record<string, unknown>[]> = new Map(
  AGENT_NAMES.map((agent) => [agent, Object.values((JSON.parse(readFileSync(`test/${agent}/schema-samples.json`, "utf8")) as { samples: Record<string, Record<string, unknown>> }).samples)]),
);

/**
 * Every claim of every agent on an event a hook can be defined for (one with a Claude Code event), with an input of
 * that event from the agent: the kit, told the agent by the hook's command (CLAUDE_HOOK_PROTOCOL_AGENT), answers it
 * as that agent on that event.
 */
export function claimCalls(): ClaimCall[] {
  const out: ClaimCall[] = [];
  for (const caps of allCapabilities()) {
    const dialect = dialectOf(caps.agent)!;
    for (const [own, answers] of Object.entries(caps.events)) {
      const canonical = dialect.events.find((event) => event.name === own)?.canonical;
      if (canonical === null || canonical === undefined) continue;
      const native = caps.nativeInput?.events.find((e) => e.event === own);
      // the agent's recorded input of the event, else its schema sample of it (test/<agent>/schema-samples.json), else another recorded input of the agent made this event's
      const recorded = PAYLOADS.get(caps.agent)!.find((p) => p.payload["hook_event_name"] === own)?.payload ?? SAMPLES.get(caps.agent)!.find((sample) => sample["hook_event_name"] === own);
      const base = recorded ?? { ...PAYLOADS.get(caps.agent)!.find((p) => typeof p.payload["hook_event_name"] === "string")!.payload, hook_event_name: own };
      const input = native !== undefined
        ? { [caps.nativeInput!.marker]: "s", timestamp: 1, cwd: "/w", ...Object.fromEntries(native.keys.map((k) => [k, NATIVE_VALUES[k]])) }
        : { ...base, ...(recorded === undefined || "tool_name" in recorded ? { tool_name: SHELL_TOOL[caps.agent] ?? "Bash", tool_input: { command: "ls" } } : {}), stop_hook_active: false };
      for (const [kind, claim] of Object.entries(answers) as [AnswerKind, CapabilityClaim][]) out.push({ agent: caps.agent, own, canonical, kind, claim, input });
    }
  }
  return out;
}

/** The TypeScript kit's helper call that gives each answer kind (as the answers of the event, untyped). */
export const CLAIM_REPLIES: Readonly<Record<AnswerKind, (answer: Record<string, (...args: unknown[]) => unknown>) => unknown>> = {
  deny: (a) => a["deny"]!("R"),
  ask: (a) => a["ask"]!("R"),
  allow: (a) => a["allow"]!(),
  rewrite: (a) => a["rewrite"]!({ command: "x" }),
  context: (a) => a["addContext"]!("C"),
  block: (a) => a["block"]!("R"),
  stop: (a) => a["stop"]!("R"),
  message: (a) => a["message"]!("M"),
};
