package main

import (
	"strings"
	"testing"

	"github.com/slidelab/slidelab/internal/traceschema"
)

// TestTraceOutputValidatesAgainstSchema runs slidelab trace with every
// algorithm on several boards (both goals, 3x3 and 4x4, several heuristics)
// and validates every line against the published schema, then checks that
// slidelab check passes the same output.
func TestTraceOutputValidatesAgainstSchema(t *testing.T) {
	schema, err := traceschema.Load("../../docs/trace.schema.json")
	if err != nil {
		t.Fatal(err)
	}
	cases := []struct{ alg, h, goal, board string }{
		{"a*", "manhattan", "blank-last", "1 2 3 / 4 5 6 / 0 7 8"},
		{"a*", "linear-conflict", "blank-last", "8 1 3 / 4 0 2 / 7 6 5"},
		{"a*", "manhattan", "blank-first", "1 2 5 / 3 4 0 / 6 7 8"},
		{"ida*", "manhattan", "blank-last", "8 1 3 / 4 0 2 / 7 6 5"},
		{"ida*", "linear-conflict", "blank-last", "5 1 2 3 / 9 6 7 4 / 13 10 11 8 / 0 14 15 12"},
		{"bfs", "manhattan", "blank-last", "4 1 3 / 7 2 6 / 0 5 8"},
		{"bfs", "manhattan", "blank-last", "1 2 3 / 4 5 6 / 7 8 0"},
		{"greedy", "manhattan", "blank-last", "8 1 3 / 4 0 2 / 7 6 5"},
		{"greedy", "hamming", "blank-first", "1 2 5 / 3 4 0 / 6 7 8"},
	}
	for _, tc := range cases {
		name := tc.alg + " " + tc.h + " " + tc.goal + " " + tc.board
		code, out, errOut := runCLI(t, "", "trace", "--algorithm", tc.alg, "--heuristic", tc.h, "--goal", tc.goal, tc.board)
		if code != 0 {
			t.Fatalf("%s: trace exit %d: %s", name, code, errOut)
		}
		for i, line := range strings.Split(strings.TrimSuffix(out, "\n"), "\n") {
			if err := schema.Validate([]byte(line)); err != nil {
				t.Fatalf("%s: line %d %s: %v", name, i+1, line, err)
			}
		}
		code, rep, errOut := runCLI(t, out, "check", "--algorithm", tc.alg, "--heuristic", tc.h, "--goal", tc.goal, "--strict-order", "-")
		if code != 0 || !strings.HasPrefix(rep, "PASS ") {
			t.Errorf("%s: check exit %d:\n%s%s", name, code, rep, errOut)
		}
	}
}
