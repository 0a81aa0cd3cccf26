/**
 * The recording lab (lab/): its shared machinery on small fixtures, without network and
 * without a real agent: scenario schema validation, the scripted hooks, the scripted model
 * server, normalisation, comparison, and the Claude Code outcome recomputed from every
 * committed recording (the outcome the observer stored is the reference).
 */
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, test } from "node:test";
import { claudeCode, messagesApi, outcomeOf } from "../lab/agents/claude-code.js";
import { responsesApi, tomlValue } from "../lab/agents/codex.js";
import { geminiApi, valueForSchema } from "../lab/agents/gemini-cli.js";
import { LAB_AGENTS } from "../lab/agents/index.js";
import { qwenOutcome } from "../lab/agents/qwen-code.js";
import { AGENTS } from "../src/agents.js";
import { factsOf } from "./lib/agent-facts.js";
import { chatCompletionsApi } from "../lab/core/chat-completions.js";
import { canonical, compareOutcomes, describeDifferences, summaryLine } from "../lab/core/compare.js";
import { readHookRecord, readStartOrder, writeHookScript } from "../lab/core/hook-script.js";
import { startModelServer } from "../lab/core/model-server.js";
import { capStrings, normaliseRun, replaceIds, UUID_PATTERN } from "../lab/core/normalise.js";
import { globToRegExp, jsonFilesUnder, loadScenarios, REPO_DIR, selectScenarioFiles, validateScenario } from "../lab/core/scenario.js";
import { substitute, writeScenarioFiles } from "../lab/core/workspace.js";
import type { LabAgent } from "../lab/core/agent.js";
import { committedScenarioFiles, installAgent, packageOf, parseRecordArgs } from "../lab/record.js";

const root = mkdtempSync(join(tmpdir(), "lab-test-"));
after(() => rmSync(root, { recursive: true, force: true }));

// ------------------------------------------------------------ scenarios

for (const agent of LAB_AGENTS) {
  test(`every committed ${agent.name} scenario fits the lab's schema, and its recording's outcome is recomputed from the recording's other fields`, () => {
    const files = committedScenarioFiles(agent);
    const { scenarios, errors } = loadScenarios(agent.name, files);
    assert.deepEqual(errors, []);
    assert.ok(scenarios.length > 0, `${agent.name}: no committed scenarios`);
    assert.deepEqual(scenarios.filter((s) => s.recording === null).map((s) => s.file), [], "every committed scenario has its recording");
    // the stored outcome is the reference (the observer's, or for Kimi Code the lab's at recording time)
    const differing: string[] = [];
    for (const s of scenarios) {
      const recording = JSON.parse(readFileSync(s.recording!, "utf8")) as Record<string, unknown>;
      const diff = compareOutcomes(recording["outcome"], agent.outcomeOf(recording));
      if (diff.length > 0) differing.push(`${s.scenario.name}: ${diff.map((x) => x.key).join(", ")}`);
    }
    assert.deepEqual(differing, []);
  });
}

/** The committed sets' sizes (with the issue-24/25 recordings), for every registry agent with a lab module (each agent's test/<agent>/facts.ts). */
const COMMITTED_SET_SIZES: Readonly<Record<string, number>> = Object.fromEntries(AGENTS.flatMap((agent) => { const size = factsOf(agent.name).labSetSize; return size === undefined ? [] : [[agent.name, size]]; }));

test(`the committed sets --check re-records: every registry agent with a lab module has its set's size (${AGENTS.filter((agent) => COMMITTED_SET_SIZES[agent.name] !== undefined).map((agent) => `${agent.dialect.displayName}'s ${COMMITTED_SET_SIZES[agent.name]}`).join(", ")}: 22, the 165 held out and 35 cap-*)`, () => {
  const withLab = AGENTS.filter((agent) => LAB_AGENTS.some((lab) => lab.name === agent.name)).map((agent) => agent.name);
  assert.deepEqual(Object.keys(COMMITTED_SET_SIZES), withLab);
  const count = (name: string): number => committedScenarioFiles(LAB_AGENTS.find((a) => a.name === name)!).length;
  assert.deepEqual(withLab.map(count), withLab.map((name) => COMMITTED_SET_SIZES[name]));
});

