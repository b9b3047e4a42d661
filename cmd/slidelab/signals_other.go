//go:build !unix

package main

import "os"

// platformSignals are the signals that stop a run cleanly: on Windows only
// Ctrl-C (and Ctrl-Break), which Go reports as os.Interrupt.
func platformSignals() []os.Signal {
	return []os.Signal{os.Interrupt}
}
