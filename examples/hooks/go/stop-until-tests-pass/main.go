// Stop: keep the agent working until the tests pass ($KIT_TEST_COMMAND, default `npm test`).
// Once it is already continuing because of this hook (stop_hook_active), it lets it stop.
package main

import (
	"os"
	"os/exec"
	"strings"
	"time"

	protocol "claude-hook-protocol/generated/go"
)

func main() {
	testCommand := os.Getenv("KIT_TEST_COMMAND")
	if testCommand == "" {
		testCommand = "npm test"
	}
	protocol.Run(protocol.OnStop(func(call *protocol.StopHookInput, answer protocol.StopAnswers) *protocol.Reply {
		if call.StopHookActive {
			return nil
		}
		command := exec.Command("sh", "-c", testCommand)
		command.Dir = call.Cwd
		output, err := command.CombinedOutput()
		if err == nil {
			return nil
		}
		var lines []string
		for _, line := range strings.Split(strings.TrimSpace(string(output)), "\n") {
			if strings.TrimSpace(line) != "" {
				lines = append(lines, line)
			}
		}
		if len(lines) > 10 {
			lines = lines[len(lines)-10:]
		}
		return answer.Block("The tests fail (" + testCommand + "); fix them before you finish:\n" + strings.Join(lines, "\n"))
	}, protocol.HookOptions{Timeout: 540 * time.Second}))
}
