package main

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// idaCounts is what a route reports about one IDA* search.
type idaCounts struct {
	Length              int
	Moves               string
	Expanded, Generated uint64
}

// TestIDACountsSameEverywhere solves one board by IDA* through every
// command that can: solve alone on 1 to 3 workers (parallel IDA*), solve with
// the board twice in a file (one board per worker), bench solve, compare
// and trace. Every route reports the same length, solution and counts.
func TestIDACountsSameEverywhere(t *testing.T) {
	tests := []struct{ heuristic, board string }{
		{"manhattan", "8 7 0 6 5 4 3 2 1"},
		{"linear-conflict", "5 2 4 7 1 6 3 11 0 14 10 9 13 12 8 15"}, // random --size 4x4 --walk 60 --seed 11
		{"linear-conflict", "1 7 2 10 4 11 6 8 0 14 12 13 3 5 9 16 23 19 20 15 21 17 18 22 24"},
	}
	for _, tc := range tests {
		t.Run(tc.heuristic+" "+tc.board, func(t *testing.T) {
			dir := t.TempDir()
			one := filepath.Join(dir, "one.txt")
			two := filepath.Join(dir, "two.txt")
			if err := os.WriteFile(one, []byte(tc.board+"\n"), 0o600); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(two, []byte(tc.board+"\n"+tc.board+"\n"), 0o600); err != nil {
				t.Fatal(err)
			}
			h := []string{"--heuristic", tc.heuristic}
			routes := map[string]idaCounts{}
			for _, w := range []string{"1", "2", "3"} {
				for run := 0; run < 2; run++ {
					name := fmt.Sprintf("solve --workers %s (run %d)", w, run+1)
					routes[name] = solveCounts(t, append(append([]string{"solve", "--json", "--workers", w}, h...), tc.board))[0]
				}
			}
			for i, c := range solveCounts(t, append([]string{"solve", "--json", "--workers", "2", "--instances", two}, h...)) {
				routes[fmt.Sprintf("solve, twice in a file, board %d", i+1)] = c
			}
			routes["bench solve"] = benchCounts(t, append([]string{"bench", "solve", "--json", "--set", one}, h...))
			routes["compare"] = compareCounts(t, []string{"compare", "--json", "--set", one, "--heuristics", tc.heuristic})
			want := routes["solve --workers 1 (run 1)"]
			want.Moves = "" // trace reports no moves; the others are compared with the solve below
			routes["trace"] = traceCounts(t, append(append([]string{"trace"}, h...), tc.board))
			ref := routes["solve --workers 1 (run 1)"]
			for name, got := range routes {
				w := ref
				if name == "trace" || name == "bench solve" {
					w = want // no moves in these reports
				}
				if got != w {
					t.Errorf("%s: %+v, solve with one worker %+v", name, got, ref)
				}
			}
		})
	}
}

func solveCounts(t *testing.T, args []string) []idaCounts {
	t.Helper()
	code, out, errOut := runCLI(t, "", args...)
	if code != 0 {
		t.Fatalf("%s: exit %d, %s", strings.Join(args, " "), code, errOut)
	}
	var all []idaCounts
	for _, line := range strings.Split(strings.TrimSpace(out), "\n") {
		var r struct {
			Length              int
			Moves               string
			Expanded, Generated uint64
		}
		if err := json.Unmarshal([]byte(line), &r); err != nil {
			t.Fatalf("%s: %v in %q", strings.Join(args, " "), err, line)
		}
		all = append(all, idaCounts(r))
	}
	return all
}

func benchCounts(t *testing.T, args []string) idaCounts {
	t.Helper()
	code, out, errOut := runCLI(t, "", args...)
	if code != 0 {
		t.Fatalf("%s: exit %d, %s", strings.Join(args, " "), code, errOut)
	}
	var r struct {
		Instances           int
		AvgLength           float64 `json:"avg_length"`
		AvgExpanded         float64 `json:"avg_expanded"`
		AvgGenerated        float64 `json:"avg_generated"`
		Generated, Expanded uint64
	}
	if err := json.Unmarshal([]byte(out), &r); err != nil || r.Instances != 1 {
		t.Fatalf("%s: %v, %d instances in %q", strings.Join(args, " "), err, r.Instances, out)
	}
	return idaCounts{Length: int(r.AvgLength), Expanded: r.Expanded, Generated: r.Generated}
}

func compareCounts(t *testing.T, args []string) idaCounts {
	t.Helper()
	code, out, errOut := runCLI(t, "", args...)
	if code != 0 {
		t.Fatalf("%s: exit %d, %s", strings.Join(args, " "), code, errOut)
	}
	var r struct {
		Results []struct {
			Length              int
			Moves               string
			Expanded, Generated uint64
		}
	}
	if err := json.Unmarshal([]byte(out), &r); err != nil || len(r.Results) != 1 {
		t.Fatalf("%s: %v in %q", strings.Join(args, " "), err, out)
	}
	return idaCounts(r.Results[0])
}

// traceCounts counts trace's expand and generate events and reads the goal's g.
func traceCounts(t *testing.T, args []string) idaCounts {
	t.Helper()
	code, out, errOut := runCLI(t, "", args...)
	if code != 0 || errOut != "" {
		t.Fatalf("%s: exit %d, %s", strings.Join(args, " "), code, errOut)
	}
	var c idaCounts
	c.Length = -1
	for _, line := range strings.Split(strings.TrimSpace(out), "\n") {
		switch {
		case strings.Contains(line, `"event":"expand"`):
			c.Expanded++
		case strings.Contains(line, `"event":"generate"`):
			c.Generated++
		case strings.Contains(line, `"event":"goal"`):
			var ev struct{ G int }
			if err := json.Unmarshal([]byte(line), &ev); err != nil {
				t.Fatal(err)
			}
			c.Length = ev.G
		}
	}
	return c
}
