package sessionfile

import (
	"context"
	"errors"
	"fmt"

	"github.com/slidelab/slidelab/core/board"
	"github.com/slidelab/slidelab/core/search"
)

// exactCells is the largest board whose optimal length a session's
// "optimal" is checked against exactly: IDA* with linear conflict solves
// any 8-puzzle in milliseconds.
const exactCells = 9

// exactNodes bounds that search (the hardest 8-puzzles take about 10^4).
const exactNodes = 2_000_000

// checkOptimal checks a known optimal length opt (-1: none) of board b for
// goal g: a solution's length has the parity of the blank's distance to its
// goal cell (each move takes the blank one cell), it is at least linear
// conflict's estimate (admissible), and on boards of at most exactCells
// cells it is the length IDA* finds.
func checkOptimal(b board.Board, g board.Goal, opt int) error {
	if opt < 0 {
		return nil
	}
	if opt == 0 && !b.IsGoal(g) {
		return errors.New("optimal 0: the board is not solved")
	}
	s := b.Size()
	goal := g.GoalCell(s, 0)
	dist := abs(s.Row(b.Blank())-s.Row(goal)) + abs(s.Col(b.Blank())-s.Col(goal))
	if opt%2 != dist%2 {
		return fmt.Errorf("optimal %d: every solution of this board has an %s length (the blank is %d moves from its goal cell)", opt, parityWord(dist), dist)
	}
	lc, err := search.NewLinearConflict(s, g)
	if err != nil {
		return fmt.Errorf("optimal %d: %w", opt, err)
	}
	if h := lc.Estimate(b); opt < h {
		return fmt.Errorf("optimal %d: the board needs at least %d moves (linear conflict)", opt, h)
	}
	if s.Cells() > exactCells {
		return nil
	}
	r, err := search.Solve(context.Background(), b, search.Config{Algorithm: search.IDAStar, Heuristic: lc, Goal: g, NodeLimit: exactNodes, Workers: 1})
	if err != nil {
		return nil // not found within the bound: the checks above stand
	}
	if r.Length() != opt {
		return fmt.Errorf("optimal %d: the board's optimal solution is %d moves", opt, r.Length())
	}
	return nil
}

func parityWord(n int) string {
	if n%2 == 0 {
		return "even"
	}
	return "odd"
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}
