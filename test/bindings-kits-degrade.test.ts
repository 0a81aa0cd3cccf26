/**
 * The language kits answer as the TypeScript kit (src/hooks) where it reads the agent from the hook's command
 * and where the agent does not honour an answer: the same hook (PreToolUse on Bash, fail-closed, answering
 * deny / ask / ask without a reason / allow / context / rewrite / nothing, degraded or `unsupported: "strict"`)
 * on each agent's recorded shell call, under CLAUDE_HOOK_PROTOCOL_AGENT (an agent, Claude Code, junk) and
 * --agent=<name> (an agent, junk), gives the TypeScript kit's exit code, stdout and stderr (its prefix aside)
 * in Python, Go and Rust.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { defineHook } from "../src/hooks/index.js";
import { AGENT_ENV } from "../src/hooks/agents.js";
import type { HookOutcome } from "../src/hooks/define.js";
import { SHELL_CALLS, shellCall } from "./lib/agent-payloads.js";
import { cargoTarget, goEnv, goMissing, goModule, pythonMissing, root, run, rustCrate, rustMissing } from "./lib/toolchains.js";

const KINDS = ["deny", "ask", "ask-silent", "allow", "context", "rewrite", "none"] as const;
type Kind = (typeof KINDS)[number];
const NAMED: readonly { readonly env?: string; readonly arg?: string }[] = [{}, { env: "codex" }, { env: "claude-code" }, { env: "cursor" }, { arg: "--agent=gemini-cli" }, { arg: "--agent=junk" }];

interface Case {
  readonly stdin: string;
  readonly kind: Kind;
  readonly strict: boolean;
  readonly env?: string;
  readonly arg?: string;
}

const CASES: readonly Case[] = SHELL_CALLS.flatMap(({ agent, event, shell }) =>
  KINDS.flatMap((kind) => [false, true].flatMap((strict) => NAMED.map((named) => ({ stdin: JSON.stringify(shellCall(agent, event, shell, "rm -rf /tmp/x")), kind, strict, ...named })))),
);

/**
 * Left out: a rewrite answered for Codex CLI. Its writer takes updatedInput only with a string `command`, so the
 * template the kits answer from (generated/kit/answers.json, written for a placeholder input) is its refusal: the
 * kits fail the hook (closed: a deny) where the TypeScript kit writes the rewrite.
 */
const codexRewrite = (c: Case, want: HookOutcome): boolean => c.kind === "rewrite" && want.agent === "codex";

const name = (c: Case): string => `${c.kind}${c.strict ? " strict" : ""} env=${c.env ?? "-"} arg=${c.arg ?? "-"} ${c.stdin.slice(0, 80)}`;

/** The TypeScript kit on each case, in this process (its environment and argv set for the call). */
async function typescript(): Promise<HookOutcome[]> {
  const out: HookOutcome[] = [];
  const [savedEnv, savedArgv] = [process.env[AGENT_ENV], process.argv];
  try {
    for (const c of CASES) {
      if (c.env === undefined) delete process.env[AGENT_ENV];
      else process.env[AGENT_ENV] = c.env;
      process.argv = [savedArgv[0]!, "hook.mjs", ...(c.arg === undefined ? [] : [c.arg])];
      const hook = defineHook({
        event: "PreToolUse",
        tools: ["Bash"],
        failClosed: true,
        ...(c.strict ? { unsupported: "strict" as const } : {}),
        run: (_input, answer) => {
          switch (c.kind) {
            case "deny":
              return answer.deny("no");
            case "ask":
              return answer.ask("why");
            case "ask-silent":
              return answer.ask();
            case "allow":
              return answer.allow();
            case "context":
              return answer.addContext("ctx");
            case "rewrite":
              return answer.rewrite({ command: "ls" });
            case "none":
              return undefined;
          }
        },
      });
      out.push(await hook.handle(c.stdin));
    }
  } finally {
    if (savedEnv === undefined) delete process.env[AGENT_ENV];
    else process.env[AGENT_ENV] = savedEnv;
    process.argv = savedArgv;
  }
  return out;
}

/** Each case through the language's hook command: the differences from the TypeScript kit's answers. */
async function compare(language: string, command: readonly string[], env: NodeJS.ProcessEnv = {}): Promise<string[]> {
  const expected = await typescript();
  const wrong: string[] = [];
  CASES.forEach((c, i) => {
    const caseEnv: NodeJS.ProcessEnv = { ...env, KIND: c.kind, UNSUP: c.strict ? "strict" : "degrade", [AGENT_ENV]: c.env ?? "" };
    const result = run(command[0]!, [...command.slice(1), ...(c.arg === undefined ? [] : [c.arg])], { env: caseEnv, input: c.stdin });
    const want = expected[i]!;
    if (codexRewrite(c, want)) return;
    const got = { exit: result.status, stdout: result.stdout, stderr: result.stderr.replaceAll("claude-hook-protocol/kit:", "claude-hook-protocol/hooks:") };
    if (got.exit !== want.exit || got.stdout !== want.stdout || got.stderr !== want.stderr) wrong.push(`${language} ${name(c)}: ${JSON.stringify(got)} != TypeScript ${JSON.stringify({ exit: want.exit, stdout: want.stdout, stderr: want.stderr })}`);
  });
  assert.ok(CASES.length >= 500, `${CASES.length} cases`);
  return wrong;
}

