/**
 * Hostile inputs, class 6: `validate --agent` gates by its exit code. 3 when
 * any named agent lets through what Claude Code enforces (a deny, ask or
 * block that runs, a stop that does not stop, an event the agent does not
 * have), over 1 (some agent does not take the answer as given) and 0; 2 for
 * usage errors. Each answer here is one an author could ship; which agents
 * fail open comes from their recorded rules (the README's table). One test
 * per attempt.
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import { existsSync } from "node:fs";
import { runCli } from "../lib/cli-in-process.js";
import { allCapabilities, capabilitiesOf } from "../../src/agent-capabilities.js";
import type { AnswerKind } from "../../src/core/capabilities.js";
import { dialectOf } from "../../src/dialects.js";

interface Verdict {
  readonly code: number;
  readonly letsThrough: readonly string[];
  readonly text: string;
}

const PRE_TOOL_INPUT = "examples/events/pre-tool-use.json";

async function validate(args: readonly string[], output: string): Promise<Verdict> {
  const run = (json: boolean) => runCli(["validate", ...args, ...(json ? ["--json"] : [])], output);
  const json = await run(true);
  const text = await run(false);
  assert.equal(text.code, json.code, "the same exit code with and without --json");
  const report = json.code === 2 ? null : (JSON.parse(json.stdout) as { lets_through?: { agent: string }[] });
  return { code: json.code, letsThrough: report?.lets_through?.map((l) => l.agent) ?? [], text: text.stdout + text.stderr };
}

const hso = (event: string, fields: Record<string, unknown>): string => JSON.stringify({ hookSpecificOutput: { hookEventName: event, ...fields } });

test("a reason-less hookSpecificOutput deny: Codex refuses it and Gemini CLI ignores it: exit 3", async () => {
  const v = await validate(["--agent", "all", "--event", "PreToolUse", "--input", PRE_TOOL_INPUT], hso("PreToolUse", { permissionDecision: "deny" }));
  assert.equal(v.code, 3);
  assert.deepEqual(v.letsThrough, ["codex", "gemini-cli"]);
  assert.match(v.text, /lets through: Codex CLI, Gemini CLI let through what Claude Code enforces \(exit 3\)/);
});

test("a deny with a reason still fails open in Gemini CLI (hookSpecificOutput ignored): exit 3 though every agent accepts it", async () => {
  const v = await validate(["--agent", "all", "--event", "PreToolUse", "--input", PRE_TOOL_INPUT], hso("PreToolUse", { permissionDecision: "deny", permissionDecisionReason: "no" }));
  assert.equal(v.code, 3);
  assert.deepEqual(v.letsThrough, ["gemini-cli"]);
});

test("the legacy decision: block on PreToolUse fails open in Copilot CLI, droid and Kimi Code CLI (km-pre-13): exit 3 (it was 0)", async () => {
  const v = await validate(["--agent", "all", "--event", "PreToolUse", "--input", PRE_TOOL_INPUT], '{"decision":"block","reason":"no"}');
  assert.equal(v.code, 3);
  assert.deepEqual(v.letsThrough, ["copilot-cli", "droid", "kimi-code"]);
});

test("continue: false stops Claude Code; agents that ignore it let the loop go on: exit 3", async () => {
  const v = await validate(["--agent", "all", "--event", "PreToolUse", "--input", PRE_TOOL_INPUT], '{"continue":false,"stopReason":"halt"}');
  assert.equal(v.code, 3);
  assert.ok(v.letsThrough.includes("copilot-cli"), v.text);
});

test("one agent named alone is still compared with Claude Code: --agent gemini-cli on a hookSpecificOutput deny exits 3", async () => {
  const v = await validate(["--agent", "gemini-cli", "--event", "PreToolUse", "--input", PRE_TOOL_INPUT], hso("PreToolUse", { permissionDecision: "deny", permissionDecisionReason: "no" }));
  assert.equal(v.code, 3);
  assert.deepEqual(v.letsThrough, ["gemini-cli"]);
  assert.match(v.text, /Gemini CLI: fails open: what Claude Code enforces goes ahead here/);
});

test("an agent without the event drops a SubagentStop block: exit 3", async () => {
  const v = await validate(["--agent", "gemini-cli", "--event", "SubagentStop"], '{"decision":"block","reason":"keep going"}');
  assert.equal(v.code, 3);
  assert.match(v.text, /Gemini CLI: has no SubagentStop event; what Claude Code enforces is dropped/);
});

test("an agent without the event drops a PermissionRequest deny; Codex, which has it, denies: exit 3 for Gemini CLI only", async () => {
  const v = await validate(["--agent", "codex,gemini-cli", "--event", "PermissionRequest"], hso("PermissionRequest", { decision: { behavior: "deny", message: "no" } }));
  assert.equal(v.code, 3);
  assert.deepEqual(v.letsThrough, ["gemini-cli"]);
});

test("Gemini CLI's own deny (decision: deny) blocks everywhere it runs: no exit 3 from Gemini CLI", async () => {
  const v = await validate(["--agent", "claude-code,gemini-cli", "--event", "PreToolUse", "--input", PRE_TOOL_INPUT], '{"decision":"deny","reason":"no"}');
  assert.ok(!v.letsThrough.includes("gemini-cli"), v.text);
});

test("an allow with a rewrite enforces nothing: no agent lets anything through (exit 0 or 1, never 3)", async () => {
  const v = await validate(["--agent", "all", "--event", "PreToolUse", "--input", PRE_TOOL_INPUT], hso("PreToolUse", { permissionDecision: "allow", updatedInput: { command: "ls -la" } }));
  assert.notEqual(v.code, 3);
  assert.deepEqual(v.letsThrough, []);
});

test("an output Claude Code refuses (continue: \"yes\") enforces nothing: exit 1, not 3", async () => {
  const v = await validate(["--agent", "all", "--event", "Stop"], '{"continue":"yes"}');
  assert.equal(v.code, 1);
  assert.deepEqual(v.letsThrough, []);
});

test("an empty output on Stop: every agent accepts, nothing to enforce: exit 0", async () => {
  const v = await validate(["--agent", "all", "--event", "Stop"], "");
  assert.equal(v.code, 0, v.text);
});

test("a Stop block every agent honours: exit 0 or 1, never 3", async () => {
  const v = await validate(["--agent", "claude-code,codex,droid", "--event", "Stop"], '{"decision":"block","reason":"run the tests"}');
  assert.notEqual(v.code, 3, v.text);
});

test("exit 2 + stderr on PreToolUse: Claude Code denies; each agent's verdict decides exit 3", async () => {
  const v = await validate(["--agent", "all", "--event", "PreToolUse", "--input", PRE_TOOL_INPUT, "--exit", "2", "--stderr", "blocked"], "");
  // every agent denies an exit 2 with stderr (the README's first row)
  assert.deepEqual(v.letsThrough, [], v.text);
});

test("exit 2 without stderr or output: Gemini CLI does not block it: exit 3", async () => {
  const v = await validate(["--agent", "all", "--event", "PreToolUse", "--input", PRE_TOOL_INPUT, "--exit", "2"], "");
  assert.equal(v.code, 3, v.text);
  assert.ok(v.letsThrough.includes("gemini-cli"));
});

test("without --agent, validate keeps 0/1: an accepted deny exits 0", async () => {
  const v = await validate(["--event", "PreToolUse"], hso("PreToolUse", { permissionDecision: "deny" }));
  assert.equal(v.code, 0);
});

test("a usage error is 2, never 3: an unknown agent", async () => {
  const v = await validate(["--agent", "claude,codex", "--event", "PreToolUse"], "{}");
  assert.equal(v.code, 2);
});

test("--help documents exit codes 0, 1, 2 and 3", async () => {
  const { code, stdout } = await runCli(["validate", "--help"]);
  assert.equal(code, 0);
  for (const line of [/^ {2}0 {2}accepted/m, /^ {2}1 {2}not accepted/m, /^ {2}2 {2}usage error/m, /^ {2}3 {2}with --agent: some named agent lets through what Claude Code enforces/m]) assert.match(stdout, line);
});

// ---------------------------------------------------------------------------------------------
// Derived from the capabilities data (src/agent-capabilities.ts), not a hand list: every answer
// Claude Code is recorded enforcing (a deny, ask, block or stop on an event, basis "recorded"),
// written in Claude Code's form, against every agent that has no such event or whose own claim
// for that answer on its event is ignored, fails-open or unsupported. Each: exit 3 with that
// agent named, alone and under `--agent all`. Claims Claude Code has only from its documentation
// are left out: its recorded merge is what `validate` compares with.
// ---------------------------------------------------------------------------------------------

const ENFORCING: ReadonlySet<string> = new Set(["deny", "ask", "block", "stop"]);
const LETS_THROUGH: ReadonlySet<string> = new Set(["ignored", "fails-open", "unsupported"]);

/** The answer of `kind` on `event` as a Claude Code hook author writes it. */
function claudeCodeAnswer(event: string, kind: string): string {
  if (kind === "stop") return JSON.stringify({ continue: false, stopReason: "halt" });
  if (kind === "block") return JSON.stringify({ decision: "block", reason: "no" });
  if (event === "PermissionRequest") return hso(event, { decision: { behavior: "deny", message: "no" } });
  return hso(event, { permissionDecision: kind, permissionDecisionReason: "no" });
}

