package predict

import (
	"context"
	"errors"
	"testing"

	"github.com/slidelab/slidelab/core/board"
	"github.com/slidelab/slidelab/core/compare"
	"github.com/slidelab/slidelab/core/search"
)

// runSet solves set with the heuristics named and predicts its iterations.
func runSet(t *testing.T, set compare.Set, names []string, opt Options) *Comparison {
	t.Helper()
	ctx := context.Background()
	size := set.Instances[0].Board.Size()
	hs, err := compare.ResolveHeuristics(ctx, names, size, set.Goal, compare.ResolveOptions{})
	if err != nil {
		t.Fatal(err)
	}
	r, err := compare.Run(ctx, set, hs, compare.Options{})
	if err != nil {
		t.Fatal(err)
	}
	c, err := ForReport(ctx, r, hs, opt)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

func TestPredictionNearMeasuredOn8Puzzle(t *testing.T) {
	// KRE's prediction is for the average over many starts: on 100 random
	// 8-puzzles the totals over the complete iterations IDA* ran agree
	// within a factor of 2.5 (1.8 for Manhattan, 2.2 for linear conflict
	// when this test was written; see README). The prediction runs high
	// because an iteration with bound d is complete only for the starts
	// whose solutions are longer than d, which lie far from the goal and
	// expand fewer nodes than the average start.
	n := 100
	if testing.Short() || raceForm() {
		n = 30 // the race form (raceForm) runs -short's 30 boards: one goroutine's searches
	}
	set, err := compare.RandomBoards(board.Size3x3, board.BlankLast, n, 7)
	if err != nil {
		t.Fatal(err)
	}
	c := runSet(t, set, []string{"manhattan", "linear-conflict"}, Options{})
	for _, h := range c.Heuristics {
		for _, gen := range []bool{true, false} {
			q := h.Complete.Ratio(gen)
			t.Logf("%s generated=%v: %d complete iterations, predicted/measured %.3f (per instance: geo-mean %.3f, median %.3f, %.3f..%.3f)",
				h.Heuristic, gen, h.Complete.Iterations, q, h.PerInstance.GeoMean, h.PerInstance.Median, h.PerInstance.Min, h.PerInstance.Max)
			if !(q > 1/2.5 && q < 2.5) {
				t.Errorf("%s: predicted/measured = %.3f, want within a factor of 2.5", h.Heuristic, q)
			}
		}
		for _, b := range h.Bounds {
			t.Logf("  bound %d: %d instances, measured %.0f, predicted %.0f", b.Bound, b.Instances, b.MeasuredGenerated, b.Predicted.Generated)
		}
	}
}

func TestPredictionMatchesFullIterationsOn8Puzzle(t *testing.T) {
	// For uniformly random starts with the blank in one cell, a node at
	// depth i of the tree is a uniformly random state with its blank where
	// the moves put it, so E(N, d, P) with the exact distribution is the
	// expected number of nodes expanded by a whole iteration (Manhattan is
	// consistent). The mean over random starts must come close.
	ctx := context.Background()
	h, err := search.NewManhattan(board.Size3x3, board.BlankLast)
	if err != nil {
		t.Fatal(err)
	}
	d, err := DistributionOf(ctx, h, board.Size3x3, board.BlankLast, DistOptions{})
	if err != nil {
		t.Fatal(err)
	}
	m := NewModel(d)
	n := 300 // 0.03 s; 60 starts are too few for the 25 % bound (1.31 at bound 12 with seed 11)
	r := board.NewRand(11)
	for _, bound := range []int{12, 16, 20} {
		var measured Counted
		var predicted Nodes
		for k := 0; k < n; k++ {
			b, err := board.Random(r, board.Size3x3, board.BlankLast)
			if err != nil {
				t.Fatal(err)
			}
			c, err := FullIteration(ctx, b, h, bound)
			if err != nil {
				t.Fatal(err)
			}
			p, err := m.Iteration(b, bound)
			if err != nil {
				t.Fatal(err)
			}
			measured.Expanded += c.Expanded
			measured.Generated += c.Generated
			predicted.Expanded += p.Expanded
			predicted.Generated += p.Generated
		}
		qe := predicted.Expanded / float64(measured.Expanded)
		qg := predicted.Generated / float64(measured.Generated)
		t.Logf("bound %d, %d starts: expanded %d measured, %.0f predicted (%.3f); generated %d, %.0f (%.3f)",
			bound, n, measured.Expanded, predicted.Expanded, qe, measured.Generated, predicted.Generated, qg)
		for _, q := range []float64{qe, qg} {
			if q < 0.8 || q > 1.25 {
				t.Errorf("bound %d: predicted/measured %.3f, want within 0.8..1.25", bound, q)
			}
		}
	}
}

func TestWholeIterationsOn8Puzzle(t *testing.T) {
	// KRE's own experiment: whole iterations at fixed bounds from every
	// start. With Manhattan (consistent) and the exact distribution the
	// sums come within 15 % (3 % when this test was written).
	ctx := context.Background()
	n := 100
	if testing.Short() {
		n = 30
	}
	set, err := compare.RandomBoards(board.Size3x3, board.BlankLast, n, 11)
	if err != nil {
		t.Fatal(err)
	}
	hs, err := compare.ResolveHeuristics(ctx, []string{"manhattan"}, board.Size3x3, board.BlankLast, compare.ResolveOptions{})
	if err != nil {
		t.Fatal(err)
	}
	models, err := NewModels(ctx, hs, board.Size3x3, board.BlankLast, Options{})
	if err != nil {
		t.Fatal(err)
	}
	bounds := []int{14, 16, 18, 20}
	calls := 0
	c, err := Whole(ctx, set, hs, models, bounds, WholeOptions{Workers: 2, Progress: func(done, total int) { calls++ }})
	if err != nil {
		t.Fatal(err)
	}
	if !c.Whole || calls != n*len(bounds) || len(c.Heuristics) != 1 {
		t.Fatalf("whole %v, %d progress calls, %d heuristics", c.Whole, calls, len(c.Heuristics))
	}
	h := c.Heuristics[0]
	if len(h.Bounds) != len(bounds) || h.Complete.Iterations != n*len(bounds) || h.Last.Iterations != 0 {
		t.Fatalf("%d bounds, %d complete and %d last iterations", len(h.Bounds), h.Complete.Iterations, h.Last.Iterations)
	}
	// Each iteration is FullIteration's count and the model's prediction.
	in := h.Instances[n-1]
	for k, x := range in.Iterations {
		want, err := FullIteration(ctx, set.Instances[n-1].Board, hs[0].H, bounds[k])
		if err != nil {
			t.Fatal(err)
		}
		p, err := models[0].Iteration(set.Instances[n-1].Board, bounds[k])
		if err != nil {
			t.Fatal(err)
		}
		if !x.Complete || x.Bound != bounds[k] || x.Measured != want || x.Predicted != p {
			t.Errorf("iteration %d: %+v, want %+v and %+v", k, x, want, p)
		}
	}
	for _, b := range h.Bounds {
		t.Logf("bound %d: measured %.0f, predicted %.0f", b.Bound, b.MeasuredGenerated, b.Predicted.Generated)
	}
	if q := h.Complete.Ratio(true); q < 0.85 || q > 1.15 {
		t.Errorf("predicted/measured %.3f, want within 0.85..1.15", q)
	}
	// Bad arguments and a cancelled context.
	if _, err := Whole(ctx, set, hs, models, []int{-1}, WholeOptions{}); err == nil {
		t.Error("a negative bound: no error")
	}
	if _, err := Whole(ctx, set, hs, nil, bounds, WholeOptions{}); err == nil {
		t.Error("no models: no error")
	}
	cancelled, cancel := context.WithCancel(ctx)
	cancel()
	if _, err := Whole(cancelled, set, hs, models, bounds, WholeOptions{}); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled: %v", err)
	}
}

