//go:build unix

package board

import (
	"errors"
	"path/filepath"
	"syscall"
	"testing"
	"time"

	"github.com/slidelab/slidelab/internal/inputfile"
)

// TestReadInstanceFileFIFO gives a FIFO nobody writes to as an instance
// file: it must be refused at once, not waited on (the minute is a deadline
// for a hang, not a timing assertion).
func TestReadInstanceFileFIFO(t *testing.T) {
	path := filepath.Join(t.TempDir(), "korf.txt")
	if err := syscall.Mkfifo(path, 0o644); err != nil {
		t.Skipf("mkfifo: %v", err)
	}
	done := make(chan error, 1)
	go func() {
		_, err := ReadInstanceFile(path, Size4x4, BlankLast)
		done <- err
	}()
	select {
	case err := <-done:
		if !errors.Is(err, inputfile.ErrNotRegular) {
			t.Fatalf("got %v, want a not-a-regular-file error", err)
		}
	case <-time.After(time.Minute):
		t.Fatal("still blocked on the FIFO after a minute")
	}
}
