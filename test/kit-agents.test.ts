/**
 * The kit under every agent, on the stdin payloads recorded from the real
 * agents (test/observer/<agent>/observed): each payload is detected as its
 * agent; a hook written once in Claude Code's names (deny `rm -rf` on Bash,
 * fail-closed) denies the recorded PreToolUse-equivalent call in that
 * agent's dialect, which the agent's merge reads as a deny, and leaves `ls`
 * and every other event unanswered; the input the handler sees is in Claude
 * Code's shape; answers the agent does not honour are degraded or refused,
 * never dropped silently; the Stop guard; the agent named by the command.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { join } from "node:path";
import { toNullPrototype, type JsonObject } from "../src/json/value.js";
import type { AgentName } from "../src/core/agents.js";
import { defineHook } from "../src/hooks/index.js";
import { AGENT_ENV, declaredAgent, detectAgent } from "../src/hooks/agents.js";
import type { HookOutcome } from "../src/hooks/define.js";
import { AGENTS, CLAIM_REPLIES, PAYLOADS, SHELL_CALLS, asAgentMerges, claimCalls, shellCall } from "./lib/agent-payloads.js";
import { blockedUnder, mayHaveSent } from "./lib/agent-schemas.js";

const seen: { command?: unknown; tool?: unknown; event?: unknown }[] = [];
const denyRmRf = defineHook({
  event: "PreToolUse",
  tools: ["Bash"],
  failClosed: true,
  run: (input, answer) => {
    seen.push({ command: input.tool_input.command, tool: input.tool_name, event: input.hook_event_name });
    return input.tool_input.command.includes("rm -rf") ? answer.deny("rm -rf is blocked") : undefined;
  },
});

test("every recorded stdin payload of every agent is detected as that agent", () => {
  const wrong: string[] = [];
  let count = 0;
  for (const agent of AGENTS) {
    for (const { file, event, payload } of PAYLOADS.get(agent)!) {
      count++;
      const detected = detectAgent(toNullPrototype(payload) as JsonObject);
      if (detected.agent !== agent) wrong.push(`${agent} ${file} ${event}: detected ${detected.agent} (${detected.because})`);
    }
  }
  assert.deepEqual(wrong, []);
  assert.ok(count >= 1100, `${count} payloads`);
});

for (const { agent, form, event, shell } of SHELL_CALLS) {
  test(`${agent}${form}: the rm -rf call is denied in its dialect, which its merge reads as a deny; ls gets no answer`, async () => {
    seen.length = 0;
    const call = shellCall(agent, event, shell, "rm -rf /tmp/scratch");
    const outcome = await denyRmRf.handle(JSON.stringify(call));
    assert.equal(outcome.agent, agent);
    assert.deepEqual(seen, [{ command: "rm -rf /tmp/scratch", tool: "Bash", event: "PreToolUse" }], "the handler sees Claude Code's names");
    const merged = asAgentMerges(agent, event, call, outcome);
    assert.ok(merged.ok, JSON.stringify(merged));
    assert.equal(merged.value.effects.blocked, true, `${outcome.stdout} / exit ${outcome.exit}`);
    assert.match(merged.value.effects.tool_result ?? "", /rm -rf is blocked/, "the reason reaches the model");
    const ls = await denyRmRf.handle(JSON.stringify(shellCall(agent, event, shell, "ls")));
    assert.deepEqual(ls, { agent, exit: 0, stdout: "", stderr: "" });
  });
}

test("every recorded call of another event or another tool gets no answer under every agent, even fail-closed", async () => {
  const answered: string[] = [];
  let count = 0;
  for (const agent of AGENTS) {
    const pre = new Set(SHELL_CALLS.filter((c) => c.agent === agent).map((c) => c.event));
    for (const { file, event, payload } of PAYLOADS.get(agent)!) {
      const shellTool = (payload["tool_name"] ?? payload["toolName"]) === SHELL_CALLS.find((c) => c.agent === agent && c.event === event)?.shell;
      if (pre.has(event) && shellTool) continue;
      count++;
      const outcome = await denyRmRf.handle(JSON.stringify(payload));
      if (outcome.exit !== 0 || outcome.stdout !== "" || outcome.stderr !== "") answered.push(`${agent} ${file} ${event}: exit ${outcome.exit} ${outcome.stdout} ${outcome.stderr}`);
    }
  }
  assert.deepEqual(answered, []);
  assert.ok(count >= 400, `${count} payloads`);
});

test("the handler gets Claude Code's shape: Copilot's view path is Read's file_path, toolArgs as JSON text is parsed, and a rewrite goes back in the agent's fields", async () => {
  const inputs: unknown[] = [];
  const reader = defineHook({
    event: "PreToolUse",
    tools: ["Read"],
    run: (input, answer) => {
      inputs.push(input);
      return answer.rewrite({ file_path: `${input.tool_input.file_path}.bak` });
    },
  });
  const native = { sessionId: "s", timestamp: 1, cwd: "/w", toolName: "view", toolArgs: JSON.stringify({ path: "/w/f.txt" }) };
  const outcome = await reader.handle(JSON.stringify(native));
  assert.equal(outcome.agent, "copilot-cli");
  assert.deepEqual(JSON.parse(JSON.stringify(inputs[0])), { session_id: "s", timestamp: 1, cwd: "/w", tool_name: "Read", tool_input: { file_path: "/w/f.txt" }, hook_event_name: "PreToolUse" });
  assert.deepEqual(JSON.parse(outcome.stdout), { permissionDecision: "allow", modifiedArgs: { path: "/w/f.txt.bak" } });
  const gemini = { session_id: "s", transcript_path: "/h/.gemini/tmp/c.json", cwd: "/w", hook_event_name: "BeforeTool", timestamp: "2026-11-01T10:00:00.000Z", tool_name: "read_file", tool_input: { file_path: "/w/g.txt" } };
  const answer = await reader.handle(JSON.stringify(gemini));
  assert.deepEqual(JSON.parse(answer.stdout), { decision: "allow", hookSpecificOutput: { hookEventName: "BeforeTool", tool_input: { file_path: "/w/g.txt.bak" } } });
});

test("an answer the agent does not honour is degraded by the policy and said on stderr, or refused when the hook is strict", async () => {
  const droidCall = JSON.stringify(shellCall("droid", "PreToolUse", "Execute", "ls"));
  const asks = (unsupported?: "strict") => defineHook({ event: "PreToolUse", tools: ["Bash"], ...(unsupported === undefined ? {} : { unsupported }), run: (_input, answer) => answer.ask("check with the user") });
  const degraded = await asks().handle(droidCall);
  assert.deepEqual(JSON.parse(degraded.stdout), { hookSpecificOutput: { hookEventName: "PreToolUse", permissionDecision: "deny", permissionDecisionReason: "check with the user" } });
  assert.match(degraded.stderr, /droid does not honour ask on PreToolUse \(ignored; .*\): answered deny instead/);
  const strict = await asks("strict").handle(droidCall);
  assert.equal(strict.exit, 1);
  assert.equal(strict.stdout, "");
  assert.match(strict.stderr, /droid does not honour ask on PreToolUse .* the hook is strict/);
  const merged = asAgentMerges("droid", "PreToolUse", JSON.parse(droidCall) as Record<string, unknown>, degraded);
  assert.ok(merged.ok && merged.value.effects.blocked, "droid's merge reads the degraded ask as a deny");

  const context = defineHook({ event: "PreToolUse", tools: ["Bash"], run: (_input, answer) => answer.deny("no").and(answer.addContext("policy 7")) });
  const dropped = await context.handle(droidCall);
  assert.deepEqual(JSON.parse(dropped.stdout)["hookSpecificOutput"]["permissionDecision"], "deny");
  assert.doesNotMatch(dropped.stdout, /policy 7/);
  assert.match(dropped.stderr, /does not honour context on PreToolUse .*: left out of the answer/);
});

test("a block the agent cannot honour is never dropped: the hook fails (fail-closed: exit 2); a stop it cannot say is dropped with a note", async () => {
  const blocks = defineHook({ event: "PreCompact", failClosed: true, run: (_input, answer) => answer.block("not now") });
  const codexCompact = { session_id: "s", turn_id: "t", transcript_path: "/h/.codex/sessions/2026/11/01/rollout-x.jsonl", cwd: "/w", hook_event_name: "PreCompact", model: "gpt-5", trigger: "manual" };
  const refused = await blocks.handle(JSON.stringify(codexCompact));
  assert.equal(refused.agent, "codex");
  assert.notEqual(refused.exit, 0);
  assert.match(refused.stderr, /Codex CLI does not honour block on PreCompact \(unsupported; .*\); a block is never dropped/);
  const stops = defineHook({ event: "SessionStart", failClosed: true, run: (_input, answer) => answer.stop("halt") });
  const copilot = { sessionId: "s", timestamp: 1, cwd: "/w", source: "new", initialPrompt: "do it" };
  const outcome = await stops.handle(JSON.stringify(copilot));
  assert.equal(outcome.agent, "copilot-cli");
  assert.equal(outcome.stdout, "", "stop is dropped where Copilot cannot say it");
  assert.match(outcome.stderr, /GitHub Copilot CLI does not honour stop on sessionStart \(unsupported; .*\): left out of the answer/);
});

test("the Stop guard: with stop_hook_active the block is not given again, unless the hook opts out", async () => {
  const keepWorking = (stopGuard?: boolean) => defineHook({ event: "Stop", ...(stopGuard === undefined ? {} : { stopGuard }), run: (_input, answer) => answer.block("tests fail") });
  const stop = PAYLOADS.get("codex")!.find((p) => p.event === "Stop")!.payload;
  const first = await keepWorking().handle(JSON.stringify({ ...stop, stop_hook_active: false }));
  assert.match(first.stdout, /"decision":"block"/);
  const again = await keepWorking().handle(JSON.stringify({ ...stop, stop_hook_active: true }));
  assert.equal(again.stdout, "");
  assert.equal(again.exit, 0);
  assert.match(again.stderr, /stop_hook_active is true: the block is not given again/);
  const optedOut = await keepWorking(false).handle(JSON.stringify({ ...stop, stop_hook_active: true }));
  assert.match(optedOut.stdout, /"decision":"block"/);
  const copilot = PAYLOADS.get("copilot-cli")!.find((p) => p.event === "agentStop")!.payload;
  assert.equal((await keepWorking().handle(JSON.stringify({ ...copilot, stop_hook_active: true }))).stdout, "", "Copilot's camelCase agentStop says stop_hook_active in snake_case too");
});

test("the agent named by the hook's command comes first: CLAUDE_HOOK_PROTOCOL_AGENT or --agent=<name>", async () => {
  assert.deepEqual(declaredAgent({ [AGENT_ENV]: "droid" }, ["node", "hook.mjs"]), { agent: "droid", because: AGENT_ENV });
  assert.deepEqual(declaredAgent({ [AGENT_ENV]: "droid" }, ["node", "hook.mjs", "--agent=codex"]), { agent: "codex", because: "--agent=codex" });
  assert.deepEqual(declaredAgent({}, ["node", "hook.mjs"]), null);
  assert.match((declaredAgent({ [AGENT_ENV]: "cursor" }, ["node", "hook.mjs"]) as { invalid: string }).invalid, /names "cursor", not an agent/);
  const claudeLooking = JSON.stringify(shellCall("claude-code", "PreToolUse", "Bash", "rm -rf /"));
  const saved = process.env[AGENT_ENV];
  try {
    process.env[AGENT_ENV] = "codex";
    const outcome = await denyRmRf.handle(claudeLooking);
    assert.equal(outcome.agent, "claude-code", "Codex's PreToolUse always has turn_id (schemas/codex/input): this stdin is not Codex's");
    const codexStart = PAYLOADS.get("codex")!.find((p) => p.event === "SessionStart")!.payload;
    const unproven = { ...codexStart, transcript_path: "/w/t.jsonl" };
    assert.equal((await defineHook({ event: "SessionStart", run: () => undefined }).handle(JSON.stringify(unproven))).agent, "codex", "a stdin both may send: the named agent first");
    process.env[AGENT_ENV] = "claude-code";
    const shared = shellCall("copilot-cli", "PreToolUse", "Bash", "rm -rf /");
    const sharedOutcome = await denyRmRf.handle(JSON.stringify(shared));
    assert.equal(sharedOutcome.agent, "copilot-cli", "a hook named for Claude Code in a .claude/settings.json that Copilot CLI runs is answered for Copilot");
    assert.equal((await denyRmRf.handle(claudeLooking)).agent, "claude-code");
    process.env[AGENT_ENV] = "cursor";
    const wrong = await denyRmRf.handle(claudeLooking);
    assert.match(wrong.stdout, /"deny"/, "a fail-closed hook told a wrong agent name fails closed");
    assert.match(wrong.stderr, /CLAUDE_HOOK_PROTOCOL_AGENT names "cursor"/);
  } finally {
    if (saved === undefined) delete process.env[AGENT_ENV];
    else process.env[AGENT_ENV] = saved;
  }
});

test("setSessionEnv appends export lines that bash reads back verbatim, hostile values included; bad names and no file are error values", async () => {
  const { mkdtempSync, readFileSync: read, writeFileSync } = await import("node:fs");
  const { tmpdir } = await import("node:os");
  const { spawnSync } = await import("node:child_process");
  const { setSessionEnv } = await import("../src/hooks/index.js");
  const dir = mkdtempSync(join(tmpdir(), "kit-env-"));
  const file = join(dir, "env.sh");
  writeFileSync(file, "export EARLIER=1\n");
  const hostile: Record<string, string> = {
    QUOTE: "it's",
    SUBST: "$(touch pwned) `touch pwned2` ${HOME}",
    NEWLINE: "a\nb\n",
    BACKSLASH: "c:\\path\\'x'\\",
    EMPTY: "",
    UNICODE: "é ☃ \u2028",
  };
  const written = setSessionEnv(hostile, undefined, { CLAUDE_ENV_FILE: file });
  assert.deepEqual(written, { ok: true, value: file });
  assert.match(read(file, "utf8"), /^export EARLIER=1\n/, "appended, not replaced");
  const names = Object.keys(hostile);
  const printed = spawnSync("bash", ["-c", `source ${file}; for n in ${names.join(" ")}; do printf '%s\\0' "\${!n}"; done`], { cwd: dir, encoding: "utf8" });
  assert.equal(printed.status, 0, printed.stderr);
  assert.deepEqual(printed.stdout.split("\0").slice(0, -1), Object.values(hostile));
  assert.equal(spawnSync("ls", [dir], { encoding: "utf8" }).stdout.includes("pwned"), false, "nothing in a value ran");
  const droid = join(dir, "droid-env.sh");
  assert.deepEqual(setSessionEnv({ A: "1" }, { CLAUDE_ENV_FILE: droid }, {}), { ok: true, value: droid }, "droid names the file in its stdin");
  for (const [vars, code] of [[{ "A-B": "x" }, "invalid-env-name"], [{ "1A": "x" }, "invalid-env-name"], [{ A: "x\0y" }, "invalid-env-value"]] as const) {
    const result = setSessionEnv(vars, undefined, { CLAUDE_ENV_FILE: file });
    assert.equal(result.ok, false);
    assert.equal(!result.ok && result.error.code, code);
  }
  const none = setSessionEnv({ A: "1" }, undefined, {});
  assert.equal(!none.ok && none.error.code, "no-env-file");
  const unwritable = setSessionEnv({ A: "1" }, undefined, { CLAUDE_ENV_FILE: join(dir, "missing", "env.sh") });
  assert.equal(!unwritable.ok && unwritable.error.code, "env-file-write");
});

test("the logger never writes stdout: stderr or a file, filtered by level, and survives unserialisable data", async () => {
  const { mkdtempSync, readFileSync: read } = await import("node:fs");
  const { tmpdir } = await import("node:os");
  const { createLogger } = await import("../src/hooks/index.js");
  const lines: string[] = [];
  const log = createLogger({ name: "rm-guard", level: "info", write: (line) => lines.push(line) }, {});
  log.debug("hidden");
  log.info("checked", { command: "ls" });
  const cyclic: Record<string, unknown> = {};
  cyclic["self"] = cyclic;
  log.error("odd data", cyclic);
  assert.equal(lines.length, 2);
  assert.match(lines[0]!, /^\S+ info \[rm-guard\] checked {"command":"ls"}\n$/);
  assert.match(lines[1]!, /error \[rm-guard\] odd data \[object Object\]/);
  const file = join(mkdtempSync(join(tmpdir(), "kit-log-")), "hook.log");
  const toFile = createLogger({}, { CLAUDE_HOOK_PROTOCOL_LOG: file, CLAUDE_HOOK_PROTOCOL_LOG_LEVEL: "debug" });
  const stdoutWrite = process.stdout.write;
  let wroteStdout = false;
  process.stdout.write = ((..._args: unknown[]) => ((wroteStdout = true), true)) as typeof process.stdout.write;
  try {
    toFile.debug("to the file");
    createLogger({ level: "warn" }, {}).warn("to stderr");
  } finally {
    process.stdout.write = stdoutWrite;
  }
  assert.equal(wroteStdout, false);
  assert.match(read(file, "utf8"), /debug to the file\n$/);
});

for (const { agent, form, event, shell } of SHELL_CALLS) {
  test(`${agent}${form}: a fail-closed hook that crashes on its call denies in the agent's dialect, which its merge reads as a deny`, async () => {
    const crashes = defineHook({ event: "PreToolUse", tools: ["Bash"], failClosed: true, run: () => { throw new Error("policy server down"); } });
    const call = shellCall(agent, event, shell, "ls");
    const outcome = await crashes.handle(JSON.stringify(call));
    const merged = asAgentMerges(agent, event, call, outcome);
    assert.ok(merged.ok);
    assert.equal(merged.value.effects.blocked, true, `${outcome.stdout} / exit ${outcome.exit}`);
    const otherTool = await crashes.handle(JSON.stringify({ ...call, ...(call["toolName"] !== undefined ? { toolName: "view" } : { tool_name: "Read" }) }));
    assert.deepEqual(otherTool, { agent, exit: 0, stdout: "", stderr: "" }, "a tool the hook is not for: never denied, even fail-closed");
  });
}

test("hostile inputs by class: prototype keys, odd toolArgs, odd event names and names of other agents' tools", async () => {
  const held: string[] = [];
  const cases: [string, string, (o: HookOutcome) => boolean][] = [
    // prototype keys stay data through the renaming (Copilot's camelCase form, a tool's fields)
    ["__proto__ in toolArgs", `{"sessionId":"s","timestamp":1,"cwd":"/w","toolName":"bash","toolArgs":{"__proto__":{"command":"rm -rf /"},"command":"ls"}}`, (o) => o.stdout === "" && o.exit === 0],
    ["__proto__ as toolName", `{"sessionId":"s","timestamp":1,"cwd":"/w","toolName":"__proto__","toolArgs":{"command":"rm -rf /"}}`, (o) => o.stdout === "" && o.exit === 0],
    ["constructor as the event", `{"session_id":"s","timestamp":"t","cwd":"/w","transcript_path":"/t","hook_event_name":"constructor","tool_name":"run_shell_command","tool_input":{"command":"rm -rf /"}}`, (o) => o.stdout === "" && o.exit === 0],
    ["toString as the tool", `{"session_id":"s","timestamp":"t","cwd":"/w","transcript_path":"/t","hook_event_name":"BeforeTool","tool_name":"toString","tool_input":{"command":"rm -rf /"}}`, (o) => o.stdout === "" && o.exit === 0],
    // toolArgs as text: JSON text is read, anything else fails the hook (closed: a deny)
    ["toolArgs JSON text", `{"sessionId":"s","timestamp":1,"cwd":"/w","toolName":"bash","toolArgs":"{\\"command\\":\\"rm -rf /\\"}"}`, (o) => /"deny"/.test(o.stdout)],
    ["toolArgs not JSON", `{"sessionId":"s","timestamp":1,"cwd":"/w","toolName":"bash","toolArgs":"rm -rf /"}`, (o) => /"deny"/.test(o.stdout) && /object tool_input/.test(o.stderr)],
    ["toolArgs JSON array", `{"sessionId":"s","timestamp":1,"cwd":"/w","toolName":"bash","toolArgs":"[1,2]"}`, (o) => /"deny"/.test(o.stdout)],
    ["toolArgs deep", `{"sessionId":"s","timestamp":1,"cwd":"/w","toolName":"bash","toolArgs":"${"[".repeat(5000)}${"]".repeat(5000)}"}`, (o) => /"deny"/.test(o.stdout)],
    // names: the event and the tool both have to be the hook's
    ["hook_event_name a number", `{"session_id":"s","cwd":"/w","hook_event_name":5,"tool_name":"Bash","tool_input":{"command":"rm -rf /"}}`, (o) => o.stdout === "" && o.exit === 0],
    ["a Copilot input of two events' keys", `{"sessionId":"s","timestamp":1,"cwd":"/w","toolName":"bash","toolArgs":{"command":"rm -rf /"},"toolResult":{}}`, (o) => o.stdout === "" && o.exit === 0],
    ["droid's Execute under Claude Code's fields", `{"session_id":"s","transcript_path":"/h/.claude/p.jsonl","cwd":"/w","permission_mode":"default","hook_event_name":"PreToolUse","tool_name":"Execute","tool_input":{"command":"rm -rf /"}}`, (o) => o.stdout === "" && o.exit === 0],
  ];
  for (const [name, stdin, ok] of cases) {
    const outcome = await denyRmRf.handle(stdin);
    if (ok(outcome)) held.push(name);
    else assert.fail(`${name}: ${JSON.stringify(outcome)}`);
  }
  assert.equal(held.length, cases.length);
  assert.equal(({} as Record<string, unknown>)["command"], undefined, "no prototype was polluted");
});

test("every answer the matrix says an agent does not enforce is degraded by the policy (said on stderr) or refused, under every agent and event", async () => {
  const { DEGRADE_POLICY } = await import("../src/core/capabilities.js");
  const failures: string[] = [];
  let checked = 0;
  const saved = process.env[AGENT_ENV];
  try {
    for (const { agent, own, canonical, kind, claim, input } of claimCalls()) {
      if (claim.support === "enforced") continue;
      process.env[AGENT_ENV] = agent;
      checked++;
      const where = `${agent} ${own} ${kind} (${claim.support})`;
      const hook = defineHook({ event: canonical as "Stop", run: (_input, answer) => CLAIM_REPLIES[kind](answer as never) as never });
      const outcome = await hook.handle(JSON.stringify(input));
      const policy = DEGRADE_POLICY[kind];
      if (policy === "refuse") {
        if (outcome.exit !== 1 || !/does not honour .* never dropped/.test(outcome.stderr)) failures.push(`${where}: not refused: ${JSON.stringify(outcome)}`);
      } else if (policy === "nothing") {
        if (outcome.exit !== 0 || outcome.stdout !== "" || !/left out of the answer/.test(outcome.stderr)) failures.push(`${where}: not left out: ${JSON.stringify(outcome)}`);
      } else if (!/"deny"|"block"/.test(outcome.stdout) && !/nor deny/.test(outcome.stderr)) {
        failures.push(`${where}: not answered ${policy}: ${JSON.stringify(outcome)}`);
      }
      const strict = defineHook({ event: canonical as "Stop", unsupported: "strict", run: (_input, answer) => CLAIM_REPLIES[kind](answer as never) as never });
      const refused = await strict.handle(JSON.stringify(input));
      if (refused.exit !== 1 || !/the hook is strict/.test(refused.stderr)) failures.push(`${where}: strict not refused: ${JSON.stringify(refused)}`);
    }
  } finally {
    if (saved === undefined) delete process.env[AGENT_ENV];
    else process.env[AGENT_ENV] = saved;
  }
  assert.deepEqual(failures, []);
  assert.ok(checked >= 60, `${checked} claims checked`);
});

/**
 * Every pair of a named agent (CLAUDE_HOOK_PROTOCOL_AGENT) and the agent whose recorded stdin the hook gets: a
 * hook that denies (or blocks) every call of its event denies under the agent that sent the stdin, whatever the
 * name, and, when the stdin is also a valid input of the named agent (its own schema's validator), under that
 * agent too: the agents that may run the hook. Checked by each agent's merge, where its capabilities say the
 * deny or block is enforced there (elsewhere the kit refuses or degrades, as the tests above show).
 */
