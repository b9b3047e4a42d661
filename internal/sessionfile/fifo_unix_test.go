//go:build unix

package sessionfile

import (
	"errors"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestLoadFIFO opens a FIFO nobody writes to as a session file: it must be
// refused at once, by name (the minute is a deadline for a hang, not a
// timing assertion).
func TestLoadFIFO(t *testing.T) {
	path := filepath.Join(t.TempDir(), "lesson.slidelab")
	if err := syscall.Mkfifo(path, 0o644); err != nil {
		t.Skipf("mkfifo: %v", err)
	}
	done := make(chan error, 1)
	go func() {
		_, err := Load(path)
		done <- err
	}()
	select {
	case err := <-done:
		if !errors.Is(err, ErrNotSession) || !strings.Contains(err.Error(), path+": not a regular file (a FIFO)") {
			t.Fatalf("got %v", err)
		}
	case <-time.After(time.Minute):
		t.Fatal("still blocked on the FIFO after a minute")
	}
}
