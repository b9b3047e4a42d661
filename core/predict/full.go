package predict

import (
	"context"
	"fmt"

	"github.com/slidelab/slidelab/core/board"
	"github.com/slidelab/slidelab/core/search"
)

// FullIteration runs one IDA* iteration with cost bound bound from start to
// its end, without stopping at the goal, and counts its nodes by
// core/search's conventions: a node whose f = g + h is within the bound is
// expanded, generating all its children (parent pruning: no move undoing
// the previous one). These are the counts KRE measured and predicted;
// core/search's IDA* stops its last iteration at the goal. It is a plain
// depth-first search over board.Board (for checks on small boards, not for
// speed) and stops with ctx's error when ctx is cancelled.
func FullIteration(ctx context.Context, start board.Board, h search.Heuristic, bound int) (Counted, error) {
	if !start.IsValid() {
		return Counted{}, fmt.Errorf("full iteration: invalid start board")
	}
	if h == nil {
		return Counted{}, fmt.Errorf("full iteration: no heuristic")
	}
	if bound < 0 || bound > MaxDepth {
		return Counted{}, fmt.Errorf("full iteration: bound %d is not in 0..%d", bound, MaxDepth)
	}
	var c Counted
	var err error
	var visit func(b board.Board, g int, prev board.Dir, root bool)
	visit = func(b board.Board, g int, prev board.Dir, root bool) {
		if err != nil {
			return
		}
		c.Expanded++
		if c.Expanded%(1<<14) == 0 {
			if err = ctx.Err(); err != nil {
				return
			}
		}
		for _, d := range board.Dirs {
			if !root && d == prev.Inverse() {
				continue
			}
			next, ok := b.Move(d)
			if !ok {
				continue
			}
			c.Generated++
			if g+1+h.Estimate(next) <= bound {
				visit(next, g+1, d, false)
			}
		}
	}
	if h.Estimate(start) <= bound {
		visit(start, 0, 0, true)
	}
	if err != nil {
		return c, fmt.Errorf("full iteration: %w", err)
	}
	return c, nil
}
