package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"

	"github.com/slidelab/slidelab/core/board"
)

// failingWriter accepts ok bytes, then fails every write with err.
type failingWriter struct {
	ok  int
	err error
	buf bytes.Buffer
}

func (w *failingWriter) Write(p []byte) (int, error) {
	if w.buf.Len()+len(p) > w.ok {
		n := w.ok - w.buf.Len()
		w.buf.Write(p[:n])
		return n, w.err
	}
	return w.buf.Write(p)
}

// TestWriteFailuresFail runs every command with a standard output that
// fails (as /dev/full or a full disk does): each must exit 1 and say so on
// stderr, whether the first write fails or a later one.
func TestWriteFailuresFail(t *testing.T) {
	cache := t.TempDir()
	table := filepath.Join(cache, "3x3-blank-last-1-2-3-4.slpdb")
	if code, _, errOut := runCLI(t, "", "pdb", "build", "--partition", "1,2,3,4", "--size", "3x3", "--cache", cache); code != 0 {
		t.Fatalf("setup: %s", errOut)
	}
	set := filepath.Join(cache, "set.txt")
	if err := os.WriteFile(set, []byte("1 2 3 4 5 6 7 0 8 1\n1 2 3 4 5 6 0 7 8 2\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	commands := [][]string{
		{"solve", "--json", "1 2 3 4 5 6 7 0 8"},
		{"solve", "--instances", "-"},
		{"random", "--size", "3x3", "--count", "50"},
		{"help"},
		{"help", "solve"},
		{"pdb", "build", "--partition", "1,2,3,4", "--size", "3x3", "--cache", cache},
		{"pdb", "info", table},
		{"pdb", "info", table, "--json"},
		{"compare", "--set", "random8:3", "--heuristics", "md", "--cache", cache},
		{"compare", "--set", "random8:3", "--heuristics", "md", "--cache", cache, "--csv", "-"},
		{"bench", "pdb", "--partition", "1,2,3,4", "--size", "3x3", "--loads", "1"},
		{"bench", "solve", "--set", set, "--heuristic", "md"},
		{"bench", "solve", "--set", set, "--heuristic", "md", "--json"},
		{"trace", "--heuristic", "md", "8 7 _ / 6 5 4 / 3 2 1"},
		{"trace", "--algorithm", "bfs", "--limit", "3", "1 2 3 4 5 6 0 7 8"},
		{"trace", "--pseudocode", "a*"},
		{"help", "trace"},
		// The states of the set, not all 181,440 of the 8-puzzle (8 s a run
		// under -race; TestQualityEightPuzzle covers that): the report is
		// written by the same code.
		{"quality", "--heuristics", "md", "--instances", set},
		{"quality", "--heuristics", "md", "--instances", set, "--json"},
	}
	stdin := "1 2 3 4 5 6 7 0 8\n1 2 3 4 5 6 0 7 8\n"
	for _, args := range commands {
		for _, ok := range []int{0, 30} {
			t.Run(strings.Join(args, " ")+" after "+string(rune('0'+ok/10))+"0 bytes", func(t *testing.T) {
				var errb bytes.Buffer
				out := &failingWriter{ok: ok, err: syscall.ENOSPC}
				e := &env{stdin: strings.NewReader(stdin), stdout: out, stderr: &errb}
				code := run(context.Background(), e, args)
				if code != exitFailure || !strings.Contains(errb.String(), "writing standard output") ||
					!strings.Contains(errb.String(), "no space left on device") {
					t.Fatalf("exit %d, stderr %q; want exit 1 and the write error", code, errb.String())
				}
			})
		}
	}
}

// lateCancel is a context that reports cancellation from its n-th Err call
// on, so a test can interrupt a run in the middle of its work, as Ctrl-C or
// SIGTERM would, without timing anything.
type lateCancel struct {
	context.Context
	n    atomic.Int64
	once sync.Once
	done chan struct{}
}

func newLateCancel(n int64) *lateCancel {
	c := &lateCancel{Context: context.Background(), done: make(chan struct{})}
	c.n.Store(n)
	return c
}

func (c *lateCancel) Err() error {
	if c.n.Add(-1) > 0 {
		return nil
	}
	c.once.Do(func() { close(c.done) })
	return context.Canceled
}

func (c *lateCancel) Done() <-chan struct{} { return c.done }

// TestInterruptedStatus checks that an interrupted run exits 130 whatever it
// was doing: one board or many, searching or building tables.
func TestInterruptedStatus(t *testing.T) {
	korf1 := "13 6 8 12 15 14 0 10 11 7 4 5 9 1 3 2" // 57 moves: far from done after a few polls
	cancelled, cancel := context.WithCancel(context.Background())
	cancel()
	tests := []struct {
		name string
		ctx  context.Context
		args []string
	}{
		{"one board, mid-search", newLateCancel(3), []string{"solve", "--heuristic", "manhattan", korf1}},
		{"one board, a*", newLateCancel(3), []string{"solve", "--heuristic", "manhattan", "--algorithm", "a*", korf1}},
		{"batch", newLateCancel(3), []string{"solve", "--heuristic", "manhattan", "--instances", "-"}},
		{"building tables", cancelled, []string{"solve", "--heuristic", "pdb:1,2,3,4/5,6,7,8", "--cache", t.TempDir(), "1 2 3 4 5 6 7 0 8"}},
		{"pdb build", cancelled, []string{"pdb", "build", "--partition", "1,2,3,4", "--size", "3x3", "--cache", t.TempDir()}},
		{"trace, ida*", newLateCancel(3), []string{"trace", "--heuristic", "manhattan", korf1}},
		{"trace, a*", newLateCancel(20), []string{"trace", "--heuristic", "manhattan", "--algorithm", "a*", korf1}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var out, errb bytes.Buffer
			e := &env{stdin: strings.NewReader(korf1 + "\n" + korf1 + "\n"), stdout: &out, stderr: &errb}
			code := run(tc.ctx, e, tc.args)
			if code != exitInterrupted || !strings.Contains(errb.String(), "interrupted") {
				t.Fatalf("exit %d, stderr %q; want 130 and \"interrupted\"", code, errb.String())
			}
		})
	}
}

