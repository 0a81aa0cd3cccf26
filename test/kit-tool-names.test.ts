/**
 * The kit maps every agent's tool names that stand for a Claude Code tool (src/<agent>/capabilities.ts
 * `tools`, through generated/kit/): every tool call recorded from every agent (each stdin of each
 * recording under test/observer/<agent>/, observed runs, e2e runs and the tool-name runs alike) is read
 * by the kit as a Claude Code tool (schemas/claude-code/tools/, the tools Claude Code 2.1.332 offers)
 * with that tool's field names, its required fields present, or its name is listed in its test/<agent>/facts.ts
 * as having no Claude Code counterpart. A hook for Read/Write/Edit then runs on the agent's own file tools.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { isJsonObject } from "../src/json/value.js";
import { toClaudeShape } from "../src/hooks/agent-names.js";
import { defineHook } from "../src/hooks/index.js";
import { AGENTS } from "./lib/agent-payloads.js";
import { recordedToolCalls } from "./lib/recorded-tools.js";
import { factsOf } from "./lib/agent-facts.js";

/** Claude Code's tools: name -> its input's fields and required fields. */
const CLAUDE_TOOLS = new Map(
  readdirSync("schemas/claude-code/tools").map((file) => {
    const schema = JSON.parse(readFileSync(join("schemas/claude-code/tools", file), "utf8")) as { title: string; properties?: Record<string, unknown>; required?: string[] };
    return [schema.title.replace(/ToolInput$/, ""), { fields: Object.keys(schema.properties ?? {}), required: schema.required ?? [] }] as const;
  }),
);

test("every recorded tool call of every agent is a Claude Code tool with its field names, or a tool Claude Code has not", () => {
  const wrong: string[] = [];
  const seen = new Map<string, number>();
  for (const agent of AGENTS) {
    for (const { file, payload } of recordedToolCalls(agent)) {
      const call = toClaudeShape(agent, payload);
      const own = String(payload["tool_name"] ?? payload["toolName"]);
      const name = String(call.input["tool_name"]);
      const key = `${agent} ${own} -> ${name}`;
      seen.set(key, (seen.get(key) ?? 0) + 1);
      if (factsOf(agent).toolsWithoutCounterpart?.includes(own)) continue;
      const tool = CLAUDE_TOOLS.get(name);
      if (tool === undefined) {
        wrong.push(`${file}: ${agent}'s ${own} is no Claude Code tool (read as ${name}) and is not listed as having none`);
        continue;
      }
      const input = call.input["tool_input"];
      if (!isJsonObject(input)) continue;
      const extra = factsOf(agent).extraToolFields?.[name] ?? [];
      const unknown = Object.keys(input).filter((field) => !tool.fields.includes(field) && !extra.includes(field));
      const missing = tool.required.filter((field) => input[field] === undefined);
      if (unknown.length > 0 || missing.length > 0) wrong.push(`${file}: ${agent}'s ${own} as ${name}: fields ${unknown.join(", ") || "-"} are not ${name}'s; ${missing.join(", ") || "-"} missing`);
    }
  }
  assert.deepEqual(wrong, []);
  for (const expected of AGENTS.flatMap((agent) => (factsOf(agent).recordedToolNames ?? []).map(([own, claude]) => `${agent} ${own} -> ${claude}`))) {
    assert.ok(seen.has(expected), `recorded: ${expected} (${[...seen.keys()].join("; ")})`);
  }
});

test("every name a tool list maps is a Claude Code tool, and every field it renames is that tool's", async () => {
  const { allCapabilities } = await import("../src/agent-capabilities.js");
  const wrong: string[] = [];
  for (const caps of allCapabilities()) {
    for (const tool of caps.tools) {
      const claude = CLAUDE_TOOLS.get(tool.canonical);
      if (claude === undefined) wrong.push(`${caps.agent} ${tool.name}: ${tool.canonical} is no Claude Code tool`);
      for (const field of Object.keys(tool.fields ?? {})) if (claude !== undefined && !claude.fields.includes(field)) wrong.push(`${caps.agent} ${tool.name}: ${field} is not a field of ${tool.canonical}`);
    }
  }
  assert.deepEqual(wrong, []);
});

for (const [agent, names] of AGENTS.flatMap((agent) => { const tools = factsOf(agent).fileTools; return tools === undefined ? [] : [[agent, [tools.Read, tools.Write, tools.Edit]] as const]; })) {
  test(`a Read, Write and Edit guard written in Claude Code's names denies ${agent}'s recorded ${names.join(", ")} calls of a secret`, async () => {
    const calls = recordedToolCalls(agent).filter(({ file }) => file.includes("tool-names"));
    for (const [tool, own] of [["Read", names[0]], ["Write", names[1]], ["Edit", names[2]]] as const) {
      const guard = defineHook({ event: "PreToolUse", tools: [tool], failClosed: true, run: (input, answer) => (String((input.tool_input as { file_path?: unknown }).file_path).endsWith("/.env") ? answer.deny("secrets stay unread") : undefined) });
      const recorded = calls.find(({ payload }) => payload["tool_name"] === own);
      assert.ok(recorded !== undefined, `a recorded ${own} call`);
      const secret = { ...recorded.payload, tool_input: { ...(recorded.payload["tool_input"] as object), file_path: "/w/.env" } };
      const outcome = await guard.handle(JSON.stringify(secret));
      assert.equal(outcome.agent, agent);
      assert.match(outcome.stdout, /"deny"/, `${own}: ${JSON.stringify(outcome)}`);
      assert.deepEqual(await guard.handle(JSON.stringify(recorded.payload)), { agent, exit: 0, stdout: "", stderr: "" }, `${own} of another file`);
    }
  });
}
