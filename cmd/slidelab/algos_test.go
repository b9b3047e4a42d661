package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/slidelab/slidelab/core/search"
	"github.com/slidelab/slidelab/internal/testfull"
)

// TestAlgorithmFlagErrors: bad values of the chapter's flags are usage
// errors (exit 2) that name the flag and the rule, before any search.
func TestAlgorithmFlagErrors(t *testing.T) {
	b := "1 2 3 / 4 0 6 / 7 5 8"
	tests := []struct {
		args []string
		want string
	}{
		{[]string{"--algorithm", "wa*", "--weight", "0.5"}, "from 1"},
		{[]string{"--algorithm", "wa*", "--weight", "10.1"}, "from 1"},
		{[]string{"--algorithm", "wa*", "--weight", "1.25"}, "one decimal"},
		{[]string{"--algorithm", "wa*", "--weight", "NaN"}, "--weight"},
		{[]string{"--algorithm", "wa*", "--weight", "1e309"}, "--weight"},
		{[]string{"--algorithm", "wa*", "--weight", strings.Repeat("9", 5000)}, "--weight"},
		{[]string{"--weight", "2"}, "--weight is for --algorithm wa*"},
		{[]string{"--algorithm", "dls"}, "needs --depth-limit"},
		{[]string{"--algorithm", "dfs", "--depth-limit", "-1"}, "--depth-limit -1"},
		{[]string{"--algorithm", "dfs", "--depth-limit", "1000001"}, "--depth-limit 1000001"},
		{[]string{"--algorithm", "dfs", "--depth-limit", "99999999999999999999999"}, "depth-limit"},
		{[]string{"--algorithm", "a*", "--depth-limit", "5"}, "--depth-limit is for"},
		{[]string{"--algorithm", "bfs", "--cycle-check", "path"}, "--cycle-check is for"},
		{[]string{"--algorithm", "dfs", "--cycle-check", "sometimes"}, "--cycle-check"},
		{[]string{"--cost", "euro"}, "--cost"},
		{[]string{"--cost", "tile", "--heuristic", "pdb:44"}, "unit-cost only"},
		{[]string{"--algorithm", "rbfs2"}, "help algorithms"},
		{[]string{"--algorithm", "sma*", "--memory-nodes", "1"}, "--memory-nodes 1"},
		{[]string{"--algorithm", "sma*", "--memory-nodes", "100001"}, "--memory-nodes 100001"},
		{[]string{"--algorithm", "a*", "--memory-nodes", "50"}, "--memory-nodes is for"},
	}
	for _, cmd := range []string{"solve", "trace"} {
		for _, tc := range tests {
			args := append(append([]string{cmd}, tc.args...), b)
			code, out, errOut := runCLI(t, "", args...)
			if code != exitUsage || out != "" || !strings.Contains(errOut, tc.want) {
				t.Errorf("%q: exit %d, stdout %q, stderr %q; want 2 and %q", args, code, out, errOut, tc.want)
			}
		}
	}
	code, _, errOut := runCLI(t, "", "compare", "--set", "random8:2", "--algorithm", "wa*", "--weight", "0")
	if code != exitUsage || !strings.Contains(errOut, "--weight") {
		t.Errorf("compare --weight 0: exit %d, %s", code, errOut)
	}
}

// TestHelpAlgorithms lists every algorithm once, in its group.
func TestHelpAlgorithms(t *testing.T) {
	code, out, _ := runCLI(t, "", "help", "algorithms")
	if code != 0 {
		t.Fatalf("exit %d", code)
	}
	for _, g := range []string{"Uninformed:", "Informed:", "Memory-bounded:"} {
		if !strings.Contains(out, "\n"+g+"\n") {
			t.Errorf("no group %q in\n%s", g, out)
		}
	}
	for _, a := range search.Algorithms {
		if n := strings.Count(out, "\n  "+a.String()+" "); n != 1 {
			t.Errorf("%v listed %d times", a, n)
		}
	}
	if strings.Index(out, "  dfs ") > strings.Index(out, "Informed:") || strings.Index(out, "  wa* ") < strings.Index(out, "Informed:") {
		t.Errorf("groups out of order:\n%s", out)
	}
}

