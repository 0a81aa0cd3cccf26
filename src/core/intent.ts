/**
 * What a hook means to say, in no agent's wording: the vocabulary a hook
 * author (the kit) writes in and cross-agent conversion goes through. Each
 * dialect reads an answer into an intent (`readIntent`) and writes an intent
 * as the answer its agent understands (`writeIntent`), or says which parts it
 * cannot express.
 */
import type { JsonObject } from "../json/value.js";

export interface HookIntent {
  /** The permission decision (tool and permission events). */
  readonly decision?: "allow" | "deny" | "ask";
  /** Why: the model gets it for a deny or a block, the user for an ask. */
  readonly reason?: string;
  /** The tool input to run with instead (the whole object). */
  readonly updatedInput?: JsonObject;
  /** Text added for the model. */
  readonly context?: string;
  /** Block what the event can block (Stop: keep working; a prompt: drop it; after a tool: feedback). */
  readonly block?: boolean;
  /** End the agent loop, with a reason for the user. */
  readonly stop?: { readonly reason?: string };
  /** A message for the user. */
  readonly userMessage?: string;
}

/** The parts of an intent, by the names `unsupported` lists. */
export type IntentPart = keyof HookIntent;

/** A hook's process answer: what it prints and how it exits. */
export interface WrittenAnswer {
  readonly exit: number;
  readonly stdout: string;
  readonly stderr: string;
}

export type WriteResult =
  | { readonly ok: true; readonly answer: WrittenAnswer }
  | { readonly ok: false; readonly unsupported: readonly IntentPart[]; readonly message: string };

/** The parts set in `intent`. */
export function intentParts(intent: HookIntent): IntentPart[] {
  return (Object.keys(intent) as IntentPart[]).filter((part) => intent[part] !== undefined);
}
