//go:build unix

package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestFIFOInputsRefused gives a FIFO that no process writes to wherever a
// command reads a file: each must be refused at once with the path and
// "not a regular file (a FIFO)", exit 1, instead of waiting for a writer
// forever. A FIFO where a cached table belongs is not read either: the table
// is built in memory with a warning. The deadline bounds a hang; it is not a
// timing assertion.
func TestFIFOInputsRefused(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "boards.txt")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Skipf("mkfifo: %v", err)
	}
	cache := t.TempDir()
	if err := syscall.Mkfifo(filepath.Join(cache, "3x3-blank-last-1-2-3.slpdb"), 0o644); err != nil {
		t.Fatal(err)
	}
	want := fifo + ": not a regular file (a FIFO)"
	tests := []struct {
		args []string
		code int
		want string
	}{
		{[]string{"solve", "--instances", fifo}, 1, want},
		{[]string{"compare", "--set", fifo, "--heuristics", "md"}, 1, want},
		{[]string{"predict", "--report", fifo}, 1, want},
		{[]string{"check", "--algorithm", "a*", fifo}, 1, want},
		{[]string{"lesson", "check", fifo}, 1, want},
		{[]string{"lesson", "render", fifo, "--html", filepath.Join(dir, "h")}, 1, want},
		{[]string{"quality", "--size", "4x4", "--instances", fifo, "--heuristics", "md", "--solver", "md"}, 1, want},
		{[]string{"bench", "solve", "--set", fifo, "--heuristic", "md"}, 1, want},
		{[]string{"pdb", "info", fifo}, 1, want},
		{[]string{"solve", "--cache", cache, "--heuristic", "pdb:1,2,3/4,5,6/7,8", "1 2 3 4 5 6 7 0 8"}, 0,
			"3x3-blank-last-1-2-3.slpdb: not a regular file (a FIFO)"},
	}
	for _, tc := range tests {
		t.Run(strings.Join(tc.args[:2], " "), func(t *testing.T) {
			type result struct {
				code   int
				stderr string
			}
			done := make(chan result, 1)
			go func() {
				var out, errb bytes.Buffer
				code := run(context.Background(), &env{stdin: strings.NewReader(""), stdout: &out, stderr: &errb}, tc.args)
				done <- result{code, errb.String()}
			}()
			select {
			case r := <-done:
				if r.code != tc.code || !strings.Contains(r.stderr, tc.want) {
					t.Errorf("exit %d, stderr %q; want %d and %q", r.code, r.stderr, tc.code, tc.want)
				}
			case <-time.After(2 * time.Minute):
				t.Fatal("still waiting on the FIFO after two minutes")
			}
		})
	}
	if _, err := os.Stat(fifo); err != nil {
		t.Errorf("the FIFO was removed: %v", err)
	}
}
