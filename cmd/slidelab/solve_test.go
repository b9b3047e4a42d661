package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/slidelab/slidelab/core/board"
	"github.com/slidelab/slidelab/internal/testfull"
)

// solveLine is the --json object of one board: solved (Length to Seconds
// set) or not (Error set). Line is set for boards read from a file or stdin,
// Expected when the solution's length differs from the line's.
type solveLine struct {
	Line      int      `json:"line"`
	Error     *string  `json:"error"`
	Expected  *int     `json:"expected"`
	Length    *int     `json:"length"`
	Cost      *int     `json:"cost"`
	Moves     *string  `json:"moves"`
	Expanded  *uint64  `json:"expanded"`
	Generated *uint64  `json:"generated"`
	H0        *int     `json:"h0"`
	Seconds   *float64 `json:"seconds"`
}

// parseSolveJSON decodes --json output strictly: no unknown fields, and
// either every field of a solved board or just an error.
func parseSolveJSON(t *testing.T, out string) []solveLine {
	t.Helper()
	var lines []solveLine
	for _, l := range strings.Split(strings.TrimSpace(out), "\n") {
		if l == "" {
			continue
		}
		dec := json.NewDecoder(strings.NewReader(l))
		dec.DisallowUnknownFields()
		var sl solveLine
		if err := dec.Decode(&sl); err != nil {
			t.Fatalf("line %q: %v", l, err)
		}
		solved := sl.Length != nil && sl.Cost != nil && sl.Moves != nil && sl.Expanded != nil && sl.Generated != nil && sl.H0 != nil && sl.Seconds != nil
		failed := sl.Error != nil && sl.Length == nil && sl.Cost == nil && sl.Moves == nil && sl.Expanded == nil && sl.Generated == nil &&
			sl.H0 == nil && sl.Seconds == nil && sl.Expected == nil
		if solved == failed {
			t.Fatalf("line %q is neither a whole result nor only an error", l)
		}
		lines = append(lines, sl)
	}
	return lines
}

// checkMoves fails unless moves take the board text to the goal in length moves.
func checkMoves(t *testing.T, text, moves string, length int, g board.Goal) {
	t.Helper()
	b, err := board.ParseSolvable(text, board.Size{}, g)
	if err != nil {
		t.Fatal(err)
	}
	ms, err := board.ParseMoves(moves)
	if err != nil || len(ms) != length {
		t.Fatalf("moves %q (%d) for length %d: %v", moves, len(ms), length, err)
	}
	end, err := b.Apply(ms)
	if err != nil || !end.IsGoal(g) {
		t.Fatalf("moves %q do not solve %s: %v", moves, text, err)
	}
}

// sharedPDBCache is a cache directory that outlives the test, so the 6-6-3
// tables are built once per machine rather than once per run (core/search's
// tests use the same one).
func sharedPDBCache() string {
	return filepath.Join(os.TempDir(), "slidelab-search-test-pdb")
}

