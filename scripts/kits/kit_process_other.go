//go:build !unix

package claudehookprotocol

import (
	"os"
	"syscall"
)

// ownStdout: stdout as the process got it (no descriptors to move here).
func ownStdout() *os.File { return os.Stdout }

// endingSignals end a process by default: while the hook runs, each ends it with the failure answer.
var endingSignals = []os.Signal{syscall.SIGTERM, syscall.SIGHUP, syscall.SIGINT}
