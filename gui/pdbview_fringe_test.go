package gui

import (
	"github.com/slidelab/slidelab/gui/internal/pdbview"

	"context"
	"testing"

	"fyne.io/fyne/v2/test"

	"github.com/slidelab/slidelab/core/board"
	"github.com/slidelab/slidelab/core/search"
)

// TestFringeTablesReachTheMenu builds the 8-puzzle's fringe tables in the
// PDB view and finds them in the heuristic menu, in a maximum with linear
// conflict, with the values of the search package's own fringe heuristic.
func TestFringeTablesReachTheMenu(t *testing.T) {
	u, v := pdbViewOn(t, "1,2,3,4/5,6,7,8")
	v.KindSelect.SetSelected(pdbview.KindFringeLabel)
	test.Tap(v.RunButton)
	u.q.Wait(t, v.LastDone)
	ref, err := search.NewHeuristic(context.Background(), "max(fringe:1,2,3,4,7,lc)", board.Size3x3, goal, search.HeuristicOptions{})
	if err != nil {
		t.Fatal(err)
	}
	var found bool
	for _, o := range u.heuristicOptions(board.Size3x3) {
		if o.Short != "max(fringe:cs,linear-conflict)" {
			continue
		}
		found = true
		h, err := o.Build()
		if err != nil {
			t.Fatal(err)
		}
		for _, b := range []string{"8 6 7 / 2 5 4 / 3 0 1", "0 1 2 / 3 4 5 / 6 7 8", "1 2 3 / 4 5 6 / 7 0 8"} {
			bd, err := board.ParseSolvable(b, board.Size3x3, goal)
			if err != nil {
				t.Fatal(err)
			}
			if h.Estimate(bd) != ref.Estimate(bd) {
				t.Errorf("%s: menu's h = %d, search's %d", b, h.Estimate(bd), ref.Estimate(bd))
			}
		}
	}
	if !found {
		t.Error("no max(fringe:cs,linear-conflict) in the heuristic menu")
	}
}
