/**
 * An answer the kit writes (or leaves out) on a capability claim no recorded vector shows (basis `docs` or
 * `binary`) is written as before, with one line on stderr saying it is unverified; an answer on recorded claims
 * gets no such line. For every claim of every agent (src/<agent>/capabilities.ts, through test/lib/agent-payloads.ts
 * claimCalls), a hook giving that answer on an input of its event from its agent, fail-open and fail-closed: run once
 * on the generated data, once with the agent's unverified claims taken out of it (the kit before the note). The two
 * give the same exit code and stdout; stderr differs by exactly the notes of the unverified claims the answer
 * consulted (its own kind, and the deny an ask became).
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { KIT_AGENTS } from "../generated/kit/agents.js";
import { DEGRADE_POLICY, type AnswerKind } from "../src/core/capabilities.js";
import { allCapabilities } from "../src/agent-capabilities.js";
import { defineHook } from "../src/hooks/index.js";
import { AGENT_DISPLAY_NAMES, AGENT_ENV, answerWriter } from "../src/hooks/agents.js";
import type { HookOutcome } from "../src/hooks/define.js";
import { CLAIM_REPLIES, claimCalls } from "./lib/agent-payloads.js";

const DATA = KIT_AGENTS as unknown as Record<string, { unverified: Record<string, Record<string, string>> }>;

/** The claims of `agent` on its own `event`, from the capabilities files. */
function claimOf(agent: string, event: string, kind: AnswerKind) {
  return allCapabilities().find((caps) => caps.agent === agent)!.events[event]?.[kind];
}

/** The hook answering `kind` on the call, as the kit answers it with the data it has now. */
async function answer(call: ReturnType<typeof claimCalls>[number], failClosed: boolean): Promise<HookOutcome> {
  const hook = defineHook({ event: call.canonical as "Stop", failClosed, run: (_input, answers) => CLAIM_REPLIES[call.kind](answers as never) as never });
  return hook.handle(JSON.stringify(call.input));
}

/** Runs `body` with the agent's unverified claims taken out of the kit's data: the kit as it answered before the note. */
async function withoutUnverified<T>(agent: string, body: () => Promise<T>): Promise<T> {
  const saved = DATA[agent]!.unverified;
  DATA[agent]!.unverified = {};
  try {
    return await body();
  } finally {
    DATA[agent]!.unverified = saved;
  }
}

const NOTE = / hook: (\w+) on (\S+) is unverified: no recording shows what (.+) does with it \(the claim "([a-z-]+(?: as [a-z]+)?)" rests on (its documents|its shipped code) only; claude-hook-protocol capabilities --agent ([a-z-]+)\)$/;

