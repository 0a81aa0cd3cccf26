// Hostile inputs against the Qwen Code runner and its settings loader (issue 16's classes 2, 3
// and 5, as attack-runners.test.ts applies them to the other agents): NUL bytes in commands,
// a handler's env, the runner's environment and the event input (the session and prompt ids
// become environment variables); timeouts in Qwen's unit (seconds; 1000 or more: milliseconds)
// at and past Node's timer limit, non-finite, negative, tiny, text and null; a grandchild holding
// the pipes; a missing project directory; huge and deep settings; prototype keys; malformed
// files; run options of the wrong types; eleven and more hooks; `disableAllHooks` of the wrong
// type; a sequential group with failing hooks. Every attempt puts the hostile hook beside a hook
// that denies and asserts: no throw, the deny is merged, a broken hook does not deny by itself,
// and a settings problem is an error value naming its file and place.
import { test } from "node:test";
import assert from "node:assert/strict";
import { existsSync, mkdirSync, readFileSync, symlinkSync } from "node:fs";
import { spawn, spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { dirname, join } from "node:path";
import { allGone, waitFor } from "../lib/processes.js";
import { attackSandbox, shq, write, type Box } from "../lib/attack-box.js";
import type { DialectRunOutcome } from "../../src/core/dialect.js";
import type { ProtocolError } from "../../src/core/errors.js";
import type { JsonObject } from "../../src/json/value.js";
import { qwenCodeRunner } from "../../src/qwen-code/runner.js";

const { box, killAfter } = attackSandbox("attack-qwen-");
const ROOT = fileURLToPath(new URL("../../", import.meta.url));

/** One handler: its command and, when given, its timeout exactly as written (JSON text, so `1e309` is Infinity). */
interface Handler {
  readonly command: string;
  readonly timeout?: string;
  readonly extra?: string;
}

const userFile = (b: Box): string => join(b.home, ".qwen", "settings.json");
const projectFile = (b: Box): string => join(b.project, ".qwen", "settings.json");
const systemFile = (b: Box): string => join(b.root, "system", "settings.json");
const handlerText = (h: Handler): string => `{"type":"command","command":${JSON.stringify(h.command)}${h.timeout === undefined ? "" : `,"timeout":${h.timeout}`}${h.extra ?? ""}}`;
const settings = (hs: readonly Handler[], group = ""): string => `{"hooks":{"PreToolUse":[{"matcher":"run_shell_command"${group},"hooks":[${hs.map(handlerText).join(",")}]}]}}`;
/** Isolated from the machine: no system settings file is read. */
const baseEnv = (b: Box): NodeJS.ProcessEnv => ({ PATH: process.env["PATH"], HOME: b.home, SHELL: "/bin/bash", QWEN_CODE_SYSTEM_SETTINGS_PATH: systemFile(b) });
const INPUT: JsonObject = { tool_name: "run_shell_command", tool_input: { command: "ls" }, tool_use_id: "t" };

function run(b: Box, x: { input?: JsonObject; env?: NodeJS.ProcessEnv; signal?: AbortSignal; projectDir?: string } = {}): Promise<DialectRunOutcome> {
  return qwenCodeRunner.run({ event: "PreToolUse", input: x.input ?? INPUT, projectDir: x.projectDir ?? b.project, homeDir: b.home, env: x.env ?? baseEnv(b), ...(x.signal ? { signal: x.signal } : {}) });
}

const DENY_OUTPUT = JSON.stringify({ hookSpecificOutput: { hookEventName: "PreToolUse", permissionDecision: "deny", permissionDecisionReason: "sibling deny" } });
const denyHook = (timeout = "10"): Handler => ({ command: `cat >/dev/null; printf '%s' ${shq(DENY_OUTPUT)}`, timeout });

function assertDenied(outcome: DialectRunOutcome): void {
  assert.equal(outcome.merged.effects.blocked, true, `the sibling's deny is merged: ${JSON.stringify(outcome.merged.effects)} ${JSON.stringify(outcome.problems).slice(0, 400)}`);
  assert.match(outcome.merged.effects.tool_result ?? "", /sibling deny/);
}

function assertNotDenied(outcome: DialectRunOutcome): void {
  assert.equal(outcome.merged.effects.blocked, false, `a broken hook does not deny by itself: ${JSON.stringify(outcome.merged.effects)}`);
}

/** A problem that names the file and the place in it (a JSON Pointer or a line and column). */
function assertProblemAt(problems: readonly ProtocolError[], file: string, place: RegExp | { line: number; column?: number }): ProtocolError {
  const found = problems.find((p) => p.message.includes(file) && ("line" in place ? p.position?.line === place.line && (place.column === undefined || p.position?.column === place.column) : place.test(p.path)));
  assert.ok(found, `a problem naming ${file} at ${JSON.stringify("line" in place ? place : String(place))}: ${JSON.stringify(problems).slice(0, 600)}`);
  return found;
}

/** A broken settings file beside one that denies (the user's, or the project's when the user's is broken): the deny is merged. */
async function brokenBeside(broken: (b: Box) => string, text: string): Promise<{ b: Box; outcome: DialectRunOutcome }> {
  const b = box();
  write(broken(b), text);
  write(broken === userFile ? projectFile(b) : userFile(b), settings([denyHook()]));
  const outcome = await run(b);
  assertDenied(outcome);
  return { b, outcome };
}

/** The hostile handlers first, then the deny, in the user settings. */
async function runWith(hostile: readonly Handler[], x?: Parameters<typeof run>[1], group = ""): Promise<{ b: Box; outcome: DialectRunOutcome }> {
  const b = box();
  write(userFile(b), settings([...hostile, denyHook()], group));
  return { b, outcome: await run(b, x) };
}

test("qwen-code: a NUL byte in a hook's command is that hook's failed start; the deny survives", async () => {
  const { outcome } = await runWith([{ command: "echo a\u0000b" }]);
  assertDenied(outcome);
});

test("qwen-code: a NUL byte in a handler's env value fails that hook alone; the deny survives", async () => {
  const { outcome } = await runWith([{ command: "exit 0", extra: `,"env":{"X":"a\\u0000b"}` }]);
  assertDenied(outcome);
});

test("qwen-code: a NUL byte in a handler's env name fails that hook alone; the deny survives", async () => {
  const { outcome } = await runWith([{ command: "exit 0", extra: `,"env":{"X\\u0000Y":"b"}` }]);
  assertDenied(outcome);
});

test("qwen-code: a NUL byte in a tool argument and a top-level string of the input reaches stdin escaped; the deny survives", async () => {
  const { outcome } = await runWith([{ command: "cat >/dev/null; exit 0" }], { input: { ...INPUT, tool_input: { command: "rm\u0000 -rf /" }, prompt: "a\u0000b" } });
  assertDenied(outcome);
});

test("qwen-code: a NUL byte in the session id (exported as QWEN_CODE_SESSION_ID) does not stop the hooks; it is reported", async () => {
  const { outcome } = await runWith([], { input: { ...INPUT, session_id: "s\u0000x" } });
  assertDenied(outcome);
  assert.ok(outcome.problems.some((p) => p.path === "/session_id" && p.message.includes("$QWEN_CODE_SESSION_ID")), JSON.stringify(outcome.problems));
});

test("qwen-code: a NUL byte in the prompt id (exported as QWEN_CODE_PROMPT_ID) does not stop the hooks; it is reported", async () => {
  const { outcome } = await runWith([], { input: { ...INPUT, prompt_id: "p\u0000x" } });
  assertDenied(outcome);
  assert.ok(outcome.problems.some((p) => p.path === "/prompt_id"), JSON.stringify(outcome.problems));
});

test("qwen-code: a NUL byte in an environment value given to the runner: no throw, no deny invented", async () => {
  const b = box();
  write(userFile(b), settings([{ command: "cat >/dev/null; exit 0" }]));
  assertNotDenied(await run(b, { env: { ...baseEnv(b), HOSTILE: "a\u0000b" } }));
});

// Qwen Code hands these to Node's timer, which fires after 1 ms past its limit (qw-num-timeout-2147483648, -1e10,
// -string-2147483648): the deny is lost there, so here too, and the problem says why
for (const big of ["2147483648", "4294967296000", "1e300", "\"2147483648\""]) {
  test(`qwen-code: a timeout of ${big} (milliseconds in Qwen's unit, past Node's timer limit) fires after 1 ms, as Qwen Code's timer does: the deny is lost, and reported`, async () => {
    const b = box();
    write(userFile(b), settings([{ command: `cat >/dev/null; sleep 0.3; printf '%s' ${shq(DENY_OUTPUT)}`, timeout: big }]));
    const outcome = await run(b);
    assertNotDenied(outcome);
    assertProblemAt(outcome.problems, userFile(b), /timeout/);
    assert.ok(outcome.problems.some((p) => p.message.includes("past Node's timer limit")));
  });
}

test("qwen-code: a timeout of 2147483647 (Node's timer limit itself, recorded qw-num-timeout-2147483647): the slow hook's deny is kept", async () => {
  const b = box();
  write(userFile(b), settings([{ command: `cat >/dev/null; sleep 0.3; printf '%s' ${shq(DENY_OUTPUT)}`, timeout: "2147483647" }]));
  assertDenied(await run(b));
});

test("qwen-code: a timeout of 999.9 (seconds, below the millisecond threshold) lets a slow hook deny", async () => {
  const b = box();
  write(userFile(b), settings([{ command: `cat >/dev/null; sleep 0.3; printf '%s' ${shq(DENY_OUTPUT)}`, timeout: "999.9" }]));
  assertDenied(await run(b));
});

for (const bad of ["-5", "0", "-0", "1e309", "-1e309", "1e-320", "0.0000001", "null", "\"ten\"", "\"\"", "\"Infinity\"", "\"-3\"", "true", "[10]", "{\"s\":10}"]) {
  test(`qwen-code: timeout ${bad} in the settings: the hook still runs and denies, bounded by the default, and the value is reported`, async () => {
    const b = box();
    write(userFile(b), settings([{ command: `cat >/dev/null; sleep 0.2; printf '%s' ${shq(DENY_OUTPUT)}`, timeout: bad }]));
    const outcome = await run(b);
    assertDenied(outcome);
    // null is no timeout, as an absent key: the default applies without a word
    if (bad !== "null") assert.match(assertProblemAt(outcome.problems, userFile(b), /\/hooks\/PreToolUse\/0\/hooks\/0\/timeout$/).message, /60/);
    assert.equal(outcome.merged.runs[0]?.timeout, 60);
  });
}

test("qwen-code: timeout \"10\" (text) is read as Qwen reads it, 10 seconds: the hook denies, no problem", async () => {
  const b = box();
  write(userFile(b), settings([{ command: `cat >/dev/null; sleep 0.2; printf '%s' ${shq(DENY_OUTPUT)}`, timeout: "\" 10 \"" }]));
  const outcome = await run(b);
  assertDenied(outcome);
  assert.equal(outcome.merged.runs[0]?.timeout, 10);
  assert.deepEqual(outcome.problems, []);
});

test("qwen-code: a hook that denies and exits while a detached grandchild holds its stdout and stderr: the deny stands, no timeout", async () => {
  const b = box();
  const pidFile = join(b.root, "grandchild.pid");
  killAfter(pidFile);
  const command = `cat >/dev/null; printf '%s' ${shq(DENY_OUTPUT)}; setsid sleep 3600 & echo $! > ${shq(pidFile)}; exit 0`;
  write(userFile(b), settings([{ command, timeout: "8" }]));
  assertDenied(await run(b));
});

test("qwen-code: the project directory does not exist: no throw, the failed starts deny nothing", async () => {
  const b = box();
  write(userFile(b), settings([denyHook()]));
  const outcome = await run(b, { projectDir: join(b.root, "gone") });
  assertNotDenied(outcome);
  assert.equal(outcome.merged.runs.length, 1);
});

test("qwen-code: a 6 MB settings file of 20,000 hooks for another event and one deny", async () => {
  const b = box();
  const filler = Array.from({ length: 20_000 }, (_, i) => `{"matcher":"zz${i}","hooks":[{"type":"command","command":"exit ${i}","timeout":5}]}`).join(",");
  write(userFile(b), `${settings([denyHook()]).slice(0, -2)},"PostToolUse":[${filler}]}}`);
  assert.ok(readFileSync(userFile(b), "utf8").length > 1_000_000);
  assertDenied(await run(b));
});

test("qwen-code: 500 matching groups of distinct hooks run and the deny among them is merged", async () => {
  const b = box();
  const groups = Array.from({ length: 500 }, (_, i) => `{"matcher":"Bash","hooks":[{"type":"command","command":"true ${i}"}]}`);
  write(userFile(b), `{"hooks":{"PreToolUse":[${groups.join(",")},{"hooks":[${handlerText(denyHook())}]}]}}`);
  const outcome = await run(b);
  assertDenied(outcome);
  assert.equal(outcome.merged.runs.length, 501);
});

test("qwen-code: settings nested 100,000 levels deep in one file; the other file's deny runs", async () => {
  const { b, outcome } = await brokenBeside(projectFile, `{"hooks":${"[".repeat(100_000)}${"]".repeat(100_000)}}`);
  assert.ok(outcome.problems.some((p) => p.message.includes(projectFile(b))), JSON.stringify(outcome.problems));
});

test("qwen-code: a file of 200,000 unclosed brackets is one problem with its place; the other file's deny runs", async () => {
  const { b, outcome } = await brokenBeside(projectFile, "[".repeat(200_000));
  assert.ok(outcome.problems.some((p) => p.message.includes(projectFile(b)) && p.position !== undefined), JSON.stringify(outcome.problems).slice(0, 500));
});

test("qwen-code: __proto__, constructor and prototype keys in the settings are data, not hooks", async () => {
  const b = box();
  write(userFile(b), settings([denyHook()]).replace(/^\{/, `{"__proto__":{"hooks":{},"disableAllHooks":true},"constructor":{"prototype":{"polluted":1}},`));
  assertDenied(await run(b));
  assert.equal(({} as Record<string, unknown>)["polluted"], undefined);
  assert.equal(({} as Record<string, unknown>)["disableAllHooks"], undefined);
});

test("qwen-code: an event key __proto__ holding a deny hook runs nothing and pollutes nothing", async () => {
  const b = box();
  write(userFile(b), settings([denyHook()]).replace(`"PreToolUse":`, `"__proto__":`));
  assertNotDenied(await run(b));
  assert.equal(({} as Record<string, unknown>)["PreToolUse"], undefined);
});

test("qwen-code: handler env names Node or the system cannot take (empty, with =) fail or pass that hook alone; the deny survives", async () => {
  const { outcome } = await runWith([{ command: "exit 0", extra: `,"env":{"":"x","A=B":"c","PATH":5}` }]);
  assertDenied(outcome);
});

test("qwen-code: a handler's __proto__ holding a command is no command, and its env's __proto__ is a plain name", async () => {
  const { outcome } = await runWith([{ command: "cat >/dev/null; exit 0", extra: `,"__proto__":{"command":"exit 2"},"env":{"__proto__":"x","constructor":"y"}` }]);
  assertDenied(outcome);
});

test("qwen-code: a settings file that is not JSON: an error value naming the file, line and column; the other file's deny runs", async () => {
  const { b, outcome } = await brokenBeside(projectFile, `{\n  "hooks": {\n    "oops": [1,,2]\n  }\n}`);
  const problem = assertProblemAt(outcome.problems, projectFile(b), { line: 3, column: 16 });
  assert.match(problem.message, /:3:16/);
});

test("qwen-code: a user settings file that is not JSON: the project file's deny runs", async () => {
  const { b, outcome } = await brokenBeside(userFile, `{"hooks": {"PreToolUse": [}`);
  assertProblemAt(outcome.problems, userFile(b), { line: 1 });
});

test("qwen-code: a system settings file that is not JSON, with a trailing comma: its place is reported; the user deny runs", async () => {
  const { b, outcome } = await brokenBeside(systemFile, `{"hooks": {},\n}`);
  assertProblemAt(outcome.problems, systemFile(b), { line: 2 });
});

test("qwen-code: handlers of the wrong shape (a string, an array, no command, a number as command, an empty command): each reported at its place; the deny runs", async () => {
  const b = box();
  const wrong = `"just text",[1],{"type":"command"},{"type":"command","command":5},{"type":"command","command":""}`;
  write(userFile(b), settings([denyHook()]).replace(`"hooks":[{"type"`, `"hooks":[${wrong},{"type"`));
  const outcome = await run(b);
  assertDenied(outcome);
  for (const index of [0, 1, 2, 3, 4]) assertProblemAt(outcome.problems, userFile(b), new RegExp(`/${index}$`));
});

test("qwen-code: an event whose value is not a list, a group that is not an object, and a root that is an array: reported with the file; no throw", async () => {
  const b = box();
  write(userFile(b), `{"hooks":{"PreToolUse":"no list"}}`);
  write(projectFile(b), "[1,2]");
  const outcome = await run(b);
  assertNotDenied(outcome);
  assert.ok(outcome.problems.some((p) => p.message.includes(userFile(b))), JSON.stringify(outcome.problems));
  assert.ok(outcome.problems.some((p) => p.message.includes(projectFile(b))), JSON.stringify(outcome.problems));
});

test("qwen-code: a settings file linked to /dev/zero: read no further than 64 MiB and reported, no crash; the other file's deny runs", async () => {
  const b = box();
  write(userFile(b), settings([denyHook()]));
  mkdirSync(dirname(projectFile(b)), { recursive: true });
  symlinkSync("/dev/zero", projectFile(b));
  const outcome = await run(b);
  assertDenied(outcome);
  assert.ok(outcome.problems.some((p) => p.message.includes("more than 64 MiB")), JSON.stringify(outcome.problems).slice(0, 2000));
});

test("qwen-code: hooks that is a list or a string: reported with the file; the other file's deny runs", async () => {
  const { b, outcome } = await brokenBeside(projectFile, `{"hooks":[{"PreToolUse":[]}]}`);
  assertProblemAt(outcome.problems, projectFile(b), /^\/hooks$/);
});

// Qwen reads disableAllHooks for its JavaScript truthiness (recorded, cfg-40-*): a truthy value of another
// type turns every hook off, the deny included; a falsy one turns nothing off; either is reported
for (const [value, off] of [["\"true\"", true], ["1", true], ["\"false\"", true], ["\"no\"", true], ["{}", true], ["[]", true], ["[true]", true], ["0", false], ["\"\"", false], ["null", false]] as const) {
  test(`qwen-code: disableAllHooks ${value} (not a boolean) ${off ? "turns every hook off, as Qwen reads it" : "turns nothing off"}: reported`, async () => {
    const b = box();
    write(userFile(b), settings([denyHook()]).replace(/^\{/, `{"disableAllHooks":${value},`));
    const outcome = await run(b);
    if (off) assertNotDenied(outcome);
    else assertDenied(outcome);
    if (value !== "null") assertProblemAt(outcome.problems, userFile(b), /^\/disableAllHooks$/);
  });
}

test("qwen-code: a truthy disableAllHooks of another type in the project turns the user's hooks off too (the project's value stands over the user's false, cfg-42)", async () => {
  const b = box();
  write(projectFile(b), `{"disableAllHooks":"yes"}`);
  write(userFile(b), settings([denyHook()]).replace(/^\{/, `{"disableAllHooks":false,`));
  assertNotDenied(await run(b));
});

for (const [form, group] of [["parallel", ""], ["sequential", `,"sequential":true`]] as const) {
  test(`qwen-code: 12 ${form} hooks sharing one abort signal: no MaxListenersExceededWarning, the deny merged`, async () => {
    const warnings: string[] = [];
    const onWarning = (w: Error): void => void warnings.push(w.name);
    process.on("warning", onWarning);
    try {
      const controller = new AbortController();
      const hostile = Array.from({ length: 11 }, (_, i) => ({ command: `cat >/dev/null; exit 0 # ${i}`, timeout: "10" }));
      const { outcome } = await runWith(hostile, { signal: controller.signal }, group);
      assertDenied(outcome);
      assert.equal(outcome.merged.runs.length, 12);
      await new Promise((resolve) => setImmediate(resolve));
      assert.deepEqual(warnings.filter((w) => w === "MaxListenersExceededWarning"), []);
    } finally {
      process.off("warning", onWarning);
    }
  });
}

test("qwen-code: a sequential group whose first hooks exit 1, exit 2 with text, cannot start, and time out: the last hook's deny is merged", async () => {
  const hostile = [{ command: "exit 1" }, { command: "echo nope >&2; exit 2" }, { command: "echo a\u0000b" }, { command: "sleep 5", timeout: "1" }, { command: "printf '{not json'" }];
  const { outcome } = await runWith(hostile, undefined, `,"sequential":true`);
  assertDenied(outcome);
  assert.equal(outcome.merged.runs.length, 6);
});

test("qwen-code: a sequential group whose failing hooks come after the deny keep it", async () => {
  const b = box();
  write(userFile(b), settings([denyHook(), { command: "exit 1" }, { command: "echo a\u0000b" }, { command: "printf '{\"decision\":\"allow\"}'" }], `,"sequential":true`));
  assertDenied(await run(b));
});

test("qwen-code: sequential of the wrong type (\"true\", 1) is not sequential and breaks nothing", async () => {
  for (const value of ["\"true\"", "1", "{}"]) {
    const { outcome } = await runWith([{ command: "exit 1" }], undefined, `,"sequential":${value}`);
    assertDenied(outcome);
  }
});

test("qwen-code: run options of the wrong types (no input, an array input, no directories, a bad signal, none at all) are one problem, never a throw", async () => {
  const b = box();
  write(userFile(b), settings([denyHook()]));
  const good = { event: "PreToolUse", input: INPUT, projectDir: b.project, homeDir: b.home, env: baseEnv(b) };
  const cases: unknown[] = [{ ...good, input: null }, { ...good, input: [1] }, { ...good, input: "x" }, { ...good, event: 5 }, { ...good, event: { toString: () => { throw new Error("x"); } } }, { ...good, homeDir: undefined }, { ...good, projectDir: null }, { ...good, projectDir: "" }, { ...good, env: null }, { ...good, env: "PATH=/bin" }, { ...good, signal: {} }, null, undefined, 5];
  for (const options of cases) {
    const outcome = await qwenCodeRunner.run(options as never);
    assert.equal(outcome.problems[0]?.code, "invalid-options", JSON.stringify(options));
    assertNotDenied(outcome);
  }
});

test("qwen-code: __proto__ and constructor keys in the event input reach the hook's stdin as data and pollute nothing", async () => {
  const b = box();
  const seen = join(b.root, "stdin.json");
  write(userFile(b), settings([{ command: `cat > ${shq(seen)}; printf '%s' ${shq(DENY_OUTPUT)}`, timeout: "10" }]));
  const input = JSON.parse(`{"__proto__":{"polluted":1,"tool_name":"edit"},"constructor":{"prototype":{"polluted":1}},"tool_name":"run_shell_command","tool_input":{"command":"ls"}}`) as JsonObject;
  assertDenied(await run(b, { input }));
  const stdin = JSON.parse(readFileSync(seen, "utf8")) as Record<string, unknown>;
  assert.ok(Object.prototype.hasOwnProperty.call(stdin, "__proto__"), readFileSync(seen, "utf8"));
  assert.equal(({} as Record<string, unknown>)["polluted"], undefined);
});

test("qwen-code: a session id or prompt id that is not a string (an object, a number) does not throw; the deny runs", async () => {
  const { outcome } = await runWith([], { input: { ...INPUT, session_id: { a: 1 }, prompt_id: 7 } });
  assertDenied(outcome);
});

test("qwen-code: QWEN_CODE_SYSTEM_SETTINGS_PATH naming a directory, or nothing: no throw; the user deny runs", async () => {
  for (const path of ["/", ""]) {
    const b = box();
    write(userFile(b), settings([denyHook()]));
    assertDenied(await run(b, { env: { ...baseEnv(b), QWEN_CODE_SYSTEM_SETTINGS_PATH: path } }));
  }
});

test("qwen-code: settings with // and /* */ comments and a UTF-8 BOM are read as Qwen reads them (strip-json-comments): the deny runs", async () => {
  const b = box();
  const text = settings([denyHook()]).replace(`{"hooks":`, `\uFEFF// user hooks\n{ /* "hooks": {} */ "hooks":`).replace(`"matcher":`, `"matcher": // the shell\n`);
  write(userFile(b), text);
  const outcome = await run(b);
  assertDenied(outcome);
  assert.deepEqual(outcome.problems, []);
});

test("qwen-code: a comment marker inside a string stays text: the command \"printf '//'\" runs whole", async () => {
  const b = box();
  write(userFile(b), settings([{ command: `cat >/dev/null; printf '%s' ${shq(DENY_OUTPUT.replace("sibling deny", "sibling deny // /* x */"))}`, timeout: "10" }]));
  const outcome = await run(b);
  assertDenied(outcome);
  assert.match(outcome.merged.effects.tool_result ?? "", /\/\/ \/\* x \*\//);
});

test("qwen-code: an error after a block comment and a BOM is placed at its true line and column", async () => {
  const { b, outcome } = await brokenBeside(projectFile, `\uFEFF/* a\n   b */ {"hooks": {"PreToolUse": [}}`);
  assertProblemAt(outcome.problems, projectFile(b), { line: 2, column: 35 });
});

test("qwen-code: an unterminated block comment swallowing the settings: one problem with its place; the other file's deny runs", async () => {
  const { b, outcome } = await brokenBeside(projectFile, `{"hooks": /* {"PreToolUse": []}`);
  assertProblemAt(outcome.problems, projectFile(b), { line: 1 });
});

test("qwen-code: an input that cannot be JSON (a cycle, a BigInt) is one problem, never a throw", async () => {
  const b = box();
  write(userFile(b), settings([denyHook()]));
  const cyclic: Record<string, unknown> = { ...INPUT };
  cyclic["self"] = cyclic;
  for (const input of [cyclic, { ...INPUT, n: 10n }]) {
    const outcome = await qwenCodeRunner.run({ event: "PreToolUse", input: input as JsonObject, projectDir: b.project, homeDir: b.home, env: baseEnv(b) });
    assert.equal(outcome.problems[0]?.code, "invalid-options");
    assertNotDenied(outcome);
  }
});

test("qwen-code: a 3 MB command (past the system's argument limit) fails that hook alone; the deny survives", async () => {
  const { outcome } = await runWith([{ command: `true ${"x".repeat(3_000_000)}` }]);
  assertDenied(outcome);
  assert.ok((outcome.merged.runs[0]?.message ?? "").length < 1000, "the failure message does not quote the whole command");
});

test("qwen-code: a hook that never reads a 4 MB input and exits at once does not break the run; the deny that reads it merges", async () => {
  const { outcome } = await runWith([{ command: "exit 0" }], { input: { ...INPUT, tool_input: { command: "x".repeat(4_000_000) } } });
  assertDenied(outcome);
});

// Second attack pass (held-out style): process faults and signals. Where Qwen's own reading of a
// fault is not recorded, the expectation is only what the promise says: no throw, bounded, the
// sibling's deny (or the hook's own) kept, no process left behind.


test("qwen-code: the project directory is a file: no throw, the failed starts deny nothing", async () => {
  const b = box();
  write(userFile(b), settings([{ command: "exit 0" }]));
  write(join(b.root, "a-file"), "x");
  assertNotDenied(await run(b, { projectDir: join(b.root, "a-file") }));
});

test("qwen-code: a 1 MB session_id and prompt_id (exported as QWEN_CODE_SESSION_ID, QWEN_CODE_PROMPT_ID; execve takes 128 KiB): left out and named, the deny applies", async () => {
  const b = box();
  write(userFile(b), settings([denyHook()]));
  const outcome = await run(b, { input: { ...INPUT, session_id: "s".repeat(1024 * 1024), prompt_id: "p".repeat(200 * 1024) } });
  assertDenied(outcome);
  for (const path of ["/session_id", "/prompt_id"]) assert.match(outcome.problems.find((p) => p.path === path)?.message ?? "", /more than a process can start with/);
});

test("qwen-code: a hook that closes stdin at once while the input is 10 MB: its deny applies", async () => {
  const b = box();
  write(userFile(b), settings([{ command: `exec 0<&-; printf '%s' ${shq(DENY_OUTPUT)}`, timeout: "30" }]));
  assertDenied(await run(b, { input: { ...INPUT, tool_input: { command: "x".repeat(10 * 1024 * 1024) } } }));
});

for (const signal of ["KILL", "SEGV"]) {
  test(`qwen-code: a hook that kills itself with SIG${signal}: no throw; the sibling's deny survives`, async () => {
    const b = box();
    write(userFile(b), settings([{ command: `cat >/dev/null; kill -${signal} $$` }, denyHook()]));
    assertDenied(await run(b));
  });
}

test("qwen-code: a hook writing 100 MB of noise to stdout and 20 MB to stderr: bounded, no throw; the sibling's deny survives", async () => {
  const b = box();
  write(userFile(b), settings([{ command: "cat >/dev/null; head -c 100000000 /dev/zero; head -c 20000000 /dev/zero >&2", timeout: "120" }, denyHook()]));
  assertDenied(await run(b));
});

test("qwen-code: a hook that prints a deny then execs into a sleep past its 1 s timeout: bounded, the process killed", async () => {
  const b = box();
  const pids = join(b.root, "pids");
  write(userFile(b), settings([{ command: `cat >/dev/null; echo $$ > ${shq(pids)}; printf '%s\\n' ${shq(DENY_OUTPUT)}; exec sleep 60`, timeout: "1" }]));
  const outcome = await run(b);
  assert.equal(outcome.merged.runs.length, 1);
  await allGone(pids);
});

test("qwen-code: a hook and its child ignoring SIGTERM past the timeout: both killed", async () => {
  const b = box();
  const pids = join(b.root, "pids");
  write(userFile(b), settings([{ command: `cat >/dev/null; trap '' TERM; echo $$ >> ${shq(pids)}; sh -c 'trap "" TERM; echo $$ >> ${shq(pids)}; sleep 60' & wait`, timeout: "1" }]));
  await run(b);
  await allGone(pids, 2);
});

test("qwen-code: an abort while five hooks run: every hook process killed, the run returns", async () => {
  const b = box();
  const pids = join(b.root, "pids");
  write(userFile(b), settings(Array.from({ length: 5 }, (_, i) => ({ command: `cat >/dev/null; echo $$ >> ${shq(pids)}; sleep 60 # ${i}`, timeout: "120" }))));
  const controller = new AbortController();
  void waitFor(() => existsSync(pids)).then(() => controller.abort());
  const outcome = await run(b, { signal: controller.signal });
  assert.ok(outcome.merged.runs.length >= 1);
  await allGone(pids);
});

for (const [bad, reported] of [["-0", true], ["true", true], ["[]", true], ["{}", true], ["\"NaN\"", true]] as const) {
  test(`qwen-code: timeout ${bad}: the hook runs and denies, never cut to 1 ms${reported ? ", the value reported" : ""}`, async () => {
    const b = box();
    write(userFile(b), settings([{ command: `cat >/dev/null; sleep 0.2; printf '%s' ${shq(DENY_OUTPUT)}`, timeout: bad }]));
    const outcome = await run(b);
    assertDenied(outcome);
    assert.equal(outcome.problems.some((p) => p.path.endsWith("/timeout")), reported);
  });
}

test("qwen-code: timeout 1e308 (milliseconds in Qwen's unit, far past Node's timer limit): fires after 1 ms as Qwen Code's timer does, the deny lost and reported", async () => {
  const b = box();
  write(userFile(b), settings([{ command: `cat >/dev/null; sleep 0.2; printf '%s' ${shq(DENY_OUTPUT)}`, timeout: "1e308" }]));
  const outcome = await run(b);
  assertNotDenied(outcome);
  assert.ok(outcome.problems.some((p) => p.path.endsWith("/timeout") && p.message.includes("past Node's timer limit")));
});

test("qwen-code: SIGTERM to `run --agent qwen-code` while its hook runs: the hook killed, exit 143, no stack trace", async () => {
  const b = box();
  const pids = join(b.root, "pids");
  write(userFile(b), settings([{ command: `cat >/dev/null; echo $$ >> ${shq(pids)}; sleep 60`, timeout: "120" }]));
  const inputFile = join(b.root, "input.json");
  write(inputFile, JSON.stringify({ hook_event_name: "PreToolUse", ...INPUT }));
  const result = await new Promise<{ code: number | null; stderr: string }>((resolve) => {
    const child = spawn(process.execPath, ["--import", "tsx", join(ROOT, "src/cli.ts"), "run", "--agent", "qwen-code", "--input", inputFile, "--project-dir", b.project, "--home-dir", b.home], { cwd: ROOT, env: baseEnv(b), stdio: ["ignore", "ignore", "pipe"] });
    let stderr = "";
    child.stderr.on("data", (d: Buffer) => (stderr += d));
    child.on("close", (code) => resolve({ code, stderr }));
    void waitFor(() => existsSync(pids)).then(() => child.kill("SIGTERM"));
  });
  assert.equal(result.code, 143, result.stderr.slice(0, 2000));
  assert.doesNotMatch(result.stderr, /\n\s+at /);
  await allGone(pids);
});

test("qwen-code: 120 hooks under `ulimit -n 64` (`run --agent` runs out of descriptors): starts wait for descriptors, none lost; the deny applies", () => {
  const b = box();
  write(userFile(b), settings([...Array.from({ length: 119 }, (_, i) => ({ command: `cat >/dev/null; exit 0 # ${i}`, timeout: "60" })), denyHook()]));
  const inputFile = join(b.root, "input.json");
  write(inputFile, JSON.stringify({ hook_event_name: "PreToolUse", ...INPUT }));
  const cli = spawnSync("/bin/sh", ["-c", 'ulimit -n 64 && exec "$0" --import tsx "$@"', process.execPath, join(ROOT, "src/cli.ts"), "run", "--json", "--agent", "qwen-code", "--input", inputFile, "--project-dir", b.project, "--home-dir", b.home], { encoding: "utf8", cwd: ROOT, env: baseEnv(b), maxBuffer: 64 * 1024 * 1024 });
  assert.equal(cli.status, 0, cli.stderr.slice(0, 2000));
  const merged = JSON.parse(cli.stdout) as { effects: { blocked: boolean }; runs: { stderr?: string }[] };
  assert.equal(merged.effects.blocked, true);
  assert.equal(merged.runs.filter((r) => /EMFILE/.test(r.stderr ?? "")).length, 0);
});

test("qwen-code: a slow deny configured first and a fast empty answer after it (completion in reverse order): the deny is kept", async () => {
  const b = box();
  write(userFile(b), settings([{ command: `cat >/dev/null; sleep 0.5; printf '%s' ${shq(DENY_OUTPUT)}`, timeout: "10" }, { command: "cat >/dev/null; echo '{}'" }]));
  assertDenied(await run(b));
});

test("qwen-code: a hook writing invalid UTF-8, a NUL and a BOM around its JSON: no throw; the sibling's deny survives", async () => {
  const b = box();
  write(userFile(b), settings([{ command: "cat >/dev/null; printf '\\377\\376\\000\\357\\273\\277{}'" }, denyHook()]));
  assertDenied(await run(b));
});