/** The example event input for `event`, when examples/events/ has one (a tool event's rewrite checks need it). */
function exampleInput(event: string): string[] {
  const path = `examples/events/${event.replace(/([a-z])([A-Z])/g, "$1-$2").toLowerCase()}.json`;
  return existsSync(path) ? ["--input", path] : [];
}

interface DerivedCase {
  readonly event: string;
  readonly kind: string;
  readonly agent: string;
  /** Why the data says the agent lets it through. */
  readonly because: string;
}

const derived: DerivedCase[] = [];
const claudeCode = capabilitiesOf("claude-code")!;
for (const [event, claims] of Object.entries(claudeCode.events)) {
  for (const [kind, claim] of Object.entries(claims ?? {})) {
    if (!ENFORCING.has(kind) || claim.support !== "enforced" || claim.basis !== "recorded") continue;
    for (const capabilities of allCapabilities()) {
      if (capabilities.agent === "claude-code") continue;
      const dialect = dialectOf(capabilities.agent)!;
      // the event of the same name when the agent has one (Copilot CLI's PascalCase form), else the one that copies it
      const own = dialect.events.find((e) => e.name === event && e.canonical === event) ?? dialect.events.find((e) => e.canonical === event);
      const theirs = own === undefined ? undefined : capabilities.events[own.name]?.[kind as AnswerKind];
      const because = own === undefined ? "no such event" : theirs !== undefined && LETS_THROUGH.has(theirs.support) ? `${kind} ${theirs.support} on ${own.name}` : null;
      if (because !== null) derived.push({ event, kind, agent: capabilities.agent, because });
    }
  }
}

