package search

import (
	"math/bits"

	"github.com/slidelab/slidelab/core/board"
)

// dynKernel is IDA* with a dynamically partitioned database. It keeps every
// group's weight and the set of groups that can be part of a best cover
// (positive weight; triples that beat their pairs) for the current board;
// a move changes only the groups holding the moved tile (14 pairs, and 91
// triples on 4x4), so those are looked up again and the cover is solved
// over the kept set.
type dynKernel struct {
	idaCore
	d        *DynamicPDB
	cells    [board.MaxCells]uint8 // cell -> tile
	pos      [board.MaxCells]uint8 // tile -> cell
	blank    int
	md       int // Manhattan distance of the loaded board
	mdDelta  [board.MaxCells * board.MaxCells * 4]int8
	raw      []uint8  // weight of every group
	cand     []uint64 // groups offered to the cover, one bit each
	items    []coverItem
	cs       coverSolver
	groupsOf [board.MaxCells][]int32
}

func newDynKernel(d *DynamicPDB) *dynKernel {
	k := &dynKernel{d: d, raw: make([]uint8, len(d.groups)), cand: make([]uint64, (len(d.groups)+63)/64)}
	k.mdDelta = newMDKernel(d.md).delta
	k.groupsOf = d.byTile
	return k
}

func (k *dynKernel) base() *idaCore { return &k.idaCore }

func (k *dynKernel) load(b board.Board) int {
	k.cells = [board.MaxCells]uint8{}
	for p := 0; p < k.d.n; p++ {
		t := b.At(p)
		k.cells[p] = uint8(t)
		k.pos[t] = uint8(p)
	}
	k.blank = b.Blank()
	clear(k.cand)
	for gi := range k.d.groups {
		k.setGroup(gi)
	}
	k.md = k.d.md.Estimate(b)
	return k.md + k.coverValue()
}

// setGroup looks group gi up for the current positions and updates its bit
// in cand. A triple reads its pairs' weights, so pairs go first.
func (k *dynKernel) setGroup(gi int) {
	grp := &k.d.groups[gi]
	w := grp.w[grp.key(&k.pos)]
	k.raw[gi] = w
	bit := uint64(1) << (gi & 63)
	if w > 0 && (grp.k == 2 || tripleUseful(w, k.raw, grp)) {
		k.cand[gi>>6] |= bit
	} else {
		k.cand[gi>>6] &^= bit
	}
}

// moveTile puts tile t in cell c and updates the groups holding it.
func (k *dynKernel) moveTile(t uint8, c int) {
	k.pos[t] = uint8(c)
	for _, gi := range k.groupsOf[t] {
		k.setGroup(int(gi))
	}
}

// coverValue returns the weight of the best cover of the current board.
func (k *dynKernel) coverValue() int {
	k.items = k.items[:0]
	for wi, word := range k.cand {
		for word != 0 {
			gi := wi<<6 | bits.TrailingZeros64(word)
			word &= word - 1
			k.items = append(k.items, coverItem{mask: k.d.groups[gi].mask, w: int32(k.raw[gi])})
		}
	}
	return k.cs.solve(k.items, nil)
}

func (k *dynKernel) search(g, h, prev int) int { return k.dfs(k.blank, g, k.md, h, prev) }

func (k *dynKernel) dfs(blank, g, md, h, prev int) int {
	if h == 0 && k.cells == k.goal {
		k.depth = g
		return dfsFound
	}
	if k.countdown <= 0 && k.poll(g, h) {
		return dfsAbort
	}
	k.countdown--
	k.expanded++
	n := int(k.mt.count[blank][prev])
	steps := &k.mt.steps[blank][prev]
	var hs, mds [4]int
	for i := 0; i < n; i++ {
		st := steps[i]
		c := int(st.c)
		t := k.cells[c]
		mds[i] = md + int(k.mdDelta[int(t)<<6|c<<2|int(st.d)])
		k.moveTile(t, blank)
		hs[i] = mds[i] + k.coverValue()
		k.moveTile(t, c)
	}
	k.generated += uint64(n)
	g1 := g + 1
	for i := 0; i < n; i++ {
		f := g1 + hs[i]
		if f > k.bound {
			if f < k.next {
				k.next = f
			}
			continue
		}
		st := steps[i]
		c := int(st.c)
		t := k.cells[c]
		k.moveTile(t, blank)
		k.cells[blank], k.cells[c] = t, 0
		k.path[g] = st.d
		r := k.dfs(c, g1, mds[i], hs[i], int(st.d))
		k.cells[blank], k.cells[c] = 0, t
		k.moveTile(t, c)
		if r != dfsContinue {
			return r
		}
	}
	return dfsContinue
}