// TestCacheProblemsAreWarnings checks that a cache that cannot be read or
// written does not stop a solve or a comparison: the table is built in
// memory, a warning says why it was not saved, and the exit status is 0.
// "pdb build", whose whole point is the cache, fails before building.
func TestCacheProblemsAreWarnings(t *testing.T) {
	dir := t.TempDir()
	fileCache := filepath.Join(dir, "file")
	if err := os.WriteFile(fileCache, []byte("not a directory"), 0o644); err != nil {
		t.Fatal(err)
	}
	dirAtTable := filepath.Join(dir, "cache")
	if err := os.MkdirAll(filepath.Join(dirAtTable, "3x3-blank-last-1-2-3-4.slpdb"), 0o755); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name string
		args []string
		code int
		want string // on stderr
	}{
		{"solve, cache is a file", []string{"solve", "--heuristic", "pdb:1,2,3,4/5,6,7,8", "--cache", fileCache, "1 2 3 4 5 6 7 0 8"}, 0, "warning"},
		{"solve, directory at the table path", []string{"solve", "--heuristic", "pdb:1,2,3,4/5,6,7,8", "--cache", dirAtTable, "1 2 3 4 5 6 7 0 8"}, 0, "warning"},
		{"compare, cache is a file", []string{"compare", "--set", "random8:2", "--heuristics", "pdb:44", "--cache", fileCache}, 0, "warning"},
		{"pdb build, cache is a file", []string{"pdb", "build", "--partition", "1,2,3,4", "--size", "3x3", "--cache", fileCache}, 1, "cache"},
		{"pdb export, cache is a file", []string{"pdb", "export", "--partition", "1,2,3,4", "--size", "3x3", "--cache", fileCache, "--dir", dir}, 1, "cache"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			code, out, errOut := runCLI(t, "", tc.args...)
			if code != tc.code || !strings.Contains(errOut, tc.want) || strings.Count(errOut, "\n") != 1 {
				t.Fatalf("exit %d (want %d), stderr %q (want %q on one line)", code, tc.code, errOut, tc.want)
			}
			if tc.code == 0 && !strings.Contains(out, "length") {
				t.Errorf("no result on stdout: %q", out)
			}
		})
	}
}

