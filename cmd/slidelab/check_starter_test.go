package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// starterTrace runs a starter program (interpreter, source) on a board and
// returns its trace; it skips the test when the interpreter is missing.
func starterTrace(t *testing.T, interp, src, board string) string {
	t.Helper()
	path, err := exec.LookPath(interp)
	if err != nil {
		t.Skipf("%s not installed", interp)
	}
	file := filepath.Join(t.TempDir(), "starter"+filepath.Ext(src))
	if err := os.WriteFile(file, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	out, err := exec.Command(path, file, board).Output()
	if err != nil {
		t.Fatalf("%s %s: %v", interp, board, err)
	}
	return string(out)
}

func readStarter(t *testing.T, name string) string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("../../docs/starter", name))
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// TestStarterCodePasses runs docs/starter's A* programs (Python, JavaScript)
// on several boards: their traces pass slidelab check, even with
// --strict-order, and expand exactly as many nodes as Slidelab's A*.
func TestStarterCodePasses(t *testing.T) {
	for _, st := range []struct{ interp, file string }{{"python3", "astar.py"}, {"node", "astar.js"}} {
		t.Run(st.file, func(t *testing.T) {
			src := readStarter(t, st.file)
			for _, b := range []string{"1 2 3 / 4 5 6 / 7 8 0", "1 2 3 / 4 5 6 / 0 7 8", "8 1 3 / 4 0 2 / 7 6 5", "5 1 2 3 / 9 6 7 4 / 13 10 11 8 / 0 14 15 12"} {
				trace := starterTrace(t, st.interp, src, b)
				code, out, errOut := runCLI(t, trace, "check", "--algorithm", "a*", "--heuristic", "manhattan", "--strict-order", "-")
				if code != 0 || !strings.HasPrefix(out, "PASS ") {
					t.Fatalf("%s: exit %d\n%s%s", b, code, out, errOut)
				}
				_, ref, _ := runCLI(t, "", "solve", "--algorithm", "a*", "--heuristic", "manhattan", "--json", b)
				var exp string
				for _, l := range strings.Split(out, "\n") {
					if strings.HasPrefix(l, "trace:") {
						exp = strings.Fields(l)[3]
					}
				}
				if !strings.Contains(ref, `"expanded":`+exp+",") {
					t.Errorf("%s: the starter expanded %s nodes; slidelab solve says %s", b, exp, ref)
				}
			}
		})
	}
}

// TestBrokenStarterCopies breaks copies of the Python starter in three
// classic ways and checks that each fails with the expected first
// difference, exit status 1.
func TestBrokenStarterCopies(t *testing.T) {
	src := readStarter(t, "astar.py")
	edit := func(s string, pairs ...string) string {
		for i := 0; i < len(pairs); i += 2 {
			if !strings.Contains(s, pairs[i]) {
				t.Fatalf("the starter no longer holds %q", pairs[i])
			}
			s = strings.Replace(s, pairs[i], pairs[i+1], 1)
		}
		return s
	}
	const board = "8 1 3 / 4 0 2 / 7 6 5"
	cases := []struct{ name, src, want string }{
		{"h wrong (the blank counts)", edit(src,
			"if tile != 0:  # the blank does not count", "if True:",
			"home = tile - 1", "home = (tile - 1) % (n * n)"),
			"FAIL expansion 1 (line 2): you gave h = 12 for 8 1 3 / 4 _ 2 / 7 6 5, but manhattan gives 10."},
		{"no closed set", edit(src,
			"        if board in closed or g > best_g[board]:\n            continue  # expanded already, or a shorter path was found since\n", "",
			"if g + 1 < best_g.get(child, math.inf):", "if True:"),
			"FAIL expansion 7 (line 8): you expanded 8 1 3 / 4 2 5 / 7 6 _ again with g = 4, but you had already expanded it with g = 2 (expansion 3) and found no shorter path to it since, so it was in your closed set."},
		{"stops at the first generated goal", edit(src,
			"        for child in kids:\n", "        for child in kids:\n            if child == goal:\n                emit(event=\"goal\", board=list(child), g=g + 1)\n                return g + 1\n"),
			"FAIL the goal (line 44): you stopped at the goal 1 2 3 / 4 5 6 / 7 8 _, but it was not in your open list: no board you expanded before has it as a child (a* tests for the goal when it takes a node from the open list, not when it generates it)."},
	}
	for _, tc := range cases {
		trace := starterTrace(t, "python3", tc.src, board)
		code, out, _ := runCLI(t, trace, "check", "--algorithm", "a*", "--heuristic", "manhattan", "-")
		first, _, _ := strings.Cut(out, "\n")
		if code != 1 || first != tc.want {
			t.Errorf("%s: exit %d, first line\n%s\nwant\n%s", tc.name, code, first, tc.want)
		}
	}
}
