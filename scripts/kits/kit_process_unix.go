//go:build unix

package claudehookprotocol

import (
	"os"
	"syscall"
)

// ownStdout gives the kit the agent's stdout: moved off fd 1 to a descriptor
// no process the handler starts inherits (close-on-exec), and fd 1 made
// stderr's, so that what the handler writes to fd 1 (os.Stdout taken at
// package level, log.SetOutput(os.Stdout) in init, syscall.Write(1, ...)) and
// what its children write to their stdout go to stderr. Without a descriptor
// to spare, stdout stays where it is.
func ownStdout() *os.File {
	syscall.ForkLock.RLock()
	saved, err := syscall.Dup(1)
	if err == nil {
		syscall.CloseOnExec(saved)
	}
	syscall.ForkLock.RUnlock()
	if err != nil {
		return os.Stdout
	}
	if err := moveFd(2, 1); err != nil {
		syscall.Close(saved)
		return os.Stdout
	}
	return os.NewFile(uintptr(saved), "/dev/stdout")
}

// endingSignals end a Go program by default (os/signal; SIGQUIT with a stack dump, exit 2; Go ignores SIGUSR1,
// SIGUSR2 and SIGALRM unless notified): while the hook runs, each ends it with the failure answer.
var endingSignals = []os.Signal{syscall.SIGTERM, syscall.SIGHUP, syscall.SIGINT, syscall.SIGQUIT}
