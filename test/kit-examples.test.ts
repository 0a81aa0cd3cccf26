/**
 * The kit's examples (examples/hooks/kit-*.mjs) run as plain node scripts
 * importing `claude-hook-protocol/hooks` (the package's self-reference: dist/),
 * their TypeScript twins type-check, and their hook tests
 * (examples/hooks/fixtures/*.hooktest.json, expected texts from
 * claude-code-observed.md) pass under `claude-hook-protocol test`, which also
 * reports a wrong expectation with a diff and exit 1.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PassThrough } from "node:stream";
import { fileURLToPath } from "node:url";
import { run } from "../src/cli/test.js";
import { builtKit } from "./lib/built-kit.js";

const root = fileURLToPath(new URL("..", import.meta.url));
const tsc = join(root, "node_modules/typescript/bin/tsc");
// the examples import the built package (its bundled kit): built when missing or stale
builtKit();

async function cli(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const stdout = new PassThrough();
  const stderr = new PassThrough();
  let out = "";
  let err = "";
  stdout.on("data", (chunk: Buffer) => (out += chunk.toString("utf8")));
  stderr.on("data", (chunk: Buffer) => (err += chunk.toString("utf8")));
  const code = await run(args, { stdin: new PassThrough(), stdout, stderr, env: {} });
  return { code, stdout: out, stderr: err };
}

test("the examples' hook tests pass", async () => {
  const result = await cli([join(root, "examples/hooks/fixtures")]);
  assert.equal(result.code, 0, result.stdout + result.stderr);
  assert.match(result.stdout, /\n77 passed\n$/);
});

test("the TypeScript twins type-check against the built package", () => {
  const check = spawnSync(process.execPath, [tsc, "-p", "examples/hooks/kit-tsconfig.json"], { cwd: root, encoding: "utf8" });
  assert.equal(check.status, 0, check.stdout + check.stderr);
});

const pre = (command: string): string =>
  JSON.stringify({ session_id: "s", transcript_path: "/t", cwd: "/w", permission_mode: "default", hook_event_name: "PreToolUse", tool_name: "Bash", tool_input: { command }, tool_use_id: "t1" });

test("kit-deny-rm-rf.mjs runs with plain node: a deny for rm -rf, nothing otherwise", () => {
  const hook = join(root, "examples/hooks/kit-deny-rm-rf.mjs");
  const denied = spawnSync(process.execPath, [hook], { input: pre("rm -rf /"), encoding: "utf8" });
  assert.equal(denied.status, 0, denied.stderr);
  assert.deepEqual(JSON.parse(denied.stdout), { hookSpecificOutput: { hookEventName: "PreToolUse", permissionDecision: "deny", permissionDecisionReason: "rm -rf is blocked by policy: delete files one by one, or ask the user" } });
  const other = spawnSync(process.execPath, [hook], { input: pre("ls"), encoding: "utf8" });
  assert.equal(other.status, 0, other.stderr);
  assert.ok(other.stdout === "" || other.stdout === "{}", other.stdout);
  assert.equal(other.stderr, "");
});

test("a wrong expectation: exit 1 and a diff naming the key, the expected and the actual value", async () => {
  const dir = mkdtempSync(join(tmpdir(), "kit-hooktest-"));
  const file = join(dir, "wrong.hooktest.json");
  writeFileSync(file, JSON.stringify({
    hooks: [`node ${JSON.stringify(join(root, "examples/hooks/kit-deny-rm-rf.mjs"))}`],
    cases: [{ name: "expects an allow", input: { hook_event_name: "PreToolUse", tool_name: "Bash", tool_input: { command: "rm -rf /" } }, expect: { decision: "allow" } }],
  }));
  const result = await cli([file]);
  assert.equal(result.code, 1);
  assert.match(result.stdout, /✗ .*wrong\.hooktest\.json › expects an allow\n    decision\n      - expected "allow"\n      \+ actual   "deny"\n/);
  writeFileSync(file, JSON.stringify({ hooks: ["true"], cases: [{ name: "typo", input: { hook_event_name: "Stop" }, expect: { blockd: true } }] }));
  const typo = await cli([file]);
  assert.equal(typo.code, 1);
  assert.match(typo.stdout, /\/cases\/0\/expect has the unknown key "blockd"/);
  assert.equal((await cli(["--agent", "codex", file])).code, 1);
  assert.equal((await cli(["--agent", "nobody", file])).code, 2);
});
