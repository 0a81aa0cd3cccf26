/**
 * The language kits answer as the TypeScript kit (src/hooks) where it reads the agent from the hook's command
 * and where the agent does not honour an answer: the same hook (PreToolUse on Bash, fail-closed, answering
 * deny / ask / ask without a reason / allow / context / rewrite / nothing, degraded or `unsupported: "strict"`)
 * on each agent's recorded shell call, under CLAUDE_HOOK_PROTOCOL_AGENT (an agent, Claude Code, junk) and
 * --agent=<name> (an agent, junk), gives the TypeScript kit's exit code, stdout and stderr (its prefix aside)
 * in Python, Go and Rust. And for every capability claim (src/<agent>/capabilities.ts, test/lib/agent-payloads.ts
 * claimCalls), a hook giving that answer on an input of its event from its agent, fail-open and fail-closed, gives the
 * TypeScript kit's answer: the same exit code and stdout, and on stderr the same notes, the one that says an answer
 * on a claim no recording shows is unverified among them (test/kit-unverified.test.ts checks the TypeScript kit's).
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { defineHook } from "../src/hooks/index.js";
import { AGENT_ENV } from "../src/hooks/agents.js";
import type { HookOutcome } from "../src/hooks/define.js";
import { CLAIM_REPLIES, SHELL_CALLS, claimCalls, shellCall, type ClaimCall } from "./lib/agent-payloads.js";
import type { AnswerKind } from "../src/core/capabilities.js";
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

/** Claude Code's events and the answer kinds each one's helpers give (generated/kit/answers.json, as the kits' typed APIs). */
const HELPERS = (JSON.parse(readFileSync(join(root, "generated/kit/answers.json"), "utf8")) as { events: Record<string, { answers: string[] }> }).events;

interface ClaimCase {
  readonly call: ClaimCall;
  readonly failClosed: boolean;
}

/**
 * Every claim whose answer the event's helpers can give, fail-open and fail-closed. Left out: a rewrite answered for
 * Codex CLI (see codexRewrite).
 */
const CLAIM_CASES: readonly ClaimCase[] = claimCalls()
  .filter((call) => HELPERS[call.canonical]?.answers.includes(call.kind) === true && !(call.kind === "rewrite" && call.agent === "codex"))
  .flatMap((call) => [false, true].map((failClosed) => ({ call, failClosed })));

const claimName = (c: ClaimCase): string => `${c.call.agent} ${c.call.own} ${c.call.kind} (${c.call.claim.support}, ${c.call.claim.basis})${c.failClosed ? " fail-closed" : ""}`;

/** The TypeScript kit on each claim case, the agent named by CLAUDE_HOOK_PROTOCOL_AGENT. */
async function typescriptClaims(): Promise<HookOutcome[]> {
  const out: HookOutcome[] = [];
  const [savedEnv, savedArgv] = [process.env[AGENT_ENV], process.argv];
  try {
    process.argv = [savedArgv[0]!, "hook.mjs"];
    for (const { call, failClosed } of CLAIM_CASES) {
      process.env[AGENT_ENV] = call.agent;
      const hook = defineHook({ event: call.canonical as "Stop", failClosed, run: (_input, answer) => CLAIM_REPLIES[call.kind](answer as never) as never });
      out.push(await hook.handle(JSON.stringify(call.input)));
    }
  } finally {
    if (savedEnv === undefined) delete process.env[AGENT_ENV];
    else process.env[AGENT_ENV] = savedEnv;
    process.argv = savedArgv;
  }
  return out;
}

