package exercise

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"

	"github.com/slidelab/slidelab/core/search"
)

// BranchingFactor returns the effective branching factor b* of a search
// that generated n nodes and found a solution at depth d: the b with
// 1 + b + b^2 + ... + b^d = n + 1 (Russell and Norvig), found by bisection
// to within 1e-9. d must be at least 1 and n at least d.
func BranchingFactor(n uint64, d int) (float64, error) {
	if d < 1 || n < uint64(d) {
		return 0, fmt.Errorf("branching factor: %d nodes at depth %d: want depth >= 1 and nodes >= depth", n, d)
	}
	target := float64(n) + 1
	total := func(b float64) float64 {
		sum, p := 1.0, 1.0
		for i := 0; i < d; i++ {
			p *= b
			sum += p
		}
		return sum
	}
	lo, hi := 0.0, math.Max(1, float64(n))
	for hi-lo > 1e-9 {
		mid := (lo + hi) / 2
		if total(mid) < target {
			lo = mid
		} else {
			hi = mid
		}
	}
	return (lo + hi) / 2, nil
}

// genBranching asks for A*'s effective branching factor on a board, given
// the nodes it generated and the solution's depth; the answer is rounded to
// two decimals and accepted within 0.01.
func genBranching(_ *Generator, r *rand.Rand, level int) (Question, error) {
	s := sizeFor(level)
	for try := 0; try < 50; try++ {
		b, cfg, err := walkConfig(r, s, 8+4*level, 14+8*level, search.AStar)
		if err != nil {
			return Question{}, err
		}
		cfg.NodeLimit = 2_000_000
		res, err := search.Solve(context.Background(), b, cfg)
		if err != nil {
			return Question{}, err
		}
		d, n := len(res.Moves), res.Stats.Generated
		if d < 4 {
			continue
		}
		bs, err := BranchingFactor(n, d)
		if err != nil {
			return Question{}, err
		}
		q := Question{
			Title: fmt.Sprintf("Effective branching factor (%s)", puzzleName(s)),
			Text: fmt.Sprintf("A* with the Manhattan distance solves the board below: it generates N = %d nodes and finds a solution of d = %d moves. "+
				"The effective branching factor b* is the branching factor of a uniform tree of depth d with N + 1 nodes: 1 + b* + b*^2 + ... + b*^d = N + 1. "+
				"What is b*, to two decimals?", n, d),
			Boards: []Picture{{Caption: "Start", Board: b}},
			Goal:   goal,
			Answer: Numeric, Number: math.Round(bs*100) / 100, Tolerance: 0.01,
			Given: map[string]string{"generated": fmt.Sprint(n), "depth": fmt.Sprint(d), "heuristic": "manhattan"},
		}
		q.Explanation = fmt.Sprintf("Solve 1 + b + ... + b^%d = %d for b (by halving an interval, or trying values): b* = %.4f, so %.2f (answers within 0.01 count). "+
			"The closer b* is to 1, the better informed the search: b* = 1 would mean A* generated only the nodes of the solution path.",
			d, n+1, bs, q.Number)
		return q, nil
	}
	return Question{}, fmt.Errorf("no board with a solution of 4 moves or more")
}