test("python kit: a named agent and an answer the agent does not honour are answered as the TypeScript kit answers them", { skip: pythonMissing, timeout: 900_000 }, async () => {
  const dir = mkdtempSync(join(tmpdir(), "kit-degrade-python-"));
  try {
    const script = join(dir, "hook.py");
    writeFileSync(
      script,
      [
        "import os",
        "from claude_hook_protocol.kit import hook, run",
        "kind = os.environ['KIND']",
        "def handler(call, answer):",
        "    if kind == 'deny': return answer.deny('no')",
        "    if kind == 'ask': return answer.ask('why')",
        "    if kind == 'ask-silent': return answer.ask()",
        "    if kind == 'allow': return answer.allow()",
        "    if kind == 'context': return answer.add_context('ctx')",
        "    if kind == 'rewrite': return answer.rewrite({'command': 'ls'})",
        "    return None",
        "run(hook('PreToolUse', handler, tools=['Bash'], fail_closed=True, unsupported=os.environ['UNSUP']))",
        "",
      ].join("\n"),
    );
    assert.deepEqual(await compare("python", ["python3", script], { PYTHONPATH: join(root, "generated/python"), PYTHONDONTWRITEBYTECODE: "1" }), []);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test("go kit: a named agent and an answer the agent does not honour are answered as the TypeScript kit answers them", { skip: goMissing, timeout: 900_000 }, async () => {
  const dir = mkdtempSync(join(tmpdir(), "kit-degrade-go-"));
  try {
    goModule(dir, {
      "main.go": `package main

import (
\t"os"

\tprotocol "claude-hook-protocol/generated/go"
)

func main() {
\tkind := os.Getenv("KIND")
\toptions := protocol.HookOptions{Tools: []string{"Bash"}, FailClosed: true}
\tif os.Getenv("UNSUP") == "strict" {
\t\toptions.Unsupported = protocol.Strict
\t}
\tprotocol.Run(protocol.OnPreToolUse(func(call *protocol.PreToolUseHookInput, answer protocol.PreToolUseAnswers) *protocol.Reply {
\t\tswitch kind {
\t\tcase "deny":
\t\t\treturn answer.Deny("no")
\t\tcase "ask":
\t\t\treturn answer.Ask("why")
\t\tcase "ask-silent":
\t\t\treturn answer.Ask("")
\t\tcase "allow":
\t\t\treturn answer.Allow("")
\t\tcase "context":
\t\t\treturn answer.AddContext("ctx")
\t\tcase "rewrite":
\t\t\treturn answer.Rewrite(map[string]any{"command": "ls"}, "")
\t\t}
\t\treturn nil
\t}, options))
}
`,
    });
    const binary = join(dir, "hook.bin");
    const build = run("go", ["build", "-o", binary, "."], { cwd: dir, env: goEnv });
    assert.equal(build.status, 0, build.stderr);
    assert.deepEqual(await compare("go", [binary]), []);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test("rust kit: a named agent and an answer the agent does not honour are answered as the TypeScript kit answers them", { skip: rustMissing, timeout: 1_800_000 }, async () => {
  const dir = mkdtempSync(join(tmpdir(), "kit-degrade-rust-"));
  try {
    rustCrate(dir, "kit-degrade", {
      "main.rs": `use claude_hook_protocol_types::kit::{self, HookOptions, Unsupported};
use serde_json::json;

fn main() {
    let kind = std::env::var("KIND").unwrap_or_default();
    let unsupported = if std::env::var("UNSUP").as_deref() == Ok("strict") { Unsupported::Strict } else { Unsupported::Degrade };
    kit::run(
        kit::on_pre_tool_use(
            move |_call, answer| match kind.as_str() {
                "deny" => Some(answer.deny("no")),
                "ask" => Some(answer.ask("why")),
                "ask-silent" => Some(answer.ask("")),
                "allow" => Some(answer.allow("")),
                "context" => Some(answer.add_context("ctx")),
                "rewrite" => Some(answer.rewrite(json!({"command": "ls"}), "")),
                _ => None,
            },
            HookOptions { tools: Some(vec!["Bash".into()]), fail_closed: true, ..Default::default() },
        )
        .unsupported(unsupported),
    )
}
`,
    });
    const build = run("cargo", ["build", "--release", "--quiet"], { cwd: dir, env: { CARGO_TARGET_DIR: cargoTarget } });
    assert.equal(build.status, 0, build.stderr);
    assert.deepEqual(await compare("rust", [join(cargoTarget, "release", "kit-degrade")]), []);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
