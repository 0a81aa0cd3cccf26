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
import { LOOKALIKE_SPELLINGS, RM_SPELLINGS } from "../lib/rm-spellings.js";

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

// --- attack pass (2026-12-02): the variants users write, and ways around the rules ---

const RM_VARIANTS: readonly [string, "deny" | "none"][] = [
  ["rm -Rf x", "deny"], ["rm -rfv x", "deny"], ["rm -vRf x", "deny"], ["rm -fR x", "deny"], ["rm -r -v -f x", "deny"], ["rm -r x -f", "deny"],
  ["rm --force --recursive x", "deny"], ["rm --rec --for x", "deny"], ["rm --recursive -- --force", "none"], ["rm -r -- -f", "none"], ["rm -- -rf", "none"],
  ["rm --recursive --interactive=never x", "deny"], ["rm -r --interactive=never x", "deny"], ["rm -r --inter=none x", "deny"], ["rm -r --interactive=always x", "none"],
  ['"rm" -rf x', "deny"], ["'rm' '-rf' x", "deny"], ["r''m -r''f x", "deny"], ["r\\m -rf x", "deny"], ["FOO=1 rm -rf x", "deny"], ["env FOO=1 rm -rf x", "deny"],
  ["sudo -u root rm -rf x", "deny"], ["command rm -rf x", "deny"], ["exec rm -rf x", "deny"], ["nice -n 5 rm -rf x", "deny"], ["/usr/bin/rm -rf x", "deny"], ["./rm -rf x", "deny"],
  ["rm.exe -rf x", "deny"], ["RM -RF x", "deny"], ["rm${IFS}-rf${IFS}x", "deny"], ["rm$IFS-rf$IFS/", "deny"], ["{rm,-rf,/}", "deny"], ["rm>/dev/null -rf x", "deny"],
  ["rm -rf</dev/null x", "deny"], ["r\\\nm -rf x", "deny"], ["rm -r\\\nf x", "deny"], ["rm\t-rf\tx", "deny"], ["rm -r\n-f x", "none"], ["rm -r$X x", "deny"],
  ["if true; then rm -rf x; fi", "deny"], ["echo $(rm -rf x)", "deny"], ["bash -c 'rm -rf x'", "deny"], ["xargs rm -rf < list", "deny"], ["find . -exec rm -rf {} +", "deny"],
  ["git rm -rf --cached x", "deny"], ["(cd /; rm -rf x)", "deny"], ["rm -rf x &", "deny"], ["false || rm -rf x", "deny"],
  ["rm -r x", "none"], ["rm -f x", "none"], ["ls -rf", "none"], ["grep -rf patterns", "none"], ["rmdir -p x", "none"],
  ["ｒｍ -rf x (fullwidth letters: another command)", "none"], ["rm －rf x (a fullwidth hyphen: a file name)", "none"], ["rm —rf x (an em dash: a file name)", "none"],
];

for (const [command, expected] of RM_VARIANTS) {
  const shown = command.replace(/ \(.*\)$/, "");
  test(`kit-deny-rm-rf: ${JSON.stringify(command)}: ${expected === "deny" ? "denied" : "no answer"}`, () => {
    assert.equal(rm(shown), expected);
  });
}

const ENV_VARIANTS: readonly [string, "deny" | "none"][] = [
  ["C:.env", "deny"], ["c:.ENV::$DATA", "deny"], ["\\\\?\\C:\\p\\.env", "deny"], ["\\\\server\\share\\.env", "deny"], ["/p/.env/", "deny"], ["/p/.env/.", "deny"],
  ["/p/.env . .", "deny"], ["/p/.env:stream", "deny"], ["~/.env", "deny"], ["/p/.ENV.LOCAL", "deny"], ["/p/.env.example.local", "deny"], ["/p/.env.example/../.env", "deny"],
  ["/p/.ENV.EXAMPLE", "none"], ["file.env", "none"], ["/p/.envrc", "none"], ["/p/.env/../x", "none"], ["/p/\uff0eenv", "none"], ["/p/.env\u200b", "none"],
];

for (const [path, expected] of ENV_VARIANTS) {
  test(`kit-protect-env: ${JSON.stringify(path)}: ${expected === "deny" ? "denied" : "no answer"}`, () => {
    assert.equal(env(path), expected);
  });
}

