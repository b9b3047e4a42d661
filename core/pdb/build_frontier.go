package pdb

import (
	"math/bits"

	"github.com/slidelab/slidelab/core/board"
)

// frontierExact is the largest layer (in abstract states) Frontier samples
// state by state; larger layers are sampled entry by entry.
const frontierExact = 1 << 20

// Frontier returns up to max states of the last completed layer, spread evenly
// over it (in rank order), for drawing a small pattern's frontier. It returns
// nil once the builder is done or before the first Step. Layers of up to a
// million states are sampled state by state (so max at least the layer's size
// gives every state); larger ones one state per sampled entry (placement), the
// blank in the lowest cell of the entry's first component in the layer.
func (b *Builder) Frontier(max int) []State {
	if b.done || b.failed || b.cost < 0 || max <= 0 {
		return nil
	}
	if b.coh != nil {
		return b.coh.frontier(b, max)
	}
	exact := b.curStates <= frontierExact
	if b.curEntries == 0 {
		b.eachCurrent(func(uint64, uint32) bool { b.curEntries++; return true })
	}
	total := b.curEntries
	if exact {
		total = b.curStates
	}
	stride := (total + uint64(max) - 1) / uint64(max)
	if stride == 0 {
		stride = 1
	}
	var out []State
	var seen uint64
	var cells [board.MaxCells]uint8
	add := func(rank uint64, blank int) {
		unrankCells(rank, b.k, b.n, &cells)
		s := State{Cells: make([]int, b.k), Blank: blank}
		for i := range s.Cells {
			s.Cells[i] = int(cells[i])
		}
		out = append(out, s)
	}
	b.eachCurrent(func(rank uint64, cm uint32) bool {
		occ := unrankCells(rank, b.k, b.n, &cells)
		if !exact {
			if seen%stride == 0 {
				add(rank, bits.TrailingZeros32(b.region(occ, cm&-cm)))
			}
			seen++
			return len(out) < max
		}
		for m := b.region(occ, cm); m != 0 && len(out) < max; m &= m - 1 {
			if seen%stride == 0 {
				add(rank, bits.TrailingZeros32(m))
			}
			seen++
		}
		return len(out) < max
	})
	return out
}

// eachCurrent calls f with every rank of the current layer, in increasing
// order, and the mask of its components in the layer, until f returns false.
func (b *Builder) eachCurrent(f func(rank uint64, cm uint32) bool) {
	for w, word := range b.cur {
		for ; word != 0; word &= ^(uint32(0xFF) << (bits.TrailingZeros32(word) &^ 7)) {
			sub := bits.TrailingZeros32(word) >> 3
			if !f(uint64(w)*4+uint64(sub), word>>(8*sub)&0xFF) {
				return
			}
		}
	}
}
