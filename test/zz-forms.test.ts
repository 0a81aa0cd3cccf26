import { test } from "node:test";
import { answerWriter } from "../src/hooks/agents.js";
import { KIT_AGENTS, KIT_AGENT_NAMES } from "../generated/kit/agents.js";
test("forms", async () => {
  const cc = answerWriter("claude-code")!;
  for (const agent of KIT_AGENT_NAMES) {
    if (agent === "claude-code") continue;
    const events = (KIT_AGENTS as any)[agent].events as Record<string, string | null>;
    for (const [own, canon] of Object.entries(events)) {
      if (canon === null) continue;
      for (const intent of [{ decision: "deny" as const, reason: "R" }, { block: true, reason: "R" }]) {
        const a = await answerWriter(agent)!(own, intent);
        const b = await cc(canon, intent);
        const fa = a.ok ? JSON.stringify(a.answer) : "unsupported";
        const fb = b.ok ? JSON.stringify(b.answer) : "unsupported";
        console.log(`${fa === fb ? "SAME" : "DIFF"} ${agent} ${own}/${canon} ${Object.keys(intent)[0]} ${fa} | ${fb}`);
      }
    }
  }
});
