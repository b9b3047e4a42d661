package pdb

// This file keeps the previous Builder design as a reference for tests.

import (
	"context"
	"errors"
	"fmt"
	"math/bits"
	"runtime"
	"slices"
	"sync"
	"sync/atomic"
	"time"

	"github.com/slidelab/slidelab/core/board"
)

// refBuilder is the previous Builder (three 16-bit blank masks per placement), kept to check the new one bit for bit. It builds one group's table by a layered 0-1 breadth-first search from
// the goal, one cost layer per Step, so a caller can watch the frontier grow.
//
// An abstract state is a placement of the group tiles plus the blank's cell.
// Within a layer the blank moves freely (cost 0) through the cells not held by
// group tiles, so the builder handles the blank's whole connected region of
// such cells at once: a layer is closed under 0-cost moves by construction.
// Swapping the blank with a group tile costs 1 and leads to the next layer. A
// placement's value is the cost of the first layer that reaches it with any
// blank cell.
//
// Per rank the builder keeps three 16-bit masks of blank cells (reached at all,
// in the current layer, in the next), packed two ranks to a 32-bit word so that
// the workers (one per core) can set bits with atomic ORs. Memory is about 6
// bytes per entry plus the table's 1 byte per entry.
//
// A refBuilder is not safe for concurrent use; it uses several goroutines inside
// each Step.
type refBuilder struct {
	size  board.Size
	goal  board.Goal
	table *Table
	k, n  int

	visited, cur, next []uint32

	boardMask, notFirstCol, notLastCol uint32
	nb                                 [16]uint32
	// weight[i]: the place value of tile i's digit in a rank.
	weight [16]uint64
	// wtab[j][i]: the change of a rank when tile j jumps over tile i (the
	// digit of j loses 1 if i < j; the digit of i gains 1 if i > j); 0 for i = 15.
	wtab [16][16]uint64

	cost                      int // cost of the current layer; -1 before the first Step
	curStates                 uint64
	totalStates, totalEntries uint64
	layers                    []Layer
	elapsed                   time.Duration
	done                      bool
	failed                    bool
	workers                   int
	group                     int
}

// newRefBuilder prepares the construction of the table for one group of tiles.
// It allocates the search's memory (about 7 bytes per entry).
func newRefBuilder(size board.Size, goal board.Goal, tiles []int) (*refBuilder, error) {
	if err := checkBuild(size, goal, tiles); err != nil {
		return nil, err
	}
	if size.Cells() > board.SmallCells {
		return nil, fmt.Errorf("%w: the reference builder is for boards of at most %d cells", ErrPartition, board.SmallCells)
	}
	b := &refBuilder{size: size, goal: goal, k: len(tiles), n: size.Cells(), cost: -1, workers: runtime.GOMAXPROCS(0)}
	b.table = newTable(size, goal, tiles)
	entries := entries(b.n, b.k)
	b.table.values = make([]uint8, entries)
	for i := range b.table.values {
		b.table.values[i] = Unreached
	}
	words := (entries + 1) / 2
	b.visited = make([]uint32, words)
	b.cur = make([]uint32, words)
	b.next = make([]uint32, words)
	b.boardMask = uint32(1)<<b.n - 1
	for p := 0; p < b.n; p++ {
		if size.Col(p) != 0 {
			b.notFirstCol |= 1 << p
		}
		if size.Col(p) != size.W-1 {
			b.notLastCol |= 1 << p
		}
		for _, d := range board.Dirs {
			if q, ok := size.Neighbor(p, d); ok {
				b.nb[p] |= 1 << q
			}
		}
	}
	w := uint64(1)
	for i := b.k - 1; i >= 0; i-- {
		b.weight[i] = w
		w *= uint64(b.n - i)
	}
	for j := 0; j < b.k; j++ {
		for i := 0; i < b.k; i++ {
			if i < j {
				b.wtab[j][i] = -b.weight[j]
			} else if i > j {
				b.wtab[j][i] = b.weight[i]
			}
		}
	}
	return b, nil
}

// SetWorkers sets how many goroutines expand each layer (default GOMAXPROCS).
func (b *refBuilder) SetWorkers(n int) {
	if n < 1 {
		n = 1
	}
	b.workers = n
}

// Tiles returns the group's tiles in ascending order.
func (b *refBuilder) Tiles() []int { return slices.Clone(b.table.tiles) }

// Entries returns the size of the table being built.
func (b *refBuilder) Entries() uint64 { return uint64(len(b.table.values)) }

// Cost returns the cost of the last completed layer (-1 before the first Step).
func (b *refBuilder) Cost() int { return b.cost }

// Done reports whether the construction is complete.
func (b *refBuilder) Done() bool { return b.done }

// Layers returns the statistics of the layers completed so far.
func (b *refBuilder) Layers() []Layer { return slices.Clone(b.layers) }

// Elapsed returns the time spent inside Step so far.
func (b *refBuilder) Elapsed() time.Duration { return b.elapsed }

