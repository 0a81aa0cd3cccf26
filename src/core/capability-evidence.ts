/**
 * What one hook's answer shows about a capability, read from the merged
 * effects of a recorded (or re-merged) run: the level of support an answer
 * of `kind` got. The test of every cited vector and the seeding of claims
 * from vectors both read it; nothing here names an agent.
 */
import type { AnswerKind, Support } from "./capabilities.js";
import type { MergeEffects } from "./records.js";
import { stringifyOr } from "../json/value.js";
import { ANSWER_KEYS } from "../../generated/kit/answer-keys.js";

export interface ShownSupport {
  readonly support: Support;
  readonly as?: AnswerKind;
}

/**
 * The first value under one of `keys` that `accept` takes, anywhere in `value`: each object's own
 * keys before its children's, children in order. Iterative: a hook's output nested 100,000 deep
 * is searched, not a stack overflow.
 */
function findUnder<T>(value: unknown, keys: readonly string[], accept: (inner: unknown) => T | null): T | null {
  const pending: unknown[] = [value];
  for (let node = pending.pop(); node !== undefined; node = pending.pop()) {
    if (node === null || typeof node !== "object") continue;
    const entries = Object.entries(node as Record<string, unknown>);
    for (const [key, inner] of entries) {
      const found = keys.includes(key) ? accept(inner) : null;
      if (found !== null) return found;
    }
    for (let i = entries.length - 1; i >= 0; i--) pending.push(entries[i]![1]);
  }
  return null;
}

/** The first non-empty string under one of `keys`, anywhere in `value`. */
function textAt(value: unknown, keys: readonly string[]): string | null {
  return findUnder(value, keys, (inner) => (typeof inner === "string" && inner.trim() !== "" ? inner.trim() : null));
}

function objectAt(value: unknown, keys: readonly string[]): Record<string, unknown> | null {
  return findUnder(value, keys, (inner) => (inner !== null && typeof inner === "object" && !Array.isArray(inner) ? (inner as Record<string, unknown>) : null));
}

function parse(stdout: string): unknown {
  try {
    return JSON.parse(stdout);
  } catch {
    return null;
  }
}

/**
 * Where an answer carries text for the model, a message for the user and a rewritten input: the keys
 * under which the agents' answer writers put them (generated/kit/answer-keys.ts, npm run gen), e.g.
 * `additionalContext`, or `message` where an agent reads a prompt hook's `message` as context.
 */
const CONTEXT_KEYS = ANSWER_KEYS.context;
const MESSAGE_KEYS = ANSWER_KEYS.message;
const REWRITE_KEYS = ANSWER_KEYS.rewrite;

/**
 * The support an answer of `kind` (the hook's stdout) got, as the merged
 * effects show it.
 */
export function shownSupport(kind: AnswerKind, hookStdout: string, recorded: Partial<MergeEffects>): ShownSupport {
  // a recorded vector may list only the effects it observed; a field of another type shows nothing
  const given = (recorded !== null && typeof recorded === "object" ? recorded : {}) as Record<string, unknown>;
  const texts = (value: unknown): string[] => (Array.isArray(value) ? value.filter((item): item is string => typeof item === "string") : []);
  const effects = {
    model_context: texts(given["model_context"]),
    notices: texts(given["notices"]),
    tool_result: typeof given["tool_result"] === "string" ? given["tool_result"] : null,
    tool_input: given["tool_input"] !== null && typeof given["tool_input"] === "object" && !Array.isArray(given["tool_input"]) ? given["tool_input"] : null,
    blocked: given["blocked"] === true,
    stopped: given["stopped"] === true,
    decision: typeof given["decision"] === "string" ? given["decision"] : null,
  };
  const output = typeof hookStdout === "string" ? parse(hookStdout) : null;
  // a dialect may report a changed prompt beside the shared effects (a `prompt`)
  const prompt = given["prompt"];
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
      const applied = Object.entries(wanted).every(([key, value]) => stringifyOr(Object.prototype.hasOwnProperty.call(ran, key) ? ran[key] : undefined, "\u0000ran") === stringifyOr(value, "\u0000wanted"));
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
    default:
      // not an answer kind (a caller's typo, `__proto__`): no protocol can say it
      return { support: "unsupported" };
  }
}

/** Every string anywhere in a parsed hook output (iterative, as {@link findUnder}). */
function stringsIn(value: unknown): string[] {
  const found: string[] = [];
  const pending: unknown[] = [value];
  for (let node = pending.pop(); node !== undefined; node = pending.pop()) {
    if (typeof node === "string") found.push(node);
    else if (node !== null && typeof node === "object") pending.push(...Object.values(node as Record<string, unknown>));
  }
  return found;
}

/**
 * The support a recording shows for an answer of `kind`, or null when it cannot tell: a
 * recording may list only the effects it observed, and a field it lacks shows nothing. The
 * answer is the one {@link shownSupport} gives for every value each missing field could have
 * had (absent, or carrying the hook's own texts, input or decision); when two of them differ,
 * the recording does not settle the claim.
 */
export function conclusiveSupport(kind: AnswerKind, hookStdout: string, recorded: Partial<MergeEffects>): ShownSupport | null {
  const given = (recorded !== null && typeof recorded === "object" ? recorded : {}) as Record<string, unknown>;
  const output = typeof hookStdout === "string" ? parse(hookStdout) : null;
  const texts = stringsIn(output);
  const wanted = objectAt(output, REWRITE_KEYS);
  const choices: Record<string, readonly unknown[]> = {
    blocked: [false, true],
    stopped: [false, true],
    decision: [null, "deny", "ask", "allow"],
    notices: [[], texts],
    model_context: [[], texts],
    tool_result: [null, texts.join("\n")],
    tool_input: [null, wanted ?? {}],
  };
  let fills: Record<string, unknown>[] = [{ ...given }];
  for (const [field, values] of Object.entries(choices)) {
    if (Object.prototype.hasOwnProperty.call(given, field)) continue;
    fills = fills.flatMap((fill) => values.map((value) => ({ ...fill, [field]: value })));
  }
  let shown: ShownSupport | null = null;
  for (const fill of fills) {
    const support = shownSupport(kind, hookStdout, fill as Partial<MergeEffects>);
    if (shown !== null && JSON.stringify(support) !== JSON.stringify(shown)) return null;
    shown = support;
  }
  return shown;
}
