/**
 * Hostile inputs, class 5 (the CLI): every input the CLI reads is bounded and
 * checked, so oversized, endless, non-file, non-text and over-nested inputs
 * end in one line naming what and where (exit 2), never a stack trace or a
 * process that grows until it dies. One test per attempt. The commands run
 * in process through `main` (what src/cli.ts calls), with stdin a stream.
 */
import assert from "node:assert/strict";
import { spawn, spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Readable } from "node:stream";
import { after, test } from "node:test";
import { runCli, type CliOutcome as Outcome } from "../lib/cli-in-process.js";
import { MAX_INPUT_BYTES, MAX_JSON_DEPTH } from "../../src/cli/read-input.js";
import { MAX_LINE_BYTES } from "../../src/conformance/lines.js";
import { MAX_UNKNOWN_KEY_WARNINGS } from "../../src/cli/validate.js";

const dir = mkdtempSync(join(tmpdir(), "cli-input-size-"));
after(() => rmSync(dir, { recursive: true, force: true }));
const file = (name: string, content: string | Uint8Array): string => {
  const path = join(dir, name);
  writeFileSync(path, content);
  return path;
};

const cli = (args: readonly string[], stdin: Readable | string = Readable.from([])): Promise<Outcome> => runCli(args, stdin);

/** `bytes` zero bytes (or `fill`) in 1 MiB chunks, then the end. */
function oversized(bytes: number, fill = 0x20): Readable {
  const chunk = Buffer.alloc(1024 * 1024, fill);
  let left = bytes;
  return new Readable({
    read() {
      if (left <= 0) return void this.push(null);
      const part = left >= chunk.length ? chunk : chunk.subarray(0, left);
      left -= part.length;
      this.push(part);
    },
  });
}

/** A stream that never ends. */
function endless(): Readable {
  const chunk = Buffer.alloc(1024 * 1024, 0x7b); // "{{{{..."
  return new Readable({
    read() {
      this.push(chunk);
    },
  });
}

/** Refused: exit 2, nothing on stdout, one line on stderr that says `what` (and names the input). */
function refusedInOneLine(outcome: Outcome, what: RegExp): void {
  assert.equal(outcome.code, 2, outcome.stderr);
  assert.equal(outcome.stdout, "");
  assert.equal(outcome.stderr.trimEnd().split("\n").length, 1, `one line, got:\n${outcome.stderr}`);
  assert.match(outcome.stderr, what);
  assert.doesNotMatch(outcome.stderr, /\n\s+at /, "no stack trace");
}

const OVER = MAX_INPUT_BYTES + 1024 * 1024;
const TOO_LARGE = /stdin: more than 64 MiB; not read/;

test("validate: more than 64 MiB on stdin", async () => {
  refusedInOneLine(await cli(["validate", "--event", "Stop"], oversized(OVER)), TOO_LARGE);
});

test("validate --agent all: more than 64 MiB on stdin", async () => {
  refusedInOneLine(await cli(["validate", "--agent", "all", "--event", "Stop"], oversized(OVER)), TOO_LARGE);
});

test("validate --dialect rust: more than 64 MiB on stdin", async () => {
  refusedInOneLine(await cli(["validate", "--dialect", "rust", "--event", "Stop"], oversized(OVER)), TOO_LARGE);
});

test("merge: more than 64 MiB on stdin", async () => {
  refusedInOneLine(await cli(["merge"], oversized(OVER)), TOO_LARGE);
});

test("merge --agent codex: more than 64 MiB on stdin", async () => {
  refusedInOneLine(await cli(["merge", "--agent", "codex"], oversized(OVER)), TOO_LARGE);
});

test("run --input -: more than 64 MiB on stdin", async () => {
  refusedInOneLine(await cli(["run", "--event", "Stop", "--input", "-", "--", "true"], oversized(OVER)), /^run: stdin: more than 64 MiB/);
});

test("run --agent gemini-cli --input -: more than 64 MiB on stdin", async () => {
  refusedInOneLine(await cli(["run", "--agent", "gemini-cli", "--event", "BeforeTool", "--input", "-"], oversized(OVER)), /^run: stdin: more than 64 MiB/);
});

test("validate: a stdin that never ends", async () => {
  refusedInOneLine(await cli(["validate", "--event", "PreToolUse"], endless()), TOO_LARGE);
});