// TestStdinRowsAndSizes checks that boards on stdin follow the same rule as
// boards given as arguments, and that random's boards read back as
// themselves whatever their shape.
func TestStdinRowsAndSizes(t *testing.T) {
	tests := []struct {
		stdin string
		args  []string
		code  int
		want  string
	}{
		{"1 2 / 3 4 / 0 5\n", []string{"--size", "3x2"}, 1, "the rows make a 2x3 board"},
		{"1 2 / 3 4 / 0 5\n", []string{"--size", "2x3"}, 0, "length 1"},
		{"1 2 3 4 5 / 6 7 0 8\n", nil, 1, "rows must be equally long"},
		{"\uFEFF1 2 3 4 5 6 7 0 8\n", nil, 0, "length 1"},
	}
	for _, tc := range tests {
		code, out, errOut := runCLI(t, tc.stdin, append([]string{"solve"}, tc.args...)...)
		if code != tc.code || !strings.Contains(out+errOut, tc.want) {
			t.Errorf("%q %v: exit %d, out %q, err %q; want %d and %q", tc.stdin, tc.args, code, out, errOut, tc.code, tc.want)
		}
	}
	for _, size := range []string{"2x8", "8x2", "3x4", "4x3", "2x3", "3x3"} {
		code, printed, errOut := runCLI(t, "", "random", "--size", size, "--walk", "10", "--seed", "4")
		if code != 0 {
			t.Fatalf("random %s: %s", size, errOut)
		}
		s, _ := board.ParseSize(size)
		want, err := board.Parse(strings.ReplaceAll(printed, " / ", " "), s)
		if err != nil {
			t.Fatal(err)
		}
		code, out, errOut := runCLI(t, printed, "solve", "--json", "--heuristic", "manhattan")
		if code != 0 {
			t.Fatalf("random %s printed %q; solve: exit %d, %s", size, printed, code, errOut)
		}
		sl := parseSolveJSON(t, out)
		ms, _ := board.ParseMoves(*sl[0].Moves)
		end, err := want.Apply(ms)
		if err != nil || !end.IsGoal(board.BlankLast) || *sl[0].Length > 10 {
			t.Errorf("random %s printed %q; solve read another board: length %d, moves %s", size, printed, *sl[0].Length, *sl[0].Moves)
		}
	}
}

// TestLongLineDoesNotAbortBatch checks that a line of several megabytes is
// reported and skipped while the lines around it are solved.
func TestLongLineDoesNotAbortBatch(t *testing.T) {
	stdin := "1 2 3 4 5 6 7 0 8\n" + strings.Repeat("1 ", 1<<20) + "\n1 2 3 4 5 6 0 7 8\n"
	for _, args := range [][]string{{"solve", "--json"}, {"compare", "--set", "-", "--heuristics", "md"}} {
		if args[0] == "compare" {
			f := filepath.Join(t.TempDir(), "set.txt")
			if err := os.WriteFile(f, []byte(stdin), 0o644); err != nil {
				t.Fatal(err)
			}
			args[2] = f
		}
		code, out, errOut := runCLI(t, stdin, args...)
		if !strings.Contains(errOut, "line 2") || !strings.Contains(errOut, "too long") {
			t.Errorf("%v: stderr %q does not report line 2", args, errOut)
		}
		if args[0] == "solve" {
			lines := parseSolveJSON(t, out)
			got := map[int]bool{} // line -> solved
			for _, l := range lines {
				got[l.Line] = l.Length != nil
			}
			if code != exitFailure || len(lines) != 3 || !got[1] || got[2] || !got[3] {
				t.Errorf("solve: exit %d, output %q", code, out)
			}
		} else if code != 0 || !strings.Contains(out, "2 instances") {
			t.Errorf("compare: exit %d, output %q, stderr %q", code, out, errOut)
		}
	}
}

