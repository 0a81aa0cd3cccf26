// The CLI through child processes: every command, its --help, and every exit
// status. The CLI runs from source as `node --import tsx src/cli.ts` (no build
// step needed for tests); the shipped one is dist/src/cli.js, built by
// `npm run build`, and never loads tsx.
import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { spawn, spawnSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { EVENTS } from "../src/claude-code/events.js";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
/** tsx's loader by URL, so the CLI can also be started from another directory. */
const TSX = import.meta.resolve("tsx");

interface CliResult {
  readonly status: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

function cli(args: readonly string[], options: { stdin?: string; env?: NodeJS.ProcessEnv; cwd?: string } = {}): Promise<CliResult> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ["--import", TSX, join(ROOT, "src/cli.ts"), ...args], {
      cwd: options.cwd ?? ROOT,
      env: { ...process.env, NO_COLOR: "", ...options.env },
    });
    let stdout = "";
    let stderr = "";
    child.stdout.setEncoding("utf8").on("data", (c: string) => (stdout += c));
    child.stderr.setEncoding("utf8").on("data", (c: string) => (stderr += c));
    child.on("close", (status) => resolve({ status, stdout, stderr }));
    child.stdin.end(options.stdin ?? "");
  });
}

const tmp = mkdtempSync(join(tmpdir(), "cli-test-"));
const DENY_MAYBE = '{\n  "hookSpecificOutput": {\n    "hookEventName": "PreToolUse",\n    "permissionDecision": "maybe"\n  }\n}\n';
const ESC = "\u001b[";