/** Each claim case's answer in the language against the TypeScript kit's: the differences. */
async function compareClaims(language: string, answers: readonly { exit: number | null; stdout: string; stderr: string }[]): Promise<string[]> {
  const expected = await typescriptClaims();
  assert.equal(answers.length, CLAIM_CASES.length);
  const wrong: string[] = [];
  let unverified = 0;
  CLAIM_CASES.forEach((c, i) => {
    // a fail-open hook's failure names the option that makes it fail closed in the language's own spelling
    const option = (stderr: string): string => stderr.replace(/(\(non-blocking: the agent goes on as if the hook had not answered; )[^()\n]+\)/, "$1<how to fail closed>)");
    const want = { ...expected[i]!, stderr: option(expected[i]!.stderr) };
    const got = { exit: answers[i]!.exit, stdout: answers[i]!.stdout, stderr: option(answers[i]!.stderr.replaceAll("claude-hook-protocol/kit:", "claude-hook-protocol/hooks:")) };
    if (/ is unverified: no recording shows what /.test(got.stderr)) unverified++;
    if (got.exit !== want.exit || got.stdout !== want.stdout || got.stderr !== want.stderr) wrong.push(`${language} ${claimName(c)}: ${JSON.stringify(got)} != TypeScript ${JSON.stringify({ exit: want.exit, stdout: want.stdout, stderr: want.stderr })}`);
  });
  // the cases come from the capabilities data: every claim an event's helpers can give, on both bases
  assert.ok(CLAIM_CASES.some((c) => c.call.claim.basis === "recorded") && CLAIM_CASES.some((c) => c.call.claim.basis !== "recorded"));
  assert.ok(unverified > 0, `${language}: no answer said it was unverified`);
  return wrong;
}

/** The reply a claim case's handler gives, per language: the helper of the claim's answer kind. */
const PY_REPLIES: Record<AnswerKind, string> = { deny: "answer.deny('R')", ask: "answer.ask('R')", allow: "answer.allow()", rewrite: "answer.rewrite({'command': 'x'})", context: "answer.add_context('C')", block: "answer.block('R')", stop: "answer.stop('R')", message: "answer.message('M')" };
const GO_REPLIES: Record<AnswerKind, string> = { deny: 'answer.Deny("R")', ask: 'answer.Ask("R")', allow: 'answer.Allow("")', rewrite: 'answer.Rewrite(map[string]any{"command": "x"}, "")', context: 'answer.AddContext("C")', block: 'answer.Block("R")', stop: 'answer.Stop("R")', message: 'answer.Message("M")' };
const RS_REPLIES: Record<AnswerKind, string> = { deny: 'answer.deny("R")', ask: 'answer.ask("R")', allow: 'answer.allow("")', rewrite: 'answer.rewrite(json!({"command": "x"}), "")', context: 'answer.add_context("C")', block: 'answer.block("R")', stop: 'answer.stop("R")', message: 'answer.message("M")' };

/** Per Claude Code event of the cases, the answer kinds its cases give. */
function kindsByEvent(): Map<string, AnswerKind[]> {
  const out = new Map<string, AnswerKind[]>();
  for (const { call } of CLAIM_CASES) {
    const kinds = out.get(call.canonical) ?? [];
    if (!kinds.includes(call.kind)) kinds.push(call.kind);
    out.set(call.canonical, kinds);
  }
  return out;
}

/** Each claim case through a compiled hook command (EVENT, KIND, FAIL_CLOSED; the agent by CLAUDE_HOOK_PROTOCOL_AGENT). */
function runClaims(binary: string): { exit: number | null; stdout: string; stderr: string }[] {
  return CLAIM_CASES.map(({ call, failClosed }) => {
    const result = run(binary, [], { env: { EVENT: call.canonical, KIND: call.kind, FAIL_CLOSED: failClosed ? "1" : "", [AGENT_ENV]: call.agent }, input: JSON.stringify(call.input) });
    return { exit: result.status, stdout: result.stdout, stderr: result.stderr };
  });
}

