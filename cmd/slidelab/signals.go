package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"strings"
	"sync"
	"syscall"
)

// signalCause is the cause of a context cancelled by a signal (see
// notifySignals): it names the signal and gives the exit status.
type signalCause struct{ sig os.Signal }

func (c signalCause) Error() string { return "interrupted by " + signalName(c.sig) }

// status is the conventional exit status of a run a signal stopped: 128 plus
// the signal's number (130 for SIGINT, 143 for SIGTERM, 129 for SIGHUP, 131
// for SIGQUIT), what a shell reports for a process the signal killed.
func (c signalCause) status() int {
	if s, ok := c.sig.(syscall.Signal); ok && s > 0 && s < 128 {
		return 128 + int(s)
	}
	return exitInterrupted
}

// signalName names sig as kill(1) does: "SIGINT", "SIGTERM".
func signalName(sig os.Signal) string {
	switch sig {
	case syscall.SIGINT:
		return "SIGINT"
	case syscall.SIGTERM:
		return "SIGTERM"
	case syscall.SIGHUP:
		return "SIGHUP"
	case syscall.SIGQUIT:
		return "SIGQUIT"
	}
	return strings.ToUpper(sig.String())
}

// interruptStatus returns the exit status of a run that ended interrupted
// under ctx: 128 plus the number of the signal that cancelled it, or 130
// (a cancellation without a signal, as in tests).
func interruptStatus(ctx context.Context) int {
	var c signalCause
	if errors.As(context.Cause(ctx), &c) {
		return c.status()
	}
	return exitInterrupted
}

// notifySignals returns a context that the first of the handled signals
// (handledSignals: SIGINT, SIGTERM, SIGHUP and SIGQUIT on Unix) cancels,
// with a signalCause as its cause. Commands then stop their searches,
// builds, reads and output loops, remove their temporary files and exit
// with interruptStatus. A second signal ends the process at once with its
// status, after one line on stderr: what a killed run leaves (a temporary
// file) is removed by the next run (see internal/atomicfile). stop releases
// the signals; calling it again does nothing.
func notifySignals(parent context.Context, stderr io.Writer) (ctx context.Context, stop func()) {
	ctx, cancel := context.WithCancelCause(parent)
	ch := make(chan os.Signal, 2)
	signal.Notify(ch, handledSignals()...)
	done := make(chan struct{})
	go func() {
		select {
		case sig := <-ch:
			cancel(signalCause{sig})
		case <-done:
			return
		}
		select {
		case sig := <-ch:
			c := signalCause{sig}
			fmt.Fprintf(stderr, "slidelab: %s again: stopping at once\n", signalName(sig))
			os.Exit(c.status())
		case <-done:
		}
	}()
	var once sync.Once
	return ctx, func() {
		once.Do(func() {
			signal.Stop(ch)
			close(done)
			cancel(nil)
		})
	}
}

// handledSignals lists the signals that stop a run cleanly. SIGQUIT
// (Ctrl-\) is one of them: a user quitting a command line tool wants it
// stopped and its temporary files removed, not Go's dump of every
// goroutine. A developer who wants that dump sets GOTRACEBACK (to all,
// system or crash), and SIGQUIT is then left to Go's runtime.
func handledSignals() []os.Signal {
	sigs := platformSignals()
	switch os.Getenv("GOTRACEBACK") {
	case "all", "system", "crash", "2":
		sigs = removeSignal(sigs, syscall.SIGQUIT)
	}
	return sigs
}

func removeSignal(sigs []os.Signal, drop os.Signal) []os.Signal {
	out := sigs[:0]
	for _, s := range sigs {
		if s != drop {
			out = append(out, s)
		}
	}
	return out
}
