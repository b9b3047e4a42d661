package cancelio

import (
	"context"
	"errors"
	"io"
	"strings"
	"testing"
	"time"
)

func TestReadsThrough(t *testing.T) {
	want := strings.Repeat("1 2 3 4 5 6 7 8 0\n", 10000) // several reads
	got, err := io.ReadAll(NewReader(context.Background(), strings.NewReader(want)))
	if err != nil || string(got) != want {
		t.Fatalf("read %d bytes, %v; want %d bytes", len(got), err, len(want))
	}
}

// TestCancelStopsBlockedRead cancels while a read of a pipe that nobody
// writes to is blocked: Read must return the context's error. The minute is
// a deadline for a hang, not a timing assertion.
func TestCancelStopsBlockedRead(t *testing.T) {
	pr, pw := io.Pipe()
	defer pw.Close()
	ctx, cancel := context.WithCancel(context.Background())
	r := NewReader(ctx, pr)
	done := make(chan error, 1)
	go func() {
		_, err := io.ReadAll(r)
		done <- err
	}()
	cancel()
	select {
	case err := <-done:
		if !errors.Is(err, context.Canceled) {
			t.Fatalf("ReadAll = %v, want context.Canceled", err)
		}
	case <-time.After(time.Minute):
		t.Fatal("read still blocked a minute after the cancellation")
	}
	// Data arriving later is not delivered: the reader stays cancelled.
	go pw.Write([]byte("late\n"))
	if n, err := r.Read(make([]byte, 10)); n != 0 || !errors.Is(err, context.Canceled) {
		t.Fatalf("Read after cancel = %d, %v", n, err)
	}
}

func TestCancelledBeforeRead(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if n, err := NewReader(ctx, strings.NewReader("data")).Read(make([]byte, 4)); n != 0 || !errors.Is(err, context.Canceled) {
		t.Fatalf("Read = %d, %v", n, err)
	}
}
