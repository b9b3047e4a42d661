package pdb

import (
	"context"
	"math/bits"
	"sync"
	"sync/atomic"

	"github.com/slidelab/slidelab/internal/yield"
)

// chunkWords is how many words of the current layer a worker takes at a time;
// between chunks it checks for cancellation.
const chunkWords = 1 << 12

// expand turns the current layer into the next one and returns the next
// layer's state and new-entry counts. It sets the table's value of the
// current layer's new entries (the entries of the layer whose value is still
// Unreached): a step reads its layer in rank order, so these writes are
// sequential, unlike writes at the new layer's entries as they are found.
// It leaves no state with the current layer's code (on larger boards: it
// leaves cur cleared).
//
// On boards of more than 16 cells the big engine's expandWords does the
// work on each chunk; it sets the values of the entries it finds as it finds
// them.
func (b *Builder) expand(ctx context.Context) (states, fresh uint64, err error) {
	work := b.expandWords
	if b.big != nil {
		work = func(lo, hi int, serial bool, res *expandCounts) { b.big.expandWords(b, lo, hi, serial, res) }
	}
	words := len(b.st)
	if b.big != nil {
		words = len(b.cur)
	}
	chunks := (words + chunkWords - 1) / chunkWords
	var stop atomic.Bool
	workers := min(b.workers, max(chunks, 1))
	// Each worker starts on its own share of the chunks, in rank order, and
	// then helps with the others' shares: at any time the workers read and
	// write far-apart parts of the arrays, so they rarely contend for the
	// same cache lines.
	taken := make([]atomic.Int64, workers)
	ends := make([]int64, workers)
	for w := range workers {
		taken[w].Store(int64(w * chunks / workers))
		ends[w] = int64((w + 1) * chunks / workers)
	}
	results := make([]expandCounts, workers)
	if b.big == nil {
		for w := range results {
			results[w].sum = make([]uint64, chunks)
		}
	}
	var wg sync.WaitGroup
	for w := 0; w < workers; w++ {
		wg.Add(1)
		go func(w int) {
			defer wg.Done()
			res := expandCounts{sum: results[w].sum}
			y := yield.Start() // in a browser, lets the page repaint during a long layer
			for share := 0; share < workers && !stop.Load(); {
				y.Maybe()
				s := (w + share) % workers
				c := taken[s].Add(1) - 1
				if c >= ends[s] {
					share++
					continue
				}
				if ctx.Err() != nil {
					stop.Store(true)
					break
				}
				lo := int(c) * chunkWords
				work(lo, min(lo+chunkWords, words), workers == 1, &res)
			}
			results[w] = res
		}(w)
	}
	wg.Wait()
	if err := ctx.Err(); err != nil && stop.Load() {
		return 0, 0, err
	}
	if b.big == nil {
		clear(b.sum)
	}
	for _, r := range results {
		states += r.states
		fresh += r.fresh
		for c, x := range r.sum {
			b.sum[c] |= x
		}
	}
	return states, fresh, nil
}

// expandCounts are one worker's counts of the next layer: abstract states,
// new entries; and on boards of up to 16 cells the blocks of st where it
// wrote next-layer codes (a summary like Builder.sum).
type expandCounts struct {
	states, fresh uint64
	sum           []uint64
}

// blockWords is the size of the blocks of st that Builder.sum describes
// with one bit each: a chunk of words is 64 blocks, a 64-bit word of sum.
const blockWords = chunkWords / 64

// expandWords expands the current-layer states of words lo..hi-1 of st
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
func (b *Builder) expandWords(lo, hi int, serial bool, res *expandCounts) {
	k, n := b.k, b.n
	cost := uint8(b.cost)
	cc := layerCode(b.cost)
	nc := 3 - cc // the next layer's code
	values := b.table.values
	st := b.st
	comp := &b.comp
	var od odometer
	od.init(k, n)
	cells := &od.cells
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
				if values[rank] == Unreached {
					values[rank] = cost
				}
				occ := od.seek(rank)
				pl.set(cells, k, &b.weight)
				x := comp.index(occ)
				b.moves(rank, occ, comp.region(x, cm), &pl, comp.succRow(x), &mv)
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
