/**
 * The Python, Go and Rust hook kits, against the TypeScript kit:
 * - each language's example hooks (deny `rm -rf`, protect `.env`, Stop until
 *   the tests pass) pass the TypeScript examples' own hook tests
 *   (examples/hooks/fixtures/*.hooktest.json, run by `claude-hook-protocol
 *   test` as Claude Code runs hooks), with only the hook command changed;
 * - they tell the agent of every recorded input under test/observer/ as the
 *   TypeScript kit does (src/hooks/agents.ts);
 * - they fail closed on a crash and an overrun, answer a call to a tool they
 *   were not defined for with nothing, and refuse an agent they cannot answer;
 * - the type checker refuses the answers an event does not take (Python:
 *   pyright --strict; Go and Rust: the compiler).
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync, type SpawnSyncReturns } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PassThrough } from "node:stream";
import { run as runHookTests } from "../src/cli/test.js";
import { detectAgent } from "../src/hooks/agents.js";
import type { JsonObject } from "../src/json/value.js";
import { repoRoot } from "./bindings-samples.js";

const root = repoRoot.replace(/\/$/, "");
const has = (command: string, args: string[]): boolean => spawnSync(command, args).status === 0;
function run(command: string, args: readonly string[], options: { cwd?: string; env?: NodeJS.ProcessEnv; input?: string } = {}): SpawnSyncReturns<string> {
  return spawnSync(command, [...args], { cwd: options.cwd ?? root, env: { ...process.env, ...options.env }, input: options.input ?? "", encoding: "utf8", timeout: 900_000 });
}

async function hookTests(file: string): Promise<{ code: number; out: string }> {
  const stdout = new PassThrough();
  const stderr = new PassThrough();
  let out = "";
  stdout.on("data", (chunk: Buffer) => (out += chunk.toString("utf8")));
  stderr.on("data", (chunk: Buffer) => (out += chunk.toString("utf8")));
  const code = await runHookTests([file], { stdin: new PassThrough(), stdout, stderr, env: {} });
  return { code, out };
}

/**
 * The TypeScript example's hook test file with `command` as its hook, in
 * `dir`; the cases unchanged but for the hook's command where an expected
 * text quotes it (Claude Code names the command in a Stop block's notice).
 */
function fixtureFor(dir: string, example: string, command: string): string {
  const text = readFileSync(join(root, `examples/hooks/fixtures/kit-${example}.hooktest.json`), "utf8");
  const original = (JSON.parse(text) as { hooks: string[] }).hooks;
  assert.equal(original.length, 1);
  const quoted = (value: string): string => JSON.stringify(value).slice(1, -1);
  const fixture = JSON.parse(text.split(quoted(original[0]!)).join(quoted(command))) as { hooks: string[]; $schema?: string };
  delete fixture.$schema;
  const path = join(dir, `${example}.hooktest.json`);
  writeFileSync(path, JSON.stringify(fixture));
  return path;
}

const EXAMPLES = ["deny-rm-rf", "protect-env", "stop-until-tests-pass"] as const;

/** Every recorded hook input under test/observer/, once each. */
function recordedInputs(): JsonObject[] {
  const seen = new Set<string>();
  const walk = (dir: string): void => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else if (name.endsWith(".json")) {
        let file: { hooks?: unknown };
        try {
          file = JSON.parse(readFileSync(path, "utf8")) as typeof file;
        } catch {
          continue;
        }
        if (!Array.isArray(file.hooks)) continue;
        for (const hook of file.hooks as Record<string, unknown>[]) {
          for (const input of [hook["stdin_first"], ...(Array.isArray(hook["stdin_more"]) ? hook["stdin_more"] : [])]) {
            if (input !== null && typeof input === "object" && !Array.isArray(input)) seen.add(JSON.stringify(input));
          }
        }
      }
    }
  };
  walk(join(root, "test/observer"));
  return [...seen].sort().map((text) => JSON.parse(text) as JsonObject);
}
const recorded = recordedInputs();
const expectedAgents = recorded.map((input) => detectAgent(input).agent);

const pre = (toolName: string, toolInput: object, extra: object = {}): string =>
  JSON.stringify({ session_id: "s", transcript_path: "/t.jsonl", cwd: "/", hook_event_name: "PreToolUse", tool_name: toolName, tool_input: toolInput, tool_use_id: "u", permission_mode: "default", ...extra });

// ---------------------------------------------------------------------------
// Python

const python = { PYTHONPATH: join(root, "generated/python"), PYTHONDONTWRITEBYTECODE: "1" };
const pythonMissing = !has("python3", ["--version"]) && "python3 missing";