test("an answer on an unverified claim is said to be unverified on stderr, its exit and stdout unchanged; one on recorded claims is not", async () => {
  const failures: string[] = [];
  const counted = { unverified: 0, recorded: 0, refused: 0, readFromStderr: 0 };
  const saved = process.env[AGENT_ENV];
  try {
    for (const call of claimCalls()) {
      process.env[AGENT_ENV] = call.agent;
      for (const failClosed of [false, true]) {
        const where = `${call.agent} ${call.own} ${call.kind} (${call.claim.support}, ${call.claim.basis})${failClosed ? " fail-closed" : ""}`;
        const now = await answer(call, failClosed);
        const before = await withoutUnverified(call.agent, () => answer(call, failClosed));
        if (now.exit !== before.exit || now.stdout !== before.stdout) failures.push(`${where}: the answer changed: ${JSON.stringify(now)} != ${JSON.stringify(before)}`);
        if (!now.stderr.startsWith(before.stderr)) {
          failures.push(`${where}: stderr is not the answer's with notes after it: ${JSON.stringify(now.stderr)} / ${JSON.stringify(before.stderr)}`);
          continue;
        }
        const notes = now.stderr.slice(before.stderr.length).split("\n").filter((line) => line !== "");
        // the claims the answer rests on: its kind's, and where an unenforced answer became another (an ask a deny), that one's
        const refused = before.exit !== 0 && /does not honour .*(never dropped|nor deny)/.test(before.stderr);
        // an answer that exits otherwise than 0 is read from its stderr (exit 2's reason): the kit adds no note to it
        const readFromStderr = !refused && now.exit !== 0;
        const policy = DEGRADE_POLICY[call.kind];
        const consulted: AnswerKind[] = refused || readFromStderr ? [] : [call.kind, ...(call.claim.support !== "enforced" && policy !== "nothing" && policy !== "refuse" ? [policy] : [])];
        const expected = consulted.filter((kind) => (claimOf(call.agent, call.own, kind)?.basis ?? "recorded") !== "recorded");
        const said = notes.map((line) => NOTE.exec(line));
        if (said.some((m) => m === null) || said.map((m) => m![1]).join() !== expected.join()) {
          failures.push(`${where}: notes ${JSON.stringify(notes)}, expected ones for ${JSON.stringify(expected)}`);
          continue;
        }
        for (const m of said) {
          const claim = claimOf(call.agent, call.own, m![1] as AnswerKind)!;
          const level = claim.as === undefined ? claim.support : `${claim.support} as ${claim.as}`;
          if (m![2] !== call.own || m![3] !== AGENT_DISPLAY_NAMES[call.agent] || m![4] !== level || m![5] !== (claim.basis === "docs" ? "its documents" : "its shipped code") || m![6] !== call.agent) failures.push(`${where}: the note says ${m![0]}`);
        }
        if (refused) counted.refused++;
        else if (readFromStderr) counted.readFromStderr++;
        else if (expected.length > 0) counted.unverified++;
        else counted.recorded++;
        if (expected.length === 0 && /is unverified/.test(now.stderr)) failures.push(`${where}: a note on recorded claims: ${now.stderr}`);
      }
    }
  } finally {
    if (saved === undefined) delete process.env[AGENT_ENV];
    else process.env[AGENT_ENV] = saved;
  }
  assert.deepEqual(failures, []);
  // every claim, fail-open and fail-closed; the unverified ones answered (not refused) each carried their notes
  assert.equal(counted.unverified + counted.recorded + counted.refused + counted.readFromStderr, 2 * claimCalls().length, JSON.stringify(counted));
  assert.ok(counted.unverified > 0 && counted.recorded > 0, JSON.stringify(counted));
});

test("a fail-closed hook that blocks on an unverified claim still writes the agent's block, and says it is unverified (on an answer that exits 0; an exit-2 reason is left the hook's)", async () => {
  // Claude Code's PostToolBatch and TeammateIdle, Codex CLI's SubagentStop, Factory droid's PreCompact: a block whose claim rests on the documents only
  const calls = claimCalls().filter((call) => call.claim.basis !== "recorded" && call.claim.support === "enforced" && call.kind === "block");
  assert.ok(calls.length >= 3, `${calls.length} enforced unverified block claims`);
  const saved = process.env[AGENT_ENV];
  try {
    for (const call of calls) {
      process.env[AGENT_ENV] = call.agent;
      const outcome = await answer(call, true);
      const written = await answerWriter(call.agent)!(call.own, { block: true, reason: "R" });
      assert.ok(written.ok, `${call.agent} ${call.own}: its writer writes a block`);
      assert.deepEqual({ exit: outcome.exit, stdout: outcome.stdout }, { exit: written.answer.exit, stdout: written.answer.stdout }, `${call.agent} ${call.own}`);
      // an exit-2 block (droid's PreCompact) is read from its stderr: the reason stays the hook's alone, without the note
      if (written.answer.exit === 0) assert.match(outcome.stderr, new RegExp(`block on ${call.own} is unverified: no recording shows what ${AGENT_DISPLAY_NAMES[call.agent]} does with it \\(the claim "enforced" rests on its documents only`), `${call.agent} ${call.own}`);
      else assert.equal(outcome.stderr, written.answer.stderr, `${call.agent} ${call.own}: the reason the agent reads is the hook's`);
    }
  } finally {
    if (saved === undefined) delete process.env[AGENT_ENV];
    else process.env[AGENT_ENV] = saved;
  }
});
