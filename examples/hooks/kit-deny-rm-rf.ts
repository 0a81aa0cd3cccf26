// TypeScript twin of kit-deny-rm-rf.mjs (type-checked by test/kit-examples.test.ts).
// PreToolUse (Bash): deny `rm` with both a recursive and a force flag, however it is written:
// `rm -rf`, `rm -fr`, `rm -Rf`, `rm -r -f`, `rm --recursive --force`, `sudo rm`, `/bin/rm`,
// `\rm`, `r''m`, inside `$(...)`, backticks, `bash -c "..."`, after `;`, `&&`, `|` or a newline.
// It judges words, not text: `rm` anywhere in a command, even as an argument (`echo rm -rf`,
// `xargs rm -rf`, `find -exec rm -rf`), counts, since a wrong deny costs a retry and a miss
// costs the files. Not a sandbox: `$RM -rf` or a script file that runs rm is not seen.
// Linear in the command's length (no backtracking pattern), so a long crafted command cannot
// run it past its budget. Fails closed: if this hook crashes or overruns its budget, the call
// is denied.
import { defineHook, runHook } from "claude-hook-protocol/hooks";

/** Where one simple command ends and another starts: ; & | newline ( ) ` { } */
const SEPARATORS = /[;&|\n\r()`{}]/;
const QUOTES = /["'\\]/g;

/** Whether `word` (an option to rm) is recursive or force: -r, -R, -f in any cluster and case; --recursive, --force and their prefixes. */
function flagsOf(word: string): { recursive: boolean; force: boolean } {
  if (word.startsWith("--")) return { recursive: word.length > 2 && "--recursive".startsWith(word), force: word.length > 2 && "--force".startsWith(word) };
  const letters = word.slice(1).toLowerCase();
  return { recursive: letters.includes("r"), force: letters.includes("f") };
}

function isRecursiveForcedRm(command: string): boolean {
  for (const part of command.split(SEPARATORS)) {
    const words = part.split(/\s+/).map((word) => word.replace(QUOTES, ""));
    const at = words.findIndex((word) => word.slice(word.lastIndexOf("/") + 1).toLowerCase() === "rm");
    if (at === -1) continue;
    let recursive = false;
    let force = false;
    for (const word of words.slice(at + 1)) {
      if (word === "--") break;
      if (!word.startsWith("-") || word === "-") continue;
      const flags = flagsOf(word);
      recursive ||= flags.recursive;
      force ||= flags.force;
    }
    if (recursive && force) return true;
  }
  return false;
}

await runHook(defineHook({
  event: "PreToolUse",
  tools: ["Bash"],
  failClosed: true,
  timeoutMs: 5000,
  run: (input, answer) =>
    isRecursiveForcedRm(input.tool_input.command)
      ? answer.deny("rm -rf is blocked by policy: delete files one by one, or ask the user")
      : undefined,
}));
