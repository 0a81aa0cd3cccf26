// install's marks on a command (src/install/marker.ts) change nothing about what the command
// runs: each form of shell grammar is run with sh (dash) and bash, as the manifest wrote it and
// as install writes it, in two fresh directories; the effects (files and their text), the exit
// code, stdout and stderr (but for a syntax error's message, which quotes the line) must be the same, and every run of the stand-in hook must see
// CLAUDE_HOOK_PROTOCOL_AGENT (the kit reads it). Before the fix the marks were assignments put in
// front of the text: `( … )`, `{ …; }`, `if`, `!`, `case` broke or ran something else, and in a
// list or pipeline only the first command saw the agent.
import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { chmodSync, mkdtempSync, readFileSync, readdirSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { markedCommand, markedParts } from "../../src/install/marker.js";

// the hook stand-in: records its arguments and the agent it was told, prints, exits with $2
const HOOK = `#!/bin/sh
echo "hook:\${CLAUDE_HOOK_PROTOCOL_AGENT:-unset}:$*" >> trace
echo "out-$1"
[ -n "$3" ] && cat
exit \${2:-0}
`;

const FORMS: Record<string, string> = {
  "a simple command": "./hook a",
  "an exit code": "./hook a 3",
  "quoted arguments": `./hook "a b" 'c d' 0`,
  "a quoted first word": "'./hook' a",
  "a leading assignment": "X=1 ./hook a",
  "a subshell": "( ./hook a )",
  "a subshell's exit code": "( ./hook a 4 )",
  "a group": "{ ./hook a; }",
  "a group with a redirection": "{ ./hook a; } > out.txt",
  "if": "if ./hook a; then ./hook b; else ./hook c; fi",
  "if false": "if ./hook a 1; then ./hook b; else ./hook c 6; fi",
  "negation": "! ./hook a 1",
  "negation of success": "! ./hook a",
  "an and-list": "./hook a && ./hook b",
  "an or-list": "./hook a 1 || ./hook b",
  "a sequence": "./hook a; ./hook b 4",
  "a pipeline": "./hook a | ./hook b 0 read",
  "a pipeline's status": "./hook a 0 | ./hook b 5",
  "a background job": "./hook a &\nwait",
  "newlines": "./hook a\n./hook b\n./hook c 2",
  "a here-document": "./hook a 0 read <<EOF\nline one\nEOF",
  "a here-string (bash only)": "./hook a 0 read <<< 'in'",
  "case": "case x in x) ./hook a;; *) ./hook b;; esac",
  "case with no match": "case y in x) ./hook a;; esac",
  "while": "n=0; while [ $n -lt 2 ]; do ./hook w$n; n=$((n+1)); done",
  "until": "until ./hook a; do :; done",
  "for": "for i in 1 2; do ./hook $i; done",
  "a function": "f() { ./hook \"$1\"; }; f fa",
  "a comment first": "# note\n./hook a",
  "a trailing comment": "./hook a # note",
  "exec": "exec ./hook a 7",
  "eval": "eval './hook a; ./hook b'",
  "a command substitution": "./hook \"$(echo sub)\"",
  "backquotes": "./hook `echo bq`",
  "arithmetic": "./hook $((2 + 3))",
  "redirections": "./hook a 2>&1 > out.txt",
  "exit": "./hook a; exit 5",
  "set -e": "set -e; ./hook a 3; ./hook b",
  "$?": "./hook a 3; echo \"status $?\"",
  "ANSI-C quoting (bash only)": "$'./hook' a",
  "locale quoting (bash only)": "$\"./hook\" a",
  "a line continuation": "./hook a \\\n b",
  "[[ (bash only)": "[[ 1 == 1 ]] && ./hook a",
  "time (bash keyword)": "{ time ./hook a; } 2>/dev/null",
  "brace expansion (bash only)": "./hook {x,y}",
  "globbing": "touch g1 g2; ./hook g*",
  "a syntax error: unclosed subshell": "( ./hook a",
  "a syntax error: stray fi": "fi",
  "a syntax error: unterminated quote": "./hook 'a",
  "a lone operator": "&& ./hook a",
  "export inside": "export Y=2; ./hook \"$Y\"",
  "the agent overridden by the command itself": "CLAUDE_HOOK_PROTOCOL_AGENT=mine ./hook a",
};

function runIn(shell: string, command: string): { status: number | null; stdout: string; stderr: string; files: Record<string, string> } {
  const dir = mkdtempSync(join(tmpdir(), "chp-forms-"));
  writeFileSync(join(dir, "hook"), HOOK);
  chmodSync(join(dir, "hook"), 0o755);
  // HOME: bash reads ~/.bashrc when it thinks stdin is a remote shell's
  const env: NodeJS.ProcessEnv = { PATH: process.env["PATH"] ?? "/usr/bin:/bin", LC_ALL: "C", HOME: dir };
  const r = spawnSync(shell, ["-c", command], { cwd: dir, env, encoding: "utf8", timeout: 10_000 });
  const files: Record<string, string> = {};
  // the hooks of a pipeline run at once: their trace lines in any order (stdout keeps the order)
  for (const name of readdirSync(dir).sort()) if (name !== "hook") files[name] = name === "trace" ? readFileSync(join(dir, name), "utf8").split("\n").sort().join("\n") : readFileSync(join(dir, name), "utf8");
  return { status: r.status, stdout: r.stdout, stderr: r.stderr, files };
}

describe("a marked command runs exactly as the manifest's command, under sh and bash", () => {
  for (const [name, command] of Object.entries(FORMS)) {
    test(name, () => {
      const marked = markedCommand("codex", "acme", command);
      assert.deepEqual(markedParts(marked), { owner: "acme", agent: "codex", command }, "uninstall reads the marks back");
      for (const shell of ["sh", "bash"]) {
        const plain = runIn(shell, command);
        const withMarks = runIn(shell, marked);
        const told = command.includes("CLAUDE_HOOK_PROTOCOL_AGENT=mine") ? "mine" : "codex";
        const trace = withMarks.files["trace"] ?? "";
        for (const line of trace.split("\n").filter(Boolean)) assert.match(line, new RegExp(`^hook:${told}:`), `${shell}: every run of the hook is told the agent`);
        const asPlain = { ...withMarks, files: { ...withMarks.files, ...(withMarks.files["trace"] === undefined ? {} : { trace: trace.replaceAll(`hook:${told}:`, `hook:${told === "mine" ? "mine" : "unset"}:`) }) } };
        // a syntax error runs nothing either way; bash quotes the whole line in its message, marks included
        const syntaxError = plain.status === 2 && /syntax error/i.test(plain.stderr);
        if (syntaxError) assert.match(withMarks.stderr, /syntax error/i);
        assert.deepEqual(syntaxError ? { ...asPlain, stderr: "" } : asPlain, syntaxError ? { ...plain, stderr: "" } : plain, `${shell}: ${JSON.stringify(marked)}`);
      }
    });
  }
});