test("the capabilities data yields cases to check (Claude Code's recorded enforcement against agents that drop it)", () => {
  assert.ok(derived.length >= 10, `${derived.length} derived cases`);
});

for (const c of derived) {
  test(`derived: a Claude Code ${c.kind} on ${c.event} under --agent ${c.agent} (${c.because}): exit 3`, async () => {
    const v = await validate(["--agent", c.agent, "--event", c.event, ...exampleInput(c.event)], claudeCodeAnswer(c.event, c.kind));
    assert.equal(v.code, 3, v.text);
    assert.deepEqual(v.letsThrough, [c.agent]);
  });
}

for (const key of new Set(derived.map((c) => `${c.event} ${c.kind}`))) {
  const [event, kind] = key.split(" ") as [string, string];
  const expected = derived.filter((c) => c.event === event && c.kind === kind).map((c) => c.agent);
  test(`derived: a Claude Code ${kind} on ${event} under --agent all names ${expected.join(", ")} among those that let it through: exit 3`, async () => {
    const v = await validate(["--agent", "all", "--event", event, ...exampleInput(event)], claudeCodeAnswer(event, kind));
    assert.equal(v.code, 3, v.text);
    for (const agent of expected) assert.ok(v.letsThrough.includes(agent), `${agent} in ${v.letsThrough.join(", ")}`);
  });
}