test("merge: a stdin that never ends", async () => {
  refusedInOneLine(await cli(["merge"], endless()), TOO_LARGE);
});

test("validate /dev/zero: a device that never ends", async () => {
  refusedInOneLine(await cli(["validate", "--event", "Stop", "/dev/zero"]), /^validate: \/dev\/zero: more than 64 MiB; not read$/m);
});

test("merge /dev/zero", async () => {
  refusedInOneLine(await cli(["merge", "/dev/zero"]), /^merge: \/dev\/zero: more than 64 MiB/);
});

test("run --input /dev/zero", async () => {
  refusedInOneLine(await cli(["run", "--event", "Stop", "--input", "/dev/zero", "--", "true"]), /^run: \/dev\/zero: more than 64 MiB/);
});

test("validate --input /dev/zero (the event input)", async () => {
  refusedInOneLine(await cli(["validate", "--event", "PreToolUse", "--input", "/dev/zero", file("allow.json", "{}")]), /--input \/dev\/zero: more than 64 MiB/);
});

test("validate --agent all --input /dev/zero (the event input)", async () => {
  const outcome = await cli(["validate", "--agent", "all", "--event", "PreToolUse", "--input", "/dev/zero", file("allow2.json", "{}")]);
  refusedInOneLine(outcome, /--input \/dev\/zero/);
});

test("test /dev/zero: the file is unusable, said in its line (exit 1, as for any unusable test file)", async () => {
  const outcome = await cli(["test", "/dev/zero"]);
  assert.equal(outcome.code, 1);
  assert.match(outcome.stdout, /\/dev\/zero: more than 64 MiB; not read/);
});

test("validate FIFO: a named pipe fed without end", async (t) => {
  const fifo = join(dir, "fifo");
  const made = spawnSync("mkfifo", [fifo]);
  if (made.status !== 0) return t.skip("mkfifo is not available here");
  const writer = spawn("sh", ["-c", `exec cat /dev/zero > '${fifo}'`], { stdio: "ignore" });
  try {
    refusedInOneLine(await cli(["validate", "--event", "Stop", fifo]), /fifo: more than 64 MiB; not read/);
  } finally {
    writer.kill("SIGKILL");
  }
});

test("validate DIR: a directory given as the file", async () => {
  refusedInOneLine(await cli(["validate", "--event", "Stop", dir]), /: a directory, not a file$/m);
});

test("merge DIR", async () => {
  refusedInOneLine(await cli(["merge", dir]), /^merge: .*: a directory, not a file$/m);
});

test("run --input DIR", async () => {
  refusedInOneLine(await cli(["run", "--event", "Stop", "--input", dir, "--", "true"]), /^run: .*: a directory, not a file$/m);
});

test("validate --input DIR", async () => {
  refusedInOneLine(await cli(["validate", "--event", "PreToolUse", "--input", dir, file("allow3.json", "{}")]), /a directory, not a file/);
});

test("merge: a request that is not UTF-8 names the byte", async () => {
  const path = file("latin1.json", Buffer.concat([Buffer.from('{"event":"Stop","hooks":[],"x":"caf'), Buffer.from([0xe9]), Buffer.from('"}')]));
  refusedInOneLine(await cli(["merge", path]), /latin1\.json: not UTF-8 text \(invalid byte sequence at byte 35\)$/m);
});

test("merge: UTF-16 text (with its byte order mark)", async () => {
  const text = '{"event":"Stop","hooks":[]}';
  const path = file("utf16.json", Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, "utf16le")]));
  refusedInOneLine(await cli(["merge", path]), /utf16\.json: UTF-16 text \(byte order mark at byte 0\); save it as UTF-8$/m);
});

test("run --input: an event input that is not UTF-8 (an overlong encoding)", async () => {
  const path = file("overlong.json", Buffer.concat([Buffer.from('{"prompt":"'), Buffer.from([0xc0, 0xaf]), Buffer.from('"}')]));
  refusedInOneLine(await cli(["run", "--event", "UserPromptSubmit", "--input", path, "--", "true"]), /overlong\.json: not UTF-8 text \(invalid byte sequence at byte 11\)/);
});

test("run --input: an encoded surrogate (ED A0 80) is not UTF-8 either", async () => {
  const path = file("surrogate.json", Buffer.concat([Buffer.from('{"prompt":"'), Buffer.from([0xed, 0xa0, 0x80]), Buffer.from('"}')]));
  refusedInOneLine(await cli(["run", "--event", "UserPromptSubmit", "--input", path, "--", "true"]), /not UTF-8 text \(invalid byte sequence at byte 11\)/);
});

