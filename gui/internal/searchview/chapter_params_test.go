package searchview

import (
	"strconv"
	"strings"
	"testing"

	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"github.com/slidelab/slidelab/core/search"
	"github.com/slidelab/slidelab/gui/internal/catalog"
)

// paramCases are the parameters core/search (and `slidelab solve`) take,
// a value at a time, as a teacher picks them in the panel.
func paramCases() []chapterCase {
	dl := func(d, c string) func(p *AlgParams) {
		return func(p *AlgParams) { p.DepthLimit.SetSelected(d); p.CycleCheck.SetSelected(c) }
	}
	return []chapterCase{
		{"Depth-limited", dl("10", "none"), search.Config{Algorithm: search.DLS, DepthLimit: 10}},
		{"Depth-limited", dl("10", "path"), search.Config{Algorithm: search.DLS, DepthLimit: 10, CycleCheck: search.CyclePath}},
		{"Depth-limited", dl("15", "closed"), search.Config{Algorithm: search.DLS, DepthLimit: 15, CycleCheck: search.CycleClosed}},
		{"Iterative deepening", dl("none", "none"), search.Config{Algorithm: search.IDDFS}},
		{"Iterative deepening", dl("10", "path"), search.Config{Algorithm: search.IDDFS, DepthLimit: 10, CycleCheck: search.CyclePath}},
		{"Iterative deepening", dl("none", "closed"), search.Config{Algorithm: search.IDDFS, CycleCheck: search.CycleClosed}},
		{"Depth-first", dl("15", "none"), search.Config{Algorithm: search.DFS, DepthLimit: 15}},
		{"Depth-first", dl("20", "closed"), search.Config{Algorithm: search.DFS, DepthLimit: 20, CycleCheck: search.CycleClosed}},
		{"Weighted A*", func(p *AlgParams) { p.Weight.SetSelected("1") }, search.Config{Algorithm: search.WAStar, Weight: 1}},
		{"Weighted A*", func(p *AlgParams) { p.Weight.SetSelected("2.5") }, search.Config{Algorithm: search.WAStar, Weight: 2.5}},
		{"Weighted A*", func(p *AlgParams) { p.Weight.SetSelected("5"); p.Cost.SetSelected(catalog.CostChoices[1]) },
			search.Config{Algorithm: search.WAStar, Weight: 5, Cost: search.TileCost}},
		{"SMA*", func(p *AlgParams) { p.MemoryNodes.SetSelected("10") }, search.Config{Algorithm: search.SMAStar, MemoryNodes: 10}},
		{"SMA*", func(p *AlgParams) { p.MemoryNodes.SetSelected("1000") }, search.Config{Algorithm: search.SMAStar, MemoryNodes: 1000}},
		{"Uniform-cost", func(p *AlgParams) { p.Cost.SetSelected(catalog.CostChoices[0]) }, search.Config{Algorithm: search.UCS}},
		{"A*", func(p *AlgParams) { p.Cost.SetSelected(catalog.CostChoices[1]) }, search.Config{Algorithm: search.AStar, Cost: search.TileCost}},
		{"RBFS", func(p *AlgParams) { p.Cost.SetSelected(catalog.CostChoices[1]) }, search.Config{Algorithm: search.RBFS, Cost: search.TileCost}},
	}
}

// TestChapterEveryParameterCounts: for each parameter value the command
// line takes, the panel's search, stepped a few events and then run to the
// end (stepping first must not change the counts), counts what
// search.Solve and the trace count, and finds a solution. The race form
// (raceForm) keeps the first value of each algorithm: each run is the same
// background job, and the counts are compared on the test goroutine.
func TestChapterEveryParameterCounts(t *testing.T) {
	v := newTestView(t)
	s := v.search
	cases := paramCases()
	if raceForm() {
		first := cases[:0:0]
		for i, c := range cases {
			if i == 0 || c.label != cases[i-1].label {
				first = append(first, c)
			}
		}
		cases = first
	}
	for _, c := range cases {
		t.Run(c.label+" "+c.cfg.Algorithm.String(), func(t *testing.T) {
			s.Params.Set(DefaultParams)
			start := v.eightPuzzle(t, "1 3 6 / 5 0 2 / 4 7 8") // 8 moves
			s.AlgorithmSelect.SetSelected(c.label)
			if c.cfg.Algorithm.UsesHeuristic() {
				if err := s.SelectHeuristic("manhattan"); err != nil {
					t.Fatal(err)
				}
			}
			c.set(s.Params)
			for i := 0; i < 12 && (s.Stepper == nil || !s.Stepper.Done()); i++ {
				test.Tap(s.StepButton)
			}
			if !s.Stepper.Done() {
				test.Tap(s.RunButton)
				v.q.Wait(t, s.RunDone)
			}
			if len(s.SolutionMoves) == 0 {
				t.Fatalf("no solution: %q", s.Status.Text)
			}
			want := solveAndTrace(t, start, c.cfg)
			if got := s.Stepper.Stats(); got.Expanded != want.Expanded || got.Generated != want.Generated {
				t.Errorf("panel %d expanded %d generated, solve and trace %s", got.Expanded, got.Generated, want)
			}
		})
	}
}