func TestSolveBoardArgument(t *testing.T) {
	cache := t.TempDir()
	tests := []struct {
		args   []string
		board  string
		length int
		goal   board.Goal
	}{
		{[]string{"1 2 3 / 4 5 6 / 0 7 8"}, "1 2 3 4 5 6 0 7 8", 2, board.BlankLast},
		{[]string{"1", "2", "3", "4", "5", "6", "0", "7", "8"}, "1 2 3 4 5 6 0 7 8", 2, board.BlankLast},
		{[]string{"--algorithm", "a*", "--heuristic", "manhattan", "8 7 _ / 6 5 4 / 3 2 1"}, "8 7 0 6 5 4 3 2 1", 26, board.BlankLast},
		{[]string{"--algorithm", "bfs", "8 7 _ / 6 5 4 / 3 2 1"}, "8 7 0 6 5 4 3 2 1", 26, board.BlankLast},
		{[]string{"--heuristic", "hamming", "--goal", "blank-first", "1 0 2 3 4 5 6 7 8"}, "1 0 2 3 4 5 6 7 8", 1, board.BlankFirst},
		{[]string{"--heuristic", "pdb:44", "--reflect", "--cache", cache, "8 7 _ / 6 5 4 / 3 2 1"}, "8 7 0 6 5 4 3 2 1", 26, board.BlankLast},
		{[]string{"--heuristic", "pdb:1,2,3,4/5,6,7,8", "--algorithm", "a*", "--cache", cache, "8 7 _ / 6 5 4 / 3 2 1"}, "8 7 0 6 5 4 3 2 1", 26, board.BlankLast},
		{[]string{"--heuristic", "pdb:663", "--reflect", "--cache", sharedPDBCache(), "13 6 8 12 / 15 14 0 10 / 11 7 4 5 / 9 1 3 2"}, "13 6 8 12 15 14 0 10 11 7 4 5 9 1 3 2", 57, board.BlankLast},
		{[]string{"1 2 3 4 5 6 7 8 0"}, "1 2 3 4 5 6 7 8 0", 0, board.BlankLast},
	}
	if testing.Short() || raceEnabled && !testfull.Enabled() {
		// The 6-6-3 tables: seconds to build without the race detector,
		// minutes and about 2 GB with it (make test-full runs this case);
		// core/search and core/pdb check the tables and their searches.
		tests = slices.Delete(tests, len(tests)-2, len(tests)-1)
	}
	for _, tc := range tests {
		t.Run(strings.Join(tc.args, " "), func(t *testing.T) {
			args := append([]string{"solve", "--json"}, tc.args...)
			code, out, errOut := runCLI(t, "", args...)
			if code != 0 {
				t.Fatalf("exit %d: %s", code, errOut)
			}
			lines := parseSolveJSON(t, out)
			if len(lines) != 1 || *lines[0].Length != tc.length {
				t.Fatalf("output %q, want one line of length %d", out, tc.length)
			}
			checkMoves(t, tc.board, *lines[0].Moves, tc.length, tc.goal)
			if tc.length > 0 && (*lines[0].Generated < *lines[0].Expanded || *lines[0].H0 > tc.length) {
				t.Fatalf("implausible %s", out)
			}
			// The text form says the same.
			code, out, _ = runCLI(t, "", append([]string{"solve"}, tc.args...)...)
			if code != 0 || !strings.HasPrefix(out, "length ") || !strings.Contains(out, " moves ") {
				t.Fatalf("text output %q (exit %d)", out, code)
			}
		})
	}
}

func TestSolveBadBoards(t *testing.T) {
	tests := []struct {
		board string
		want  string
	}{
		{"1 2 3 4 5 6 7 8", "wrong number"},
		{"1 2 3 4 5 6 7 7 0", "duplicate tile: 7"},
		{"1 2 3 4 5 6 7 9 0", "out of range"},
		{"1 2 3 4 5 6 8 7 0", "unsolvable"},
		{"1 2 x 4 5 6 7 8 0", "not a number"},
	}
	for _, tc := range tests {
		code, out, errOut := runCLI(t, "", "solve", tc.board)
		if code != 1 || out != "" || strings.Count(errOut, "\n") != 1 || !strings.Contains(errOut, tc.want) {
			t.Errorf("%s: exit %d, stdout %q, stderr %q (want one line mentioning %q)", tc.board, code, out, errOut, tc.want)
		}
	}
}

