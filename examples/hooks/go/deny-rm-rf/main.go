// PreToolUse (Bash): deny any command containing `rm -rf`; say nothing otherwise.
// Fails closed: if this hook panics or overruns its budget, the call is denied.
package main

import (
	"regexp"
	"time"

	protocol "claude-hook-protocol/generated/go"
)

var rmRf = regexp.MustCompile(`\brm\s+-[a-zA-Z]*r[a-zA-Z]*f|\brm\s+-[a-zA-Z]*f[a-zA-Z]*r`)

func main() {
	protocol.Run(protocol.OnPreToolUse(func(call *protocol.PreToolUseHookInput, answer protocol.PreToolUseAnswers) *protocol.Reply {
		bash, err := protocol.UnmarshalBashToolInput(call.ToolInput)
		if err != nil {
			panic(err) // fails closed
		}
		if rmRf.MatchString(bash.Command) {
			return answer.Deny("rm -rf is blocked by policy: delete files one by one, or ask the user")
		}
		return nil
	}, protocol.HookOptions{Tools: []string{"Bash"}, FailClosed: true, Timeout: 5 * time.Second}))
}
