package main

import (
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"
)

// TestFringeCLI builds a fringe table with pdb build --fringe, finds it in
// the cache beside the additive table of the same tiles, and solves and
// compares with fringe heuristics and max(...).
func TestFringeCLI(t *testing.T) {
	cache := t.TempDir()
	code, out, errOut := runCLI(t, "", "pdb", "build", "--fringe", "br", "--cache", cache, "--json")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	var rep struct {
		Tables []struct {
			Tiles   []int  `json:"tiles"`
			Kind    string `json:"kind"`
			Entries int    `json:"entries"`
			Source  string `json:"source"`
			File    string `json:"file"`
		} `json:"tables"`
	}
	if err := json.Unmarshal([]byte(out), &rep); err != nil || len(rep.Tables) != 1 {
		t.Fatalf("%v: %q", err, out)
	}
	tb := rep.Tables[0]
	if tb.Kind != "fringe" || tb.Entries != 9*8*7*6*5 || tb.Source != "built" || filepath.Base(tb.File) != "3x3-blank-last-fringe-3-6-7-8.slpdb" {
		t.Errorf("report %+v", tb)
	}
	if code, _, errOut := runCLI(t, "", "pdb", "build", "--partition", "3,6,7,8", "--size", "3x3", "--cache", cache); code != 0 {
		t.Fatalf("additive build: %s", errOut)
	}
	code, out, _ = runCLI(t, "", "pdb", "info", tb.File)
	if code != 0 || !strings.HasPrefix(out, "fringe table") {
		t.Errorf("pdb info: %d %q", code, out)
	}
	board := "8 6 7 / 2 5 4 / 3 0 1"
	for _, h := range []string{"fringe:br", "max(fringe:br,lc)", "fringe:1,2,3,4,7+reflect", "max(fringe:cs,pdb:44)"} {
		code, out, errOut := runCLI(t, "", "solve", "--heuristic", h, "--cache", cache, board)
		if code != 0 || !strings.Contains(out, "length 31") {
			t.Errorf("solve %s: %d %q %q", h, code, out, errOut)
		}
	}
	code, out, errOut = runCLI(t, "", "compare", "--set", "random8:3:1", "--cache", cache, "--csv", "-",
		"--heuristics", "manhattan,max(fringe:br,lc),fringe:1,2,3,4,7")
	if code != 0 {
		t.Fatalf("compare: %d %s", code, errOut)
	}
	for _, name := range []string{"max(fringe:br,linear-conflict)", "fringe:cs"} {
		if !strings.Contains(out, name) {
			t.Errorf("compare output lacks %s: %q", name, out)
		}
	}
	for _, bad := range [][]string{
		{"pdb", "build", "--fringe", "1,2,x", "--size", "3x3", "--cache", cache},
		{"pdb", "build", "--fringe", "cs", "--partition", "44", "--cache", cache},
		{"pdb", "build", "--fringe", "1,2,3,4,5,6,7,8", "--cache", cache},
		{"solve", "--heuristic", "max(fringe:br", board},
	} {
		if code, _, errOut := runCLI(t, "", bad...); code != 2 || errOut == "" {
			t.Errorf("%v: exit %d, %q", bad, code, errOut)
		}
	}
}
