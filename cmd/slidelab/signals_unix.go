//go:build unix

package main

import (
	"os"
	"syscall"
)

// platformSignals are the signals that stop a run cleanly: Ctrl-C, kill's
// default, a closed terminal and Ctrl-\.
func platformSignals() []os.Signal {
	return []os.Signal{syscall.SIGINT, syscall.SIGTERM, syscall.SIGHUP, syscall.SIGQUIT}
}
