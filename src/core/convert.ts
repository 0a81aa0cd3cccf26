/**
 * An answer written for one agent, rewritten for another: read into the
 * neutral intent by the source dialect, written by the target dialect, then
 * checked by merging both under their own agents: the conversion says
 * whether the two agents would then do the same (decision, block, tool
 * input, stop) and, where not, what differs. Where the target cannot express
 * a part of the intent, it says which, instead of dropping it silently.
 */
import type { Dialect, HookAnswer } from "./dialect.js";
import type { HookIntent, IntentPart, WrittenAnswer } from "./intent.js";
import { agentEventFor } from "./judge.js";
import { singleHookRequest } from "./merge-request.js";
import type { MergeEffects } from "./records.js";

export type Conversion =
  | {
      readonly ok: true;
      /** The target agent's event. */
      readonly event: string;
      readonly intent: HookIntent;
      readonly answer: WrittenAnswer;
      /** Both agents do the same with their answer (decision, block, tool input, stop). */
      readonly equivalent: boolean;
      /** What differs when not equivalent, one line each. */
      readonly differences: readonly string[];
    }
  | { readonly ok: false; readonly message: string; readonly unsupported: readonly IntentPart[] };

const COMPARED = ["decision", "blocked", "tool_input", "stopped"] as const satisfies readonly (keyof MergeEffects)[];

function differencesOf(source: Dialect, a: MergeEffects, target: Dialect, b: MergeEffects): string[] {
  return COMPARED.filter((key) => JSON.stringify(a[key]) !== JSON.stringify(b[key])).map(
    (key) => `${key}: ${source.displayName} ${JSON.stringify(a[key])}, ${target.displayName} ${JSON.stringify(b[key])}`,
  );
}

/** `answer` (on `from`'s own event) as `to` would need it. */
export function convertAnswer(answer: HookAnswer, from: Dialect, to: Dialect): Conversion {
  if (from.readIntent === undefined) return { ok: false, message: `${from.displayName}: reading an answer's intent is not implemented`, unsupported: [] };
  if (to.writeIntent === undefined) return { ok: false, message: `${to.displayName}: writing an answer is not implemented`, unsupported: [] };
  const canonical = from.events.find((e) => e.name === answer.event)?.canonical ?? null;
  if (canonical === null) return { ok: false, message: `${from.displayName} has no event ${answer.event} with an equivalent elsewhere`, unsupported: [] };
  const event = agentEventFor(to, canonical);
  if (event === null) return { ok: false, message: `${to.displayName} has no event for ${canonical}: the hook would never run`, unsupported: [] };
  const intent = from.readIntent(answer) ?? {};
  const written = to.writeIntent(event, intent);
  if (!written.ok) return { ok: false, message: written.message, unsupported: written.unsupported };
  const before = from.mergeRequest(singleHookRequest(answer.event, answer, answer.input)).effects;
  const after = to.mergeRequest(singleHookRequest(event, written.answer, answer.input)).effects;
  const differences = differencesOf(from, before, to, after);
  return { ok: true, event, intent, answer: written.answer, equivalent: differences.length === 0, differences };
}