test("validate: a hook's stdout that is not UTF-8 is read as the agent decodes it (U+FFFD), not refused", async () => {
  const outcome = await cli(["validate", "--event", "UserPromptSubmit", "--json"], Readable.from([Buffer.from([0x68, 0x69, 0xff, 0x0a])]));
  assert.equal(outcome.code, 0, outcome.stderr);
  const report = JSON.parse(outcome.stdout) as { output: string };
  assert.equal(report.output, "text");
});

test("validate: NUL bytes in a hook's stdout are data: a JSON error located, not a crash", async () => {
  const outcome = await cli(["validate", "--event", "Stop", "--json"], Readable.from([Buffer.from('{"reason":"a\u0000b"}')]));
  assert.equal(outcome.code, 1, outcome.stderr);
  const report = JSON.parse(outcome.stdout) as { problems: { what: string; line: number; column: number }[] };
  assert.match(report.problems[0]!.what, /not one valid JSON object/);
  assert.equal(report.problems[0]!.line, 1);
});

test("merge: a NUL byte outside a string is a located JSON error (exit 1), one line", async () => {
  const outcome = await cli(["merge"], Readable.from([Buffer.from('{"event":"Stop",\u0000"hooks":[]}')]));
  assert.equal(outcome.code, 1);
  assert.equal(outcome.stderr.trimEnd().split("\n").length, 1);
  assert.match(outcome.stderr, /not JSON at 1:17/);
});

test("run --input: an event input nested 1,000,000 deep", async () => {
  const path = file("deep-event.json", `{"tool_input":${"[".repeat(1e6)}${"]".repeat(1e6)}}`);
  refusedInOneLine(await cli(["run", "--event", "Stop", "--input", path, "--", "true"]), new RegExp(`JSON nested deeper than ${MAX_JSON_DEPTH} levels \\(at character ${MAX_JSON_DEPTH + 14}\\)`));
});

test("run --agent codex --input: an event input nested 1,000,000 deep", async () => {
  const path = file("deep-event2.json", `{"hook_event_name":"Stop","x":${"{\"a\":".repeat(1e6)}1${"}".repeat(1e6)}}`);
  refusedInOneLine(await cli(["run", "--agent", "codex", "--input", path]), /JSON nested deeper than/);
});

test("merge --agent droid: a request nested 1,000,000 deep", async () => {
  const text = `{"event":"Stop","input":${"[".repeat(1e6)}${"]".repeat(1e6)},"hooks":[]}`;
  refusedInOneLine(await cli(["merge", "--agent", "droid"], Readable.from([text])), /stdin: JSON nested deeper than/);
});

test("merge: a request nested 1,000,000 deep (Claude Code's merge: a located parse error, one line)", async () => {
  const outcome = await cli(["merge"], Readable.from(["[".repeat(1e6) + "]".repeat(1e6)]));
  assert.notEqual(outcome.code, 0);
  assert.equal(outcome.stderr.trimEnd().split("\n").length, 1, outcome.stderr);
  assert.doesNotMatch(outcome.stderr, /\n\s+at /);
});

test("validate: a hook output nested 1,000,000 deep is judged, not a stack overflow", async () => {
  const outcome = await cli(["validate", "--event", "Stop", "--json"], Readable.from([`{"a":${"[".repeat(1e6)}${"]".repeat(1e6)}}`]));
  assert.equal(outcome.code, 0, outcome.stderr);
  assert.equal((JSON.parse(outcome.stdout) as { accepted: boolean }).accepted, true);
});

test("test FILE: a hook test nested 1,000,000 deep is an unusable file, said in its line", async () => {
  const path = file("deep.hooktest.json", `{"hooks":["true"],"cases":${"[".repeat(1e6)}${"]".repeat(1e6)}}`);
  const outcome = await cli(["test", path]);
  assert.equal(outcome.code, 1);
  assert.match(outcome.stdout, /JSON nested deeper than/);
});

