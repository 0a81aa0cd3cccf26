// Hostile inputs against the runners of Codex CLI, Gemini CLI, Copilot CLI and droid (issue 16's
// classes 2, 3 and 5, applied to the agents other than Claude Code): NUL bytes in commands,
// environment values and the event input, timeouts at and past Node's timer limit in each agent's
// unit, non-finite and negative timeouts, a hook whose grandchild holds its pipes, a missing
// working directory, huge and deeply nested configurations, `__proto__` keys, malformed files,
// eleven and more hooks. Every attempt puts the hostile hook beside a hook that denies and
// asserts: no throw, the deny is merged (a hook that should deny is never lost), a broken hook
// does not deny by itself, and a configuration problem is an error value naming its file and place.
import { test } from "node:test";
import assert from "node:assert/strict";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, symlinkSync } from "node:fs";
import { spawn, spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { dirname, join } from "node:path";
import { allGone, waitFor } from "../lib/processes.js";
import { attackSandbox, shq, write, type Box } from "../lib/attack-box.js";
import type { DialectRunOutcome } from "../../src/core/dialect.js";
import type { ProtocolError } from "../../src/core/errors.js";
import type { JsonObject } from "../../src/json/value.js";
import { codexRunner } from "../../src/codex/runner.js";
import { runGeminiHooks } from "../../src/gemini-cli/runner.js";
import { runCopilotHooks } from "../../src/copilot-cli/runner.js";
import { droidRunner } from "../../src/droid/runner.js";

const { tmp: TMP, box, killAfter } = attackSandbox("attack-runners-");

/** One configured handler: its command and, when given, its timeout value exactly as written. */
interface Handler {
  readonly command: string;
  /** Written as JSON text (so `1e309` is Infinity and `-5` a negative number); absent: no timeout key. */
  readonly timeout?: string;
  readonly extra?: string;
}

interface Agent {
  readonly name: string;
  /** What a timeout is counted in. */
  readonly unit: "s" | "ms";
  /** The hooks file of a layer that runs (user level), its text for these handlers. */
  readonly file: (b: Box) => string;
  readonly config: (handlers: readonly Handler[]) => string;
  /** A second layer that runs too, and its text (for the "one file broken, another runs" attempts). */
  readonly otherFile: (b: Box) => string;
  /** The output that denies. */
  readonly denyOutput: string;
  run(b: Box, extra?: { input?: JsonObject; env?: NodeJS.ProcessEnv; signal?: AbortSignal; projectDir?: string }): Promise<DialectRunOutcome>;
}

const handlerText = (h: Handler, commandKey = "command", timeoutKey = "timeout"): string =>
  `{"type":"command",${JSON.stringify(commandKey)}:${JSON.stringify(h.command)}${h.timeout === undefined ? "" : `,${JSON.stringify(timeoutKey)}:${h.timeout}`}${h.extra ?? ""}}`;
const baseEnv = (b: Box): NodeJS.ProcessEnv => ({ PATH: process.env["PATH"], HOME: b.home, SHELL: "/bin/bash" });

const AGENTS: readonly Agent[] = [
  {
    name: "codex",
    unit: "s",
    file: (b) => join(b.home, ".codex", "hooks.json"),
    config: (hs) => `{"hooks":{"PreToolUse":[{"matcher":"Bash","hooks":[${hs.map((h) => handlerText(h)).join(",")}]}]}}`,
    otherFile: (b) => join(b.home, ".codex", "config.toml"),
    denyOutput: JSON.stringify({ hookSpecificOutput: { hookEventName: "PreToolUse", permissionDecision: "deny", permissionDecisionReason: "sibling deny" } }),
    run: (b, x = {}) => codexRunner.run({ event: "PreToolUse", input: x.input ?? { tool_name: "Bash", tool_input: { command: "ls" }, tool_use_id: "c" }, projectDir: x.projectDir ?? b.project, homeDir: b.home, env: x.env ?? baseEnv(b), ...(x.signal ? { signal: x.signal } : {}) }),
  },
  {
    name: "gemini-cli",
    unit: "ms",
    file: (b) => join(b.home, ".gemini", "settings.json"),
    config: (hs) => `{"hooks":{"BeforeTool":[{"matcher":"run_shell_command","hooks":[${hs.map((h) => handlerText(h)).join(",")}]}]}}`,
    otherFile: (b) => join(b.project, ".gemini", "settings.json"),
    denyOutput: JSON.stringify({ decision: "deny", reason: "sibling deny" }),
    run: (b, x = {}) => runGeminiHooks({ event: "BeforeTool", input: x.input ?? { tool_name: "run_shell_command", tool_input: { command: "ls" } }, projectDir: x.projectDir ?? b.project, homeDir: b.home, env: x.env ?? baseEnv(b), ...(x.signal ? { signal: x.signal } : {}) }),
  },
  {
    name: "copilot-cli",
    unit: "s",
    file: (b) => join(b.home, ".copilot", "hooks", "b.json"),
    config: (hs) => `{"version":1,"hooks":{"preToolUse":[${hs.map((h) => handlerText(h, "bash", "timeoutSec")).join(",")}]}}`,
    // configured after hooks/*.json (copilot-cli-observed.md, "configured order")
    otherFile: (b) => join(b.home, ".copilot", "settings.json"),
    denyOutput: JSON.stringify({ permissionDecision: "deny", permissionDecisionReason: "sibling deny" }),
    run: (b, x = {}) => runCopilotHooks({ event: "preToolUse", input: x.input ?? { toolName: "bash", toolArgs: { command: "ls", description: "d" } }, projectDir: x.projectDir ?? b.project, homeDir: b.home, env: x.env ?? baseEnv(b), ...(x.signal ? { signal: x.signal } : {}) }),
  },
  {
    name: "droid",
    unit: "s",
    file: (b) => join(b.home, ".factory", "hooks.json"),
    config: (hs) => `{"PreToolUse":[{"matcher":"Execute","hooks":[${hs.map((h) => handlerText(h)).join(",")}]}]}`,
    otherFile: (b) => join(b.project, ".factory", "hooks.json"),
    denyOutput: JSON.stringify({ hookSpecificOutput: { hookEventName: "PreToolUse", permissionDecision: "deny", permissionDecisionReason: "sibling deny" } }),
    run: (b, x = {}) => droidRunner.run({ event: "PreToolUse", input: x.input ?? { tool_name: "Execute", tool_input: { command: "ls", riskLevel: "low", riskLevelReason: "r" } }, projectDir: x.projectDir ?? b.project, homeDir: b.home, env: x.env ?? baseEnv(b), ...(x.signal ? { signal: x.signal } : {}) }),
  },
];

const denyHook = (agent: Agent, timeout = agent.unit === "s" ? "10" : "10000"): Handler => ({ command: `cat >/dev/null; printf '%s' ${shq(agent.denyOutput)}`, timeout });

/**
 * Whether the agent itself loses a deny hook's answer (the hook sleeps 0.2 s) over its timeout,
 * written as the literal `literal`, as recorded (docs/spec/<agent>-observed.md "Configuration
 * switches"): Codex refuses the whole hooks.json for anything but a whole number of seconds
 * written as one, 0 to i64 (cx-cfg-timeout-string, -negative; cx-num-json-*: `5.0`, `1e2`, `1e308`
 * refused, `-0` read as 0, which Codex raises to 1 s); Gemini CLI's timer fires after 1 ms below
 * 1 ms and past 2147483647 ms (0, -1, text: gp-cfg-timeout-*; 2147483648, 1e400:
 * gp-num-timeout-*) and reads "10" as 10 ms; Copilot CLI skips an entry whose timeout is not a
 * positive number (cp-cfg-timeout-*); droid rejects a file with a text timeout
 * (dr-cfg-timeout-string).
 */
function timeoutLosesDeny(agent: string, literal: string): boolean {
  const value = JSON.parse(literal) as unknown;
  if (value === null) return false;
  switch (agent) {
    case "codex":
      return !(/^-?(?:0|[1-9][0-9]*)$/.test(literal) && (BigInt(literal) === 0n || (BigInt(literal) > 0n && BigInt(literal) < 2n ** 63n)));
    case "gemini-cli": {
      const ms = typeof value === "string" ? Number(value) : (value as number);
      return typeof value === "string" || !(ms >= 1 && ms <= 2147483647) || ms < 200;
    }
    case "copilot-cli":
      return !(typeof value === "number" && value > 0);
    case "droid":
      return typeof value !== "number";
    default:
      return false;
  }
}

function assertDenied(agent: Agent, outcome: DialectRunOutcome): void {
  assert.equal(outcome.merged.effects.blocked, true, `${agent.name}: the sibling's deny is merged: ${JSON.stringify(outcome.merged.effects)}`);
  assert.match(outcome.merged.effects.tool_result ?? "", /sibling deny/);
}

function assertNotDenied(agent: Agent, outcome: DialectRunOutcome): void {
  assert.equal(outcome.merged.effects.blocked, false, `${agent.name}: a broken hook does not deny by itself: ${JSON.stringify(outcome.merged.effects)}`);
}

/**
 * A hook that could not start: no answer from it, so no deny, except under Copilot CLI, where a
 * preToolUse hook that errors fails closed (copilot-cli-observed.md: "Denied by preToolUse hook
 * from <file> (hook errored)", pre-07b) and ends the chain.
 */
function assertFailedStartOnly(agent: Agent, outcome: DialectRunOutcome): void {
  if (agent.name !== "copilot-cli") return assertNotDenied(agent, outcome);
  assert.equal(outcome.merged.effects.blocked, true);
  assert.match(outcome.merged.effects.tool_result ?? "", /\(hook errored\)/);
}

/** A problem that names the file and the place in it (a JSON Pointer or a line and column). */
function assertProblemAt(problems: readonly ProtocolError[], file: string, place: RegExp | { line: number }): ProtocolError {
  const found = problems.find((p) => p.message.includes(file) && ("line" in place ? p.position?.line === place.line : place.test(p.path)));
  assert.ok(found, `a problem naming ${file} at ${String("line" in place ? `line ${place.line}` : place)}: ${JSON.stringify(problems)}`);
  return found;
}

for (const agent of AGENTS) {
  // The hostile hook comes first, the deny last: Copilot CLI runs hooks one at a time and a deny ends the chain.
  const runWith = async (hostile: readonly Handler[], x?: Parameters<Agent["run"]>[1]): Promise<{ b: Box; outcome: DialectRunOutcome }> => {
    const b = box();
    write(agent.file(b), agent.config([...hostile, denyHook(agent)]));
    return { b, outcome: await agent.run(b, x) };
  };

  test(`${agent.name}: a NUL byte in a hook's command is that hook's failed start; the deny survives`, async () => {
    const { outcome } = await runWith([{ command: "echo a\u0000b" }]);
    if (agent.name === "copilot-cli") assertFailedStartOnly(agent, outcome);
    else assertDenied(agent, outcome);
  });

  test(`${agent.name}: a NUL byte in the event input (a tool argument and a top-level string) reaches stdin escaped; the deny survives`, async () => {
    const b = box();
    write(agent.file(b), agent.config([{ command: "cat >/dev/null; exit 0" }, denyHook(agent)]));
    const input: JsonObject =
      agent.name === "copilot-cli" ? { toolName: "bash", toolArgs: { command: "rm\u0000 -rf /" }, prompt: "a\u0000b" }
      : agent.name === "gemini-cli" ? { tool_name: "run_shell_command", tool_input: { command: "rm\u0000 -rf /" }, prompt: "a\u0000b" }
      : agent.name === "droid" ? { tool_name: "Execute", tool_input: { command: "rm\u0000 -rf /" }, prompt: "a\u0000b", session_id: "s\u0000x" }
      : { tool_name: "Bash", tool_input: { command: "rm\u0000 -rf /" }, prompt: "a\u0000b", tool_use_id: "c" };
    assertDenied(agent, await agent.run(b, { input }));
  });

  test(`${agent.name}: a NUL byte in an environment value given to the runner: no throw, no deny invented`, async () => {
    const b = box();
    write(agent.file(b), agent.config([{ command: "cat >/dev/null; exit 0" }]));
    const outcome = await agent.run(b, { env: { ...baseEnv(b), HOSTILE: "a\u0000b" } });
    assertFailedStartOnly(agent, outcome);
  });

  const big = agent.unit === "s" ? "2147484" : "2147483648";
  // Gemini CLI's own timer fires after 1 ms past Node's limit (gp-num-timeout-2147483648): the runner's does too
  const firesAtOnce = agent.name === "gemini-cli";
  test(`${agent.name}: a timeout of ${big} ${agent.unit} (past Node's timer limit in ms) ${firesAtOnce ? "fires after 1 ms, as the agent's timer does (recorded): the deny is lost, and the runner says why" : "does not fire at once: the slow hook's deny is kept"}`, async () => {
    const b = box();
    write(agent.file(b), agent.config([{ command: `cat >/dev/null; sleep 0.3; printf '%s' ${shq(agent.denyOutput)}`, timeout: big }]));
    const outcome = await agent.run(b);
    if (firesAtOnce) {
      assertNotDenied(agent, outcome);
      assert.match(assertProblemAt(outcome.problems, agent.file(b), /timeout/).message, /timer limit/);
    } else assertDenied(agent, outcome);
  });

  for (const bad of ["-5", "0", "1e309", "-1e309", "\"10\"", "null", "1e-320"]) {
    const lost = timeoutLosesDeny(agent.name, bad);
    test(`${agent.name}: timeout ${bad} in the configuration: ${lost ? "the agent loses the deny (recorded), and so does the runner, saying why" : "the hook still runs and denies, bounded by the default, and the value is reported"}`, async () => {
      const b = box();
      write(agent.file(b), agent.config([{ command: `cat >/dev/null; sleep 0.2; printf '%s' ${shq(agent.denyOutput)}`, timeout: bad }]));
      const outcome = await agent.run(b);
      if (lost) assertNotDenied(agent, outcome);
      else assertDenied(agent, outcome);
      if (bad !== "null" && !(bad === "\"10\"" && !lost)) assertProblemAt(outcome.problems, agent.file(b), /timeout/);
    });
  }

  test(`${agent.name}: a hook that denies and exits while a detached grandchild holds its stdout and stderr: the deny stands, no timeout`, async () => {
    const b = box();
    const pidFile = join(b.root, "grandchild.pid");
    killAfter(pidFile);
    const command = `cat >/dev/null; printf '%s' ${shq(agent.denyOutput)}; setsid sleep 3600 & echo $! > ${shq(pidFile)}; exit 0`;
    write(agent.file(b), agent.config([{ command, timeout: agent.unit === "s" ? "8" : "8000" }]));
    const outcome = await agent.run(b);
    assertDenied(agent, outcome);
  });

  test(`${agent.name}: the project directory does not exist: no throw, the failed starts deny nothing`, async () => {
    const b = box();
    write(agent.file(b), agent.config([{ command: "exit 0" }]));
    const outcome = await agent.run(b, { projectDir: join(b.root, "gone") });
    assertFailedStartOnly(agent, outcome);
  });

  test(`${agent.name}: a 6 MB configuration of 20,000 hooks for other events and one deny`, async () => {
    const b = box();
    const text = agent.config([denyHook(agent)]);
    const filler = Array.from({ length: 20_000 }, (_, i) => `{"matcher":"zz${i}","hooks":[{"type":"command","command":"exit ${i}","timeout":5}]}`).join(",");
    const event = agent.name === "gemini-cli" ? "AfterTool" : agent.name === "copilot-cli" ? "postToolUse" : "PostToolUse";
    // the events' map closes the file (droid's is the file itself): the filler goes in as its last event
    const close = agent.name === "droid" ? "}" : "}}";
    write(agent.file(b), `${text.slice(0, -close.length)},"${event}":[${filler}]${close}`);
    assert.ok(readFileSync(agent.file(b), "utf8").length > 1_000_000);
    assertDenied(agent, await agent.run(b));
  });

  test(`${agent.name}: a configuration nested 100,000 levels deep in one file; the other file's deny runs`, async () => {
    const b = box();
    write(agent.file(b), `{"hooks":${"[".repeat(100_000)}${"]".repeat(100_000)}}`);
    write(agent.name === "codex" ? join(b.home, ".codex", "config.toml") : agent.otherFile(b), agent.name === "codex" ? codexToml(agent) : agent.config([denyHook(agent)]));
    const outcome = await agent.run(b);
    assertDenied(agent, outcome);
    assert.ok(outcome.problems.some((p) => p.message.includes(agent.file(b))), JSON.stringify(outcome.problems));
  });

  test(`${agent.name}: __proto__, constructor and prototype keys in the configuration are data, not hooks`, async () => {
    const b = box();
    const deny = agent.config([denyHook(agent)]);
    const hostile = deny.replace(/^\{/, `{"__proto__":{"hooks":{}},"constructor":{"prototype":{"polluted":1}},`);
    write(agent.file(b), hostile);
    const outcome = await agent.run(b);
    // Codex refuses a hooks.json with any top-level key but hooks and description (cx-cfg-file-extra-*)
    if (agent.name === "codex") {
      assertNotDenied(agent, outcome);
      assertProblemAt(outcome.problems, agent.file(b), /__proto__/);
    } else assertDenied(agent, outcome);
    assert.equal(({} as Record<string, unknown>)["polluted"], undefined);
    assert.equal(({} as Record<string, unknown>)["hooks"], undefined);
  });

  test(`${agent.name}: an event key __proto__ holding a deny hook runs nothing and pollutes nothing`, async () => {
    const b = box();
    const event = agent.name === "gemini-cli" ? "BeforeTool" : agent.name === "copilot-cli" ? "preToolUse" : "PreToolUse";
    write(agent.file(b), agent.config([denyHook(agent)]).replace(`"${event}":`, `"__proto__":`));
    const outcome = await agent.run(b);
    assertNotDenied(agent, outcome);
    assert.equal(({} as Record<string, unknown>)["PreToolUse"], undefined);
  });

  test(`${agent.name}: a handler's __proto__ holding a command is no command`, async () => {
    const { outcome } = await runWith([{ command: "cat >/dev/null; exit 0", extra: `,"__proto__":{"command":"exit 2"}` }]);
    assertDenied(agent, outcome);
  });

  test(`${agent.name}: a file that is not JSON: an error value naming the file and the line; the other file's deny runs`, async () => {
    const b = box();
    write(agent.file(b), `{\n  "hooks": {\n    "oops": [1,,2]\n  }\n}`);
    write(agent.name === "codex" ? join(b.home, ".codex", "config.toml") : agent.otherFile(b), agent.name === "codex" ? codexToml(agent) : agent.config([denyHook(agent)]));
    const outcome = await agent.run(b);
    assertDenied(agent, outcome);
    assertProblemAt(outcome.problems, agent.file(b), { line: 3 });
  });

  test(`${agent.name}: a configuration file linked to /dev/zero: read no further than 64 MiB and reported, no crash; the other file's deny runs`, async () => {
    const b = box();
    write(agent.name === "codex" ? join(b.home, ".codex", "config.toml") : agent.otherFile(b), agent.name === "codex" ? codexToml(agent) : agent.config([denyHook(agent)]));
    mkdirSync(dirname(agent.file(b)), { recursive: true });
    symlinkSync("/dev/zero", agent.file(b));
    const outcome = await agent.run(b);
    assertDenied(agent, outcome);
    assert.ok(outcome.problems.some((p) => p.message.includes("more than 64 MiB")), JSON.stringify(outcome.problems).slice(0, 2000));
  });

  test(`${agent.name}: handlers of the wrong shape (a string, an array, no command, a number as command): each reported at its place; the deny runs`, async () => {
    const b = box();
    const text = agent.config([denyHook(agent)]);
    const commandKey = agent.name === "copilot-cli" ? "bash" : "command";
    const wrong = `"just text",[1],{"type":"command"},{"type":"command",${JSON.stringify(commandKey)}:5}`;
    const hostile = agent.name === "copilot-cli" ? text.replace(`"preToolUse":[`, `"preToolUse":[${wrong},`) : text.replace(`"hooks":[{"type"`, `"hooks":[${wrong},{"type"`);
    write(agent.file(b), hostile);
    const outcome = await agent.run(b);
    // Codex refuses the whole hooks.json at the first handler serde cannot read (cx-cfg-sibling-type-uppercase)
    if (agent.name === "codex") {
      assertNotDenied(agent, outcome);
      assertProblemAt(outcome.problems, agent.file(b), /\/0$/);
      return;
    }
    // droid drops the whole file at a handler without a command string (dr-vh-cfg-hooks-json-handler-null-command,
    // dr-vh-cfg-settings-handler-no-command, 0.215.0 and 0.225.2): the deny beside it never runs
    if (agent.name === "droid") {
      assertNotDenied(agent, outcome);
      assertProblemAt(outcome.problems, agent.file(b), /\/2\/command$/);
      return;
    }
    assertDenied(agent, outcome);
    for (const index of [0, 1, 2, 3]) assertProblemAt(outcome.problems, agent.file(b), new RegExp(`/${index}$`));
  });

  test(`${agent.name}: an event whose value is not a list, and a root that is an array: reported with the file; no throw`, async () => {
    const b = box();
    write(agent.file(b), agent.config([]).replace(/\[\]/, `"no list"`));
    write(agent.otherFile(b), agent.name === "codex" ? "[[[" : "[1,2]");
    const outcome = await agent.run(b);
    assertNotDenied(agent, outcome);
    assert.ok(outcome.problems.some((p) => p.message.includes(agent.file(b))), JSON.stringify(outcome.problems));
  });

  test(`${agent.name}: 12 hooks sharing one abort signal: no MaxListenersExceededWarning, every deny merged`, async () => {
    const warnings: string[] = [];
    const onWarning = (w: Error): void => void warnings.push(w.name);
    process.on("warning", onWarning);
    try {
      const controller = new AbortController();
      const hostile = Array.from({ length: 11 }, () => ({ command: "cat >/dev/null; exit 0", timeout: agent.unit === "s" ? "10" : "10000" }));
      const { outcome } = await runWith(hostile, { signal: controller.signal });
      assertDenied(agent, outcome);
      await new Promise((resolve) => setImmediate(resolve));
      assert.deepEqual(warnings.filter((w) => w === "MaxListenersExceededWarning"), []);
    } finally {
      process.off("warning", onWarning);
    }
  });
}

function codexToml(agent: Agent): string {
  return `[hooks]\nPreToolUse = [{ matcher = "Bash", hooks = [{ type = "command", command = ${JSON.stringify(denyHook(agent).command)}, timeout = 10 }] }]\n`;
}

test("codex: timeout = inf, nan and -inf in config.toml: no u64, so Codex sets the config.toml aside (as it refuses a hooks.json, cx-cfg-timeout-*): no deny, each value reported", async () => {
  const agent = AGENTS[0]!;
  for (const value of ["inf", "nan", "-inf", "+inf"]) {
    const b = box();
    write(join(b.home, ".codex", "config.toml"), `[hooks]\nPreToolUse = [{ matcher = "Bash", hooks = [{ type = "command", command = ${JSON.stringify(denyHook(agent).command)}, timeout = ${value} }] }]\n`);
    const outcome = await agent.run(b);
    assertNotDenied(agent, outcome);
    assertProblemAt(outcome.problems, "config.toml", /timeout/);
  }
});

test("gemini-cli: a hook env value with a NUL byte fails that hook alone; the sibling's deny survives", async () => {
  const agent = AGENTS[1]!;
  const { outcome } = await (async () => {
    const b = box();
    write(agent.file(b), agent.config([{ command: "exit 0", extra: `,"env":{"X":"a\\u0000b"}` }, denyHook(agent)]));
    return { outcome: await agent.run(b) };
  })();
  assertDenied(agent, outcome);
});

test("copilot-cli: an entry cwd that does not exist fails that hook alone (exit 1 fails closed there, as recorded), and a NUL in an entry env too", async () => {
  const agent = AGENTS[2]!;
  const b = box();
  write(agent.file(b), agent.config([{ command: "exit 0", extra: `,"env":{"X":"a\\u0000b"}` }, denyHook(agent)]));
  const outcome = await agent.run(b);
  assert.equal(outcome.merged.effects.blocked, true);
});

test("droid: a NUL byte in a top-level string of the input (exported as an environment variable) does not stop the hooks from running", async () => {
  const agent = AGENTS[3]!;
  const b = box();
  write(agent.file(b), agent.config([denyHook(agent)]));
  const outcome = await agent.run(b, { input: { tool_name: "Execute", tool_input: { command: "rm -rf /" }, prompt: "a\u0000b" } });
  assertDenied(agent, outcome);
});

for (const agent of AGENTS) {
  test(`${agent.name}: __proto__ and constructor keys in the event input reach the hook's stdin as data and pollute nothing`, async () => {
    const b = box();
    const seen = join(b.root, "stdin.json");
    write(agent.file(b), agent.config([{ command: `cat > ${shq(seen)}; printf '%s' ${shq(agent.denyOutput)}`, timeout: agent.unit === "s" ? "10" : "10000" }]));
    const base = agent.name === "copilot-cli" ? `"toolName":"bash","toolArgs":{"command":"ls"}` : agent.name === "gemini-cli" ? `"tool_name":"run_shell_command","tool_input":{"command":"ls"}` : agent.name === "droid" ? `"tool_name":"Execute","tool_input":{"command":"ls"}` : `"tool_name":"Bash","tool_input":{"command":"ls"},"tool_use_id":"c"`;
    const input = JSON.parse(`{"__proto__":{"polluted":1,"tool_name":"Edit"},"constructor":{"prototype":{"polluted":1}},${base}}`) as JsonObject;
    const outcome = await agent.run(b, { input });
    assertDenied(agent, outcome);
    const stdin = JSON.parse(readFileSync(seen, "utf8")) as Record<string, unknown>;
    assert.ok(Object.prototype.hasOwnProperty.call(stdin, "__proto__"), `__proto__ is a key of the stdin: ${readFileSync(seen, "utf8")}`);
    assert.equal(({} as Record<string, unknown>)["polluted"], undefined);
  });
}

test("copilot-cli: COPILOT_HOME set but empty reads ~/.copilot, not ./hooks of the runner's working directory", async () => {
  const agent = AGENTS[2]!;
  const b = box();
  write(agent.file(b), agent.config([denyHook(agent)]));
  // a hooks file where an empty COPILOT_HOME would lead, relative to the process's cwd (a fresh one)
  const saved = process.cwd();
  const cwd = mkdtempSync(join(TMP, "cwd-"));
  const stray = join(cwd, "hooks", "zz-attack.json");
  process.chdir(cwd);
  try {
    write(stray, `{"version":1,"hooks":{"preToolUse":[{"type":"command","bash":"printf '%s' '{\\"permissionDecision\\":\\"deny\\",\\"permissionDecisionReason\\":\\"stray\\"}'"}]}}`);
    const outcome = await agent.run(b, { env: { ...baseEnv(b), COPILOT_HOME: "" } });
    assertDenied(agent, outcome);
    assert.doesNotMatch(outcome.merged.effects.tool_result ?? "", /stray/);
  } finally {
    process.chdir(saved);
  }
});

test("copilot-cli: a tool named constructor or toString is its own name: no prototype member selects a .claude hook or reaches its stdin", async () => {
  const b = box();
  const seen = join(b.root, "stdin.json");
  write(join(b.project, ".claude", "settings.json"), JSON.stringify({ hooks: { PreToolUse: [{ matcher: "Object|native", hooks: [{ type: "command", command: `cat > ${shq(seen)}; exit 2` }] }, { matcher: "toString", hooks: [{ type: "command", command: `cat > ${shq(seen)}` }] }] } }));
  const constructor = await runCopilotHooks({ event: "preToolUse", input: { toolName: "constructor", toolArgs: { command: "ls" } }, projectDir: b.project, homeDir: b.home, env: baseEnv(b) });
  assert.equal(constructor.merged.effects.blocked, false, "the hook for tools matching Object|native did not run");
  await runCopilotHooks({ event: "preToolUse", input: { toolName: "toString", toolArgs: { command: "ls" } }, projectDir: b.project, homeDir: b.home, env: baseEnv(b) });
  assert.equal((JSON.parse(readFileSync(seen, "utf8")) as Record<string, unknown>)["tool_name"], "toString");
});

test("codex: a config.toml that is not TOML: a problem with the file, line and column; hooks.json's deny runs", async () => {
  const agent = AGENTS[0]!;
  const b = box();
  write(join(b.home, ".codex", "config.toml"), `model = "m"\n[hooks\nPreToolUse = 1\n`);
  write(agent.file(b), agent.config([denyHook(agent)]));
  const outcome = await agent.run(b);
  assertDenied(agent, outcome);
  const found = outcome.problems.find((p) => p.position?.line === 2);
  assert.ok(found, JSON.stringify(outcome.problems));
});

test("gemini-cli: a project directory named to break out of the shell quoting of $GEMINI_PROJECT_DIR runs nothing it names", async () => {
  const agent = AGENTS[1]!;
  const b = box();
  const names = [`a b'$(touch pwned1)'`, `a"$(touch pwned2)"`, "a`touch pwned3`", "a;touch pwned4", `it's $(touch pwned5)`];
  for (const name of names) {
    const project = join(b.root, name);
    mkdirSync(project, { recursive: true });
    write(join(project, ".gemini", "settings.json"), agent.config([{ command: `cd $GEMINI_PROJECT_DIR && printf '%s' ${shq(agent.denyOutput)}`, timeout: "10000" }]));
    const outcome = await agent.run(b, { projectDir: project });
    assertDenied(agent, outcome);
  }
  for (const dir of [b.root, ...names.map((n) => join(b.root, n))]) {
    for (const n of [1, 2, 3, 4, 5]) assert.throws(() => readFileSync(join(dir, `pwned${n}`)), `pwned${n} not created in ${dir}`);
  }
});

for (const agent of AGENTS) {
  test(`${agent.name}: run options of the wrong types (no input, an array input, no directories, a bad signal, none at all) are one problem, never a throw`, async () => {
    const b = box();
    const good = { event: agent.name === "gemini-cli" ? "BeforeTool" : agent.name === "copilot-cli" ? "preToolUse" : "PreToolUse", input: {}, projectDir: b.project, homeDir: b.home };
    const runner = agent.name === "codex" ? codexRunner : agent.name === "droid" ? droidRunner : null;
    const runWith = (options: unknown): Promise<DialectRunOutcome> =>
      runner !== null ? runner.run(options as never) : agent.name === "gemini-cli" ? runGeminiHooks(options as never) : runCopilotHooks(options as never);
    for (const options of [{ ...good, input: null }, { ...good, input: [1] }, { ...good, input: "x" }, { ...good, event: { toString: () => { throw new Error("x"); } } }, { ...good, homeDir: undefined }, { ...good, projectDir: null }, { ...good, projectDir: "" }, { ...good, env: null }, { ...good, signal: {} }, null, undefined, 5]) {
      const outcome = await runWith(options);
      assert.equal(outcome.problems[0]?.code, "invalid-options", JSON.stringify(options));
      assertNotDenied(agent, outcome);
    }
  });
}

for (const agent of AGENTS) {
  test(`${agent.name}: a file of 200,000 unclosed brackets is one problem with its place; the other file's deny runs`, async () => {
    const b = box();
    write(agent.file(b), "[".repeat(200_000));
    write(agent.name === "codex" ? join(b.home, ".codex", "config.toml") : agent.otherFile(b), agent.name === "codex" ? codexToml(agent) : agent.config([denyHook(agent)]));
    const outcome = await agent.run(b);
    assertDenied(agent, outcome);
    assert.ok(outcome.problems.some((p) => p.message.includes(agent.file(b)) && p.position !== undefined), JSON.stringify(outcome.problems).slice(0, 500));
  });
}

// Second attack pass (held-out style): process faults and signals under each runner. Where the
// agent's own reading of a fault is not recorded, the expectation is only what the promise says:
// no throw, bounded, the sibling's deny (or the hook's own) kept, no process left behind.

const ROOT = fileURLToPath(new URL("../../", import.meta.url));

/** `run --agent` as a process, signalled once `ready` holds. */
function runCli(agent: Agent, b: Box, input: JsonObject, env: NodeJS.ProcessEnv, ready: () => boolean, signal: NodeJS.Signals): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const inputFile = join(b.root, "input.json");
    write(inputFile, JSON.stringify(input));
    const child = spawn(process.execPath, ["--import", "tsx", join(ROOT, "src/cli.ts"), "run", "--agent", agent.name, "--input", inputFile, "--project-dir", b.project, "--home-dir", b.home], { cwd: ROOT, env, stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d: Buffer) => (stdout += d));
    child.stderr.on("data", (d: Buffer) => (stderr += d));
    child.on("close", (code) => resolve({ code, stdout, stderr }));
    void waitFor(ready).then(() => child.kill(signal));
  });
}

