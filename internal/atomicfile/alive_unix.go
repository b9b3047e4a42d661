//go:build unix

package atomicfile

import (
	"errors"
	"syscall"
)

// processAlive reports whether a process with id pid runs: signal 0 checks
// without sending anything. Only "no such process" counts as dead; a
// process of another user (EPERM) is alive.
func processAlive(pid int) bool {
	return !errors.Is(syscall.Kill(pid, 0), syscall.ESRCH)
}
