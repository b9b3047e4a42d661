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
// for every rank and each of
// its (at most 8) components, a 2-bit code in st: 00 not reached, 11 closed
// (reached in an earlier layer and expanded), and 01 and 10 for the current
// layer and the next one, which swap roles every layer (the current layer of
// cost c has code 1 + c%2). A step reads the current layer's codes in rank
// order, turns them into 11 as it expands them, and writes the other code at
// the successors not yet reached; when it ends no current code is left and
// the next layer's code becomes the current one. One 64-bit word holds the
// 32 codes of four ranks (rank 4w in the low quarter of word w); a
// component's code is at bit 16*(rank&3) + 2*component.
//
// Only two changes ever happen to a code during a step: 00 to the next
// layer's code (by any worker, with an atomic OR, after reading 00) and the
// current code to 11 (by the worker that owns the word). So an OR of the
// next code into a field read as 00 always leaves the next code, and the old
// value the OR returns tells whether this worker reached the state first.

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

// codeWords returns the number of words of codes for entries ranks.
func codeWords(entries int) int { return (entries + 3) / 4 }

// layerCode returns the code of the layer of the given cost: 1 or 2.
func layerCode(cost int) uint64 { return 1 + uint64(cost&1) }

// fieldsWith returns, at the low bit of each field, the fields of word whose
// code is code (1 or 2): the fields of word ^ code*evenBits that are 00.
func fieldsWith(word, code uint64) uint64 {
	x := word ^ code*evenBits
	return ^(x | x>>1) & evenBits
}

// compMask gathers the low bits of the 8 fields of one rank's quarter word
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
//
// hot loop: the builder's inner loop over every state of a layer; helpers would cost calls per state.
func (b *Builder) expandCodes(lo, hi int, serial bool, res *expandCounts) {
	k, n := b.k, b.n
	cost := uint8(b.cost)
	cc := layerCode(b.cost)
	nc := 3 - cc // the next layer's code
	st := b.st
	var od odometer
	od.init(k, n)
	var pl placement
	var mv moveList
	states, fresh := res.states, res.fresh
	sum := res.sum
	for blocks := b.sum[lo/chunkWords]; blocks != 0; blocks &= blocks - 1 {
		blo := lo + blockWords*bits.TrailingZeros64(blocks)
		for w := blo; w < min(blo+blockWords, hi); w++ {
			var word uint64
			if serial {
				word = st[w]
			} else {
				word = atomic.LoadUint64(&st[w]) // other workers may be adding next-layer codes
			}
			m := fieldsWith(word, cc)
			if m == 0 {
				continue
			}
			if serial {
				st[w] |= m | m<<1
			} else {
				atomic.OrUint64(&st[w], m|m<<1)
			}
			for sub := 0; sub < 4; sub++ {
				cm := compMask(m >> (16 * sub))
				if cm == 0 {
					continue
				}
				rank := uint64(w)*4 + uint64(sub)
				b.visit(rank, cm, cost, &od, &pl, &mv)
				for i := 0; i < mv.length; i++ {
					r2, code := mv.rank[i&31], uint64(mv.code[i&31])
					quarter := (r2 & 3) * 16
					pos := quarter + (code&7)*2
					idx := r2 >> 2
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
					states += uint64(code >> 3)
					if old>>quarter&0xFFFF == 0 {
						fresh++ // its value is set when the next step reads it
					}
					sum[idx/chunkWords] |= 1 << (idx / blockWords % 64)
				}
			}
		}
	}
	res.states, res.fresh = states, fresh
}
