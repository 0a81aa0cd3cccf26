// Hostile inputs, class 4 (issue 16): `if` rules. Deny hooks guarded by `if` rules (Bash rules of
// every shape, malformed and non-string rules, file rules, other tools' rules, rules on events without
// a tool) meet calls that hide what the rule names (substitutions, subshells, quoting, env prefixes,
// control structures, braces, variables, Unicode spaces, long lines, path spellings, symlinks). For each
// recorded attempt the expected answer is what Claude Code 2.1.332 did
// (test/observer/claude-code/runner/observed/if-*.json, replayed here without the agent): each hook runs
// or is skipped as Claude Code ran or skipped it, and the deny survives the merge; where Claude Code
// skipped a hook whose rule names content, ifRuleCaveats says the rule is not a security boundary. Where
// Claude Code refuses the tool input before any hook (control characters, a NUL in a path), the runner,
// which does not check tool input, runs the hook instead. Then inputs built to be slow or to break the
// reader: they complete, linear in their size, and never throw; and lint's CC-CFG-014.
import { test } from "node:test";
import assert from "node:assert/strict";
import { mkdtempSync, readFileSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { runEvent } from "../../src/claude-code/runner/run-event.js";
import { evaluateIfRule, ifRuleCaveats, IF_RULE_NOT_A_BOUNDARY, parseIfRule } from "../../src/claude-code/runner/if-rule.js";
import { bashCommands } from "../../src/claude-code/runner/bash-commands.js";
import { compileGlob, globMatches } from "../../src/claude-code/runner/glob.js";

const OBSERVED = fileURLToPath(new URL("../observer/claude-code/runner/observed/", import.meta.url));
const DENY = JSON.stringify({ hookSpecificOutput: { hookEventName: "PreToolUse", permissionDecision: "deny", permissionDecisionReason: "if-rule deny" } });
/** Where the recordings' $TMP stands in the replay: paths only (the runner never touches the files); hooks run in a real temp dir. */
const REPLAY_DIR = "/tmp/cc-oracle/if-replay";
const TOOL_EVENTS = new Set(["PreToolUse", "PostToolUse", "PostToolUseFailure", "PermissionRequest", "PermissionDenied"]);

interface RecordedHook {
  readonly stdout?: string;
  readonly event?: string;
  readonly source?: string;
  readonly group?: number;
  readonly matcher?: string | null;
  readonly same_command_as?: number;
  readonly handler_extra?: { readonly if?: unknown };
}
interface Recorded {
  readonly name: string;
  readonly event: string;
  readonly tool: string;
  readonly toolInput: Record<string, unknown> | undefined;
  readonly hooks: readonly RecordedHook[];
  /** Per hook: did Claude Code run it. */
  readonly claudeCodeRan: readonly boolean[];
  /** Per hook script: how many times it ran. */
  readonly invocations: readonly number[];
  /** Claude Code refused the tool input before any hook (its own validation); the call never ran. */
  readonly refusedBeforeHooks: boolean;
  /** The text the model got for the call. */
  readonly result: string;
}

const substitute = (value: unknown): unknown => value === undefined ? undefined :
  JSON.parse(JSON.stringify(value).replaceAll("{{WORK}}", `${REPLAY_DIR}/work`).replaceAll("{{DIR}}", REPLAY_DIR));

const recorded: Recorded[] = readdirSync(OBSERVED)
  .filter((f) => f.startsWith("if-") && f.endsWith(".json"))
  .sort()
  .map((f) => {
    const o = JSON.parse(readFileSync(join(OBSERVED, f), "utf8"));
    const result = o.outcome.tool_result?.content;
    return {
      name: o.name,
      event: o.scenario.event ?? "PreToolUse",
      tool: o.scenario.tool ?? "Bash",
      toolInput: substitute(o.scenario.tool_input) as Record<string, unknown> | undefined,
      hooks: o.scenario.hooks,
      claudeCodeRan: o.outcome.hook_invocations.map((n: number, k: number) => n > 0 && o.scenario.hooks[k].same_command_as === undefined),
      invocations: o.outcome.hook_invocations,
      refusedBeforeHooks: typeof result === "string" && result.startsWith("<tool_use_error>"),
      result: typeof result === "string" ? result : "",
    };
  });

/** Hook k's command: its own, or the one it shares (`same_command_as`, for dedupe). */
function commandOf(attempt: Recorded, k: number): string {
  const h = attempt.hooks[k]!;
  if (h.same_command_as !== undefined) return commandOf(attempt, h.same_command_as);
  return h.stdout ? `printf '%s' '${h.stdout}' # h${k}` : `true # h${k}`;
}

/** The recording's settings, grouped as the observer wrote them (source, event, group and matcher). */
function settingsOf(attempt: Recorded): { kind: "flag" | "project"; file: string; text: string }[] {
  const files = new Map<string, Record<string, { matcher?: string; hooks: unknown[]; key: string }[]>>();
  attempt.hooks.forEach((h, k) => {
    const source = h.source ?? "flag";
    const event = h.event ?? attempt.event;
    const matcher = h.matcher !== undefined ? h.matcher ?? undefined : TOOL_EVENTS.has(event) ? attempt.tool : undefined;
    const byEvent = files.get(source) ?? {};
    files.set(source, byEvent);
    const groups = (byEvent[event] ??= []);
    const key = `${h.group ?? 0}|${matcher}`;
    let group = groups.find((g) => g.key === key);
    if (group === undefined) groups.push((group = { key, ...(matcher === undefined ? {} : { matcher }), hooks: [] }));
    const command = commandOf(attempt, k);
    group.hooks.push({ type: "command", command, ...(h.handler_extra ?? {}) });
  });
  return [...files].map(([source, byEvent]) => ({
    kind: source === "project" ? "project" : "flag",
    file: `${source}.json`,
    text: JSON.stringify({ hooks: Object.fromEntries(Object.entries(byEvent).map(([e, groups]) => [e, groups.map(({ key: _key, ...g }) => g)])) }),
  }));
}

async function replay(attempt: Recorded) {
  const cwd = mkdtempSync(join(tmpdir(), "chp-if-replay-"));
  try {
    const input: Record<string, unknown> = { cwd: `${REPLAY_DIR}/work`, ...(TOOL_EVENTS.has(attempt.event) ? { tool_name: attempt.tool, tool_input: attempt.toolInput } : {}) };
    if (attempt.event === "UserPromptSubmit") input["prompt"] = "do it";
    return await runEvent({
      event: attempt.event,
      input,
      configuration: { settings: settingsOf(attempt) },
      cwd,
      projectDir: `${REPLAY_DIR}/work`,
      env: { ...process.env, HOME: `${REPLAY_DIR}/home` },
    });
  } finally {
    rmSync(cwd, { recursive: true, force: true });
  }
}

for (const attempt of recorded) {
  const rule = attempt.hooks[0]?.handler_extra?.if;
  const what = attempt.refusedBeforeHooks && /control characters|null bytes/.test(attempt.result)
    ? "Claude Code refuses the input before any hook; the runner runs the hook (fails closed)"
    : attempt.claudeCodeRan.map((ran) => (ran ? "runs" : "skipped")).join(", ");
  test(`if ${JSON.stringify(rule)} on ${attempt.event} ${attempt.tool} ${JSON.stringify(attempt.toolInput ?? {}).slice(0, 120)}: ${what} (${attempt.name})`, async () => {
    const outcome = await replay(attempt);
    // per hook: did it run; hooks sharing a command (`same_command_as`) count as one script, whose
    // invocations the recording holds on the first of them
    const ran = attempt.hooks.map((h, k) => {
      const command = commandOf(attempt, k);
      const runs = outcome.records.filter((r) => r.command === command && r.outcome !== "skipped").length;
      return h.same_command_as !== undefined ? false : runs > 0;
    });
    const runsOf = (k: number): number => outcome.records.filter((r) => r.command === commandOf(attempt, k) && r.outcome !== "skipped").length;
    attempt.hooks.forEach((h, k) => {
      if (h.same_command_as === undefined && attempt.hooks.some((other) => other.same_command_as === k)) assert.equal(runsOf(k), attempt.invocations[k], `invocations of hook ${k}'s script`);
    });
    if (attempt.refusedBeforeHooks && /control characters|null bytes/.test(attempt.result)) {
      // Claude Code refuses the call before any hook; the runner does not check tool input and runs the hook
      assert.deepEqual(ran, [true]);
      assert.equal(outcome.merged.effects.decision, "deny");
      return;
    }
    assert.deepEqual(ran, attempt.claudeCodeRan);
    const denied = attempt.hooks.some((_h, k) => attempt.claudeCodeRan[k] && commandOf(attempt, k).includes(DENY));
    if (attempt.event === "PreToolUse") assert.equal(outcome.merged.effects.decision === "deny", denied);
    if (!attempt.claudeCodeRan[0] && typeof rule === "string" && rule !== "" && !attempt.refusedBeforeHooks) {
      // a skip where the call may do what the rule names: the caveat says so (rules without content need none)
      const caveats = ifRuleCaveats(rule);
      if (parseIfRule(rule).content !== undefined || !/^[A-Za-z0-9_.-]+$/.test(parseIfRule(rule).tool)) {
        assert.equal(caveats.length, 1, rule);
        assert.match(caveats[0]!, /not a security boundary/);
      }
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
  // over 10,000 characters Claude Code does not read the command for a rule: the hook runs (recorded: if-long-10001-no-match)
  assert.equal(evaluateIfRule(`Bash(${rule})`, "Bash", { command }).runs, true);
  assert.equal(evaluateIfRule(`Bash(${rule})`, "Bash", { command: command.slice(0, 9_990) }).runs, false);
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
  assert.equal(evaluateIfRule("Edit(src/**/*.ts)", "Edit", { file_path: path }, { projectDir: "/" }).runs, false);
  assert.equal(evaluateIfRule("Edit(a/**/*.ts)", "Edit", { file_path: path }, { projectDir: "/" }).runs, true);
  assert.equal(evaluateIfRule("Edit(*.ts)", "Edit", { file_path: path }, { projectDir: "/" }).runs, true);
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
  // a malformed rule names no tool: Claude Code never runs the hook (recorded: if-rule-unclosed); the caveat says so
  assert.equal(evaluateIfRule("Bash(rm *", "Bash", { command: "rm -rf /" }).runs, false);
  assert.match(ifRuleCaveats("Bash(rm *")[0]!, /not a security boundary/);
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

test("brace text of 1 MB: read in one pass (the brace check does not backtrack)", () => {
  // an unclosed `{a,` counts, as in Claude Code (recorded: if-v-brace-unclosed-no-match)
  assert.equal(bashCommands(`echo {${",".repeat(1_000_000)}`).unreadable, "brace expansion");
  assert.equal(bashCommands(`echo ${"{a}".repeat(300_000)},`).unreadable, null);
  assert.equal(bashCommands(`echo {${"a".repeat(1_000_000)}}`).unreadable, null);
});

test("a 1 MB path of 250,000 directories against a rule of many globstars: linear, no match", () => {
  const path = `/p/${"a/".repeat(250_000)}c.txt`;
  let steps = 0;
  const glob = compileGlob("**/a/**/b/**/a/**/c.txt", true);
  assert.equal(globMatches(glob, path.slice(3), { anyLeadingDirectory: true, onSteps: (n) => (steps = n) }), false);
  assert.ok(steps <= path.length * (glob.tokens.length + 1), `${steps} steps`);
  assert.equal(evaluateIfRule("Read(**/a/**/b/**/c.txt)", "Read", { file_path: path }, { projectDir: "/p" }).runs, false);
  assert.equal(evaluateIfRule("Read(**/a/**/c.txt)", "Read", { file_path: path }, { projectDir: "/p" }).runs, true);
});

test("path rules: case, `..`, `~`, a trailing slash and a relative path are read as Claude Code reads them", () => {
  const context = { projectDir: "/p", cwd: "/p", home: "/h" };
  const runs = (rule: string, file_path: string): boolean => evaluateIfRule(rule, rule.slice(0, rule.indexOf("(")), { file_path }, context).runs;
  assert.equal(runs("Edit(*.env)", "/p/deep/X.ENV"), true);
  assert.equal(runs("Edit(*.env)", "/p/.env.local"), false);
  assert.equal(runs("Edit(src/**)", "/p/lib/../src/a"), true);
  assert.equal(runs("Edit(src/**)", "/p/src/../../a"), false);
  assert.equal(runs("Edit(src/**)", "/p/lib/src/a"), false);
  assert.equal(runs("Edit(src/**)", "src/a"), true);
  assert.equal(runs("Edit(~/.ssh/**)", "~/.ssh/id"), true);
  assert.equal(runs("Edit(~/.ssh/**)", "/h/.ssh/id"), true);
  assert.equal(runs("Edit(//etc/**)", "/etc/passwd"), true);
  assert.equal(runs("Edit(/etc/**)", "/etc/passwd"), false);
  assert.equal(runs("Edit(secrets/)", "/p/secrets/k"), true);
  assert.equal(runs("Edit(secrets/)", "/p/secrets"), false);
  assert.equal(runs("Edit(src\\\\a)", "/p/src\\a"), false);
  assert.equal(runs("Edit(!*.md)", "/p/a.txt"), false);
});

test("lint says an if rule is not a security boundary where Claude Code skips the hook, and nothing for a rule without content", async () => {
  const { claudeCodeLinter } = await import("../../src/claude-code/lint-rules.js");
  const findings = (rule: unknown) => {
    const text = JSON.stringify({ hooks: { PreToolUse: [{ matcher: "*", hooks: [{ type: "command", command: "x", if: rule }] }] } });
    return claudeCodeLinter.lint({ path: "/p/.claude/settings.json", kind: "settings" }, { text, eventHint: () => "", foreignTool: () => null } as never)
      .filter((f) => f.code === IF_RULE_NOT_A_BOUNDARY);
  };
  for (const rule of ["Bash(rm *)", "Bash(rm:*)", "Edit(*.env)", "Read(./secrets/**)", "WebFetch(domain:example.com)", "  Bash(rm *)", "Bash(rm *", "bash(rm *)", "(rm)"]) {
    const found = findings(rule);
    assert.equal(found.length, 1, rule);
    assert.match(found[0]!.message, /not a security boundary/);
    assert.equal(found[0]!.path, "/hooks/PreToolUse/0/hooks/0/if");
  }
  for (const rule of ["Bash", "Bash(*)", "Bash()", "Edit", ""]) assert.deepEqual(findings(rule), [], rule);
});

test("1 MB of words and quoted braces: the brace shape is read in one pass, substitutions left out", () => {
  assert.equal(bashCommands(`${"echo '{a,b}' \"{a,b}\" $(echo {a,b}) ".repeat(25_000)}`).unreadable, null);
  assert.equal(bashCommands(`${"echo {a ".repeat(100_000)}; echo a,b }`).unreadable, null);
  assert.equal(bashCommands(`echo {${"a,".repeat(300_000)}b}`).unreadable, "brace expansion");
  assert.equal(bashCommands(`${"echo hi; ".repeat(100_000)}echo $'x'`).unreadable, "a $'...' string");
});

test("list operators without a command (bash's syntax errors) make the line unreadable; redirections and subshells are commands", () => {
  for (const command of [";", "; echo hi", "echo a; ; echo b", "&& echo hi", "echo a &&", "echo a ||\n", "echo a\n; echo b", "(echo a; ;)"]) {
    assert.equal(bashCommands(command).unreadable, "a list operator without a command", JSON.stringify(command));
  }
  assert.equal(bashCommands("echo a)").unreadable, "an unmatched )");
  for (const command of ["echo a;", "echo a &", "echo a |", "echo a &&\necho b", "> out; echo b", "(echo a) && echo b", "echo a |\ncat", "cat <<'E' && echo b\nx\nE"]) {
    assert.equal(bashCommands(command).unreadable, null, JSON.stringify(command));
  }
});

test("non-string arguments to the if-rule functions are answers, never exceptions", () => {
  for (const value of [undefined, null, 42, {}, [], Symbol("x"), 10n]) {
    assert.deepEqual(ifRuleCaveats(value as never), []);
    assert.equal(evaluateIfRule(value as never, "Bash", { command: "rm -rf /" }).runs, false);
    assert.equal(evaluateIfRule("Bash(rm *)", value as never, value).runs, false);
    assert.equal(evaluateIfRule("Bash(rm *)", "Bash", value).runs, true);
    assert.equal(bashCommands(value as never).unreadable, "not a string");
    assert.equal(parseIfRule(value as never).content, undefined);
  }
});
