/**
 * The answers that make a security hook fail open (Claude Code rejects the
 * whole answer and the tool runs) are refused in every language before any
 * JSON leaves: a permission decision the schema does not list ("block"), a
 * field of another event's answer (`permissionDecision` in PostToolUse's),
 * a `hookSpecificOutput` without `hookEventName`. Each is written the way a
 * user would, and refused by the type checker or compiler where the language
 * can, else by the writer at run time (nothing on stdout).
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { cargoTarget, goEnv, goMissing, goModule, pythonMissing, root, run as runIn, rustCrate, rustMissing } from "./lib/toolchains.js";

const run = (command: string, args: readonly string[], cwd: string, env: NodeJS.ProcessEnv = {}): ReturnType<typeof runIn> => runIn(command, args, { cwd, env });

/** The three wrong answers, as JSON a hook might assemble by hand. */
const wrongAnswers = {
  "bad enum": { hookSpecificOutput: { hookEventName: "PreToolUse", permissionDecision: "block" } },
  "wrong event's field": { hookSpecificOutput: { hookEventName: "PostToolUse", permissionDecision: "deny" } },
  "missing hookEventName": { hookSpecificOutput: { permissionDecision: "deny" } },
} as const;

test("python: pyright --strict refuses each wrong answer at its line; serialize refuses each at run time, writing nothing", { skip: pythonMissing }, () => {
  const dir = mkdtempSync(join(tmpdir(), "refusals-python-"));
  try {
    const lines = ["from claude_hook_protocol import ClaudeCodeHookOutput", ""];
    for (const [name, answer] of Object.entries(wrongAnswers)) lines.push(`${name.replace(/\W+/g, "_")}: ClaudeCodeHookOutput = ${JSON.stringify(answer)}`);
    writeFileSync(join(dir, "wrong.py"), `${lines.join("\n")}\n`);
    writeFileSync(join(dir, "pyrightconfig.json"), JSON.stringify({ include: ["wrong.py"], extraPaths: [join(root, "generated/python")], typeCheckingMode: "strict", pythonVersion: "3.11" }));
    const checked = run(join(root, "node_modules/.bin/pyright"), [], dir);
    assert.notEqual(checked.status, 0);
    const errorLines = [...checked.stdout.matchAll(/wrong\.py:(\d+):\d+ - error: Type .* is not assignable to declared type "ClaudeCodeHookOutput"/g)].map((m) => Number(m[1]));
    assert.deepEqual(errorLines, [3, 4, 5], checked.stdout);
    assert.match(checked.stdout, /3 errors/);

    const script = [
      "import json, sys",
      "from claude_hook_protocol import ProtocolError, serialize_claude_code_hook_output",
      "for answer in json.loads(sys.argv[1]):",
      "    try:",
      "        print(serialize_claude_code_hook_output(answer))",
      "    except ProtocolError as error:",
      "        sys.stderr.write(error.path + ': ' + error.message + '\\n')",
    ].join("\n");
    const result = run("python3", ["-c", script, JSON.stringify(Object.values(wrongAnswers))], dir, { PYTHONPATH: join(root, "generated/python"), PYTHONDONTWRITEBYTECODE: "1" });
    assert.equal(result.status, 0, result.stderr);
    assert.equal(result.stdout, "");
    assert.deepEqual(result.stderr.trim().split("\n"), [
      '/hookSpecificOutput/permissionDecision: expected one of "allow", "deny", "ask", "defer"',
      '/hookSpecificOutput/permissionDecision: unknown field "permissionDecision"',
      '/hookSpecificOutput/hookEventName: missing tag "hookEventName"',
    ]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

const goPrelude = 'import (\n\t"encoding/json"\n\t"fmt"\n\t"os"\n\n\tprotocol "claude-hook-protocol/generated/go"\n)\n\nvar _ = json.Marshal\nvar _ = fmt.Println\nvar _ = os.Exit\n\n';
const refusalModule = (dir: string, main: string): void => goModule(dir, { "main.go": `package main\n\n${goPrelude}${main}` });

test("go: the compiler refuses another event's field and the value type switch; Marshal refuses an unlisted enum and Unmarshal each wrong answer", { skip: goMissing, timeout: 900_000 }, () => {
  const dir = mkdtempSync(join(tmpdir(), "refusals-go-"));
  try {
    const compileFails: Record<string, { main: string; error: RegExp }> = {
      "wrong event's field": {
        main: "func main() {\n\tdeny := protocol.PreToolUseHookSpecificOutputPermissionDecisionDeny\n\t_ = protocol.ClaudeCodeHookOutput{HookSpecificOutput: &protocol.PostToolUseHookSpecificOutput{PermissionDecision: &deny}}\n}\n",
        error: /unknown field '?PermissionDecision'? in struct literal/,
      },
      "value type switch (never matches)": {
        main: "func main() {\n\tinput, _ := protocol.UnmarshalClaudeCodeHookInput(nil)\n\tswitch input.(type) {\n\tcase protocol.PreToolUseHookInput:\n\t}\n}\n",
        error: /impossible type switch case/,
      },
    };
    for (const [name, { main, error }] of Object.entries(compileFails)) {
      const module = join(dir, name.replace(/\W+/g, "-"));
      refusalModule(module, main);
      const build = run("go", ["build", "./..."], module, goEnv);
      assert.notEqual(build.status, 0, `${name} compiled`);
      assert.match(build.stderr, error, name);
    }
    const runtime = join(dir, "runtime");
    refusalModule(
      runtime,
      `func main() {
	block := protocol.PreToolUseHookSpecificOutputPermissionDecision("block")
	out, err := json.Marshal(protocol.ClaudeCodeHookOutput{HookSpecificOutput: &protocol.PreToolUseHookSpecificOutput{PermissionDecision: &block}})
	fmt.Fprintf(os.Stderr, "marshal: %q %v\\n", out, err)
	for _, text := range os.Args[1:] {
		_, err := protocol.UnmarshalClaudeCodeHookOutput([]byte(text))
		fmt.Fprintf(os.Stderr, "unmarshal: %v\\n", err)
	}
}
`,
    );
    const result = run("go", ["run", ".", ...Object.values(wrongAnswers).map((answer) => JSON.stringify(answer))], runtime, goEnv);
    assert.equal(result.status, 0, result.stderr);
    assert.equal(result.stdout, "");
    assert.deepEqual(result.stderr.trim().split("\n"), [
      'marshal: "" json: error calling MarshalJSON for type claudehookprotocol.ClaudeCodeHookOutput: json: error calling MarshalJSON for type *claudehookprotocol.PreToolUseHookSpecificOutput: json: error calling MarshalJSON for type *claudehookprotocol.PreToolUseHookSpecificOutputPermissionDecision: (root): PreToolUseHookSpecificOutputPermissionDecision "block" is not one of "allow", "deny", "ask", "defer"',
      'unmarshal: /hookSpecificOutput/permissionDecision: expected one of "allow", "deny", "ask", "defer"',
      'unmarshal: /hookSpecificOutput/permissionDecision: unknown field "permissionDecision"',
      'unmarshal: /hookSpecificOutput/hookEventName: missing tag "hookEventName"',
    ]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test("rust: the compiler refuses an unlisted decision and another event's field; serde refuses each wrong answer", { skip: rustMissing, timeout: 1_800_000 }, () => {
  const dir = mkdtempSync(join(tmpdir(), "refusals-rust-"));
  try {
    const prelude = "#[allow(unused_imports)]\nuse claude_hook_protocol_types::claude_code::*;\n\n";
    const bins: Record<string, string> = {
      bad_enum: "fn main() {\n    let _ = PreToolUseHookSpecificOutput { permission_decision: Some(PreToolUseHookSpecificOutputPermissionDecision::Block), ..Default::default() };\n}\n",
      wrong_field: "fn main() {\n    let _ = PostToolUseHookSpecificOutput { permission_decision: Some(PreToolUseHookSpecificOutputPermissionDecision::Deny), ..Default::default() };\n}\n",
      runtime: `fn main() {\n    for text in std::env::args().skip(1) {\n        match serde_json::from_str::<ClaudeCodeHookOutput>(&text) {\n            Ok(_) => println!("accepted {}", text),\n            Err(error) => eprintln!("{}", error),\n        }\n    }\n}\n`,
    };
    rustCrate(dir, "refusals", Object.fromEntries(Object.entries(bins).map(([name, body]) => [`bin/${name}.rs`, prelude + body])));
    const env = { CARGO_TARGET_DIR: cargoTarget };
    const built = run("cargo", ["build", "--quiet", "--bin", "runtime"], dir, env);
    assert.equal(built.status, 0, built.stderr);
    for (const [name, error] of [["bad_enum", /error\[E0599\]: no variant or associated item named `Block`/], ["wrong_field", /error\[E0560\]: struct `(?:\w+::)*PostToolUseHookSpecificOutput` has no field named `permission_decision`/]] as const) {
      const build = run("cargo", ["build", "--quiet", "--bin", name], dir, env);
      assert.notEqual(build.status, 0, `${name} compiled`);
      assert.match(build.stderr, error, name);
    }
    const result = run(join(cargoTarget, "debug/runtime"), Object.values(wrongAnswers).map((answer) => JSON.stringify(answer)), dir);
    assert.equal(result.status, 0, result.stderr);
    assert.equal(result.stdout, "");
    const refusals = result.stderr.trim().split("\n");
    assert.equal(refusals.length, 3, result.stderr);
    assert.match(refusals[0]!, /unknown variant `block`, expected one of `allow`, `deny`, `ask`, `defer`/);
    assert.match(refusals[1]!, /unknown field `permissionDecision`/);
    assert.match(refusals[2]!, /missing field `hookEventName`/);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
