/**
 * Copilot CLI's camelCase hook inputs carry no event name (the event is the
 * key the hook is configured under), so each language reads them by the event:
 * Python `parse_copilot_cli_event_input("preToolUse", text)` (an overload per
 * event: pyright knows the variant), Go `UnmarshalCopilotCliEventInput(event,
 * data)` (a union of the variants' pointers: `case *CopilotCliPreToolUseInput:`),
 * Rust `CopilotCliEventInput::from_event(event, text)` (an enum). Every
 * recorded native input is read under the event it was recorded for, and
 * lands on that event's variant.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { cargoTarget, goEnv, goMissing, goModule, pythonMissing, recordedHookInputs, root, run, rustCrate, rustMissing } from "./lib/toolchains.js";

const EVENTS = readdirSync(join(root, "schemas/copilot-cli/input")).map((file) => file.replace(".schema.json", "").replace(/-([a-z])/g, (_, c: string) => c.toUpperCase()));

/** [event, input JSON] of every recorded native (camelCase) Copilot CLI input. */
function recorded(): [string, string][] {
  return recordedHookInputs("copilot-cli")
    .filter(({ event, input }) => typeof event === "string" && EVENTS.includes(event) && "sessionId" in input)
    .map(({ event, input }) => [event as string, JSON.stringify(input)]);
}
const inputs = recorded();
const variant = (event: string): string => `CopilotCli${event[0]!.toUpperCase()}${event.slice(1)}Input`;
const expected = inputs.map(([event]) => variant(event));

test("there are recorded native inputs of every event", () => {
  assert.deepEqual([...new Set(inputs.map(([event]) => event))].sort(), [...EVENTS].sort());
  assert.ok(inputs.length > 100, `${inputs.length} inputs`);
});

test("python: each recorded input is read by its event; pyright knows the event's variant", { skip: pythonMissing }, () => {
  const env = { PYTHONPATH: join(root, "generated/python"), PYTHONDONTWRITEBYTECODE: "1" };
  const script = [
    "import json, sys",
    "from claude_hook_protocol import ProtocolError, parse_copilot_cli_event_input",
    "out = []",
    "for event, text in json.load(sys.stdin):",
    "    value = parse_copilot_cli_event_input(event, text)",
    "    out.append('CopilotCli' + event[0].upper() + event[1:] + 'Input' if isinstance(value, dict) else 'no')",
    "try:",
    "    parse_copilot_cli_event_input('PreToolUse', '{}')",
    "except ProtocolError as error:",
    "    out.append(str(error))",
    "print(json.dumps(out))",
  ].join("\n");
  const result = run("python3", ["-c", script], { env, input: JSON.stringify(inputs) });
  assert.equal(result.status, 0, result.stderr);
  assert.deepEqual(JSON.parse(result.stdout), [...expected, "(root): no copilot-cli event 'PreToolUse'"]);

  const dir = mkdtempSync(join(tmpdir(), "event-inputs-python-"));
  try {
    writeFileSync(join(dir, "narrow.py"), 'from claude_hook_protocol import parse_copilot_cli_event_input\n\ncall = parse_copilot_cli_event_input("preToolUse", "{}")\nprint(call["toolName"])\nstop = parse_copilot_cli_event_input("agentStop", "{}")\nprint(stop["toolName"])\n');
    writeFileSync(join(dir, "pyrightconfig.json"), JSON.stringify({ include: ["narrow.py"], extraPaths: [env.PYTHONPATH], typeCheckingMode: "strict", pythonVersion: "3.11" }));
    const checked = run(join(root, "node_modules/.bin/pyright"), [], { cwd: dir });
    const lines = [...new Set([...checked.stdout.matchAll(/narrow\.py:(\d+):/g)].map((m) => Number(m[1])))];
    assert.deepEqual(lines, [6], checked.stdout);
    assert.match(checked.stdout, /"toolName" is not a defined key in "CopilotCliAgentStopInput"/);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test("go: each recorded input is read by its event into its variant's pointer", { skip: goMissing, timeout: 900_000 }, () => {
  const dir = mkdtempSync(join(tmpdir(), "event-inputs-go-"));
  try {
    const cases = EVENTS.map((event) => `\t\tcase *protocol.${variant(event)}:\n\t\t\tout = append(out, ${JSON.stringify(variant(event))})`).join("\n");
    goModule(dir, {
      "main.go": `package main\n\nimport (\n\t"encoding/json"\n\t"fmt"\n\t"os"\n\n\tprotocol "claude-hook-protocol/generated/go"\n)\n\nfunc main() {\n\tvar inputs [][2]string\n\tif err := json.NewDecoder(os.Stdin).Decode(&inputs); err != nil {\n\t\tpanic(err)\n\t}\n\tout := []string{}\n\tfor _, pair := range inputs {\n\t\tinput, err := protocol.UnmarshalCopilotCliEventInput(pair[0], []byte(pair[1]))\n\t\tif err != nil {\n\t\t\tpanic(err)\n\t\t}\n\t\tswitch input.(type) {\n${cases}\n\t\t}\n\t}\n\t_, err := protocol.UnmarshalCopilotCliEventInput("PreToolUse", []byte("{}"))\n\tout = append(out, err.Error())\n\ttext, _ := json.Marshal(out)\n\tfmt.Println(string(text))\n}\n`,
    });
    const result = run("go", ["run", "."], { cwd: dir, env: goEnv, input: JSON.stringify(inputs) });
    assert.equal(result.status, 0, result.stderr);
    assert.deepEqual(JSON.parse(result.stdout), [...expected, '(root): no copilot-cli event "PreToolUse"']);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test("rust: each recorded input is read by its event into its variant", { skip: rustMissing, timeout: 1_800_000 }, () => {
  const dir = mkdtempSync(join(tmpdir(), "event-inputs-rust-"));
  try {
    const arms = EVENTS.map((event) => `            CopilotCliEventInput::${event[0]!.toUpperCase()}${event.slice(1)}(_) => ${JSON.stringify(variant(event))}.to_string(),`).join("\n");
    rustCrate(dir, "event-inputs", {
      "main.rs": `use claude_hook_protocol_types::event_inputs::CopilotCliEventInput;\nuse std::io::Read;\n\nfn main() {\n    let mut text = String::new();\n    std::io::stdin().read_to_string(&mut text).unwrap();\n    let inputs: Vec<(String, String)> = serde_json::from_str(&text).unwrap();\n    let mut out: Vec<String> = inputs.iter().map(|(event, json)| match CopilotCliEventInput::from_event(event, json).expect("read") {\n${arms}\n    }).collect();\n    out.push(CopilotCliEventInput::from_event("PreToolUse", "{}").unwrap_err().to_string());\n    println!("{}", serde_json::to_string(&out).unwrap());\n}\n`,
    });
    const build = run("cargo", ["build", "--release", "--quiet"], { cwd: dir, env: { CARGO_TARGET_DIR: cargoTarget } });
    assert.equal(build.status, 0, build.stderr);
    const result = run(join(cargoTarget, "release/event-inputs"), [], { input: JSON.stringify(inputs) });
    assert.equal(result.status, 0, result.stderr);
    assert.deepEqual(JSON.parse(result.stdout), [...expected, 'no copilot-cli event "PreToolUse"']);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
