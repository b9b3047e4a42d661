package search

import (
	"math/bits"
	"slices"

	"github.com/slidelab/slidelab/core/board"
)

// The exact choice of the disjoint groups of a dynamically partitioned
// pattern database (see dpdb.go): groups of positive weight, triples no
// better than one of their pairs dropped, independent components solved apart
// by a depth-first branch and bound, heaviest group first.

// positions fills pos with the cell of every tile of b.
func positions(b board.Board, n int, pos *[board.MaxCells]uint8) {
	c := b.Cells()
	for p := 0; p < n; p++ {
		pos[int(c>>(4*p))&0xF] = uint8(p)
	}
}

func (d *DynamicPDB) cover(b board.Board, withGroups bool) (int, [][]int) {
	var pos [board.MaxCells]uint8
	positions(b, d.n, &pos)
	var items []coverItem
	for i := range d.groups {
		grp := &d.groups[i]
		w := grp.w[grp.key(&pos)]
		if w == 0 {
			continue
		}
		items = append(items, coverItem{mask: grp.mask, w: int32(w)})
	}
	var cs coverSolver
	h := d.md.Estimate(b)
	if !withGroups {
		return h + cs.solve(items, nil), nil
	}
	var chosen []uint16
	h += cs.solve(items, &chosen)
	var out [][]int
	for _, m := range chosen {
		var tiles []int
		for t := 1; t < d.n; t++ {
			if m&(1<<t) != 0 {
				tiles = append(tiles, t)
			}
		}
		out = append(out, tiles)
	}
	slices.SortFunc(out, func(a, b []int) int { return a[0] - b[0] })
	return h, out
}

// useful reports whether the group has a positive weight somewhere.
func (g *dynGroup) useful() bool {
	for _, w := range g.w {
		if w > 0 {
			return true
		}
	}
	return false
}

// coverItem is a group offered to the cover: its tiles and its weight.
type coverItem struct {
	mask uint16
	w    int32
}

// coverSolver finds the largest total weight of pairwise disjoint items.
type coverSolver struct {
	items  []coverItem
	suffix []int32
	best   int32
	path   []uint16 // the items taken on the current branch
	chosen []uint16 // the best set found
	record bool
}

// solve returns the largest total weight of pairwise disjoint items, and if
// chosen is not nil appends the masks of one best set to it. It reorders
// items.
func (cs *coverSolver) solve(items []coverItem, chosen *[]uint16) int {
	if len(items) == 0 {
		return 0
	}
	// Fast path: no two items overlap.
	var union uint16
	var sum, tiles int
	for _, it := range items {
		union |= it.mask
		sum += int(it.w)
		tiles += bits.OnesCount16(it.mask)
	}
	if bits.OnesCount16(union) == tiles {
		if chosen != nil {
			for _, it := range items {
				*chosen = append(*chosen, it.mask)
			}
		}
		return sum
	}
	// Split into components of items linked by shared tiles.
	total := 0
	for len(items) > 0 {
		comp := items[0].mask
		for grown := true; grown; {
			grown = false
			for _, it := range items {
				if it.mask&comp != 0 && it.mask&^comp != 0 {
					comp |= it.mask
					grown = true
				}
			}
		}
		// Move the component's items to the front.
		k := 0
		for i := range items {
			if items[i].mask&comp != 0 {
				items[i], items[k] = items[k], items[i]
				k++
			}
		}
		total += cs.solveComponent(items[:k], chosen)
		items = items[k:]
	}
	return total
}

// solveComponent runs the branch and bound on one component.
func (cs *coverSolver) solveComponent(items []coverItem, chosen *[]uint16) int {
	if len(items) == 1 {
		if chosen != nil {
			*chosen = append(*chosen, items[0].mask)
		}
		return int(items[0].w)
	}
	slices.SortFunc(items, func(a, b coverItem) int { return int(b.w - a.w) })
	cs.items = items
	cs.suffix = slices.Grow(cs.suffix[:0], len(items)+1)[:len(items)+1]
	cs.suffix[len(items)] = 0
	for i := len(items) - 1; i >= 0; i-- {
		cs.suffix[i] = cs.suffix[i+1] + items[i].w
	}
	cs.best = 0
	cs.record = chosen != nil
	cs.path, cs.chosen = cs.path[:0], cs.chosen[:0]
	cs.search(0, 0, 0)
	if chosen != nil {
		*chosen = append(*chosen, cs.chosen...)
	}
	return int(cs.best)
}

// search extends the current set (tiles used, weight acc) with items from
// i on.
func (cs *coverSolver) search(i int, used uint16, acc int32) {
	if acc > cs.best {
		cs.best = acc
		if cs.record {
			cs.chosen = append(cs.chosen[:0], cs.path...)
		}
	}
	for j := i; j < len(cs.items); j++ {
		if acc+cs.suffix[j] <= cs.best {
			return
		}
		it := cs.items[j]
		if it.mask&used != 0 {
			continue
		}
		if cs.record {
			cs.path = append(cs.path, it.mask)
		}
		cs.search(j+1, used|it.mask, acc+it.w)
		if cs.record {
			cs.path = cs.path[:len(cs.path)-1]
		}
	}
}
