package pdb_test

import (
	"context"
	"fmt"

	"github.com/slidelab/slidelab/core/board"
	"github.com/slidelab/slidelab/core/pdb"
)

// Build makes the tables of a partition by a 0-1 breadth-first search from
// the goal; the sum of the disjoint tables is an admissible heuristic.
func ExampleBuild() {
	p, err := pdb.ParsePartition("44", board.Size3x3, board.BlankLast)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(p)
	db, err := pdb.Build(context.Background(), p, func(st pdb.LayerStats) {
		if st.Cost == 0 {
			fmt.Printf("table {%v}: %d entries\n", st.Tiles, st.Entries)
		}
	})
	if err != nil {
		fmt.Println(err)
		return
	}
	b, _ := board.Parse("8 6 7 / 2 5 4 / 3 0 1", board.Size3x3) // 31 moves from the goal
	fmt.Println("h =", db.Heuristic(b))                         // at most 31: admissible
	// Output:
	// 1,2,3,4/5,6,7,8
	// table {[1 2 3 4]}: 3024 entries
	// table {[5 6 7 8]}: 3024 entries
	// h = 29
}

// The preset table names the partitions every command and the GUI offer.
func ExamplePresetsFor() {
	for _, p := range pdb.PresetsFor(board.Size4x4) {
		fmt.Println(p.Name, p.Label, p.Default)
	}
	// Output:
	// 663 6-6-3 true
	// 555 5-5-5 false
	// 78 7-8 false
}