// TestHostileFiles checks that files which are not what they claim give a
// quick, specific error.
func TestHostileFiles(t *testing.T) {
	tests := []struct {
		args []string
		code int
		want string
	}{
		{[]string{"pdb", "info", "/dev/zero"}, 1, "/dev/zero: not a regular file (a character device)"},
		{[]string{"pdb", "info", "/dev/urandom"}, 1, "/dev/urandom: not a regular file (a character device)"},
		{[]string{"solve", "--instances", "/dev/zero"}, 1, "/dev/zero: not a regular file (a character device)"},
		{[]string{"solve", "--instances", "/dev/urandom"}, 1, "/dev/urandom: not a regular file (a character device)"},
		{[]string{"compare", "--set", "/dev/urandom"}, 1, "/dev/urandom: not a regular file (a character device)"},
	}
	for _, tc := range tests {
		if _, err := os.Stat(tc.args[len(tc.args)-1]); err != nil {
			t.Skip(err)
		}
		code, _, errOut := runCLI(t, "", tc.args...)
		if code != tc.code || !strings.Contains(errOut, tc.want) {
			t.Errorf("%v: exit %d, stderr %q; want %d and %q", tc.args, code, errOut, tc.code, tc.want)
		}
		if strings.Contains(errOut, "pdb: pdb:") || strings.Contains(errOut, "delete it") {
			t.Errorf("%v: message %q", tc.args, errOut)
		}
	}
}

// TestHugeNumbers checks that numbers which would size an allocation or a
// crowd of goroutines are capped with a clear usage error, never a panic or
// an out-of-memory death.
func TestHugeNumbers(t *testing.T) {
	tests := []struct {
		args []string
		want string
	}{
		{[]string{"random", "--walk", "9223372036854775807"}, "--walk 9223372036854775807: must be between 0 and 1000000"},
		{[]string{"random", "--walk", "100000000000"}, "must be between 0 and 1000000"},
		{[]string{"random", "--walk", "99999999999999999999999"}, "value out of range"},
		{[]string{"solve", "--workers", "10000", "1 2 3 4 5 6 7 0 8"}, "--workers 10000: must be between 1 and 256"},
		{[]string{"solve", "--memory", "9223372036854775807", "1 2 3 4 5 6 7 0 8"}, "must be between 1 and 1048576"},
		{[]string{"solve", "--memory", "0", "1 2 3 4 5 6 7 0 8"}, "must be between 1 and 1048576"},
		{[]string{"bench", "solve", "--workers", "10000"}, "between 1 and 256"},
		{[]string{"compare", "--set", "random8:1000000000"}, "between 1 and 100000"},
		{[]string{"compare", "--set", "walk:9223372036854775807"}, "more than 10000"},
		{[]string{"trace", "--limit", "9223372036854775807", "1 2 3 4 5 6 7 0 8"}, "--limit 9223372036854775807: must be between 1 and 1000000000"},
	}
	for _, tc := range tests {
		code, _, errOut := runCLI(t, "", tc.args...)
		if code != exitUsage || !strings.Contains(errOut, tc.want) || strings.Count(errOut, "\n") != 1 {
			t.Errorf("%v: exit %d, stderr %q; want 2 and %q", tc.args, code, errOut, tc.want)
		}
	}
	// The largest walk allowed runs, in bounded memory.
	if code, out, errOut := runCLI(t, "", "random", "--walk", "1000000", "--size", "3x3", "--seed", "1"); code != 0 || out == "" {
		t.Errorf("random --walk 1000000: exit %d, %q", code, errOut)
	}
}