const EVENT_INPUT: Record<string, JsonObject> = {
  codex: { hook_event_name: "PreToolUse", tool_name: "Bash", tool_input: { command: "ls" }, tool_use_id: "c" },
  "gemini-cli": { hook_event_name: "BeforeTool", tool_name: "run_shell_command", tool_input: { command: "ls" } },
  "copilot-cli": { hook_event_name: "preToolUse", toolName: "bash", toolArgs: { command: "ls", description: "d" } },
  droid: { hook_event_name: "PreToolUse", tool_name: "Execute", tool_input: { command: "ls", riskLevel: "low", riskLevelReason: "r" } },
};

for (const agent of AGENTS) {
  const seconds = (s: number): string => (agent.unit === "s" ? String(s) : String(s * 1000));
  const runWith = async (hostile: readonly Handler[], x?: Parameters<Agent["run"]>[1]): Promise<{ b: Box; outcome: DialectRunOutcome }> => {
    const b = box();
    write(agent.file(b), agent.config([...hostile, denyHook(agent)]));
    return { b, outcome: await agent.run(b, x) };
  };

  test(`${agent.name}: the project directory is a file: no throw, the failed starts deny nothing by themselves`, async () => {
    const b = box();
    write(agent.file(b), agent.config([{ command: "exit 0" }]));
    write(join(b.root, "a-file"), "x");
    assertFailedStartOnly(agent, await agent.run(b, { projectDir: join(b.root, "a-file") }));
  });

  test(`${agent.name}: a hook that closes stdin at once while the input is 10 MB: its deny applies`, async () => {
    const b = box();
    write(agent.file(b), agent.config([{ command: `exec 0<&-; printf '%s' ${shq(agent.denyOutput)}`, timeout: seconds(30) }]));
    const input = { ...(EVENT_INPUT[agent.name] ?? {}), padding: "x".repeat(10 * 1024 * 1024) };
    assertDenied(agent, await agent.run(b, { input }));
  });

  for (const signal of ["KILL", "SEGV"]) {
    test(`${agent.name}: a hook that writes nothing and kills itself with SIG${signal}: no throw; a deny survives`, async () => {
      const { outcome } = await runWith([{ command: `cat >/dev/null; kill -${signal} $$` }]);
      assert.equal(outcome.merged.effects.blocked, true);
    });
  }

  test(`${agent.name}: a hook writing 100 MB of noise to stdout and stderr: bounded, no throw; a deny survives`, async () => {
    const { outcome } = await runWith([{ command: "cat >/dev/null; head -c 100000000 /dev/zero; head -c 20000000 /dev/zero >&2", timeout: seconds(120) }]);
    assert.equal(outcome.merged.effects.blocked, true);
  });

  test(`${agent.name}: a hook that prints a deny then execs into a sleep past its 1 s timeout: bounded, the process killed`, async () => {
    const b = box();
    const pids = join(b.root, "pids");
    write(agent.file(b), agent.config([{ command: `cat >/dev/null; echo $$ > ${shq(pids)}; printf '%s\\n' ${shq(agent.denyOutput)}; exec sleep 60`, timeout: seconds(1) }]));
    const outcome = await agent.run(b);
    assert.equal(outcome.merged.runs.length, 1);
    await allGone(pids);
  });

  test(`${agent.name}: a hook and its child ignoring SIGTERM past the timeout: both killed`, async () => {
    const b = box();
    const pids = join(b.root, "pids");
    write(agent.file(b), agent.config([{ command: `cat >/dev/null; trap '' TERM; echo $$ >> ${shq(pids)}; sh -c 'trap "" TERM; echo $$ >> ${shq(pids)}; sleep 60' & wait`, timeout: seconds(1) }]));
    await agent.run(b);
    await allGone(pids, 2);
  });

  test(`${agent.name}: an abort while five hooks run: every hook process killed, the run returns`, async () => {
    const b = box();
    const pids = join(b.root, "pids");
    const hooks = Array.from({ length: 5 }, (_, i) => ({ command: `cat >/dev/null; echo $$ >> ${shq(pids)}; sleep 60 # ${i}`, timeout: seconds(120) }));
    write(agent.file(b), agent.config(hooks));
    const controller = new AbortController();
    void waitFor(() => existsSync(pids)).then(() => controller.abort());
    const outcome = await agent.run(b, { signal: controller.signal });
    assert.ok(outcome.merged.runs.length >= 1);
    await allGone(pids);
  });

  // the agents' own readings of such values (recorded for their neighbours: text, negative, zero; see timeoutLosesDeny)
  for (const bad of ["1e308", "-0", "true", "[]", "{}", "\"NaN\""]) {
    const lost = timeoutLosesDeny(agent.name, bad);
    test(`${agent.name}: timeout ${bad}: ${lost ? "the agent loses the deny, and so does the runner, saying why" : "the hook runs and denies, never cut to 1 ms"}${!lost && agent.unit === "ms" && bad === "1e308" ? " (1e308 ms is honoured)" : ", the value reported"}`, async () => {
      const b = box();
      write(agent.file(b), agent.config([{ command: `cat >/dev/null; sleep 0.2; printf '%s' ${shq(agent.denyOutput)}`, timeout: bad }]));
      const outcome = await agent.run(b);
      if (lost) assertNotDenied(agent, outcome);
      else assertDenied(agent, outcome);
      if (!(!lost && agent.unit === "ms" && bad === "1e308")) assertProblemAt(outcome.problems, agent.file(b), /timeout/);
    });
  }

  test(`${agent.name}: SIGTERM to \`run --agent ${agent.name}\` while its hook runs: the hook killed, exit 143, no stack trace`, async () => {
    const b = box();
    const pids = join(b.root, "pids");
    write(agent.file(b), agent.config([{ command: `cat >/dev/null; echo $$ >> ${shq(pids)}; sleep 60`, timeout: seconds(120) }]));
    const result = await runCli(agent, b, EVENT_INPUT[agent.name] ?? {}, baseEnv(b), () => existsSync(pids), "SIGTERM");
    assert.equal(result.code, 143, result.stderr.slice(0, 2000));
    assert.doesNotMatch(result.stderr, /\n\s+at /);
    await allGone(pids);
  });
}

