"""PreToolUse (Bash): deny `rm` with both a recursive and a force flag, however it is written:
`rm -rf`, `rm -fr`, `rm -Rf`, `rm -r -f`, `rm --recursive --force`, `--interactive=never`
(force by another name), `sudo rm`, `/bin/rm`, `rm.exe`, `\\rm`, `r''m`, `r\\<newline>m`,
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


def is_recursive_forced_rm(command: str) -> bool:
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
