"""A PreToolUse hook in Python: read the input, narrow on its event, deny shell commands."""
import sys

from claude_hook_protocol import ClaudeCodeHookOutput, parse_claude_code_hook_input, serialize_claude_code_hook_output

hook_input = parse_claude_code_hook_input(sys.stdin.read())
if hook_input["hook_event_name"] == "PreToolUse" and hook_input["tool_name"] == "Bash":
    answer: ClaudeCodeHookOutput = {
        "hookSpecificOutput": {"hookEventName": "PreToolUse", "permissionDecision": "deny", "permissionDecisionReason": "no shell here"}
    }
    print(serialize_claude_code_hook_output(answer))
