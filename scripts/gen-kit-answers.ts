/**
 * The description the Python, Go and Rust hook kits answer from
 * (`generated/kit/answers.json`), made by the TypeScript kit's own writers:
 * for each agent the kit answers (src/hooks/agents.ts `answerWriter`), each
 * Claude Code event and each answer helper, the dialect's `writeIntent` is
 * called on the helper's intent with placeholder texts, and what it writes
 * (exit code, stdout, stderr) is recorded as a template, or the refusal when
 * the agent cannot say it. The kits fill the placeholders in the text: a
 * placeholder sits inside a JSON string, so the JSON-escaped value (without
 * its quotes) replaces it; `{"{{input}}":true}` is replaced by the rewritten
 * input's JSON. Which answers each event offers comes from src/hooks/events.ts,
 * as in the TypeScript kit's types.
 *
 * ```
 * { "format": 1, "placeholders": {"reason": "{{reason}}", ...},
 *   "detection": { "rules": [{ "agent", "because", "when": [<condition>] }], "default", "displayNames", "ownEvents": { "<agent>": ["<event>"] } },
 *   "events": { "<Claude Code event>": { "tool": bool, "answers": ["deny", ...], "failClosed": "deny" | "block" | null } },
 *   "agents": { "<agent>": { "displayName", "absentKeys": { "<event>": { "<key>": "" | null } }, "answers": { "<event>": { "<answer>":
 *       { "exit": n, "stdout": "<template>", "stderr": "<template>" } | { "unsupported": "<why>" } } } } } }
 * ```
 */
import type { AgentName } from "../src/core/agents.js";
import { AGENT_NAMES } from "../src/core/agents.js";
import type { HookIntent } from "../src/core/intent.js";
import { claudeCode } from "../src/claude-code/dialect.js";
import { dialectOf } from "../src/dialects.js";
import { AGENT_DISPLAY_NAMES, answerWriter } from "../src/hooks/agents.js";
import { kitAgent, ownEvents } from "../src/hooks/agent-names.js";
import { DETECTION_DEFAULT, DETECTION_RULES } from "../src/hooks/detection.js";
import { BLOCK_EVENTS, CONTEXT_EVENTS, DECISION_EVENTS, REWRITE_EVENTS, TOOL_EVENTS } from "../src/hooks/events.js";
import type { GeneratedFile, GenerateContext } from "./lib/generated-file.js";
import { buildTypeModel, type StructDecl, type TypeModel } from "./lib/type-model.js";

/**
 * Per agent and event, the keys Claude Code's input requires that the agent's
 * own input schema leaves out (droid sends PreToolUse without tool_use_id):
 * a kit reading the agent's input into Claude Code's typed input fills each
 * with an empty string (null where the key is nullable). Any other type is an
 * error of this generator (the kit could not type the input).
 */
function absentKeys(model: TypeModel, agent: string, events: readonly string[], ownPairs: readonly (readonly [string, string])[], renames: boolean): Record<string, Record<string, string | null>> {
  const family = agent;
  const out: Record<string, Record<string, string | null>> = {};
  const struct = (family: string, event: string): StructDecl | undefined => {
    for (const decl of model.decls) {
      if (decl.kind !== "struct" || decl.family !== family || decl.variantOf?.tag !== "hook_event_name") continue;
      if (decl.variantOf.values.includes(event)) return decl;
    }
    return undefined;
  };
  for (const [event, canonical, ownName] of [...events.map((event) => [event, event, false] as const), ...ownPairs.map(([event, canonical]) => [event, canonical, true] as const)]) {
    const claude = struct("claude-code", canonical);
    const own = struct(family, event);
    // an event with no schema of its own under that name (Copilot CLI's camelCase preToolUse, read through its key
    // renames): any required key may be absent; a kit fills only the keys the input leaves out
    if (claude === undefined || (own === undefined && !ownName)) continue;
    const missing = claude.fields.filter((field) => field.required && field.key !== "hook_event_name" && !(own?.fields.some((f) => f.key === field.key && f.required) ?? false));
    const fill = (field: (typeof missing)[number]): string | null | undefined => {
      if (field.type.kind === "nullable") return null;
      if (field.type.kind === "string") return "";
      // an agent with its own names (Copilot CLI's PostToolUse sends toolResult, not tool_response): left out, the
      // handler finds it missing as it would in the TypeScript kit; an agent with Claude Code's names must be fillable
      if (renames) return undefined;
      throw new Error(`gen-kit-answers: ${agent} ${event} may leave out ${field.key}, neither a string nor nullable: the kits cannot fill it`);
    };
    const filled = missing.map((field) => [field.key, fill(field)] as const).filter((entry): entry is readonly [string, string | null] => entry[1] !== undefined);
    if (filled.length > 0) out[event] = Object.fromEntries(filled);
  }
  return out;
}

/** generated/kit/answers.json, as the kits' generators read it. */
export interface KitDescription {
  detection: { rules: { agent: string; because: string; when: Record<string, unknown>[] }[]; default: string; displayNames: Record<string, string>; ownEvents: Record<string, string[]> };
  events: Record<string, { tool: boolean; answers: string[]; failClosed: string | null }>;
  agents: Record<string, { absentKeys: Record<string, Record<string, string | null>>; answers: Record<string, Record<string, { exit: number; stdout: string; stderr: string } | { unsupported: string }>> }>;
}

export const PLACEHOLDERS = { reason: "{{reason}}", text: "{{text}}" } as const;
/** Stands for the rewritten tool input (an object) in a template. */
const INPUT_PLACEHOLDER = { "{{input}}": true };

