/**
 * Every recorded stdin payload of the registered agents (test/observer/<agent>/, each once), fed to each language
 * kit's hook for the event the TypeScript kit reads it as (src/hooks/agent-names.ts), fail-closed, with a
 * handler that records that it ran: the handler runs wherever the TypeScript kit's does, so a typed decoding
 * stricter than the agent (a field Claude Code requires and another agent leaves out) never denies or blocks a
 * call the hook should have judged. A payload of no Claude Code event runs no hook of any event and gets no answer.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { AGENT_NAMES } from "../src/core/agents.js";
import { toNullPrototype, type JsonObject } from "../src/json/value.js";
import { defineHook } from "../src/hooks/index.js";
import { detectAgent } from "../src/hooks/agents.js";
import { toClaudeShape } from "../src/hooks/agent-names.js";
import type { HookEventName } from "../src/hooks/types.js";
import { cargoTarget, goEnv, goMissing, goModule, pythonMissing, recordedHookInputs, root, run, rustCrate, rustMissing } from "./lib/toolchains.js";

const description = JSON.parse(readFileSync(join(root, "generated/kit/answers.json"), "utf8")) as { events: Record<string, unknown> };
const EVENTS = Object.keys(description.events);

interface Case {
  readonly stdin: string;
  /** Claude Code's event the TypeScript kit reads the payload as, "" for none. */
  readonly event: string;
  readonly agent: string;
}

/** One line of a language driver: whether the handler ran, and the answer. */
type Ran = [boolean, number, string, string];

const CASES: readonly Case[] = [...new Set(recordedHookInputs().map(({ input }) => JSON.stringify(input)))].sort().map((stdin) => {
  const input = toNullPrototype(JSON.parse(stdin)) as JsonObject;
  const agent = detectAgent(input).agent;
  const event = toClaudeShape(agent, input).event ?? "";
  return { stdin, agent, event: EVENTS.includes(event) ? event : "" };
});

/** What the TypeScript kit does with each case: the same hook, handler and fail-closed answer. */
async function typescriptRuns(): Promise<boolean[]> {
  const out: boolean[] = [];
  for (const c of CASES) {
    let ran = false;
    if (c.event === "") {
      out.push(false);
      continue;
    }
    const hook = defineHook({ event: c.event as HookEventName, failClosed: true, run: () => void (ran = true) } as never) as { handle(stdin: string): Promise<unknown> };
    await hook.handle(c.stdin);
    out.push(ran);
  }
  return out;
}

/** The payloads each kit's handler did not run for, where the TypeScript kit's did; and answers to a call of no hook. */
function mismatches(language: string, runs: readonly Ran[], expected: readonly boolean[]): string[] {
  const wrong: string[] = [];
  CASES.forEach((c, i) => {
    const [ran, exit, stdout, stderr] = runs[i]!;
    if (c.event === "" && (ran || exit !== 0 || stdout !== "" || stderr !== "")) wrong.push(`${language} ${c.agent} (no event): ${JSON.stringify(runs[i])} ${c.stdin.slice(0, 160)}`);
    else if (c.event !== "" && ran !== expected[i]) wrong.push(`${language} ${c.agent} ${c.event}: ran ${ran}, TypeScript ${expected[i]}: exit ${exit} ${stderr.trim()} ${c.stdin.slice(0, 160)}`);
  });
  return wrong;
}

let expectedRuns: boolean[] | undefined;
async function expected(): Promise<boolean[]> {
  expectedRuns ??= await typescriptRuns();
  const ran = expectedRuns.filter(Boolean).length;
  assert.ok(CASES.length >= 1000 && ran >= 900, `${CASES.length} payloads, the TypeScript handler ran for ${ran}`);
  assert.equal(new Set(CASES.map((c) => c.agent)).size, AGENT_NAMES.length, "payloads of every registered agent");
  return expectedRuns;
}

const input = (): string => JSON.stringify(CASES.map((c) => [c.stdin, c.event]));

test("python kit: the handler runs for every recorded payload of every agent where the TypeScript kit's does", { skip: pythonMissing }, async () => {
  const driver = `
import json, sys
import claude_hook_protocol.kit as kit
ran = [False]
def handler(call, answer):
    ran[0] = True
    return None
hooks = {event: kit.hook(event, handler, fail_closed=True) for event in ${JSON.stringify(EVENTS)}}
out = []
for stdin, event in json.load(sys.stdin):
    ran[0] = False
    answers = [kit.handle(hooks[e], stdin) for e in ([event] if event else hooks)]
    answered = [a for a in answers if a != (0, "", "")]
    code, stdout, stderr = answered[0] if answered else (0, "", "")
    out.append([ran[0], code, stdout, stderr])
print(json.dumps(out))
`;
  const result = run("python3", ["-c", driver], { env: { PYTHONPATH: join(root, "generated/python"), PYTHONDONTWRITEBYTECODE: "1" }, input: input() });
  assert.equal(result.status, 0, result.stderr);
  assert.deepEqual(mismatches("python", JSON.parse(result.stdout) as Ran[], await expected()), []);
});

