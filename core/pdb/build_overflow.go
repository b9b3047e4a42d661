package pdb

import (
	"math/bits"
	"slices"
	"sync/atomic"

	"github.com/slidelab/slidelab/core/board"
)

// The overflow store of the code layout (build_codes.go): the codes of the
// ranks whose placement has at least ovFrom components (more than a field
// of st holds), 16 bits a rank (2 bits for each of up to 8 components),
// four ranks a word, numbered by slot: the ranks in increasing order. For
// the 8-tile table of the 15-puzzle that is 403,200 ranks (10 masks of
// occupied cells times 8! orders): 0.8 MB of codes and 3.2 MB of ranks.

// succOverflow marks a successor code (build_comp.go's succ rows) whose
// placement keeps its codes in the overflow store; set only in the code
// layout, above the component (3 bits) and its size (4 bits).
const succOverflow = 0x80

// ovShift is the width of the rank ranges ovIndex describes: 2^16 ranks.
const ovShift = 16

// overflowStore is the overflow store of a Builder in the code layout.
type overflowStore struct {
	// from is the number of components at which a placement's codes
	// move here: fieldComps+1, or fewer in tests.
	from uint32
	// codes holds four ranks' codes a word, slot 4w in the low 16 bits of
	// word w.
	codes []uint64
	// ranks[s] is the rank of slot s, in increasing order.
	ranks []uint64
	// index[h] is the first slot whose rank is at least h<<ovShift.
	index []uint32
}

// overflow fills b.ov once b.comp is filled: every order of the group's
// tiles on every mask of occupied cells with at least b.ov.from components.
func (b *Builder) overflow() {
	var masks []uint32
	for occ := uint32(0); occ < 1<<b.n; occ++ {
		if bits.OnesCount32(occ) == b.k && b.comp.info[b.comp.index(occ)].count >= b.ov.from {
			masks = append(masks, occ)
		}
	}
	orders := 1
	for i := 2; i <= b.k; i++ {
		orders *= i
	}
	ranks := make([]uint64, 0, len(masks)*orders)
	var cells [board.MaxCells]uint8
	for _, occ := range masks {
		i := 0
		for o := occ; o != 0; o &= o - 1 {
			cells[i] = uint8(bits.TrailingZeros32(o))
			i++
		}
		eachOrder(cells[:b.k], func() { ranks = append(ranks, rankCells(&cells, b.k, b.n)) })
	}
	slices.Sort(ranks)
	b.ov.ranks = ranks
	b.ov.codes = make([]uint64, (len(ranks)+3)/4)
	b.ov.index = make([]uint32, len(b.table.values)>>ovShift+2)
	s := 0
	for h := range b.ov.index {
		for s < len(ranks) && ranks[s]>>ovShift < uint64(h) {
			s++
		}
		b.ov.index[h] = uint32(s)
	}
}

// eachOrder calls f with every order of cells, rearranging cells in place
// (Heap's algorithm); cells ends in some order of its first contents.
func eachOrder(cells []uint8, f func()) {
	c := make([]int, len(cells))
	f()
	for i := 1; i < len(cells); {
		if c[i] >= i {
			c[i] = 0
			i++
			continue
		}
		if i%2 == 0 {
			cells[0], cells[i] = cells[i], cells[0]
		} else {
			cells[c[i]], cells[i] = cells[i], cells[c[i]]
		}
		f()
		c[i]++
		i = 1
	}
}

// slot returns the slot of rank r, which must be in the store.
func (s *overflowStore) slot(r uint64) uint64 {
	lo, hi := s.index[r>>ovShift], s.index[r>>ovShift+1]
	i, _ := slices.BinarySearch(s.ranks[lo:hi], r)
	return uint64(lo) + uint64(i)
}

// settleOverflow gives state (r2, component code&7) the next layer's code
// nc unless it has a code, and then returns its number of states (the
// component's size, code>>3&15) and new entries (1 when rank r2 had no
// code).
func (b *Builder) settleOverflow(r2, code, nc uint64, serial bool) (states, fresh uint64) {
	slot := b.ov.slot(r2)
	idx, quarter := slot>>2, (slot&3)*16
	pos := quarter + (code&7)*2
	a := b.ov.codes
	var old uint64
	if serial {
		old = a[idx]
		if old>>pos&3 != 0 {
			return 0, 0
		}
		a[idx] = old | nc<<pos
	} else {
		if atomic.LoadUint64(&a[idx])>>pos&3 != 0 {
			return 0, 0
		}
		old = atomic.OrUint64(&a[idx], nc<<pos)
		if old>>pos&3 != 0 {
			return 0, 0
		}
	}
	if old>>quarter&0xFFFF == 0 {
		fresh = 1
	}
	return code >> 3 & 15, fresh
}