/** Every answer helper of the kits, as the intent the TypeScript kit's helper builds (src/hooks/answers.ts). */
const ANSWERS: Record<string, HookIntent> = {
  deny: { decision: "deny", reason: PLACEHOLDERS.reason },
  "deny-silent": { decision: "deny" },
  ask: { decision: "ask", reason: PLACEHOLDERS.reason },
  "ask-silent": { decision: "ask" },
  allow: { decision: "allow" },
  "allow-reason": { decision: "allow", reason: PLACEHOLDERS.reason },
  rewrite: { decision: "allow", updatedInput: INPUT_PLACEHOLDER },
  "rewrite-reason": { decision: "allow", updatedInput: INPUT_PLACEHOLDER, reason: PLACEHOLDERS.reason },
  context: { context: PLACEHOLDERS.text },
  block: { block: true, reason: PLACEHOLDERS.reason },
  stop: { stop: { reason: PLACEHOLDERS.reason } },
  "stop-silent": { stop: {} },
  message: { userMessage: PLACEHOLDERS.text },
};

const has = (list: readonly string[], event: string): boolean => list.includes(event);

/** The helpers event `event` offers (the TypeScript kit's `Answers<E>`). */
function eventAnswers(event: string): string[] {
  const out = ["stop", "stop-silent", "message"];
  if (has(CONTEXT_EVENTS, event)) out.push("context");
  if (has(BLOCK_EVENTS, event)) out.push("block");
  if (has(DECISION_EVENTS, event)) out.push("deny", "deny-silent", "ask", "ask-silent", "allow", "allow-reason");
  if (has(REWRITE_EVENTS, event)) out.push("rewrite", "rewrite-reason");
  if (event === "PermissionRequest") out.push("allow", "deny", "deny-silent", "rewrite");
  return out;
}

export async function kitAnswers(context: GenerateContext): Promise<Record<string, unknown>> {
  const model = buildTypeModel(context.schemas);
  const events: Record<string, unknown> = {};
  for (const { name } of claudeCode.events) {
    const failClosed = has(DECISION_EVENTS, name) || name === "PermissionRequest" ? "deny" : has(BLOCK_EVENTS, name) ? "block" : null;
    events[name] = { tool: has(TOOL_EVENTS, name), answers: eventAnswers(name), failClosed };
  }
  const agents: Record<string, unknown> = {};
  for (const agent of AGENT_NAMES as readonly AgentName[]) {
    const write = answerWriter(agent);
    const dialect = dialectOf(agent);
    if (write === undefined || dialect === undefined) continue;
    // keyed by Claude Code's events (written for the agent's own event the writer maps each to) and by each of the
    // agent's own events that has a Claude Code event (Gemini CLI's BeforeTool, Copilot CLI's preToolUse): a kit
    // that maps the agent's names (generated/kit/agents.json) answers under the event the agent sent
    const keys = new Map<string, string>(claudeCode.events.map(({ name }) => [name, name]));
    for (const { name, canonical } of dialect.events) if (canonical !== null && !keys.has(name)) keys.set(name, canonical);
    const answers: Record<string, Record<string, unknown>> = {};
    for (const [name, canonical] of keys) {
      answers[name] = {};
      for (const kind of eventAnswers(canonical)) {
        // PermissionRequest's allow takes no reason and its rewrite no reason either (src/hooks/answers.ts).
        const intent = ANSWERS[kind]!;
        const written = await write(name, intent);
        answers[name]![kind] = written.ok ? { exit: written.answer.exit, stdout: written.answer.stdout, stderr: written.answer.stderr } : { unsupported: written.message };
      }
    }
    const ownPairs = [...keys].filter(([name, canonical]) => name !== canonical);
    agents[agent] = { displayName: AGENT_DISPLAY_NAMES[agent], absentKeys: absentKeys(model, agent, claudeCode.events.map((e) => e.name), ownPairs, kitAgent(agent)?.tools.length !== 0 || ownPairs.length > 0), answers };
  }
  for (const rule of DETECTION_RULES) {
    for (const condition of rule.when) if ("matches" in condition) portablePattern(condition.matches);
  }
  const detection = {
    rules: DETECTION_RULES,
    default: DETECTION_DEFAULT,
    displayNames: AGENT_DISPLAY_NAMES,
    ownEvents: Object.fromEntries((AGENT_NAMES as readonly AgentName[]).map((agent) => [agent, ownEvents(agent)])),
  };
  return { format: 1, placeholders: { ...PLACEHOLDERS, input: JSON.stringify(INPUT_PLACEHOLDER) }, detection, events, agents };
}

/**
 * A detection pattern the Rust kit's matcher reads too (it has no regex
 * crate): literals, `\.` `\/` `\d`, a bracket class (`[^/]`), `*` or `{n}`
 * after one item, `^` and `$` at the ends. Fails naming the pattern otherwise.
 */
function portablePattern(pattern: string): void {
  const item = String.raw`(?:[^\\\[\]{}*+?()|.^$]|\\[./d]|\[\^?[^\]\\]+\])(?:\*|\{\d+\})?`;
  if (!new RegExp(String.raw`^\^?(?:${item})*\$?$`).test(pattern)) throw new Error(`gen-kit-answers: detection pattern ${pattern} is beyond what the kits' matchers read`);
}

export async function generateKitAnswers(context: GenerateContext): Promise<GeneratedFile[]> {
  return [{ path: "generated/kit/answers.json", content: `${JSON.stringify(await kitAnswers(context), null, 1)}\n` }];
}
