package pdb

import (
	"context"
	"math/bits"

	"github.com/slidelab/slidelab/core/board"
	"github.com/slidelab/slidelab/internal/memlimit"
)

// The cohort engine builds the tables of up to cohortMaxTiles tiles, on
// every board (up to 25 cells). It runs the same breadth-first search as
// the bit-set layout (an abstract state is a placement with the blank's
// component, every move of a group tile costs 1) over a different index of
// the states: a placement is its map (the set of occupied cells, numbered
// by its colexicographic rank) and its order (which tile is on each
// occupied cell, numbered by permTables), and the states of one component
// of one map (a slot) form a bit set over the k! orders.
//
// Every placement of a map has the same components, and a move (a tile
// from cell c to a free neighbour e in component ci) leads every order of
// the map to the same successor map and component. Its effect on the order
// depends only on where c and e lie among the occupied cells: when no
// occupied cell lies between them (every horizontal move, and vertical
// moves over free cells) the order is unchanged, and a whole component's
// bit set is ORed into its successor's 64 orders at a time; otherwise each
// order of the layer is moved through a shift table, one bit at a time in a
// bit set that stays in the L1 cache.
//
// A step is pulled: for each map (split among the workers, so that nobody
// writes where another does) and each of its components, the next layer is
// the OR over the component's incoming moves of the sources' bits in the
// current layer, less the states of the current and previous layers (moves
// are reversible, so in a breadth-first search a state next to the current
// layer is in the previous, the current or the next one). The moves that
// lead into a component are the reverses of the moves from it, so a map's
// own move list serves. New placements get their value as they are found,
// at their rank in the file's order.
type cohortEngine struct {
	k, words int // tiles; words per bit set (k!/64 rounded up)
	perm     *permTables
	// binom[c][j] is C(c, j): a map's number is the sum of binom[c][j+1]
	// over its cells c, the j-th from the lowest (its colexicographic rank).
	binom [board.MaxCells + 1][board.MaxCells + 1]uint32
	// maps is C(n, k); occ[x] is the mask of map x's occupied cells.
	maps uint32
	occ  []uint32
	// slotOf[x] is the slot of component 0 of map x; slotOf[maps] the
	// number of slots. A map's components are numbered by their lowest
	// cell.
	slotOf []uint32
	// comp[s] is the mask of the cells of slot s's component.
	comp []uint32
	// cells[x*k+i] is the i-th occupied cell of map x.
	cells []uint8
	// moves[from[s]:from[s+1]] lead into slot s: the slot each comes from
	// times 64, plus the id of its shift of the order (0: none). Slots
	// number at most a few million (about 520,000 for 7 tiles on 5x5),
	// well under the 2^26 this packing allows.
	from  []uint32
	moves []uint32
	// prev, cur and next hold the bit sets of the previous, current and
	// next layers, words per slot; the flags say which slots are not empty.
	prev, cur, next          []uint64
	prevAny, curAny, nextAny []bool
	// placed marks the placements (map, order) already given a value.
	placed []uint64
}

// useCohort reports whether a Builder of k tiles uses the cohort engine.
func useCohort(k int) bool { return k >= 1 && k <= cohortMaxTiles }

// newCohortEngine makes the engine's tables and bit sets for k tiles on
// size, the tiles' place values in a file rank being weight. The error
// wraps ErrOutOfMemory when the bit sets cannot be had.
func newCohortEngine(size board.Size, k int, weight []uint64, tiles []int) (*cohortEngine, error) {
	n := size.Cells()
	e := &cohortEngine{k: k}
	e.perm = newPermTables(k, weight, size.W-1)
	e.words = (e.perm.count + 63) / 64
	for c := range e.binom {
		for j := range e.binom[c] {
			e.binom[c][j] = binomial(c, j)
		}
	}
	e.maps = e.binom[n][k]
	_, slots, _ := cohortShape(size, k)
	e.comp = make([]uint32, 0, slots)
	e.occ = make([]uint32, 0, e.maps)
	e.slotOf = make([]uint32, 1, e.maps+1)
	e.cells = make([]uint8, 0, int(e.maps)*k)
	eachMap(size, k, func(occ uint32, comps []uint32) {
		e.occ = append(e.occ, occ)
		for r := occ; r != 0; r &= r - 1 {
			e.cells = append(e.cells, uint8(bits.TrailingZeros32(r)))
		}
		e.comp = append(e.comp, comps...)
		e.slotOf = append(e.slotOf, uint32(len(e.comp)))
	})
	e.makeMoves(size)
	what := "the search arrays of tiles " + formatTiles(tiles)
	words := int(slots) * e.words
	var err error
	for _, a := range []*[]uint64{&e.prev, &e.cur, &e.next} {
		if *a, err = memlimit.Make[uint64](words, what); err != nil {
			return nil, err
		}
	}
	if e.placed, err = memlimit.Make[uint64](int(e.maps)*e.words, what); err != nil {
		return nil, err
	}
	e.prevAny, e.curAny, e.nextAny = make([]bool, slots), make([]bool, slots), make([]bool, slots)
	return e, nil
}

