// Hostile inputs, class 13 (issue 24): numbers read as each agent reads them. A timeout is read from its
// literal, not from the JS number it spells: Codex's serde refuses a whole hooks.json over `5.0`, `1e2`,
// `1.5` or 2^64 (which JSON.parse reads as fine numbers), over a known field written twice, and panics
// on a timeout above i64; Gemini CLI's and Qwen Code's timers fire after 1 ms past Node's 2^31 - 1 ms
// limit. Every
// recording of the class (test/observer/codex/observed/cx-num-*, cx-dup-*;
// test/observer/gemini-cli/observed/gp-num-*, test/observer/qwen-code/observed/qw-num-*) is replayed through the agent's runner and its lint,
// with the expectation read from the recording (the agent's own notice, its hook runs, whether the
// tool ran), never from our output; then the literal readers install uses, on literals beyond the
// recordings, against the serde oracle's answers (Codex's handler type, serde_json with
// arbitrary_precision, which agreed with Codex on every recorded literal).
import { test } from "node:test";
import assert from "node:assert/strict";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { codexRunner } from "../../src/codex/runner.js";
import { readCodexTimeoutLiteral } from "../../src/codex/timeout.js";
import { geminiCliRunner } from "../../src/gemini-cli/runner.js";
import { readGeminiTimeoutLiteral } from "../../src/gemini-cli/timeout.js";
import { codexLinter } from "../../src/codex/lint-rules.js";
import { geminiLinter } from "../../src/gemini-cli/lint-rules.js";
import { qwenCodeRunner } from "../../src/qwen-code/runner.js";
import { droidRunner } from "../../src/droid/runner.js";
import { droidLinter } from "../../src/droid/lint-rules.js";
import { copilotRunner } from "../../src/copilot-cli/runner.js";
import { copilotLinter } from "../../src/copilot-cli/lint-rules.js";
import { readCopilotTimeoutLiteral } from "../../src/copilot-cli/config.js";
import { readQwenCodeTimeoutLiteral } from "../../src/qwen-code/config.js";
import { readDroidTimeoutLiteral } from "../../src/droid/timeout.js";
import { qwenCodeLinter } from "../../src/qwen-code/lint-rules.js";
import { lintTargets, targetsIn } from "../../src/lint/lint.js";
import { loadLinters } from "../../src/agents.js";
import type { DialectRunOutcome } from "../../src/core/dialect.js";
import type { AgentLinter, LintFinding } from "../../src/lint/types.js";
import { writeRecordedHooks } from "../lib/recorded-hooks.js";

const LINTERS = await loadLinters();
const ROOT = fileURLToPath(new URL("../../", import.meta.url));
const COMMAND = "echo original >> $TMP/work/oracle-marker.txt; echo tool-output-original";

interface Recording {
  name: string;
  scenario: { hooks: { stdout?: string; delay_ms?: number; exit?: number }[]; files?: Record<string, string>; config_extra?: string };
  outcome: { tool_ran: boolean; notices?: string[]; hook_runs?: { status: string; entries: string[] }[]; stderr?: string[] };
  config_toml?: string;
  settings?: Record<string, unknown>;
  hook_log_lines?: string[];
}

const recordings = (agent: string, pattern: RegExp): Recording[] => {
  const dir = join(ROOT, "test/observer", agent, "observed");
  return readdirSync(dir)
    .filter((f) => pattern.test(f))
    .map((f) => JSON.parse(readFileSync(join(dir, f), "utf8")) as Recording);
};

