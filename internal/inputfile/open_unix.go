//go:build unix

package inputfile

import (
	"os"
	"syscall"
)

// openNonblocking opens path read-only with O_NONBLOCK: opening a FIFO
// without a writer, a terminal or a modem line returns at once instead of
// waiting. Reads from a regular file are not affected by the flag.
func openNonblocking(path string) (*os.File, error) {
	return os.OpenFile(path, os.O_RDONLY|syscall.O_NONBLOCK, 0)
}