// Table returns the finished table; it fails until Done.
func (b *refBuilder) Table() (*Table, error) {
	if !b.done {
		return nil, errors.New("pdb: table not finished")
	}
	return b.table, nil
}

// flood returns the cells of free connected to seed (seed must be in free).
func (b *refBuilder) flood(seed, free uint32) uint32 {
	w := uint(b.size.W)
	r := seed
	for {
		x := (r | (r&b.notLastCol)<<1 | (r&b.notFirstCol)>>1 | r<<w | r>>w) & free
		if x == r {
			return r
		}
		r = x
	}
}

// stats makes the report of the last completed layer.
func (b *refBuilder) stats() LayerStats {
	return LayerStats{
		Group:        b.group,
		Tiles:        b.Tiles(),
		Layer:        b.layers[len(b.layers)-1],
		TotalStates:  b.totalStates,
		TotalEntries: b.totalEntries,
		Entries:      b.Entries(),
		Elapsed:      b.elapsed,
	}
}

// Step completes the next cost layer and returns its statistics with ok true.
// The first Step makes layer 0: the goal placement with the blank anywhere it
// can reach for free. When the last layer has no successors, Step finishes the
// table and returns ok false. If ctx is already cancelled, Step returns its
// error and changes nothing. If ctx is cancelled during a Step (it checks
// every millisecond or so) the Step returns ctx's error, the half-made layer is
// discarded and the builder becomes unusable (ErrBuilderFailed): no partial
// table is ever returned.
func (b *refBuilder) Step(ctx context.Context) (LayerStats, bool, error) {
	if b.failed {
		return LayerStats{}, false, ErrBuilderFailed
	}
	if b.done {
		return LayerStats{}, false, nil
	}
	if err := ctx.Err(); err != nil {
		return LayerStats{}, false, err // nothing was changed: the builder stays usable
	}
	start := time.Now()
	if b.cost < 0 {
		b.seed()
		b.elapsed += time.Since(start)
		return b.stats(), true, nil
	}
	if b.cost+1 >= Unreached {
		b.fail()
		return LayerStats{}, false, fmt.Errorf("pdb: costs above %d do not fit in a table entry", Unreached-1)
	}
	states, fresh, err := b.expand(ctx)
	if err != nil {
		b.fail()
		return LayerStats{}, false, err
	}
	if states == 0 {
		b.elapsed += time.Since(start)
		b.finish()
		return LayerStats{}, false, nil
	}
	b.cur, b.next = b.next, b.cur
	clear(b.next)
	b.cost++
	b.curStates = states
	b.totalStates += states
	b.totalEntries += fresh
	b.layers = append(b.layers, Layer{Cost: b.cost, States: states, New: fresh})
	b.elapsed += time.Since(start)
	return b.stats(), true, nil
}

// seed makes layer 0.
func (b *refBuilder) seed() {
	var cells [board.MaxCells]uint8
	var occ uint32
	for i, t := range b.table.tiles {
		c := b.goal.GoalCell(b.size, t)
		cells[i] = uint8(c)
		occ |= 1 << c
	}
	r := rankCells(&cells, b.k, b.n)
	blank := uint32(1) << b.goal.GoalCell(b.size, 0)
	region := b.flood(blank, b.boardMask&^occ)
	sh := (r & 1) * 16
	b.visited[r>>1] |= region << sh
	b.cur[r>>1] |= region << sh
	b.table.values[r] = 0
	b.cost = 0
	states := uint64(bits.OnesCount32(region))
	b.curStates = states
	b.totalStates = states
	b.totalEntries = 1
	b.layers = append(b.layers, Layer{Cost: 0, States: states, New: 1})
}

func (b *refBuilder) fail() {
	b.failed = true
	b.visited, b.cur, b.next = nil, nil, nil
	b.table = newTable(b.size, b.goal, b.table.tiles) // drop the partial values
}

func (b *refBuilder) finish() {
	b.done = true
	b.visited, b.cur, b.next = nil, nil, nil
	b.table.layers = slices.Clone(b.layers)
	b.table.seconds = b.elapsed.Seconds()
}

// refChunkWords is how many words of the current layer a worker takes at a time;
// between chunks it checks for cancellation.
const refChunkWords = 1 << 13

// expand turns the current layer into the next one and returns the next
// layer's state and new-entry counts.
func (b *refBuilder) expand(ctx context.Context) (uint64, uint64, error) {
	words := len(b.cur)
	var nextChunk atomic.Int64
	var stop atomic.Bool
	workers := b.workers
	if chunks := (words + refChunkWords - 1) / refChunkWords; workers > chunks {
		workers = max(chunks, 1)
	}
	type result struct{ states, fresh uint64 }
	results := make([]result, workers)
	var wg sync.WaitGroup
	for w := 0; w < workers; w++ {
		wg.Add(1)
		go func(w int) {
			defer wg.Done()
			var res result
			for !stop.Load() {
				lo := int(nextChunk.Add(refChunkWords)) - refChunkWords
				if lo >= words {
					break
				}
				if ctx.Err() != nil {
					stop.Store(true)
					break
				}
				s, f := b.expandWords(lo, min(lo+refChunkWords, words))
				res.states += s
				res.fresh += f
			}
			results[w] = res
		}(w)
	}
	wg.Wait()
	if err := ctx.Err(); err != nil && stop.Load() {
		return 0, 0, err
	}
	var states, fresh uint64
	for _, r := range results {
		states += r.states
		fresh += r.fresh
	}
	return states, fresh, nil
}

