// PreToolUse (Read, Edit, Write): keep the agent out of .env files (.env, .env.local, ...;
// .env.example stays readable). Fails closed: a panic denies the call.
package main

import (
	"encoding/json"
	"regexp"
	"strings"
	"time"

	protocol "claude-hook-protocol/generated/go"
)

var secretEnvFile = regexp.MustCompile(`(^|/)\.env(\.[^/]+)?$`)

func main() {
	protocol.Run(protocol.OnPreToolUse(func(call *protocol.PreToolUseHookInput, answer protocol.PreToolUseAnswers) *protocol.Reply {
		var file struct {
			FilePath string `json:"file_path"` // Read, Edit and Write all name the file so
		}
		if err := json.Unmarshal(call.ToolInput, &file); err != nil {
			panic(err)
		}
		if secretEnvFile.MatchString(file.FilePath) && !strings.HasSuffix(file.FilePath, ".env.example") {
			return answer.Deny(file.FilePath + " holds secrets; " + call.ToolName + " on .env files is blocked (use .env.example)")
		}
		return nil
	}, protocol.HookOptions{Tools: []string{"Read", "Edit", "Write"}, FailClosed: true, Timeout: 5 * time.Second}))
}
