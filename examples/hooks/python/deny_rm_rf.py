"""PreToolUse (Bash): deny any command containing `rm -rf`; say nothing otherwise.
Fails closed: if this hook crashes or overruns its budget, the call is denied."""

from __future__ import annotations

import re

from claude_hook_protocol.kit import Reply, hook, run, tool_input

TYPE_CHECKING = False
if TYPE_CHECKING:  # types only: importing them costs nothing at run time
    from claude_hook_protocol import PreToolUseHookInput
    from claude_hook_protocol.kit import PreToolUseAnswers

RM_RF = re.compile(r"\brm\s+-[a-zA-Z]*r[a-zA-Z]*f|\brm\s+-[a-zA-Z]*f[a-zA-Z]*r")


def deny_rm_rf(call: PreToolUseHookInput, answer: PreToolUseAnswers) -> Reply | None:
    if RM_RF.search(tool_input(call, "Bash")["command"]):
        return answer.deny("rm -rf is blocked by policy: delete files one by one, or ask the user")
    return None


run(hook("PreToolUse", deny_rm_rf, tools=["Bash"], fail_closed=True, timeout=5))
