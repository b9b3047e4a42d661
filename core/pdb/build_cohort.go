package pdb

import (
	"context"
	"math/bits"
	"sync"
	"sync/atomic"

	"github.com/slidelab/slidelab/internal/memlimit"
	"github.com/slidelab/slidelab/internal/yield"
)

// The cohort engine builds the tables of up to cohortMaxTiles tiles on
// boards of up to 16 cells. It runs the same breadth-first search as the
// other layouts (an abstract state is a placement with the blank's
// component, every move of a group tile costs 1) over a different index of
// the states: a placement is its map (the set of occupied cells, numbered
// densely as in compTables) and its order (which tile is on each occupied
// cell, numbered by permTables), and the states of one component of one
// map form a bit set over the k! orders.
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
	// maps is C(n, k). slotOf[x] is the slot of component 0 of map x;
	// slotOf[maps] the number of slots.
	maps   uint32
	slotOf []uint32
	// size[s] is the number of cells of slot s's component.
	size []uint8
	// cells[x*k+i] is the i-th occupied cell of map x.
	cells []uint8
	// moves[from[s]:from[s+1]] lead into slot s.
	from  []uint32
	moves []cohortMove
	// prev, cur and next hold the bit sets of the previous, current and
	// next layers, words per slot; the flags say which slots are not empty.
	prev, cur, next          []uint64
	prevAny, curAny, nextAny []bool
	// placed marks the placements (map, order) already given a value.
	placed []uint64
}

// cohortMove is a move that leads into a slot: the slot it comes from and
// the shift of the order (0: none).
type cohortMove struct {
	src   uint32
	shift uint8
}

// useCohort reports whether a Builder of k tiles on n cells uses the cohort
// engine.
func useCohort(n, k int) bool { return n <= 16 && k >= 1 && k <= cohortMaxTiles }

// newCohortEngine makes the engine's tables and bit sets for b, once b's
// component tables are made. The error wraps ErrOutOfMemory when the bit
// sets cannot be had.
func newCohortEngine(b *Builder) (*cohortEngine, error) {
	e := &cohortEngine{k: b.k}
	e.perm = newPermTables(b.k, b.weight[:], b.size.W-1)
	e.words = (e.perm.count + 63) / 64
	e.maps = binomial(b.n, b.k)
	e.slotOf = make([]uint32, e.maps+1)
	e.cells = make([]uint8, int(e.maps)*b.k)
	occOf := make([]uint32, e.maps)
	for occ := uint32(0); occ <= b.boardMask; occ++ {
		if bits.OnesCount32(occ) == b.k {
			occOf[b.comp.index(occ)] = occ
		}
	}
	for x, occ := range occOf {
		e.slotOf[x+1] = e.slotOf[x] + b.comp.info[x].count
		i := 0
		for r := occ; r != 0; r &= r - 1 {
			e.cells[x*b.k+i] = uint8(bits.TrailingZeros32(r))
			i++
		}
	}
	slots := e.slotOf[e.maps]
	e.size = make([]uint8, slots)
	for x := range occOf {
		info := &b.comp.info[x]
		for ci := uint32(0); ci < info.count; ci++ {
			e.size[e.slotOf[x]+ci] = uint8(info.size(ci))
		}
	}
	e.makeMoves(b, occOf)
	what := "the search arrays of tiles " + formatTiles(b.table.tiles)
	n := int(slots) * e.words
	var err error
	for _, a := range []*[]uint64{&e.prev, &e.cur, &e.next} {
		if *a, err = memlimit.Make[uint64](n, what); err != nil {
			return nil, err
		}
	}
	if e.placed, err = memlimit.Make[uint64](int(e.maps)*e.words, what); err != nil {
		return nil, err
	}
	e.prevAny, e.curAny, e.nextAny = make([]bool, slots), make([]bool, slots), make([]bool, slots)
	return e, nil
}

