//go:build unix

package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
)

// hangLimit bounds how long a test waits for the binary to stop after a
// signal: far beyond any prompt stop on a loaded machine, it only turns a
// hang into a failure. No test asserts a duration.
const hangLimit = 2 * time.Minute

// buildBinary builds slidelab into a temporary directory.
func buildBinary(t *testing.T) string {
	t.Helper()
	bin := filepath.Join(t.TempDir(), "slidelab")
	out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput()
	if err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	return bin
}

// childEnv is the environment of the binary under test: its own table
// cache, and no GOTRACEBACK (which would leave SIGQUIT to Go's runtime).
func childEnv(cache string) []string {
	var env []string
	for _, kv := range os.Environ() {
		if !strings.HasPrefix(kv, "GOTRACEBACK=") && !strings.HasPrefix(kv, "SLIDELAB_CACHE=") {
			env = append(env, kv)
		}
	}
	return append(env, "SLIDELAB_CACHE="+cache)
}

// exitOf waits for cmd (whose Wait runs in done) and returns its exit
// status, or the signal that killed it.
func exitOf(t *testing.T, cmd *exec.Cmd, done <-chan error) (int, syscall.Signal) {
	t.Helper()
	select {
	case err := <-done:
		var ee *exec.ExitError
		if err != nil && !errors.As(err, &ee) {
			t.Fatalf("wait: %v", err)
		}
		ws := cmd.ProcessState.Sys().(syscall.WaitStatus)
		if ws.Signaled() {
			return -1, ws.Signal()
		}
		return ws.ExitStatus(), 0
	case <-time.After(hangLimit):
		cmd.Process.Kill()
		<-done
		t.Fatalf("%v still running %v after the signal", cmd.Args, hangLimit)
		return 0, 0
	}
}

func start(t *testing.T, cmd *exec.Cmd) <-chan error {
	t.Helper()
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	return done
}

// TestSignals runs the real binary and signals it where it used to block or
// loop on: each run must stop, clean up and exit with 128 + the signal.
func TestSignals(t *testing.T) {
	bin := buildBinary(t)
	cache := t.TempDir()
	t.Run("solve reading stdin", func(t *testing.T) { testStdinSignals(t, bin, cache) })
	t.Run("random to a reader", func(t *testing.T) { testRandomSIGTERM(t, bin, cache) })
	t.Run("trace whole lines", func(t *testing.T) { testTraceSIGHUP(t, bin, cache) })
	t.Run("animate temporary files", func(t *testing.T) { testAnimateTemps(t, bin, cache) })
}

// testStdinSignals sends each handled signal to "slidelab solve" reading a
// pipe that never closes (as a terminal nobody types in): it must exit at
// once with 128 + the signal, not wait for the input to end, and not dump
// goroutines on SIGQUIT. The program cannot tell the test when its handler
// is installed, so a run the signal killed outright (it came before main)
// is tried again after a longer wait.
func testStdinSignals(t *testing.T, bin, cache string) {
	for _, tc := range []struct {
		sig  syscall.Signal
		code int
	}{{syscall.SIGINT, 130}, {syscall.SIGTERM, 143}, {syscall.SIGHUP, 129}, {syscall.SIGQUIT, 131}} {
		t.Run(tc.sig.String(), func(t *testing.T) {
			for delay := 100 * time.Millisecond; ; delay *= 2 {
				pr, pw, err := os.Pipe()
				if err != nil {
					t.Fatal(err)
				}
				var stderr bytes.Buffer
				cmd := exec.Command(bin, "solve")
				cmd.Stdin, cmd.Stderr, cmd.Env = pr, &stderr, childEnv(cache)
				done := start(t, cmd)
				pr.Close()
				time.Sleep(delay)
				cmd.Process.Signal(tc.sig)
				code, killedBy := exitOf(t, cmd, done)
				pw.Close()
				if killedBy != 0 && delay < 10*time.Second {
					continue // signalled before the handler was set up
				}
				if code != tc.code || !strings.Contains(stderr.String(), "slidelab solve: interrupted") ||
					strings.Contains(stderr.String(), "goroutine") {
					t.Fatalf("exit %d (killed by %v), stderr %.300q; want exit %d and one line", code, killedBy, stderr.String(), tc.code)
				}
				return
			}
		})
	}
}

// startPiped starts cmd with its standard output on a pipe and returns the
// pipe's reading end. The pipe's writing end belongs to the child alone,
// so reads end when the child does.
func startPiped(t *testing.T, cmd *exec.Cmd) (*os.File, <-chan error) {
	t.Helper()
	pr, pw, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	cmd.Stdout = pw
	done := start(t, cmd)
	pw.Close()
	t.Cleanup(func() { pr.Close() })
	return pr, done
}

// readRest reads r to its end in a goroutine.
func readRest(r io.Reader) <-chan []byte {
	ch := make(chan []byte, 1)
	go func() {
		data, _ := io.ReadAll(r)
		ch <- data
	}()
	return ch
}