func TestForReportErrors(t *testing.T) {
	ctx := context.Background()
	set, err := compare.RandomBoards(board.Size3x3, board.BlankLast, 2, 1)
	if err != nil {
		t.Fatal(err)
	}
	hs, err := compare.ResolveHeuristics(ctx, []string{"manhattan", "lc"}, board.Size3x3, board.BlankLast, compare.ResolveOptions{})
	if err != nil {
		t.Fatal(err)
	}
	r, err := compare.Run(ctx, set, hs, compare.Options{})
	if err != nil {
		t.Fatal(err)
	}
	astar, err := compare.Run(ctx, set, hs, compare.Options{Algorithm: search.AStar})
	if err != nil {
		t.Fatal(err)
	}
	bad := *r
	bad.Instances = append([]compare.InstanceInfo(nil), r.Instances...)
	bad.Instances[1].Board = "1 2 3 4"
	tests := []struct {
		name string
		r    *compare.Report
		hs   []compare.Heuristic
	}{
		{"no report", nil, hs},
		{"a* runs", astar, hs},
		{"missing heuristic", r, hs[:1]},
		{"bad board", &bad, hs},
	}
	for _, tt := range tests {
		if _, err := ForReport(ctx, tt.r, tt.hs, Options{}); err == nil {
			t.Errorf("%s: no error", tt.name)
		}
	}
}
