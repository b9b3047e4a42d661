package search

import (
	"context"
	"testing"

	"github.com/slidelab/slidelab/core/board"
)

// TestContoursAgainstSolve: the contours of a trace add up to the counts of
// Solve on the same board, IDA*'s equal its iterations, and A*'s with a
// consistent heuristic come in increasing f, each at most the optimal
// length.
func TestContoursAgainstSolve(t *testing.T) {
	s, g := board.Size3x3, board.BlankLast
	dist := distances(t, s, g)
	md, _ := NewManhattan(s, g)
	hs := []Heuristic{md, testPDB(t, "44", s, g), liar(t, "lc-pairs")}
	boards := walkBoards(t, 11, s, g, 40, 4)
	if testing.Short() || raceEnabled {
		boards = boards[:2]
	}
	for bi, b := range boards {
		for _, h := range hs {
			for _, alg := range []Algorithm{AStar, IDAStar, BFS, Greedy} { // the chapter's others are checked in chapter_test.go
				if alg == BFS && (bi > 0 || h != Heuristic(md)) {
					continue // BFS ignores the heuristic, and is the slowest on these boards
				}
				cfg := Config{Algorithm: alg, Heuristic: h, Goal: g}
				want, err := Solve(context.Background(), b, cfg)
				if err != nil {
					t.Fatal(err)
				}
				st, err := NewStepper(b, cfg)
				if err != nil {
					t.Fatal(err)
				}
				c := NewContourCounter(alg)
				lastF, monotone := -1, true
				err = Trace(context.Background(), st, func(e TraceEvent) error {
					c.Add(e)
					if e.Kind == TraceExpand {
						monotone = monotone && e.F >= lastF
						lastF = e.F
					}
					return nil
				})
				if err != nil {
					t.Fatal(err)
				}
				got := c.Contours()
				var exp, gen uint64
				for i, k := range got {
					exp += k.Expanded
					gen += k.Generated
					if i > 0 && k.F <= got[i-1].F {
						t.Errorf("%s %s %s: contours out of order: %+v", b.Line(), alg, h.Name(), got)
					}
				}
				name := b.Line() + " " + alg.String() + " " + h.Name()
				if exp != want.Expanded || gen != want.Generated {
					t.Errorf("%s: contours add up to %d expanded, %d generated; Solve %d, %d", name, exp, gen, want.Expanded, want.Generated)
				}
				if alg == IDAStar {
					if len(got) != len(want.Iterations) {
						t.Fatalf("%s: %d contours, %d iterations", name, len(got), len(want.Iterations))
					}
					for i, it := range want.Iterations {
						if k := got[i]; k.F != it.Bound || k.Expanded != it.Expanded || k.Generated != it.Generated {
							t.Errorf("%s: contour %+v, iteration %+v", name, k, it)
						}
					}
				}
				if alg == AStar && h == Heuristic(md) {
					d := dist[b.Cells()]
					if !monotone || got[0].F < want.H0 || got[len(got)-1].F > d {
						t.Errorf("%s: consistent heuristic, contours %+v: not increasing from h0 %d to at most C* %d", name, got, want.H0, d)
					}
				}
			}
		}
	}
}

// TestContourCounterTable feeds events by hand.
func TestContourCounterTable(t *testing.T) {
	ev := func(k TraceKind, f, bound, children int) TraceEvent {
		return TraceEvent{Kind: k, F: f, Bound: bound, Children: children}
	}
	tests := []struct {
		name   string
		alg    Algorithm
		events []TraceEvent
		want   []Contour
	}{
		{"empty", AStar, nil, []Contour{}},
		{"a* by f, reopened lower", AStar, []TraceEvent{
			ev(TraceSelect, 4, 0, 0), ev(TraceExpand, 4, 0, 2), ev(TraceGenerate, 5, 0, 0),
			ev(TraceExpand, 6, 0, 3), ev(TraceExpand, 5, 0, 1), ev(TraceExpand, 6, 0, 2), ev(TraceGoal, 6, 0, 0)},
			[]Contour{{4, 1, 2}, {5, 1, 1}, {6, 2, 5}}},
		{"ida* per pass", IDAStar, []TraceEvent{
			ev(TraceIteration, 4, 4, 0), ev(TraceExpand, 4, 4, 2), ev(TracePrune, 6, 4, 0),
			ev(TraceIteration, 4, 6, 0), ev(TraceExpand, 4, 6, 2), ev(TraceExpand, 6, 6, 3),
			ev(TraceIteration, 4, 8, 0)},
			[]Contour{{4, 1, 2}, {6, 2, 5}, {8, 0, 0}}},
	}
	for _, tc := range tests {
		c := NewContourCounter(tc.alg)
		for _, e := range tc.events {
			c.Add(e)
		}
		got := c.Contours()
		if len(got) != len(tc.want) {
			t.Errorf("%s: %+v, want %+v", tc.name, got, tc.want)
			continue
		}
		for i := range got {
			if got[i] != tc.want[i] {
				t.Errorf("%s: %+v, want %+v", tc.name, got, tc.want)
			}
		}
	}
}
