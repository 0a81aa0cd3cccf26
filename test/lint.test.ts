// lint: one case per rule (a test checks every rule has one), each asserting
// the rule fires on the file that shows it and names the place; files that
// `install` writes lint clean; the CLI's formats and exit statuses.
import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { Readable, Writable } from "node:stream";
import { loadInstallers, loadLinters } from "../src/agents.js";
import { lintTargets, targetsIn } from "../src/lint/lint.js";
import { applyPlan, planFromRequest } from "../src/install/install.js";
import { nearestName } from "../src/core/nearest.js";
import { blankComments } from "../src/gemini-cli/lint-rules.js";
import { main } from "../src/cli/main.js";
import type { LintFinding } from "../src/lint/types.js";
import { AGENT_FACTS } from "./lib/agent-facts.js";
import { cmd, hooks, type LintCase } from "./lib/lint-case.js";

const LINTERS = await loadLinters();
const INSTALLERS = await loadInstallers();

/** Every agent's lint cases (test/<agent>/facts.ts), each with where its files go. */
const CASES: readonly (LintCase & { readonly below?: "home" })[] = [...AGENT_FACTS.values()].flatMap((facts) => facts.lintCases.map((c) => (facts.lintBelow === undefined ? c : { ...c, below: facts.lintBelow })));

function project(files: Readonly<Record<string, string>>): string {
  const dir = mkdtempSync(join(tmpdir(), "chp-lint-"));
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  return dir;
}

// linted for an empty home and no variables: the machine's own user and system settings play no part
const NO_HOME = { homeDir: mkdtempSync(join(tmpdir(), "chp-lint-home-")), env: {} };
const lintDir = (dir: string): LintFinding[] => lintTargets(targetsIn(LINTERS, dir, null, {}), LINTERS, NO_HOME);

test("QW-CFG-003 reads the user's and the system's settings of the environment linted for, not the machine's", () => {
  const dir = project({ ".qwen/settings.json": JSON.stringify({ hooks: { PreToolUse: [{ matcher: "Bash", hooks: [cmd({ command: "node deny.mjs" })] }] } }) });
  const home = project({ ".qwen/settings.json": JSON.stringify({ hooks: { PreToolUse: [{ matcher: "run_shell_command", hooks: [cmd({ command: "node user-allow.mjs" })] }] } }) });
  const system = join(project({ "system.json": JSON.stringify({ hooks: { PreToolUse: [{ hooks: [cmd({ command: "node system-allow.mjs" })] }] } }) }), "system.json");
  const qwen = LINTERS.filter((l) => l.agent === "qwen-code");
  const lintFor = (environment: { homeDir: string; env: Record<string, string> }) =>
    lintTargets(targetsIn(qwen, dir, null, {}), qwen, environment).filter((f) => f.rule === "QW-CFG-003").map((f) => f.message);
  assert.deepEqual(lintFor(NO_HOME), []);
  const [withHome] = lintFor({ homeDir: home, env: {} });
  assert.match(withHome ?? "", new RegExp(`later: "node user-allow\\.mjs" \\(user, ${join(home, ".qwen/settings.json").replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}\\)$`));
  const [withSystem] = lintFor({ homeDir: home, env: { QWEN_CODE_SYSTEM_SETTINGS_PATH: system } });
  assert.match(withSystem ?? "", /"node user-allow\.mjs" \(user, .*\), "node system-allow\.mjs" \(system, .*\)$/);
});

describe("one case per rule", () => {
  for (const c of CASES) {
    test(`${c.rule}: ${c.says}`, () => {
      const dir = project(c.files);
      const findings = c.below === "home" ? lintTargets(targetsIn(LINTERS, null, dir, {}), LINTERS, NO_HOME) : lintDir(dir);
      const hit = findings.find((f) => f.rule === c.rule);
      assert.ok(hit, `${c.rule} not found; got ${findings.map((f) => `${f.rule} ${f.message}`).join(" | ") || "nothing"}`);
      assert.ok(hit.message.includes(c.says), hit.message);
      if (c.path !== undefined) assert.equal(hit.path, c.path);
      const rule = LINTERS.flatMap((l) => l.rules).find((r) => r.id === c.rule)!;
      assert.equal(hit.code, rule.code);
      if (rule.severity !== "info" && c.unparsed !== true) assert.ok(hit.position !== undefined || hit.file.endsWith(".toml"), "JSON findings carry line:column");
    });
  }

  test("every rule has its case; IDs are unique and well formed", () => {
    const rules = LINTERS.flatMap((l) => l.rules);
    const ids = rules.map((r) => r.id);
    assert.equal(new Set(ids).size, ids.length);
    const prefixes = new RegExp(`^(${[...AGENT_FACTS.values()].map((facts) => facts.lintPrefix).join("|")})-CFG-\\d{3}$`);
    for (const id of ids) assert.match(id, prefixes);
    assert.deepEqual(ids.filter((id) => !CASES.some((c) => c.rule === id)), []);
    assert.ok(rules.length >= 40);
  });
});

