/**
 * Hostile suite, class 7 (issue 16): the shipped examples are the code people
 * copy. Long crafted inputs, run through the example files as agents run them:
 * each must end with the right answer within the hook's own budget (the
 * examples fail closed, so an overrun would show as a deny where an allow is
 * expected). The old `kit-deny-rm-rf` pattern backtracked on `rm -rrr...`;
 * these inputs target every split, scan and pattern of the new rules. No
 * timing is asserted: the outcome is. One test per attempt; the variants users
 * write are the hook tests in examples/hooks/fixtures/.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { builtKit, ROOT } from "../lib/built-kit.js";

builtKit(); // the examples import claude-hook-protocol/hooks: dist/, current

const BASE = { session_id: "s", transcript_path: "/home/u/.claude/projects/p/s.jsonl", cwd: "/w", permission_mode: "default", hook_event_name: "PreToolUse", tool_use_id: "t1" };

function answer(example: string, tool: string, toolInput: Record<string, unknown>): "deny" | "none" {
  const ran = spawnSync(process.execPath, [join(ROOT, "examples/hooks", example)], { input: JSON.stringify({ ...BASE, tool_name: tool, tool_input: toolInput }), encoding: "utf8", timeout: 120_000, maxBuffer: 64 * 1024 * 1024 });
  assert.equal(ran.status, 0, ran.stderr.slice(0, 500));
  if (ran.stdout === "") return "none";
  const output = JSON.parse(ran.stdout) as { hookSpecificOutput: { permissionDecision: string; permissionDecisionReason: string } };
  assert.doesNotMatch(output.hookSpecificOutput.permissionDecisionReason, /failed closed/, "the example overran its budget or crashed");
  assert.equal(output.hookSpecificOutput.permissionDecision, "deny");
  return "deny";
}

const MB = 1024 * 1024;
const rm = (command: string) => answer("kit-deny-rm-rf.mjs", "Bash", { command });
const env = (file_path: string) => answer("kit-protect-env.mjs", "Read", { file_path });

const COMMANDS: readonly [string, string, "deny" | "none"][] = [
  ["rm - followed by 1 MB of r and no f (the old pattern's quadratic case)", `rm -${"r".repeat(MB)}`, "none"],
  ["the same ending in f", `rm -${"r".repeat(MB)}f x`, "deny"],
  ["1 MB of spaces, then rm -rf", `${" ".repeat(MB)}rm -rf /`, "deny"],
  ["1 MB of semicolons, then rm -rf", `${";".repeat(MB)}rm -rf /`, "deny"],
  ["300,000 separate -r flags, no force", `rm ${"-r ".repeat(300_000)}x`, "none"],
  ["200,000 nested $( around rm -rf", `${"$(".repeat(200_000)}rm -rf /${")".repeat(200_000)}`, "deny"],
  ["1 MB of quotes", "'".repeat(MB), "none"],
  ["rmrmrm... (one 1 MB word)", "rm".repeat(MB / 2), "none"],
  ["300,000 rm words without flags", "rm ".repeat(300_000), "none"],
  ["150,000 rm -f, then rm -r in the same command", `${"rm -f ".repeat(150_000)}rm -r x`, "deny"],
  ["1 MB of backslashes glued to rm -rf", `${"\\".repeat(MB)}rm -rf /`, "deny"],
  ["100,000 lines of ls, then rm -rf", `${"ls -la\n".repeat(100_000)}rm -rf /`, "deny"],
  ["1 MB of dashes", "-".repeat(MB), "none"],
  ["rm then 1 MB of --recursiv prefixes, no force", `rm ${"--recursiv ".repeat(100_000)}`, "none"],
  ["1 MB of ordinary words", "echo hello world ".repeat(MB / 17), "none"],
];

for (const [name, command, expected] of COMMANDS) {
  test(`kit-deny-rm-rf: ${name}: ${expected === "deny" ? "denied" : "no answer"}`, () => {
    assert.equal(rm(command), expected);
  });
}

const PATHS: readonly [string, string, "deny" | "none"][] = [
  ["a path of 1 MB of dots", `/${".".repeat(MB)}`, "none"],
  ["500,000 '. ' pairs, then x", `${". ".repeat(MB / 2)}x`, "none"],
  ["300,000 ../ then .env", `${"../".repeat(300_000)}.env`, "deny"],
  [".env and 1 MB of trailing spaces (Windows drops them)", `/repo/.env${" ".repeat(MB)}`, "deny"],
  [".env and 1 MB of trailing dots", `/repo/.env${".".repeat(MB)}`, "deny"],
  ["500,000 directories deep, then .env.local", `${"a/".repeat(MB / 2)}.env.local`, "deny"],
  ["1 MB of backslashes, then .env", `${"\\".repeat(MB)}.env`, "deny"],
  [".env then 1 MB of colons (an NTFS stream name)", `/repo/.env${":".repeat(MB)}`, "deny"],
  ["a 1 MB file name", `/repo/${"x".repeat(MB)}`, "none"],
  ["1 MB of /./ segments, then .ENV", `${"/.".repeat(MB / 2)}/.ENV`, "deny"],
];

for (const [name, path, expected] of PATHS) {
  test(`kit-protect-env: ${name}: ${expected === "deny" ? "denied" : "no answer"}`, () => {
    assert.equal(env(path), expected);
  });
}