test("a scenario that does not fit is an error naming the property, not a run", () => {
  const problems = (v: unknown): string[] => validateScenario("claude-code", v);
  assert.deepEqual(problems({ name: "ok", hooks: [{ stdout: "{}", exit: 2 }] }), []);
  assert.match(problems({ name: "x", hooks: [{ stdot: "{}" }] }).join(), /\/hooks\/0: unknown property "stdot"/);
  assert.match(problems({ name: "x", hooks: [], tool_inptu: {} }).join(), /the scenario: unknown property "tool_inptu"/);
  assert.match(problems({ name: "x", hooks: [{ exit: "2" }] }).join(), /\/hooks\/0\/exit: must be integer/);
  assert.match(problems({ name: "x", hooks: [{ exit: 256 }] }).join(), /\/hooks\/0\/exit/);
  assert.match(problems({ name: "../escape", hooks: [] }).join(), /\/name: must match pattern/);
  assert.match(problems({ hooks: [] }).join(), /must have required property 'name'/);
  assert.match(problems({ name: "x", hooks: [{ source: "system" }] }).join(), /\/hooks\/0\/source: must be equal to one of the allowed values/);
  assert.match(problems({ name: "x", hooks: [], model_turns: [{ tool_use: { name: "Bash" } }] }).join(), /\/model_turns\/0\/tool_use: must have required property 'input'/);
  assert.match(problems([]).join(), /the scenario: must be object/);
  for (const escape of ["../outside.txt", "/etc/passwd", "a/../../b", ".."]) {
    assert.match(problems({ name: "x", hooks: [], files: { [escape]: "x" } }).join(), /\/files: property name must be valid/, escape);
  }
  assert.deepEqual(problems({ name: "x", hooks: [], files: { "a/b.txt": "x", ".claude/commands/c.txt": "x", "..a": "x" } }), []);
});

test("scenario files: not JSON, an unknown field and a name used twice are errors naming the file", () => {
  const dir = join(root, "scenarios");
  spawnSync("mkdir", ["-p", dir]);
  writeFileSync(join(dir, "a.json"), JSON.stringify({ name: "a", hooks: [] }));
  writeFileSync(join(dir, "b.json"), "{not json");
  writeFileSync(join(dir, "c.json"), JSON.stringify([{ name: "a", hooks: [] }, { name: "c", hooks: [], bogus: 1 }]));
  const { scenarios, errors } = loadScenarios("claude-code", jsonFilesUnder(dir));
  assert.deepEqual(scenarios.map((s) => s.scenario.name), ["a"]);
  assert.equal(scenarios[0]!.recording, null);
  assert.equal(errors.length, 3);
  assert.match(errors[0]!.file, /b\.json$/);
  assert.match(errors[0]!.message, /^not JSON/);
  assert.match(errors[1]!.file, /c\.json\[0\]$/);
  assert.match(errors[1]!.message, /also the name of a scenario in .*a\.json/);
  assert.match(errors[2]!.message, /unknown property "bogus"/);
});

test("--scenarios GLOB picks committed scenarios by name or by path, or files on disk", () => {
  assert.ok(globToRegExp("pre-0*").test("pre-01-allow"));
  assert.ok(!globToRegExp("pre-0*").test("pre-01/x"));
  assert.ok(globToRegExp("**/x.json").test("a/b/x.json"));
  assert.ok(globToRegExp("{ask-01*,stop-05*}").test("stop-05-additionalContext"));
  assert.ok(!globToRegExp("a.b").test("axb"), "a dot is a dot");
  const committed = committedScenarioFiles(claudeCode);
  const agentRoot = join(REPO_DIR, "test/observer/claude-code");
  const byName = selectScenarioFiles("probe-h0*", agentRoot, committed);
  assert.ok(byName.length >= 9 && byName.every((f) => /\/probe-h0[^/]*\.json$/.test(f)), byName.join());
  assert.deepEqual(selectScenarioFiles("probes/scenarios/probe-v19-*", agentRoot, committed).map((f) => f.slice(f.lastIndexOf("/") + 1)), ["probe-v19-bom-deny.json"]);
  assert.deepEqual(selectScenarioFiles(join(root, "scenarios", "a*"), agentRoot, committed), [join(root, "scenarios", "a.json")]);
  // a committed set --check does not re-record by default, by its path under the agent's folder
  assert.deepEqual(selectScenarioFiles("runner/scenarios/cfg-flag-on-failure-block-exit1{,-deny}", agentRoot, committed), [join(agentRoot, "runner/scenarios/cfg-flag-on-failure-block-exit1-deny.json"), join(agentRoot, "runner/scenarios/cfg-flag-on-failure-block-exit1.json")]);
  assert.deepEqual(selectScenarioFiles("no-such-scenario-*", agentRoot, committed), []);
});