// expandWords expands the current-layer states of words lo..hi-1 of cur.
//
// The blank's cells in the current layer form whole regions (connected
// non-group cells), so every group tile next to one of those cells can slide
// into it: the successor has the tile there and the blank in the tile's old
// cell, and is closed under free moves by flooding the new region.
//
// A successor's rank is derived from the source's rank: when tile j moves
// from cell p to cell c (c > p), its digit grows by c-p minus the number of
// earlier tiles (in Tiles order) strictly between p and c, and each later tile
// strictly between them gains 1 in its digit, since j no longer precedes it.
// A move with c < p is the mirror image. Horizontal moves have no cell in
// between, so they change the rank by exactly the weight of j's digit.
func (b *refBuilder) expandWords(lo, hi int) (states, fresh uint64) {
	k, n := b.k, b.n
	newCost := uint8(b.cost + 1)
	values := b.table.values
	visited, next := b.visited, b.next
	weight := &b.weight
	nb := &b.nb
	var od odometer
	od.init(k, n)
	cells := &od.cells
	var index [16]int8 // index[cell]: tile index at cell, for the cells in occ
	for w := lo; w < hi; w++ {
		word := b.cur[w]
		if word == 0 {
			continue
		}
		for half := 0; half < 2; half++ {
			m := (word >> (16 * half)) & 0xFFFF
			if m == 0 {
				continue
			}
			rank := uint64(w)*2 + uint64(half)
			occ := od.seek(rank)
			index = [16]int8{15, 15, 15, 15, 15, 15, 15, 15, 15, 15, 15, 15, 15, 15, 15, 15}
			for i := 0; i < k; i++ {
				index[cells[i]&15] = int8(i)
			}
			free := b.boardMask &^ occ
			for j := 0; j < k; j++ {
				p := cells[j]
				for adj := nb[p] & m; adj != 0; adj &= adj - 1 {
					c := uint8(bits.TrailingZeros32(adj))
					lo, hi := p, c
					if c < p {
						lo, hi = c, p
					}
					delta := uint64(hi-lo) * weight[j]
					wj := &b.wtab[j]
					for q := lo + 1; q < hi; q++ {
						delta += wj[index[q]&15]
					}
					r2 := rank + delta
					if c < p {
						r2 = rank - delta
					}
					idx := r2 >> 1
					sh := uint32(r2&1) * 16
					pbit := uint32(1) << p
					if atomic.LoadUint32(&visited[idx])>>sh&pbit != 0 {
						continue
					}
					region2 := b.flood(pbit, free&^(1<<c)|pbit)
					old := atomic.OrUint32(&visited[idx], region2<<sh) >> sh & 0xFFFF
					if old&pbit != 0 {
						continue
					}
					atomic.OrUint32(&next[idx], region2<<sh)
					states += uint64(bits.OnesCount32(region2))
					if old == 0 {
						values[r2] = newCost
						fresh++
					}
				}
			}
		}
	}
	return states, fresh
}

// Frontier returns up to max states of the last completed layer, spread evenly
// over it (in rank order), for drawing a small pattern's frontier. It returns
// nil once the builder is done or before the first Step.
func (b *refBuilder) Frontier(max int) []State {
	if b.done || b.failed || b.cost < 0 || max <= 0 {
		return nil
	}
	stride := (b.curStates + uint64(max) - 1) / uint64(max)
	if stride == 0 {
		stride = 1
	}
	var out []State
	var seen uint64
	var cells [board.MaxCells]uint8
	for w, word := range b.cur {
		for word != 0 && len(out) < max {
			bit := bits.TrailingZeros32(word)
			word &= word - 1
			if seen%stride == 0 {
				rank := uint64(w)*2 + uint64(bit/16)
				unrankCells(rank, b.k, b.n, &cells)
				s := State{Cells: make([]int, b.k), Blank: bit % 16}
				for i := range s.Cells {
					s.Cells[i] = int(cells[i])
				}
				out = append(out, s)
			}
			seen++
		}
		if len(out) >= max {
			break
		}
	}
	return out
}

// Run steps the builder to the end, calling progress (if not nil) after each
// layer on the caller's goroutine, and returns the finished table.
func (b *refBuilder) Run(ctx context.Context, progress func(LayerStats)) (*Table, error) {
	for {
		st, ok, err := b.Step(ctx)
		if err != nil {
			return nil, err
		}
		if !ok {
			return b.Table()
		}
		if progress != nil {
			progress(st)
		}
	}
}
