"""PreToolUse (Bash): deny `rm` with both a recursive and a force flag, however it is written:
`rm -rf`, `rm -fr`, `rm -Rf`, `rm -r -f`, `rm --recursive --force`, `sudo rm`, `/bin/rm`,
`\\rm`, `r''m`, inside `$(...)`, backticks, `bash -c "..."`, after `;`, `&&`, `|` or a newline.
It judges words, not text: `rm` anywhere in a command, even as an argument (`echo rm -rf`,
`xargs rm -rf`, `find -exec rm -rf`), counts, since a wrong deny costs a retry and a miss
costs the files. Not a sandbox: `$RM -rf` or a script file that runs rm is not seen.
Linear in the command's length (no backtracking pattern), so a long crafted command cannot
run it past its budget. Fails closed: if this hook crashes or overruns its budget, the call
is denied."""

from __future__ import annotations

from claude_hook_protocol.kit import Reply, hook, run, tool_input

TYPE_CHECKING = False
if TYPE_CHECKING:  # types only: importing them costs nothing at run time
    from claude_hook_protocol import PreToolUseHookInput
    from claude_hook_protocol.kit import PreToolUseAnswers

# Where one simple command ends and another starts: ; & | newline ( ) ` { }
SEPARATORS = str.maketrans({c: "\n" for c in ";&|\r()`{}"})
QUOTES = str.maketrans("", "", "\"'\\")


def flags_of(word: str) -> tuple[bool, bool]:
    """Whether `word` (an option to rm) is (recursive, force): -r, -R, -f in any cluster and case;
    --recursive, --force and their prefixes."""
    if word.startswith("--"):
        return len(word) > 2 and "--recursive".startswith(word), len(word) > 2 and "--force".startswith(word)
    letters = word[1:].lower()
    return "r" in letters, "f" in letters


def is_recursive_forced_rm(command: str) -> bool:
    for part in command.translate(SEPARATORS).split("\n"):
        words = [word.translate(QUOTES) for word in part.split()]
        at = next((i for i, word in enumerate(words) if word[word.rfind("/") + 1 :].lower() == "rm"), -1)
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
