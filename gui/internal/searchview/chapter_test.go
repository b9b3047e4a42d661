package searchview

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"fyne.io/fyne/v2/test"

	"github.com/slidelab/slidelab/core/board"
	"github.com/slidelab/slidelab/core/search"
	"github.com/slidelab/slidelab/gui/internal/catalog"
	"github.com/slidelab/slidelab/gui/internal/toolkit"
)

// chapterCase is one of the search chapter's algorithms with parameters
// as a teacher picks them in the panel.
type chapterCase struct {
	label string
	set   func(p *AlgParams)
	cfg   search.Config // the same search as core/search runs it
}

// chapterCases are the eight algorithms the app steps beyond the classic
// four, with parameters other than the defaults where they take some.
func chapterCases() []chapterCase {
	return []chapterCase{
		{"Uniform-cost", func(p *AlgParams) { p.Cost.SetSelected(catalog.CostChoices[1]) },
			search.Config{Algorithm: search.UCS, Cost: search.TileCost}},
		{"Depth-first", func(p *AlgParams) { p.DepthLimit.SetSelected("25"); p.CycleCheck.SetSelected(catalog.CycleChoices[1]) },
			search.Config{Algorithm: search.DFS, DepthLimit: 25, CycleCheck: search.CyclePath}},
		{"Depth-limited", func(p *AlgParams) { p.DepthLimit.SetSelected("15") },
			search.Config{Algorithm: search.DLS, DepthLimit: 15}},
		{"Iterative deepening", func(*AlgParams) {}, search.Config{Algorithm: search.IDDFS}},
		{"Bidirectional BFS", func(*AlgParams) {}, search.Config{Algorithm: search.BiBFS}},
		{"Weighted A*", func(p *AlgParams) { p.Weight.SetSelected("1.5") },
			search.Config{Algorithm: search.WAStar, Weight: 1.5}},
		{"RBFS", func(*AlgParams) {}, search.Config{Algorithm: search.RBFS}},
		{"SMA*", func(p *AlgParams) { p.MemoryNodes.SetSelected("100") },
			search.Config{Algorithm: search.SMAStar, MemoryNodes: 100}},
	}
}

// TestChapterCountsMatchSolveAndTrace steps each of the further algorithms
// a few events, runs it to the end, and finds the panel's counts equal to
// core/search's Solve and to the trace's (its expand and generate events)
// on a few 8-puzzle boards; the solution solves the board. The race form
// (raceForm) runs each algorithm on the second board only (stepped first,
// then run to the end in the background): the same run as the first
// board's, and the counts are compared on the test goroutine.
func TestChapterCountsMatchSolveAndTrace(t *testing.T) {
	boards := []string{"4 1 3 / 7 2 6 / 0 5 8", "1 3 6 / 5 0 2 / 4 7 8"}
	v := newTestView(t) // one view for all: each algorithm starts afresh
	s := v.search
	for _, c := range chapterCases() {
		t.Run(c.label, func(t *testing.T) {
			for i, text := range boards {
				if raceForm() && i == 0 {
					continue
				}
				s.Params.Set(DefaultParams) // the parameters stay as chosen across algorithms
				start := v.eightPuzzle(t, text)
				s.AlgorithmSelect.SetSelected(c.label)
				if c.cfg.Algorithm.UsesHeuristic() {
					if err := s.SelectHeuristic("manhattan"); err != nil {
						t.Fatal(err)
					}
				}
				c.set(s.Params)
				for range i * 5 { // stepping first must not change the counts
					test.Tap(s.StepButton)
				}
				test.Tap(s.RunButton)
				v.q.Wait(t, s.RunDone)
				if len(s.SolutionMoves) == 0 {
					t.Fatalf("%s: no solution: %q", text, s.Status.Text)
				}
				if b, err := start.Apply(s.SolutionMoves); err != nil || !b.IsGoal(DefaultGoal) {
					t.Fatalf("%s: the solution does not solve the board", text)
				}
				want := solveAndTrace(t, start, c.cfg)
				got := s.Stepper.Stats()
				if got.Expanded != want.Expanded || got.Generated != want.Generated {
					t.Errorf("%s: panel %d expanded %d generated, solve and trace %s", text, got.Expanded, got.Generated, want)
				}
				if s.Expanded.Text != toolkit.FormatCount(want.Expanded) || s.Generated.Text != toolkit.FormatCount(want.Generated) {
					t.Errorf("%s: counters read %s / %s, want %s", text, s.Expanded.Text, s.Generated.Text, want)
				}
			}
		})
	}
}

// traceCounts are a search's counts found by Solve and by its trace.
type traceCounts struct{ Expanded, Generated uint64 }

func (c traceCounts) String() string {
	return fmt.Sprintf("%d expanded %d generated", c.Expanded, c.Generated)
}

