/**
 * The language kits (Python, Go, Rust) as test/kit-agents.test.ts and test/kit-tool-names.test.ts check the
 * TypeScript kit: for every pair of a named agent (CLAUDE_HOOK_PROTOCOL_AGENT) and the agent whose recorded
 * shell call the deny example gets, the rm -rf call is denied under the agent that sent it and, where the
 * stdin is also a valid input of the named agent, under that one too (each agent's merge); a
 * PostToolUse block on a stdin that droid and Claude Code may both send is exit 2 (Python: a hook of the
 * test's own); and the protect-env example denies every agent's recorded file-tool calls of a .env file.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { AgentName } from "../src/core/agents.js";
import { toClaudeShape } from "../src/hooks/agent-names.js";
import { AGENTS, SHELL_CALLS, shellCall, type AgentAnswer } from "./lib/agent-payloads.js";
import { blockedUnder, mayHaveSent } from "./lib/agent-schemas.js";
import { cargoTarget, goEnv, goMissing, pythonMissing, root, run, rustMissing } from "./lib/toolchains.js";
import { recordedToolCalls } from "./lib/recorded-tools.js";

const python = { PYTHONPATH: join(root, "generated/python"), PYTHONDONTWRITEBYTECODE: "1" };

/** A Python hook file on each (stdin, agent name) in one process, the name set in the environment as install writes it. */
const PYTHON_DRIVER = `
import json, os, runpy, sys
import claude_hook_protocol.kit as kit
hooks = []
kit.run = hooks.append
runpy.run_path(sys.argv[1])
out = []
for stdin, named in json.load(sys.stdin):
    os.environ.pop(kit.AGENT_ENV, None)
    if named: os.environ[kit.AGENT_ENV] = named
    code, stdout, stderr = kit.handle(hooks[0], stdin)
    out.append({"exit": code, "stdout": stdout, "stderr": stderr})
print(json.dumps(out))
`;

type Runs = (file: string, calls: readonly (readonly [string, string | null])[]) => AgentAnswer[];

const pythonRuns: Runs = (file, calls) => {
  const result = run("python3", ["-c", PYTHON_DRIVER, file], { env: python, input: JSON.stringify(calls) });
  assert.equal(result.status, 0, result.stderr);
  return JSON.parse(result.stdout) as AgentAnswer[];
};

const compiledRuns = (binary: (name: string) => string): Runs => (name, calls) => {
  const path = binary(name);
  return calls.map(([stdin, named]) => {
    const result = run(path, [], { input: stdin, env: { CLAUDE_HOOK_PROTOCOL_AGENT: named ?? "" } });
    return { exit: result.status ?? -1, stdout: result.stdout, stderr: result.stderr };
  });
};

const goBinaries = new Map<string, string>();
function goExample(name: string): string {
  const built = goBinaries.get(name);
  if (built !== undefined) return built;
  const binary = join(mkdtempSync(join(tmpdir(), "kit-named-go-")), name);
  const build = run("go", ["build", "-o", binary, `./${name}`], { cwd: join(root, "examples/hooks/go"), env: goEnv });
  assert.equal(build.status, 0, build.stderr);
  goBinaries.set(name, binary);
  return binary;
}

let rustBuilt = false;
function rustExample(name: string): string {
  if (!rustBuilt) {
    const build = run("cargo", ["build", "--release", "--quiet"], { cwd: join(root, "examples/hooks/rust"), env: { CARGO_TARGET_DIR: cargoTarget } });
    assert.equal(build.status, 0, build.stderr);
    rustBuilt = true;
  }
  return join(cargoTarget, "release", name);
}

const EXAMPLES: Readonly<Record<string, Readonly<Record<"deny" | "env", string>>>> = {
  python: { deny: join(root, "examples/hooks/python/deny_rm_rf.py"), env: join(root, "examples/hooks/python/protect_env.py") },
  go: { deny: "deny-rm-rf", env: "protect-env" },
  rust: { deny: "deny-rm-rf", env: "protect-env" },
};

const KITS: readonly { readonly language: string; readonly skip: string | false; readonly runs: Runs }[] = [
  { language: "python", skip: pythonMissing, runs: pythonRuns },
  { language: "go", skip: goMissing, runs: compiledRuns(goExample) },
  { language: "rust", skip: rustMissing, runs: compiledRuns(rustExample) },
];

