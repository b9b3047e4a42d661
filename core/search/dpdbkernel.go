package search

import (
	"math/bits"

	"github.com/slidelab/slidelab/core/board"
)

// dynKernel is IDA* with a dynamically partitioned database. It keeps every
// group's weight and the set of groups of positive weight for the current
// board; a move changes only the groups holding the moved tile (up to 14
// pairs and 91 triples on 4x4), so a child looks only those up again, into
// its node's frame, and solves the cover over them and the kept set. Moving
// down copies the child's weights in and moving back restores the old ones,
// with no second lookup.
type dynKernel struct {
	idaCore
	d        *DynamicPDB
	cells    [board.MaxCells]uint8 // cell -> tile
	pos      [board.MaxCells]uint8 // tile -> cell
	blank    int
	md       int // Manhattan distance of the loaded board
	mdDelta  [mdDeltaLen]int8
	raw      []uint8  // weight of every group
	cand     []uint64 // groups of positive weight, one bit each
	tileBits [board.MaxCells][]uint64
	items    []coverItem
	cs       coverSolver
	groupsOf [board.MaxCells][]int32
	// other[t][j] is a tile of groupsOf[t][j] other than t, and
	// anyAt[t][c][j] has bit p set when that group can weigh more than 0
	// with t in cell c and the other tile in cell p: most cannot, so most
	// lookups are skipped without touching the weight tables.
	other  [board.MaxCells][]uint8
	anyAt  [board.MaxCells][board.MaxCells][]uint16
	maxOf  int        // most groups holding one tile
	frames []dynFrame // one per depth
}

// dynFrame holds a node's children's weights of the groups of their moved
// tiles, and the weights a move down replaced.
type dynFrame struct {
	child   [4][]uint8
	old     []uint8
	changed []int32 // the groups a move down changed
}

func newDynKernel(d *DynamicPDB) *dynKernel {
	words := (len(d.groups) + 63) / 64
	k := &dynKernel{d: d, raw: make([]uint8, len(d.groups)), cand: make([]uint64, words)}
	k.mdDelta = newMDKernel(d.md).delta
	k.groupsOf = d.byTile
	for t := range k.groupsOf {
		k.tileBits[t] = make([]uint64, words)
		for _, gi := range k.groupsOf[t] {
			k.tileBits[t][gi>>6] |= 1 << (gi & 63)
		}
		k.maxOf = max(k.maxOf, len(k.groupsOf[t]))
		for c := range k.anyAt[t] {
			k.anyAt[t][c] = make([]uint16, len(k.groupsOf[t]))
		}
		for j, gi := range k.groupsOf[t] {
			grp := &d.groups[gi]
			slot, oslot := 0, 0
			for i := 0; i < grp.k; i++ {
				if int(grp.tiles[i]) == t {
					slot = i
				}
			}
			if slot == 0 {
				oslot = 1
			}
			k.other[t] = append(k.other[t], grp.tiles[oslot])
			for key, w := range grp.w {
				if w > 0 {
					c := key >> (4 * (grp.k - 1 - slot)) & 15
					p := key >> (4 * (grp.k - 1 - oslot)) & 15
					k.anyAt[t][c][j] |= 1 << p
				}
			}
		}
	}
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
	for gi := range k.d.groups {
		grp := &k.d.groups[gi]
		k.setWeight(gi, grp.w[grp.key(&k.pos)])
	}
	k.md = k.d.md.Estimate(b)
	k.items = k.items[:0]
	return k.md + k.coverValue(k.cand, nil)
}

// setWeight sets group gi's weight and its bit in cand.
func (k *dynKernel) setWeight(gi int, w uint8) {
	k.raw[gi] = w
	bit := uint64(1) << (gi & 63)
	if w > 0 {
		k.cand[gi>>6] |= bit
	} else {
		k.cand[gi>>6] &^= bit
	}
}

// coverValue returns the weight of the best cover by the groups in cand
// (less those in skip, if not nil) and those already in k.items.
func (k *dynKernel) coverValue(cand, skip []uint64) int {
	for wi, word := range cand {
		if skip != nil {
			word &^= skip[wi]
		}
		for word != 0 {
			gi := wi<<6 | bits.TrailingZeros64(word)
			word &= word - 1
			k.items = append(k.items, coverItem{mask: k.d.groups[gi].mask, w: int32(k.raw[gi])})
		}
	}
	return k.cs.solve(k.items, nil)
}

// frame returns the frame of depth g.
func (k *dynKernel) frame(g int) *dynFrame {
	for len(k.frames) <= g {
		fr := dynFrame{old: make([]uint8, k.maxOf)}
		for i := range fr.child {
			fr.child[i] = make([]uint8, k.maxOf)
		}
		k.frames = append(k.frames, fr)
	}
	return &k.frames[g]
}

func (k *dynKernel) search(g, h, prev int) int { return k.dfs(k.blank, g, k.md, h, prev) }

// dfs is the depth-first search of one IDA* iteration with dynamic PDBs.
//
// hot loop: called once per generated node; splitting it adds calls per node (BenchmarkDynamicIDA).
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
	fr := k.frame(g)
	var hs, mds [4]int
	for i := 0; i < n; i++ {
		st := steps[i]
		c := int(st.c)
		t := k.cells[c]
		mds[i] = md + int(k.mdDelta[int(t)<<mdShift|c<<2|int(st.d)])
		// The child's weights of t's groups, with t in the blank's cell.
		k.pos[t] = uint8(blank)
		k.items = k.items[:0]
		ws := fr.child[i]
		any, other := k.anyAt[t][blank], k.other[t]
		for j, gi := range k.groupsOf[t] {
			ws[j] = 0
			if any[j]>>(k.pos[other[j]]&15)&1 == 0 {
				continue
			}
			grp := &k.d.groups[gi]
			w := grp.w[grp.key(&k.pos)]
			ws[j] = w
			if w > 0 {
				k.items = append(k.items, coverItem{mask: grp.mask, w: int32(w)})
			}
		}
		k.pos[t] = uint8(c)
		if len(k.items) == 0 && !overlaps(k.cand, k.tileBits[t]) {
			// No group of t weighs anything before or after the move:
			// the groups offered are the same, and so is the cover.
			hs[i] = mds[i] + h - md
			continue
		}
		hs[i] = mds[i] + k.coverValue(k.cand, k.tileBits[t])
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
		fr.changed = fr.changed[:0]
		ws := fr.child[i]
		for j, gi := range k.groupsOf[t] {
			if old := k.raw[gi]; old != ws[j] {
				fr.old[len(fr.changed)] = old
				fr.changed = append(fr.changed, gi)
				k.setWeight(int(gi), ws[j])
			}
		}
		k.pos[t] = uint8(blank)
		k.cells[blank], k.cells[c] = t, 0
		k.path[g] = st.d
		r := k.dfs(c, g1, mds[i], hs[i], int(st.d))
		k.cells[blank], k.cells[c] = 0, t
		k.pos[t] = uint8(c)
		for j, gi := range fr.changed {
			k.setWeight(int(gi), fr.old[j])
		}
		if r != dfsContinue {
			return r
		}
	}
	return dfsContinue
}

// overlaps reports whether the bit sets a and b share a bit.
func overlaps(a, b []uint64) bool {
	for i, w := range a {
		if w&b[i] != 0 {
			return true
		}
	}
	return false
}