test("droid: a pasted 200 KB prompt (droid exports every top-level string as a variable; execve takes 128 KiB): $prompt is left out and named, the blocking hook still runs", async () => {
  const b = box();
  // exit 2 keeps the prompt from the model (droid-observed.md, ups-02)
  write(join(b.home, ".factory", "hooks.json"), JSON.stringify({ UserPromptSubmit: [{ hooks: [{ type: "command", command: "cat >/dev/null; echo 'prompt blocked' >&2; exit 2", timeout: 10 }] }] }));
  const outcome = await droidRunner.run({ event: "UserPromptSubmit", input: { prompt: "p".repeat(200 * 1024) }, projectDir: b.project, homeDir: b.home, env: baseEnv(b) });
  assert.equal(outcome.merged.effects.blocked, true, JSON.stringify(outcome.merged.effects).slice(0, 500));
  assert.match(outcome.problems.find((p) => p.path === "/prompt")?.message ?? "", /more than a process can start with.*\$prompt is not set/);
});

test("droid: a 10 MB top-level string beside the tool call: left out of the environment; the deny applies", async () => {
  const agent = AGENTS.find((a) => a.name === "droid")!;
  const b = box();
  write(agent.file(b), agent.config([denyHook(agent)]));
  const input = { ...(EVENT_INPUT["droid"] ?? {}), note: "n".repeat(10 * 1024 * 1024) };
  assertDenied(agent, await agent.run(b, { input }));
});