test("python kit: every claim's answer, an unverified one's note included, is the TypeScript kit's", { skip: pythonMissing, timeout: 900_000 }, async () => {
  const driver = [
    "import json, os, sys",
    "from claude_hook_protocol.kit import AGENT_ENV, handle, hook",
    "REPLIES = {" + Object.entries(PY_REPLIES).map(([kind, reply]) => `${JSON.stringify(kind)}: lambda answer: ${reply}`).join(", ") + "}",
    "out = []",
    "for case in json.load(sys.stdin):",
    "    os.environ[AGENT_ENV] = case['agent']",
    "    reply = REPLIES[case['kind']]",
    "    code, stdout, stderr = handle(hook(case['event'], lambda call, answer: reply(answer), fail_closed=case['failClosed']), case['stdin'])",
    "    out.append({'exit': code, 'stdout': stdout, 'stderr': stderr})",
    "print(json.dumps(out))",
  ].join("\n");
  const input = JSON.stringify(CLAIM_CASES.map(({ call, failClosed }) => ({ agent: call.agent, kind: call.kind, event: call.canonical, failClosed, stdin: JSON.stringify(call.input) })));
  const result = run("python3", ["-c", driver], { env: { PYTHONPATH: join(root, "generated/python"), PYTHONDONTWRITEBYTECODE: "1" }, input });
  assert.equal(result.status, 0, result.stderr);
  assert.deepEqual(await compareClaims("python", JSON.parse(result.stdout) as { exit: number; stdout: string; stderr: string }[]), []);
});

test("go kit: every claim's answer, an unverified one's note included, is the TypeScript kit's", { skip: goMissing, timeout: 900_000 }, async () => {
  const dir = mkdtempSync(join(tmpdir(), "kit-claims-go-"));
  try {
    const arms = [...kindsByEvent()].map(([event, kinds]) =>
      [
        `\tcase ${JSON.stringify(event)}:`,
        `\t\tprotocol.Run(protocol.On${event}(func(call *protocol.${event}HookInput, answer protocol.${event}Answers) *protocol.Reply {`,
        "\t\t\tswitch kind {",
        ...kinds.flatMap((kind) => [`\t\t\tcase ${JSON.stringify(kind)}:`, `\t\t\t\treturn ${GO_REPLIES[kind]}`]),
        "\t\t\t}",
        "\t\t\treturn nil",
        "\t\t}, options))",
      ].join("\n"),
    );
    goModule(dir, {
      "main.go": `package main

import (
\t"os"

\tprotocol "claude-hook-protocol/generated/go"
)

func main() {
\tkind := os.Getenv("KIND")
\toptions := protocol.HookOptions{FailClosed: os.Getenv("FAIL_CLOSED") != ""}
\tswitch os.Getenv("EVENT") {
${arms.join("\n")}
\t}
}
`,
    });
    const binary = join(dir, "hook.bin");
    const build = run("go", ["build", "-o", binary, "."], { cwd: dir, env: goEnv });
    assert.equal(build.status, 0, build.stderr);
    assert.deepEqual(await compareClaims("go", runClaims(binary)), []);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test("rust kit: every claim's answer, an unverified one's note included, is the TypeScript kit's", { skip: rustMissing, timeout: 1_800_000 }, async () => {
  const dir = mkdtempSync(join(tmpdir(), "kit-claims-rust-"));
  try {
    const snake = (event: string): string => event.replace(/([a-z])([A-Z])/g, "$1_$2").toLowerCase();
    const arms = [...kindsByEvent()].map(([event, kinds]) =>
      [
        `        ${JSON.stringify(event)} => kit::run(kit::on_${snake(event)}(`,
        "            move |_call, answer| match kind.as_str() {",
        ...kinds.map((kind) => `                ${JSON.stringify(kind)} => Some(${RS_REPLIES[kind]}),`),
        "                _ => None,",
        "            },",
        "            options,",
        "        )),",
      ].join("\n"),
    );
    rustCrate(dir, "kit-claims", {
      "main.rs": `#[allow(unused_imports)]
use claude_hook_protocol_types::kit::{self, HookOptions};
#[allow(unused_imports)]
use serde_json::json;

fn main() {
    let kind = std::env::var("KIND").unwrap_or_default();
    let options = HookOptions { fail_closed: !std::env::var("FAIL_CLOSED").unwrap_or_default().is_empty(), ..Default::default() };
    match std::env::var("EVENT").unwrap_or_default().as_str() {
${arms.join("\n")}
        _ => {}
    }
}
`,
    });
    const build = run("cargo", ["build", "--release", "--quiet"], { cwd: dir, env: { CARGO_TARGET_DIR: cargoTarget } });
    assert.equal(build.status, 0, build.stderr);
    assert.deepEqual(await compareClaims("rust", runClaims(join(cargoTarget, "release", "kit-claims"))), []);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
