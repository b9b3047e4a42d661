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
// It leaves no state with the current layer's code (in the bit-set
// layout: it leaves cur cleared).
//
// expandBits does the work on each chunk (the cohort engine has its own
// expand, build_cohort.go).
func (b *Builder) expand(ctx context.Context) (states, fresh uint64, err error) {
	if b.coh != nil {
		return b.coh.expand(ctx, b)
	}
	words := len(b.cur)
	chunks := (words + chunkWords - 1) / chunkWords
	return runChunks(ctx, b.workers, chunks, func(_, c int, serial bool, res *expandCounts) {
		lo := c * chunkWords
		b.expandBits(lo, min(lo+chunkWords, words), serial, res)
	})
}

// runChunks calls work on each of chunks chunks with up to workers
// goroutines (numbered 0..workers-1, each calling work with its number)
// and returns the sum of their counts. serial is true when there is one
// worker (so plain memory operations may replace atomic ones).
// Each worker starts on its own share of the chunks, in order, and then
// helps with the others' shares: at any time the workers read and write
// far-apart parts of the arrays, so they rarely contend for the same cache
// lines. Between chunks a worker checks ctx; if ctx is cancelled the
// workers stop and runChunks returns its error.
func runChunks(ctx context.Context, workers, chunks int, work func(worker, c int, serial bool, res *expandCounts)) (states, fresh uint64, err error) {
	var stop atomic.Bool
	workers = max(1, min(workers, chunks))
	taken := make([]atomic.Int64, workers)
	ends := make([]int64, workers)
	for w := range workers {
		taken[w].Store(int64(w * chunks / workers))
		ends[w] = int64((w + 1) * chunks / workers)
	}
	results := make([]expandCounts, workers)
	var wg sync.WaitGroup
	for w := 0; w < workers; w++ {
		wg.Add(1)
		go func(w int) {
			defer wg.Done()
			var res expandCounts
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
				work(w, int(c), workers == 1, &res)
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
	return states, fresh, nil
}

// visit sets the value of a rank of the current layer whose value is still
// Unreached (a new entry of the layer) to the layer's cost, and lists in mv
// the successors of its components cm. od walks the ranks in order.
func (b *Builder) visit(rank uint64, cm uint32, cost uint8, od *odometer, pl *placement, mv *moveList) {
	if b.table.values[rank] == Unreached {
		b.table.values[rank] = cost
	}
	occ := od.seek(rank)
	pl.update(od, &b.weight)
	x := b.comp.index(occ)
	b.moves(rank, occ, b.comp.region(x, cm), pl, b.comp.succRow(x), mv)
}

// expandCounts are one worker's counts of the next layer: abstract states
// and new entries.
type expandCounts struct {
	states, fresh uint64
}

// expandBits expands the current-layer states of words lo..hi-1 of cur and
// clears those words: the step of the bit-set layout.
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
func (b *Builder) expandBits(lo, hi int, serial bool, res *expandCounts) {
	k, n := b.k, b.n
	cost := uint8(b.cost)
	visited, next, cur := b.visited, b.next, b.cur
	var od odometer
	od.init(k, n)
	var pl placement
	var mv moveList
	states, fresh := res.states, res.fresh
	for w := lo; w < hi; w++ {
		word := cur[w]
		if word == 0 {
			continue
		}
		cur[w] = 0
		for ; word != 0; word &= ^(uint32(0xFF) << (bits.TrailingZeros32(word) &^ 7)) {
			sub := bits.TrailingZeros32(word) >> 3
			cm := word >> (8 * sub) & 0xFF
			rank := uint64(w)*4 + uint64(sub)
			b.visit(rank, cm, cost, &od, &pl, &mv)
			for i := 0; i < mv.length; i++ {
				r2, code := mv.rank[i&31], uint32(mv.code[i&31])
				sh := uint32(r2&3) * 8
				bit := uint32(1) << (code & 7) << sh
				idx := r2 >> 2
				var old uint32
				if serial {
					// One worker: plain memory operations.
					old = visited[idx]
					if old&bit != 0 {
						continue
					}
					visited[idx] = old | bit
					next[idx] |= bit
				} else {
					if atomic.LoadUint32(&visited[idx])&bit != 0 {
						continue
					}
					old = atomic.OrUint32(&visited[idx], bit)
					if old&bit != 0 {
						continue
					}
					atomic.OrUint32(&next[idx], bit)
				}
				states += uint64(code >> 3)
				if old>>sh&0xFF == 0 {
					fresh++ // its value is set when the next step reads it
				}
			}
		}
	}
	res.states, res.fresh = states, fresh
}
