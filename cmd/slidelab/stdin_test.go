package main

import (
	"bytes"
	"context"
	"io"
	"strings"
	"testing"
	"time"
)

// closedOnCancel is a standard input that blocks until ctx ends and then
// reports end of input, as a terminal or a pipe whose writer was stopped by
// the same Ctrl-C does.
type closedOnCancel struct{ ctx context.Context }

func (r closedOnCancel) Read([]byte) (int, error) {
	<-r.ctx.Done()
	return 0, io.EOF
}

// TestSolveStdinInterrupted interrupts "slidelab solve" while it waits for
// boards on stdin: it must stop with 130, not wait for the input and not
// report "no boards" (status 2) when the input ends because of the same
// signal. The minute bounds a hang; it is not a timing assertion.
func TestSolveStdinInterrupted(t *testing.T) {
	never, stop := io.Pipe() // a writer that never writes nor closes
	defer stop.Close()
	tests := []struct {
		name  string
		stdin func(ctx context.Context) io.Reader
	}{
		{"input never ends", func(context.Context) io.Reader { return never }},
		{"input ends with the signal", func(ctx context.Context) io.Reader { return closedOnCancel{ctx} }},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			ctx, cancel := context.WithCancel(context.Background())
			var errb bytes.Buffer
			done := make(chan int, 1)
			go func() {
				done <- run(ctx, &env{stdin: tc.stdin(ctx), stdout: io.Discard, stderr: &errb}, []string{"solve"})
			}()
			cancel()
			select {
			case code := <-done:
				if code != exitInterrupted || !strings.Contains(errb.String(), "interrupted") {
					t.Fatalf("exit %d, stderr %q; want 130", code, errb.String())
				}
			case <-time.After(time.Minute):
				t.Fatal("solve still waiting on stdin a minute after the interrupt")
			}
		})
	}
}