/** validate --json's report for an output with `count` unknown keys, in bytes. */
async function reportBytes(count: number): Promise<{ bytes: number; warnings: number; quoted: number }> {
  const output = JSON.stringify(Object.fromEntries(Array.from({ length: count }, (_, i) => [`unknownKey${i}`, i])));
  const outcome = await cli(["validate", "--event", "Stop", "--json"], Readable.from([output]));
  assert.equal(outcome.code, 0, outcome.stderr);
  const report = JSON.parse(outcome.stdout) as { problems: { claude_code: string | null }[] };
  return { bytes: outcome.stdout.length, warnings: report.problems.length, quoted: report.problems.filter((p) => p.claude_code !== null).length };
}

test("validate: 8,000 unknown keys give a report linear in the input (Claude Code's key list quoted once, 1,000 keys one by one, one warning counting the rest)", async () => {
  const small = await reportBytes(1000);
  const large = await reportBytes(8000);
  assert.equal(small.warnings, 1000);
  assert.equal(large.warnings, MAX_UNKNOWN_KEY_WARNINGS + 1);
  assert.equal(large.quoted, 1, "the line listing every key is quoted by the first warning only");
  // linear: 8 times the keys, about 8 times the bytes (quadratic would be about 64 times)
  assert.ok(large.bytes / small.bytes < 10, `report grew ${(large.bytes / small.bytes).toFixed(1)}x for 8x the keys`);
});

test("validate (text): 8,000 unknown keys print Claude Code's key list once", async () => {
  const output = JSON.stringify(Object.fromEntries(Array.from({ length: 8000 }, (_, i) => [`k${i}`, i])));
  const outcome = await cli(["validate", "--event", "Stop"], Readable.from([output]));
  assert.equal(outcome.code, 0);
  assert.equal(outcome.stdout.split("Claude Code says: Hook JSON output had unrecognized keys").length - 1, 1);
});

/** A line protocol's answers to one oversized line and then a good one. */
async function conformance(protocol: readonly string[], goodLine: string): Promise<string[]> {
  const big = Buffer.alloc(MAX_LINE_BYTES + 1024, 0x20);
  const outcome = await cli(["conformance", ...protocol], Readable.from([big, Buffer.from(`x\n${goodLine}\n`)]));
  return outcome.stdout.trimEnd().split("\n");
}

test("conformance merge: a request line over 64 MiB is one error answer, and the next line is served", async () => {
  const lines = await conformance(["merge"], '{"event":"Stop","hooks":[]}');
  assert.equal(lines.length, 2);
  assert.match(lines[0]!, /"code":"invalid-request".*request line longer than 64 MiB; skipped/);
  assert.equal((JSON.parse(lines[1]!) as { event: string }).event, "Stop");
});

test("conformance serde: a request line over 64 MiB is one bad-request answer, and the next line is served", async () => {
  const lines = await conformance(["serde"], '{"type":"HookOutput","json":"{}"}');
  assert.equal(lines.length, 2);
  assert.match(lines[0]!, /"bad_request":true/);
  assert.deepEqual(JSON.parse(lines[1]!), { ok: true, canonical: '{"continue":true}' });
});

test("conformance types: a request line over 64 MiB is one error answer, and the next line is served", async () => {
  const lines = await conformance(["types"], '{"type":"HookTest","json":"{}"}');
  assert.equal(lines.length, 2);
  assert.match(lines[0]!, /request line longer than 64 MiB/);
  assert.equal((JSON.parse(lines[1]!) as { ok: boolean }).ok !== undefined, true);
});

test("run --settings /dev/zero: a settings file that never ends", async () => {
  refusedInOneLine(await cli(["run", "--event", "Stop", "--input", file("stop.json", "{}"), "--settings", "/dev/zero"]), /^run: --settings \/dev\/zero: more than 64 MiB; not read$/m);
});

test("run --settings DIR: a directory given as the settings file", async () => {
  refusedInOneLine(await cli(["run", "--event", "Stop", "--input", file("stop2.json", "{}"), "--settings", dir]), /^run: --settings .*: a directory, not a file$/m);
});

// ---------------------------------------------------------------------------------------------
// Third pass: every command and flag with hostile values. Prototype names as commands and
// values, numbers JavaScript reads too leniently, files that are sockets, symlink loops, /proc
// files, stdin twice, empty and UTF-16 files, a million keys, duplicate keys, lone surrogates.
// A usage error (the command line's shape) is exit 2 with its line first and the usage after;
// an unusable value or input is exit 2 and one line; never a stack trace or a throw.
// ---------------------------------------------------------------------------------------------

