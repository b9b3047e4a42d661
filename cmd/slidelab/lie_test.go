package main

import (
	"encoding/csv"
	"encoding/json"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/slidelab/slidelab/core/compare"
)

// TestHelpMarksInadmissible: help heuristics says "inadmissible" in the
// entry of each heuristic that lies, and not in the others'.
func TestHelpMarksInadmissible(t *testing.T) {
	code, out, _ := runCLI(t, "", "help", "heuristics")
	if code != exitOK {
		t.Fatalf("exit %d", code)
	}
	entries := map[string]string{}
	for _, block := range strings.Split(out, "\n\n  ") {
		name, _, _ := strings.Cut(block, " ")
		name, _, _ = strings.Cut(name, "\n")
		entries[name] = block
	}
	for _, tc := range []struct {
		name         string
		inadmissible bool
	}{
		{"manhattan", false}, {"linear-conflict", false}, {"hamming", false}, {"pdb:PARTITION", false},
		{"lc-pairs", true}, {"manhattan+hamming", true}, {"wmanhattan[:W]", true},
	} {
		block, ok := entries[tc.name]
		if !ok {
			t.Errorf("no entry %q in help heuristics", tc.name)
			continue
		}
		if strings.Contains(block, "inadmissible") != tc.inadmissible {
			t.Errorf("%s: says inadmissible %v, want %v:\n%s", tc.name, !tc.inadmissible, tc.inadmissible, block)
		}
	}
	if !strings.Contains(entries["pdb:PARTITION"], "not consistent") {
		t.Errorf("pdb entry does not say it is not consistent:\n%s", entries["pdb:PARTITION"])
	}
}

// TestSolveSaysNotOptimal: with a heuristic that lies, solve puts the
// optimum beside the length (computed for the 8-puzzle, or read from an
// instance file) and does not fail on a longer solution.
func TestSolveSaysNotOptimal(t *testing.T) {
	tests := []struct {
		name  string
		stdin string
		args  []string
		want  string
	}{
		{"ida* lc-pairs", "", []string{"solve", "--heuristic", "lc-pairs", "_ 8 7 / 6 5 4 / 3 2 1"},
			"length 32 (not optimal: the optimum is 28; lc-pairs is inadmissible)"},
		{"a* md+hamming", "", []string{"solve", "--algorithm", "a*", "--heuristic", "md+hamming", "1 7 2 / 4 3 6 / 8 5 _"},
			"length 16 (not optimal: the optimum is 14; manhattan+hamming is inadmissible)"},
		{"optimal anyway", "", []string{"solve", "--heuristic", "wmanhattan:1.5", "1 2 3 / 4 5 6 / 7 _ 8"},
			"length 1 (optimal, though wmanhattan:1.5 is inadmissible)"},
		{"file optimum", "1 7 2 4 3 6 8 5 0 14\n", []string{"solve", "--algorithm", "a*", "--heuristic", "wmanhattan:1.5"},
			"line 1: length 16 (not optimal: the optimum is 14; wmanhattan:1.5 is inadmissible)"},
		{"15-puzzle unknown", "", []string{"solve", "--heuristic", "lc-pairs", "1 2 3 4 5 6 7 8 9 10 11 12 13 14 _ 15"},
			"length 1 (maybe not optimal: lc-pairs is inadmissible)"},
		{"admissible says nothing", "", []string{"solve", "--heuristic", "wmanhattan:0.5", "1 2 3 / 4 5 6 / _ 7 8"},
			"length 2  h0 1"},
	}
	for _, tc := range tests {
		code, out, errText := runCLI(t, tc.stdin, tc.args...)
		if code != exitOK || !strings.Contains(out, tc.want) {
			t.Errorf("%s: exit %d, stdout %q, stderr %q; want %q", tc.name, code, out, errText, tc.want)
		}
	}
	code, out, _ := runCLI(t, "", "solve", "--json", "--algorithm", "a*", "--heuristic", "md+hamming", "1 7 2 / 4 3 6 / 8 5 _")
	var got struct {
		Length       int   `json:"length"`
		Inadmissible bool  `json:"inadmissible"`
		Optimal      *int  `json:"optimal"`
		Expected     *int  `json:"expected"`
		Generated    int64 `json:"generated"`
	}
	if err := json.Unmarshal([]byte(out), &got); err != nil || code != exitOK {
		t.Fatalf("json: exit %d, %v: %s", code, err, out)
	}
	if got.Length != 16 || !got.Inadmissible || got.Optimal == nil || *got.Optimal != 14 || got.Expected != nil {
		t.Errorf("json %s", out)
	}
	// A*'s reopenings (the board is pinned in core/search's TestAStarReopensPinned).
	code, out, _ = runCLI(t, "", "solve", "--algorithm", "a*", "--heuristic", "pdb:44", "--cache", t.TempDir(), "7 6 3 / 5 4 1 / 2 8 0")
	if code != exitOK || !strings.Contains(out, "length 24  h0 ") || !strings.Contains(out, "  reopened 5  ") {
		t.Errorf("a* pdb:44: exit %d, %q", code, out)
	}
	code, out, _ = runCLI(t, "", "solve", "--json", "--algorithm", "a*", "--heuristic", "manhattan", "7 6 3 / 5 4 1 / 2 8 0")
	if code != exitOK || strings.Contains(out, "reopened") || strings.Contains(out, "inadmissible") {
		t.Errorf("a* manhattan json: exit %d, %q", code, out)
	}
	// An admissible heuristic keeps the check: a wrong length in the file fails.
	if code, _, errText := runCLI(t, "1 7 2 4 3 6 8 5 0 12\n", "solve", "--heuristic", "manhattan"); code != exitFailure ||
		!strings.Contains(errText, "differs from the expected optimal length 12") {
		t.Errorf("admissible, wrong expected length: exit %d, %q", code, errText)
	}
}