for (const agent of AGENTS) {
  test(`${agent.name}: 120 hooks under \`ulimit -n 64\` (\`run --agent\` runs out of descriptors): starts wait for descriptors, none lost; the last hook's deny applies`, () => {
    const b = box();
    const hooks = Array.from({ length: 119 }, (_, i) => ({ command: `cat >/dev/null; exit 0 # ${i}`, timeout: agent.unit === "s" ? "60" : "60000" }));
    write(agent.file(b), agent.config([...hooks, denyHook(agent)]));
    const inputFile = join(b.root, "input.json");
    write(inputFile, JSON.stringify(EVENT_INPUT[agent.name] ?? {}));
    const cli = spawnSync("/bin/sh", ["-c", 'ulimit -n 64 && exec "$0" --import tsx "$@"', process.execPath, join(ROOT, "src/cli.ts"), "run", "--json", "--agent", agent.name, "--input", inputFile, "--project-dir", b.project, "--home-dir", b.home], { encoding: "utf8", cwd: ROOT, env: baseEnv(b), maxBuffer: 64 * 1024 * 1024 });
    assert.equal(cli.status, 0, cli.stderr.slice(0, 2000));
    const merged = JSON.parse(cli.stdout) as { effects: { blocked: boolean }; runs: { stderr?: string }[] };
    assert.equal(merged.effects.blocked, true);
    assert.deepEqual(merged.runs.filter((r) => /EMFILE/.test(r.stderr ?? "")).length, 0);
  });
}

for (const agent of AGENTS) {
  test(`${agent.name}: a slow deny configured first and a fast empty answer after it (completion in reverse order): the deny is kept`, async () => {
    const b = box();
    write(agent.file(b), agent.config([{ command: `cat >/dev/null; sleep 0.5; printf '%s' ${shq(agent.denyOutput)}`, timeout: agent.unit === "s" ? "10" : "10000" }, { command: "cat >/dev/null; echo '{}'" }]));
    assertDenied(agent, await agent.run(b));
  });

  test(`${agent.name}: a hook writing invalid UTF-8, a NUL and a BOM around its JSON: no throw; a deny survives`, async () => {
    const b = box();
    write(agent.file(b), agent.config([{ command: "cat >/dev/null; printf '\\377\\376\\000\\357\\273\\277{}'" }, denyHook(agent)]));
    assert.equal((await agent.run(b)).merged.effects.blocked, true);
  });
}
