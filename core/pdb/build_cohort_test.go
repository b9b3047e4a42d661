package pdb

import (
	"context"
	"fmt"
	"math/bits"
	"math/rand/v2"
	"testing"

	"github.com/slidelab/slidelab/core/board"
)

// TestOrderNumbering checks that the orders of k tiles are numbered
// 0..k!-1 one to one and that unrankOrder inverts rankOrder.
func TestOrderNumbering(t *testing.T) {
	for k := 1; k <= cohortMaxTiles; k++ {
		count := 1
		for i := 2; i <= k; i++ {
			count *= i
		}
		seen := make(map[[cohortMaxTiles]uint8]bool, count)
		var p [cohortMaxTiles]uint8
		for q := 0; q < count; q++ {
			unrankOrder(q, k, &p)
			if seen[p] {
				t.Fatalf("k=%d: order %v numbered twice", k, p[:k])
			}
			seen[p] = true
			var used uint16
			for _, j := range p[:k] {
				used |= 1 << j
			}
			if used != 1<<k-1 {
				t.Fatalf("k=%d: %d unranks to %v, not an order of 0..%d", k, q, p[:k], k-1)
			}
			if r := rankOrder(&p, k); r != q {
				t.Fatalf("k=%d: %v ranks to %d, want %d", k, p[:k], r, q)
			}
		}
	}
}

// TestCohortMovesMatchRanks checks the engine's index against the table's
// ranks: for random placements on boards of every shape, the map and order
// of a placement give its rank (fileRank), and each move of a tile to a
// free neighbour, applied through the map's moves and shift tables, gives
// the rank of the placement the move makes, the blank's component in the
// slot the move list names.
func TestCohortMovesMatchRanks(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	for _, c := range []struct {
		size board.Size
		k    int
	}{
		{board.Size{W: 3, H: 2}, 3}, {board.Size{W: 2, H: 3}, 4}, {board.Size3x3, 4}, {board.Size3x3, 8},
		{board.Size{W: 5, H: 3}, 5}, {board.Size4x4, 6}, {board.Size4x4, 8}, {board.Size5x5, 4}, {board.Size5x5, 6},
	} {
		t.Run(fmt.Sprintf("%s/k=%d", c.size, c.k), func(t *testing.T) {
			tiles := make([]int, c.k)
			for i := range tiles {
				tiles[i] = i + 1
			}
			var weight [16]uint64
			n := c.size.Cells()
			placeValues(n, c.k, weight[:])
			e, err := newCohortEngine(c.size, c.k, weight[:], tiles)
			if err != nil {
				t.Fatal(err)
			}
			maps, slots, moves := cohortShape(c.size, c.k)
			if uint64(e.maps) != maps || uint64(len(e.comp)) != slots || uint64(len(e.moves)) != moves {
				t.Fatalf("shape %d maps, %d slots, %d moves; engine %d, %d, %d", maps, slots, moves, e.maps, len(e.comp), len(e.moves))
			}
			for trial := 0; trial < 300; trial++ {
				checkCohortPlacement(t, e, c.size, r.Perm(n)[:c.k], &weight)
			}
		})
	}
}

