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
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PassThrough } from "node:stream";
import { run as runHookTests } from "../src/cli/test.js";
import { detectAgent } from "../src/hooks/agents.js";
import type { JsonObject } from "../src/json/value.js";
import { cargoTarget, goEnv, goMissing, goModule, pythonMissing, recordedHookInputs, root, run, rustCrate, rustMissing } from "./lib/toolchains.js";

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
  const unique = new Set(recordedHookInputs().map(({ input }) => JSON.stringify(input)));
  return [...unique].sort().map((text) => JSON.parse(text) as JsonObject);
}
const recorded = recordedInputs();
const expectedAgents = recorded.map((input) => detectAgent(input).agent);

const pre = (toolName: string, toolInput: object, extra: object = {}): string =>
  JSON.stringify({ session_id: "s", transcript_path: "/t.jsonl", cwd: "/", hook_event_name: "PreToolUse", tool_name: toolName, tool_input: toolInput, tool_use_id: "u", permission_mode: "default", ...extra });

// ---------------------------------------------------------------------------
// Python

const python = { PYTHONPATH: join(root, "generated/python"), PYTHONDONTWRITEBYTECODE: "1" };

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

test("python kit: fails closed on a crash, SystemExit and an overrun; other tools and events pass; Copilot CLI's camelCase call is read in Claude Code's names", { skip: pythonMissing }, () => {
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
    ["Copilot CLI's camelCase call, read in Claude Code's names", hookWith("    return answer.deny(call['tool_name'] + ' ' + call['tool_input']['command'])"), JSON.stringify({ sessionId: "s", toolName: "bash", toolArgs: '{"command":"rm -rf /"}', cwd: "/", timestamp: 1 }), /^\{"permissionDecision":"deny","permissionDecisionReason":"Bash rm -rf \/"\}$/, 0],
    ["Gemini CLI's other event: no answer", hookWith("    raise RuntimeError('boom')"), JSON.stringify({ session_id: "s", transcript_path: "/t", cwd: "/", hook_event_name: "AfterTool", timestamp: "t", tool_name: "run_shell_command", tool_input: { command: "ls" } }), /^$/, 0],
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

// ---------------------------------------------------------------------------
// Go

test("go kit: the examples pass the TypeScript examples' hook tests", { skip: goMissing, timeout: 900_000 }, async () => {
  const dir = mkdtempSync(join(tmpdir(), "kit-go-"));
  try {
    for (const example of EXAMPLES) {
      const binary = join(dir, example);
      const build = run("go", ["build", "-o", binary, `./${example}`], { cwd: join(root, "examples/hooks/go"), env: goEnv });
      assert.equal(build.status, 0, build.stderr);
      const result = await hookTests(fixtureFor(dir, example, binary));
      assert.equal(result.code, 0, `${example}: ${result.out}`);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

/**
 * The failure cases of the compiled kits (Go and Rust): the binary named first,
 * built from the same handler in each language, on an input -> stdout, exit.
 */
const compiledKitCases: readonly [string, string, RegExp, number][] = [
  ["panic", pre("Bash", { command: "ls" }), /"permissionDecision":"deny","permissionDecisionReason":"Hook failed closed: the handler panicked: boom"/, 0],
  ["sleep", pre("Bash", { command: "ls" }), /"permissionDecisionReason":"Hook failed closed: the handler did not answer within its 1s budget"/, 0],
  ["busy", pre("Bash", { command: "ls" }), /"permissionDecisionReason":"Hook failed closed: the handler did not answer within its 1s budget"/, 0],
  ["codex", pre("Bash", { command: "ls" }, { turn_id: "t" }), /"permissionDecision":"deny","permissionDecisionReason":"Blocked by hook"/, 0],
  ["panic", pre("Read", { file_path: "/x" }), /^$/, 0],
  ["panic", "{", /"permissionDecisionReason":"Hook failed closed: stdin is not one JSON object/, 0],
  ["open", pre("Bash", { command: "ls" }), /^$/, 1],
];
/**
 * The agents whose inputs this test leaves to test/bindings-kits-payloads.test.ts (every recorded payload of
 * every agent, through the name mapping and the input fits): Gemini CLI and Copilot CLI name events and tools
 * their own way, and Qwen Code's SubagentStop lists background tasks without Claude Code's required `type`.
 */
const MAPPED_AGENTS: readonly string[] = ["gemini-cli", "copilot-cli", "qwen-code"];
/** Copilot CLI's camelCase call, read in Claude Code's names (bash -> Bash) and answered in its dialect. */
const copilotCamelCase: [string, string, RegExp, number] = ["panic", JSON.stringify({ sessionId: "s", toolName: "bash", toolArgs: "{}", cwd: "/", timestamp: 1 }), /^\{"permissionDecision":"deny","permissionDecisionReason":"Hook failed closed: the handler panicked: boom"\}$/, 0];

test("go kit: tells the agent of every recorded input as the TypeScript kit does; fails closed on a panic and an overrun; refuses what an event does not take at compile time", { skip: goMissing, timeout: 900_000 }, () => {
  const dir = mkdtempSync(join(tmpdir(), "kit-go-"));
  try {
    const hookWith = (body: string, options = "FailClosed: true, Timeout: time.Second"): string =>
      `package main\n\nimport (\n\t"time"\n\n\tprotocol "claude-hook-protocol/generated/go"\n)\n\nvar _ = time.Second\n\nfunc main() {\n\tprotocol.Run(protocol.OnPreToolUse(func(call *protocol.PreToolUseHookInput, answer protocol.PreToolUseAnswers) *protocol.Reply {\n${body}\n\t}, protocol.HookOptions{Tools: []string{"Bash"}, ${options}}))\n}\n`;
    goModule(dir, {
      "detect/main.go": `package main\n\nimport (\n\t"encoding/json"\n\t"fmt"\n\t"os"\n\n\tprotocol "claude-hook-protocol/generated/go"\n)\n\nfunc main() {\n\tvar inputs []map[string]json.RawMessage\n\tif err := json.NewDecoder(os.Stdin).Decode(&inputs); err != nil {\n\t\tpanic(err)\n\t}\n\tagents := []string{}\n\tfor _, input := range inputs {\n\t\tagent, _ := protocol.DetectAgent(input)\n\t\tagents = append(agents, agent)\n\t}\n\ttext, _ := json.Marshal(agents)\n\tfmt.Println(string(text))\n}\n`,
      "panic/main.go": hookWith('\t\tpanic("boom")'),
      "sleep/main.go": hookWith("\t\ttime.Sleep(30 * time.Second)\n\t\treturn nil"),
      "busy/main.go": hookWith("\t\tfor {\n\t\t}"),
      "codex/main.go": hookWith('\t\treturn answer.Deny("")'),
      "open/main.go": hookWith('\t\tpanic("boom")', "Timeout: time.Second"),
    });
    // Every recorded input of an agent the kit answers, read as its event's typed input (Handle with a hook that says nothing).
    const answered = JSON.parse(readFileSync(join(root, "generated/kit/answers.json"), "utf8")) as { agents: Record<string, unknown> };
    // Gemini CLI's and Copilot CLI's inputs are read through their name mapping, not as Claude Code's typed input
    // (Copilot CLI's PostToolUse has no tool_response, its SessionStart source other values): left out here
    const readable = recorded.filter((input, i) => expectedAgents[i]! in answered.agents && !MAPPED_AGENTS.includes(expectedAgents[i]!));
    const goTypes = readFileSync(join(root, "generated/go/claude_code.go"), "utf8");
    const events = [...new Set(readable.map((input) => String(input["hook_event_name"])))].filter((event) => goTypes.includes(`type ${event}HookInput struct`));
    const hooks = events.map((e) => `\t\t${JSON.stringify(e)}: protocol.On${e}(func(*protocol.${e}HookInput, protocol.${e}Answers) *protocol.Reply { return nil }, protocol.HookOptions{}),`).join("\n");
    goModule(dir, {
      "read/main.go": `package main\n\nimport (\n\t"encoding/json"\n\t"fmt"\n\t"os"\n\n\tprotocol "claude-hook-protocol/generated/go"\n)\n\nfunc main() {\n\thooks := map[string]protocol.Hook{\n${hooks}\n\t}\n\tvar inputs []json.RawMessage\n\tif err := json.NewDecoder(os.Stdin).Decode(&inputs); err != nil {\n\t\tpanic(err)\n\t}\n\tread := 0\n\tfor _, raw := range inputs {\n\t\tvar event struct{ HookEventName string \`json:"hook_event_name"\` }\n\t\tjson.Unmarshal(raw, &event)\n\t\thook, ok := hooks[event.HookEventName]\n\t\tif !ok {\n\t\t\tcontinue\n\t\t}\n\t\tif exit, _, stderr := protocol.Handle(hook, raw); exit != 0 {\n\t\t\tfmt.Fprint(os.Stderr, stderr)\n\t\t} else {\n\t\t\tread++\n\t\t}\n\t}\n\tfmt.Println(read)\n}\n`,
    });
    const binaries: Record<string, string> = {};
    for (const name of ["detect", "read", "panic", "sleep", "busy", "codex", "open"]) {
      binaries[name] = join(dir, `${name}.bin`);
      const build = run("go", ["build", "-o", binaries[name]!, `./${name}`], { cwd: dir, env: goEnv });
      assert.equal(build.status, 0, `${name}: ${build.stderr}`);
    }
    const detected = run(binaries["detect"]!, [], { input: JSON.stringify(recorded) });
    assert.equal(detected.status, 0, detected.stderr);
    assert.deepEqual(JSON.parse(detected.stdout), expectedAgents);
    const withHooks = readable.filter((input) => events.includes(String(input["hook_event_name"])));
    const read = run(binaries["read"]!, [], { input: JSON.stringify(withHooks) });
    assert.equal(read.stderr, "");
    assert.equal(Number(read.stdout), withHooks.length);
    assert.ok(withHooks.length > 500, `${withHooks.length} inputs read`);

    const cases = [...compiledKitCases, copilotCamelCase];
    for (const [name, input, expected, exit] of cases) {
      const result = run(binaries[name]!, [], { input });
      assert.equal(result.status, exit, `${name}: ${result.stderr}`);
      assert.match(result.stdout, expected, `${name}: ${result.stdout} ${result.stderr}`);
    }

    const wrong = join(dir, "wrong");
    goModule(wrong, {
      "main.go": `package main\n\nimport protocol "claude-hook-protocol/generated/go"\n\nfunc main() {\n\tprotocol.Run(protocol.OnPreToolUse(func(call *protocol.PreToolUseHookInput, answer protocol.PreToolUseAnswers) *protocol.Reply {\n\t\treturn answer.Block("a PreToolUse hook denies")\n\t}, protocol.HookOptions{}))\n\tprotocol.Run(protocol.OnStop(func(call *protocol.StopHookInput, answer protocol.StopAnswers) *protocol.Reply {\n\t\treturn answer.Deny("a Stop hook blocks")\n\t}, protocol.HookOptions{}))\n\tprotocol.Run(protocol.OnStop(func(call *protocol.PreToolUseHookInput, answer protocol.StopAnswers) *protocol.Reply {\n\t\treturn nil\n\t}, protocol.HookOptions{}))\n}\n`,
    });
    const build = run("go", ["build", "-o", join(dir, "wrong.bin"), "."], { cwd: wrong, env: goEnv });
    assert.notEqual(build.status, 0);
    assert.match(build.stderr, /answer\.Block undefined \(type \w+\.PreToolUseAnswers has no field or method Block\)/);
    assert.match(build.stderr, /answer\.Deny undefined \(type \w+\.StopAnswers has no field or method Deny\)/);
    assert.match(build.stderr, /cannot use func\(call \*protocol\.PreToolUseHookInput, answer protocol\.StopAnswers\) \*protocol\.Reply/);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

// ---------------------------------------------------------------------------
// Rust

test("rust kit: the examples pass the TypeScript examples' hook tests", { skip: rustMissing, timeout: 1_800_000 }, async () => {
  const build = run("cargo", ["build", "--release", "--quiet"], { cwd: join(root, "examples/hooks/rust"), env: { CARGO_TARGET_DIR: cargoTarget } });
  assert.equal(build.status, 0, build.stderr);
  const dir = mkdtempSync(join(tmpdir(), "kit-rust-"));
  try {
    for (const example of EXAMPLES) {
      const result = await hookTests(fixtureFor(dir, example, join(cargoTarget, "release", example)));
      assert.equal(result.code, 0, `${example}: ${result.out}`);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test("rust kit: tells the agent of every recorded input as the TypeScript kit does; fails closed on a panic and an overrun; refuses what an event does not take at compile time", { skip: rustMissing, timeout: 1_800_000 }, () => {
  const dir = mkdtempSync(join(tmpdir(), "kit-rust-"));
  try {
    const hookWith = (body: string, options = "fail_closed: true, timeout: Some(Duration::from_secs(1))"): string =>
      `use claude_hook_protocol_types::kit::{self, HookOptions};\nuse std::time::Duration;\n\nfn main() {\n    kit::run(kit::on_pre_tool_use(|_call, answer| {\n        let _ = &answer;\n${body}\n    }, HookOptions { tools: Some(vec!["Bash".into()]), ${options}, ..Default::default() }))\n}\n`;
    const bins: Record<string, string> = {
      detect: `use claude_hook_protocol_types::kit;\nuse serde_json::{Map, Value};\nuse std::io::Read;\n\nfn main() {\n    let mut text = String::new();\n    std::io::stdin().read_to_string(&mut text).unwrap();\n    let inputs: Vec<Map<String, Value>> = text.lines().map(|line| kit::parse_input(line).unwrap()).collect();\n    let agents: Vec<&str> = inputs.iter().map(|input| kit::detect_agent(input).0).collect();\n    println!("{}", serde_json::to_string(&agents).unwrap());\n}\n`,
      panic: hookWith('        panic!("boom")'),
      sleep: hookWith("        std::thread::sleep(Duration::from_secs(30));\n        None"),
      busy: hookWith("        loop {\n            std::hint::spin_loop();\n        }"),
      codex: hookWith('        Some(answer.deny(""))'),
      open: hookWith('        panic!("boom")', "timeout: Some(Duration::from_secs(1))"),
      wrong: `use claude_hook_protocol_types::kit::{self, HookOptions};\n\nfn main() {\n    kit::run(kit::on_pre_tool_use(|_call, answer| Some(answer.block("a PreToolUse hook denies")), HookOptions::default()));\n}\n`,
      wrong_stop: `use claude_hook_protocol_types::kit::{self, HookOptions};\n\nfn main() {\n    kit::run(kit::on_stop(|_call, answer| Some(answer.deny("a Stop hook blocks")), HookOptions::default()));\n}\n`,
    };
    rustCrate(dir, "kit-checks", Object.fromEntries(Object.entries(bins).map(([name, source]) => [`bin/${name}.rs`, source])));
    const env = { CARGO_TARGET_DIR: cargoTarget };
    for (const name of ["detect", "panic", "sleep", "busy", "codex", "open"]) {
      const build = run("cargo", ["build", "--release", "--quiet", "--bin", name], { cwd: dir, env });
      assert.equal(build.status, 0, `${name}: ${build.stderr}`);
    }
    const bin = (name: string): string => join(cargoTarget, "release", name);
    // one input a line, each read as the kit reads stdin (kit::parse_input: lone surrogates as U+FFFD)
    const detected = run(bin("detect"), [], { input: recorded.map((input) => JSON.stringify(input)).join("\n") });
    assert.equal(detected.status, 0, detected.stderr);
    assert.deepEqual(JSON.parse(detected.stdout), expectedAgents);

    const cases = [...compiledKitCases, copilotCamelCase];
    for (const [name, input, expected, exit] of cases) {
      const result = run(bin(name), [], { input });
      assert.equal(result.status, exit, `${name}: ${result.stderr}`);
      assert.match(result.stdout, expected, `${name}: ${result.stdout} ${result.stderr}`);
    }
    const wrong = run("cargo", ["build", "--release", "--quiet", "--bin", "wrong"], { cwd: dir, env });
    assert.notEqual(wrong.status, 0);
    assert.match(wrong.stderr, /no method named `block` found for reference `&PreToolUseAnswers`/);
    const wrongStop = run("cargo", ["build", "--release", "--quiet", "--bin", "wrong_stop"], { cwd: dir, env });
    assert.notEqual(wrongStop.status, 0);
    assert.match(wrongStop.stderr, /no method named `deny` found for reference `&StopAnswers`/);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test("docs/languages.md: each language's 'write a hook' example is the example file CI runs", () => {
  const readme = readFileSync(join(root, "docs/languages.md"), "utf8");
  for (const file of ["examples/hooks/python/deny_rm_rf.py", "examples/hooks/go/deny-rm-rf/main.go", "examples/hooks/rust/src/bin/deny-rm-rf.rs", "examples/bindings/go/main.go", "examples/bindings/python/example.py", "examples/bindings/rust/main.rs"]) {
    assert.ok(readme.includes(readFileSync(join(root, file), "utf8")), `docs/languages.md does not show ${file} as it is`);
  }
});

test("python kit under the real Claude Code 2.1.332 (observer recordings): the deny example's answer, merged as Claude Code merges it, is what Claude Code did", { skip: pythonMissing }, async () => {
  const { merge } = await import("../src/merge.js");
  // The observer stores no stdin for a command hook: the kit is fed a recorded Claude Code Bash input with the scenario's command.
  const recordedBash = recorded.find((input) => input["hook_event_name"] === "PreToolUse" && input["tool_name"] === "Bash" && expectedAgents[recorded.indexOf(input)] === "claude-code")!;
  for (const name of ["kit-python-deny-rm-rf", "kit-python-deny-rm-rf-other"]) {
    const observed = JSON.parse(readFileSync(join(root, `test/observer/claude-code/observed/${name}.json`), "utf8")) as {
      hooks: { command: string }[];
      outcome: { tool_ran: boolean; tool_result: { content: string } | null };
    };
    const scenario = JSON.parse(readFileSync(join(root, `test/observer/claude-code/kit-scenarios/${name}.json`), "utf8")) as { tool_input?: { command: string } };
    assert.match(observed.hooks[0]!.command, /examples\/hooks\/python\/deny_rm_rf\.py$/);
    const command = scenario.tool_input?.command ?? "echo original >> /tmp/m; echo tool-output-original";
    const input = JSON.stringify({ ...recordedBash, tool_input: { command, description: "oracle tool call" } });
    const hook = run("python3", [join(root, "examples/hooks/python/deny_rm_rf.py")], { env: python, input });
    const merged = merge({ event: "PreToolUse", tool_name: "Bash", tool_input: { command }, hooks: [{ command: "kit", exit: hook.status ?? 1, stdout: hook.stdout, stderr: hook.stderr }] });
    assert.ok(merged.ok, JSON.stringify(merged));
    if (!merged.ok) continue;
    assert.equal(merged.value.effects.decision === "deny", !observed.outcome.tool_ran, name);
    if (!observed.outcome.tool_ran) assert.equal(merged.value.effects.tool_result, observed.outcome.tool_result!.content, name);
  }
});
