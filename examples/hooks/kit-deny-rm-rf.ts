// TypeScript twin of kit-deny-rm-rf.mjs (type-checked by test/kit-examples.test.ts).
// PreToolUse (Bash): deny `rm` with both a recursive and a force flag, however it is written:
// `rm -rf`, `rm -fr`, `rm -Rf`, `rm -r -f`, `rm --recursive --force`, `--interactive=never`
// (force by another name), `sudo rm`, `/bin/rm`, `rm.exe`, `\rm`, `r''m`, `r\<newline>m`, the shell's
// ANSI-C and locale quoting (`$'rm'`, `r$'m'`, `$'\x72m'`, `$'\162m'`, `$'\u0072m'`, `$"rm"`),
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

/** ANSI-C quoting's one-letter escapes (`$'\t'`), as bash reads them. */
const ANSI_C_ESCAPES: Record<string, string> = { a: "\x07", b: "\b", e: "\x1b", E: "\x1b", f: "\f", n: "\n", r: "\r", t: "\t", v: "\v", "\\": "\\", "'": "'", '"': '"', "?": "?" };
const HEX_DIGIT = /^[0-9a-fA-F]$/;
const OCTAL_DIGIT = /^[0-7]$/;

/**
 * The command with the shell's own quoting read as bash reads it: `$'...'` with its escapes (`$'\x72m'`, `$'\162m'`,
 * `$'\u0072m'`, `$'\cM'`; a NUL escape ends the quoted text) and `$"..."` as `"..."`. Read anywhere, even inside
 * other quotes (`bash -c "\$'rm' -rf /"` runs it), so it is judged beside the command as written, never instead.
 */
function shellQuotingRead(command: string): string {
  let out = "";
  let i = 0;
  for (let at = command.indexOf("$"); at !== -1; at = command.indexOf("$", i)) {
    out += command.slice(i, at);
    if (command[at + 1] !== "'") {
      // `$"..."` is `"..."` (a translation of it, where there is one)
      out += command[at + 1] === '"' ? "" : "$";
      i = at + 1;
      continue;
    }
    let j = at + 2;
    let ended = false;
    const add = (text: string) => void (ended || (out += text));
    /** The value of up to `most` digits at j (-1: none). */
    const digits = (digit: RegExp, base: number, most: number): number => {
      let value = -1;
      for (let count = 0; count < most && j < command.length && digit.test(command[j]!); count++, j++) value = (value === -1 ? 0 : value) * base + parseInt(command[j]!, 16);
      return value;
    };
    /** A character from its code, or the end of the quoted text for a NUL. */
    const character = (code: number) => (code === 0 ? void (ended = true) : add(code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff) ? "\ufffd" : String.fromCodePoint(code)));
    while (j < command.length && command[j] !== "'") {
      const escape = command[j] === "\\" ? command[j + 1] : undefined;
      if (escape === undefined) {
        add(command[j++]!);
        continue;
      }
      j += 2;
      if (escape in ANSI_C_ESCAPES) add(ANSI_C_ESCAPES[escape]!);
      else if (OCTAL_DIGIT.test(escape)) {
        j--;
        character(digits(OCTAL_DIGIT, 8, 3) & 0xff);
      } else if (escape === "x" && command[j] === "{") {
        // `\x{172}`: any number of digits, the last byte of their value
        let value = 0;
        for (j++; j < command.length && HEX_DIGIT.test(command[j]!); j++) value = (value * 16 + parseInt(command[j]!, 16)) & 0xff;
        if (command[j] === "}") j++;
        character(value);
      } else if (escape === "x" || escape === "u" || escape === "U") {
        const value = digits(HEX_DIGIT, 16, escape === "x" ? 2 : escape === "u" ? 4 : 8);
        if (value === -1) add(`\\${escape}`);
        else character(value);
      } else if (escape === "c" && j < command.length) {
        // a control character: `\cM` is a carriage return; `\c\\` takes both backslashes (a lone surrogate is U+FFFD, as the agent writes it)
        const point = command.codePointAt(j)!;
        const code = point >= 0xd800 && point <= 0xdfff ? 0xfffd : point;
        j += command.startsWith("\\\\", j) ? 2 : code > 0xffff ? 2 : 1;
        character(code & 0x1f);
      } else add(`\\${escape}`);
    }
    i = j + 1;
  }
  return out + command.slice(i);
}

function judgedRm(command: string): boolean {
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

/** Whether the command runs rm with a recursive and a force flag: as written, and as the shell reads its own quoting. */
function isRecursiveForcedRm(command: string): boolean {
  const read = shellQuotingRead(command);
  return judgedRm(command) || (read !== command && judgedRm(read));
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