// TestParameterChangesUndo: Undo takes back a change of each parameter
// (the selector and the search follow), and Redo makes it again, as for
// the algorithm and the heuristic.
func TestParameterChangesUndo(t *testing.T) {
	v := newTestView(t)
	s := v.search
	v.eightPuzzle(t, "1 3 6 / 5 0 2 / 4 7 8")
	for _, tc := range []struct {
		label    string
		sel      func(p *AlgParams) *widget.Select
		from, to string
		get      func(Params) any
	}{
		{"Weighted A*", func(p *AlgParams) *widget.Select { return p.Weight }, "2", "4", func(p Params) any { return p.Weight }},
		{"Iterative deepening", func(p *AlgParams) *widget.Select { return p.DepthLimit }, "none", "30", func(p Params) any { return p.DepthLimit }},
		{"Depth-limited", func(p *AlgParams) *widget.Select { return p.CycleCheck }, "none", "closed", func(p Params) any { return p.CycleCheck }},
		{"SMA*", func(p *AlgParams) *widget.Select { return p.MemoryNodes }, "1000", "50", func(p Params) any { return p.MemoryNodes }},
		{"Uniform-cost", func(p *AlgParams) *widget.Select { return p.Cost }, catalog.CostChoices[0], catalog.CostChoices[1], func(p Params) any { return p.Cost }},
	} {
		t.Run(tc.label, func(t *testing.T) {
			s.Params.Set(DefaultParams)
			s.AlgorithmSelect.SetSelected(tc.label)
			sel := tc.sel(s.Params)
			before := tc.get(s.Params.Values())
			test.Tap(s.StepButton)
			sel.SetSelected(tc.to)
			after := tc.get(s.Params.Values())
			if before == after {
				t.Fatalf("picking %s changed nothing", tc.to)
			}
			if got := v.sess.UndoName(); got != "parameter change" {
				t.Fatalf("Undo would take back %q, want the parameter change", got)
			}
			if !v.sess.Undo() {
				t.Fatal("nothing to undo")
			}
			if got := tc.get(s.Params.Values()); got != before || sel.Selected != tc.from {
				t.Errorf("after Undo: %v, selector %q; want %v, %q", got, sel.Selected, before, tc.from)
			}
			if s.AlgorithmSelect.Selected != tc.label || s.Stepper != nil {
				t.Errorf("after Undo: algorithm %q, stepper %v: want %q, reset", s.AlgorithmSelect.Selected, s.Stepper != nil, tc.label)
			}
			if !v.sess.Redo() {
				t.Fatal("nothing to redo")
			}
			if got := tc.get(s.Params.Values()); got != after || sel.Selected != tc.to {
				t.Errorf("after Redo: %v, selector %q; want %v, %q", got, sel.Selected, after, tc.to)
			}
		})
	}
}

// TestSMAStarSaysWhatItDoes: SMA* here adds all of a node's children in one
// expansion, where the textbook adds one successor at a time; the
// narration of an expansion and the tree's note say so, and why it is an
// equivalent.
func TestSMAStarSaysWhatItDoes(t *testing.T) {
	v := newTestView(t)
	s := v.search
	v.eightPuzzle(t, "1 3 6 / 5 0 2 / 4 7 8")
	s.AlgorithmSelect.SetSelected("SMA*")
	if !v.tree.Shown {
		v.tree.ToggleShown()
	}
	test.Tap(s.StepButton)
	test.Tap(s.StepButton)
	if snap := shownSnap(t, s); snap.Kind != search.NodeExpanded {
		t.Fatalf("event %v, want an expansion", snap.Kind)
	}
	if n := v.code.Narration.Text; !strings.Contains(n, "adding all its children at once (the textbook's SMA* adds one successor at a time)") {
		t.Errorf("narration %q", n)
	}
	for _, want := range []string{"one successor at a time", "all of a node's children", "optimal once the budget"} {
		if !strings.Contains(v.tree.Info.Text, want) {
			t.Errorf("tree note %q does not say %q", v.tree.Info.Text, want)
		}
	}
}

// TestDepthLimitedRefusesNone: depth-limited search needs a limit, so
// picking "none" for it shows the limit it searches with (20), not "none";
// depth-first search and iterative deepening take "none".
func TestDepthLimitedRefusesNone(t *testing.T) {
	v := newTestView(t)
	s := v.search
	for _, tc := range []struct {
		label string
		want  int
	}{{"Depth-limited", catalog.DLSDefaultLimit}, {"Iterative deepening", 0}, {"Depth-first", 0}} {
		s.Params.Set(DefaultParams)
		s.AlgorithmSelect.SetSelected(tc.label)
		s.Params.DepthLimit.SetSelected("10")
		s.Params.DepthLimit.SetSelected("none")
		want := "none"
		if tc.want != 0 {
			want = strconv.Itoa(tc.want)
		}
		if got := s.Params.Values().DepthLimit; got != tc.want || s.Params.DepthLimit.Selected != want {
			t.Errorf("%s: limit %d, selector %q; want %d, %q", tc.label, got, s.Params.DepthLimit.Selected, tc.want, want)
		}
	}
}
