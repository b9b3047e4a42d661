package quality_test

import (
	"context"
	"fmt"

	"github.com/slidelab/slidelab/core/board"
	"github.com/slidelab/slidelab/core/compare"
	"github.com/slidelab/slidelab/core/quality"
)

// Measure Manhattan distance and a pattern database on every state of the
// 2x3 puzzle: both admissible, only the pattern database inconsistent.
func Example() {
	ctx := context.Background()
	size := board.Size{W: 3, H: 2}
	sample, err := quality.Exhaustive(ctx, size, board.BlankLast, nil)
	if err != nil {
		fmt.Println(err)
		return
	}
	hs, err := compare.ResolveHeuristics(ctx, []string{"manhattan", "pdb:1,2/3,4,5"}, size, board.BlankLast, compare.ResolveOptions{})
	if err != nil {
		fmt.Println(err)
		return
	}
	r, err := quality.Measure(ctx, sample, hs, nil)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("%d states, %d edges\n", r.States, r.Edges)
	for _, h := range r.Heuristics {
		fmt.Printf("%s: mean h %.2f of %.2f, exact %d, over %d, inconsistent edges %d\n",
			h.Name, h.MeanH, h.MeanHStar, h.Exact, h.Over, h.InconsistentEdges)
	}
	// Output:
	// 360 states, 420 edges
	// manhattan: mean h 6.83 of 12.62, exact 63, over 0, inconsistent edges 0
	// pdb:1,2/3,4,5: mean h 10.38 of 12.62, exact 166, over 0, inconsistent edges 88
}
