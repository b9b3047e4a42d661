package pdb

import (
	"math/bits"
	"sync/atomic"

	"github.com/slidelab/slidelab/core/board"
)

// Layouts of the component bits.
//
// The bit-set layout keeps three bytes per rank (bit i of each: component i
// reached at all, in the current layer, in the next layer), four ranks to a
// 32-bit word; a step clears the current layer's bytes as it expands them
// and the arrays of the current and the next layer swap. The big engine and
// tables of up to codesFrom entries use it.
//
// The code layout, for larger tables on boards of at most 16 cells, keeps
// for every rank and each of its components a 2-bit code: 00 not reached,
// 11 closed (reached in an earlier layer and expanded), and 01 and 10 for
// the current layer and the next one, which swap roles every layer (the
// current layer of cost c has code 1 + c%2). A step reads the current
// layer's codes in rank order, turns them into 11 as it expands them, and
// writes the other code at the successors not yet reached; when it ends no
// current code is left and the next layer's code becomes the current one.
//
// A rank's field in st holds the codes of its first fieldComps components
// (12 bits), five ranks to a 64-bit word (rank 5w in the low field of word
// w; bits 60-63 unused); a component's code is at bit 12*(rank%5) +
// 2*component. The ranks of placements with more components than that (on
// the 15-puzzle, 10 of the 12,870 masks of eight tiles: 0.08 % of the
// ranks) keep all their codes in the overflow store instead
// (build_overflow.go), 16 bits each, and their field in st stays 00. So
// st needs 1.6 bytes per rank, not 2.
//
// Only two changes ever happen to a code during a step: 00 to the next
// layer's code (by any worker, with an atomic OR, after reading 00) and the
// current code to 11 (by the worker that owns the word). So an OR of the
// next code into a field read as 00 always leaves the next code, and the old
// value the OR returns tells whether this worker reached the state first.

// The fields of st.
const (
	// fieldComps is the number of components a field of st holds.
	fieldComps = 6
	// fieldBits is the width of a field.
	fieldBits = 2 * fieldComps
	// fieldRanks is the number of fields (ranks) in a word of st.
	fieldRanks = 64 / fieldBits
	// fieldMask has the bits of the low field.
	fieldMask = 1<<fieldBits - 1
	// fieldEven has the low bit of every code of a word of st.
	fieldEven = evenBits >> (64 - fieldRanks*fieldBits)
)

// codesFrom is the largest table built in the bit-set layout: above it the
// code layout saves a byte per entry (the 8-tile table of the 7-8
// partition: 519 MB). At or below it the bit sets are faster: a test of
// a move's successor reads one byte per rank, not two, so more of the
// array stays in the processor's caches (the 6-tile tables: 12 % less time,
// measured in docs/performance.md).
const codesFrom = 1 << 27

// useCodes reports whether a Builder of k tiles on size uses the code
// layout.
func useCodes(size board.Size, k int) bool {
	return size.Cells() <= board.SmallCells && entries(size.Cells(), k) > codesFrom
}

// evenBits has the low bit of every 2-bit field.
const evenBits = 0x5555555555555555

// codeWords returns the number of words of st for entries ranks.
func codeWords(entries int) int { return (entries + fieldRanks - 1) / fieldRanks }

// layerCode returns the code of the layer of the given cost: 1 or 2.
func layerCode(cost int) uint64 { return 1 + uint64(cost&1) }

// fieldsWith returns, at the low bit of each 2-bit code, the codes of word
// that are code (1 or 2): the codes of word ^ code*even that are 00, for
// even the low bits of the codes the word holds (fieldEven for st,
// evenBits for the overflow store).
func fieldsWith(word, code, even uint64) uint64 {
	x := word ^ code*even
	return ^(x | x>>1) & even
}

// compMask gathers the low bits of the 8 codes of one rank's 16 bits
// (bits 0, 2, ..., 14 of m) into a mask of components (bits 0..7).
func compMask(m uint64) uint32 {
	m &= 0x5555
	m = (m | m>>1) & 0x3333
	m = (m | m>>2) & 0x0F0F
	return uint32(m|m>>4) & 0x00FF
}

// expandCodes expands the current-layer states of words lo..hi-1 of st
// (lo a multiple of chunkWords) and closes them (build_codes.go). It reads
// only the blocks of words that b.sum marks, and marks in res.sum the
// blocks where it writes next-layer codes.
//
// The blank's cells in the current layer form whole components (connected
// non-group cells), so every group tile next to one of those cells can slide
// into it: the successor has the tile there and the blank in the tile's old
// cell, whose component under the new placement (and its size) comes from
// the placement's successor row. moves derives each successor's rank from
// the source's rank.
//
// The first time a step reads a rank of its layer whose value is still
// Unreached (a new entry of that layer) it sets the value to the layer's cost.
func (b *Builder) expandCodes(lo, hi int, serial bool, res *expandCounts) {
	cost := uint8(b.cost)
	cc := layerCode(b.cost)
	st := b.st
	var od odometer
	od.init(b.k, b.n)
	var pl placement
	var mv moveList
	for blocks := b.sum[lo/chunkWords]; blocks != 0; blocks &= blocks - 1 {
		blo := lo + blockWords*bits.TrailingZeros64(blocks)
		for w := blo; w < min(blo+blockWords, hi); w++ {
			var word uint64
			if serial {
				word = st[w]
			} else {
				word = atomic.LoadUint64(&st[w]) // other workers may be adding next-layer codes
			}
			m := fieldsWith(word, cc, fieldEven)
			if m == 0 {
				continue
			}
			if serial {
				st[w] |= m | m<<1
			} else {
				atomic.OrUint64(&st[w], m|m<<1)
			}
			for sub := 0; sub < fieldRanks; sub++ {
				cm := compMask(m >> (fieldBits * sub) & fieldMask)
				if cm == 0 {
					continue
				}
				b.visit(uint64(w)*fieldRanks+uint64(sub), cm, cost, &od, &pl, &mv)
				b.settleCodes(&mv, 3-cc, serial, res)
			}
		}
	}
}

// settleCodes gives the successors in mv not reached yet the next layer's
// code nc and counts them in res (states, and new entries: ranks with no
// code before), marking in res.sum the blocks of st it writes.
func (b *Builder) settleCodes(mv *moveList, nc uint64, serial bool, res *expandCounts) {
	st, sum := b.st, res.sum
	states, fresh := res.states, res.fresh
	for i := 0; i < mv.length; i++ {
		r2, code := mv.rank[i&31], uint64(mv.code[i&31])
		if code&succOverflow != 0 {
			s, f := b.settleOverflow(r2, code, nc, serial)
			states, fresh = states+s, fresh+f
			continue
		}
		idx := r2 / fieldRanks
		field := (r2 - idx*fieldRanks) * fieldBits
		pos := field + (code&7)*2
		var old uint64
		if serial {
			// One worker: plain memory operations.
			old = st[idx]
			if old>>pos&3 != 0 {
				continue
			}
			st[idx] = old | nc<<pos
		} else {
			if atomic.LoadUint64(&st[idx])>>pos&3 != 0 {
				continue
			}
			old = atomic.OrUint64(&st[idx], nc<<pos)
			if old>>pos&3 != 0 {
				continue
			}
		}
		states += code >> 3 & 15
		if old>>field&fieldMask == 0 {
			fresh++ // its value is set when the next step reads it
		}
		sum[idx/chunkWords] |= 1 << (idx / blockWords % 64)
	}
	res.states, res.fresh = states, fresh
}
