package tracecheck

import (
	"context"
	"testing"

	"github.com/slidelab/slidelab/core/board"
	"github.com/slidelab/slidelab/core/search"
)

// TestCheckLength checks the optimality rule: a longer solution than the
// reference's fails for A*, IDA* and BFS, never for greedy search, and not
// when the reference did not finish.
func TestCheckLength(t *testing.T) {
	cases := []struct {
		alg      search.Algorithm
		ref      Reference
		wantFail bool
	}{
		{search.AStar, Reference{Complete: true, Length: 14}, true},
		{search.IDAStar, Reference{Complete: true, Length: 14}, true},
		{search.BFS, Reference{Complete: true, Length: 14}, true},
		{search.Greedy, Reference{Complete: true, Length: 14}, false},
		{search.AStar, Reference{Complete: false}, false},
		{search.AStar, Reference{Complete: true, Length: 16}, false},
	}
	for _, tc := range cases {
		r := &Result{Summary: Summary{Found: true, Length: 16, GoalLine: 44}}
		d := r.CheckLength(tc.alg, tc.ref)
		if (d != nil) != tc.wantFail || (d != nil && (d.Rule != RuleOptimal || r.Difference != d ||
			d.Message != "the goal (line 44): your solution has 16 moves, but the shortest has 14, and "+tc.alg.String()+" promises a shortest one.")) {
			t.Errorf("%v %+v: %+v", tc.alg, tc.ref, d)
		}
	}
}

// TestRunReference checks the reference against Solve, and a limit that
// stops it: not complete, not an error.
func TestRunReference(t *testing.T) {
	start := mustParse(t, "8 1 3 / 4 0 2 / 7 6 5")
	h := heuristic(t, "manhattan", start.Size(), board.BlankLast)
	opts := Options{Algorithm: search.AStar, Heuristic: h, Goal: board.BlankLast, Start: start}
	ref, err := RunReference(context.Background(), opts, 0, 0)
	res, serr := search.Solve(context.Background(), start, search.Config{Algorithm: search.AStar, Heuristic: h, Goal: board.BlankLast})
	if err != nil || serr != nil || !ref.Complete || ref.Length != len(res.Moves) || ref.Expanded != res.Stats.Expanded || ref.Generated != res.Stats.Generated {
		t.Fatalf("reference %+v (%v), solve %+v (%v)", ref, err, res.Stats, serr)
	}
	ref, err = RunReference(context.Background(), opts, 5, 0)
	if err != nil || ref.Complete || ref.Generated < 5 {
		t.Fatalf("limited reference %+v, %v", ref, err)
	}
}
