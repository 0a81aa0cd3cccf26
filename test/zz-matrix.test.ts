import { test } from "node:test";
import { defineHook } from "../src/hooks/index.js";
import { AGENT_ENV } from "../src/hooks/agents.js";
import { AGENTS, SHELL_CALLS, asAgentMerges, shellCall } from "../test/lib/agent-payloads.js";
const deny = defineHook({ event: "PreToolUse", tools: ["Bash"], failClosed: true, run: (i, a) => (i.tool_input.command.includes("rm -rf") ? a.deny("rm -rf is blocked") : undefined) });
test("matrix", async () => {
  for (const named of AGENTS) for (const { agent, form, event, shell } of SHELL_CALLS) {
    process.env[AGENT_ENV] = named;
    const call = shellCall(agent, event, shell, "rm -rf /tmp/x");
    const o = await deny.handle(JSON.stringify(call));
    const m = asAgentMerges(agent, event, call, o);
    const ok = m.ok && m.value.effects.blocked;
    console.log(`${named.padEnd(12)} on ${(agent+form).padEnd(40)} -> ${String(o.agent).padEnd(12)} blocked=${ok} ${o.exit} ${o.stdout.slice(0,100)}`);
  }
});