// testRandomSIGTERM stops "random --count 100000000" with SIGTERM once it
// has printed (so its handler is set up): it must stop long before the
// hundred million boards, with status 143, on a whole line.
func testRandomSIGTERM(t *testing.T, bin, cache string) {
	cmd := exec.Command(bin, "random", "--count", "100000000", "--size", "3x3", "--seed", "1")
	cmd.Env = childEnv(cache)
	stdout, done := startPiped(t, cmd)
	br := bufio.NewReader(stdout)
	if _, err := br.ReadString('\n'); err != nil {
		t.Fatal(err)
	}
	cmd.Process.Signal(syscall.SIGTERM)
	restCh := readRest(br)
	code, killedBy := exitOf(t, cmd, done)
	rest := <-restCh
	if code != 143 {
		t.Fatalf("exit %d (killed by %v), want 143", code, killedBy)
	}
	if len(rest) > 0 && rest[len(rest)-1] != '\n' {
		t.Errorf("output ends on a cut line: %q", rest[max(0, len(rest)-40):])
	}
}

// testTraceSIGHUP hangs up on a long trace (its terminal closed): every line
// it printed must be a whole JSON object, and it exits with 129.
func testTraceSIGHUP(t *testing.T, bin, cache string) {
	cmd := exec.Command(bin, "trace", "--heuristic", "md", "13 6 8 12 15 14 0 10 11 7 4 5 9 1 3 2")
	cmd.Env = childEnv(cache)
	stdout, done := startPiped(t, cmd)
	first := make([]byte, 1)
	if _, err := io.ReadFull(stdout, first); err != nil {
		t.Fatal(err)
	}
	cmd.Process.Signal(syscall.SIGHUP)
	restCh := readRest(stdout)
	code, killedBy := exitOf(t, cmd, done)
	out := append(first, <-restCh...)
	if code != 129 {
		t.Errorf("exit %d (killed by %v), want 129", code, killedBy)
	}
	if out[len(out)-1] != '\n' {
		t.Fatalf("output ends on a cut line: %q", out[max(0, len(out)-80):])
	}
	lines := bytes.Split(out[:len(out)-1], []byte("\n"))
	for i, l := range lines {
		if !json.Valid(l) {
			t.Fatalf("line %d of %d is not JSON: %q", i+1, len(lines), l)
		}
	}
}

// testAnimateTemps stops "animate" while its GIF's temporary file exists:
// with SIGHUP the run removes the file itself; after SIGKILL (which cannot
// be handled) the next run that writes in the directory removes it.
func testAnimateTemps(t *testing.T, bin, cache string) {
	dir := t.TempDir()
	gif := filepath.Join(dir, "replay.gif")
	for _, sig := range []syscall.Signal{syscall.SIGHUP, syscall.SIGKILL} {
		t.Run(sig.String(), func(t *testing.T) {
			caught := false
			for size := 128; !caught && size <= 2048; size *= 2 {
				caught = signalAtTemp(t, bin, cache, gif, size, sig)
			}
			if !caught {
				t.Skip("animate always finished before its temporary file was seen")
			}
			if sig == syscall.SIGKILL {
				if len(gifTemps(dir)) == 0 {
					t.Fatal("no temporary file after SIGKILL: the test would prove nothing")
				}
				cmd := exec.Command(bin, "animate", "solution", "--gif", gif, "--size", "64", "1 2 3 4 5 6 7 0 8")
				cmd.Env = childEnv(cache)
				if out, err := cmd.CombinedOutput(); err != nil {
					t.Fatalf("next run: %v\n%s", err, out)
				}
			}
			if left := gifTemps(dir); len(left) > 0 {
				t.Errorf("temporary files left: %v", left)
			}
		})
	}
}

// gifTemps lists the temporary files of replay.gif in dir.
func gifTemps(dir string) []string {
	m, _ := filepath.Glob(filepath.Join(dir, ".replay.gif.*"))
	return m
}

// signalAtTemp runs "animate solution" into gif at size pixels and sends
// sig as soon as the GIF's temporary file appears. It returns false when the
// run finished before that (the caller tries a larger GIF).
func signalAtTemp(t *testing.T, bin, cache, gif string, size int, sig syscall.Signal) bool {
	t.Helper()
	cmd := exec.Command(bin, "animate", "solution", "--gif", gif, "--size", strconv.Itoa(size), "--fps", "50",
		"--heuristic", "md", "8 7 6 5 4 3 2 1 0")
	cmd.Env = childEnv(cache)
	done := start(t, cmd)
	for len(gifTemps(filepath.Dir(gif))) == 0 {
		select {
		case <-done:
			os.Remove(gif)
			return false
		case <-time.After(5 * time.Millisecond):
		}
	}
	cmd.Process.Signal(sig)
	code, killedBy := exitOf(t, cmd, done)
	switch {
	case sig == syscall.SIGKILL && killedBy != sig:
		t.Fatalf("exit %d after SIGKILL", code)
	case sig != syscall.SIGKILL && code != 128+int(sig):
		t.Fatalf("exit %d (killed by %v), want %d", code, killedBy, 128+int(sig))
	}
	return true
}
