package searchview

import (
	"context"
	"fmt"

	"github.com/slidelab/slidelab/core/board"
	"github.com/slidelab/slidelab/core/search"
)

// What the panel says of a solution beyond its length: its cost under tile
// costs, weighted A*'s bound w·C* beside the optimum C*, and, when a
// solution is longer than the optimum, that it is not optimal (weighted A*,
// greedy and depth-first searches, or a heuristic that over-estimates).

// optimumCells is the largest board whose optimum the panel works out
// itself when the session does not know it (an 8-puzzle takes A* at most
// a few thousand expansions, well under a frame).
const optimumCells = 9

// optimum returns the least cost of solving the session's board under
// cost, or -1 when it is not known and too costly to work out here.
func (p *SearchPanel) optimum(cost search.CostModel) int {
	start := p.Session.Board()
	if cost == search.UnitCost && p.Session.Optimal() >= 0 {
		return p.Session.Optimal()
	}
	if start.Size().Cells() > optimumCells {
		return -1
	}
	var h search.Heuristic
	var err error
	if cost == search.TileCost {
		h, err = search.NewTileManhattan(start.Size(), p.Session.Goal())
	} else {
		h, err = search.NewManhattan(start.Size(), p.Session.Goal())
	}
	if err != nil {
		return -1
	}
	res, err := search.Solve(context.Background(), start, search.Config{Algorithm: search.AStar, Heuristic: h,
		Goal: p.Session.Goal(), Cost: cost})
	if err != nil || !res.Found {
		return -1
	}
	return search.PathCost(start, res.Moves, cost)
}

// solutionNote returns what follows "Solved in N moves (…)" for moves found
// by the panel's algorithm ("" when the classic wording says it all), and
// whether an algorithm that is optimal with an admissible heuristic found a
// solution worse than the optimum.
func (p *SearchPanel) solutionNote(moves []board.Dir) (string, bool) {
	alg := p.Algorithm()
	var cfg search.Config
	cfg.Algorithm = alg
	p.Params.config(&cfg)
	cost := search.PathCost(p.Session.Board(), moves, cfg.Cost)
	what, unit := len(moves), "moves"
	costText := ""
	if cfg.Cost == search.TileCost {
		what, unit = cost, "cost"
		costText = fmt.Sprintf(", cost %d (moving tile t costs t)", cost)
	}
	opt := p.optimum(cfg.Cost)
	switch {
	case alg == search.WAStar && opt >= 0:
		w := cfg.Weight
		return fmt.Sprintf("%s; the optimum C* is %d %s, and weighted A* promises at most w·C* = %g·%d = %g",
			costText, opt, unit, w, opt, w*float64(opt)), false
	case opt >= 0 && what > opt && alg.Info().Optimal:
		return fmt.Sprintf("%s; the optimum is %d %s: the heuristic over-estimates (it is inadmissible)", costText, opt, unit), true
	case opt >= 0 && what > opt:
		return fmt.Sprintf("%s; the optimum is %d %s", costText, opt, unit), false
	}
	return costText, false
}