test("python kit: the examples pass the TypeScript examples' hook tests", { skip: pythonMissing }, async () => {
  const dir = mkdtempSync(join(tmpdir(), "kit-python-"));
  try {
    for (const example of EXAMPLES) {
      const script = join(root, `examples/hooks/python/${example.replace(/-/g, "_")}.py`);
      const result = await hookTests(fixtureFor(dir, example, `PYTHONPATH=${python.PYTHONPATH} PYTHONDONTWRITEBYTECODE=1 python3 ${script}`));
      assert.equal(result.code, 0, `${example}: ${result.out}`);
      assert.match(result.out, / passed\n$/);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test("python kit: tells the agent of every recorded input as the TypeScript kit does", { skip: pythonMissing }, () => {
  const script = "import json, sys\nfrom claude_hook_protocol.kit import detect_agent\nprint(json.dumps([detect_agent(i)[0] for i in json.load(sys.stdin)]))";
  const result = run("python3", ["-c", script], { env: python, input: JSON.stringify(recorded) });
  assert.equal(result.status, 0, result.stderr);
  assert.deepEqual(JSON.parse(result.stdout), expectedAgents);
  assert.ok(new Set(expectedAgents).size >= 5, `recorded inputs of ${new Set(expectedAgents).size} agents`);
});

test("python kit: fails closed on a crash, SystemExit and an overrun; other tools pass; an agent it cannot answer is refused", { skip: pythonMissing }, () => {
  const hookWith = (body: string, options = "fail_closed=True, timeout=1"): string =>
    `from claude_hook_protocol.kit import hook, run\nimport time, sys\ndef handler(call, answer):\n${body}\nrun(hook("PreToolUse", handler, tools=["Bash"], ${options}))\n`;
  const cases: [string, string, string, RegExp, number][] = [
    ["crash", hookWith("    raise RuntimeError('boom')"), pre("Bash", { command: "ls" }), /"permissionDecision":"deny","permissionDecisionReason":"Hook failed closed: the handler raised RuntimeError: boom"/, 0],
    ["SystemExit", hookWith("    sys.exit(0)"), pre("Bash", { command: "ls" }), /"permissionDecision":"deny","permissionDecisionReason":"Hook failed closed: the handler raised SystemExit: 0"/, 0],
    ["overrun", hookWith("    time.sleep(30)"), pre("Bash", { command: "ls" }), /"permissionDecisionReason":"Hook failed closed: the handler did not answer within its 1 s budget"/, 0],
    ["busy overrun", hookWith("    while True: pass"), pre("Bash", { command: "ls" }), /"permissionDecisionReason":"Hook failed closed: the handler did not answer within its 1 s budget"/, 0],
    ["not JSON", hookWith("    return None"), "{", /"permissionDecisionReason":"Hook failed closed: stdin is not one JSON object/, 0],
    ["a wrong answer for the event", hookWith("    return answer.block('no')"), pre("Bash", { command: "ls" }), /"permissionDecisionReason":"Hook failed closed: the answer cannot be written: PreToolUse does not take block"/, 0],
    ["Codex's answer", hookWith("    return answer.deny()"), pre("Bash", { command: "ls" }, { turn_id: "t" }), /"permissionDecision":"deny","permissionDecisionReason":"Blocked by hook"/, 0],
    ["Copilot CLI is refused", hookWith("    return None"), JSON.stringify({ sessionId: "s", toolName: "bash", toolArgs: "{}", cwd: "/", timestamp: 1 }), /"permissionDecisionReason":"Hook failed closed: this input comes from Copilot CLI/, 0],
    ["another tool passes", hookWith("    raise RuntimeError('boom')"), pre("Read", { file_path: "/x" }), /^$/, 0],
    ["not fail-closed: exit 1", hookWith("    raise RuntimeError('boom')", "timeout=1"), pre("Bash", { command: "ls" }), /^$/, 1],
  ];
  for (const [name, source, input, expected, exit] of cases) {
    const result = run("python3", ["-c", source], { env: python, input });
    assert.equal(result.status, exit, `${name}: ${result.stderr}`);
    assert.match(result.stdout, expected, `${name}: ${result.stdout} ${result.stderr}`);
    if (exit === 1) assert.match(result.stderr, /claude-hook-protocol\/kit: PreToolUse hook: the handler raised RuntimeError: boom/);
  }
});

test("python kit: pyright --strict accepts the examples and refuses the answers an event does not take", { skip: pythonMissing }, () => {
  const dir = mkdtempSync(join(tmpdir(), "kit-pyright-"));
  try {
    writeFileSync(
      join(dir, "wrong.py"),
      [
        "from __future__ import annotations",
        "from claude_hook_protocol import PreToolUseHookInput, StopHookInput",
        "from claude_hook_protocol.kit import PreToolUseAnswers, Reply, StopAnswers, hook, tool_input",
        "",
        "def pre(call: PreToolUseHookInput, answer: PreToolUseAnswers) -> Reply | None:",
        "    return answer.block('a PreToolUse hook denies; it has no block')",
        "",
        "def stop(call: StopHookInput, answer: StopAnswers) -> Reply | None:",
        "    return answer.deny('a Stop hook blocks; it has no deny')",
        "",
        "def path(call: PreToolUseHookInput, answer: PreToolUseAnswers) -> Reply | None:",
        "    return answer.deny(tool_input(call, 'Bash')['file_path'])",
        "",
        "hook('Stop', pre)",
        "",
      ].join("\n"),
    );
    const files = [...EXAMPLES.map((e) => join(root, `examples/hooks/python/${e.replace(/-/g, "_")}.py`)), join(dir, "wrong.py")];
    writeFileSync(join(dir, "pyrightconfig.json"), JSON.stringify({ include: files, extraPaths: [python.PYTHONPATH], typeCheckingMode: "strict", pythonVersion: "3.11" }));
    const checked = run(join(root, "node_modules/.bin/pyright"), ["-p", join(dir, "pyrightconfig.json")], { cwd: dir });
    const errors = [...new Set([...checked.stdout.matchAll(/([\w.]+):(\d+):\d+ - error: (.*)/g)].map((m) => `${m[1]}:${m[2]}`))];
    assert.deepEqual(errors, ["wrong.py:6", "wrong.py:9", "wrong.py:12", "wrong.py:14"], checked.stdout);
    assert.match(checked.stdout, /Cannot access attribute "block" for class "PreToolUseAnswers"/);
    assert.match(checked.stdout, /Cannot access attribute "deny" for class "StopAnswers"/);
    assert.match(checked.stdout, /"file_path" is not a defined key in "BashToolInput"/);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
