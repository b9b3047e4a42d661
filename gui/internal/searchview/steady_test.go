package searchview

import (
	"fmt"
	"slices"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/theme"

	"github.com/slidelab/slidelab/core/search"
	"github.com/slidelab/slidelab/gui/internal/catalog"
	"github.com/slidelab/slidelab/gui/internal/uitest"
)

// TestBoardStaysPutWhileStepping steps through a run of every algorithm,
// with and without the tree, at 100 and 200 % on a laptop's 1280x800, and
// lays the window out after every step as the desktop driver does when a
// minimum size changed: the board must not move or change size while the
// counters grow, the open list comes and goes and the captions, titles and
// status change. At 200 % with the tree open the column of controls leaves
// the board and the tree more than half the width, and the board its
// minimum size.
func TestBoardStaysPutWhileStepping(t *testing.T) {
	if raceForm() {
		t.Skip("race form: laying the window out after each step (the test goroutine's alone); make test-short and make test-full run it")
	}
	steps := 100
	if testing.Short() || uitest.RaceEnabled {
		steps = 40
	}
	// A hard board (the counters grow, the open list fills) and one
	// three moves from the goal (the search ends: the solution line).
	const hard, short = "8 6 7 / 2 5 4 / 3 _ 1", "1 2 3 / _ 4 6 / 7 5 8"
	cases := []struct {
		zoom  float32
		tree  bool
		board string
	}{{1, false, hard}, {1, true, short}, {2, true, hard}}
	algs := newTestViewAlgorithms(t)
	if uitest.RaceEnabled {
		algs = algs[:1] // IDA*: the race detector is about goroutines
	}
	for _, alg := range algs {
		for _, c := range cases {
			if a, _ := catalog.AlgorithmByLabel(alg); c.board == short && !slices.Contains(search.ClassicAlgorithms, a) {
				continue // the further algorithms: the hard board's cases (their parameters' row at 200 %); depth-first ones need more than 40 steps here
			}
			t.Run(fmt.Sprintf("%s/zoom=%v/tree=%v", alg, c.zoom, c.tree), func(t *testing.T) {
				v := newTestView(t)
				fyne.CurrentApp().Settings().SetTheme(zoomTheme{variantTheme{theme.DefaultTheme(), theme.VariantDark}, c.zoom})
				v.w.Resize(fyne.NewSize(1280, 800))
				v.eightPuzzle(t, c.board)
				v.search.AlgorithmSelect.SetSelected(alg)
				if c.tree != v.tree.Shown {
					v.tree.ToggleShown()
				}
				v.q.Drain()
				checkStaysPut(t, v, steps)
				if c.board == short && v.search.SolutionMoves == nil {
					t.Errorf("the search of %s did not end in %d steps", c.board, steps)
				}
			})
		}
	}
}

// checkStaysPut steps v's search up to steps times (or to its end) and
// fails when the board moves or changes size.
func checkStaysPut(t *testing.T, v *testView, steps int) {
	t.Helper()
	content := v.w.Content().(*fyne.Container).Objects[0].(*fyne.Container) // under the tips' layer
	where := func() string {
		uitest.Relayout(content)
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
		if left, all := content.Objects[0].Size().Width, content.Size().Width; left < all/2 {
			t.Fatalf("step %d: the board and tree have %.0f of %.0f pixels", i+1, left, all)
		}
		if got, min := v.puzzle.Board.Size(), v.puzzle.Board.MinSize(); got.Width < min.Width || got.Height < min.Height {
			t.Fatalf("step %d: the board is %v, less than its minimum %v", i+1, got, min)
		}
	}
}