// TestSolveChapterAlgorithms: optimal algorithms agree on the length of
// every board of a file; cost equals length under unit costs and differs
// under tile costs, where ucs and a* with tile-manhattan agree on it.
//
// Under -race (unless SLIDELAB_FULL=1) iddfs solves only the first two
// boards: its uninformed iterations over the 26-move third board cost about
// 40 CPU seconds there (nearly all of this package's race time) and check
// no goroutine. The race form keeps every algorithm on the 2- and 14-move
// boards and the other five on the 26-move one, each against the others.
func TestSolveChapterAlgorithms(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "eight.txt")
	boards := "1 2 3 4 0 6 7 5 8 2\n8 1 3 4 0 2 7 6 5 14\n1 5 4 3 0 8 6 2 7\n"
	if err := os.WriteFile(file, []byte(boards), 0o644); err != nil {
		t.Fatal(err)
	}
	short := filepath.Join(dir, "eight-short.txt")
	if err := os.WriteFile(short, []byte(strings.Join(strings.SplitAfter(boards, "\n")[:2], "")), 0o644); err != nil {
		t.Fatal(err)
	}
	lengths := map[int]int{}
	for _, args := range [][]string{
		{"--algorithm", "ucs"}, {"--algorithm", "iddfs"}, {"--algorithm", "bibfs"},
		{"--algorithm", "wa*", "--weight", "1", "--heuristic", "manhattan"},
		{"--algorithm", "rbfs", "--heuristic", "manhattan"},
		{"--algorithm", "sma*", "--memory-nodes", "300", "--heuristic", "manhattan"},
	} {
		in := file
		if args[1] == "iddfs" && raceEnabled && !testfull.Enabled() {
			in = short
		}
		code, out, errOut := runCLI(t, "", append([]string{"solve", "--json", "--instances", in}, args...)...)
		if code != 0 {
			t.Fatalf("%v: exit %d, %s", args, code, errOut)
		}
		for _, l := range parseSolveJSON(t, out) {
			if *l.Cost != *l.Length {
				t.Errorf("%v line %d: cost %d, length %d", args, l.Line, *l.Cost, *l.Length)
			}
			if want, ok := lengths[l.Line]; ok && want != *l.Length {
				t.Errorf("%v line %d: length %d, others %d", args, l.Line, *l.Length, want)
			}
			lengths[l.Line] = *l.Length
		}
	}
	if len(lengths) != 3 {
		t.Errorf("lengths of %d lines, want 3: %v", len(lengths), lengths)
	}
	costs := map[int]int{}
	for _, args := range [][]string{
		{"--algorithm", "ucs"}, {"--algorithm", "a*", "--heuristic", "tile-manhattan"},
		{"--algorithm", "ida*", "--heuristic", "tmd"},
	} {
		code, out, errOut := runCLI(t, "", append([]string{"solve", "--json", "--cost", "tile", "--instances", file}, args...)...)
		if code != 0 {
			t.Fatalf("%v: exit %d, %s", args, code, errOut)
		}
		for _, l := range parseSolveJSON(t, out) {
			if want, ok := costs[l.Line]; ok && want != *l.Cost {
				t.Errorf("%v line %d: cost %d, others %d", args, l.Line, *l.Cost, want)
			}
			costs[l.Line] = *l.Cost
		}
	}
	if costs[2] <= 14 {
		t.Errorf("tile costs of line 2: %d, want more than its 14 moves", costs[2])
	}
	code, out, _ := runCLI(t, "", "solve", "--algorithm", "wa*", "--weight", "3", "--heuristic", "manhattan", "--instances", file)
	if code != 0 || !strings.Contains(out, "bound w*C* = 3 x 14 = 42") {
		t.Errorf("wa*: exit %d, %s", code, out)
	}
	code, _, errOut := runCLI(t, "", "solve", "--algorithm", "sma*", "--memory-nodes", "8", "--heuristic", "md", "--instances", file)
	if code != exitFailure || !strings.Contains(errOut, "node budget too small") {
		t.Errorf("sma* 8: exit %d, %s", code, errOut)
	}
	code, _, errOut = runCLI(t, "", "solve", "--algorithm", "dls", "--depth-limit", "3", "--instances", file)
	if code != exitFailure || !strings.Contains(errOut, "no solution within the depth limit 3") {
		t.Errorf("dls 3: exit %d, %s", code, errOut)
	}
}

// TestUnboundedDFSStops: DFS with no limit on a 15-puzzle stops at the node
// limit or the memory limit with a clear failure, not a hang.
func TestUnboundedDFSStops(t *testing.T) {
	b := "6 3 7 4 2 1 12 11 0 14 8 15 9 5 13 10"
	code, _, errOut := runCLI(t, "", "solve", "--algorithm", "dfs", "--node-limit", "100000", b)
	if code != exitFailure || !strings.Contains(errOut, "node limit reached") {
		t.Errorf("node limit: exit %d, %s", code, errOut)
	}
	code, _, errOut = runCLI(t, "", "solve", "--algorithm", "dfs", "--memory", "1", b)
	if code != exitFailure || !strings.Contains(errOut, "memory limit reached") {
		t.Errorf("memory: exit %d, %s", code, errOut)
	}
}

// TestCompareChapterAlgorithms runs compare with uninformed and weighted
// searches on a small set.
//
// Under -race (unless SLIDELAB_FULL=1) ucs with tile costs compares walks
// of 6, not 10: on the walks of 10 its uniform-cost search of a 15-puzzle
// costs about 7 CPU seconds there and checks no goroutine; the race form
// keeps every algorithm and flag through compare.
func TestCompareChapterAlgorithms(t *testing.T) {
	for _, args := range [][]string{
		{"--algorithm", "iddfs", "--heuristics", "manhattan"},
		{"--algorithm", "bibfs", "--heuristics", "manhattan"},
		{"--algorithm", "wa*", "--weight", "1.5", "--heuristics", "manhattan,linear-conflict"},
		{"--algorithm", "ucs", "--cost", "tile", "--heuristics", "manhattan"},
	} {
		set := "walk:10:3"
		if args[1] == "ucs" && raceEnabled && !testfull.Enabled() {
			set = "walk:6:3"
		}
		code, out, errOut := runCLI(t, "", append([]string{"compare", "--set", set, "--json"}, args...)...)
		if code != 0 || !strings.Contains(out, `"algorithm"`) {
			t.Errorf("%v: exit %d, %s", args, code, errOut)
		}
	}
}