for (const kit of KITS) {
  test(`${kit.language} kit: every (named agent, recorded shell call) pair denies rm -rf under each agent that may have sent the stdin`, { skip: kit.skip }, () => {
    const cases = SHELL_CALLS.flatMap(({ agent, event, shell }) => AGENTS.map((named) => ({ sender: agent, named, stdin: shellCall(agent, event, shell, "rm -rf /tmp/scratch") })));
    const answers = kit.runs(EXAMPLES[kit.language]!.deny, cases.map((c) => [JSON.stringify(c.stdin), c.named] as const));
    const lost: string[] = [];
    cases.forEach(({ sender, named, stdin }, i) => {
      for (const agent of named !== sender && mayHaveSent(named, stdin) ? [sender, named] : [sender]) if (!blockedUnder(agent, stdin, answers[i]!).blocked) lost.push(`named ${named}, ${sender}'s call: lost under ${agent}: ${JSON.stringify(answers[i])}`);
    });
    assert.deepEqual(lost, []);
  });

  test(`${kit.language} kit: the protect-env example denies every agent's recorded file-tool call of a .env file, and leaves the recorded file alone`, { skip: kit.skip }, () => {
    const calls: { agent: AgentName; stdin: Record<string, unknown> }[] = [];
    for (const agent of ["qwen-code", "gemini-cli", "droid", "copilot-cli"] as const) {
      for (const { payload } of recordedToolCalls(agent)) {
        const name = String(payload["tool_name"] ?? payload["toolName"]);
        // a PreToolUse call (a view's postToolUse is another event: no answer)
        if (toClaudeShape(agent, payload).event !== "PreToolUse") continue;
        if (!["read_file", "write_file", "edit", "replace", "Read", "Create", "Edit", "view"].includes(name) || calls.some((c) => c.agent === agent && String(c.stdin["tool_name"] ?? c.stdin["toolName"]) === name)) continue;
        calls.push({ agent, stdin: { ...payload } });
      }
    }
    const secret = (stdin: Record<string, unknown>): Record<string, unknown> => {
      const args = "toolArgs" in stdin ? "toolArgs" : "tool_input";
      const input = { ...(stdin[args] as Record<string, unknown>) };
      input["path" in input ? "path" : "file_path"] = "/w/.env";
      return { ...stdin, [args]: input };
    };
    const answers = kit.runs(EXAMPLES[kit.language]!.env, calls.flatMap((c) => [[JSON.stringify(secret(c.stdin)), null], [JSON.stringify(c.stdin), null]] as const));
    const wrong: string[] = [];
    calls.forEach(({ agent, stdin }, i) => {
      const [denied, allowed] = [answers[2 * i]!, answers[2 * i + 1]!];
      const name = String(stdin["tool_name"] ?? stdin["toolName"]);
      if (!blockedUnder(agent, secret(stdin), denied).blocked) wrong.push(`${agent} ${name} of .env: ${JSON.stringify(denied)}`);
      if (allowed.exit !== 0 || allowed.stdout !== "") wrong.push(`${agent} ${name} of its own file: ${JSON.stringify(allowed)}`);
    });
    assert.deepEqual(wrong, []);
    assert.ok(calls.length >= 10, `${calls.length} recorded file-tool calls`);
  });
}

test("python kit: a PostToolUse block that droid and Claude Code would read differently is exit 2, a block under both", { skip: pythonMissing }, () => {
  const file = join(mkdtempSync(join(tmpdir(), "kit-named-py-")), "block_after_tool.py");
  writeFileSync(file, 'from claude_hook_protocol.kit import hook, run\nrun(hook("PostToolUse", lambda call, answer: answer.block("the output leaks"), tools=["Bash"], fail_closed=True))\n');
  const stdin = { session_id: "s", transcript_path: "/h/.claude/projects/p/s.jsonl", cwd: "/w", permission_mode: "default", hook_event_name: "PostToolUse", tool_name: "Bash", tool_input: { command: "cat x" }, tool_response: { stdout: "k" }, tool_use_id: "t" };
  const [answer] = pythonRuns(file, [[JSON.stringify(stdin), "droid"]]);
  assert.equal(answer!.exit, 2, JSON.stringify(answer));
  for (const agent of ["claude-code", "droid"] as const) assert.ok(blockedUnder(agent, stdin, answer!).blocked, agent);
});
