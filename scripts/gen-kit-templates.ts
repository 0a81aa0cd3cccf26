/**
 * The kit's compact writer table (KIT_ANSWERS in generated/kit/agents.ts,
 * written by scripts/gen-kit-agents.ts): each agent's
 * answer to a deny or a block with a reason, and to no answer, recorded by calling the
 * dialect's own `writeIntent` on every event, as a template with the event
 * and the reason left open. A fail-closed hook computes its failure answer
 * on every call it takes, and most answers are such a deny or none: with the
 * template the kit writes them without loading the dialect's writer (its
 * event table and output schema shape), which is most of a hook's cold start
 * after Node's own (docs/benchmarks.md). Anything else goes to the writer.
 *
 * A template is kept only when it gives exactly what `writeIntent` gives for
 * every reason of SAMPLE_REASONS (quotes, backslashes, newlines, control
 * characters, non-ASCII, the placeholders' own text); an event whose
 * answer embeds the reason any other way has no template and is written by
 * the dialect. A blank reason is never templated (Codex writes its own reason
 * in its place): the dialect writes it. test/kit-answers.test.ts checks the
 * same on other reasons.
 */
import { AGENT_NAMES } from "../src/core/agents.js";
import type { HookIntent } from "../src/core/intent.js";
import { dialectOf } from "../src/dialects.js";
// the placeholders and the filling are the kit's: what it fills at run time is what is checked here
import { ANSWER_EVENT, ANSWER_REASON, fillAnswer, type AnswerTemplate } from "../src/hooks/answer-template.js";

/** Reasons a template must reproduce exactly before it is kept (none blank: see `templateKind`, src/hooks/agents.ts). */
export const SAMPLE_REASONS: readonly string[] = [
  "rm -rf is blocked by policy",
  " x ",
  "quotes \" and ' and \\ backslash \\\\ and / slash",
  "line one\nline two\r\n\ttabbed",
  "control \u0000 \u0001 \u001f \u007f",
  "non-ASCII: é ü 漢字 😀 \u2028 \u2029 \ud800 lone surrogate",
  `placeholders: ${ANSWER_REASON} ${ANSWER_EVENT} $& $1`,
  `Hook failed closed: ${"x".repeat(600)}`,
];

/** The intents the table answers: the kit's deny and block with a reason, and no answer (a handler that returns nothing). */
const KINDS: Readonly<Record<"deny" | "block" | "nothing", (reason: string) => HookIntent>> = {
  deny: (reason) => ({ decision: "deny", reason }),
  block: (reason) => ({ block: true, reason }),
  nothing: () => ({}),
};

export function kitAnswerTemplates(): Record<string, { readonly templates: AnswerTemplate[] } & Record<keyof typeof KINDS, Record<string, number>>> {
  const out: ReturnType<typeof kitAnswerTemplates> = {};
  for (const agent of AGENT_NAMES) {
    const dialect = dialectOf(agent);
    const write = dialect?.writeIntent;
    if (dialect === undefined || write === undefined) continue;
    const templates: AnswerTemplate[] = [];
    const keys: string[] = [];
    const entry = { templates, deny: {} as Record<string, number>, block: {} as Record<string, number>, nothing: {} as Record<string, number> };
    for (const { name: event } of dialect.events) {
      for (const [kind, intentOf] of Object.entries(KINDS) as [keyof typeof KINDS, (reason: string) => HookIntent][]) {
        const recorded = write(event, intentOf(ANSWER_REASON));
        if (!recorded.ok) continue;
        const open = (text: string): string => text.split(event).join(ANSWER_EVENT);
        const template: AnswerTemplate = { exit: recorded.answer.exit, stdout: open(recorded.answer.stdout), stderr: open(recorded.answer.stderr) };
        const exact = SAMPLE_REASONS.every((reason) => {
          const expected = write(event, intentOf(reason));
          const filled = fillAnswer(template, event, reason);
          return expected.ok && expected.answer.exit === filled.exit && expected.answer.stdout === filled.stdout && expected.answer.stderr === filled.stderr;
        });
        if (!exact) continue;
        const key = JSON.stringify(template);
        let at = keys.indexOf(key);
        if (at === -1) {
          at = keys.push(key) - 1;
          templates.push(template);
        }
        entry[kind][event] = at;
      }
    }
    out[agent] = entry;
  }
  return out;
}
