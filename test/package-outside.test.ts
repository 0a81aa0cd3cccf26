/**
 * A hook author's own project, outside the clone, made from docs/authoring.md alone ("In your
 * own project"; test/lib/outside-project.ts): the packed package installed into a fresh temp
 * dir, the page's TypeScript hook compiled with the page's tsconfig, the page's hook test run
 * by the installed command (its expected texts are Claude Code's recorded deny form,
 * `PreToolUse:<Tool> hook error: <reason>`, claude-code-observed.md), and the hook run both
 * ways the page offers: compiled, and from its source through tsx. Without the tsconfig's
 * `"types": ["node"]` the kit's declarations do not compile (TS2503), which is why the page says it.
 */
import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import { existsSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { documentedFiles, makeOutsideProject, preToolUse, run, type OutsideProject } from "./lib/outside-project.js";

let outside: OutsideProject;
const bin = (name: string) => join(outside.project, "node_modules/.bin", name);

describe("a project outside the clone, as docs/authoring.md makes it", { concurrency: 1, timeout: 600_000 }, () => {
  before(() => {
    outside = makeOutsideProject();
  });
  after(() => rmSync(outside.dir, { recursive: true, force: true }));

  test("the page gives the tsconfig, the hook and its hook test", () => {
    assert.deepEqual([...documentedFiles().keys()].sort(), ["hooks.json", "hooks/guard.hooktest.json", "hooks/guard.ts", "tsconfig.json"]);
  });

  test('without the tsconfig\'s "types": ["node"] the kit\'s declarations do not compile', () => {
    const documented = JSON.parse(documentedFiles().get("tsconfig.json")!) as { compilerOptions: Record<string, unknown> };
    assert.deepEqual(documented.compilerOptions["types"], ["node"]);
    delete documented.compilerOptions["types"];
    writeFileSync(join(outside.project, "tsconfig.no-types.json"), JSON.stringify({ ...documented, compilerOptions: { ...documented.compilerOptions, noEmit: true } }));
    const r = run(bin("tsc"), ["-p", "tsconfig.no-types.json"], outside.project);
    assert.notEqual(r.status, 0);
    const errors = r.stdout.split("\n").filter((line) => /error TS\d+/.test(line));
    assert.ok(errors.length > 0, r.stdout);
    for (const line of errors) assert.match(line, /^node_modules\/claude-hook-protocol\/dist\/.+\.d\.ts\(\d+,\d+\): error TS2503: Cannot find namespace 'NodeJS'\./);
  });

  test("the hook compiles with the documented tsconfig (strict, the kit's .d.ts checked)", () => {
    const r = run(bin("tsc"), ["-p", "."], outside.project);
    assert.equal(r.status, 0, `${r.stdout}${r.stderr}`);
    assert.ok(existsSync(join(outside.project, "dist/guard.js")));
  });

  test("a tool narrowed by the wrong name is a type error (the switch narrows tool_input)", () => {
    const hook = documentedFiles().get("hooks/guard.ts")!;
    const wrong = hook.replace("input.tool_input.command", "input.tool_input.file_path");
    assert.notEqual(wrong, hook);
    writeFileSync(join(outside.project, "hooks/wrong.ts"), wrong);
    try {
      const r = run(bin("tsc"), ["-p", ".", "--noEmit"], outside.project);
      assert.notEqual(r.status, 0);
      assert.match(r.stdout, /hooks\/wrong\.ts\(\d+,\d+\): error TS2339: Property 'file_path' does not exist/);
    } finally {
      rmSync(join(outside.project, "hooks/wrong.ts"));
    }
  });

  test("the page's hook test passes under the installed command", () => {
    const r = run(bin("claude-hook-protocol"), ["test", "hooks/"], outside.project);
    assert.equal(r.status, 0, `${r.stdout}${r.stderr}`);
    assert.match(r.stdout, /^3 passed$/m);
  });

  test("compiled and through tsx, the hook gives the same answers", () => {
    const inputs = [preToolUse("Bash", { command: "rm -rf build" }), preToolUse("Bash", { command: "ls" }), preToolUse("Write", { file_path: "/p/.env.local", content: "" }), preToolUse("Glob", { pattern: "*" })];
    for (const input of inputs) {
      const compiled = run(process.execPath, ["dist/guard.js"], outside.project, input);
      const loaded = run(process.execPath, ["--import", "tsx", "hooks/guard.ts"], outside.project, input);
      assert.deepEqual({ status: loaded.status, stdout: loaded.stdout }, { status: compiled.status, stdout: compiled.stdout }, input);
      assert.equal(compiled.status, 0, compiled.stderr);
    }
    const denied = JSON.parse(run(process.execPath, ["dist/guard.js"], outside.project, inputs[2]).stdout) as { hookSpecificOutput: { permissionDecision: string; permissionDecisionReason: string } };
    assert.deepEqual([denied.hookSpecificOutput.permissionDecision, denied.hookSpecificOutput.permissionDecisionReason], ["deny", "/p/.env.local holds secrets"]);
    assert.equal(run(process.execPath, ["dist/guard.js"], outside.project, inputs[3]).stdout, "", "a tool not in tools gets no answer");
  });

  test("the page's manifest installs into every agent's project file; lint finds nothing; Claude Code runs the installed hook from another directory", () => {
    const installed = run(bin("claude-hook-protocol"), ["install", "hooks.json", "--agent", "all"], outside.project);
    assert.equal(installed.status, 0, installed.stdout + installed.stderr);
    for (const file of [".claude/settings.json", ".codex/hooks.json", ".gemini/settings.json", ".factory/settings.json", ".qwen/settings.json"]) assert.ok(existsSync(join(outside.project, file)), file);
    const lint = run(bin("claude-hook-protocol"), ["lint", "."], outside.project);
    assert.equal(lint.status, 0, lint.stdout + lint.stderr);
    // run from a subdirectory: the installed command names the script by $CLAUDE_PROJECT_DIR, not by the working directory
    const sub = join(outside.project, "src");
    mkdirSync(sub, { recursive: true });
    writeFileSync(join(sub, "input.json"), preToolUse("Bash", { command: "rm -rf build" }));
    const ran = run(bin("claude-hook-protocol"), ["run", "--event", "PreToolUse", "--input", "input.json", "--settings", "../.claude/settings.json", "--project-dir", outside.project], sub);
    assert.equal(ran.status, 0, ran.stdout + ran.stderr);
    assert.match(ran.stdout, /the tool call is denied; the model is told: "PreToolUse:Bash hook error: rm -rf is blocked"/);
  });
});
