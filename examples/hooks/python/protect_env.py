"""PreToolUse (Read, Edit, Write, and MultiEdit of older Claude Code versions): keep the agent out of
.env files (.env, .env.local, .env.production, ...; .env.example stays readable), whatever the
path looks like: any case (`.ENV`: macOS and Windows file names ignore case), Windows paths
(`C:\\p\\.env`), `.` and `..` segments (`/p/x/../.env`), a trailing dot or space and an NTFS
stream (`.env::$DATA`), which Windows drops, a drive-relative path (`C:.env`). Look-alikes
(`．env`, a zero-width space) name other files: no file system folds them to `.env`. Not seen:
a symlink to a .env file, an 8.3 short name (`ENV~1`). Other ways to read a file (Bash `cat .env`, Grep)
are other tools: add them with their own rules. Linear in the path's length. Fails closed: a
crash denies the call."""

from __future__ import annotations

from claude_hook_protocol.kit import Reply, hook, run, tool_input

TYPE_CHECKING = False
if TYPE_CHECKING:
    from claude_hook_protocol import PreToolUseHookInput
    from claude_hook_protocol.kit import PreToolUseAnswers


def file_name_of(path: str) -> str:
    """The file name `path` ends at, as the file system reads it: `.`/`..` resolved, lower case,
    no NTFS stream, no trailing dots or spaces."""
    segments: list[str] = []
    for segment in path.replace("\\", "/").split("/"):
        if segment == "..":
            if segments:
                segments.pop()
        elif segment not in ("", "."):
            segments.append(segment)
    name = (segments[-1] if segments else "").lower()
    # a drive letter (`C:.env`, drive-relative), then an NTFS stream after the name (`.env::$DATA`)
    if name[1:2] == ":" and "a" <= name[:1] <= "z":
        name = name[2:]
    name = name.split(":", 1)[0]
    return name.rstrip(". ")


def is_secret_env_file(path: str) -> bool:
    name = file_name_of(path)
    return name == ".env" or (name.startswith(".env.") and name != ".env.example")


def file_path_of(call: PreToolUseHookInput) -> str | None:
    """The file the call names, its input narrowed by the tool's name: Read, Edit and Write to their
    typed inputs (`tool_input` checks the call's input against the tool's schema; one that fails it
    fails the hook, which denies: fail_closed), MultiEdit (older Claude Code versions: no 2.1.332
    schema) to any JSON object, whose `file_path` is checked here."""
    match call["tool_name"]:
        case "Read":
            return tool_input(call, "Read")["file_path"]
        case "Edit":
            return tool_input(call, "Edit")["file_path"]
        case "Write":
            return tool_input(call, "Write")["file_path"]
        case other:
            path = tool_input(call, other).get("file_path")
            return path if isinstance(path, str) else None


def protect_env(call: PreToolUseHookInput, answer: PreToolUseAnswers) -> Reply | None:
    path = file_path_of(call)
    if path is None:
        return answer.deny(call["tool_name"] + " without a file_path: blocked (this hook cannot tell whether it touches a .env file)")
    if is_secret_env_file(path):
        return answer.deny(path + " holds secrets; " + call["tool_name"] + " on .env files is blocked (use .env.example)")
    return None


run(hook("PreToolUse", protect_env, tools=["Read", "Edit", "Write", "MultiEdit"], fail_closed=True, timeout=5))
