package searchview

import (
	"slices"
	"strings"
	"testing"

	"fyne.io/fyne/v2/test"

	"github.com/slidelab/slidelab/core/search"
	"github.com/slidelab/slidelab/gui/internal/toolkit"
	"github.com/slidelab/slidelab/internal/treecard"
)

// TestBiBFSFrontierCounters: stepping bidirectional BFS, the last two
// counters are the start side's and the goal side's frontiers, as
// core/search counts them, at every event and after Run to end; the
// narration at the end names the board where the frontiers met, its
// distances from both ends, and says why the count is near the square
// root.
func TestBiBFSFrontierCounters(t *testing.T) {
	v := newTestView(t)
	s := v.search
	start := v.eightPuzzle(t, "1 3 6 / 5 0 2 / 4 7 8") // 8 moves
	s.AlgorithmSelect.SetSelected("Bidirectional BFS")
	if !v.tree.Shown {
		v.tree.ToggleShown()
	}
	if s.BoundName.Text != "Start frontier" || s.IterationName.Text != "Goal frontier" {
		t.Fatalf("counters titled %q, %q", s.BoundName.Text, s.IterationName.Text)
	}
	bothGrew := false
	for i := 0; i < 500 && (s.Stepper == nil || !s.Stepper.Done()); i++ {
		test.Tap(s.StepButton)
		f, g, ok := s.Stepper.Frontiers()
		if !ok || s.Bound.Text != toolkit.FormatCount(uint64(f)) || s.Iteration.Text != toolkit.FormatCount(uint64(g)) {
			t.Fatalf("step %d: counters %s, %s; frontiers %d, %d", i+1, s.Bound.Text, s.Iteration.Text, f, g)
		}
		bothGrew = bothGrew || (f > 1 && g > 1)
	}
	if !s.Stepper.Done() || !bothGrew {
		t.Fatalf("done %v, both frontiers grew %v", s.Stepper.Done(), bothGrew)
	}
	snap := shownSnap(t, s)
	meet := snap.Trace[0]
	mid, err := start.Apply(s.SolutionMoves[:meet.G])
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(snap.path, s.SolutionMoves[:meet.G]) {
		t.Errorf("path to the meeting node %v, want the solution's first %d moves %v", snap.path, meet.G, s.SolutionMoves)
	}
	if g := v.tree.Model.nodes[v.tree.Model.GoalID]; g == nil || !g.chapter.meet {
		t.Error("the node where the solution was found is not marked MEET")
	}
	n := v.code.Narration.Text
	for _, want := range []string{"met at the board " + strings.Join(treecard.BoardRows(mid), " / "), "square root", " from the goal: solved in 8 moves"} {
		if !strings.Contains(n, want) {
			t.Errorf("narration %q does not say %q", n, want)
		}
	}
	// After a full-speed run the counters are the end's frontiers too.
	test.Tap(s.ResetButton)
	test.Tap(s.RunButton)
	v.q.Wait(t, s.RunDone)
	if f, g, _ := s.Stepper.Frontiers(); s.Bound.Text != toolkit.FormatCount(uint64(f)) || s.Iteration.Text != toolkit.FormatCount(uint64(g)) {
		t.Errorf("after Run to end: counters %s, %s; frontiers %d, %d", s.Bound.Text, s.Iteration.Text, f, g)
	}
	if s.Algorithm() != search.BiBFS {
		t.Fatal("algorithm changed")
	}
}