test("a named agent never changes what a deny means: every pair of named agent and recorded stdin agent", async () => {
  const { allCapabilities } = await import("../src/agent-capabilities.js");
  const { toClaudeShape } = await import("../src/hooks/agent-names.js");
  const { DECISION_EVENTS, BLOCK_EVENTS } = await import("../src/hooks/events.js");
  const enforced = (agent: AgentName, own: string, kind: "deny" | "block"): boolean => allCapabilities().find((c) => c.agent === agent)?.events[own]?.[kind]?.support === "enforced";
  const lost: string[] = [];
  let pairs = 0;
  let shared = 0;
  const saved = process.env[AGENT_ENV];
  try {
    for (const sender of AGENTS) {
      const shapes = new Map<string, Record<string, unknown>>();
      // a Stop input that says a Stop hook blocked already: the kit's Stop guard gives no block again (tested above)
      for (const { payload: recorded } of PAYLOADS.get(sender)!) {
        const payload = recorded["stop_hook_active"] === true ? { ...recorded, stop_hook_active: false } : recorded;
        shapes.set(`${Object.keys(payload).sort().join(",")} ${String(payload["hook_event_name"])} ${String(payload["tool_name"] ?? payload["toolName"])} ${payload["transcript_path"] === null}`, payload);
      }
      for (const payload of shapes.values()) {
        const event = toClaudeShape(sender, toNullPrototype(payload) as JsonObject).event;
        const kind = event === null ? null : (DECISION_EVENTS as readonly string[]).includes(event) ? "deny" : (BLOCK_EVENTS as readonly string[]).includes(event) ? "block" : null;
        if (event === null || kind === null) continue;
        const hook = defineHook({ event: event as "Stop", failClosed: true, run: (_input, answer) => ((answer as unknown as Record<string, (reason: string) => unknown>)[kind]!("R") as never) });
        for (const named of AGENTS) {
          process.env[AGENT_ENV] = named;
          const outcome = await hook.handle(JSON.stringify(payload));
          // the named agent may have sent it too when it is a valid input of its and has no key its schemas do not declare
          const mayBeNamed = named !== sender && mayHaveSent(named, payload);
          const involved = mayBeNamed ? [sender, named] : [sender];
          if (involved.length > 1) shared++;
          for (const agent of involved) {
            const { ownEvent: own, blocked } = blockedUnder(agent, payload, outcome);
            if (enforced(agent, own, kind) && !blocked) lost.push(`named ${named}, ${sender}'s ${String(payload["hook_event_name"] ?? own)}: ${kind} lost under ${agent}: exit ${outcome.exit} ${outcome.stdout}`);
          }
          pairs++;
        }
      }
    }
  } finally {
    if (saved === undefined) delete process.env[AGENT_ENV];
    else process.env[AGENT_ENV] = saved;
  }
  assert.deepEqual(lost, []);
  assert.ok(pairs >= 300 && shared >= 4, `${pairs} (named agent, recorded stdin) pairs, ${shared} that both agents may send`);
});

