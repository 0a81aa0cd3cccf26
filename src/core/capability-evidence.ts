/**
 * What one hook's answer shows about a capability, read from the merged
 * effects of a recorded (or re-merged) run: the level of support an answer
 * of `kind` got. The test of every cited vector and the seeding of claims
 * from vectors both read it; nothing here names an agent.
 */
import type { AnswerKind, Support } from "./capabilities.js";
import type { MergeEffects } from "./records.js";

export interface ShownSupport {
  readonly support: Support;
  readonly as?: AnswerKind;
}

/** The first non-empty string under one of `keys`, anywhere in `value`. */
function textAt(value: unknown, keys: readonly string[]): string | null {
  if (value === null || typeof value !== "object") return null;
  for (const [key, inner] of Object.entries(value as Record<string, unknown>)) {
    if (keys.includes(key) && typeof inner === "string" && inner.trim() !== "") return inner.trim();
  }
  for (const inner of Object.values(value as Record<string, unknown>)) {
    const found = textAt(inner, keys);
    if (found !== null) return found;
  }
  return null;
}

function objectAt(value: unknown, keys: readonly string[]): Record<string, unknown> | null {
  if (value === null || typeof value !== "object") return null;
  for (const [key, inner] of Object.entries(value as Record<string, unknown>)) {
    if (keys.includes(key) && inner !== null && typeof inner === "object" && !Array.isArray(inner)) return inner as Record<string, unknown>;
  }
  for (const inner of Object.values(value as Record<string, unknown>)) {
    const found = objectAt(inner, keys);
    if (found !== null) return found;
  }
  return null;
}

function parse(stdout: string): unknown {
  try {
    return JSON.parse(stdout);
  } catch {
    return null;
  }
}

const CONTEXT_KEYS = ["additionalContext"];
const MESSAGE_KEYS = ["systemMessage"];
const REWRITE_KEYS = ["updatedInput", "tool_input", "modifiedArgs"];

/**
 * The support an answer of `kind` (the hook's stdout) got, as the merged
 * effects show it.
 */
export function shownSupport(kind: AnswerKind, hookStdout: string, recorded: Partial<MergeEffects>): ShownSupport {
  // a recorded vector may list only the effects it observed
  const effects = { model_context: [], notices: [], tool_result: null, tool_input: null, blocked: false, stopped: false, decision: null, ...recorded };
  const output = parse(hookStdout);
  // a dialect may report a changed prompt beside the shared effects (Copilot CLI's `prompt`)
  const prompt = (recorded as { readonly prompt?: unknown }).prompt;
  const toModel = [...effects.model_context, effects.tool_result ?? "", typeof prompt === "string" ? prompt : ""].join("\n");
  const blocked = effects.blocked || effects.decision === "deny";
  switch (kind) {
    case "deny":
      return blocked ? { support: "enforced" } : effects.decision === "ask" ? { support: "degraded", as: "ask" } : { support: "ignored" };
    case "ask":
      return effects.decision === "ask" ? { support: "enforced" } : blocked ? { support: "degraded", as: "deny" } : { support: "ignored" };
    case "allow":
      return effects.decision === "allow" ? { support: "enforced" } : blocked ? { support: "degraded", as: "deny" } : { support: "ignored" };
    case "rewrite": {
      const wanted = objectAt(output, REWRITE_KEYS);
      const ran = effects.tool_input as Record<string, unknown> | null;
      if (wanted === null || ran === null) return { support: "ignored" };
      const applied = Object.entries(wanted).every(([key, value]) => JSON.stringify(ran[key]) === JSON.stringify(value));
      return applied ? { support: "enforced" } : { support: "ignored" };
    }
    case "context": {
      const text = textAt(output, CONTEXT_KEYS);
      return text !== null && toModel.includes(text) ? { support: "enforced" } : { support: "ignored" };
    }
    case "message": {
      const text = textAt(output, MESSAGE_KEYS);
      if (text === null) return { support: "ignored" };
      if (effects.notices.some((notice) => notice.includes(text))) return { support: "enforced" };
      return toModel.includes(text) ? { support: "degraded", as: "context" } : { support: "ignored" };
    }
    case "block":
      return effects.blocked ? { support: "enforced" } : effects.stopped ? { support: "degraded", as: "stop" } : { support: "ignored" };
    case "stop":
      return effects.stopped ? { support: "enforced" } : effects.blocked ? { support: "degraded", as: "block" } : { support: "ignored" };
  }
}