// TestHeuristicSpellingsAgree runs every spelling of every heuristic
// through solve, bench solve and compare: each command must accept it, give
// it the same canonical name and search with it the same way (equal node
// counts), and a wrong name must get the same error everywhere.
func TestHeuristicSpellingsAgree(t *testing.T) {
	cache := t.TempDir()
	set := filepath.Join(cache, "set.txt")
	boards := "8 6 7 2 5 4 3 0 1 31\n1 2 3 4 5 6 0 7 8 2\n"
	if raceForm() {
		// The race form (raceForm) runs every spelling through every
		// command on a 22-move board instead of the 31-move one, where
		// Hamming's IDA* generates 4.6 million nodes nine times (most of
		// the test's 13 s under -race); the heuristics' counts on it
		// still differ from each other (203 to 45,524 nodes).
		boards = "5 2 8 4 1 7 0 3 6 22\n1 2 3 4 5 6 0 7 8 2\n"
	}
	if err := os.WriteFile(set, []byte(boards), 0o644); err != nil {
		t.Fatal(err)
	}
	groups := []struct {
		canonical string
		spellings []string
	}{
		{"hamming", []string{"hamming", "misplaced", "Hamming"}},
		{"manhattan", []string{"manhattan", "md", "MD"}},
		{"linear-conflict", []string{"linear-conflict", "lc", "linear", "linearconflict", "LinearConflict"}},
		{"linear-conflict+reflect", []string{"linear-conflict+reflect", "lc+reflect", "linear+reflect"}},
		{"pdb:44", []string{"pdb:44", "pdb:4-4", "PDB:44", "pdb:1,2,3,4/5,6,7,8", "pdb:1 2 3 4;5 6 7 8"}},
		{"pdb:44+reflect", []string{"pdb:44+reflect", "pdb:4-4+reflect", "pdb:1,2,3,4/5,6,7,8+reflect"}},
	}
	for _, g := range groups {
		var want uint64
		for i, sp := range g.spellings {
			// solve: the nodes of both boards.
			code, out, errOut := runCLI(t, boards, "solve", "--json", "--heuristic", sp, "--cache", cache)
			if code != 0 {
				t.Fatalf("solve --heuristic %q: exit %d, %s", sp, code, errOut)
			}
			var solveNodes uint64
			for _, l := range parseSolveJSON(t, out) {
				solveNodes += *l.Generated
			}
			// bench solve reads the same flags.
			code, out, errOut = runCLI(t, "", "bench", "solve", "--set", set, "--heuristic", sp, "--cache", cache, "--json")
			if code != 0 || !strings.Contains(out, `"generated":`+strconv.FormatUint(solveNodes, 10)) {
				t.Fatalf("bench solve --heuristic %q: exit %d, %s %s; solve generated %d", sp, code, out, errOut, solveNodes)
			}
			// compare names it canonically, beside another heuristic.
			code, _, errOut = runCLI(t, "", "compare", "--set", set, "--heuristics", "hamming-x,"+sp, "--cache", cache)
			if code != exitUsage || !strings.Contains(errOut, `unknown heuristic "hamming-x"`) {
				t.Fatalf("compare with a wrong name: exit %d, %s", code, errOut)
			}
			other := "md"
			if g.canonical == "manhattan" {
				other = "hamming"
			}
			code, out, errOut = runCLI(t, "", "compare", "--set", set, "--heuristics", sp+","+other, "--cache", cache, "--measure", "generated", "--json")
			if code != 0 || !strings.Contains(out, `"`+g.canonical+`"`) {
				t.Fatalf("compare --heuristics %q: exit %d, %s %s; want %q", sp, code, out, errOut, g.canonical)
			}
			if i == 0 {
				want = solveNodes
			} else if solveNodes != want {
				t.Errorf("%q generated %d nodes, %q %d", sp, solveNodes, g.spellings[0], want)
			}
		}
	}
	// A wrong name: the same message from every command.
	var msgs []string
	for _, args := range [][]string{
		{"solve", "--heuristic", "euclid", "1 2 3 4 5 6 7 0 8"},
		{"bench", "solve", "--set", set, "--heuristic", "euclid"},
		{"compare", "--set", set, "--heuristics", "euclid"},
	} {
		code, _, errOut := runCLI(t, "", args...)
		_, msg, _ := strings.Cut(errOut, `unknown heuristic "euclid"`)
		if code != exitUsage || msg == "" {
			t.Fatalf("%v: exit %d, %q", args, code, errOut)
		}
		msgs = append(msgs, msg)
	}
	if msgs[0] != msgs[1] || msgs[1] != msgs[2] {
		t.Errorf("different messages for one wrong name:\n%s", strings.Join(msgs, "\n"))
	}
}
