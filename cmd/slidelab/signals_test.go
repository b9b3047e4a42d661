package main

import (
	"bytes"
	"context"
	"io"
	"os"
	"slices"
	"strings"
	"syscall"
	"testing"
)

// TestSignalStatus cancels runs as each handled signal would: the status is
// 128 + the signal's number, and the output stops on a whole line.
func TestSignalStatus(t *testing.T) {
	tests := []struct {
		sig  syscall.Signal
		code int
	}{{syscall.SIGINT, 130}, {syscall.SIGHUP, 129}, {syscall.SIGQUIT, 131}, {syscall.SIGTERM, 143}}
	for _, tc := range tests {
		t.Run(signalName(tc.sig), func(t *testing.T) {
			ctx, cancel := context.WithCancelCause(context.Background())
			out := &cancelAfter{n: 1000, cancel: func() { cancel(signalCause{tc.sig}) }}
			var errb bytes.Buffer
			code := run(ctx, &env{stdin: strings.NewReader(""), stdout: out, stderr: &errb},
				[]string{"random", "--size", "3x3", "--count", "100000000", "--seed", "1"})
			if code != tc.code || !strings.Contains(errb.String(), "slidelab random: interrupted") {
				t.Fatalf("exit %d, stderr %q; want %d", code, errb.String(), tc.code)
			}
			if out.lines < 1000 || out.lines > 1001 || !bytes.HasSuffix(out.buf.Bytes(), []byte("\n")) {
				t.Fatalf("%d lines after the signal at line 1000; want it to stop at once, on a whole line", out.lines)
			}
		})
	}
}

// cancelAfter counts lines written to it and calls cancel at the n-th.
type cancelAfter struct {
	n, lines int
	cancel   func()
	buf      bytes.Buffer
}

func (w *cancelAfter) Write(p []byte) (int, error) {
	w.lines += bytes.Count(p, []byte("\n"))
	if w.lines >= w.n {
		w.cancel()
	}
	return w.buf.Write(p)
}

// TestHandledSignals checks SIGQUIT is handled unless a developer asks
// Go's runtime for its goroutine dump with GOTRACEBACK.
func TestHandledSignals(t *testing.T) {
	for _, tc := range []struct {
		env  string
		quit bool
	}{{"", true}, {"single", true}, {"all", false}, {"crash", false}} {
		t.Setenv("GOTRACEBACK", tc.env)
		sigs := handledSignals()
		if slices.Contains(sigs, os.Signal(syscall.SIGQUIT)) != tc.quit && len(sigs) > 1 {
			t.Errorf("GOTRACEBACK=%q: signals %v; SIGQUIT handled should be %v", tc.env, sigs, tc.quit)
		}
	}
}

// TestNotifySignalsStop checks that stop may be called twice (main defers
// it and calls it before os.Exit) and cancels the context without a cause.
func TestNotifySignalsStop(t *testing.T) {
	ctx, stop := notifySignals(context.Background(), io.Discard)
	stop()
	stop()
	if ctx.Err() == nil || interruptStatus(ctx) != exitInterrupted {
		t.Fatalf("after stop: err %v, status %d", ctx.Err(), interruptStatus(ctx))
	}
}