// TestCompareMarksInadmissibleAndReopenings: the table, CSV and JSON of a
// comparison mark the heuristics that lie, a longer solution does not fail
// the run, and A*'s reopenings are counted.
func TestCompareMarksInadmissibleAndReopenings(t *testing.T) {
	dir := t.TempDir()
	set := filepath.Join(dir, "set.txt")
	if err := os.WriteFile(set, []byte("7 6 3 5 4 1 2 8 0 24\n1 7 2 4 3 6 8 5 0 14\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	csvPath := filepath.Join(dir, "out.csv")
	code, out, errText := runCLI(t, "", "compare", "--set", set, "--algorithm", "a*", "--workers", "1",
		"--heuristics", "manhattan,pdb:44,md+hamming", "--cache", dir, "--csv", csvPath)
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, errText)
	}
	for _, want := range []string{"manhattan+hamming (inadmissible)", "[16 moves]", "reopened (closed nodes"} {
		if !strings.Contains(out, want) {
			t.Errorf("table lacks %q:\n%s", want, out)
		}
	}
	if strings.Contains(out, "pdb:44 (inadmissible)") || strings.Contains(out, "manhattan (inadmissible)") {
		t.Errorf("an admissible heuristic marked:\n%s", out)
	}
	f, err := os.Open(csvPath)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	recs, err := csv.NewReader(f).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	col := map[string]int{}
	for i, h := range recs[0] {
		col[h] = i
	}
	reopened := map[string]uint64{}
	for _, rec := range recs[1:] {
		if rec[col["instance"]] == "line 1" {
			n, _ := strconv.ParseUint(rec[col["reopened"]], 10, 64)
			reopened[rec[col["heuristic"]]] = n
		}
		if want := strconv.FormatBool(rec[col["heuristic"]] != "manhattan+hamming"); rec[col["admissible"]] != want {
			t.Errorf("csv %v: admissible %s, want %s", rec, rec[col["admissible"]], want)
		}
	}
	if reopened["pdb:44"] != 5 || reopened["manhattan"] != 0 {
		t.Errorf("csv reopened %v, want pdb:44 5 and manhattan 0 (core/search TestAStarReopensPinned)", reopened)
	}
	code, out, _ = runCLI(t, "", "compare", "--set", set, "--algorithm", "a*", "--heuristics", "manhattan,lc-pairs", "--json")
	r, err := compare.ReadJSON(strings.NewReader(out))
	if code != exitOK || err != nil || len(r.Inadmissible) != 1 || r.Inadmissible[0] != "lc-pairs" {
		t.Errorf("json: exit %d, %v, inadmissible %v", code, err, r.Inadmissible)
	}
}

// TestQualityOverestimates: quality marks the heuristics that lie, says
// where they overestimate, and fails only for a heuristic that claims to
// be admissible.
func TestQualityOverestimates(t *testing.T) {
	if raceForm() {
		// The race form (raceForm) leaves the overestimate tables to
		// core/quality's TestOverestimatesOracle; TestQualityEightPuzzle
		// keeps the quality command itself under the detector.
		t.Skip("race form: two passes over every 8-puzzle state (one goroutine); make test-short and make test-full run it")
	}
	code, out, errText := runCLI(t, "", "quality", "--heuristics", "manhattan,lc-pairs")
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, errText)
	}
	for _, want := range []string{"lc-pairs (inadmissible)", "over-estimates by true distance",
		"lc-pairs (inadmissible) overestimates 7 states by up to 4; the worst:", "0 8 7 6 5 4 3 2 1  h 32  h* 28"} {
		if !strings.Contains(out, want) {
			t.Errorf("quality lacks %q:\n%s", want, out)
		}
	}
	code, out, _ = runCLI(t, "", "quality", "--heuristics", "wmanhattan:1.5", "--json")
	var rep struct {
		Heuristics []struct {
			Inadmissible   bool `json:"inadmissible"`
			Over           int64
			OverByDistance []struct {
				HStar   int   `json:"hstar"`
				States  int64 `json:"states"`
				MaxOver int   `json:"max_over"`
			} `json:"over_by_distance"`
			WorstOver []struct {
				Board string `json:"board"`
				H     int    `json:"h"`
				HStar int    `json:"hstar"`
			} `json:"worst_over"`
		}
	}
	if err := json.Unmarshal([]byte(out), &rep); err != nil || code != exitOK || len(rep.Heuristics) != 1 {
		t.Fatalf("json: exit %d, %v", code, err)
	}
	h := rep.Heuristics[0]
	var sum int64
	for _, row := range h.OverByDistance {
		sum += row.States
	}
	if !h.Inadmissible || sum != h.Over || h.Over == 0 || len(h.WorstOver) != 10 || h.WorstOver[0].H-h.WorstOver[0].HStar != 11 {
		t.Errorf("json: inadmissible %v, over %d, by distance add up to %d, worst %+v", h.Inadmissible, h.Over, sum, h.WorstOver)
	}
}
