package claudehookprotocol

import "syscall"

// moveFd makes `to` a copy of `from` (Linux on arm64 and riscv64 has dup3, not dup2).
func moveFd(from, to int) error { return syscall.Dup3(from, to, 0) }
