package pdb

import (
	"cmp"
	"math/bits"
	"slices"
)

// frontierSorted is the largest layer (in abstract states) the cohort
// engine lists in the table's rank order before sampling it, as the other
// layouts do for layers of up to frontierExact states; a larger layer is
// sampled in the engine's own order, which costs a scan of its bit sets
// instead of a sort (a sorted million states took 0.17 s, a GUI frame's
// worth).
const frontierSorted = 1 << 16

// frontier is Builder.Frontier in the cohort engine. A layer of up to
// frontierSorted states is listed in the table's rank order (then by the
// blank's cell), as the other layouts list it; a larger one is sampled in
// the engine's own order (by map, then order of the tiles): state by state
// up to frontierExact states, else one state per placement, with the blank
// in the lowest cell of the placement's first component in the layer.
func (e *cohortEngine) frontier(b *Builder, limit int) []State {
	if b.curStates <= frontierSorted {
		return e.exactFrontier(b, limit)
	}
	if b.curStates <= frontierExact {
		return e.stateFrontier(b, limit)
	}
	nw := e.words
	union := make([]uint64, nw)
	eachUnion := func(f func(x uint32, q int) bool) {
		for x := uint32(0); x < e.maps; x++ {
			clear(union)
			for s := e.slotOf[x]; s < e.slotOf[x+1]; s++ {
				if e.curAny[s] {
					for w, v := range e.cur[int(s)*nw : int(s)*nw+nw] {
						union[w] |= v
					}
				}
			}
			for w, u := range union {
				for ; u != 0; u &= u - 1 {
					if !f(x, w<<6|bits.TrailingZeros64(u)) {
						return
					}
				}
			}
		}
	}
	if b.curEntries == 0 {
		eachUnion(func(uint32, int) bool { b.curEntries++; return true })
	}
	stride := max(1, (b.curEntries+uint64(limit)-1)/uint64(limit))
	var out []State
	var seen uint64
	eachUnion(func(x uint32, q int) bool {
		if seen%stride == 0 {
			for s := e.slotOf[x]; s < e.slotOf[x+1]; s++ {
				if e.cur[int(s)*nw+q/64]&(1<<(q%64)) != 0 {
					out = append(out, e.state(x, q, bits.TrailingZeros32(e.comp[s])))
					break
				}
			}
		}
		seen++
		return len(out) < limit
	})
	return out
}

// stateFrontier returns up to limit states of the current layer, evenly
// spaced over its states in the engine's order (a slot's blank cells in
// increasing order for each order of the tiles).
func (e *cohortEngine) stateFrontier(b *Builder, limit int) []State {
	stride := max(1, (b.curStates+uint64(limit)-1)/uint64(limit))
	var out []State
	var seen uint64
	nw := e.words
	for s := uint32(0); s < uint32(len(e.comp)) && len(out) < limit; s++ {
		if !e.curAny[s] {
			continue
		}
		x := e.mapOfSlot(s)
		size := uint64(bits.OnesCount32(e.comp[s]))
		for w, v := range e.cur[int(s)*nw : int(s)*nw+nw] {
			for ; v != 0 && len(out) < limit; v &= v - 1 {
				// The states seen..seen+size-1 are this placement's blank
				// cells; take those that fall on the stride.
				for i := (stride - seen%stride) % stride; i < size && len(out) < limit; i += stride {
					m := e.comp[s]
					for range i {
						m &= m - 1
					}
					out = append(out, e.state(x, w<<6|bits.TrailingZeros64(v), bits.TrailingZeros32(m)))
				}
				seen += size
			}
		}
	}
	return out
}

// mapOfSlot returns the map whose component slot s is.
func (e *cohortEngine) mapOfSlot(s uint32) uint32 {
	x, _ := slices.BinarySearch(e.slotOf, s+1)
	return uint32(x - 1)
}

// exactFrontier lists every state of the current layer in rank order and
// returns up to limit of them, evenly spaced.
func (e *cohortEngine) exactFrontier(b *Builder, limit int) []State {
	type item struct {
		rank  uint64
		blank uint8
		x     uint32
		q     int
	}
	var all []item
	nw := e.words
	for x := uint32(0); x < e.maps; x++ {
		for s := e.slotOf[x]; s < e.slotOf[x+1]; s++ {
			if !e.curAny[s] {
				continue
			}
			cm := e.comp[s]
			for w, v := range e.cur[int(s)*nw : int(s)*nw+nw] {
				for ; v != 0; v &= v - 1 {
					q := w<<6 | bits.TrailingZeros64(v)
					r := e.fileRank(x, q, &b.weight)
					for m := cm; m != 0; m &= m - 1 {
						all = append(all, item{r, uint8(bits.TrailingZeros32(m)), x, q})
					}
				}
			}
		}
	}
	slices.SortFunc(all, func(a, c item) int {
		if a.rank != c.rank {
			return cmp.Compare(a.rank, c.rank)
		}
		return cmp.Compare(a.blank, c.blank)
	})
	stride := max(1, (uint64(len(all))+uint64(limit)-1)/uint64(limit))
	var out []State
	for i := uint64(0); i < uint64(len(all)) && len(out) < limit; i += stride {
		out = append(out, e.state(all[i].x, all[i].q, int(all[i].blank)))
	}
	return out
}

// state returns the abstract state of order q of map x with the blank on
// cell blank.
func (e *cohortEngine) state(x uint32, q, blank int) State {
	k := e.k
	s := State{Cells: make([]int, k), Blank: blank}
	for j := range s.Cells {
		s.Cells[j] = int(e.cells[int(x)*k+int(e.perm.inv[q*k+j])])
	}
	return s
}
