package raceview

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"fyne.io/fyne/v2/test"

	"github.com/slidelab/slidelab/core/search"
	"github.com/slidelab/slidelab/gui/internal/catalog"
	"github.com/slidelab/slidelab/gui/internal/toolkit"
)

// TestRaceEveryAlgorithm races the chapter's twelve algorithms, three
// lanes at a time with their parameters, at full speed on an 8-puzzle of
// 14 moves: each lane's counts and length are search.Solve's with the same
// configuration, and the lanes whose algorithm does not promise a shortest
// solution say whether theirs is, beside the optimum a BFS lane found.
func TestRaceEveryAlgorithm(t *testing.T) {
	q, r := newTestView(t)
	b := eightPuzzle(t, r, "1 7 2/4 3 6/8 5 0")
	type lane struct {
		alg       search.Algorithm
		heuristic string
		set       func(f *catalog.ParamsForm)
	}
	races := [][3]lane{
		{{search.BFS, "", nil}, {search.BiBFS, "", nil}, {search.DFS, "", func(f *catalog.ParamsForm) {
			f.DepthLimit.SetSelected("20")
			f.CycleCheck.SetSelected("path")
		}}},
		{{search.UCS, "", nil}, {search.IDDFS, "", nil}, {search.DLS, "", func(f *catalog.ParamsForm) { f.DepthLimit.SetSelected("20") }}},
		{{search.AStar, "manhattan", nil}, {search.WAStar, "manhattan", func(f *catalog.ParamsForm) { f.Weight.SetSelected("5") }}, {search.Greedy, "manhattan", nil}},
		{{search.IDAStar, "manhattan", nil}, {search.SMAStar, "manhattan", func(f *catalog.ParamsForm) { f.MemoryNodes.SetSelected("50") }}, {search.RBFS, "manhattan", nil}},
	}
	for _, race := range races {
		for i, ln := range race {
			l := r.Lanes[i]
			l.Params.Set(catalog.DefaultAlgorithmParams)
			l.AlgorithmSelect.SetSelected(catalog.LabelOf(ln.alg))
			if ln.set != nil {
				ln.set(l.Params)
			}
			if ln.heuristic != "" {
				l.HeuristicSelect.SetSelected(labelOf(l.opts, ln.heuristic))
			}
			if got := l.HeuristicSelect.Disabled(); got == ln.alg.UsesHeuristic() {
				t.Errorf("%v: heuristic selector disabled %v", ln.alg, got)
			}
		}
		fullSpeed(r)
		test.Tap(r.RunButton)
		q.Wait(t, r.RunDone)
		for i, ln := range race {
			l := r.Lanes[i]
			cfg := laneConfig(t, b, catalog.LabelOf(ln.alg), ln.heuristic)
			l.Params.Values().Apply(&cfg)
			want, err := search.Solve(context.Background(), b, cfg)
			if err != nil || !want.Found {
				t.Fatalf("%v: Solve: %v", ln.alg, err)
			}
			if l.State != laneSolved || l.Moves != len(want.Moves) || l.Expanded.Text != toolkit.FormatCount(want.Expanded) ||
				l.Generated.Text != toolkit.FormatCount(want.Generated) {
				t.Errorf("%v: lane %d moves, %s/%s; Solve %d moves, %d/%d (%s)", ln.alg, l.Moves, l.Expanded.Text, l.Generated.Text,
					len(want.Moves), want.Expanded, want.Generated, l.Status.Text)
			}
			wantWords := "(optimal)"
			switch {
			case !ln.alg.Info().Optimal && l.Moves > 14:
				wantWords = "(not optimal: the optimum is 14"
			case !ln.alg.Info().Optimal:
				wantWords = fmt.Sprintf("(optimal, though %s does not promise it)", catalog.LabelOf(ln.alg))
			}
			if ln.alg == search.WAStar && l.Moves > 14 {
				wantWords += "; weighted A* promises at most w·C* = 5 × 14 = 70)" // its bound beside the optimum
			}
			if !strings.Contains(l.Status.Text, wantWords) {
				t.Errorf("%v: status %q, want %q", ln.alg, l.Status.Text, wantWords)
			}
		}
	}
}
