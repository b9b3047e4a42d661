//go:build unix

package inputfile

import (
	"errors"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestOpenFIFODoesNotBlock opens a FIFO that no process writes to: a plain
// open would wait for a writer forever; Open must refuse it at once. The
// bound is a generous deadline for a hang, not a timing assertion.
func TestOpenFIFODoesNotBlock(t *testing.T) {
	path := filepath.Join(t.TempDir(), "table.slpdb")
	if err := syscall.Mkfifo(path, 0o644); err != nil {
		t.Skipf("mkfifo: %v", err)
	}
	for name, open := range map[string]func() error{
		"Open":     func() error { _, err := Open(path); return err },
		"ReadFile": func() error { _, err := ReadFile(path, 1<<20); return err },
	} {
		done := make(chan error, 1)
		go func() { done <- open() }()
		select {
		case err := <-done:
			if !errors.Is(err, ErrNotRegular) || !strings.HasSuffix(err.Error(), path+": not a regular file (a FIFO)") {
				t.Errorf("%s(FIFO) = %v", name, err)
			}
		case <-time.After(time.Minute):
			t.Fatalf("%s(FIFO) still blocked after a minute", name)
		}
	}
}