test("scenario files are written inside their folder only: text with placeholders, bytes, JSON", () => {
  const dir = mkdtempSync(join(root, "files-"));
  writeScenarioFiles(dir, { "a/t.txt": "{{WORK}}!", "b.bin": [{ base64: "77u/" }], "c.json": { k: "{{WORK}}" } }, { WORK: "/w" });
  assert.equal(readFileSync(join(dir, "a/t.txt"), "utf8"), "/w!");
  assert.deepEqual([...readFileSync(join(dir, "b.bin"))], [0xef, 0xbb, 0xbf]);
  assert.deepEqual(JSON.parse(readFileSync(join(dir, "c.json"), "utf8")), { k: "/w" });
  assert.throws(() => writeScenarioFiles(dir, { "../escaped.txt": "x" }, {}), /outside/);
});

test("placeholders are substituted in every string, unknown ones are left", () => {
  assert.deepEqual(JSON.parse(JSON.stringify(substitute({ a: ["{{WORK}}/x", { b: "{{NOPE}}" }], n: 1 }, { WORK: "/w" }))), { a: ["/w/x", { b: "{{NOPE}}" }], n: 1 });
  const hostile = substitute(JSON.parse('{"__proto__": {"polluted": "{{WORK}}"}}') as Record<string, unknown>, { WORK: "/w" });
  assert.equal(JSON.stringify(hostile), '{"__proto__":{"polluted":"/w"}}', "a __proto__ key stays data");
  assert.equal(({} as Record<string, unknown>)["polluted"], undefined);
});

// ------------------------------------------------------------ scripted hooks

function runHook(script: string, stdin: string): { status: number | null; stdout: Buffer; stderr: string } {
  const r = spawnSync(script, ["arg one", "two"], { input: stdin });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr.toString() };
}

test("a scripted hook answers with its bytes and exit status, and records stdin, arguments and times", () => {
  const dir = mkdtempSync(join(root, "hooks-"));
  const script = writeHookScript(dir, 0, { stdout_parts: [{ base64: "77u/" }, { text: "{\"a\":1}" }], stderr: "warn", exit: 2, record_env: true }, "^LAB_TEST_");
  const t0 = Date.now();
  process.env["LAB_TEST_X"] = "1";
  const r = runHook(script, JSON.stringify({ hook_event_name: "PreToolUse" }));
  delete process.env["LAB_TEST_X"];
  assert.equal(r.status, 2);
  assert.deepEqual([...r.stdout], [0xef, 0xbb, 0xbf, ...Buffer.from("{\"a\":1}")]);
  assert.equal(r.stderr, "warn");
  const rec = readHookRecord(dir, 0, script, t0);
  assert.equal(rec.invocations, 1);
  assert.deepEqual(rec.stdin_first, { hook_event_name: "PreToolUse" });
  assert.deepEqual(rec.argv_first, ["arg one", "two"]);
  assert.deepEqual(rec.env_first, { LAB_TEST_X: "1" });
  assert.equal(rec.end_ms.length, 1);
  assert.ok(rec.start_ms[0]! >= 0 && rec.end_ms[0]! >= rec.start_ms[0]!);
});