describe("what install writes lints clean", () => {
  for (const scope of ["project", "user"] as const) {
    test(`${scope}: no error or warning for any agent`, () => {
      const root = mkdtempSync(join(tmpdir(), "chp-lint-install-"));
      const plan = planFromRequest({
        manifestText: JSON.stringify({ hooks: [{ event: "PreToolUse", tools: ["Bash", "Read"], command: "node /opt/h.mjs", timeout: 30 }, { event: "Stop", command: "node /opt/s.mjs" }] }),
        mode: "install", agents: ["all"], scope, projectDir: root, homeDir: root, env: {}, installers: INSTALLERS,
      });
      assert.ok(plan.ok);
      assert.equal(applyPlan(plan.value), null);
      const findings = lintTargets(targetsIn(LINTERS, scope === "project" ? root : null, scope === "user" ? root : null, {}), LINTERS, NO_HOME);
      // CP-CFG-006 included: install's own entries in .claude/settings.json are not flagged (issue 28)
      const bad = findings.filter((f) => f.severity !== "info");
      assert.deepEqual(bad.map((f) => `${f.rule} ${f.message}`), []);
    });
  }
});

describe("pieces", () => {
  test("nearest name: close enough only", () => {
    assert.equal(nearestName("pretooluse", ["PreToolUse", "PostToolUse"]), "PreToolUse");
    assert.equal(nearestName("Foo", ["PreToolUse"]), null);
  });
  test("Gemini settings comments are blanked, positions kept, strings untouched", () => {
    const text = '{\n  // c\n  "a": "//x", /* y */ "b": 1\n}';
    const blanked = blankComments(text);
    assert.equal(blanked.length, text.length);
    assert.deepEqual(JSON.parse(blanked), { a: "//x", b: 1 });
    assert.deepEqual(lintDir(project({ ".gemini/settings.json": '// mine\n{"hooks": {}}' })), []);
  });
  test("hostile: __proto__ as an event name is data, reported, nothing polluted", () => {
    const findings = lintDir(project({ ".claude/settings.json": '{"hooks": {"__proto__": [{"hooks": []}]}}', ".gemini/settings.json": '{"hooks": {"__proto__": []}}', ".factory/hooks.json": '{"__proto__": []}' }));
    assert.ok(findings.some((f) => f.rule === "CC-CFG-002"));
    assert.ok(findings.some((f) => f.rule === "GM-CFG-002"));
    assert.ok(findings.some((f) => f.rule === "DR-CFG-002"));
    assert.equal(({} as Record<string, unknown>)["hooks"], undefined);
  });
});

describe("the CLI", () => {
  async function lint(args: string[], env: NodeJS.ProcessEnv = {}): Promise<{ status: number; stdout: string; stderr: string }> {
    let stdout = "";
    let stderr = "";
    const sink = (append: (s: string) => void) => new Writable({ write(chunk, _e, done) { append(String(chunk)); done(); } });
    const status = await main(["lint", ...args], { stdin: Readable.from([]), stdout: sink((s) => (stdout += s)), stderr: sink((s) => (stderr += s)), env });
    return { status, stdout, stderr };
  }

  test("text: file:line:col severity ID [code]; exit 1 on an error, 0 on warnings only, 2 on usage", async () => {
    const bad = project({ ".gemini/settings.json": hooks("PreToolUse", { hooks: [cmd()] }) });
    const r = await lint([bad]);
    assert.equal(r.status, 1);
    assert.match(r.stdout, /\.gemini\/settings\.json:3:5: error GM-CFG-002 \[unknown-event\] /);
    assert.match(r.stdout, /1 file, 1 error, 0 warnings\n$/);
    const warn = project({ ".gemini/settings.json": hooks("BeforeTool", { hooks: [cmd({ timeout: 5 })] }) });
    assert.equal((await lint([warn])).status, 0);
    assert.equal((await lint([warn, "--format", "xml"])).status, 2);
    assert.equal((await lint([warn, "--agent", "cursor"])).status, 2);
  });

  test("--format json; a named file goes to every agent that reads it; --agent narrows", async () => {
    const dir = project({ ".claude/settings.json": hooks("Stop", { matcher: "x", hooks: [cmd()] }) });
    const both = JSON.parse((await lint([join(dir, ".claude/settings.json"), "--format", "json"])).stdout);
    assert.deepEqual([...new Set(both.findings.map((f: LintFinding) => f.agent))].sort(), ["claude-code", "copilot-cli"]);
    assert.equal(both.errors, 0);
    const one = JSON.parse((await lint([join(dir, ".claude/settings.json"), "--format", "json", "--agent", "claude-code"])).stdout);
    assert.deepEqual([...new Set(one.findings.map((f: LintFinding) => f.agent))], ["claude-code"]);
  });

  test("--user reads below $HOME", async () => {
    const home = project({ ".gemini/settings.json": hooks("BeforeTool", { hooks: [cmd({ timeout: 10 })] }) });
    const empty = project({});
    const r = JSON.parse((await lint([empty, "--user", "--format", "json"], { HOME: home })).stdout);
    assert.deepEqual(r.findings.map((f: LintFinding) => f.rule), ["GM-CFG-003"]);
  });
});

