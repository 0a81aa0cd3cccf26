/**
 * The hostile-input table (docs/hostile-inputs.md lists each row with what
 * was observed): every input goes through each surface it can reach — the
 * serde reader (`readRust`), the Claude Code reader and merge
 * (`readHookStdout`, `mergeRequest`), the runner (`runEvent`, real
 * processes) and the CLI (child processes) — and must give a clean answer or
 * a clean error: no exception, crash, hang, stack trace, or polluted prototype.
 *
 * The per-module suites (serde-hostile, runner-process) check the details of
 * each module; this table checks the whole path a user's input takes.
 */
import { after, describe, test } from "node:test";
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { formatSerdeError, readRust } from "../src/serde/index.js";
import { readHookStdout } from "../src/claude-code/read-stdout.js";
import { mergeRequest } from "../src/claude-code/merge-request.js";
import type { MergedResult } from "../src/core/records.js";
import { runEvent } from "../src/claude-code/runner/run-event.js";
import { parseHookSettingsValue } from "../src/claude-code/runner/load-settings.js";
import type { HookConfiguration } from "../src/claude-code/runner/types.js";
import { writeRustText } from "./lib/write-rust.js";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const TMP = mkdtempSync(join(tmpdir(), "hostile-"));
after(() => rmSync(TMP, { recursive: true, force: true }));

const EVENT = { session_id: "hostile", transcript_path: join(TMP, "t.jsonl"), cwd: TMP, hook_event_name: "PreToolUse", tool_name: "Bash", tool_input: { command: "ls" } };
const EVENT_FILE = join(TMP, "event.json");
writeFileSync(EVENT_FILE, JSON.stringify(EVENT));

/** A V8 or Node stack frame, as an uncaught exception prints it. */
const STACK_FRAME = /^\s+at .+(\(|\s)(file:|node:|\/).*:\d+:\d+\)?$/m;

function assertPrototypesClean(): void {
  for (const proto of [Object.prototype, Array.prototype, Function.prototype]) {
    for (const key of ["polluted", "permissionDecision", "hookEventName", "isAdmin"]) {
      assert.equal(Object.prototype.hasOwnProperty.call(proto, key), false, `${key} on a prototype`);
    }
  }
  assert.equal(({} as Record<string, unknown>)["polluted"], undefined);
}

interface CliResult {
  readonly status: number | null;
  readonly signal: string | null;
  readonly stdout: string;
  readonly stderr: string;
  readonly hung: boolean;
}

/** The CLI from source, as the CLI suite runs it; killed (and reported as hung) after `limitMs`. */
function cli(args: readonly string[], stdin: string | Buffer = "", limitMs = 60_000): Promise<CliResult> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ["--import", "tsx", "src/cli.ts", ...args], { cwd: ROOT, env: { ...process.env, NO_COLOR: "1" } });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    let hung = false;
    const timer = setTimeout(() => {
      hung = true;
      child.kill("SIGKILL");
    }, limitMs);
    child.stdout.on("data", (c: Buffer) => out.push(c));
    child.stderr.on("data", (c: Buffer) => err.push(c));
    child.on("close", (status, signal) => {
      clearTimeout(timer);
      resolve({ status, signal, stdout: Buffer.concat(out).toString("utf8"), stderr: Buffer.concat(err).toString("utf8"), hung });
    });
    child.stdin.on("error", () => {});
    child.stdin.end(stdin);
  });
}

/** Exit 0 or 1 (an answer), never a crash, a signal, a hang or a stack trace. */
function assertCleanCli(r: CliResult, what: string): void {
  assert.equal(r.hung, false, `${what}: hung`);
  assert.equal(r.signal, null, `${what}: killed by ${r.signal}`);
  assert.ok(r.status === 0 || r.status === 1, `${what}: exit ${r.status}\n${r.stderr.slice(0, 2000)}`);
  assert.doesNotMatch(r.stderr, STACK_FRAME, `${what}: stack trace on stderr`);
  assert.doesNotMatch(r.stdout, STACK_FRAME, `${what}: stack trace on stdout`);
}

