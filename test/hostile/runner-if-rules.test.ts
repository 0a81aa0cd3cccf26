// Hostile inputs, class 4 (issue 16): `if` rules. A deny hook guarded by `if: "Bash(rm *)"` meets
// commands that hide `rm` (substitutions, subshells, quoting, env prefixes, control structures,
// lists, newlines, wrappers). For each recorded attempt the expected answer is what Claude Code
// 2.1.332 did (test/observer/claude-code/runner/observed/if-*.json): where it ran the hook, the
// runner runs it and the deny survives the merge; where it skipped it (fails open), the runner
// skips it too and ifRuleCaveats says the rule is not a security boundary. Then inputs built to
// be slow or to break the reader: they complete, linear in their size, and never throw.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { runEvent } from "../../src/claude-code/runner/run-event.js";
import { evaluateIfRule, ifRuleCaveats, IF_RULE_NOT_A_BOUNDARY } from "../../src/claude-code/runner/if-rule.js";
import { bashCommands } from "../../src/claude-code/runner/bash-commands.js";
import { compileGlob, globMatches } from "../../src/claude-code/runner/glob.js";

const OBSERVED = fileURLToPath(new URL("../observer/claude-code/runner/observed/", import.meta.url));
const DENY = JSON.stringify({ hookSpecificOutput: { hookEventName: "PreToolUse", permissionDecision: "deny", permissionDecisionReason: "if-rule deny" } });

interface Recorded {
  readonly name: string;
  readonly description: string;
  readonly rule: string;
  readonly command: string;
  readonly claudeCodeRan: boolean;
}

const recorded: Recorded[] = readdirSync(OBSERVED)
  .filter((f) => f.startsWith("if-") && f.endsWith(".json"))
  .sort()
  .map((f) => {
    const o = JSON.parse(readFileSync(join(OBSERVED, f), "utf8"));
    return {
      name: o.name,
      description: o.description,
      rule: o.scenario.hooks[0].handler_extra.if,
      command: o.scenario.tool_input.command,
      claudeCodeRan: o.outcome.hook_invocations[0] > 0,
    };
  });

async function denyHookWithRule(rule: string, command: string) {
  return runEvent({
    event: "PreToolUse",
    input: { tool_name: "Bash", tool_input: { command } },
    configuration: {
      settings: [{ kind: "flag", file: "flag.json", text: JSON.stringify({ hooks: { PreToolUse: [{ matcher: "Bash", hooks: [{ type: "command", command: `printf '%s' '${DENY}'`, if: rule }] }] } }) }],
    },
    cwd: process.cwd(),
  });
}

for (const attempt of recorded) {
  test(`if ${attempt.rule} on ${JSON.stringify(attempt.command)}: ${attempt.claudeCodeRan ? "the hook runs and denies" : "skipped, as Claude Code does; the caveat says so"} (${attempt.name})`, async () => {
    const outcome = await denyHookWithRule(attempt.rule, attempt.command);
    const [record] = outcome.records;
    if (attempt.claudeCodeRan) {
      assert.equal(record?.outcome, "block");
      assert.equal(outcome.merged.effects.decision, "deny");
      assert.equal(outcome.merged.effects.tool_result, "PreToolUse:Bash hook error: if-rule deny");
    } else {
      assert.equal(record?.outcome, "skipped");
      assert.notEqual(outcome.merged.effects.decision, "deny");
      const caveats = ifRuleCaveats(attempt.rule);
      assert.equal(caveats.length, 1);
      assert.match(caveats[0]!, /not a security boundary/);
    }
  });
}

test("the caveat has a stable code, and a rule without content has none", () => {
  assert.equal(IF_RULE_NOT_A_BOUNDARY, "if-rule-not-a-boundary");
  assert.deepEqual(ifRuleCaveats("Bash"), []);
  assert.deepEqual(ifRuleCaveats("Read"), []);
  assert.match(ifRuleCaveats("Bash(rm *)")[0]!, /env, sudo.*bash -c.*\/bin\/rm/);
  assert.match(ifRuleCaveats("Edit(src/**)")[0]!, /another tool/);
});

// The issue's own attempts (with `rm -rf /`: the runner only matches text, it never runs the tool).
const ISSUE_ATTEMPTS: Array<[string, boolean]> = [
  ["echo $(rm -rf /)", true], ["(rm -rf /)", true], ["echo `rm -rf /`", true], ["FOO=1 rm -rf /", true],
  ["r''m -rf /", true], ["if true; then rm -rf /; fi", true], ["cd x && rm -rf /", true], ["rm -rf / &", true],
  ["echo ok\nrm -rf /", true], ["bash -c 'rm -rf /'", false],
];
for (const [command, runs] of ISSUE_ATTEMPTS) {
  test(`issue 16's attempt ${JSON.stringify(command)}: ${runs ? "denied" : "skipped (Claude Code skips bash -c too)"}`, async () => {
    const outcome = await denyHookWithRule("Bash(rm *)", command);
    assert.equal(outcome.merged.effects.decision === "deny", runs);
  });
}