/**
 * Where two agents may have sent a recorded stdin (the named agent, by its own schemas, and the agent that sent
 * it), a hook that denies (or blocks) its call blocks under both, as each agent's merge reads the one answer
 * written, whatever the capabilities say; or, where no one answer blocks under both (generated/kit/cross-readings.ts),
 * the kit says so on stderr and blocks under the named agent.
 */
test("two possible senders: one answer blocks under both, or the kit says none does and blocks under the named agent", async () => {
  const { toClaudeShape } = await import("../src/hooks/agent-names.js");
  const { DECISION_EVENTS, BLOCK_EVENTS } = await import("../src/hooks/events.js");
  const lost: string[] = [];
  let shared = 0;
  let noted = 0;
  const saved = process.env[AGENT_ENV];
  try {
    for (const sender of AGENTS) {
      for (const { payload: recorded } of PAYLOADS.get(sender)!) {
        const payload = recorded["stop_hook_active"] === true ? { ...recorded, stop_hook_active: false } : recorded;
        const event = toClaudeShape(sender, toNullPrototype(payload) as JsonObject).event;
        const kind = event === null ? null : (DECISION_EVENTS as readonly string[]).includes(event) || event === "PermissionRequest" ? "deny" : (BLOCK_EVENTS as readonly string[]).includes(event) ? "block" : null;
        if (event === null || kind === null) continue;
        const hook = defineHook({ event: event as "Stop", failClosed: true, run: (_input, answer) => ((answer as unknown as Record<string, (reason: string) => unknown>)[kind]!("R") as never) });
        for (const named of AGENTS) {
          if (named === sender || !mayHaveSent(named, payload)) continue;
          process.env[AGENT_ENV] = named;
          const outcome = await hook.handle(JSON.stringify(payload));
          shared++;
          const [underNamed, underSender] = [blockedUnder(named, payload, outcome).blocked, blockedUnder(sender, payload, outcome).blocked];
          if (underNamed && underSender) continue;
          const said = /no one answer (denies|blocks) under both/.test(outcome.stderr);
          if (said) noted++;
          if (!said || !underNamed) lost.push(`named ${named}, ${sender}'s ${String(payload["hook_event_name"])}: ${kind} blocks under ${named} ${underNamed}, under ${sender} ${underSender}: exit ${outcome.exit} ${outcome.stdout} ${JSON.stringify(outcome.stderr)}`);
        }
      }
    }
  } finally {
    if (saved === undefined) delete process.env[AGENT_ENV];
    else process.env[AGENT_ENV] = saved;
  }
  assert.deepEqual(lost, []);
  assert.ok(shared >= 4, `${shared} recorded stdins two agents may send (${noted} where no one answer blocks under both)`);
  console.log(`two possible senders: ${shared} (named agent, recorded stdin) pairs, ${noted} noted as served by no one answer`);
});

