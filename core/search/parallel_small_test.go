package search

import (
	"context"
	"testing"

	"github.com/slidelab/slidelab/core/board"
)

// TestOnePerCoreKeepsSmallBoardsOnOneWorker: "one per core" (Workers -1)
// leaves boards under 16 cells on one worker, so a whole run counts exactly
// what one worker counts; an explicit count still splits them.
func TestOnePerCoreKeepsSmallBoardsOnOneWorker(t *testing.T) {
	start, err := board.ParseSolvable("8 6 7 / 2 5 4 / 3 0 1", board.Size{}, board.BlankLast)
	if err != nil {
		t.Fatal(err)
	}
	h, err := NewHeuristic(context.Background(), "pdb:44", board.Size3x3, board.BlankLast, HeuristicOptions{})
	if err != nil {
		t.Fatal(err)
	}
	solve := func(workers int) Result {
		t.Helper()
		res, err := Solve(context.Background(), start, Config{Heuristic: h, Goal: board.BlankLast, Workers: workers})
		if err != nil {
			t.Fatal(err)
		}
		return res
	}
	one, all := solve(1), solve(-1)
	if all.Stats != one.Stats || all.Length() != one.Length() {
		t.Errorf("one per core: %+v, %d moves; one worker: %+v, %d moves", all.Stats, all.Length(), one.Stats, one.Length())
	}
	for _, s := range []board.Size{board.Size3x3, {W: 3, H: 2}} {
		if w := parallelWorkers(&Config{Workers: -1}, s); w != 1 {
			t.Errorf("%s: one per core gives %d workers, want 1", s, w)
		}
		if w := parallelWorkers(&Config{Workers: 3}, s); w != 3 {
			t.Errorf("%s: 3 workers asked, %d given", s, w)
		}
	}
}
