package search_test

import (
	"context"
	"fmt"

	"github.com/slidelab/slidelab/core/board"
	"github.com/slidelab/slidelab/core/search"
)

// Solve runs IDA* (the default algorithm) with a heuristic from the
// registry and returns the moves and the node counts.
func ExampleSolve() {
	ctx := context.Background()
	h, err := search.NewHeuristic(ctx, "linear-conflict", board.Size3x3, board.BlankLast, search.HeuristicOptions{})
	if err != nil {
		fmt.Println(err)
		return
	}
	b, _ := board.Parse("1 2 3 / 4 0 6 / 7 5 8", board.Size3x3)
	r, err := search.Solve(ctx, b, search.Config{Heuristic: h, Goal: board.BlankLast})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(r.Length(), board.FormatMoves(r.Moves), r.H0)
	// Output:
	// 2 DR 2
}

// A Stepper runs a search one event at a time, as the GUI shows it.
func ExampleStepper() {
	ctx := context.Background()
	h, _ := search.NewManhattan(board.Size3x3, board.BlankLast)
	b, _ := board.Parse("1 2 3 / 4 5 6 / 0 7 8", board.Size3x3)
	st, _ := search.NewStepper(b, search.Config{Algorithm: search.AStar, Heuristic: h, Goal: board.BlankLast})
	for {
		ev, err := st.Step(ctx)
		if err != nil {
			fmt.Println(err)
			return
		}
		fmt.Printf("%s f=%d", ev.Kind, ev.Node.F())
		for _, c := range ev.Children {
			fmt.Printf(" child f=%d %s", c.F(), c.Status)
		}
		fmt.Println()
		if ev.Kind == search.SolutionFound {
			fmt.Println(board.FormatMoves(ev.Moves))
			return
		}
	}
	// Output:
	// selected f=2
	// expanded f=2 child f=4 new child f=2 new
	// selected f=2
	// expanded f=2 child f=4 new child f=2 new
	// selected f=2
	// solved f=2
	// RR
}

// ParseHeuristic reads any spelling of the registry and names it
// canonically; every command accepts the same names.
func ExampleParseHeuristic() {
	for _, name := range []string{"md", "LC+reflect", "pdb:6-6-3", "pdb:1,2,3/4,5,6,7,8", "euclid"} {
		spec, err := search.ParseHeuristic(name)
		if err != nil {
			fmt.Println(err != nil)
			continue
		}
		fmt.Printf("%s -> %s (%s)\n", name, spec, spec.Label())
	}
	// Output:
	// md -> manhattan (Manhattan distance)
	// LC+reflect -> linear-conflict+reflect (Linear conflict + reflected lookup)
	// pdb:6-6-3 -> pdb:663 (6-6-3 pattern database)
	// pdb:1,2,3/4,5,6,7,8 -> pdb:1,2,3/4,5,6,7,8 (1,2,3/4,5,6,7,8 pattern database)
	// true
}
