package searchview

import (
	"fmt"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"github.com/slidelab/slidelab/gui/internal/uitest"
)

// TestBoardStaysPutWhileStepping steps through a run of every algorithm,
// with and without the tree, on a laptop's window, and lays the window out
// after every step as the desktop driver does when a minimum size changed:
// the board must not move or change size while the counters grow, the
// open list comes and goes, the captions and the status change.
func TestBoardStaysPutWhileStepping(t *testing.T) {
	steps := 160
	if testing.Short() || uitest.RaceEnabled {
		steps = 60
	}
	// A hard board (the counters grow, the open list fills) and one
	// three moves from the goal (the search ends: the solution line).
	boards := []string{"8 6 7 / 2 5 4 / 3 _ 1", "1 2 3 / _ 4 6 / 7 5 8"}
	for _, alg := range newTestViewAlgorithms(t) {
		for i, tree := range []bool{false, true} {
			t.Run(fmt.Sprintf("%s/tree=%v", alg, tree), func(t *testing.T) {
				v := newTestView(t)
				v.w.Resize(fyne.NewSize(1280, 800))
				v.eightPuzzle(t, boards[i])
				v.search.AlgorithmSelect.SetSelected(alg)
				if tree != v.tree.Shown {
					v.tree.ToggleShown()
				}
				v.q.Drain()
				where := func() string {
					uitest.Relayout(v.w.Content())
					b := v.puzzle.Board
					return fmt.Sprintf("%v %v", fyne.CurrentApp().Driver().AbsolutePositionForObject(b), b.Size())
				}
				test.Tap(v.search.StepButton)
				v.q.Drain()
				first := where()
				for i := 1; i < steps && v.search.Stepper != nil && !v.search.Stepper.Done(); i++ {
					test.Tap(v.search.StepButton)
					v.q.Drain()
					if got := where(); got != first {
						t.Fatalf("step %d (%q, counters %s %s %s): board at %s, was at %s", i+1,
							v.search.EventInfo.Text, v.search.Expanded.Text, v.search.Generated.Text, v.search.FGH.Text, got, first)
					}
				}
				if i == 1 && v.search.SolutionMoves == nil {
					t.Errorf("the search of %s did not end in %d steps", boards[i], steps)
				}
			})
		}
	}
}
