//go:build unix && !linux

package claudehookprotocol

import "syscall"

// moveFd makes `to` a copy of `from`.
func moveFd(from, to int) error { return syscall.Dup2(from, to) }