// TestSolveBatch reads boards from stdin and a file: bad lines are reported
// one line each, the others still solved; expected lengths are checked.
func TestSolveBatch(t *testing.T) {
	input := strings.Join([]string{
		"# a comment",
		"1 2 3 4 5 6 0 7 8 2",                   // line 2: right length
		"1 2 3 4 5 6 7 7 0",                     // line 3: duplicate
		"",                                      // line 4
		"8 7 0 6 5 4 3 2 1 26",                  // line 5
		"1 2 3 4 5 6 8 7 0",                     // line 6: unsolvable
		"1 2 3 4 5 6 0 7 8 4",                   // line 7: wrong expected length
		"1 2 3 4 5 6 7 8 0 1 2 3",               // line 8: wrong count
		"1 2 3 4 5 6 7 8 9 10 11 12 13 14 0 15", // line 9: another size
	}, "\n")
	code, out, errOut := runCLI(t, input, "solve", "--json")
	if code != 1 {
		t.Fatalf("exit %d, want 1; stderr %q", code, errOut)
	}
	lines := parseSolveJSON(t, out)
	wantLines := []struct {
		line           int
		length, expect int    // -1: none
		err            string // "" for a solved board
	}{
		{2, 2, -1, ""}, {3, -1, -1, "duplicate tile"}, {5, 26, -1, ""}, {6, -1, -1, "unsolvable"},
		{7, 2, 4, ""}, {8, -1, -1, "wrong number"}, {9, -1, -1, "a 4x4 board, but this run solves 3x3 boards"},
	}
	if len(lines) != len(wantLines) {
		t.Fatalf("%d JSON lines, want %d:\n%s", len(lines), len(wantLines), out)
	}
	for _, w := range wantLines {
		var got *solveLine
		for i := range lines {
			if lines[i].Line == w.line {
				got = &lines[i]
			}
		}
		switch {
		case got == nil:
			t.Errorf("no JSON line for input line %d:\n%s", w.line, out)
		case w.err != "" && (got.Error == nil || !strings.Contains(*got.Error, w.err)):
			t.Errorf("input line %d: %+v, want error %q", w.line, got, w.err)
		case w.err == "" && (got.Length == nil || *got.Length != w.length):
			t.Errorf("input line %d: %+v, want length %d", w.line, got, w.length)
		case w.err == "" && w.expect >= 0 && (got.Expected == nil || *got.Expected != w.expect):
			t.Errorf("input line %d: expected %v, want %d", w.line, got.Expected, w.expect)
		case w.err == "" && w.expect < 0 && got.Expected != nil:
			t.Errorf("input line %d: expected %d given for a matching length", w.line, *got.Expected)
		}
	}
	for _, want := range []string{"line 3: duplicate tile", "line 6: unsolvable", "line 7: length 2 differs from the expected optimal length 4",
		"line 8: wrong number", "line 9: a 4x4 board, but this run solves 3x3 boards"} {
		if !strings.Contains(errOut, want) {
			t.Errorf("stderr lacks %q:\n%s", want, errOut)
		}
	}
	for _, l := range strings.Split(strings.TrimSpace(errOut), "\n") {
		if !strings.HasPrefix(l, "slidelab solve: ") {
			t.Errorf("stderr line %q", l)
		}
	}

	// The same from a file, in text form, with a summary line.
	path := filepath.Join(t.TempDir(), "boards.txt")
	if err := os.WriteFile(path, []byte("1 2 3 4 5 6 0 7 8 2\n8 7 0 6 5 4 3 2 1 26\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, errOut = runCLI(t, "", "solve", "--instances", path, "--workers", "1", "--iterations")
	if code != 0 || !strings.Contains(out, "line 1: length 2") || !strings.Contains(out, "line 2: length 26") ||
		!strings.Contains(out, "solved 2 of 2 boards") || !strings.Contains(out, "iteration bound 26") {
		t.Fatalf("exit %d, stdout %q, stderr %q", code, out, errOut)
	}

	// Korf's file format and goal: three of his instances as he wrote them,
	// with their lengths, solved towards his goal. These three (79, 12, 42)
	// are among the easiest, so linear conflict solves them quickly even
	// under the race detector, and no 6-6-3 table is built for Korf's goal
	// (the one 6-6-3 build of this test binary is TestSolveBoardArgument's).
	korf, err := os.ReadFile(filepath.Join("..", "..", "core", "board", "data", "korf100.txt"))
	if err != nil {
		t.Fatal(err)
	}
	var korfLines []string
	for _, l := range strings.Split(string(korf), "\n") {
		if !strings.HasPrefix(l, "#") && strings.TrimSpace(l) != "" {
			korfLines = append(korfLines, l)
		}
	}
	some := []string{korfLines[79-1], korfLines[12-1], korfLines[42-1]}
	code, out, errOut = runCLI(t, strings.Join(some, "\n"), "solve", "--goal", "blank-first", "--heuristic", "linear-conflict", "--json")
	if got := parseSolveJSON(t, out); code != 0 || len(got) != 3 || got[0].Expected != nil {
		t.Fatalf("korf: exit %d, stdout %q, stderr %q", code, out, errOut)
	}
}

func TestSolveUsageErrors(t *testing.T) {
	tests := [][]string{
		{"solve", "--algorithm", "dijkstra2", "1 2 3 4 5 6 7 0 8"},
		{"solve", "--heuristic", "euclid", "1 2 3 4 5 6 7 0 8"},
		{"solve", "--heuristic", "pdb:9,9", "1 2 3 4 5 6 7 0 8"},
		{"solve", "--goal", "middle", "1 2 3 4 5 6 7 0 8"},
		{"solve", "--reflect", "--size", "3x2", "1 2 3 / 4 0 5"},
		{"solve", "--instances", "x.txt", "1 2 3 4 5 6 7 0 8"},
		{"solve", "--workers", "0", "1 2 3 4 5 6 7 0 8"},
		{"solve", "--size", "9x9", "1 2 3 4 5 6 7 0 8"},
		{"solve"}, // empty stdin
	}
	for _, args := range tests {
		code, _, errOut := runCLI(t, "", args...)
		if code != 2 || strings.Count(errOut, "\n") != 1 {
			t.Errorf("%v: exit %d, stderr %q", args, code, errOut)
		}
	}
	if code, _, errOut := runCLI(t, "", "solve", "--instances", filepath.Join(t.TempDir(), "missing.txt")); code != 1 || !strings.Contains(errOut, "missing.txt") {
		t.Errorf("missing file: exit %d, %q", code, errOut)
	}
}

func TestSolveOtherShapesAndLimits(t *testing.T) {
	code, out, errOut := runCLI(t, "", "solve", "--json", "1 2 3 / 4 0 5")
	if code != 0 {
		t.Fatalf("3x2 by rows: exit %d, %s", code, errOut)
	}
	if l := parseSolveJSON(t, out); *l[0].Length != 1 {
		t.Fatalf("3x2: %s", out)
	}
	code, _, errOut = runCLI(t, "", "solve", "--size", "2x3", "1 2 3 4 0 5")
	if code != 0 {
		t.Fatalf("2x3 by --size: exit %d, %s", code, errOut)
	}
	// A node limit far below what Korf's first instance needs.
	code, _, errOut = runCLI(t, "", "solve", "--node-limit", "1000", "13 6 8 12 / 15 14 0 10 / 11 7 4 5 / 9 1 3 2")
	if code != 1 || !strings.Contains(errOut, "node limit") {
		t.Fatalf("node limit: exit %d, %q", code, errOut)
	}
	code, _, errOut = runCLI(t, "", "solve", "--algorithm", "a*", "--memory", "1", "13 6 8 12 / 15 14 0 10 / 11 7 4 5 / 9 1 3 2")
	if code != 1 || !strings.Contains(errOut, "memory limit") {
		t.Fatalf("memory limit: exit %d, %q", code, errOut)
	}
}

func TestBenchSolve(t *testing.T) {
	code, out, errOut := runCLI(t, "", "bench", "solve", "--heuristic", "manhattan", "--only", "55,94", "--json")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	var res benchSolveResult
	if err := json.Unmarshal([]byte(out), &res); err != nil {
		t.Fatal(err)
	}
	if res.Instances != 2 || res.Mismatches != 0 || res.Failed != 0 || res.Generated == 0 || res.AvgLength != (41+53)/2.0 ||
		res.Heuristic != "manhattan" || res.AvgGenerated != float64(res.Generated)/2 {
		t.Fatalf("result %+v", res)
	}
	// A file set with a wrong optimal length is a failure.
	path := filepath.Join(t.TempDir(), "set.txt")
	if err := os.WriteFile(path, []byte("1 2 3 4 5 6 0 7 8 2\n8 7 0 6 5 4 3 2 1 24\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, errOut = runCLI(t, "", "bench", "solve", "--set", path, "--heuristic", "linear-conflict", "--each")
	if code != 1 || !strings.Contains(errOut, "instance 2: length 26, optimal 24") || !strings.Contains(out, "instance   1: length  2") {
		t.Fatalf("exit %d, stdout %q, stderr %q", code, out, errOut)
	}
	code, out, _ = runCLI(t, "", "bench", "solve", "--set", path, "--heuristic", "linear-conflict", "--first", "1")
	if code != 0 || !strings.Contains(out, "1 instances") {
		t.Fatalf("--first 1: exit %d, %q", code, out)
	}
	for _, args := range [][]string{
		{"bench", "solve", "--only", "0"},
		{"bench", "solve", "--only", "101"},
		{"bench", "solve", "--first", "-1"},
		{"bench", "solve", "extra"},
	} {
		if code, _, errOut := runCLI(t, "", args...); code != 2 || strings.Count(errOut, "\n") != 1 {
			t.Errorf("%v: exit %d, %q", args, code, errOut)
		}
	}
}