function validateFile(name: string, text: string | Buffer): string {
  const file = join(TMP, name);
  writeFileSync(file, text);
  return file;
}

function configOf(command: string, timeout?: number): HookConfiguration {
  const handler = timeout === undefined ? { type: "command", command } : { type: "command", command, timeout };
  const parsed = parseHookSettingsValue({ hooks: { PreToolUse: [{ matcher: "Bash", hooks: [handler] }] } }, { file: "hostile-settings.json", kind: "project" });
  assert.deepEqual(parsed.problems, []);
  return { hooks: parsed.hooks, problems: parsed.problems, disabledBy: null };
}

function mergeOne(stdout: string, exit = 0): MergedResult {
  return mergeRequest({ event: "PreToolUse", tool_name: "Bash", tool_input: { command: "ls" }, hooks: [{ command: "hook", exit, stdout, stderr: "" }] });
}

function preToolUse(fields: string): string {
  return `{"hookSpecificOutput":{"hookEventName":"PreToolUse",${fields}}}`;
}

describe("hostile inputs", { concurrency: 1 }, () => {
  test("10 MB document: read, validated, merged and written back whole", async (t) => {
    const content = "0123456789abcdef\\n\u00e9\\\"".repeat(520_000);
    // a whole Bash input: a rewrite that failed Bash's schema would not run (Claude Code checks it)
    const text = `{"continue":true,"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"allow","updatedInput":{"command":"${content}"}}}`;
    assert.ok(text.length > 10_000_000);
    const rust = readRust("HookOutput", text);
    assert.ok(rust.ok);
    // not assert.equal: a failure would print 10 MB
    assert.ok(writeRustText("HookOutput", rust.value) === text, "written back byte for byte");
    const reading = readHookStdout(text, "PreToolUse");
    assert.equal(reading.output, "json");
    const merged = mergeOne(text);
    assert.equal(merged.effects.decision, "allow");
    assert.equal(String(merged.effects.tool_input?.["command"]).length, 520_000 * 19);
    const file = validateFile("ten-mb.json", text);
    for (const dialect of ["claude-code", "rust"]) {
      const r = await cli(["validate", "--event", "PreToolUse", "--dialect", dialect, file]);
      assertCleanCli(r, `validate --dialect ${dialect}`);
      assert.equal(r.status, 0, r.stdout);
    }
    t.diagnostic(`${(text.length / 1e6).toFixed(1)} MB: serde reads and writes it back byte for byte; Claude Code reader: json; merge: allow with the 9.9 M-character rewrite; CLI validate exit 0 in both dialects`);
  });

  const DEPTH = 100_000;
  const deepValid = preToolUse(`"permissionDecision":"allow","updatedInput":{"deep":${"[".repeat(DEPTH)}${"]".repeat(DEPTH)}}`);
  const deepUnclosed = preToolUse(`"permissionDecision":"allow","updatedInput":{"deep":${"[".repeat(DEPTH)}}`);

  test("100,000-deep nesting: serde's recursion limit; the Rust dialect CLI says so", async () => {
    const rust = readRust("HookOutput", deepValid);
    assert.ok(!rust.ok);
    assert.equal(formatSerdeError(rust.error), "recursion limit exceeded at line 1 column 229");
    const unclosed = readRust("HookOutput", deepUnclosed);
    assert.ok(!unclosed.ok);
    const r = await cli(["validate", "--event", "PreToolUse", "--dialect", "rust", validateFile("deep-rust.json", deepValid)]);
    assertCleanCli(r, "validate --dialect rust");
    assert.equal(r.status, 1);
    assert.match(r.stdout, /recursion limit exceeded at line 1 column 229/);
  });

  test("100,000-deep nesting, unclosed: the Claude Code reader, merge and CLI give a parse error", async () => {
    const reading = readHookStdout(deepUnclosed, "PreToolUse");
    assert.equal(reading.output, "invalid");
    assert.equal(reading.error?.code, "json-parse");
    assert.equal(mergeOne(deepUnclosed).effects.decision, null);
    const r = await cli(["validate", "--event", "PreToolUse", validateFile("deep-unclosed.json", deepUnclosed)]);
    assertCleanCli(r, "validate");
    assert.equal(r.status, 1);
  });

  // toNullPrototype (src/claude-code/jsc-json.ts) once copied JSON.parse's result recursively and overflowed the stack.
  test("100,000-deep nesting, valid JSON: the Claude Code reader, merge and CLI answer without throwing", async () => {
    assert.doesNotThrow(() => readHookStdout(deepValid, "PreToolUse"));
    assert.doesNotThrow(() => mergeOne(deepValid));
    const r = await cli(["validate", "--event", "PreToolUse", validateFile("deep-valid.json", deepValid)]);
    assertCleanCli(r, "validate");
  });

  test("lone surrogates: serde's error for an escape, U+FFFD in a JS string; JSON.parse keeps them, output stays well-formed", async () => {
    const escaped = preToolUse('"permissionDecision":"deny","permissionDecisionReason":"bad \\udc00 half"');
    const rust = readRust("HookOutput", escaped);
    assert.ok(!rust.ok);
    // the serde oracle answers exactly this for the same text
    assert.equal(formatSerdeError(rust.error), "lone leading surrogate in hex escape at line 1 column 118");
    const raw = readRust("Value", '"a\ud800b"');
    assert.ok(raw.ok);
    assert.equal(raw.value, "a\ufffdb");
    assert.equal(writeRustText("Value", "a\udc00b"), '"a\\udc00b"', "the writer escapes a lone surrogate rather than emit invalid UTF-8");
    // Claude Code reads with JSON.parse, which keeps the lone half in the string
    const merged = mergeOne(escaped);
    assert.equal(merged.effects.decision, "deny");
    assert.equal(merged.effects.tool_result, "PreToolUse:Bash hook error: bad \udc00 half");
    assert.match(JSON.stringify(merged), /bad \\udc00 half/);
    for (const dialect of ["claude-code", "rust"]) {
      const r = await cli(["validate", "--event", "PreToolUse", "--dialect", dialect, "--json", validateFile("lone.json", escaped)]);
      assertCleanCli(r, `validate --dialect ${dialect}`);
      assert.equal(r.status, dialect === "rust" ? 1 : 0);
      assert.doesNotMatch(r.stdout, /\ufffd/, "the lone half is escaped in the JSON, not replaced");
    }
  });

  test("__proto__ and constructor keys stay data in every reader, the merge and the CLI", async () => {
    const hostile = '{"__proto__":{"polluted":true},"constructor":{"prototype":{"polluted":true}},' +
      '"hookSpecificOutput":{"hookEventName":"PreToolUse","__proto__":{"permissionDecision":"deny"},"permissionDecision":"allow",' +
      '"updatedInput":{"__proto__":{"isAdmin":true},"constructor":{"prototype":{"polluted":1}},"command":"ls"}}}';
    const rust = readRust("HookOutput", hostile);
    assert.ok(rust.ok);
    const updated = (rust.value.hookSpecificOutput as { updatedInput?: unknown }).updatedInput as Map<string, unknown>;
    assert.deepEqual([...updated.keys()].sort(), ["__proto__", "command", "constructor"]);
    assert.equal(writeRustText("HookOutput", rust.value), '{"continue":true,"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"allow","updatedInput":{"__proto__":{"isAdmin":true},"command":"ls","constructor":{"prototype":{"polluted":1}}}}}');
    const reading = readHookStdout(hostile, "PreToolUse");
    assert.equal(reading.output, "json");
    assert.match(reading.warnings.join("\n"), /unrecognized keys \(ignored\): __proto__, constructor, hookSpecificOutput\.__proto__/);
    const merged = mergeOne(hostile);
    assert.equal(merged.effects.decision, "allow");
    // the hook's answer keeps the keys as data; the tool runs with the rewrite parsed against Bash's schema,
    // which drops them as Claude Code does (fid-ui-bash-session-id)
    assert.equal(Object.prototype.hasOwnProperty.call(merged.updated_input, "__proto__"), true);
    const toolInput = merged.effects.tool_input!;
    assert.deepEqual(Object.keys(toolInput), ["command"]);
    assert.equal((toolInput as Record<string, unknown>)["isAdmin"], undefined);
    const r = await cli(["validate", "--event", "PreToolUse", "--json", validateFile("proto.json", hostile)]);
    assertCleanCli(r, "validate");
    assert.equal(r.status, 0);
    const run = await cli(["run", "--event", "PreToolUse", "--input", EVENT_FILE, "--json", "--", `printf '%s' '${hostile}'`]);
    assertCleanCli(run, "run");
    const result = JSON.parse(run.stdout) as MergedResult;
    assert.equal(result.effects.decision, "allow");
    assert.deepEqual(Object.keys(result.updated_input ?? {}).sort(), ["__proto__", "command", "constructor"]);
    assert.deepEqual(Object.keys(result.effects.tool_input ?? {}), ["command"]);
    assertPrototypesClean();
  });

  test("NUL bytes: escaped NUL is data, raw NUL in a string is a parse error, NUL in plain text stays text", async () => {
    const escaped = preToolUse('"permissionDecision":"deny","permissionDecisionReason":"a\\u0000b"');
    const raw = preToolUse('"permissionDecision":"deny","permissionDecisionReason":"a\u0000b"');
    const rustEscaped = readRust("HookOutput", escaped);
    assert.ok(rustEscaped.ok);
    assert.equal(writeRustText("HookOutput", rustEscaped.value), '{"continue":true,"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"a\\u0000b"}}');
    const rustRaw = readRust("HookOutput", raw);
    assert.ok(!rustRaw.ok);
    // the serde oracle answers exactly this for the same text
    assert.equal(formatSerdeError(rustRaw.error), "control character (\\u0000-\\u001F) found while parsing a string at line 1 column 110");
    assert.equal(mergeOne(escaped).effects.tool_result, "PreToolUse:Bash hook error: a\u0000b");
    assert.equal(readHookStdout(raw, "PreToolUse").error?.code, "json-parse");
    assert.equal(readHookStdout("plain\u0000text", "PreToolUse").output, "text");
    for (const [name, text, want] of [["nul-escaped.json", escaped, 0], ["nul-raw.json", raw, 1]] as const) {
      const r = await cli(["validate", "--event", "PreToolUse", validateFile(name, text)]);
      assertCleanCli(r, `validate ${name}`);
      assert.equal(r.status, want);
    }
    const run = await cli(["run", "--event", "PreToolUse", "--input", EVENT_FILE, "--json", "--", "printf 'a\\000b'"]);
    assertCleanCli(run, "run");
    assert.equal((JSON.parse(run.stdout) as MergedResult).runs[0]?.stdout, "a\u0000b");
  });

  test("invalid UTF-8 on a hook's stdout: U+FFFD, read as Claude Code would, no crash", async () => {
    // a deny whose reason holds a broken sequence, then bytes that are never UTF-8
    const command = `printf '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"r\\377\\300\\355\\240\\200"}}'`;
    const outcome = await runEvent({ event: "PreToolUse", input: EVENT, configuration: configOf(command), cwd: TMP, projectDir: TMP });
    assert.equal(outcome.merged.effects.decision, "deny");
    assert.match(outcome.merged.effects.tool_result ?? "", /^PreToolUse:Bash hook error: r\ufffd+$/);
    const cliRun = await cli(["run", "--event", "PreToolUse", "--input", EVENT_FILE, "--", command]);
    assertCleanCli(cliRun, "run");
    const bytes = Buffer.from([0xff, 0xfe, 0x7b, 0x22, 0x80, 0x22, 0x3a, 0x31, 0x7d]);
    for (const dialect of ["claude-code", "rust"]) {
      const r = await cli(["validate", "--event", "PreToolUse", "--dialect", dialect], bytes);
      assertCleanCli(r, `validate --dialect ${dialect} (stdin)`);
    }
  });

  test("100 MB of hook output: kept up to the cap, the rest counted, merged as plain text", { timeout: 120_000 }, async () => {
    const command = "head -c 104857600 /dev/zero | tr '\\0' x";
    const outcome = await runEvent({ event: "PreToolUse", input: EVENT, configuration: configOf(command), cwd: TMP, projectDir: TMP, maxOutputBytes: 4 * 1024 * 1024 });
    const [record] = outcome.records;
    assert.equal(record?.output, "text");
    assert.equal(record?.stdout.length, 4 * 1024 * 1024);
    assert.equal(outcome.run.results[0]?.stdout_dropped_bytes, 100 * 1024 * 1024 - 4 * 1024 * 1024);
    assert.equal(outcome.merged.effects.decision, null);
    const r = await cli(["run", "--event", "PreToolUse", "--input", EVENT_FILE, "--", command], "", 110_000);
    assertCleanCli(r, "run");
    assert.equal(r.status, 0);
  });

  test("a hook that never exits: killed at its timeout, output discarded, the event goes on", { timeout: 60_000 }, async () => {
    const command = `printf '${preToolUse('"permissionDecision":"deny"')}'; exec sleep 1000`;
    const outcome = await runEvent({ event: "PreToolUse", input: EVENT, configuration: configOf(command, 1), cwd: TMP, projectDir: TMP });
    const [record] = outcome.records;
    assert.equal(record?.outcome, "timeout");
    assert.equal(record?.timed_out, true);
    assert.equal(outcome.merged.effects.decision, null, "a timed-out hook renders no decision (fails open)");
    const r = await cli(["run", "--event", "PreToolUse", "--input", EVENT_FILE, "--timeout", "1", "--json", "--", command], "", 30_000);
    assertCleanCli(r, "run");
    assert.equal(r.status, 0);
    const merged = JSON.parse(r.stdout) as MergedResult;
    assert.equal(merged.runs[0]?.outcome, "timeout");
  });

  test("a missing command: a non-blocking error and Claude Code's notice, in shell and exec form", async () => {
    const shell = await runEvent({ event: "PreToolUse", input: EVENT, configuration: configOf("/nonexistent/hook.sh"), cwd: TMP, projectDir: TMP });
    assert.equal(shell.records[0]?.exit, 127);
    assert.equal(shell.records[0]?.outcome, "error");
    assert.equal(shell.merged.effects.decision, null);
    const r = await cli(["run", "--event", "PreToolUse", "--input", EVENT_FILE, "--json", "--", "/nonexistent/hook", "arg"]);
    assertCleanCli(r, "run (exec form)");
    assert.equal(r.status, 0);
    const merged = JSON.parse(r.stdout) as MergedResult;
    assert.equal(merged.runs[0]?.outcome, "error");
    assert.match(merged.runs[0]?.message ?? merged.runs[0]?.non_blocking_error ?? "", /ENOENT|not found/);
  });

  test("a hook that closes stdin early on a 1 MB event: its answer is used, no EPIPE", async () => {
    const big = { ...EVENT, tool_input: { command: "ls", padding: "p".repeat(1 << 20) } };
    const command = `exec 0<&-; printf '%s' '${preToolUse('"permissionDecision":"ask","permissionDecisionReason":"stdin closed"')}'`;
    const outcome = await runEvent({ event: "PreToolUse", input: big, configuration: configOf(command), cwd: TMP, projectDir: TMP });
    assert.equal(outcome.merged.effects.decision, "ask");
    assert.equal(outcome.merged.effects.tool_result, "stdin closed");
    const bigFile = join(TMP, "big-event.json");
    writeFileSync(bigFile, JSON.stringify(big));
    const r = await cli(["run", "--event", "PreToolUse", "--input", bigFile, "--json", "--", command]);
    assertCleanCli(r, "run");
    assert.equal(r.status, 0);
    assert.equal((JSON.parse(r.stdout) as MergedResult).effects.decision, "ask");
  });

  test("no prototype was polluted by any row", () => {
    assertPrototypesClean();
  });
});
