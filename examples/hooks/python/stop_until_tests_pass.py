"""Stop: keep the agent working until the tests pass ($KIT_TEST_COMMAND, default `npm test`).
Once it is already continuing because of this hook (stop_hook_active), it lets it stop."""

from __future__ import annotations

import os
import subprocess

from claude_hook_protocol.kit import Reply, hook, run

TYPE_CHECKING = False
if TYPE_CHECKING:
    from claude_hook_protocol import StopHookInput
    from claude_hook_protocol.kit import StopAnswers

TEST_COMMAND = os.environ.get("KIT_TEST_COMMAND", "npm test")


def stop_until_tests_pass(call: StopHookInput, answer: StopAnswers) -> Reply | None:
    if call["stop_hook_active"]:
        return None
    done = subprocess.run(["sh", "-c", TEST_COMMAND], cwd=call["cwd"], capture_output=True, text=True, timeout=530)
    if done.returncode == 0:
        return None
    lines = [line for line in (done.stdout + done.stderr).strip().split("\n") if line.strip() != ""]
    return answer.block("The tests fail (" + TEST_COMMAND + "); fix them before you finish:\n" + "\n".join(lines[-10:]))


run(hook("Stop", stop_until_tests_pass, timeout=540))
