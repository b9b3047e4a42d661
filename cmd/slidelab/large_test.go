package main

import (
	"strings"
	"testing"
)

// TestFiveByFive runs the commands that take boards or sets on the 24-puzzle
// (5x5): what works must work, and what is built only for up to 16 cells
// must say so in one line.
func TestFiveByFive(t *testing.T) {
	_, walk, _ := runCLI(t, "", "random", "--size", "5x5", "--walk", "24", "--seed", "7")
	walk = strings.TrimSpace(walk)
	if n := len(strings.Fields(walk)); n != 25 {
		t.Fatalf("random 5x5 walk printed %d numbers: %q", n, walk)
	}
	tests := []struct {
		args []string
		code int
		want string
	}{
		{[]string{"solve", "--heuristic", "linear-conflict", walk}, exitOK, "length "},
		{[]string{"solve", "--heuristic", "manhattan", "--algorithm", "a*", walk}, exitOK, "length "},
		{[]string{"solve", "--heuristic", "manhattan", "--workers", "2", walk}, exitOK, "length "},
		{[]string{"trace", "--heuristic", "manhattan", "--limit", "3", walk}, exitOK, "--limit"},
		{[]string{"compare", "--set", "walk24:20:2:1", "--heuristics", "manhattan,linear-conflict"}, exitOK, "5x5"},
		{[]string{"solve", "--heuristic", "pdb:663", walk}, exitUsage, "4x4"},
		{[]string{"solve", "--heuristic", "dpdb:pairs", walk}, exitUsage, "at most 16 cells"},
		{[]string{"solve", "--heuristic", "fringe:1,2,3", walk}, exitUsage, "at most 16 cells"},
		{[]string{"solve", "--size", "6x5", walk}, exitUsage, "at most 25 cells"},
	}
	for _, tc := range tests {
		t.Run(strings.Join(tc.args[:min(len(tc.args), 3)], " "), func(t *testing.T) {
			code, out, errOut := runCLI(t, "", tc.args...)
			if code != tc.code || !strings.Contains(out+errOut, tc.want) {
				t.Fatalf("exit %d (want %d), output %q, stderr %q (want %q)", code, tc.code, out, errOut, tc.want)
			}
		})
	}
}
