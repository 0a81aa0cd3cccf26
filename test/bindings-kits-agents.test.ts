/**
 * The language kits under every agent, on the stdin payloads recorded from the real agents
 * (test/observer/<agent>/observed), as test/kit-agents.test.ts checks the TypeScript kit: the deny
 * example (fail-closed, written once in Claude Code's names) sees Claude Code's names, denies the
 * recorded shell call with `rm -rf` in the agent's dialect, which the agent's merge reads as a deny,
 * and gives no answer to `ls` or to any recorded call of another event or tool.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { AgentName } from "../src/core/agents.js";
import { AGENTS, PAYLOADS, SHELL_CALLS, asAgentMerges, shellCall, type AgentAnswer } from "./lib/agent-payloads.js";
import { cargoTarget, goEnv, goMissing, pythonMissing, root, run, rustMissing } from "./lib/toolchains.js";

interface KitRun extends AgentAnswer {
  /** What the handler was given: [event, tool, command], or null when it was not called. */
  readonly seen: [unknown, unknown, unknown] | null;
}

const python = { PYTHONPATH: join(root, "generated/python"), PYTHONDONTWRITEBYTECODE: "1" };

/** The Python deny example (its hook, as it defines it) on each stdin, in one process. */
const PYTHON_DRIVER = `
import json, runpy, sys
import claude_hook_protocol.kit as kit
hooks = []
kit.run = hooks.append
runpy.run_path(sys.argv[1])
definition = hooks[0]
handler = definition.handler
seen = []
def watched(call, answer):
    seen.append([call.get("hook_event_name"), call.get("tool_name"), (call.get("tool_input") or {}).get("command")])
    return handler(call, answer)
definition.handler = watched
out = []
for stdin in json.load(sys.stdin):
    seen.clear()
    code, stdout, stderr = kit.handle(definition, stdin)
    out.append({"exit": code, "stdout": stdout, "stderr": stderr, "seen": seen[0] if seen else None})
print(json.dumps(out))
`;

function pythonKit(stdins: readonly string[]): KitRun[] {
  const result = run("python3", ["-c", PYTHON_DRIVER, join(root, "examples/hooks/python/deny_rm_rf.py")], { env: python, input: JSON.stringify(stdins) });
  assert.equal(result.status, 0, result.stderr);
  return JSON.parse(result.stdout) as KitRun[];
}

/** A compiled example, one process per stdin (what its handler saw is not reported: the answers show it). */
function compiledKit(binary: () => string): (stdins: readonly string[]) => KitRun[] {
  return (stdins) => {
    const path = binary();
    return stdins.map((stdin) => {
      const result = run(path, [], { input: stdin });
      return { exit: result.status ?? -1, stdout: result.stdout, stderr: result.stderr, seen: null };
    });
  };
}

let goBinary: string | undefined;
/** The Go deny example, built once. */
function goDenyExample(): string {
  if (goBinary !== undefined) return goBinary;
  const binary = join(mkdtempSync(join(tmpdir(), "kit-agents-go-")), "deny-rm-rf");
  const build = run("go", ["build", "-o", binary, "./deny-rm-rf"], { cwd: join(root, "examples/hooks/go"), env: goEnv });
  assert.equal(build.status, 0, build.stderr);
  return (goBinary = binary);
}

/** The Rust deny example, built as test/bindings-kits.test.ts builds it (one target directory for every Rust build). */
function rustDenyExample(): string {
  const build = run("cargo", ["build", "--release", "--quiet"], { cwd: join(root, "examples/hooks/rust"), env: { CARGO_TARGET_DIR: cargoTarget } });
  assert.equal(build.status, 0, build.stderr);
  return join(cargoTarget, "release", "deny-rm-rf");
}

const KITS: readonly { readonly language: string; readonly skip: string | false; readonly handle: (stdins: readonly string[]) => KitRun[] }[] = [
  { language: "python", skip: pythonMissing, handle: pythonKit },
  { language: "go", skip: goMissing, handle: compiledKit(goDenyExample) },
  { language: "rust", skip: rustMissing, handle: compiledKit(rustDenyExample) },
];

