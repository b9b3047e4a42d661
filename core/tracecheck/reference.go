package tracecheck

import (
	"context"
	"errors"
	"fmt"

	"github.com/slidelab/slidelab/core/search"
)

// Reference is Slidelab's own search of the same start, for the summary and
// the optimality check.
type Reference struct {
	// Complete reports that the search ran to the goal (not stopped by its
	// node or memory limit).
	Complete bool
	// Expanded and Generated are its counts (up to the limit when not
	// Complete); Length is its solution's length when Complete.
	Expanded, Generated uint64
	Length              int
}

// RunReference runs Slidelab's search with opts (the start, algorithm,
// heuristic and goal) on one core, stopping after nodeLimit generated nodes
// or memoryLimit bytes (0: the search's defaults). A search stopped by a
// limit is not an error: Complete is false.
func RunReference(ctx context.Context, opts Options, nodeLimit uint64, memoryLimit int64) (Reference, error) {
	cfg := search.Config{Algorithm: opts.Algorithm, Heuristic: opts.Heuristic, Goal: opts.Goal,
		NodeLimit: nodeLimit, MemoryLimit: memoryLimit, Workers: 1}
	if cfg.Algorithm == search.BFS {
		cfg.Heuristic = nil
	}
	res, err := search.Solve(ctx, opts.Start, cfg)
	var le *search.LimitError
	switch {
	case errors.As(err, &le):
		return Reference{Expanded: le.Stats.Expanded, Generated: le.Stats.Generated}, nil
	case err != nil:
		return Reference{}, fmt.Errorf("reference search: %w", err)
	}
	return Reference{Complete: res.Found, Expanded: res.Stats.Expanded, Generated: res.Stats.Generated, Length: len(res.Moves)}, nil
}

// Optimal reports whether alg promises a shortest solution (with an
// admissible heuristic; every heuristic Slidelab names is admissible).
func Optimal(alg search.Algorithm) bool { return alg != search.Greedy }

// CheckLength compares a passing trace's solution with the reference's: for
// an algorithm that promises a shortest solution, a longer one is a
// difference, which it records in r and returns.
func (r *Result) CheckLength(alg search.Algorithm, ref Reference) *Difference {
	goalLine := r.Summary.GoalLine
	if r.Difference != nil || !r.Summary.Found || !ref.Complete || !Optimal(alg) || r.Summary.Length <= ref.Length {
		return nil
	}
	r.Difference = &Difference{Line: goalLine, Rule: RuleOptimal,
		Message: fmt.Sprintf("the goal (line %d): your solution has %d moves, but the shortest has %d, and %v promises a shortest one.", goalLine, r.Summary.Length, ref.Length, alg)}
	return r.Difference
}
