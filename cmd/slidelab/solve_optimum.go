package main

import (
	"context"

	"github.com/slidelab/slidelab/core/board"
	"github.com/slidelab/slidelab/core/search"
)

// lieNote is what solve says beside a solution found with a heuristic that
// may overestimate (search.Admissible is false): the heuristic's name and
// the optimal length when known (-1: unknown). The zero value (heuristic
// "") says nothing: the heuristic is admissible.
type lieNote struct {
	heuristic string
	optimal   int
}

// maxOptimumCells bounds the boards whose optimum solve computes itself to
// compare a solution with: up to the 8-puzzle, IDA* with linear conflict
// takes milliseconds.
const maxOptimumCells = 9

// noteFor returns the note for board in solved with cfg: none when the
// heuristic is admissible; else the optimum from the instance file, or
// computed on boards of up to maxOptimumCells cells, or unknown.
func noteFor(ctx context.Context, in solveInput, cfg search.Config) lieNote {
	if cfg.Heuristic == nil || search.Admissible(cfg.Heuristic) || cfg.Cost != search.UnitCost {
		return lieNote{} // under tile costs the cheapest solution need not be the shortest
	}
	note := lieNote{heuristic: cfg.Heuristic.Name(), optimal: in.expected}
	if note.optimal < 0 && in.board.Size().Cells() <= maxOptimumCells {
		note.optimal = optimum(ctx, in.board, cfg.Goal)
	}
	return note
}

// optimum returns b's optimal solution length, by IDA* with linear
// conflict (admissible), or -1 when the search fails or is interrupted.
func optimum(ctx context.Context, b board.Board, g board.Goal) int {
	lc, err := search.NewLinearConflict(b.Size(), g)
	if err != nil {
		return -1
	}
	r, err := search.Solve(ctx, b, search.Config{Algorithm: search.IDAStar, Heuristic: lc, Goal: g})
	if err != nil || !r.Found {
		return -1
	}
	return r.Length()
}

// text returns the words after the length: "" for an admissible heuristic,
// else search.OptimalityNote's ("(not optimal: the optimum is 14; lc-pairs
// is inadmissible)", ...).
func (n lieNote) text(length int) string {
	if n.heuristic == "" {
		return ""
	}
	return search.OptimalityNote(n.heuristic, n.optimal, length)
}