test("once answers only the first invocation, then answers from the second on; stdin that is not JSON is kept as text", () => {
  const dir = mkdtempSync(join(root, "hooks-"));
  const once = writeHookScript(dir, 0, { stdout: "first", exit: 2, once: true }, "^$");
  const then = writeHookScript(dir, 1, { stdout: "A", exit: 0, then: { stdout: "B", exit: 1 }, pre_stdout: "pre\n" }, "^$");
  assert.equal(runHook(once, "x").status, 2);
  const second = runHook(once, "y");
  assert.equal(second.status, 0);
  assert.equal(second.stdout.toString(), "");
  assert.equal(runHook(then, "{}").stdout.toString(), "pre\nA");
  const later = runHook(then, "{}");
  assert.equal(later.status, 1);
  assert.equal(later.stdout.toString(), "B", "pre_stdout is printed on the first invocation only when the answers differ");
  const rec = readHookRecord(dir, 0, once, 0);
  assert.equal(rec.invocations, 2);
  assert.equal(rec.stdin_first, "x");
  assert.deepEqual(rec.stdin_more, ["y"]);
  const none = readHookRecord(dir, 5, "never", 0);
  assert.deepEqual({ invocations: none.invocations, stdin_first: none.stdin_first }, { invocations: 0, stdin_first: null });
});

test("with a start order, the hooks of a run log each start in order under one lock (Qwen Code's hook_order)", () => {
  const dir = mkdtempSync(join(root, "hooks-"));
  const a = writeHookScript(dir, 0, { stdout: "" }, "^$", { label: "PreToolUse" });
  const b = writeHookScript(dir, 1, { stdout: "" }, "^$", { label: "Stop" });
  const plain = writeHookScript(dir, 2, { stdout: "" }, "^$");
  for (const script of [a, b, a, plain]) assert.equal(runHook(script, "{}").status, 0);
  assert.deepEqual(readStartOrder(dir), [[0, "PreToolUse", 1], [1, "Stop", 1], [0, "PreToolUse", 2]], "a hook without an order logs none");
  assert.equal(readHookRecord(dir, 0, a, 0).invocations, 2, "invocations are still counted per hook");
  assert.deepEqual(readStartOrder(mkdtempSync(join(root, "hooks-"))), [], "no hook started: no order");
});

test("a hook's text with quotes, $ and backticks is printed verbatim, never run", () => {
  const dir = mkdtempSync(join(root, "hooks-"));
  const hostile = "'; touch pwned; echo '$(touch pwned2)`touch pwned3`";
  const script = writeHookScript(join(dir), 0, { stdout: hostile, stderr: hostile }, "^$");
  const r = spawnSync(script, [], { input: "", cwd: dir });
  assert.equal(r.stdout.toString(), hostile);
  assert.equal(spawnSync("ls", [dir]).stdout.toString().includes("pwned"), false);
});

// ------------------------------------------------------------ the scripted Messages API

async function post(port: number, path: string, body: unknown): Promise<{ status: number; type: string; text: string }> {
  const res = await fetch(`http://127.0.0.1:${port}${path}`, { method: "POST", body: JSON.stringify(body), headers: { "content-type": "application/json" } });
  return { status: res.status, type: res.headers.get("content-type") ?? "", text: await res.text() };
}
const sseData = (text: string): Record<string, unknown>[] => text.split("\n").filter((l) => l.startsWith("data: ")).map((l) => JSON.parse(l.slice(6)) as Record<string, unknown>);

