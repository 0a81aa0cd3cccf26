"""PreToolUse (Bash): deny `rm` with both a recursive and a force flag, however it is written:
`rm -rf`, `rm -fr`, `rm -Rf`, `rm -r -f`, `rm --recursive --force`, `--interactive=never`
(force by another name), `sudo rm`, `/bin/rm`, `rm.exe`, `\\rm`, `r''m`, `r\\<newline>m`, the shell's
ANSI-C and locale quoting (`$'rm'`, `r$'m'`, `$'\\x72m'`, `$'\\162m'`, `$'\\u0072m'`, `$"rm"`),
`rm${IFS}-rf`, `{rm,-rf,/}`, `rm>x -rf`, inside `$(...)`, backticks, `bash -c "..."`, after
`;`, `&&`, `|` or a newline. A flag spelled with an expansion (`rm -r$F`) counts as both.
It judges words, not text: `rm` anywhere in a command, even as an argument (`echo rm -rf`,
`xargs rm -rf`, `find -exec rm -rf`), counts, since a wrong deny costs a retry and a miss
costs the files. Not a sandbox: `$RM -rf` or a script file that runs rm is not seen. Look-alikes
(`ｒｍ`, `rm —rf`) are not rm or not flags to the shell, so they delete nothing and pass. Scope:
recursive AND forced; without a terminal (Claude's Bash tool) `rm -r` alone does not ask either,
so add `recursive` alone to the rule if that matters to you. `rm -r -- -f` removes a file named
`-f` (after `--` nothing is a flag): not forced.
Linear in the command's length (no backtracking pattern), so a long crafted command cannot
run it past its budget. Fails closed: if this hook crashes or overruns its budget, the call
is denied."""

from __future__ import annotations

import re

from claude_hook_protocol.kit import Reply, hook, run, tool_input

TYPE_CHECKING = False
if TYPE_CHECKING:  # types only: importing them costs nothing at run time
    from claude_hook_protocol import PreToolUseHookInput
    from claude_hook_protocol.kit import PreToolUseAnswers

# Where one simple command ends and another starts: ; & | newline ( ) ` { }
SEPARATORS = str.maketrans({c: "\n" for c in ";&|\r()`{}"})
# Between words: blanks (JavaScript's \s, as the TypeScript example reads them), redirections
# (`rm>x -rf`) and brace-expansion commas (`{rm,-rf,/}`).
WORD_BREAKS = re.compile("[\t\n\v\f\r \u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff<>,]+")
QUOTES = str.maketrans("", "", "\"'\\")
# The shell's word separator spelled out (`rm${IFS}-rf`), read as a blank.
IFS = re.compile(r"\$\{?IFS\}?")
# A backslash before a newline joins the two lines (`r\<newline>m`).
CONTINUATION = re.compile(r"\\\r?\n")
NEVER_ASK = ("never", "no", "none")


def flags_of(word: str) -> tuple[bool, bool]:
    """Whether `word` (an option to rm) is (recursive, force): -r, -R, -f in any cluster and case;
    --recursive, --force, --interactive=never and their prefixes."""
    if word.startswith("--"):
        name, _, value = word.partition("=")

        def long(option: str) -> bool:
            return len(name) > 2 and option.startswith(name)

        return long("--recursive"), long("--force") or (long("--interactive") and value.lower() in NEVER_ASK)
    # an expansion in a cluster (`-r$F`) could be any letter
    if "$" in word:
        return True, True
    letters = word[1:].lower()
    return "r" in letters, "f" in letters


def is_rm(word: str) -> bool:
    """Whether `word` names rm: any directory, any case (macOS and Windows file systems), `rm.exe`."""
    name = word[word.rfind("/") + 1 :].lower()
    return name in ("rm", "rm.exe")


# ANSI-C quoting's one-letter escapes (`$'\t'`), as bash reads them.
ANSI_C_ESCAPES = {"a": "\x07", "b": "\b", "e": "\x1b", "E": "\x1b", "f": "\f", "n": "\n", "r": "\r", "t": "\t", "v": "\v", "\\": "\\", "'": "'", '"': '"', "?": "?"}
HEX_DIGITS = "0123456789abcdefABCDEF"
OCTAL_DIGITS = "01234567"