// makeMoves lists, for every slot, the moves that lead into it: for each
// tile cell c of a map next to a free cell e, the reverse move (the tile
// from e to c) leads from the slot of c's component under the other map
// into the slot of e's component under this one.
func (e *cohortEngine) makeMoves(b *Builder, occOf []uint32) {
	slots := e.slotOf[e.maps]
	e.from = make([]uint32, slots+1)
	type move struct {
		slot uint32
		mv   cohortMove
	}
	var all []move
	w := b.size.W
	for x, occ := range occOf {
		info := &b.comp.info[x]
		for r := occ; r != 0; r &= r - 1 {
			c := bits.TrailingZeros32(r)
			for _, d := range [4]int{1, -1, w, -w} {
				f := c + d
				if f < 0 || f >= b.n || occ&(1<<f) != 0 || (d == 1 && c%w == w-1) || (d == -1 && c%w == 0) {
					continue
				}
				occ2 := occ&^(1<<c) | 1<<f
				x2 := b.comp.index(occ2)
				ci2 := uint32(b.comp.info[x2].of>>(4*c)) & 15
				// Forwards, the tile goes from f (position b2 under occ2)
				// to c (position a under occ).
				a := bits.OnesCount32(occ & (1<<c - 1))
				b2 := bits.OnesCount32(occ2 & (1<<f - 1))
				ci := uint32(info.of>>(4*f)) & 15
				all = append(all, move{e.slotOf[x] + ci, cohortMove{src: e.slotOf[x2] + ci2, shift: e.perm.shiftID[b2][a]}})
			}
		}
	}
	for _, m := range all {
		e.from[m.slot+1]++
	}
	for s := uint32(0); s < slots; s++ {
		e.from[s+1] += e.from[s]
	}
	e.moves = make([]cohortMove, len(all))
	fill := append([]uint32(nil), e.from[:slots]...)
	for _, m := range all {
		e.moves[fill[m.slot]] = m.mv
		fill[m.slot]++
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

// seed makes layer 0: order q of map x with the blank in component ci.
func (e *cohortEngine) seed(x uint32, q int, ci uint32) {
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
	workers := max(1, min(b.workers, int(e.maps)))
	chunk := max(1, int(e.maps)/(64*workers))
	var taken atomic.Int64
	var stop atomic.Bool
	results := make([]expandCounts, workers)
	var wg sync.WaitGroup
	for w := range workers {
		wg.Add(1)
		go func(w int) {
			defer wg.Done()
			acc := make([]uint64, e.words)
			union := make([]uint64, e.words)
			y := yield.Start()
			var res expandCounts
			for !stop.Load() {
				y.Maybe()
				lo := int(taken.Add(int64(chunk))) - chunk
				if lo >= int(e.maps) {
					break
				}
				if ctx.Err() != nil {
					stop.Store(true)
					break
				}
				for x := lo; x < min(lo+chunk, int(e.maps)); x++ {
					s, f := e.expandMap(uint32(x), uint8(b.cost+1), b, acc, union)
					res.states += s
					res.fresh += f
				}
			}
			results[w] = res
		}(w)
	}
	wg.Wait()
	if err := ctx.Err(); err != nil && stop.Load() {
		return 0, 0, err
	}
	for _, r := range results {
		states += r.states
		fresh += r.fresh
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
		states += uint64(n) * uint64(e.size[s])
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
		if !e.curAny[mv.src] {
			continue
		}
		if !any {
			clear(acc)
			any = true
		}
		src := e.cur[int(mv.src)*nw : int(mv.src)*nw+nw]
		if mv.shift == 0 {
			for w, v := range src {
				acc[w] |= v
			}
			continue
		}
		tab := e.perm.shift[mv.shift-1]
		for w, v := range src {
			for ; v != 0; v &= v - 1 {
				q := tab[w<<6|bits.TrailingZeros64(v)]
				acc[q>>6] |= 1 << (q & 63)
			}
		}
	}
	return any
}