// mapOf returns the number of the map of occupied cells occ.
func (e *cohortEngine) mapOf(occ uint32) uint32 {
	var r uint32
	for j := 1; occ != 0; j++ {
		r += e.binom[bits.TrailingZeros32(occ)&31][j&31]
		occ &= occ - 1
	}
	return r
}

// slotAt returns the slot of the component of map x holding free cell c.
func (e *cohortEngine) slotAt(x uint32, c int) uint32 {
	for s := e.slotOf[x]; s < e.slotOf[x+1]; s++ {
		if e.comp[s]&(1<<c) != 0 {
			return s
		}
	}
	panic("pdb: cell not free") // unreachable: callers pass free cells
}

// makeMoves lists, for every slot, the moves that lead into it: for each
// tile cell c of a map next to a free cell f, the reverse move (the tile
// from f to c) leads from the slot of c's component under the other map
// into the slot of f's component under this one.
func (e *cohortEngine) makeMoves(size board.Size) {
	slots := e.slotOf[e.maps]
	e.from = make([]uint32, slots+1)
	var nb [board.MaxCells]uint32
	for p := 0; p < size.Cells(); p++ {
		for _, d := range board.Dirs {
			if q, ok := size.Neighbor(p, d); ok {
				nb[p] |= 1 << q
			}
		}
	}
	// Count, then fill: the moves into a slot are those of its map whose
	// free cell is in the slot's component.
	for pass := 0; pass < 2; pass++ {
		fill := e.from
		if pass == 1 {
			for s := uint32(0); s < slots; s++ {
				e.from[s+1] += e.from[s]
			}
			e.moves = make([]uint32, e.from[slots])
			fill = append([]uint32(nil), e.from[:slots]...)
		}
		for x, occ := range e.occ {
			for r := occ; r != 0; r &= r - 1 {
				c := bits.TrailingZeros32(r)
				for m := nb[c] &^ occ; m != 0; m &= m - 1 {
					f := bits.TrailingZeros32(m)
					into := e.slotAt(uint32(x), f)
					if pass == 0 {
						fill[into+1]++
						continue
					}
					occ2 := occ&^(1<<c) | 1<<f
					x2 := e.mapOf(occ2)
					// Forwards, the tile goes from f (position b under
					// occ2) to c (position a under occ).
					a := bits.OnesCount32(occ & (1<<c - 1))
					b := bits.OnesCount32(occ2 & (1<<f - 1))
					e.moves[fill[into]] = e.slotAt(x2, c)<<6 | uint32(e.perm.shiftID[b][a])
					fill[into]++
				}
			}
		}
	}
}

// fileRank returns the rank, in the table's order, of the placement of
// map x and order q: the sum over tiles of the tile's cell times its place
// value, less the part that depends on the order alone.
func (e *cohortEngine) fileRank(x uint32, q int, weight *[16]uint64) uint64 {
	k := e.k
	cells := e.cells[int(x)*k : int(x)*k+k]
	inv := e.perm.inv[q*k : q*k+k]
	var r uint64
	for j, s := range inv {
		r += uint64(cells[s&15]) * weight[j&15]
	}
	return r - e.perm.corr[q]
}

