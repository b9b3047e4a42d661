//go:build !unix

package inputfile

import "os"

// openNonblocking opens path read-only. Systems other than Unix have no
// FIFOs in the file system that an open could wait on (Windows' named
// pipes live under \\.\pipe\ and are refused by the check after the open).
func openNonblocking(path string) (*os.File, error) {
	return os.Open(path)
}