for (const kit of KITS) {
  test(`${kit.language} kit: under every agent the rm -rf call is denied in its dialect, which its merge reads as a deny; ls gets no answer`, { skip: kit.skip }, () => {
    const calls = SHELL_CALLS.flatMap(({ agent, event, shell }) => [shellCall(agent, event, shell, "rm -rf /tmp/scratch"), shellCall(agent, event, shell, "ls")]);
    const runs = kit.handle(calls.map((call) => JSON.stringify(call)));
    const wrong: string[] = [];
    SHELL_CALLS.forEach(({ agent, form, event }, i) => {
      const [denied, ls] = [runs[2 * i]!, runs[2 * i + 1]!];
      const name = `${agent}${form}`;
      if (denied.seen !== null && JSON.stringify(denied.seen) !== JSON.stringify(["PreToolUse", "Bash", "rm -rf /tmp/scratch"])) wrong.push(`${name}: the handler saw ${JSON.stringify(denied.seen)}`);
      const merged = asAgentMerges(agent as AgentName, event, calls[2 * i]!, denied);
      if (!merged.ok || merged.value.effects.blocked !== true) wrong.push(`${name}: not read as a deny: exit ${denied.exit} ${denied.stdout} ${denied.stderr} -> ${JSON.stringify(merged)}`);
      else if (!/rm -rf is blocked/.test(merged.value.effects.tool_result ?? "")) wrong.push(`${name}: the reason does not reach the model: ${JSON.stringify(merged.value.effects)}`);
      if (ls.exit !== 0 || ls.stdout !== "" || ls.stderr !== "") wrong.push(`${name}: ls answered: exit ${ls.exit} ${ls.stdout} ${ls.stderr}`);
    });
    assert.deepEqual(wrong, []);
  });

  test(`${kit.language} kit: every recorded call of another event or another tool gets no answer under every agent, even fail-closed`, { skip: kit.skip }, () => {
    const others: { agent: string; file: string; event: string; stdin: string }[] = [];
    for (const agent of AGENTS) {
      for (const { file, event, payload } of PAYLOADS.get(agent)!) {
        const shell = SHELL_CALLS.find((c) => c.agent === agent && c.event === event)?.shell;
        if (shell !== undefined && (payload["tool_name"] ?? payload["toolName"]) === shell) continue;
        others.push({ agent, file, event, stdin: JSON.stringify(payload) });
      }
    }
    const runs = kit.handle(others.map((o) => o.stdin));
    const answered = others.filter((_, i) => runs[i]!.exit !== 0 || runs[i]!.stdout !== "" || runs[i]!.stderr !== "").map((o, i) => `${o.agent} ${o.file} ${o.event}: ${JSON.stringify(runs[i])}`);
    assert.deepEqual(answered, []);
    assert.ok(others.length >= 400, `${others.length} payloads`);
    assert.ok(new Set(others.map((o) => o.agent)).size === AGENTS.length, "payloads of every agent");
  });
}

/** Inputs that try to slip a call past the mapping, by class: each must be denied (fail-closed) or left alone as said. */
const HOSTILE: readonly { readonly name: string; readonly stdin: Record<string, unknown>; readonly denied: boolean }[] = [
  { name: "Copilot CLI: toolName bash beside tool_name view (which tool runs cannot be told)", stdin: { sessionId: "s", timestamp: 1, cwd: "/", toolName: "bash", tool_name: "view", toolArgs: { command: "ls" } }, denied: true },
  { name: "Copilot CLI: toolName view beside tool_name bash (the hook's tool named second)", stdin: { sessionId: "s", timestamp: 1, cwd: "/", toolName: "view", tool_name: "bash", toolArgs: { path: "/x" } }, denied: true },
  { name: "Copilot CLI: toolArgs as JSON text and tool_input differing", stdin: { sessionId: "s", timestamp: 1, cwd: "/", toolName: "bash", toolArgs: '{"command":"ls"}', tool_input: { command: "rm -rf /" } }, denied: true },
  { name: "Copilot CLI: toolArgs as JSON text with rm -rf", stdin: { sessionId: "s", timestamp: 1, cwd: "/", toolName: "bash", toolArgs: '{"command":"rm -rf /"}' }, denied: true },
  { name: "Gemini CLI: BeforeTool naming Claude Code's Bash", stdin: { session_id: "s", transcript_path: "/t", cwd: "/", timestamp: "t", hook_event_name: "BeforeTool", tool_name: "Bash", tool_input: { command: "rm -rf /" } }, denied: true },
  { name: "Gemini CLI: an event name that is an object key (__proto__)", stdin: { session_id: "s", transcript_path: "/t", cwd: "/", timestamp: "t", hook_event_name: "__proto__", tool_name: "run_shell_command", tool_input: { command: "rm -rf /" } }, denied: false },
  { name: "Gemini CLI: an event name that is an object key (constructor)", stdin: { session_id: "s", transcript_path: "/t", cwd: "/", timestamp: "t", hook_event_name: "constructor", tool_name: "run_shell_command", tool_input: { command: "rm -rf /" } }, denied: false },
  { name: "Gemini CLI: AfterTool with rm -rf (another event)", stdin: { session_id: "s", transcript_path: "/t", cwd: "/", timestamp: "t", hook_event_name: "AfterTool", tool_name: "run_shell_command", tool_input: { command: "rm -rf /" }, tool_response: {} }, denied: false },
];

for (const kit of KITS) {
  test(`${kit.language} kit: inputs that try to slip past the name mapping are denied, other events left alone`, { skip: kit.skip }, () => {
    const runs = kit.handle(HOSTILE.map((h) => JSON.stringify(h.stdin)));
    const wrong = HOSTILE.filter((h, i) => (h.denied ? !/"(permissionDecision|decision)":"deny"/.test(runs[i]!.stdout) && runs[i]!.exit !== 2 : runs[i]!.exit !== 0 || runs[i]!.stdout !== "")).map((h) => `${h.name}: ${JSON.stringify(runs[HOSTILE.indexOf(h)])}`);
    assert.deepEqual(wrong, []);
  });
}