def shell_quoting_read(command: str) -> str:
    """The command with the shell's own quoting read as bash reads it: `$'...'` with its escapes (`$'\\x72m'`,
    `$'\\162m'`, `$'\\u0072m'`, `$'\\cM'`; a NUL escape ends the quoted text) and `$"..."` as `"..."`. Read anywhere,
    even inside other quotes (`bash -c "\\$'rm' -rf /"` runs it), so it is judged beside the command as written."""
    out: list[str] = []
    i = 0
    at = command.find("$")
    while at != -1:
        out.append(command[i:at])
        if command[at + 1 : at + 2] != "'":
            # `$"..."` is `"..."` (a translation of it, where there is one)
            out.append("" if command[at + 1 : at + 2] == '"' else "$")
            i = at + 1
            at = command.find("$", i)
            continue
        j = at + 2
        ended = False

        def add(text: str) -> None:
            if not ended:
                out.append(text)

        def digits(allowed: str, base: int, most: int) -> int:
            nonlocal j
            value = -1
            count = 0
            while count < most and j < len(command) and command[j] in allowed:
                value = (0 if value == -1 else value) * base + int(command[j], 16)
                j += 1
                count += 1
            return value

        def character(code: int) -> None:
            nonlocal ended
            if code == 0:
                ended = True
            else:
                add("\ufffd" if code > 0x10FFFF or 0xD800 <= code <= 0xDFFF else chr(code))

        while j < len(command) and command[j] != "'":
            escape = command[j + 1] if command[j] == "\\" and j + 1 < len(command) else None
            if escape is None:
                add(command[j])
                j += 1
                continue
            j += 2
            if escape in ANSI_C_ESCAPES:
                add(ANSI_C_ESCAPES[escape])
            elif escape in OCTAL_DIGITS:
                j -= 1
                character(digits(OCTAL_DIGITS, 8, 3) & 0xFF)
            elif escape == "x" and command[j : j + 1] == "{":
                # `\\x{172}`: any number of digits, the last byte of their value
                value = 0
                j += 1
                while j < len(command) and command[j] in HEX_DIGITS:
                    value = (value * 16 + int(command[j], 16)) & 0xFF
                    j += 1
                if command[j : j + 1] == "}":
                    j += 1
                character(value)
            elif escape in ("x", "u", "U"):
                value = digits(HEX_DIGITS, 16, 2 if escape == "x" else 4 if escape == "u" else 8)
                if value == -1:
                    add("\\" + escape)
                else:
                    character(value)
            elif escape == "c" and j < len(command):
                # a control character: `\\cM` is a carriage return; `\\c\\\\` takes both backslashes
                code = ord(command[j])
                code = 0xFFFD if 0xD800 <= code <= 0xDFFF else code  # a lone surrogate, as the agent writes it
                j += 2 if command.startswith("\\\\", j) else 1
                character(code & 0x1F)
            else:
                add("\\" + escape)
        i = j + 1
        at = command.find("$", i)
    out.append(command[i:])
    return "".join(out)


def is_recursive_forced_rm(command: str) -> bool:
    """Whether the command runs rm with a recursive and a force flag: as written, and as the shell reads its own quoting."""
    read = shell_quoting_read(command)
    return judged_rm(command) or (read != command and judged_rm(read))


def judged_rm(command: str) -> bool:
    for part in IFS.sub(" ", CONTINUATION.sub("", command)).translate(SEPARATORS).split("\n"):
        words = [word.translate(QUOTES) for word in WORD_BREAKS.split(part)]
        at = next((i for i, word in enumerate(words) if is_rm(word)), -1)
        if at == -1:
            continue
        recursive = force = False
        for word in words[at + 1 :]:
            if word == "--":
                break
            if not word.startswith("-") or word == "-":
                continue
            word_recursive, word_force = flags_of(word)
            recursive = recursive or word_recursive
            force = force or word_force
        if recursive and force:
            return True
    return False


def deny_rm_rf(call: PreToolUseHookInput, answer: PreToolUseAnswers) -> Reply | None:
    if is_recursive_forced_rm(tool_input(call, "Bash")["command"]):
        return answer.deny("rm -rf is blocked by policy: delete files one by one, or ask the user")
    return None


run(hook("PreToolUse", deny_rm_rf, tools=["Bash"], fail_closed=True, timeout=5))
