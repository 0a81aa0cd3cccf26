// TypeScript twin of kit-deny-rm-rf.mjs (type-checked by test/kit-examples.test.ts).
// PreToolUse (Bash): deny `rm` with both a recursive and a force flag, however it is written:
// `rm -rf`, `rm -fr`, `rm -Rf`, `rm -r -f`, `rm --recursive --force`, `--interactive=never`
// (force by another name), `sudo rm`, `/bin/rm`, `rm.exe`, `\rm`, `r''m`, `r\<newline>m`,
// `rm${IFS}-rf`, `{rm,-rf,/}`, `rm>x -rf`, inside `$(...)`, backticks, `bash -c "..."`, after
// `;`, `&&`, `|` or a newline. A flag spelled with an expansion (`rm -r$F`) counts as both.
// It judges words, not text: `rm` anywhere in a command, even as an argument (`echo rm -rf`,
// `xargs rm -rf`, `find -exec rm -rf`), counts, since a wrong deny costs a retry and a miss
// costs the files. Not a sandbox: `$RM -rf` or a script file that runs rm is not seen. Look-alikes
// (`ｒｍ`, `rm —rf`) are not rm or not flags to the shell, so they delete nothing and pass. Scope:
// recursive AND forced; without a terminal (Claude's Bash tool) `rm -r` alone does not ask either,
// so add `recursive` alone to the rule if that matters to you. `rm -r -- -f` removes a file named
// `-f` (after `--` nothing is a flag): not forced.
// Linear in the command's length (no backtracking pattern), so a long crafted command cannot
// run it past its budget. Fails closed: if this hook crashes or overruns its budget, the call
// is denied.
import { defineHook, runHook } from "claude-hook-protocol/hooks";

/** Where one simple command ends and another starts: ; & | newline ( ) ` { } */
const SEPARATORS = /[;&|\n\r()`{}]/;
/** Between words: blanks, redirections (`rm>x -rf`) and brace-expansion commas (`{rm,-rf,/}`). */
const WORD_BREAKS = /[\s<>,]+/;
const QUOTES = /["'\\]/g;
/** The shell's word separator spelled out (`rm${IFS}-rf`), read as a blank. */
const IFS = /\$\{?IFS\}?/g;
/** A backslash before a newline joins the two lines (`r\<newline>m`). */
const CONTINUATION = /\\\r?\n/g;
const NEVER_ASK = ["never", "no", "none"];

/** Whether `word` (an option to rm) is recursive or force: -r, -R, -f in any cluster and case; --recursive, --force, --interactive=never and their prefixes. */
function flagsOf(word: string): { recursive: boolean; force: boolean } {
  if (word.startsWith("--")) {
    const equals = word.indexOf("=");
    const name = equals === -1 ? word : word.slice(0, equals);
    const value = equals === -1 ? "" : word.slice(equals + 1).toLowerCase();
    const long = (option: string) => name.length > 2 && option.startsWith(name);
    return { recursive: long("--recursive"), force: long("--force") || (long("--interactive") && NEVER_ASK.includes(value)) };
  }
  // an expansion in a cluster (`-r$F`) could be any letter
  if (word.includes("$")) return { recursive: true, force: true };
  const letters = word.slice(1).toLowerCase();
  return { recursive: letters.includes("r"), force: letters.includes("f") };
}

/** Whether `word` names rm: any directory, any case (macOS and Windows file systems), `rm.exe`. */
function isRm(word: string): boolean {
  const name = word.slice(word.lastIndexOf("/") + 1).toLowerCase();
  return name === "rm" || name === "rm.exe";
}

function isRecursiveForcedRm(command: string): boolean {
  for (const part of command.replace(CONTINUATION, "").replace(IFS, " ").split(SEPARATORS)) {
    const words = part.split(WORD_BREAKS).map((word) => word.replace(QUOTES, ""));
    const at = words.findIndex(isRm);
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