/** A usage error: exit 2, nothing on stdout, `what` on the first line of stderr, no stack trace. */
function usageErrorFirstLine(outcome: Outcome, what: RegExp): void {
  assert.equal(outcome.code, 2, outcome.stderr);
  assert.equal(outcome.stdout, "");
  assert.match(outcome.stderr.split("\n")[0]!, what);
  assert.doesNotMatch(outcome.stderr, /\n\s+at /, "no stack trace");
}

const symlinkLoop = (() => {
  const a = join(dir, "loop-a");
  symlinkSync(join(dir, "loop-b"), a);
  symlinkSync(a, join(dir, "loop-b"));
  return a;
})();
const stopInput = file("stop-input.json", '{"hook_event_name":"Stop","session_id":"s"}');

/** A listening Unix socket in the temporary directory (a FILE argument that cannot be opened for reading). */
async function withSocket(body: (path: string) => Promise<void>): Promise<void> {
  const path = join(dir, `sock-${Math.random().toString(36).slice(2)}`);
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(path, resolve));
  try {
    await body(path);
  } finally {
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}

for (const name of ["__proto__", "constructor", "toString", "hasOwnProperty"]) {
  test(`"${name}" as the command is an unknown command, not a TypeError from Object.prototype`, async () => {
    usageErrorFirstLine(await cli([name]), new RegExp(`^claude-hook-protocol: unknown command "${name}"$`));
  });
}

for (const [command, args, what] of [
  ["run", ["run", "--agent", "__proto__", "--event", "Stop", "--input", stopInput], /^run: --agent must be one of .*, not "__proto__"$/m],
  ["run", ["run", "--agent", "constructor", "--event", "Stop", "--input", stopInput], /^run: --agent must be one of .*, not "constructor"$/m],
  ["validate", ["validate", "--agent", "__proto__", "--event", "Stop"], /^validate: --agent: "__proto__" is not one of/],
  ["merge", ["merge", "--agent", "__proto__"], /^merge: --agent must be one of .*, not "__proto__"$/m],
  ["events", ["events", "--agent", "constructor"], /^events: --agent: "constructor" is not one of/],
  ["capabilities", ["capabilities", "--agent", "__proto__"], /^capabilities: --agent "__proto__" is not one of/],
  ["schema", ["schema", "__proto__"], /^schema: no schema "__proto__"/],
  ["doctor", ["doctor", "--agent", "toString"], /^doctor: unknown agent "toString"/],
  ["validate", ["validate", "--event", "constructor"], /^validate: Claude Code has no event "constructor"/],
] as const) {
  test(`${command}: ${args.slice(1).join(" ").slice(0, 60)}: a prototype name is refused in one line`, async () => {
    refusedInOneLine(await cli(args, "{}"), what);
  });
}

