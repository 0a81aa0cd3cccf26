// A PreToolUse hook in Go: read the input, switch on its event, deny shell commands.
package main

import (
	"encoding/json"
	"fmt"
	"io"
	"os"

	protocol "claude-hook-protocol/generated/go"
)

func main() {
	text, _ := io.ReadAll(os.Stdin)
	input, err := protocol.UnmarshalClaudeCodeHookInput(text)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	// Variants are pointers: `case protocol.PreToolUseHookInput:` does not compile.
	if call, ok := input.(*protocol.PreToolUseHookInput); ok && call.ToolName == "Bash" {
		deny, reason := protocol.PreToolUseHookSpecificOutputPermissionDecisionDeny, "no shell here"
		answer := protocol.ClaudeCodeHookOutput{HookSpecificOutput: &protocol.PreToolUseHookSpecificOutput{PermissionDecision: &deny, PermissionDecisionReason: &reason}}
		out, _ := json.Marshal(answer)
		fmt.Println(string(out))
	}
}