test("a line that cannot be read makes the hook run (fails closed, as Claude Code with an unterminated quote)", () => {
  for (const command of ['rm -f "x', "echo $(rm -f x", "echo `rm", "echo ${x", "cat <<EOF\n$(rm -f x"]) {
    assert.equal(evaluateIfRule("Bash(git *)", "Bash", { command }).runs, true, command);
  }
});

test("100,000 nested substitutions: read to a fixed depth, then the hook runs; no stack overflow", () => {
  const command = `${"echo $(".repeat(100_000)}rm -rf /${")".repeat(100_000)}`;
  const read = bashCommands(command);
  assert.match(read.unreadable ?? "", /nested deeper/);
  assert.equal(evaluateIfRule("Bash(git *)", "Bash", { command }).runs, true);
});

test("a 1 MB crafted command against a many-star rule: completes, linear in the command", () => {
  const command = `rm ${"-r -f ".repeat(150_000)}x`;
  const rule = "rm * -rf * --no-preserve-root * /";
  let steps = 0;
  const glob = compileGlob(rule, false);
  assert.equal(globMatches(glob, command, { onSteps: (n) => (steps = n) }), false);
  // at most one step per pattern token per character: no backtracking
  assert.ok(steps <= command.length * glob.tokens.length, `${steps} steps for ${command.length} characters`);
  assert.equal(evaluateIfRule(`Bash(${rule})`, "Bash", { command }).runs, false);
});

test("the old backtracking case (9 KB of a's against a*a*a*...b) is linear", () => {
  const text = "a".repeat(1_000_000);
  const glob = compileGlob("*a*a*a*a*a*a*a*a*b", false);
  let steps = 0;
  assert.equal(globMatches(glob, text, { onSteps: (n) => (steps = n) }), false);
  assert.ok(steps <= text.length * glob.tokens.length);
});

test("a 1 MB path of 500,000 segments against a relative path rule: linear, no suffix copies", () => {
  const path = `/${"a/".repeat(500_000)}b.ts`;
  assert.equal(evaluateIfRule("Edit(src/**/*.ts)", "Edit", { file_path: path }).runs, false);
  assert.equal(evaluateIfRule("Edit(a/**/*.ts)", "Edit", { file_path: path }).runs, true);
  let steps = 0;
  const glob = compileGlob("x/**/*.ts", true);
  globMatches(glob, path, { fromEverySegment: true, onSteps: (n) => (steps = n) });
  assert.ok(steps <= path.length * (glob.tokens.length + 1));
});

test("200,000 simple commands with rm last: read in one pass, the hook runs", () => {
  const command = `${"echo x; ".repeat(200_000)}rm -rf /`;
  assert.equal(evaluateIfRule("Bash(rm *)", "Bash", { command }).runs, true);
});

test("NUL bytes, lone surrogates and a non-string command never throw", () => {
  // the shell would see "rm" only (execve stops at the NUL): unreadable, the hook runs
  assert.equal(evaluateIfRule("Bash(rm *)", "Bash", { command: "rm\u0000 -rf /" }).runs, true);
  assert.equal(evaluateIfRule("Bash(rm *)", "Bash", { command: "rm \ud800 -rf /" }).runs, true);
  assert.equal(evaluateIfRule("Bash(rm *)", "Bash", { command: 42 }).runs, true);
  assert.equal(evaluateIfRule("Bash(rm *)", "Bash", null).runs, true);
  assert.equal(evaluateIfRule("Bash(rm *", "Bash", { command: "rm -rf /" }).runs, true);
});

test("the piece matcher (`*` only) and the automaton (paths) agree with a reference on 20,000 random globs", () => {
  // reference: the backtracking definition, on texts short enough for it
  const reference = (p: string, t: string): boolean => {
    if (p === "") return t === "";
    if (p[0] === "*") return reference(p.slice(1), t) || (t !== "" && reference(p, t.slice(1)));
    return t !== "" && p[0] === t[0] && reference(p.slice(1), t.slice(1));
  };
  let seed = 16;
  const random = (n: number): number => ((seed = (seed * 1103515245 + 12345) % 2147483648), seed % n);
  const word = (alphabet: string, max: number): string => Array.from({ length: random(max) }, () => alphabet[random(alphabet.length)]).join("");
  for (let k = 0; k < 20_000; k++) {
    const pattern = word("ab *", 7).replace(/\*\*+/g, "*");
    const text = word("ab ", 9);
    const expected = reference(pattern, text);
    assert.equal(globMatches(compileGlob(pattern, false), text), expected, `${JSON.stringify(pattern)} ${JSON.stringify(text)}`);
    // the automaton, on a path glob without `/` in the text, means the same
    assert.equal(globMatches(compileGlob(pattern, true), text), expected, `path ${JSON.stringify(pattern)} ${JSON.stringify(text)}`);
  }
});