for (const timeout of ["1e999", "0x10", " 5", "5s", "-1", "1e-400", "Infinity", ""]) {
  test(`run --timeout=${JSON.stringify(timeout)}: refused in one line (decimal seconds only)`, async () => {
    refusedInOneLine(await cli(["run", "--event", "Stop", "--input", stopInput, `--timeout=${timeout}`, "--", "true"]), /^run: --timeout needs a positive number of seconds \(such as 30 or 1\.5\), not "/);
  });
}

test("validate -x… (a 1 MB cluster of short options, a stack overflow in node's parser): an unknown option, quoted and cut", async () => {
  usageErrorFirstLine(await cli(["validate", `-${"x".repeat(1_000_000)}`]), /^validate: unknown option "-x{199}…" \(1000001 characters\)$/);
});

test("run ARG: a 100 KB stray argument is quoted and cut in its message", async () => {
  usageErrorFirstLine(await cli(["run", "y".repeat(100_000), "--input", stopInput]), /^run: unexpected argument "y{200}…" \(100000 characters\) \(a command goes after --\)$/);
});

for (const [command, args] of [
  ["validate", (p: string) => ["validate", "--event", "Stop", p]],
  ["merge", (p: string) => ["merge", p]],
  ["run --input", (p: string) => ["run", "--event", "Stop", "--input", p, "--", "true"]],
  ["validate --input", (p: string) => ["validate", "--agent", "all", "--event", "PreToolUse", "--input", p, stopInput]],
] as const) {
  test(`${command} SOCKET: a Unix socket as the file is refused in one line`, async () => {
    await withSocket(async (path) => refusedInOneLine(await cli(args(path)), /(cannot read .*sock-\w+: ENXIO|not a JSON object)/));
  });
  test(`${command} LOOP: a symlink loop as the file is refused in one line`, async () => {
    refusedInOneLine(await cli(args(symlinkLoop)), /(cannot read .*loop-a: ELOOP|not a JSON object)/);
  });
}

test("test LOOP: a symlink loop given to `test` is that file's failure (exit 1), not an ELOOP thrown from stat", async () => {
  const outcome = await cli(["test", symlinkLoop]);
  assert.equal(outcome.code, 1, outcome.stderr);
  assert.match(outcome.stdout, /loop-a: .*ELOOP/);
});

test("test DIR with a symlink loop inside: the walk goes on, no throw", async () => {
  const inside = mkdtempSync(join(dir, "walk-"));
  symlinkSync(join(inside, "l2"), join(inside, "l1"));
  symlinkSync(join(inside, "l1"), join(inside, "l2"));
  const outcome = await cli(["test", inside]);
  assert.equal(outcome.code, 1);
  assert.match(outcome.stderr, /no \*\.hooktest\.json in/);
});

test("validate /proc/self/mem: a /proc file that cannot be read is refused in one line", async () => {
  refusedInOneLine(await cli(["validate", "--event", "Stop", "/proc/self/mem"]), /^validate: cannot read \/proc\/self\/mem: EIO$/m);
});

test("validate /proc/self/status: a /proc file of text is read as a hook's plain-text output", async () => {
  const outcome = await cli(["validate", "--event", "Stop", "/proc/self/status"]);
  assert.equal(outcome.code, 0, outcome.stderr);
  assert.match(outcome.stdout, /plain text/);
});

test("validate /dev/stdin /dev/stdin: stdin twice is one FILE too many (a usage error)", async () => {
  usageErrorFirstLine(await cli(["validate", "--event", "Stop", "/dev/stdin", "/dev/stdin"], "{}"), /^validate: one FILE at most$/);
});

test("validate - -: stdin twice by its dash", async () => {
  usageErrorFirstLine(await cli(["validate", "--event", "Stop", "-", "-"], "{}"), /^validate: one FILE at most$/);
});

test("run --input EMPTY: a 0-byte event input is refused in one line", async () => {
  refusedInOneLine(await cli(["run", "--event", "Stop", "--input", file("empty.json", ""), "--", "true"]), /^run: .*empty\.json is not JSON: /);
});

test("run --input UTF16: UTF-16 with its byte order mark is refused in one line", async () => {
  refusedInOneLine(await cli(["run", "--event", "Stop", "--input", file("utf16.json", Buffer.from("\ufeff{}", "utf16le")), "--", "true"]), /UTF-16 text \(byte order mark at byte 0\); save it as UTF-8$/m);
});

test("merge EMPTY: a 0-byte request is a located JSON error in one line (exit 1, as any request that is not JSON)", async () => {
  const outcome = await cli(["merge", file("empty-request.json", "")]);
  assert.equal(outcome.code, 1);
  assert.equal(outcome.stderr.trimEnd().split("\n").length, 1);
  assert.match(outcome.stderr, /not JSON at 1:1/);
});

test("merge: a request object of 1,000,000 keys answers in one line (the first unknown field), bounded", async () => {
  const keys = `{${Array.from({ length: 1_000_000 }, (_, i) => `"k${i}":1`).join(",")}}`;
  const outcome = await cli(["merge"], Readable.from([keys]));
  assert.equal(outcome.code, 1);
  assert.equal(outcome.stderr.trimEnd().split("\n").length, 1, outcome.stderr.slice(0, 500));
});

test("validate: an output of 200,000 unknown keys: 1,000 reported one by one, one warning for the rest", async () => {
  const keys = `{${Array.from({ length: 200_000 }, (_, i) => `"k${i}":1`).join(",")}}`;
  const outcome = await cli(["validate", "--event", "Stop", "--json"], Readable.from([keys]));
  assert.equal(outcome.code, 0, outcome.stderr);
  const report = JSON.parse(outcome.stdout) as { problems: { what: string }[] };
  assert.equal(report.problems.length, MAX_UNKNOWN_KEY_WARNINGS + 1);
  assert.match(report.problems.at(-1)!.what, /^199000 more unknown keys/);
});

test("merge: duplicate keys in a request: the last one counts (as JSON.parse reads it) and the answer is one line", async () => {
  const outcome = await cli(["merge"], '{"event":"Stop","event":"NoSuchEvent","hooks":[]}');
  assert.equal(outcome.code, 1);
  assert.equal(outcome.stderr.trimEnd().split("\n").length, 1);
  assert.match(outcome.stderr, /NoSuchEvent/);
});

test("merge: lone surrogates in a request's strings are data; the merged JSON escapes them", async () => {
  const outcome = await cli(["merge"], '{"event":"Stop","hooks":[{"command":"a\\udc00","exit":2,"stdout":"","stderr":"b\\ud800"}]}');
  assert.equal(outcome.code, 0, outcome.stderr);
  assert.match(outcome.stdout, /\\ud800/);
  assert.doesNotThrow(() => JSON.parse(outcome.stdout));
});

test("run --input with own __proto__ and constructor keys: data, no prototype polluted", async () => {
  const input = file("proto-input.json", '{"hook_event_name":"Stop","session_id":"s","__proto__":{"polluted":1},"constructor":{"prototype":{"polluted":1}}}');
  const outcome = await cli(["run", "--event", "Stop", "--input", input, "--json", "--", "true"]);
  assert.equal(outcome.code, 0, outcome.stderr);
  assert.equal((Object.prototype as Record<string, unknown>)["polluted"], undefined);
});

test("validate (text): a key holding an escape sequence and a newline cannot forge a report line or drive the terminal", async () => {
  const outcome = await cli(["validate", "--event", "Stop"], '{"a\\u001b[31mRED\\nfake: accepted":1}');
  assert.equal(outcome.code, 0, outcome.stderr);
  assert.doesNotMatch(outcome.stdout, /\u001b/, "no raw escape");
  assert.doesNotMatch(outcome.stdout, /^fake/m, "no forged line");
});

test("validate --agent all (text): an agent's words quoting a reason with escape sequences stay inert", async () => {
  const outcome = await cli(["validate", "--agent", "all", "--event", "PreToolUse", "--input", "examples/events/pre-tool-use.json"], '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"nope\\u001b[2J\\rX"}}');
  assert.notEqual(outcome.code, 2, outcome.stderr);
  assert.doesNotMatch(outcome.stdout, /[\u001b\r]/, "no raw escape or carriage return");
});

test("validate --agent NAME: a 1 MB agent name with control characters is quoted and cut in one line", async () => {
  refusedInOneLine(await cli(["validate", "--agent", `\u001b[2J${"a".repeat(1_000_000)}`, "--event", "Stop"], "{}"), /^validate: --agent: "\\u001b\[2Ja{196}…" \(1000004 characters\) is not one of/m);
});

test("install /dev/zero: a manifest that never ends is refused in one line (exit 1, as any unreadable manifest)", async () => {
  const outcome = await cli(["install", "/dev/zero", "--agent", "claude-code", "--dry-run", "--project", dir]);
  assert.equal(outcome.code, 1);
  assert.equal(outcome.stderr, "install: /dev/zero: more than 64 MiB; not read\n");
});

/** A project whose Claude Code settings file is a link to /dev/zero. */
function projectWithEndlessSettings(): string {
  const project = mkdtempSync(join(dir, "endless-"));
  mkdirSync(join(project, ".claude"));
  symlinkSync("/dev/zero", join(project, ".claude", "settings.json"));
  return project;
}

test("install into a project whose settings file is /dev/zero: that file is unreadable, nothing written, one line", async () => {
  const manifest = file("manifest.json", JSON.stringify({ owner: "hostile", hooks: [] }));
  const outcome = await cli(["install", manifest, "--agent", "claude-code", "--dry-run", "--project", projectWithEndlessSettings()]);
  assert.equal(outcome.code, 1);
  // refused before it is opened: a device is no settings file (a FIFO with no writer would block the open)
  assert.match(outcome.stderr, /settings\.json: not a regular file; not rewritten\n$/);
  assert.equal(outcome.stderr.trimEnd().split("\n").length, 1);
});

test("lint a project whose settings file is /dev/zero: an answer, not a process that grows until it dies", async () => {
  const outcome = await cli(["lint", projectWithEndlessSettings(), "--agent", "claude-code"]);
  assert.notEqual(outcome.code, 2, outcome.stderr);
  assert.doesNotMatch(outcome.stderr, /\n\s+at /);
});