test("docs/lint.md lists every rule with its ID, code, severity and summary", async () => {
  const { readFileSync } = await import("node:fs");
  const doc = readFileSync(new URL("../docs/lint.md", import.meta.url), "utf8");
  for (const rule of LINTERS.flatMap((l) => l.rules)) {
    assert.ok(doc.includes(`| <a id="${rule.id}"></a>${rule.id} | \`${rule.code}\` | ${rule.severity} | ${rule.summary.replace(/\|/g, "\\|")} |`), `${rule.id} missing or stale in docs/lint.md`);
  }
});

describe("hostile documents: every agent's rules answer, never throw", () => {
  const SHAPES = [
    "null", "5", '"x"', "[]", "{}", '{"hooks": 5}', '{"hooks": []}', '{"hooks": null}', '{"hooks": {"PreToolUse": "x"}}',
    '{"hooks": {"PreToolUse": [null, 5, "x", [], {}]}}', '{"hooks": {"PreToolUse": [{"matcher": 5, "hooks": "x"}]}}',
    '{"hooks": {"PreToolUse": [{"matcher": "(", "hooks": [null, {"type": 5}, {"command": {}}]}]}}',
    '{"hooks": {"preToolUse": [{"type": "command", "bash": 5, "matcher": ["x"]}]}}', '{"PreToolUse": [{"hooks": [{"timeout": "NaN"}]}]}',
    '{"hooks": {"BeforeTool": [{"hooks": [{"type": "command", "command": "x", "timeout": -1}]}], "enabled": "yes"}}',
    `{"hooks": {"${"A".repeat(10_000)}": []}}`, '{"hooks": {"constructor": [], "toString": [], "hasOwnProperty": []}}',
    "\uFEFF{}", '{"a": 1} trailing', "",
  ];
  const PATHS = [".claude/settings.json", "hooks/hooks.json", ".codex/hooks.json", ".gemini/settings.json", ".github/hooks/a.json", ".factory/settings.json", ".factory/hooks.json", ".qwen/settings.json"];
  test(`${SHAPES.length} shapes x ${PATHS.length} files`, () => {
    let held = 0;
    for (const shape of SHAPES) {
      const dir = project(Object.fromEntries(PATHS.map((p) => [p, shape])));
      const findings = lintDir(dir);
      assert.ok(Array.isArray(findings));
      for (const f of findings) assert.ok(typeof f.rule === "string" && typeof f.message === "string" && f.message !== "");
      held++;
    }
    assert.equal(held, SHAPES.length);
    assert.equal(({} as Record<string, unknown>)["polluted"], undefined);
  });
  test("a TOML config that is not TOML, or whose hooks are not a table", () => {
    for (const toml of ["[hooks", "hooks = 5", "[hooks]\nPreToolUse = 5", "[[hooks.PreToolUse]]\nmatcher = 1"]) {
      assert.ok(Array.isArray(lintDir(project({ ".codex/config.toml": toml }))));
    }
  });
});

test("a Qwen Code settings file with a BOM and comments is read as Qwen Code reads it: no invalid-JSON finding", () => {
  const findings = lintDir(project({ ".qwen/settings.json": `\uFEFF{\n  // guard\n  "hooks": { /* shell */ "PreToolUse": [{ "matcher": "run_shell_command", "hooks": [{ "type": "command", "command": "node deny.mjs" }] }] }\n}\n` }));
  assert.deepEqual(findings.filter((f) => f.rule === "QW-CFG-001"), []);
});
