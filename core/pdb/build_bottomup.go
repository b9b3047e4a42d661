package pdb

import "math/bits"

// The builder's late layers run bottom-up (direction-optimizing breadth-first
// search, after Beamer, Asanović and Patterson): instead of pushing every
// state of the current layer to its successors, a step walks the states not
// reached yet and asks whether any of their neighbours is in the current
// layer. Moves are reversible (a tile slid into the blank's cell can slide
// back), so a state's predecessors are its successors. Once most states are
// reached, the unreached ones are far fewer than the current layer's
// successors, a check stops at the first neighbour found in the layer, and
// each worker writes only its own words (no atomic operations).
//
// The first bottom-up step also sets, in visited, the bits of the components
// a placement does not have, so a word of four placements whose components
// are all reached reads 0xFFFFFFFF and later steps skip it at once. The
// top-down step tests a byte of visited against zero, so the builder never
// goes back to top-down steps.

// bottomUpRatio: the builder switches to bottom-up steps when the abstract
// states not reached yet are fewer than bottomUpRatio times the current
// layer's states. Measured on the 6-tile and 7-tile tables of the 15-puzzle.
const bottomUpRatio = 1.25

// wantBottomUp reports whether the next step should run bottom-up.
func (b *Builder) wantBottomUp() bool {
	if b.bottomUp {
		return true
	}
	switch b.direction {
	case directionTopDown:
		return false
	case directionBottomUp:
		return true
	}
	all := uint64(len(b.table.values)) * uint64(b.n-b.k)
	unreached := all - b.totalStates
	return float64(unreached) < bottomUpRatio*float64(b.curStates)
}

// Step directions, for tests: automatic (the default), always top-down, or
// bottom-up from the first expansion on.
const (
	directionAuto = iota
	directionTopDown
	directionBottomUp
)

// expandUpWords makes the next layer's states among the placements of words
// lo..hi-1 (ranks 4*lo..4*hi-1): every component not reached yet that has a
// neighbour in the current layer. It writes only those words of visited and
// next (every one of those words of next) and those ranks of the table, and
// reads cur, which stays unchanged.
func (b *Builder) expandUpWords(lo, hi int, res *expandCounts) {
	k := b.k
	newCost := uint8(b.cost + 1)
	values := b.table.values
	entries := uint64(len(values))
	visited, next, cur := b.visited, b.next, b.cur
	comp := &b.comp
	var od odometer
	od.init(k, b.n)
	cells := &od.cells
	var pl placement
	var mv moveList
	states, fresh := res.states, res.fresh
	cost := uint8(b.cost)
	for w := lo; w < hi; w++ {
		// The current layer's new entries get their value (needed after a
		// top-down step, which leaves that to the next step).
		for word := cur[w]; word != 0; word &= ^(uint32(0xFF) << (bits.TrailingZeros32(word) &^ 7)) {
			if r := uint64(w)*4 + uint64(bits.TrailingZeros32(word)>>3); values[r] == Unreached {
				values[r] = cost
			}
		}
		vw := visited[w]
		if vw == 0xFFFFFFFF {
			next[w] = 0
			continue
		}
		var nw uint32 // the word's bits of the next layer
		for sub := 0; sub < 4; sub++ {
			sh := uint32(8 * sub)
			vb := vw >> sh & 0xFF
			if vb == 0xFF {
				continue
			}
			rank := uint64(w)*4 + uint64(sub)
			if rank >= entries {
				vw |= 0xFF << sh
				continue
			}
			occ := od.seek(rank)
			x := comp.index(occ)
			exist := uint32(1)<<comp.info[x].count - 1
			vw |= (^exist & 0xFF) << sh
			unreached := exist &^ vb
			if unreached == 0 {
				continue
			}
			pl.set(cells, k, &b.weight)
			ccells := comp.cells[x*8 : x*8+8 : x*8+8]
			row := comp.succRow(x)
			var found uint32
			for u := unreached; u != 0; u &= u - 1 {
				ci := uint32(bits.TrailingZeros32(u)) & 7
				m := uint32(ccells[ci])
				b.moves(rank, occ, m, &pl, row, &mv)
				for i := 0; i < mv.length; i++ {
					r2, code := mv.rank[i&31], uint32(mv.code[i&31])
					if cur[r2>>2]>>(uint32(r2&3)*8+code&7)&1 != 0 {
						found |= 1 << ci
						states += uint64(bits.OnesCount32(m))
						break
					}
				}
			}
			if found == 0 {
				continue
			}
			nw |= found << sh
			vw |= found << sh
			if vb&exist == 0 {
				values[rank] = newCost
				fresh++
			}
		}
		visited[w] = vw
		next[w] = nw
	}
	res.states, res.fresh = states, fresh
}