const LONG: readonly [string, () => "deny" | "none", "deny" | "none"][] = [
  ["kit-deny-rm-rf: 200,000 ${IFS}, then rm${IFS}-rf", () => rm(`${"${IFS}".repeat(200_000)}rm\${IFS}-rf /`), "deny"],
  ["kit-deny-rm-rf: 300,000 line continuations, then rm -rf", () => rm(`${"\\\n".repeat(300_000)}rm -rf /`), "deny"],
  ["kit-deny-rm-rf: 200,000 {rm, without flags", () => rm("{rm,".repeat(200_000)), "none"],
  ["kit-deny-rm-rf: rm then 500,000 <> and -rf", () => rm(`rm ${"<>".repeat(500_000)} -rf x`), "deny"],
  ["kit-deny-rm-rf: rm -r --interactive= and 1 MB of n", () => rm(`rm -r --interactive=${"n".repeat(MB)} x`), "none"],
  ["kit-deny-rm-rf: 1 MB of $ after rm -r", () => rm(`rm -r ${"$".repeat(MB)}`), "none"],
  ["kit-protect-env: 500,000 drive letters, then .env", () => env(`${"C:".repeat(500_000)}.env`), "none"],
];

for (const [name, ask, expected] of LONG) {
  test(`${name}: ${expected === "deny" ? "denied" : "no answer"}`, () => {
    assert.equal(ask(), expected);
  });
}

// --- the shell's own quoting (issue 24): ANSI-C `$'...'` and locale `$"..."` ---

/** What bash reads `word` as (the word's text, printed by bash's own printf; nothing else runs). */
function bashReads(word: string): string | null {
  const ran = spawnSync("bash", ["-c", `printf '%s' ${word}`], { encoding: "utf8" });
  return ran.status === 0 ? ran.stdout : null;
}

for (const word of RM_SPELLINGS) {
  test(`kit-deny-rm-rf: ${word} -rf / (bash reads ${word} as rm): denied`, () => {
    assert.match(bashReads(word) ?? "", /^(?:\/bin\/)?rm$/i, `bash reads ${word} so`);
    assert.equal(rm(`${word} -rf /`), "deny");
  });
}

for (const [word, expected] of LOOKALIKE_SPELLINGS) {
  test(`kit-deny-rm-rf: ${word} -rf / (bash reads ${word} as another word): ${expected === "deny" ? "denied" : "no answer"}`, () => {
    const read = bashReads(word);
    assert.ok(read !== null && !/^rm$/i.test(read), `bash reads ${word} as ${JSON.stringify(read)}`);
    assert.equal(rm(`${word} -rf /`), expected);
  });
}

const QUOTED_FLAGS: readonly [string, "deny" | "none"][] = [
  ["rm $'-rf' /", "deny"], ["rm -$'r'f /", "deny"], ["rm $'\\x2drf' /", "deny"], ["rm $'-\\x72\\x66' /", "deny"], ["rm $'--recursive' $'--force' x", "deny"],
  ["rm -r $'-f' x", "deny"], ['rm $"-rf" x', "deny"], ["$'rm' -r x", "none"], ["$'rm' -f x", "none"], ["$'rm' -- $'-rf'", "none"],
  ["echo '$' \\0 ; rm -rf / ; echo 'x'", "deny"], ["bash -c \"\\$'rm' -rf /\"", "deny"], ["echo $(r$'m' -rf /)", "deny"], ["x=$'\\n'; rm -rf /", "deny"],
  ["$'rm\\x20-rf' /", "deny"], ["$'\\x72\\x6d' $'\\x2d\\x72\\x66' /", "deny"], ["$'", "none"], ["$'rm -rf /", "deny"], ["ls $'\\x72m'", "none"],
];

for (const [command, expected] of QUOTED_FLAGS) {
  test(`kit-deny-rm-rf: ${JSON.stringify(command)}: ${expected === "deny" ? "denied" : "no answer"}`, () => {
    assert.equal(rm(command), expected);
  });
}

const LONG_QUOTING: readonly [string, () => "deny" | "none", "deny" | "none"][] = [
  ["kit-deny-rm-rf: 300,000 $'' before rm -rf", () => rm(`${"$''".repeat(300_000)}rm -rf /`), "deny"],
  ["kit-deny-rm-rf: $' and 1 MB of \\x72 escapes, then m -rf", () => rm(`$'${"\\x72".repeat(MB / 4)}m' -rf /`), "none"],
  ["kit-deny-rm-rf: 500,000 $\" then rm -rf", () => rm(`${'$"'.repeat(500_000)}rm -rf /`), "deny"],
  ["kit-deny-rm-rf: $'\\x{ and 1 MB of hex digits, then m -rf", () => rm(`$'\\x{${"7".repeat(MB)}2}m' -rf /`), "deny"],
  ["kit-protect-env: $'.env' is a file of that name (no shell reads a Read tool's path)", () => env("/repo/$'.env'"), "none"],
  ["kit-protect-env: $'\\x2eenv' likewise", () => env("/repo/$'\\x2eenv'"), "none"],
];

for (const [name, ask, expected] of LONG_QUOTING) {
  test(`${name}: ${expected === "deny" ? "denied" : "no answer"}`, () => {
    assert.equal(ask(), expected);
  });
}