test("the Messages API server answers the n-th main-loop request with the n-th turn, streamed, and counts the others apart", async () => {
  const server = await startModelServer(messagesApi({
    main: [{ tool_use: { name: "Bash", input: { command: "echo hi" } } }, { error: { status: 529, type: "overloaded_error", message: "busy" } }],
    subagent: [{ text: "sub" }], subagentMarker: "SUBAGENT", compactReply: "<summary>s</summary>",
  }));
  try {
    const tools = [{ name: "Bash" }];
    const first = await post(server.port, "/v1/messages?beta=true", { model: "m", stream: true, tools, messages: [{ role: "user", content: "do it" }] });
    assert.match(first.type, /text\/event-stream/);
    const events = sseData(first.text);
    assert.deepEqual(events.map((e) => e["type"]), ["message_start", "content_block_start", "content_block_delta", "content_block_stop", "message_delta", "message_stop"]);
    assert.deepEqual(events[1]!["content_block"], { type: "tool_use", id: "toolu_mock_1", name: "Bash", input: {} });
    assert.equal((events[2]!["delta"] as Record<string, unknown>)["partial_json"], JSON.stringify({ command: "echo hi" }));
    assert.equal((events[4]!["delta"] as Record<string, unknown>)["stop_reason"], "tool_use");
    const side = await post(server.port, "/v1/messages", { model: "m", messages: [{ role: "user", content: "title?" }] });
    assert.equal((JSON.parse(side.text) as { content: { text: string }[] }).content[0]!.text, "ok");
    const sub = await post(server.port, "/v1/messages", { tools, messages: [{ role: "user", content: [{ type: "text", text: "SUBAGENT task" }] }] });
    assert.equal((JSON.parse(sub.text) as { content: { text: string }[] }).content[0]!.text, "sub");
    const compact = await post(server.port, "/v1/messages", { tools, messages: [{ role: "user", content: "Please create a detailed summary" }] });
    assert.equal((JSON.parse(compact.text) as { content: { text: string }[] }).content[0]!.text, "<summary>s</summary>");
    const second = await post(server.port, "/v1/messages", { tools, messages: [] });
    assert.equal(second.status, 529);
    assert.deepEqual(JSON.parse(second.text), { type: "error", error: { type: "overloaded_error", message: "busy" } });
    const third = await post(server.port, "/v1/messages", { tools, messages: [] });
    assert.equal((JSON.parse(third.text) as { content: { text: string }[] }).content[0]!.text, "done (unscripted turn 2)");
    assert.equal((await post(server.port, "/v1/messages/count_tokens", {})).text, JSON.stringify({ input_tokens: 100 }));
    assert.equal((await post(server.port, "/v1/other", {})).status, 404);
    const notJson = await fetch(`http://127.0.0.1:${server.port}/v1/messages`, { method: "POST", body: "{oops" });
    assert.equal(notJson.status, 200, "a body that is not JSON is a side request, logged as text");
    assert.deepEqual(server.log.map((r) => `${r.kind}${r.turn === undefined ? "" : `#${r.turn}`}`), ["main#0", "side", "subagent#0", "compact#0", "main#1", "main#2", "count_tokens", "other", "side"]);
    assert.equal(server.log.at(-1)!.body, "{oops");
  } finally {
    await server.close();
  }
});

test("the Responses API server (Codex) streams the n-th turn's items; requests without tools are side requests", async () => {
  const server = await startModelServer(responsesApi([{ tool_call: { name: "exec_command", arguments: { cmd: "echo hi" } } }, { tool_calls: [{ name: "a", arguments: "{}" }, { name: "b" }] }]));
  try {
    const first = await post(server.port, "/v1/responses", { tools: [{ name: "exec_command" }], input: [] });
    const events = sseData(first.text);
    assert.deepEqual(events.map((e) => e["type"]), ["response.created", "response.output_item.added", "response.output_item.done", "response.completed"]);
    assert.deepEqual(events[1]!["item"], { type: "function_call", id: "fc_1_1", call_id: "call_1", name: "exec_command", arguments: JSON.stringify({ cmd: "echo hi" }) });
    const second = sseData((await post(server.port, "/v1/responses", { tools: [{}], input: [] })).text);
    assert.deepEqual(second.filter((e) => e["type"] === "response.output_item.done").map((e) => (e["item"] as Record<string, unknown>)["call_id"]), ["call_2", "call_2_2"]);
    const side = sseData((await post(server.port, "/v1/responses", { input: [] })).text);
    assert.equal(((side[1]!["item"] as { content: { text: string }[] }).content[0]!.text), "ok");
    assert.equal((await post(server.port, "/v1/chat", {})).status, 404);
  } finally { await server.close(); }
});

test("the Gemini API server: streamGenerateContent turns, JSON that fits a utility call's schema, countTokens", async () => {
  const server = await startModelServer(geminiApi([{ chunks: [[{ text: "a" }], [{ text: "b" }]] }, { error: { status: 429, message: "slow down", reason: "RESOURCE_EXHAUSTED" } }]));
  try {
    const chunks = sseData((await post(server.port, "/v1beta/models/m:streamGenerateContent?alt=sse", { contents: [] })).text);
    assert.equal(chunks.length, 2);
    assert.equal((chunks[0]!["candidates"] as Record<string, unknown>[])[0]!["finishReason"], undefined, "only the last chunk finishes");
    assert.equal((chunks[1]!["candidates"] as Record<string, unknown>[])[0]!["finishReason"], "STOP");
    const err = await post(server.port, "/v1beta/models/m:streamGenerateContent?alt=sse", {});
    assert.equal(err.status, 429);
    assert.deepEqual(JSON.parse(err.text), { error: { code: 429, message: "slow down", status: "RESOURCE_EXHAUSTED" } });
    const side = JSON.parse((await post(server.port, "/v1beta/models/m:generateContent", { generationConfig: { responseJsonSchema: { type: "object", properties: { next_speaker: { type: "string", enum: ["user", "model"] }, n: { type: "integer" } } } } })).text) as { candidates: { content: { parts: { text: string }[] } }[] };
    assert.deepEqual(JSON.parse(side.candidates[0]!.content.parts[0]!.text), { next_speaker: "user", n: 10 });
    assert.deepEqual(valueForSchema({ type: "array" }), []);
    assert.equal((await post(server.port, "/v1beta/models/m:countTokens", {})).text, JSON.stringify({ totalTokens: 100 }));
  } finally { await server.close(); }
});

test("the Chat Completions server (the lab modules of the agents that speak it): tool calls streamed, stream:false answered whole, the request cap", async () => {
  const server = await startModelServer(chatCompletionsApi([{ tool_calls: [{ name: "Execute", arguments: { command: "x" } }, { name: "Execute", args: { command: "y" } }] }, { text: "done" }], { maxRequests: 2, listModel: "m1" }));
  try {
    const tools = [{ type: "function", function: { name: "Execute" } }];
    const first = sseData((await post(server.port, "/v1/chat/completions", { tools, messages: [], stream: true })).text.replace("data: [DONE]", ""));
    const calls = ((first[0]!["choices"] as Record<string, unknown>[])[0]!["delta"] as { tool_calls: { id: string; index: number; function: { arguments: string } }[] }).tool_calls;
    assert.deepEqual(calls.map((c) => [c.index, c.id, c.function.arguments]), [[0, "call_1_1", '{"command":"x"}'], [1, "call_1_2", '{"command":"y"}']]);
    assert.equal((first[1]!["choices"] as Record<string, unknown>[])[0]!["finish_reason"], "tool_calls");
    const whole = JSON.parse((await post(server.port, "/v1/chat/completions", { tools, messages: [], stream: false })).text) as { object: string; choices: { message: { content: string } }[] };
    assert.deepEqual([whole.object, whole.choices[0]!.message.content], ["chat.completion", "done"]);
    const capped = await post(server.port, "/v1/chat/completions", { tools, messages: [] });
    assert.equal(capped.status, 400, "past max_requests: an error ends an agent that loops");
    assert.deepEqual(JSON.parse((await fetch(`http://127.0.0.1:${server.port}/v1/models`).then((r) => r.text()))), { object: "list", data: [{ id: "m1", object: "model", owned_by: "mock" }] });
  } finally { await server.close(); }
});

test("TOML values for Codex's and Kimi Code's configuration: strings with JSON escapes, inline tables, arrays", () => {
  assert.equal(tomlValue({ matcher: "Bash", hooks: [{ type: "command", command: "a \"b\"\n", timeout: 10, async: true }] }), '{ "matcher" = "Bash", "hooks" = [{ "type" = "command", "command" = "a \\"b\\"\\n", "timeout" = 10, "async" = true }] }');
  assert.throws(() => tomlValue(null), /no TOML form/);
});

// ------------------------------------------------------------ normalisation and comparison

test("normalisation: the run's directory, its folder name and the port become tokens; long strings are cut", () => {
  const dir = "/tmp/lab/x-AbC1";
  const v = normaliseRun({ a: `${dir}/work`, b: "-tmp-lab-x-AbC1-work", c: ["http://127.0.0.1:41234/v1"], d: "x".repeat(70000) }, dir);
  assert.equal(v.a, "$TMP/work");
  assert.equal(v.b, "$TMP_PROJECT-work");
  assert.deepEqual(v.c, ["http://127.0.0.1:<port>/v1"]);
  assert.match(v.d, /^x{4096}…\[65904 more characters cut by the oracle; 70000 in all\]$/);
  assert.equal(capStrings("short"), "short");
  assert.equal(JSON.stringify(capStrings(JSON.parse('{"__proto__": {"x": 1}}'))), '{"__proto__":{"x":1}}');
  assert.deepEqual(replaceIds({ s: "id 0b9c3e38-6d2a-4a53-9d0b-3f7a1c2b4e5f." }, [[UUID_PATTERN, "<uuid>"]]), { s: "id <uuid>." });
});

test("comparison: key order does not count, a missing or changed key does, and every difference is printed", () => {
  assert.deepEqual(compareOutcomes({ a: 1, b: { x: 1, y: 2 } }, { b: { y: 2, x: 1 }, a: 1 }), []);
  const d = compareOutcomes({ a: 1, b: [1, 2], c: "same" }, { a: 2, b: [2, 1], c: "same", extra: true });
  assert.deepEqual(d.map((x) => x.key), ["a", "b", "extra"]);
  assert.deepEqual(compareOutcomes(undefined, { a: 1 }).map((x) => x.key), ["(outcome)"]);
  assert.deepEqual(describeDifferences("s", [{ key: "a", stored: 1, recorded: 2 }]), ["s: DIFFERENT", "    a:", "      stored:   1", "      recorded: 2"]);
  assert.equal(summaryLine(3, 4), "recorded again: 3/4 same");
  assert.equal(canonical({ b: 1, a: [{ d: 1, c: 2 }] }), '{"a":[{"c":2,"d":1}],"b":1}');
});

test("a Chat Completions turn can report its own token counts (Qwen Code compacts by them)", async () => {
  const usage = { prompt_tokens: 90000, completion_tokens: 5, total_tokens: 90005 };
  const server = await startModelServer(chatCompletionsApi([{ text: "a", usage }, { text: "b" }]));
  try {
    const tools = [{ type: "function", function: { name: "x" } }];
    const first = sseData((await post(server.port, "/v1/chat/completions", { tools, messages: [], stream: true })).text.replace("data: [DONE]", ""));
    assert.deepEqual(first[2]!["usage"], usage);
    const second = JSON.parse((await post(server.port, "/v1/chat/completions", { tools, messages: [], stream: false })).text) as { usage: unknown };
    assert.deepEqual(second.usage, { prompt_tokens: 10, completion_tokens: 5, total_tokens: 15 });
  } finally { await server.close(); }
});

test("a mutated Qwen Code recording gives another outcome, and where Qwen is installed is not part of it", () => {
  const f = join(REPO_DIR, "test/observer/qwen-code/observed/env-01-command-vars.json");
  const recording = JSON.parse(readFileSync(f, "utf8")) as Record<string, unknown>;
  const hooks = recording["hooks"] as { invocations: number; env_first: Record<string, string> }[];
  hooks[0]!.env_first["QWEN_CODE_CLI"] = "/elsewhere/node_modules/@qwen-code/qwen-code/cli-entry.js";
  assert.deepEqual(compareOutcomes(recording["outcome"], qwenOutcome(recording)), [], "the install path is normalised");
  hooks[0]!.invocations = 3;
  (recording["cli"] as Record<string, unknown>)["exit_code"] = 1;
  assert.deepEqual(compareOutcomes(recording["outcome"], qwenOutcome(recording)).map((x) => x.key).sort(), ["exit_code", "hook_invocations"]);
});

test("a mutated recording gives another outcome (the recomputation reads what it claims to)", () => {
  const f = join(REPO_DIR, "test/observer/claude-code/observed/fid-pre-reason-code-deny.json");
  const recording = JSON.parse(readFileSync(f, "utf8")) as Record<string, unknown>;
  const hooks = recording["hooks"] as { invocations: number }[];
  hooks[0]!.invocations = 2;
  (recording["tool"] as Record<string, unknown>)["ran"] = true;
  assert.deepEqual(compareOutcomes(recording["outcome"], outcomeOf(recording)).map((x) => x.key), ["tool_ran", "hook_invocations"]);
});

// ------------------------------------------------------------ the command

test("record's arguments: an unknown agent, option or bad value is a usage error, not a run", () => {
  const err = (argv: string[]): string => { const r = parseRecordArgs(argv); return r.kind === "error" ? r.message : r.kind; };
  assert.match(err([]), /--agent is required \(claude-code/);
  assert.match(err(["--agent", "nope"]), /unknown agent "nope"; the lab knows claude-code/);
  assert.match(err(["--agent", "claude-code", "--jobs", "0"]), /--jobs must be an integer from 1 to 8/);
  assert.match(err(["--agent", "claude-code", "--jobs"]), /--jobs needs a value/);
  assert.match(err(["--agent", "claude-code", "--version", "1.0; rm -rf /"]), /is not a version/);
  assert.match(err(["--agent", "claude-code", "--frobnicate"]), /unknown argument "--frobnicate"/);
  assert.equal(err(["--help"]), "help");
  const ok = parseRecordArgs(["--agent", "claude-code", "--check", "--scenarios", "pre-*", "--version", "2.1.334"]);
  assert.ok(ok.kind === "ok");
  assert.deepEqual({ ...ok.options, out: null }, { agent: "claude-code", version: "2.1.334", scenarios: "pre-*", out: null, check: true, jobs: 1, hostNetwork: false });
});

test("a version the agent publishes elsewhere is installed from there: Claude Code 2.1.334 is the Agent SDK's platform binary, 2.1.332 npm's claude-code", () => {
  assert.deepEqual(packageOf(claudeCode, "2.1.332"), { spec: "@anthropic-ai/claude-code@2.1.332", bin: "node_modules/.bin/claude" });
  assert.deepEqual(packageOf(claudeCode, "2.1.334"), { spec: "@anthropic-ai/claude-agent-sdk-linux-x64@0.3.334", bin: "node_modules/@anthropic-ai/claude-agent-sdk-linux-x64/claude" });
  // an agent without a mapping: its package at the version asked for
  const codexLab = LAB_AGENTS.find((a) => a.name === "codex")!;
  assert.deepEqual(packageOf(codexLab, "0.172.0"), { spec: "@openai/codex@0.172.0", bin: codexLab.bin });
  // the install step uses the mapping: a prefix that holds the mapped executable is used as it is (no npm run)
  // and the executable returned is the mapped one; for a version the mapping does not name, the usual one
  const cache = join(root, "install-cache");
  const previous = process.env["CLAUDE_HOOK_PROTOCOL_LAB_CACHE"];
  process.env["CLAUDE_HOOK_PROTOCOL_LAB_CACHE"] = cache;
  try {
    const mapped: LabAgent = { ...claudeCode, name: "mapped", packageFor: (v) => (v === "9.9.9" ? { spec: "nowhere-lab-test-pkg@1.0.0", bin: "node_modules/nowhere-lab-test-pkg/bin/x" } : undefined) };
    const exe = join(cache, "mapped@9.9.9", "node_modules", "nowhere-lab-test-pkg", "bin", "x");
    mkdirSync(join(exe, ".."), { recursive: true });
    writeFileSync(exe, "#!/bin/sh\n");
    chmodSync(exe, 0o755);
    const lines: string[] = [];
    assert.deepEqual(installAgent(mapped, "9.9.9", (l) => lines.push(l)), { kind: "ok", prefix: join(cache, "mapped@9.9.9"), bin: exe });
    assert.deepEqual(lines, [], "nothing installed");
    mkdirSync(join(cache, "mapped@9.9.8", "node_modules", "nowhere-lab-test-pkg", "bin"), { recursive: true });
    writeFileSync(join(cache, "mapped@9.9.8", "node_modules", "nowhere-lab-test-pkg", "bin", "x"), "");
    const usual = join(cache, "mapped@9.9.8", "node_modules", ".bin", "claude");
    mkdirSync(join(usual, ".."), { recursive: true });
    writeFileSync(usual, "");
    assert.deepEqual(installAgent(mapped, "9.9.8", () => {}), { kind: "ok", prefix: join(cache, "mapped@9.9.8"), bin: usual }, "an unmapped version: the usual executable");
  } finally {
    if (previous === undefined) delete process.env["CLAUDE_HOOK_PROTOCOL_LAB_CACHE"];
    else process.env["CLAUDE_HOOK_PROTOCOL_LAB_CACHE"] = previous;
  }
});