// expandOverflow expands and closes the current-layer states of the
// overflow store, adding to res like expandCodes. It runs alone (after the
// workers' part of a step), so it uses plain memory operations.
func (b *Builder) expandOverflow(res *expandCounts) {
	cost := uint8(b.cost)
	cc := layerCode(b.cost)
	var od odometer
	od.init(b.k, b.n)
	var pl placement
	var mv moveList
	for w, word := range b.ov.codes {
		m := fieldsWith(word, cc, evenBits)
		if m == 0 {
			continue
		}
		b.ov.codes[w] |= m | m<<1
		for sub := 0; sub < 4; sub++ {
			if cm := compMask(m >> (16 * sub)); cm != 0 {
				b.visit(b.ov.ranks[4*w+sub], cm, cost, &od, &pl, &mv)
				b.settleCodes(&mv, 3-cc, true, res)
			}
		}
	}
}

// setCode gives component ci of rank r the code code, in st or in the
// overflow store, without atomic operations (for the first layer).
func (b *Builder) setCode(r uint64, ci uint32, code uint64, occ uint32) {
	if b.comp.info[b.comp.index(occ)].count >= b.ov.from {
		slot := b.ov.slot(r)
		b.ov.codes[slot>>2] |= code << (16*(slot&3) + 2*uint64(ci))
		return
	}
	idx := r / fieldRanks
	b.st[idx] |= code << (fieldBits*(r%fieldRanks) + 2*uint64(ci))
	b.sum[idx/chunkWords] |= 1 << (idx / blockWords % 64)
}

// eachCurrentCode calls f with every rank of the current layer in the code
// layout, in increasing order, and the mask of its components in the
// layer, until f returns false: it merges the ranks of st with those of
// the overflow store.
func (b *Builder) eachCurrentCode(f func(rank uint64, cm uint32) bool) {
	code := layerCode(b.cost)
	type entry struct {
		rank uint64
		cm   uint32
	}
	var ov []entry
	for w, word := range b.ov.codes {
		m := fieldsWith(word, code, evenBits)
		for sub := 0; m != 0 && sub < 4; sub++ {
			if cm := compMask(m >> (16 * sub)); cm != 0 {
				ov = append(ov, entry{b.ov.ranks[4*w+sub], cm})
			}
		}
	}
	for w, word := range b.st {
		m := fieldsWith(word, code, fieldEven)
		for sub := 0; m != 0 && sub < fieldRanks; sub++ {
			cm := compMask(m >> (fieldBits * sub) & fieldMask)
			if cm == 0 {
				continue
			}
			r := uint64(w)*fieldRanks + uint64(sub)
			for ; len(ov) > 0 && ov[0].rank < r; ov = ov[1:] {
				if !f(ov[0].rank, ov[0].cm) {
					return
				}
			}
			if !f(r, cm) {
				return
			}
		}
	}
	for _, e := range ov {
		if !f(e.rank, e.cm) {
			return
		}
	}
}

// overflowRanks returns the number of ranks of k tiles on size whose
// placement has more than fieldComps components: the size of a Builder's
// overflow store in the code layout.
func overflowRanks(size board.Size, k int) uint64 {
	return placementsWith(size, k, fieldComps+1)
}

// placementsWith returns the number of placements of k tiles on size whose
// free cells form at least from components.
func placementsWith(size board.Size, k, from int) uint64 {
	n := size.Cells()
	notFirst, notLast := colMasks(size)
	all := uint32(1)<<n - 1
	var masks uint64
	for occ := uint32(0); occ <= all; occ++ {
		if bits.OnesCount32(occ) != k {
			continue
		}
		count := 0
		for free := all &^ occ; free != 0; count++ {
			free &^= flood(free&-free, free, notFirst, notLast, uint(size.W))
		}
		if count >= from {
			masks++
		}
	}
	orders := uint64(1)
	for i := 2; i <= k; i++ {
		orders *= uint64(i)
	}
	return masks * orders
}
