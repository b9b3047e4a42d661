package raceview

import (
	"slices"
	"strings"
	"testing"

	"fyne.io/fyne/v2/test"
)

// TestRaceHeuristicThatLies races A* with Manhattan + Hamming (a heuristic
// that lies) against A* with Manhattan distance on the board where
// slidelab solve finds 16 moves against the optimum 14: the lane and the
// verdict say, in solve's words, that the solution is not optimal, and the
// optimum comes from the lane whose heuristic is admissible (the board is
// typed in: no known optimum). With only the lying lane and no optimum
// known, it says "maybe not optimal".
func TestRaceHeuristicThatLies(t *testing.T) {
	if raceForm() {
		// The race form (raceForm) skips it: both races step in lockstep
		// on the test goroutine; TestRaceWinner's live race keeps the
		// lanes' goroutines and the verdict under race.
		t.Skip("race form: two lockstep races on one goroutine; make test-short and make test-full run it")
	}
	_, r := newTestView(t)
	eightPuzzle(t, r, "1 7 2 / 4 3 6 / 8 5 0")
	lie := "Manhattan + Hamming (inadmissible)"
	l := r.Lanes[0]
	if i, j := slices.Index(l.HeuristicSelect.Options, lie), slices.Index(l.HeuristicSelect.Options, "4-4 pattern database"); i < j || j < 0 {
		t.Errorf("lying heuristic at %d, the database at %d: want the lying ones last", i, j)
	}
	raceLanes(t, r, [2]string{"A*", "manhattan"}, [2]string{"A*", "manhattan+hamming"})
	for i := 0; i < 10000 && !r.StepButton.Disabled(); i++ {
		test.Tap(r.StepButton)
	}
	if r.Lanes[0].Moves != 14 || r.Lanes[1].Moves != 16 {
		t.Fatalf("moves %d and %d, want 14 and 16", r.Lanes[0].Moves, r.Lanes[1].Moves)
	}
	want := "16 moves (not optimal: the optimum is 14; Manhattan + Hamming is inadmissible)"
	if !strings.Contains(r.Verdict.Text, want) {
		t.Errorf("verdict %q lacks %q", r.Verdict.Text, want)
	}
	if s := r.Lanes[0].Status.Text; !strings.Contains(s, "14 moves (optimal)") {
		t.Errorf("admissible lane: %q", s)
	}
	// The lying lane solved first, before the optimum was known.
	if s := r.Lanes[1].Status.Text; !strings.Contains(s, "not optimal") || strings.Contains(s, "(optimal)") {
		t.Errorf("lying lane: %q", s)
	}

	// Alone with IDA*, on a board without a known optimum.
	raceLanes(t, r, [2]string{"IDA*", "manhattan+hamming"}, [2]string{"Greedy best-first", "manhattan"})
	for i := 0; i < 10000 && !r.StepButton.Disabled(); i++ {
		test.Tap(r.StepButton)
	}
	if s := r.Lanes[0].Status.Text; !strings.Contains(s, "maybe not optimal: Manhattan + Hamming is inadmissible") {
		t.Errorf("IDA* lane without an optimum: %q", s)
	}
}