describe("claude-hook-protocol", { concurrency: 4 }, () => {
  test("no command: usage on stderr, exit 2; --help: exit 0; unknown command: exit 2", async () => {
    const none = await cli([]);
    assert.equal(none.status, 2);
    assert.match(none.stderr, /usage: claude-hook-protocol <command>/);
    const help = await cli(["--help"]);
    assert.equal(help.status, 0);
    for (const name of ["validate", "run", "merge", "schema", "events", "conformance"]) assert.match(help.stdout, new RegExp(`\\n  ${name} `));
    assert.equal((await cli(["frobnicate"])).status, 2);
  });

  test("options are parsed by node:util parseArgs: unknown options, missing values and stray values are usage errors (exit 2)", async () => {
    const cases: [readonly string[], RegExp][] = [
      [["conformance", "merge", "--bogus"], /^conformance merge: unknown option --bogus\n/],
      [["conformance", "serde", "--bogus"], /^conformance serde: unknown option --bogus\n/],
      [["conformance", "merge", "--agent"], /^conformance merge: --agent needs a value\n/],
      [["run", "--event", "Stop", "--input", "examples/events/stop.json", "--frobnicate", "--", "true"], /^run: unknown option --frobnicate\n/],
      [["events", "--json=yes"], /^events: --json takes no value\n/],
      [["schema", "-x"], /^schema: unknown option -x\n/],
      [["merge", "--words", "--words"], /^merge: --words given twice\n/],
    ];
    await Promise.all(cases.map(async ([args, stderr]) => {
      const r = await cli(args, { stdin: "" });
      assert.equal(r.status, 2, args.join(" "));
      assert.match(r.stderr, stderr, args.join(" "));
      assert.match(r.stderr, /usage: claude-hook-protocol/, args.join(" "));
      assert.equal(r.stdout, "", args.join(" "));
    }));
    // --agent still picks the dialect; `--agent=X` is the same option
    const request = '{"event":"Stop","hooks":[{"command":"a","exit":0,"stdout":"","stderr":""}]}\n';
    const chosen = await cli(["conformance", "merge", "--agent=claude-code"], { stdin: request });
    assert.equal(chosen.status, 0, chosen.stderr);
    assert.equal(JSON.parse(chosen.stdout).agent, "claude-code");
  });

  test("every command has --help with examples", async () => {
    for (const name of ["validate", "run", "merge", "schema", "events", "conformance"]) {
      const r = await cli([name, "--help"]);
      assert.equal(r.status, 0, name);
      assert.match(r.stdout, new RegExp(`usage: claude-hook-protocol ${name}`));
      assert.match(r.stdout, /Examples:/, name);
    }
  });

  test("install --help and uninstall --help: a row of files for every registry agent, from its installer (filesSummary)", async () => {
    const { loadInstallers } = await import("../src/agents.js");
    const installers = await loadInstallers();
    for (const mode of ["install", "uninstall"]) {
      const r = await cli([mode, "--help"]);
      assert.equal(r.status, 0, mode);
      const table = r.stdout.slice(r.stdout.indexOf("Agents and files"), r.stdout.indexOf("Exit status:"));
      for (const installer of installers) {
        assert.match(table, new RegExp(`\\n  ${installer.agent} +${installer.filesSummary[0]!.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}\\n`), `${mode} --help: ${installer.agent}`);
        for (const line of installer.filesSummary) assert.ok(table.includes(line), `${mode} --help: ${installer.agent}: ${line}`);
      }
      assert.equal(table.trim().split("\n").filter((line) => /^  \S/.test(line)).length, installers.length, `${mode} --help: one row per agent`);
    }
  });

  test("validate: accepted output exits 0", async () => {
    const r = await cli(["validate", "--event", "PreToolUse", "-"], {
      stdin: '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"no"}}',
    });
    assert.equal(r.status, 0);
    assert.match(r.stdout, /^accepted: stdin is json output Claude Code 2\.1\.332 accepts for PreToolUse/);
  });

  test("validate: rejected output exits 1 with line:column, path, Claude Code's words and a hint", async () => {
    const file = join(tmp, "maybe.json");
    writeFileSync(file, DENY_MAYBE);
    const r = await cli(["validate", "--event", "PreToolUse", file]);
    assert.equal(r.status, 1);
    assert.match(r.stdout, /not accepted/);
    assert.ok(r.stdout.includes(`${file}:4:5 at /hookSpecificOutput/permissionDecision`), r.stdout);
    assert.ok(r.stdout.includes('Claude Code says: Hook JSON output validation failed — hookSpecificOutput.permissionDecision: Invalid option: expected one of "allow"|"deny"|"ask"|"defer"'));
    assert.match(r.stdout, /hint: use one of "allow", "deny", "ask", "defer"/);
    const json = await cli(["validate", "--event", "PreToolUse", "--json", file]);
    assert.equal(json.status, 1);
    const report = JSON.parse(json.stdout);
    assert.equal(report.accepted, false);
    assert.deepEqual([report.problems[0].line, report.problems[0].column, report.problems[0].path], [4, 5, "/hookSpecificOutput/permissionDecision"]);
  });

  test("validate: several JSON lines, unknown keys, plain text", async () => {
    const lines = await cli(["validate", "--event", "Stop", "--json"], { stdin: '{"a":1}\n{"b":2}\n' });
    assert.equal(lines.status, 1);
    const report = JSON.parse(lines.stdout);
    assert.equal(report.output, "invalid");
    assert.match(report.problems[0].claude_code, /JSON Parse error: Unable to parse JSON string/);
    assert.match(report.problems[0].hint, /exactly one JSON object/);
    const unknown = await cli(["validate", "--event", "PreToolUse", "--json"], {
      stdin: '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permisionDecision":"deny"}}',
    });
    assert.equal(unknown.status, 0);
    const warning = JSON.parse(unknown.stdout).problems[0];
    assert.deepEqual([warning.severity, warning.path, warning.hint], ["warning", "/hookSpecificOutput/permisionDecision", 'did you mean "permissionDecision"?']);
    const text = await cli(["validate", "--event", "UserPromptSubmit"], { stdin: "hello\n" });
    assert.equal(text.status, 0);
    assert.match(text.stdout, /plain text, not JSON: Claude Code adds it to the model's context/);
    assert.match(text.stdout, /Claude Code says: Hook output does not start with \{, treating as plain text/);
    // starts with { but is no object: Claude Code's other debug line (new-pre-invalid-json-open)
    const open = await cli(["validate", "--event", "PreToolUse", "--json"], { stdin: "{not json\n" });
    assert.equal(open.status, 0);
    const plain = JSON.parse(open.stdout).problems[0];
    assert.equal(plain.claude_code, "Hook output starts with { but is not a JSON object, treating as plain text: JSON Parse error: Expected '}'");
  });

  test("validate --dialect rust: serde's words and position", async () => {
    const bad = await cli(["validate", "--event", "PreToolUse", "--dialect", "rust"], { stdin: DENY_MAYBE });
    assert.equal(bad.status, 1);
    // serde's own position is where the tagged map ends; the problem points at the value.
    assert.match(bad.stdout, /serde says: unknown variant `maybe`, expected one of `allow`, `deny`, `ask` at line 6 column 1/);
    assert.match(bad.stdout, /stdin:4:5 at hookSpecificOutput\.permissionDecision/);
    const good = await cli(["validate", "--event", "PreToolUse", "--dialect", "rust"], { stdin: "{}" });
    assert.equal(good.status, 0);
  });

  test("validate: usage errors exit 2", async () => {
    assert.equal((await cli(["validate"], { stdin: "{}" })).status, 2);
    assert.equal((await cli(["validate", "--event", "PreToolUsed"], { stdin: "{}" })).status, 2);
    assert.equal((await cli(["validate", "--event", "Stop", "--dialect", "perl"], { stdin: "{}" })).status, 2);
    assert.equal((await cli(["validate", "--event", "Stop", "/nonexistent/out.json"])).status, 2);
    assert.equal((await cli(["validate", "--event", "Stop", "--bogus"])).status, 2);
  });

  test("run: the bundled example denies rm -rf and adds context, in words", async () => {
    const r = await cli(["run", "--event", "PreToolUse", "--input", "examples/events/pre-tool-use.json", "--settings", "examples/settings.json"]);
    assert.equal(r.status, 0, r.stderr);
    assert.match(r.stdout, /PreToolUse:Bash: 2 hooks selected/);
    assert.match(r.stdout, /the tool call is denied; the model is told: "PreToolUse:Bash hook error: rm -rf is not allowed in this project; delete specific files instead"/);
    assert.match(r.stdout, /"PreToolUse:Bash hook additional context: This project builds with npm; the build output lives in dist\/\."/);
    assert.ok(!r.stdout.includes(ESC), "no colour when stdout is not a terminal");
    const safe = await cli(["run", "--input", "examples/events/pre-tool-use-safe.json", "--settings", "examples/settings.json", "--json"]);
    assert.equal(safe.status, 0);
    const merged = JSON.parse(safe.stdout);
    assert.equal(merged.effects.decision, null);
    assert.deepEqual(merged.effects.tool_input, { command: "npm test", description: "Run the tests" });
    assert.equal(merged.ran, 2);
  });

  test("run: examples/ paths fall back to the bundled examples from any directory", async () => {
    const r = await cli(["run", "--event", "PreToolUse", "--input", "examples/events/pre-tool-use.json", "--settings", "examples/settings.json", "--json"], { cwd: tmp });
    assert.equal(r.status, 0, r.stderr);
    assert.match(r.stderr, /using the examples bundled in/);
    assert.equal(JSON.parse(r.stdout).effects.decision, "deny");
  });

  test("run -- COMMAND: one word is shell form, several words exec form; --json gives the merged result", async () => {
    const shell = await cli(["run", "--event", "Stop", "--input", "-", "--json", "--", "echo keep going >&2; exit 2"], { stdin: '{"stop_hook_active":false}' });
    assert.equal(shell.status, 0, shell.stderr);
    const merged = JSON.parse(shell.stdout);
    assert.equal(merged.effects.blocked, true);
    assert.deepEqual(merged.runs[0].argv, ["/bin/sh", "-c", "echo keep going >&2; exit 2"]);
    const exec = await cli(["run", "--event", "UserPromptSubmit", "--input", "-", "--json", "--", "printf", "%s", "$HOME is data"], { stdin: '{"prompt":"hi"}' });
    const execMerged = JSON.parse(exec.stdout);
    assert.equal(execMerged.runs[0].form, "exec");
    assert.deepEqual(execMerged.effects.model_context, ["UserPromptSubmit hook success: $HOME is data"]);
  });

  test("run: progress on stderr while a hook takes longer than a second", async () => {
    const r = await cli(["run", "--event", "Stop", "--input", "-", "--", "sleep 2.5"], { stdin: "{}" });
    assert.equal(r.status, 0);
    assert.match(r.stderr, /waiting for 1 hook \(\d s\): sleep 2\.5/);
  });

  test("run: usage errors exit 2, an unreadable settings file exits 1", async () => {
    assert.equal((await cli(["run", "--event", "Stop"])).status, 2);
    assert.equal((await cli(["run", "--input", "examples/events/stop.json"])).status, 2);
    assert.equal((await cli(["run", "--event", "Nope", "--input", "examples/events/stop.json", "--", "true"])).status, 2);
    assert.equal((await cli(["run", "--input", "-", "--", "true"], { stdin: "not json" })).status, 2);
    const missing = await cli(["run", "--input", "examples/events/stop.json", "--settings", "/nonexistent/settings.json"]);
    assert.equal(missing.status, 1);
    assert.match(missing.stdout, /unreadable|cannot read/);
  });

  test("merge: process results in, merged result out; --words; bad input exits 1", async () => {
    const request = JSON.stringify({
      event: "PreToolUse",
      tool_name: "Bash",
      tool_input: { command: "ls" },
      hooks: [
        { command: "a.sh", exit: 0, stdout: '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"ask","permissionDecisionReason":"sure?"}}', stderr: "" },
        { command: "b.sh", exit: 2, stdout: "", stderr: "no way" },
      ],
    });
    const r = await cli(["merge"], { stdin: request });
    assert.equal(r.status, 0, r.stderr);
    const merged = JSON.parse(r.stdout);
    assert.equal(merged.effects.decision, "deny");
    assert.equal(merged.effects.tool_result, "PreToolUse:Bash hook error: [b.sh]: no way");
    const words = await cli(["merge", "--words"], { stdin: request });
    assert.match(words.stdout, /the tool call is denied; the model is told: "PreToolUse:Bash hook error: \[b\.sh\]: no way"/);
    assert.equal((await cli(["merge"], { stdin: "{nope" })).status, 1);
    assert.equal((await cli(["merge"], { stdin: '{"event":"Nope","hooks":[]}' })).status, 1);
    assert.equal((await cli(["merge"], { stdin: '{"event":"Stop","hooks":[{"command":1}]}' })).status, 1);
    assert.equal((await cli(["merge", "a", "b"])).status, 2);
  });

  test("schema: lists, prints by title or name, unknown exits 2", async () => {
    const list = await cli(["schema"]);
    assert.equal(list.status, 0);
    assert.match(list.stdout, /RunRecord/);
    const one = await cli(["schema", "RunRecord"]);
    assert.equal(one.status, 0);
    assert.equal(JSON.parse(one.stdout).title, "RunRecord");
    const byName = await cli(["schema", "merged-result"]);
    assert.equal(JSON.parse(byName.stdout).title, "MergedResult");
    assert.equal((await cli(["schema", "NoSuchType"])).status, 2);
  });

  test("events: every event of the table, one in detail, JSON, unknown exits 2", async () => {
    const json = await cli(["events", "--json"]);
    assert.equal(json.status, 0);
    const events = JSON.parse(json.stdout);
    assert.equal(events.length, Object.keys(EVENTS).length);
    assert.deepEqual(events.find((e: { name: string }) => e.name === "PreToolUse").matcher.field, "tool_name");
    const one = await cli(["events", "Stop"]);
    assert.match(one.stdout, /Stop\n {2}matcher: {2}none/);
    assert.match(one.stdout, /blocks: {3}the end of the turn/);
    assert.equal((await cli(["events", "Nope"])).status, 2);
  });

  test("conformance merge answers a line per request (exit 1 after a malformed one); an unknown protocol exits 2", async () => {
    const request = '{"event":"Stop","hooks":[{"command":"a","exit":2,"stdout":"","stderr":"again"}]}\n';
    const clean = await cli(["conformance", "merge"], { stdin: request });
    assert.equal(clean.status, 0);
    assert.equal(JSON.parse(clean.stdout).effects.blocked, true);
    const r = await cli(["conformance", "merge"], { stdin: `${request}not json\n${request}` });
    assert.equal(r.status, 1);
    const lines = r.stdout.trim().split("\n").map((l) => JSON.parse(l));
    assert.deepEqual(lines.map((l) => l.effects?.blocked ?? l.error?.code), [true, "invalid-json", true]);
    assert.equal((await cli(["conformance", "nope"])).status, 2);
  });

  test("colour only on a terminal, never with NO_COLOR", () => {
    // `script` gives the CLI a pseudo-terminal.
    const viaTty = (env: string): string =>
      spawnSync("script", ["-qec", `${env} ${process.execPath} --import tsx src/cli.ts events Stop`, "/dev/null"], { cwd: ROOT, encoding: "utf8" }).stdout;
    assert.ok(viaTty("NO_COLOR=").includes(ESC), "colour on a terminal");
    assert.ok(!viaTty("NO_COLOR=1").includes(ESC), "no colour with NO_COLOR");
  });
});