// checkCohortPlacement checks one placement (cells[i]: the cell of tile i)
// and every move from it.
func checkCohortPlacement(t *testing.T, e *cohortEngine, size board.Size, cells []int, weight *[16]uint64) {
	t.Helper()
	k, n := len(cells), size.Cells()
	var arr [board.MaxCells]uint8
	var occ uint32
	for i, c := range cells {
		arr[i] = uint8(c)
		occ |= 1 << c
	}
	var order [cohortMaxTiles]uint8
	for i := 0; i < k; i++ {
		order[bits.OnesCount32(occ&(1<<arr[i]-1))] = uint8(i)
	}
	x, q := e.mapOf(occ), rankOrder(&order, k)
	if e.occ[x] != occ {
		t.Fatalf("map %d is %b, want %b", x, e.occ[x], occ)
	}
	if got, want := e.fileRank(x, q, weight), rankCells(&arr, k, n); got != want {
		t.Fatalf("cells %v: file rank %d, want %d", cells, got, want)
	}
	for i, c := range cells {
		for _, d := range board.Dirs {
			f, ok := size.Neighbor(c, d)
			if !ok || occ&(1<<f) != 0 {
				continue
			}
			moved := arr
			moved[i] = uint8(f)
			occ2 := occ&^(1<<c) | 1<<f
			x2 := e.mapOf(occ2)
			into := e.slotAt(x2, c) // the blank ends in the tile's old cell
			from := e.slotAt(x, f)  // and starts in the cell the tile enters
			found := false
			for _, mv := range e.moves[e.from[into]:e.from[into+1]] {
				if mv>>6 != from {
					continue
				}
				q2 := q
				if id := mv & 63; id != 0 {
					q2 = int(e.perm.shift[id-1][q])
				}
				if e.fileRank(x2, q2, weight) == rankCells(&moved, k, n) {
					found = true
				}
			}
			if !found {
				t.Fatalf("cells %v: tile %d from %d to %d: no move into slot %d from slot %d gives rank %d",
					cells, i, c, f, into, from, rankCells(&moved, k, n))
			}
		}
	}
}

// TestCohortSampledFrontier checks the frontier of layers too large to list
// in rank order (more than frontierSorted states), which the cohort engine
// samples in its own order, on a 5-tile and a 6-tile table: run beside the
// bit-set layout, every sampled state is in that layout's current layer,
// no state comes twice, and there are as many as asked for.
func TestCohortSampledFrontier(t *testing.T) {
	if testing.Short() {
		t.Skip("four 5- and 6-tile builds")
	}
	ctx := context.Background()
	for _, tiles := range [][]int{{1, 2, 3, 5, 6}, {1, 5, 6, 9, 10, 13}} {
		nb, err := newCohortBuilder(board.Size4x4, board.BlankLast, tiles)
		if err != nil {
			t.Fatal(err)
		}
		ob, err := newLayoutBuilder(board.Size4x4, board.BlankLast, tiles)
		if err != nil {
			t.Fatal(err)
		}
		sampled := map[bool]int{}
		for {
			_, ok, err := nb.Step(ctx)
			if err != nil {
				t.Fatal(err)
			}
			if _, ok2, err := ob.Step(ctx); err != nil || ok2 != ok {
				t.Fatalf("steps disagree: %v %v %v", ok, ok2, err)
			}
			if !ok {
				break
			}
			if nb.curStates <= frontierSorted {
				continue
			}
			sampled[nb.curStates > frontierExact]++
			for _, max := range []int{1, 60, 400} {
				checkSampledFrontier(t, ob, nb.Frontier(max), max)
			}
		}
		if sampled[false] == 0 || (len(tiles) == 6 && sampled[true] == 0) {
			t.Fatalf("%v: layers sampled by state %d, by placement %d", tiles, sampled[false], sampled[true])
		}
	}
}

// checkSampledFrontier checks a frontier sample of a layer of more than max
// states: max distinct states, each in ob's current layer (ob a Builder in
// the bit-set layout).
func checkSampledFrontier(t *testing.T, ob *Builder, fr []State, max int) {
	t.Helper()
	if len(fr) != max {
		t.Fatalf("layer %d: %d states sampled, want %d", ob.cost, len(fr), max)
	}
	seen := map[string]bool{}
	for _, s := range fr {
		var cells [board.MaxCells]uint8
		var occ uint32
		for i, c := range s.Cells {
			cells[i] = uint8(c)
			occ |= 1 << c
		}
		key := fmt.Sprint(s.Cells, s.Blank)
		if seen[key] {
			t.Fatalf("layer %d: state %+v sampled twice", ob.cost, s)
		}
		seen[key] = true
		rank := rankCells(&cells, len(s.Cells), ob.n)
		ci, _ := ob.componentOf(occ, s.Blank)
		if ob.cur[rank>>2]>>(8*(rank&3))&(1<<ci) == 0 {
			t.Fatalf("layer %d: sampled state %+v is not in the layer", ob.cost, s)
		}
	}
}
