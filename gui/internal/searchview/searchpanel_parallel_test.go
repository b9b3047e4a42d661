package searchview

import (
	"context"
	"runtime"
	"testing"

	"fyne.io/fyne/v2/test"
	"github.com/slidelab/slidelab/core/search"
)

// TestRunToEndParallel checks that Run to end finishes IDA* with parallel
// IDA* on every core: the solution is optimal and every pass but the last
// counts what a single-threaded search counts.
func TestRunToEndParallel(t *testing.T) {
	u := newTestView(t)
	s := u.search
	if err := u.puzzle.LoadKorf(79); err != nil { // 42 moves, easy for linear conflict
		t.Fatal(err)
	}
	s.AlgorithmSelect.SetSelected("IDA*")
	if err := s.SelectHeuristic("linear-conflict"); err != nil {
		t.Fatal(err)
	}
	test.Tap(s.StepButton)
	test.Tap(s.RunButton)
	u.q.Wait(t, s.RunDone)
	res := s.Stepper.Result()
	start, _ := u.puzzle.Current()
	lc, err := search.NewLinearConflict(start.Size(), DefaultGoal)
	if err != nil {
		t.Fatal(err)
	}
	one, err := search.Solve(context.Background(), start, search.Config{Heuristic: lc, Goal: DefaultGoal, Workers: 1})
	if err != nil {
		t.Fatal(err)
	}
	if len(s.SolutionMoves) != one.Length() || !res.Found {
		t.Fatalf("Run to end: %d moves (found %v), one worker %d", len(s.SolutionMoves), res.Found, one.Length())
	}
	n := len(one.Iterations)
	if len(res.Iterations) != n {
		t.Fatalf("Run to end: %d passes, one worker %d", len(res.Iterations), n)
	}
	for i := 0; i < n-1; i++ {
		if res.Iterations[i] != one.Iterations[i] {
			t.Errorf("pass %d: %+v, one worker %+v (GOMAXPROCS %d)", i+1, res.Iterations[i], one.Iterations[i], runtime.GOMAXPROCS(0))
		}
	}
}
