"""PreToolUse (Read, Edit, Write): keep the agent out of .env files (.env, .env.local, ...;
.env.example stays readable). Fails closed: a crash denies the call."""

from __future__ import annotations

import re

from claude_hook_protocol.kit import Reply, hook, run

TYPE_CHECKING = False
if TYPE_CHECKING:
    from claude_hook_protocol import PreToolUseHookInput
    from claude_hook_protocol.kit import PreToolUseAnswers

SECRET_ENV_FILE = re.compile(r"(^|/)\.env(\.(?!example$)[^/]+)?$")


def protect_env(call: PreToolUseHookInput, answer: PreToolUseAnswers) -> Reply | None:
    path = call["tool_input"].get("file_path")  # Read, Edit and Write all name the file so
    if isinstance(path, str) and SECRET_ENV_FILE.search(path):
        return answer.deny(path + " holds secrets; " + call["tool_name"] + " on .env files is blocked (use .env.example)")
    return None


run(hook("PreToolUse", protect_env, tools=["Read", "Edit", "Write"], fail_closed=True, timeout=5))