// solveAndTrace solves start with cfg (Manhattan distance when the
// algorithm takes a heuristic) and traces it, failing unless both agree.
func solveAndTrace(t *testing.T, start board.Board, cfg search.Config) traceCounts {
	t.Helper()
	cfg.Goal = DefaultGoal
	if cfg.Algorithm.UsesHeuristic() {
		h, err := search.NewManhattan(start.Size(), DefaultGoal)
		if err != nil {
			t.Fatal(err)
		}
		cfg.Heuristic = h
	}
	res, err := search.Solve(context.Background(), start, cfg)
	if err != nil {
		t.Fatal(err)
	}
	st, err := search.NewStepper(start, cfg)
	if err != nil {
		t.Fatal(err)
	}
	var tr traceCounts
	if err := search.Trace(context.Background(), st, func(e search.TraceEvent) error {
		switch e.Kind {
		case search.TraceExpand, search.TraceRegenerate:
			tr.Expanded++
		case search.TraceGenerate:
			tr.Generated++
		}
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	if tr.Expanded != res.Stats.Expanded || tr.Generated != res.Stats.Generated {
		t.Fatalf("trace %s, solve %d expanded %d generated", tr, res.Stats.Expanded, res.Stats.Generated)
	}
	return tr
}

// TestChapterSelectorShowsOnlyItsParameters: the selector lists every
// algorithm, grouped as core/search groups them; the line under it names
// the chosen one's group, and only the parameters it takes are shown.
func TestChapterSelectorShowsOnlyItsParameters(t *testing.T) {
	v := newTestView(t)
	s := v.search
	infos := search.AlgorithmInfos()
	if len(s.AlgorithmSelect.Options) != len(infos) {
		t.Fatalf("selector offers %v, want %d algorithms", s.AlgorithmSelect.Options, len(infos))
	}
	last := search.Uninformed
	for _, label := range s.AlgorithmSelect.Options {
		alg, ok := catalog.AlgorithmByLabel(label)
		if !ok {
			t.Fatalf("option %q names no algorithm", label)
		}
		if g := alg.Info().Group; g < last {
			t.Errorf("%s (%s) listed after the %s group", label, g, last)
		} else {
			last = g
		}
	}
	p := s.Params
	for _, tc := range []struct {
		label string
		shown []string
	}{
		{"IDA*", []string{"Cost"}},
		{"Breadth-first", nil},
		{"Depth-first", []string{"Depth limit", "Cycle check"}},
		{"Depth-limited", []string{"Depth limit", "Cycle check"}},
		{"Iterative deepening", []string{"Depth limit", "Cycle check"}},
		{"Weighted A*", []string{"Weight w", "Cost"}},
		{"SMA*", []string{"Node budget", "Cost"}},
		{"Bidirectional BFS", nil},
	} {
		s.AlgorithmSelect.SetSelected(tc.label)
		alg, _ := catalog.AlgorithmByLabel(tc.label)
		if !strings.Contains(p.Desc.Text, alg.Info().Group.String()) {
			t.Errorf("%s: description %q names no group", tc.label, p.Desc.Text)
		}
		var shown []string
		for _, name := range []string{"Weight w", "Depth limit", "Cycle check", "Node budget", "Cost"} {
			if p.rowVisible(name) {
				shown = append(shown, name)
			}
		}
		if strings.Join(shown, ",") != strings.Join(tc.shown, ",") {
			t.Errorf("%s: parameters shown %v, want %v", tc.label, shown, tc.shown)
		}
		if s.HeuristicSelect.Disabled() == alg.UsesHeuristic() {
			t.Errorf("%s: heuristic selector disabled %v", tc.label, s.HeuristicSelect.Disabled())
		}
	}
}

// TestChapterTileCostRefusesPDB: under tile costs a pattern database is
// refused with a message naming tile-manhattan.
func TestChapterTileCostRefusesPDB(t *testing.T) {
	v := newTestView(t)
	s := v.search
	v.eightPuzzle(t, "1 2 3 / 4 0 6 / 7 5 8")
	s.AlgorithmSelect.SetSelected("A*")
	if err := s.SelectHeuristic("pdb:44"); err != nil {
		t.Fatal(err)
	}
	s.Params.Cost.SetSelected(catalog.CostChoices[1])
	v.q.Drain()
	test.Tap(s.StepButton)
	if s.Stepper != nil || !strings.Contains(s.Status.Text, "tile-manhattan") {
		t.Errorf("tile costs with pdb:44: stepper %v, status %q", s.Stepper != nil, s.Status.Text)
	}
}

// TestChapterSolutionAgainstOptimum: weighted A*'s solution is shown beside
// the optimum and the bound w·C*; under tile costs the cost is shown.
func TestChapterSolutionAgainstOptimum(t *testing.T) {
	v := newTestView(t)
	s := v.search
	v.eightPuzzle(t, "8 6 7 / 2 5 4 / 3 0 1") // 31 moves
	s.AlgorithmSelect.SetSelected("Weighted A*")
	if err := s.SelectHeuristic("manhattan"); err != nil {
		t.Fatal(err)
	}
	s.Params.Weight.SetSelected("3")
	test.Tap(s.RunButton)
	v.q.Wait(t, s.RunDone)
	if want := "the optimum C* is 31 moves, and weighted A* promises at most w·C* = 3·31 = 93"; !strings.Contains(s.Status.Text, want) {
		t.Errorf("status %q, want %q", s.Status.Text, want)
	}
	if n := len(s.SolutionMoves); n < 31 || n > 93 {
		t.Errorf("weighted A* found %d moves, outside [31, 93]", n)
	}
	v.eightPuzzle(t, "1 2 3 / 4 0 6 / 7 5 8")
	s.AlgorithmSelect.SetSelected("Uniform-cost")
	s.Params.Cost.SetSelected(catalog.CostChoices[1])
	test.Tap(s.RunButton)
	v.q.Wait(t, s.RunDone)
	if !strings.Contains(s.Status.Text, "Solved in 2 moves (optimal), cost 13") {
		t.Errorf("status %q", s.Status.Text)
	}
}
