/**
 * The kit's answer templates (generated/kit/agents.ts KIT_ANSWERS, recorded from each
 * dialect's writeIntent by scripts/gen-kit-templates.ts) write exactly what the
 * dialect writes: for every agent, every event and every intent, the kit's
 * writer (`answerWriter`, template or dialect) equals the dialect's
 * `writeIntent` on reasons of every class the generator did not sample
 * (random code units, lone surrogates, blank, the placeholders' text, long), and
 * intents with anything beside a deny's or a block's reason go to the dialect.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { AGENT_NAMES } from "../src/core/agents.js";
import type { HookIntent } from "../src/core/intent.js";
import { dialectOf } from "../src/dialects.js";
import { answerWriter } from "../src/hooks/agents.js";
import { ownEventOf } from "../src/hooks/agent-names.js";
import { ANSWER_EVENT, ANSWER_REASON } from "../src/hooks/answer-template.js";
import { KIT_AGENT_NAMES, KIT_ANSWERS, KIT_DEGRADE_POLICY } from "../generated/kit/agents.js";
import { DEGRADE_POLICY } from "../src/core/capabilities.js";

/** A deterministic pseudo-random text of any UTF-16 code units (a seeded LCG: the same on every run). */
function randomText(seed: number, length: number): string {
  let state = seed;
  let text = "";
  for (let i = 0; i < length; i++) {
    state = (state * 1103515245 + 12345) % 2 ** 31;
    // mostly low code units (quotes, backslashes, controls), some anywhere, surrogates included
    text += String.fromCharCode(state % 4 === 0 ? state % 0x10000 : state % 0x80);
  }
  return text;
}

const REASONS: readonly string[] = [
  ...Array.from({ length: 12 }, (_, i) => randomText(i + 1, 1 + ((i * 37) % 300))),
  "",
  " \n\t\u2028\ufeff",
  "\ud83d",
  "\ude00 alone",
  `${ANSWER_EVENT}${ANSWER_REASON}`,
  `"}, "permissionDecision": "allow`,
  "y".repeat(100_000),
];

const INTENTS: readonly ((reason: string) => HookIntent)[] = [
  (reason) => ({ decision: "deny", reason }),
  (reason) => ({ block: true, reason }),
  () => ({}),
  // not a template's: the dialect writes these
  (reason) => ({ decision: "deny", reason, context: "more" }),
  (reason) => ({ block: true, reason, userMessage: reason }),
  (reason) => ({ decision: "ask", reason }),
  () => ({ decision: "deny" }),
];

test("the kit's writer gives what each dialect's writeIntent gives, on every event, for every intent and reason class", async () => {
  let compared = 0;
  for (const agent of AGENT_NAMES) {
    const dialect = dialectOf(agent);
    const kitWrite = answerWriter(agent);
    if (dialect?.writeIntent === undefined || kitWrite === undefined) continue;
    for (const { name: event, canonical } of dialect.events) {
      // the kit is told the agent's own event or Claude Code's; both map to the own event
      for (const told of canonical === null ? [event] : [event, canonical]) {
        const own = ownEventOf(agent, told) ?? told;
        for (const intentOf of INTENTS) {
          for (const reason of REASONS) {
            const intent = intentOf(reason);
            assert.deepEqual(await kitWrite(told, intent), dialect.writeIntent(own, intent), `${agent} ${told} ${JSON.stringify(intent).slice(0, 80)}`);
            compared++;
          }
        }
      }
    }
  }
  assert.ok(compared > 5000, `compared ${compared}`);
});

test("the templates cover every agent's deny, block and no answer where its writer can say them", () => {
  const answers = KIT_ANSWERS as unknown as Record<string, { deny: Record<string, number>; block: Record<string, number>; nothing: Record<string, number> }>;
  for (const agent of AGENT_NAMES) {
    const dialect = dialectOf(agent);
    if (dialect?.writeIntent === undefined) continue;
    for (const { name: event } of dialect.events) {
      if (dialect.writeIntent(event, { decision: "deny", reason: "r" }).ok) assert.ok(event in answers[agent]!.deny, `${agent} ${event}: a deny has no template`);
      if (dialect.writeIntent(event, { block: true, reason: "r" }).ok) assert.ok(event in answers[agent]!.block, `${agent} ${event}: a block has no template`);
      if (dialect.writeIntent(event, {}).ok) assert.ok(event in answers[agent]!.nothing, `${agent} ${event}: no answer has no template`);
    }
  }
});

test("the kit's copies of the agent names and the degrade policy are src/core's, and the policy is frozen", () => {
  assert.deepEqual(KIT_AGENT_NAMES, AGENT_NAMES);
  assert.deepEqual(KIT_DEGRADE_POLICY, DEGRADE_POLICY);
  assert.ok(Object.isFrozen(KIT_DEGRADE_POLICY));
});