/**
 * Every entry of generated/kit/cross-readings.ts, through `writeForAll` and each agent's merge (src/merge.ts, checked
 * against its recordings): the answer written blocks under both agents; where the data says no one answer does, each
 * of the three the kit could write (either agent's own, exit 2) is let through by one of them, and the kit blocks
 * under the named agent and says so on stderr. Copilot CLI's and Claude Code's PermissionRequest is such a pair: the
 * kit before this wrote Copilot CLI's answer, which Claude Code's merge does not read as a deny, without a word.
 */
test("cross readings: the answer for two possible senders blocks under both, or the kit says none does", async () => {
  const { writeForAll, answerWriter } = await import("../src/hooks/agents.js");
  const { KIT_CROSS_READINGS } = await import("../generated/kit/cross-readings.js");
  const problems: string[] = [];
  let entries = 0;
  let none = 0;
  for (const [named, bySender] of Object.entries(KIT_CROSS_READINGS)) {
    for (const [sender, byEvent] of Object.entries(bySender)) {
      for (const [event, byKind] of Object.entries(byEvent)) {
        for (const [kind, choice] of Object.entries(byKind) as ["deny" | "block", string][]) {
          entries++;
          const intent = kind === "deny" ? { decision: "deny" as const, reason: "R" } : { block: true as const, reason: "R" };
          const stdin = { hook_event_name: event, tool_name: "Bash", tool_input: { command: "true" } };
          const result = await writeForAll([{ agent: named as AgentName, event }, { agent: sender as AgentName, event }], intent);
          if (result === undefined || !result.ok) { problems.push(`${named}/${sender} ${event} ${kind}: no answer`); continue; }
          const under = (agent: string, answer: { exit: number; stdout: string; stderr: string }): boolean => blockedUnder(agent as AgentName, stdin, answer).blocked;
          if (!choice.startsWith("none")) {
            if (!under(named, result.answer) || !under(sender, result.answer)) problems.push(`${named}/${sender} ${event} ${kind} (${choice}): ${JSON.stringify(result.answer)} does not block under both`);
            continue;
          }
          none++;
          const candidates = [(await answerWriter(named as AgentName)!(event, intent)), (await answerWriter(sender as AgentName)!(event, intent))].flatMap((r) => (r.ok ? [r.answer] : []));
          for (const answer of [...candidates, { exit: 2, stdout: "", stderr: "R" }]) if (under(named, answer) && under(sender, answer)) problems.push(`${named}/${sender} ${event} ${kind}: ${JSON.stringify(answer)} blocks under both, yet the data says none does`);
          if (!under(named, result.answer)) problems.push(`${named}/${sender} ${event} ${kind}: does not block under ${named}`);
          if (!/no one answer (denies|blocks) under both/.test(result.answer.stderr)) problems.push(`${named}/${sender} ${event} ${kind}: no note on stderr: ${JSON.stringify(result.answer.stderr)}`);
        }
      }
    }
  }
  assert.deepEqual(problems, []);
  assert.ok(entries >= 1 && none >= 1, `${entries} entries, ${none} served by no one answer`);
  console.log(`cross readings: ${entries} entries, ${none} served by no one answer`);
});
