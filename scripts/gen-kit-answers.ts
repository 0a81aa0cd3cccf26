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
 *   "inputFits": { "<Claude Code event>": [{ "path": ["key", "*", ...], "fill"?: <JSON>, "values"?: ["..."], "instead"?: "..." }] },
 *   "agents": { "<agent>": { "displayName", "answers": { "<event>": { "<answer>":
 *       { "exit": n, "stdout": "<template>", "stderr": "<template>" } | { "unsupported": "<why>" } } } } } }
 * ```
 */
import type { AgentName } from "../src/core/agents.js";
import { AGENT_NAMES } from "../src/core/agents.js";
import type { HookIntent } from "../src/core/intent.js";
import { claudeCode } from "../src/claude-code/dialect.js";
import { dialectOf } from "../src/dialects.js";
import { AGENT_DISPLAY_NAMES, answerWriter } from "../src/hooks/agents.js";
import { ownEvents } from "../src/hooks/agent-names.js";
import { detectionData } from "./gen-kit-agents.js";
import { BLOCK_EVENTS, CONTEXT_EVENTS, DECISION_EVENTS, REWRITE_EVENTS, TOOL_EVENTS } from "../src/hooks/events.js";
import { jsLiteral, tsBanner, type GeneratedFile, type GenerateContext } from "./lib/generated-file.js";
import { buildTypeModel, type Field, type StructDecl, type TypeExpr, type TypeModel } from "./lib/type-model.js";

/** One step of making another agent's input fit Claude Code's typed input (see `inputFits`). */
export interface InputFit {
  /** Keys from the input's root; `*` is every element of an array (or value of an object). */
  readonly path: readonly string[];
  /** The JSON the kit puts in when the key is absent (a required key), else left out. */
  readonly fill?: JsonValue;
  /** The values Claude Code's type names, and the one a string outside them becomes. */
  readonly values?: readonly string[];
  readonly instead?: string;
  /** A top-level string of Claude Code's that an agent sends as structured text becomes that text (see `inputFits`). */
  readonly text?: true;
}
type JsonValue = null | boolean | number | string | JsonValue[] | { [key: string]: JsonValue };

/**
 * Per Claude Code event, how the kits make another agent's input (already in Claude Code's names) fit
 * Claude Code's typed input, which Go and Rust decode strictly: a required key the agent leaves out (or sends
 * as null where Claude Code's type takes none: Codex's SubagentStop agent_transcript_path) gets its type's empty value (Copilot CLI's PostToolUse has no tool_response, Qwen Code's background tasks no
 * type), and a string outside an enum of Claude Code's (Copilot CLI's SessionStart source "new", Gemini
 * CLI's SessionEnd reason "exit") becomes the enum's `other`, else its first value: the typed handler of
 * a hook must run for every call the agent makes, not fail (or fail closed) on a value its type has no
 * name for. A top-level string sent as structured text becomes its text: content parts (an array) their
 * `type: "text"` parts' `text`s joined by a space, as Kimi Code CLI reads its own array `prompt` for matching;
 * an error object its string `message` (Kimi Code CLI's PostToolUseFailure `error`). Other wrong types are left
 * as they are: the handler is typed, and written, for Claude Code's.
 */
function inputFits(model: TypeModel, events: readonly string[]): Record<string, InputFit[]> {
  const decls = new Map(model.decls.map((d) => [d.name, d]));
  const enumOf = (type: TypeExpr): readonly string[] | undefined => {
    const decl = type.kind === "named" ? decls.get(type.name) : undefined;
    return decl?.kind === "enum" ? decl.values : undefined;
  };
  const instead = (values: readonly string[]): string => (values.includes("other") ? "other" : values[0]!);
  const empty = (type: TypeExpr, seen: readonly string[]): JsonValue => {
    switch (type.kind) {
      case "any":
      case "nullable":
        return null;
      case "boolean":
        return false;
      case "string":
        return "";
      case "integer":
      case "number":
        return type.minimum ?? 0;
      case "literal":
        return type.value;
      case "array":
        return [];
      case "map":
        return {};
      case "named": {
        const decl = decls.get(type.name);
        if (decl === undefined || seen.includes(type.name)) throw new Error(`gen-kit-answers: no empty value for ${type.name}`);
        if (decl.kind === "enum") return instead(decl.values);
        const struct = decl.kind === "struct" ? decl : decls.get(decl.variants[0]!.struct);
        if (struct?.kind !== "struct") throw new Error(`gen-kit-answers: no empty value for ${type.name}`);
        return Object.fromEntries(struct.fields.filter((f) => f.required).map((f) => [f.key, empty(f.type, [...seen, type.name])]));
      }
    }
  };
  const walk = (fields: readonly Field[], at: readonly string[], seen: readonly string[], out: InputFit[]): void => {
    for (const field of fields) {
      if (at.length === 0 && field.key === "hook_event_name") continue;
      const path = [...at, field.key];
      let type = field.type.kind === "nullable" ? field.type.inner : field.type;
      const values = enumOf(type);
      const fill = field.required ? empty(field.type, seen) : undefined;
      const text = at.length === 0 && type.kind === "string";
      if (fill !== undefined || values !== undefined || text) out.push({ path, ...(fill === undefined ? {} : { fill }), ...(values === undefined ? {} : { values, instead: instead(values) }), ...(text ? { text: true as const } : {}) });
      const items: string[] = [];
      while (type.kind === "array" || type.kind === "map") {
        items.push("*");
        type = type.kind === "array" ? type.items : type.values;
        if (type.kind === "nullable") type = type.inner;
      }
      const decl = type.kind === "named" ? decls.get(type.name) : undefined;
      if (decl?.kind === "struct" && !seen.includes(decl.name)) walk(decl.fields, [...path, ...items], [...seen, decl.name], out);
      else if (items.length > 0 && type.kind === "named" && enumOf(type) !== undefined) out.push({ path: [...path, ...items], values: enumOf(type)!, instead: instead(enumOf(type)!) });
    }
  };
  const out: Record<string, InputFit[]> = {};
  for (const event of events) {
    const struct = model.decls.find((d): d is StructDecl => d.kind === "struct" && d.family === "claude-code" && d.variantOf?.tag === "hook_event_name" && d.variantOf.values.includes(event));
    if (struct === undefined) continue;
    const fits: InputFit[] = [];
    walk(struct.fields, [], [struct.name], fits);
    if (fits.length > 0) out[event] = fits;
  }
  return out;
}

/** generated/kit/answers.json, as the kits' generators read it. */
export interface KitDescription {
  detection: { rules: { agent: string; because: string; when: Record<string, unknown>[] }[]; default: string; displayNames: Record<string, string>; ownEvents: Record<string, string[]> };
  events: Record<string, { tool: boolean; answers: string[]; failClosed: string | null }>;
  inputFits: Record<string, InputFit[]>;
  agents: Record<string, { answers: Record<string, Record<string, { exit: number; stdout: string; stderr: string } | { unsupported: string }>> }>;
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
    agents[agent] = { displayName: AGENT_DISPLAY_NAMES[agent], answers };
  }
  const { rules, default: fallback } = detectionData();
  for (const rule of rules) {
    for (const condition of rule.when) if ("matches" in condition) portablePattern(condition.matches);
  }
  const detection = {
    rules,
    default: fallback,
    displayNames: AGENT_DISPLAY_NAMES,
    ownEvents: Object.fromEntries((AGENT_NAMES as readonly AgentName[]).map((agent) => [agent, ownEvents(agent)])),
  };
  return { format: 1, placeholders: { ...PLACEHOLDERS, input: JSON.stringify(INPUT_PLACEHOLDER) }, detection, events, inputFits: inputFits(model, claudeCode.events.map((e) => e.name)), agents };
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

/**
 * The TypeScript kit's slice of `inputFits`: per Claude Code event, the top-level keys whose value an agent may send as
 * structured text (the fits marked `text`), with the keys every event shares under "*" (each module and literal costs a
 * hook's cold start). The Python, Go and Rust kits read the whole of inputFits from answers.json.
 */
export function kitInputText(fits: Record<string, InputFit[]>): Record<string, string[]> {
  const perEvent = Object.entries(fits).map(([event, list]) => [event, list.filter((fit) => fit.text === true && fit.path.length === 1).map((fit) => fit.path[0]!)] as const);
  const every = perEvent.length === 0 ? [] : perEvent[0]![1].filter((key) => perEvent.every(([, keys]) => keys.includes(key)));
  const out: Record<string, string[]> = { "*": every };
  for (const [event, keys] of perEvent) {
    const own = keys.filter((key) => !every.includes(key));
    if (own.length > 0) out[event] = own;
  }
  return out;
}

/**
 * The keys under which the agents' written answers (answers.json, registry order) carry a rewrite's input
 * (the input placeholder), a context's text and a message's text (the text placeholder), each key once, in
 * the order first written: what src/core/capability-evidence.ts looks for in a recorded hook's output.
 */
export function answerKeys(answers: Record<string, unknown>): Record<"rewrite" | "context" | "message", string[]> {
  const out: Record<"rewrite" | "context" | "message", string[]> = { rewrite: [], context: [], message: [] };
  const input = JSON.stringify(INPUT_PLACEHOLDER);
  const collect = (kind: keyof typeof out, value: unknown): void => {
    if (value === null || typeof value !== "object") return;
    for (const [key, inner] of Object.entries(value as Record<string, unknown>)) {
      const carries = kind === "rewrite" ? JSON.stringify(inner) === input : typeof inner === "string" && inner.includes(PLACEHOLDERS.text);
      if (carries && !out[kind].includes(key)) out[kind].push(key);
      collect(kind, inner);
    }
  };
  for (const agent of Object.values(answers["agents"] as Record<string, { answers: Record<string, Record<string, { stdout?: string }>> }>)) {
    for (const byKind of Object.values(agent.answers)) {
      for (const [kind, written] of Object.entries(byKind)) {
        const base = kind.replace(/-(reason|silent)$/, "");
        if ((base === "rewrite" || base === "context" || base === "message") && typeof written.stdout === "string" && written.stdout.trim().startsWith("{")) collect(base, JSON.parse(written.stdout));
      }
    }
  }
  return out;
}

export async function generateKitAnswers(context: GenerateContext): Promise<GeneratedFile[]> {
  const answers = await kitAnswers(context);
  const inputText = kitInputText(answers["inputFits"] as Record<string, InputFit[]>);
  const keys = answerKeys(answers);
  return [
    {
      path: "generated/kit/answer-keys.ts",
      content:
        `${tsBanner("scripts/gen-kit-answers.ts", "every agent's answer writer (answers.json)")}` +
        `/** The keys under which some agent's answer carries a rewrite's input, a context's text, a message's text (src/core/capability-evidence.ts reads a recorded output by them). */\n` +
        `export const ANSWER_KEYS: { readonly rewrite: readonly string[]; readonly context: readonly string[]; readonly message: readonly string[] } = ${jsLiteral(keys)};\n`,
    },
    { path: "generated/kit/answers.json", content: `${JSON.stringify(answers, null, 1)}\n` },
    {
      path: "generated/kit/input-text.ts",
      content:
        `${tsBanner("scripts/gen-kit-answers.ts", "Claude Code's hook input schemas (answers.json inputFits, the fits marked text)")}` +
        `/** Per Claude Code event, the top-level keys its input types as a string ("*": every event's): a value sent as structured text there becomes its text (src/hooks/agent-names.ts fitText). */\n` +
        `export const KIT_INPUT_TEXT: Readonly<Record<string, readonly string[]>> = ${jsLiteral(inputText)};\n`,
    },
  ];
}
