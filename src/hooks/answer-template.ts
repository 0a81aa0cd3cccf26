/**
 * An agent's answer recorded with its event and reason left open
 * (scripts/gen-kit-templates.ts records them from each dialect's writeIntent
 * into generated/kit/agents.ts KIT_ANSWERS), and the filling of one: how the kit writes
 * a deny or a block without loading the dialect's writer.
 */
import type { WrittenAnswer } from "../core/intent.js";

/** Where the event name stands in a template. */
export const ANSWER_EVENT = "@@claude-hook-protocol:event@@";
/** Where the reason stands: as a JSON string's content on stdout, as the text itself on stderr. */
export const ANSWER_REASON = "@@claude-hook-protocol:reason@@";

export interface AnswerTemplate {
  readonly exit: number;
  readonly stdout: string;
  readonly stderr: string;
}

/** The template with `event` and `reason` put in (the event first, so that a reason's text is never read as a placeholder). */
export function fillAnswer(template: AnswerTemplate, event: string, reason: string): WrittenAnswer {
  const fill = (text: string, reasonText: string): string => text.split(ANSWER_EVENT).join(event).split(ANSWER_REASON).join(reasonText);
  return { exit: template.exit, stdout: template.stdout === "" ? "" : fill(template.stdout, JSON.stringify(reason).slice(1, -1)), stderr: template.stderr === "" ? "" : fill(template.stderr, reason) };
}
