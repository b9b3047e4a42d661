package search_test

import (
	"context"
	"fmt"
	"strings"

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

// Trace streams a search as trace events: node ids, g, h, f and the line of
// the algorithm's pseudocode each event carries out.
func ExampleTrace() {
	ctx := context.Background()
	h, _ := search.NewManhattan(board.Size3x3, board.BlankLast)
	b, _ := board.Parse("1 2 3 / 4 0 6 / 7 5 8", board.Size3x3)
	st, _ := search.NewStepper(b, search.Config{Algorithm: search.IDAStar, Heuristic: h, Goal: board.BlankLast})
	code := search.Pseudocode(search.IDAStar)
	err := search.Trace(ctx, st, func(e search.TraceEvent) error {
		if e.Kind == search.TraceGenerate {
			return nil // the events that follow say what became of each child
		}
		fmt.Printf("%-9s node %d (parent %2d) f=%d=%d+%d  line %2d: %s\n", e.Kind, e.Node, e.Parent, e.F, e.G, e.H,
			e.Line, strings.TrimSpace(code[e.Line-1]))
		return nil
	})
	if err != nil {
		fmt.Println(err)
	}
	// Output:
	// iteration node 0 (parent -1) f=2=0+2  line  4: next ← ∞ (a new depth-first pass with this bound)
	// select    node 0 (parent -1) f=2=0+2  line  8: SEARCH(n, g) (visit n: f(n) = g + h(n) ≤ bound)
	// expand    node 0 (parent -1) f=2=0+2  line 10: for each move of the blank, except the one undoing the move that reached n
	// prune     node 1 (parent  0) f=4=1+3  line 12: if f(c) > bound then next ← min(next, f(c)); prune c
	// prune     node 3 (parent  0) f=4=1+3  line 12: if f(c) > bound then next ← min(next, f(c)); prune c
	// prune     node 4 (parent  0) f=4=1+3  line 12: if f(c) > bound then next ← min(next, f(c)); prune c
	// select    node 2 (parent  0) f=2=1+1  line  8: SEARCH(n, g) (visit n: f(n) = g + h(n) ≤ bound)
	// expand    node 2 (parent  0) f=2=1+1  line 10: for each move of the blank, except the one undoing the move that reached n
	// prune     node 5 (parent  2) f=4=2+2  line 12: if f(c) > bound then next ← min(next, f(c)); prune c
	// select    node 6 (parent  2) f=2=2+0  line  8: SEARCH(n, g) (visit n: f(n) = g + h(n) ≤ bound)
	// goal      node 6 (parent  2) f=2=2+0  line  9: if n is the goal then return FOUND
}