test("go kit: the handler runs for every recorded payload of every agent where the TypeScript kit's does", { skip: goMissing, timeout: 900_000 }, async () => {
  const kitGo = readFileSync(join(root, "generated/go/kit_answers.go"), "utf8");
  const hooks = EVENTS.map((event) => {
    const signature = new RegExp(`^func On${event}\\(handler func\\(call ([^,]+), answer`, "m").exec(kitGo);
    assert.ok(signature !== null, `no On${event}`);
    const param = signature[1]!.startsWith("*") ? `*protocol.${signature[1]!.slice(1)}` : signature[1]!;
    return `\t\t${JSON.stringify(event)}: protocol.On${event}(func(_ ${param}, _ protocol.${event}Answers) *protocol.Reply {\n\t\t\tran = true\n\t\t\treturn nil\n\t\t}, protocol.HookOptions{FailClosed: true}),`;
  });
  const dir = mkdtempSync(join(tmpdir(), "kit-payloads-go-"));
  try {
    goModule(dir, {
      "main.go": `package main\n\nimport (\n\t"encoding/json"\n\t"fmt"\n\t"os"\n\n\tprotocol "claude-hook-protocol/generated/go"\n)\n\nvar ran bool\n\nfunc main() {\n\thooks := map[string]protocol.Hook{\n${hooks.join("\n")}\n\t}\n\tvar cases [][2]string\n\tif err := json.NewDecoder(os.Stdin).Decode(&cases); err != nil {\n\t\tpanic(err)\n\t}\n\tout := [][]any{}\n\tfor _, c := range cases {\n\t\tran = false\n\t\tanswer := []any{false, 0, "", ""}\n\t\tfor event, hook := range hooks {\n\t\t\tif c[1] != "" && event != c[1] {\n\t\t\t\tcontinue\n\t\t\t}\n\t\t\tif exit, stdout, stderr := protocol.Handle(hook, []byte(c[0])); exit != 0 || stdout != "" || stderr != "" {\n\t\t\t\tanswer = []any{false, exit, stdout, stderr}\n\t\t\t}\n\t\t}\n\t\tanswer[0] = ran\n\t\tout = append(out, answer)\n\t}\n\ttext, _ := json.Marshal(out)\n\tfmt.Println(string(text))\n}\n`,
    });
    const binary = join(dir, "payloads.bin");
    const build = run("go", ["build", "-o", binary, "."], { cwd: dir, env: goEnv });
    assert.equal(build.status, 0, build.stderr);
    const result = run(binary, [], { input: input() });
    assert.equal(result.status, 0, result.stderr);
    assert.deepEqual(mismatches("go", JSON.parse(result.stdout) as Ran[], await expected()), []);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

const snake = (name: string): string => name.replace(/[A-Z]/g, (c, at: number) => (at === 0 ? "" : "_") + c.toLowerCase());

test("rust kit: the handler runs for every recorded payload of every agent where the TypeScript kit's does", { skip: rustMissing, timeout: 1_800_000 }, async () => {
  const hooks = EVENTS.map((event) => `        (${JSON.stringify(event)}, kit::on_${snake(event)}(|_call, _answer| { RAN.store(true, SeqCst); None }, HookOptions { fail_closed: true, ..Default::default() })),`);
  const dir = mkdtempSync(join(tmpdir(), "kit-payloads-rust-"));
  try {
    rustCrate(dir, "kit-payloads", {
      "main.rs": `use claude_hook_protocol_types::kit::{self, HookOptions};\nuse serde_json::{json, Value};\nuse std::io::Read;\nuse std::sync::atomic::{AtomicBool, Ordering::SeqCst};\n\nstatic RAN: AtomicBool = AtomicBool::new(false);\n\nfn main() {\n    let hooks = vec![\n${hooks.join("\n")}\n    ];\n    let mut text = String::new();\n    std::io::stdin().read_to_string(&mut text).unwrap();\n    let cases: Vec<(String, String)> = serde_json::from_str(&text).unwrap();\n    let mut out: Vec<Value> = Vec::new();\n    for (stdin, event) in cases {\n        RAN.store(false, SeqCst);\n        let mut answer = (0, String::new(), String::new());\n        for (name, hook) in &hooks {\n            if !event.is_empty() && *name != event {\n                continue;\n            }\n            let got = kit::handle(hook, &stdin);\n            if got != (0, String::new(), String::new()) {\n                answer = got;\n            }\n        }\n        out.push(json!([RAN.load(SeqCst), answer.0, answer.1, answer.2]));\n    }\n    println!("{}", Value::Array(out));\n}\n`,
    });
    const build = run("cargo", ["build", "--release", "--quiet"], { cwd: dir, env: { CARGO_TARGET_DIR: cargoTarget } });
    assert.equal(build.status, 0, build.stderr);
    const result = run(join(cargoTarget, "release", "kit-payloads"), [], { input: input() });
    assert.equal(result.status, 0, result.stderr);
    assert.deepEqual(mismatches("rust", JSON.parse(result.stdout) as Ran[], await expected()), []);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