/** The recording's files under a fresh directory ($TMP), hook scripts included; `run` gets the directory. */
async function inRecordingDir<T>(recording: Recording, files: Record<string, unknown>, run: (dir: string) => Promise<T>): Promise<T> {
  const dir = mkdtempSync(join(tmpdir(), `numbers-${recording.name}-`));
  try {
    const local = (text: string): string => text.replaceAll("$TMP", dir);
    writeRecordedHooks(dir, recording.scenario.hooks);
    mkdirSync(join(dir, "work"), { recursive: true });
    // the scenario's own files (hook files written as text, literals kept) go below work/, as the observer writes them
    const all = { ...files, ...Object.fromEntries(Object.entries(recording.scenario.files ?? {}).map(([path, content]) => [`work/${path}`, content])) };
    for (const [path, content] of Object.entries(all)) {
      if (content === undefined || content === null) continue;
      mkdirSync(dirname(join(dir, path)), { recursive: true });
      writeFileSync(join(dir, path), local(typeof content === "string" ? content : JSON.stringify(content, null, 2)));
    }
    return await run(dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The agent's findings over the run's project (work/) and home (home/), as `lint --user` reads them. */
const lintDir = (dir: string, linter: AgentLinter): LintFinding[] => {
  const environment = { homeDir: join(dir, "home"), env: { HOME: join(dir, "home") } };
  return lintTargets(targetsIn([linter], join(dir, "work"), environment.homeDir, environment.env), LINTERS, environment);
};

// ---- Codex CLI 0.171.0

const CODEX = recordings("codex", /^cx-(num|dup)-.*\.json$/);

test(`codex: the recorded literals and duplicate keys are here (${CODEX.length})`, () => assert.ok(CODEX.length >= 35, `${CODEX.length} recordings`));

for (const recording of CODEX) {
  test(`codex ${recording.name}: the runner and lint read the file as Codex did`, async () => {
    const failures: string[] = [];
    await inRecordingDir(recording, { "home/.codex/config.toml": recording.config_toml }, async (dir) => {
      const outcome: DialectRunOutcome = await codexRunner.run({
        event: "PreToolUse",
        input: { tool_name: "Bash", tool_input: { command: COMMAND.replaceAll("$TMP", dir) }, tool_use_id: "call_1" },
        projectDir: join(dir, "work"),
        homeDir: join(dir, "home"),
        env: { PATH: process.env["PATH"], HOME: join(dir, "home"), SHELL: "/bin/bash", TMP: dir },
      });
      const problems = outcome.problems.map((p) => `${p.code}: ${p.message}`);
      const findings = lintDir(dir, codexLinter);
      const fail = (what: string): void => void failures.push(`${recording.name}: ${what} (runner: ${problems.join("; ") || "no problem"}; lint: ${findings.map((f) => `${f.rule} ${f.message}`).join("; ")})`);
      const refusal = (recording.outcome.notices ?? []).map((n) => /^warning: failed to parse hooks config \S+: (.*) at line \d+ column \d+$/.exec(n)).find((m) => m !== null);
      const setAside = (recording.outcome.notices ?? []).includes("configWarning: Invalid configuration; using defaults.");
      const panicked = (recording.hook_log_lines ?? []).some((line) => line.includes("panicked"));
      if (refusal) {
        // Codex refused the whole hooks.json: the deny is lost; serde's words are ours too
        const serde = refusal[1]!;
        if (outcome.merged.blocked) fail("the runner blocks, Codex refused the file");
        if (!problems.some((p) => p.startsWith("config-rejected") && p.includes(serde))) fail(`no config-rejected problem saying ${serde}`);
        if (!findings.some((f) => f.rule === "CX-CFG-012" && f.message.includes(serde) && f.message.includes("1 hook is lost"))) fail(`no CX-CFG-012 saying ${serde}`);
      } else if (setAside) {
        // the whole config.toml set aside (here the model provider with it, so no turn ran): its deny is lost
        if (outcome.merged.blocked) fail("the runner blocks, Codex set config.toml aside");
        if (!problems.some((p) => /^config-(rejected|parse)/.test(p) && p.includes("config.toml"))) fail("no problem setting config.toml aside");
        if (!findings.some((f) => (f.rule === "CX-CFG-012" || f.rule === "CX-CFG-001") && f.file.endsWith("config.toml"))) fail("no CX-CFG-012 or -001 on config.toml");
      } else if (panicked) {
        // Codex panicked loading hooks: no hook and no turn ran
        if (outcome.merged.blocked) fail("the runner blocks, Codex crashed");
        if (!problems.some((p) => p.startsWith("agent-crashes"))) fail("no agent-crashes problem");
        if (!findings.some((f) => f.rule === "CX-CFG-014")) fail("no CX-CFG-014");
      } else {
        if (outcome.merged.blocked !== !recording.outcome.tool_ran) fail(`Codex ${recording.outcome.tool_ran ? "ran the tool" : "blocked it"}, the runner ${outcome.merged.blocked ? "blocks" : "lets it run"}`);
        if (findings.some((f) => f.severity === "error")) fail("lint reports an error on a file Codex read");
        // a timeout Codex raised to 1 s killed the slow hook: the runner's record says so, lint warns
        const killedAtOne = (recording.outcome.hook_runs ?? []).some((r) => r.entries.includes("error: hook timed out after 1s"));
        if (killedAtOne && /"timeout": -?0\n/.test(Object.values(recording.scenario.files ?? {}).join("")) && !findings.some((f) => f.rule === "CX-CFG-015")) fail("no CX-CFG-015 on a 0 raised to 1 s");
      }
    });
    assert.deepEqual(failures, []);
  });
}

interface OracleRow {
  literal: string;
  arbitrary_precision: { ok: boolean; canonical?: string; error?: string };
  default_features: { ok: boolean; error?: string };
}
const ORACLE = readFileSync(join(ROOT, "test/observer/codex/serde-oracle/timeout-literals.jsonl"), "utf8").trim().split("\n").map((line) => JSON.parse(line) as OracleRow);

test(`codex: the literal reader answers as serde does on ${ORACLE.length} literals (the oracle with Codex's handler type, arbitrary_precision)`, () => {
  assert.ok(ORACLE.length >= 25);
  for (const row of ORACLE) {
    const read = readCodexTimeoutLiteral(row.literal, "json");
    const serde = row.arbitrary_precision;
    if (serde.ok) {
      // serde reads it: Codex waits max(1, n) seconds, or panics above i64 (cx-num-json-i64-max-plus-1), or takes its default for null
      // serde's own value, as its canonical text prints it (a JS number would round u64s)
      const value = /"timeout":(\d+|null)/.exec(serde.canonical!)![1]!;
      assert.notEqual(read.kind, "refused", `${row.literal}: serde reads it`);
      if (value === "null") assert.equal(read.kind, "default", row.literal);
      else if (BigInt(value) > 2n ** 63n - 1n) assert.equal(read.kind, "crashes", `${row.literal}: above i64 Codex panics`);
      else assert.ok(read.kind === "seconds" && read.seconds === (BigInt(value) < 1n ? 1n : BigInt(value)), `${row.literal}: ${JSON.stringify(read, (_k, v: unknown) => (typeof v === "bigint" ? String(v) : v))}`);
    } else {
      assert.ok(read.kind === "refused" && read.message.startsWith(serde.error!.replace(/ at line \d+ column \d+$/, "")), `${row.literal}: serde says ${serde.error}, we say ${JSON.stringify(read)}`);
    }
  }
  // the default build differs on -0 alone among these: Codex's own (recorded) reading is the arbitrary_precision one
  assert.deepEqual(ORACLE.filter((r) => r.arbitrary_precision.ok !== r.default_features.ok).map((r) => r.literal), ["-0"]);
});

test("codex: every recorded hooks.json literal the oracle has, Codex and the oracle agree on", () => {
  let compared = 0;
  for (const recording of CODEX.filter((r) => r.name.startsWith("cx-num-json-"))) {
    const literal = /"timeout": ([^\n]+)\n/.exec(Object.values(recording.scenario.files ?? {}).join(""))?.[1];
    const row = ORACLE.find((r) => r.literal === literal);
    if (row === undefined) continue;
    const refused = (recording.outcome.notices ?? []).some((n) => n.startsWith("warning: failed to parse hooks config"));
    assert.equal(row.arbitrary_precision.ok, !refused, `${recording.name}`);
    compared++;
  }
  assert.ok(compared >= 10, `${compared} compared`);
});

test("codex: TOML literals, as the toml crate reads an integer into u64 (cx-num-toml-*)", () => {
  for (const [literal, seconds] of [["0b101", 5n], ["0o17", 15n], ["1_000", 1000n], ["+0", 1n], ["5_0", 50n], ["0x10", 16n]] as const) {
    const read = readCodexTimeoutLiteral(literal, "toml");
    assert.ok(read.kind === "seconds" && read.seconds === seconds, `${literal}: ${read.kind}`);
  }
  for (const literal of ["-inf", "nan", "+1.0", "1e0", "-5", "9223372036854775808"]) assert.equal(readCodexTimeoutLiteral(literal, "toml").kind, "refused", literal);
  assert.deepEqual(readCodexTimeoutLiteral(null, "toml"), { kind: "default", seconds: 600n, ms: 600_000 });
});

// ---- Gemini CLI 0.61.0 and Qwen Code 0.24.4: Node's timer, whose limit the agent does not check

interface NodeTimerAgent {
  readonly name: string;
  readonly display: string;
  readonly prefix: RegExp;
  readonly minimum: number;
  readonly runner: typeof geminiCliRunner;
  readonly linter: AgentLinter;
  /** The rule that flags a timeout past the limit. */
  readonly rule: string;
  readonly settingsDir: string;
  readonly event: string;
  readonly env: (dir: string) => Record<string, string>;
}

const NODE_TIMER_AGENTS: readonly NodeTimerAgent[] = [
  { name: "gemini-cli", display: "Gemini CLI", prefix: /^gp-num-.*\.json$/, minimum: 9, runner: geminiCliRunner, linter: geminiLinter, rule: "GM-CFG-012", settingsDir: ".gemini", event: "BeforeTool", env: () => ({ GEMINI_CLI_TRUST_WORKSPACE: "true" }) },
  { name: "qwen-code", display: "Qwen Code", prefix: /^qw-num-.*\.json$/, minimum: 5, runner: qwenCodeRunner, linter: qwenCodeLinter, rule: "QW-CFG-012", settingsDir: ".qwen", event: "PreToolUse", env: (dir) => ({ QWEN_CODE_SYSTEM_SETTINGS_PATH: join(dir, "none.json"), QWEN_CODE_SYSTEM_DEFAULTS_PATH: join(dir, "none.json") }) },
];

for (const agent of NODE_TIMER_AGENTS) {
  const all = recordings(agent.name, agent.prefix);
  test(`${agent.name}: the recorded timeouts at and past Node's timer limit are here (${all.length})`, () => assert.ok(all.length >= agent.minimum, `${all.length} recordings`));
  for (const recording of all) {
    test(`${agent.name} ${recording.name}: the runner and lint read the timeout as ${agent.display}'s timer did`, async () => {
      const failures: string[] = [];
      const settings = Object.fromEntries(Object.entries(recording.settings ?? {}).map(([layer, content]) => [`${layer === "user" ? "home" : "work"}/${agent.settingsDir}/settings.json`, content]));
      await inRecordingDir(recording, settings, async (dir) => {
        const outcome = await agent.runner.run({
          event: agent.event,
          input: { tool_name: "run_shell_command", tool_input: { command: COMMAND.replaceAll("$TMP", dir) } },
          projectDir: join(dir, "work"),
          homeDir: join(dir, "home"),
          env: { PATH: process.env["PATH"], HOME: join(dir, "home"), SHELL: "/bin/bash", TMP: dir, ...agent.env(dir) },
        });
        const findings = lintDir(dir, agent.linter);
        const fail = (what: string): void => void failures.push(`${recording.name}: ${what} (lint: ${findings.map((f) => `${f.rule} ${f.message}`).join("; ")})`);
        if (outcome.merged.blocked !== !recording.outcome.tool_ran) fail(`${agent.display} ${recording.outcome.tool_ran ? "ran the tool" : "blocked it"}, the runner ${outcome.merged.blocked ? "blocks" : "lets it run"}`);
        // Node said so: the timer was past its limit and fired after 1 ms
        const overflowed = (recording.outcome.stderr ?? []).some((line) => line.includes("TimeoutOverflowWarning"));
        if (overflowed !== findings.some((f) => f.rule === agent.rule)) fail(overflowed ? `no ${agent.rule} where Node's timer overflowed` : `${agent.rule} where Node's timer did not overflow`);
        if (overflowed !== outcome.problems.some((p) => p.message.includes("past Node's timer limit"))) fail("the runner's problems do not say the timer overflows");
      });
      assert.deepEqual(failures, []);
    });
  }
}

test("gemini-cli: the literal reader at the timer's edges (Node: a delay outside 1..2147483647 becomes 1 ms)", () => {
  assert.deepEqual(readGeminiTimeoutLiteral("2147483647"), { kind: "ms", ms: 2147483647, asText: false });
  assert.deepEqual(readGeminiTimeoutLiteral("1"), { kind: "ms", ms: 1, asText: false });
  assert.deepEqual(readGeminiTimeoutLiteral('"2147483647"'), { kind: "ms", ms: 2147483647, asText: true });
  for (const literal of ["2147483648", "2147483647.0001", "1e400", "-1e400", "0.999", '"2147483648"', '"1e400"', "[]"]) assert.equal(readGeminiTimeoutLiteral(literal).kind, "fires-at-once", literal);
  assert.deepEqual(readGeminiTimeoutLiteral("null"), { kind: "default" });
});

// ---- droid 0.215.0 and Copilot CLI 1.0.102: the same seconds past Node's limit in ms

interface DroidRecording extends Recording {
  config_files?: Record<string, unknown>;
  hooks_files?: Record<string, unknown>;
}

const DROID = recordings("droid", /^dr-num-.*\.json$/) as DroidRecording[];
/** The deny hook's timeout, as the scenario gave it (seconds). */
const scenarioTimeout = (r: Recording): number => (r.scenario.hooks[0] as { timeout: number }).timeout;

test(`droid: the recorded timeouts at and past Node's timer limit are here (${DROID.length}), and past it the deny was lost in some runs only`, () => {
  assert.ok(DROID.length >= 9, `${DROID.length} recordings`);
  const past = DROID.filter((r) => scenarioTimeout(r) > 2147483.647);
  // a race: both outcomes recorded past the limit, never under it
  assert.ok(past.some((r) => r.outcome.tool_ran) && past.some((r) => !r.outcome.tool_ran));
  assert.ok(DROID.filter((r) => !past.includes(r)).every((r) => !r.outcome.tool_ran));
});

for (const recording of DROID) {
  const past = scenarioTimeout(recording) > 2147483.647;
  test(`droid ${recording.name}: ${past ? "past the timer limit: the runner and lint say the deny is not to be counted on" : "under the timer limit: the deny, as recorded"}`, async () => {
    const files = Object.fromEntries(Object.entries(recording.config_files ?? {}).map(([path, content]) => [path.replace(/^\$TMP\//, ""), content]));
    await inRecordingDir(recording, files, async (dir) => {
      const outcome = await droidRunner.run({
        event: "PreToolUse",
        input: { tool_name: "Execute", tool_input: { command: COMMAND.replaceAll("$TMP", dir) } },
        projectDir: join(dir, "work"),
        homeDir: join(dir, "home"),
        env: { PATH: process.env["PATH"], HOME: join(dir, "home"), SHELL: "/bin/bash", TMP: dir },
      });
      const findings = lintDir(dir, droidLinter);
      assert.equal(outcome.problems.some((p) => p.message.includes("past Node's timer limit")), past, JSON.stringify(outcome.problems));
      assert.equal(findings.some((f) => f.rule === "DR-CFG-011"), past, JSON.stringify(findings));
      // where droid ran no race, the runner blocks as droid did
      if (!past) assert.equal(outcome.merged.blocked, !recording.outcome.tool_ran);
    });
  });
}

const COPILOT = recordings("copilot-cli", /^cp-num-.*\.json$/) as DroidRecording[];

for (const recording of COPILOT) {
  test(`copilot-cli ${recording.name}: Copilot CLI's timer holds it (the deny applied): the runner blocks, lint flags no timer`, async () => {
    const files = Object.fromEntries(Object.entries(recording.hooks_files ?? {}).map(([path, content]) => [path.replace(/^\$TMP\//, ""), content]));
    await inRecordingDir(recording, files, async (dir) => {
      const outcome = await copilotRunner.run({
        event: "preToolUse",
        input: { toolName: "bash", toolArgs: { command: COMMAND.replaceAll("$TMP", dir) } },
        projectDir: join(dir, "work"),
        homeDir: join(dir, "home"),
        env: { PATH: process.env["PATH"], HOME: join(dir, "home"), SHELL: "/bin/bash", TMP: dir, COPILOT_HOME: join(dir, "home/.copilot") },
      });
      assert.equal(recording.outcome.tool_ran, false, "recorded: the deny applied");
      assert.equal(outcome.merged.blocked, true, JSON.stringify(outcome.problems));
      assert.ok(!lintDir(dir, copilotLinter).some((f) => f.severity === "error"));
    });
  });
}

test("droid, Copilot CLI, Qwen Code: the literal readers install reuses say what the recordings say", () => {
  // Copilot CLI: text and 0 skip the entry (cp-cfg-timeout-string, -zero); 2147484 s is held (cp-num-timeout-2147484)
  assert.deepEqual(readCopilotTimeoutLiteral('"10"'), { kind: "skipped", message: "must be a number" });
  assert.deepEqual(readCopilotTimeoutLiteral("0"), { kind: "skipped", message: "must be positive" });
  assert.deepEqual(readCopilotTimeoutLiteral("2147484"), { kind: "ms", ms: 2_147_484_000 });
  // Qwen Code: 1000 and up are ms, past 2147483647 the timer fires after 1 ms (qw-num-timeout-*; to-03)
  assert.deepEqual(readQwenCodeTimeoutLiteral("2147483647"), { kind: "ms", ms: 2147483647, firesAtOnce: false });
  assert.equal(readQwenCodeTimeoutLiteral('"2147483648"').kind === "ms" && (readQwenCodeTimeoutLiteral('"2147483648"') as { firesAtOnce: boolean }).firesAtOnce, true);
  assert.deepEqual(readQwenCodeTimeoutLiteral("999"), { kind: "ms", ms: 999_000, firesAtOnce: false });
  // droid: text rejects the file (dr-cfg-timeout-string); past 2147483.647 s the deny may be lost (dr-num-timeout-2147484)
  assert.equal(readDroidTimeoutLiteral('"10"').kind, "refused");
  assert.deepEqual(readDroidTimeoutLiteral("2147484"), { kind: "ms", ms: 2_147_484_000, pastTimerLimit: true });
  assert.deepEqual(readDroidTimeoutLiteral("2147483"), { kind: "ms", ms: 2_147_483_000, pastTimerLimit: false });
});

test("codex: a timeout of 5,000,000 digits in hooks.json is refused as serde refuses it, without a BigInt of it (minutes of work)", async () => {
  const dir = mkdtempSync(join(tmpdir(), "numbers-huge-"));
  try {
    mkdirSync(join(dir, ".codex"));
    writeFileSync(join(dir, ".codex", "hooks.json"), `{"hooks": {"PreToolUse": [{"hooks": [{"type": "command", "command": "deny.sh", "timeout": ${"9".repeat(5_000_000)}}]}]}}`);
    writeFileSync(join(dir, ".codex", "config.toml"), `[hooks]\nStop = [{ hooks = [{ type = "command", command = "x", timeout = ${"9".repeat(5_000_000)} }] }]\n`);
    const { loadCodexConfiguration } = await import("../../src/codex/runner.js");
    const read = loadCodexConfiguration(join(dir, ".codex"), join(dir, "work"));
    assert.deepEqual(read.handlers, []);
    assert.ok(read.problems.some((p) => p.code === "config-rejected" && p.message.includes("invalid type: map, expected u64")), JSON.stringify(read.problems).slice(0, 500));
    // the TOML one does not parse (64-bit integers); its message quotes 40 digits, not five million
    const toml = read.problems.find((p) => p.code === "config-parse");
    assert.ok(toml !== undefined && toml.message.includes("(5000000 characters) is out of range") && toml.message.length < 500, toml?.message.slice(0, 300));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