// seed makes layer 0: the tiles on cells (in Tiles order), occupying
// occ, with the blank in component ci.
func (e *cohortEngine) seed(cells *[board.MaxCells]uint8, occ, ci uint32) {
	var order [cohortMaxTiles]uint8
	for i := 0; i < e.k; i++ {
		order[bits.OnesCount32(occ&(1<<cells[i]-1))] = uint8(i)
	}
	x, q := e.mapOf(occ), rankOrder(&order, e.k)
	s := e.slotOf[x] + ci
	e.cur[int(s)*e.words+q/64] |= 1 << (q % 64)
	e.curAny[s] = true
	e.placed[int(x)*e.words+q/64] |= 1 << (q % 64)
}

// expand makes the next layer from the current one, gives its new
// placements the value cost+1, and returns its state and new-entry counts;
// then the next layer becomes the current one. On cancellation it returns
// ctx's error with the layer half made.
func (e *cohortEngine) expand(ctx context.Context, b *Builder) (states, fresh uint64, err error) {
	maps := int(e.maps)
	chunk := max(1, maps/(64*max(1, b.workers)))
	scratch := make([][]uint64, max(1, b.workers)) // each worker's two scratch bit sets
	states, fresh, err = runChunks(ctx, b.workers, (maps+chunk-1)/chunk, func(w, c int, _ bool, res *expandCounts) {
		if scratch[w] == nil {
			scratch[w] = make([]uint64, 2*e.words)
		}
		buf := scratch[w]
		for x := c * chunk; x < min((c+1)*chunk, maps); x++ {
			s, f := e.expandMap(uint32(x), uint8(b.cost+1), b, buf[:e.words], buf[e.words:])
			res.states += s
			res.fresh += f
		}
	})
	if err != nil {
		return 0, 0, err
	}
	e.prev, e.cur, e.next = e.cur, e.next, e.prev
	e.prevAny, e.curAny, e.nextAny = e.curAny, e.nextAny, e.prevAny
	return states, fresh, nil
}

// expandMap makes the next layer's bit sets of the components of map x
// and gives its new placements the value cost. acc and union are scratch
// bit sets.
func (e *cohortEngine) expandMap(x uint32, cost uint8, b *Builder, acc, union []uint64) (states, fresh uint64) {
	nw := e.words
	first, last := e.slotOf[x], e.slotOf[x+1]
	clear(union)
	for s := first; s < last; s++ {
		if !e.pull(s, acc) {
			if e.nextAny[s] {
				clear(e.next[int(s)*nw : int(s)*nw+nw])
				e.nextAny[s] = false
			}
			continue
		}
		lo := int(s) * nw
		out, cur, prev := e.next[lo:lo+nw], e.cur[lo:lo+nw], e.prev[lo:lo+nw]
		var n int
		for w := range out {
			v := acc[w] &^ (cur[w] | prev[w])
			out[w] = v
			union[w] |= v
			n += bits.OnesCount64(v)
		}
		e.nextAny[s] = n != 0
		states += uint64(n) * uint64(bits.OnesCount32(e.comp[s]))
	}
	placed := e.placed[int(x)*nw : int(x)*nw+nw]
	values := b.table.values
	for w, u := range union {
		u &^= placed[w]
		if u == 0 {
			continue
		}
		placed[w] |= u
		for ; u != 0; u &= u - 1 {
			values[e.fileRank(x, w<<6|bits.TrailingZeros64(u), &b.weight)] = cost
			fresh++
		}
	}
	return states, fresh
}

// pull sets acc to the OR of the current layer's states that lead into
// slot s, and reports whether any source had states.
func (e *cohortEngine) pull(s uint32, acc []uint64) bool {
	nw := e.words
	any := false
	for _, mv := range e.moves[e.from[s]:e.from[s+1]] {
		src, shift := mv>>6, mv&63
		if !e.curAny[src] {
			continue
		}
		if !any {
			clear(acc)
			any = true
		}
		bits0 := e.cur[int(src)*nw : int(src)*nw+nw]
		if shift == 0 {
			for w, v := range bits0 {
				acc[w] |= v
			}
			continue
		}
		tab := e.perm.shift[shift-1]
		for w, v := range bits0 {
			for ; v != 0; v &= v - 1 {
				q := tab[w<<6|bits.TrailingZeros64(v)]
				acc[q>>6] |= 1 << (q & 63)
			}
		}
	}
	return any
}
