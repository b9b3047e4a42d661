package main

import (
	"bytes"
	"context"
	"strings"
	"testing"

	"github.com/slidelab/slidelab/core/board"
)

// runCLI runs one command line and returns its exit status and output.
func runCLI(t *testing.T, stdin string, args ...string) (int, string, string) {
	t.Helper()
	var out, errb bytes.Buffer
	e := &env{stdin: strings.NewReader(stdin), stdout: &out, stderr: &errb}
	code := run(context.Background(), e, args)
	return code, out.String(), errb.String()
}

func TestRandom(t *testing.T) {
	tests := []struct {
		args []string
		code int
		size board.Size
		goal board.Goal
	}{
		{[]string{"random", "--size", "4x4", "--seed", "1"}, 0, board.Size4x4, board.BlankLast},
		{[]string{"random", "--size", "3x3", "--seed", "1", "--goal", "blank-first"}, 0, board.Size3x3, board.BlankFirst},
		{[]string{"random", "--size", "3x4", "--seed", "5", "--walk", "20"}, 0, board.Size{W: 3, H: 4}, board.BlankLast},
		{[]string{"random", "--size", "5x5", "--seed", "2"}, 0, board.Size5x5, board.BlankLast},
		{[]string{"random", "--size", "5x5", "--seed", "3", "--walk", "30", "--goal", "blank-first"}, 0, board.Size5x5, board.BlankFirst},
		{[]string{"random", "--size", "6x5"}, 2, board.Size{}, 0},
		{[]string{"random", "--goal", "sideways"}, 2, board.Size{}, 0},
		{[]string{"random", "--walk", "-1"}, 2, board.Size{}, 0},
		{[]string{"random", "--bogus"}, 2, board.Size{}, 0},
		{[]string{"random", "extra"}, 2, board.Size{}, 0},
	}
	for _, tc := range tests {
		t.Run(strings.Join(tc.args, " "), func(t *testing.T) {
			code, out, errOut := runCLI(t, "", tc.args...)
			if code != tc.code {
				t.Fatalf("exit %d, want %d (stderr %q)", code, tc.code, errOut)
			}
			if code != 0 {
				if strings.Count(errOut, "\n") != 1 || !strings.HasPrefix(errOut, "slidelab random: ") {
					t.Fatalf("want a one-line error, got %q", errOut)
				}
				return
			}
			b, err := board.ParseSolvable(out, tc.size, tc.goal)
			if err != nil {
				t.Fatalf("output %q: %v", out, err)
			}
			_, again, _ := runCLI(t, "", tc.args...)
			if again != out {
				t.Fatalf("same seed printed %q then %q", out, again)
			}
			_ = b
		})
	}
}

func TestHelpAndUsage(t *testing.T) {
	code, out, _ := runCLI(t, "", "help")
	if code != 0 {
		t.Fatalf("help exit %d", code)
	}
	for _, c := range commands() {
		if !strings.Contains(out, "slidelab "+c.name) {
			t.Errorf("help does not document %s", c.name)
		}
		code, out, _ := runCLI(t, "", "help", c.name)
		if code != 0 || !strings.Contains(out, "-") {
			t.Errorf("help %s: exit %d, %q", c.name, code, out)
		}
	}
	for _, args := range [][]string{{}, {"frobnicate"}, {"help", "frobnicate"}} {
		if code, _, errOut := runCLI(t, "", args...); code != 2 || strings.Count(errOut, "\n") != 1 {
			t.Errorf("%v: exit %d, stderr %q", args, code, errOut)
		}
	}
}
