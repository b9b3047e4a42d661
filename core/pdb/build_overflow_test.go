package pdb

import (
	"fmt"
	"math/bits"
	"slices"
	"testing"

	"github.com/slidelab/slidelab/core/board"
)

// TestOverflowStore checks the overflow store of the code layout against a
// count over every rank: it holds exactly the ranks whose placement has at
// least ovFrom components, in increasing order, each found at its own slot,
// and placementsWith (the memory estimate's count) agrees.
func TestOverflowStore(t *testing.T) {
	cases := []struct {
		size   board.Size
		tiles  []int
		ovFrom uint32
	}{
		{board.Size3x3, []int{2, 4, 6, 8}, 2},
		{board.Size3x3, []int{2, 4, 6, 8}, 5},
		{board.Size{W: 4, H: 3}, []int{1, 4, 7, 10, 11}, 3},
		{board.Size4x4, []int{1, 5, 9, 13}, 2},
		{board.Size4x4, []int{2, 3, 4}, fieldComps + 1},
	}
	for _, c := range cases {
		t.Run(fmt.Sprintf("%s/%v/from=%d", c.size, c.tiles, c.ovFrom), func(t *testing.T) {
			b, err := newLayoutBuilder(c.size, board.BlankLast, c.tiles, true, c.ovFrom)
			if err != nil {
				t.Fatal(err)
			}
			k, n := len(c.tiles), c.size.Cells()
			notFirst, notLast := colMasks(c.size)
			var want []uint64
			var cells [board.MaxCells]uint8
			for r := uint64(0); r < b.Entries(); r++ {
				free := (uint32(1)<<n - 1) &^ unrankCells(r, k, n, &cells)
				count := uint32(0)
				for ; free != 0; count++ {
					free &^= flood(free&-free, free, notFirst, notLast, uint(c.size.W))
				}
				if count >= c.ovFrom {
					want = append(want, r)
				}
			}
			if !slices.Equal(b.ov.ranks, want) {
				t.Fatalf("store holds %d ranks, want %d", len(b.ov.ranks), len(want))
			}
			if got := placementsWith(c.size, k, int(c.ovFrom)); got != uint64(len(want)) {
				t.Errorf("placementsWith: %d, want %d", got, len(want))
			}
			for s, r := range want {
				if got := b.ov.slot(r); got != uint64(s) {
					t.Fatalf("rank %d: slot %d, want %d", r, got, s)
				}
			}
			if len(b.ov.codes) != (len(want)+3)/4 {
				t.Errorf("%d words of codes for %d ranks", len(b.ov.codes), len(want))
			}
		})
	}
}

// TestOverflowRanks78 checks the size of the 8-tile table's overflow store
// against the histogram of components per mask of eight tiles on the
// 15-puzzle (docs/performance.md): 8 masks with 7 components and 2 with 8,
// each with 8! orders of the tiles.
func TestOverflowRanks78(t *testing.T) {
	if got, want := overflowRanks(board.Size4x4, 8), uint64(10*40320); got != want {
		t.Errorf("overflowRanks(4x4, 8) = %d, want %d", got, want)
	}
}

// TestEachOrder checks that eachOrder visits every order of its cells once.
func TestEachOrder(t *testing.T) {
	for k := 1; k <= 6; k++ {
		cells := make([]uint8, k)
		for i := range cells {
			cells[i] = uint8(3 * i)
		}
		seen := map[string]bool{}
		eachOrder(cells, func() {
			var mask uint32
			for _, c := range cells {
				mask |= 1 << c
			}
			if bits.OnesCount32(mask) != k {
				t.Fatalf("k=%d: %v is not an order of the cells", k, cells)
			}
			seen[string(cells)] = true
		})
		want := 1
		for i := 2; i <= k; i++ {
			want *= i
		}
		if len(seen) != want {
			t.Errorf("k=%d: %d distinct orders, want %d", k, len(seen), want)
		}
	}
}
