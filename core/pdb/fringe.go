package pdb

// Fringe (non-additive) pattern databases, after Culberson and Schaeffer
// (1998): the blank is one of the pattern's tiles, every move costs 1 (the
// blank always moves), and a plain breadth-first search from the goal builds
// the table. An entry is the exact number of moves that brings the pattern
// tiles and the blank home, whatever the other tiles do, so it is a lower
// bound on the true distance; tables of overlapping or disjoint patterns do
// not add up, they are combined by taking the maximum.

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
	"github.com/slidelab/slidelab/internal/memlimit"
)

// TableKind tells additive tables from fringe tables.
type TableKind uint8

const (
	// KindAdditive is a table of a 0-1 BFS that counts only the moves of the
	// pattern tiles and keeps the minimum over blank positions; tables of
	// disjoint groups add up.
	KindAdditive TableKind = iota
	// KindFringe is a table of a plain BFS over the pattern tiles and the
	// blank, counting every move; tables are combined by maximum.
	KindFringe
)

// String returns "additive" or "fringe".
func (k TableKind) String() string {
	if k == KindFringe {
		return "fringe"
	}
	return "additive"
}

// Kind returns the table's kind.
func (t *Table) Kind() TableKind { return t.kind }

// PatternTiles returns the tiles of the pattern in ascending order without
// the blank (for an additive table the same as Tiles; a fringe table's Tiles
// start with the blank, 0).
func (t *Table) PatternTiles() []int {
	if t.kind == KindFringe {
		return slices.Clone(t.tiles[1:])
	}
	return t.Tiles()
}

// newFringeTable allocates a fringe table for a validated group of pattern
// tiles: its tiles are the blank (0) followed by the group, so Rank reads the
// blank's cell as the first digit.
func newFringeTable(size board.Size, goal board.Goal, tiles []int) *Table {
	all := append([]int{0}, tiles...)
	t := newTable(size, goal, all)
	t.kind = KindFringe
	return t
}

// CheckFringeGroup validates the pattern tiles of a fringe table (without the
// blank, which every fringe table includes): tiles in 1..N-1, none twice, and
// a table of at most maxLayoutEntries entries (n!/(n-k-1)! for k tiles and the blank
// on n cells).
func CheckFringeGroup(tiles []int, size board.Size) error {
	if err := size.Validate(); err != nil {
		return fmt.Errorf("%w: %v", ErrPartition, err)
	}
	n := size.Cells()
	if n > board.SmallCells {
		// The fringe builder packs the blank's region in 16-bit masks.
		return fmt.Errorf("%w: fringe tables are for boards of at most %d cells, not %s", ErrPartition, board.SmallCells, size)
	}
	if len(tiles) == 0 {
		return fmt.Errorf("%w: empty fringe group", ErrPartition)
	}
	var seen uint32
	for _, t := range tiles {
		switch {
		case t == 0:
			return fmt.Errorf("%w: the blank (0) is always part of a fringe pattern; list only the tiles", ErrPartition)
		case t < 0 || t >= n:
			return fmt.Errorf("%w: tile %d does not exist on a %s board (tiles are 1..%d)", ErrPartition, t, size, n-1)
		case seen&(1<<t) != 0:
			return fmt.Errorf("%w: tile %d appears twice", ErrPartition, t)
		}
		seen |= 1 << t
	}
	if e := entries(n, len(tiles)+1); e > maxLayoutEntries {
		return fmt.Errorf("%w: %d tiles and the blank on %d cells need %d entries, more than the limit of %d (at most 7 tiles on the 15-puzzle)",
			ErrPartition, len(tiles), n, e, uint64(maxLayoutEntries))
	}
	return nil
}

// FringeEntries returns the size of the fringe table of k pattern tiles
// (plus the blank) on a board of n cells: n!/(n-k-1)!.
func FringeEntries(n, k int) uint64 { return entries(n, k+1) }

// FringeBuilder builds a fringe table by a breadth-first search from the
// goal, one layer (one move) per Step, so a caller can watch the frontier
// grow. An abstract state is a placement of the pattern tiles and the blank,
// and is exactly one table entry: a move of the blank either swaps it with a
// pattern tile or moves it into a cell no pattern tile holds, and both cost 1.
//
// The builder keeps three bit sets over the entries (reached, current layer,
// next layer) besides the table's byte per entry: about 1.4 bytes an entry
// (0.7 GB for 7 tiles and the blank on the 15-puzzle). Workers (one per core)
// expand the current layer's words and set bits with atomic ORs; only the
// worker that sets a reached bit writes that entry.
//
// It has the methods of Builder, so views can drive either. A FringeBuilder
// is not safe for concurrent use; it uses several goroutines inside each
// Step.
type FringeBuilder struct {
	size  board.Size
	goal  board.Goal
	table *Table
	k, n  int // k counts the blank

	visited, cur, next []uint32
	nb                 [16][4]int8 // neighbours of each cell, -1 past the last

	cost                      int
	curStates                 uint64
	totalStates, totalEntries uint64
	layers                    []Layer
	elapsed                   time.Duration
	done, failed              bool
	workers                   int
}

// NewFringeBuilder prepares the construction of the fringe table of the
// given pattern tiles (without the blank). It allocates the search's memory
// (FringeBuilderMemory), after checking that this process may take it (else
// an error wrapping ErrOutOfMemory).
func NewFringeBuilder(size board.Size, goal board.Goal, tiles []int) (*FringeBuilder, error) {
	if goal != board.BlankLast && goal != board.BlankFirst {
		return nil, fmt.Errorf("%w: unknown goal %v", ErrPartition, goal)
	}
	if err := CheckFringeGroup(tiles, size); err != nil {
		return nil, err
	}
	b := &FringeBuilder{size: size, goal: goal, n: size.Cells(), cost: -1, workers: runtime.GOMAXPROCS(0)}
	b.table = newFringeTable(size, goal, tiles)
	b.k = b.table.k
	if err := checkGroupMemory("building the fringe table of tiles "+formatTiles(tiles), FringeBuilderMemory(size, len(tiles))); err != nil {
		return nil, err
	}
	e := int(entries(b.n, b.k))
	var err error
	if b.table.values, err = memlimit.Make[uint8](e, "the fringe table of tiles "+formatTiles(tiles)); err != nil {
		return nil, err
	}
	for i := range b.table.values {
		b.table.values[i] = Unreached
	}
	words := (e + 31) / 32
	for _, a := range []*[]uint32{&b.visited, &b.cur, &b.next} {
		if *a, err = memlimit.Make[uint32](words, "the search arrays of fringe tiles "+formatTiles(tiles)); err != nil {
			return nil, err
		}
	}
	for p := 0; p < b.n; p++ {
		i := 0
		for _, d := range board.Dirs {
			if q, ok := size.Neighbor(p, d); ok {
				b.nb[p][i] = int8(q)
				i++
			}
		}
		for ; i < 4; i++ {
			b.nb[p][i] = -1
		}
	}
	return b, nil
}

// SetWorkers sets how many goroutines expand each layer (default GOMAXPROCS).
func (b *FringeBuilder) SetWorkers(n int) { b.workers = max(n, 1) }

// Tiles returns the pattern tiles in ascending order, without the blank.
func (b *FringeBuilder) Tiles() []int { return b.table.PatternTiles() }

// Entries returns the size of the table being built.
func (b *FringeBuilder) Entries() uint64 { return uint64(len(b.table.values)) }

// Cost returns the cost of the last completed layer (-1 before the first Step).
func (b *FringeBuilder) Cost() int { return b.cost }

// Done reports whether the construction is complete.
func (b *FringeBuilder) Done() bool { return b.done }

// Layers returns the statistics of the layers completed so far.
func (b *FringeBuilder) Layers() []Layer { return slices.Clone(b.layers) }

// Elapsed returns the time spent inside Step so far.
func (b *FringeBuilder) Elapsed() time.Duration { return b.elapsed }

// Table returns the finished table; it fails until Done.
func (b *FringeBuilder) Table() (*Table, error) {
	if !b.done {
		return nil, errors.New("pdb: fringe table not finished")
	}
	return b.table, nil
}

func (b *FringeBuilder) stats() LayerStats {
	return LayerStats{
		Tiles:        b.Tiles(),
		Layer:        b.layers[len(b.layers)-1],
		TotalStates:  b.totalStates,
		TotalEntries: b.totalEntries,
		Entries:      b.Entries(),
		Elapsed:      b.elapsed,
	}
}

// Step completes the next layer (all states one move further from the goal)
// and returns its statistics with ok true. The first Step makes layer 0: the
// goal state alone. When the last layer has no successors, Step finishes the
// table and returns ok false. Cancellation behaves as Builder.Step's: a
// cancelled Step discards its half-made layer and the builder becomes
// unusable (ErrBuilderFailed).
func (b *FringeBuilder) Step(ctx context.Context) (LayerStats, bool, error) {
	if b.failed {
		return LayerStats{}, false, ErrBuilderFailed
	}
	if b.done {
		return LayerStats{}, false, nil
	}
	if err := ctx.Err(); err != nil {
		return LayerStats{}, false, err
	}
	start := time.Now()
	if b.cost < 0 {
		var cells [board.MaxCells]uint8
		for i, t := range b.table.tiles {
			cells[i] = uint8(b.goal.GoalCell(b.size, t))
		}
		r := rankCells(&cells, b.k, b.n)
		b.visited[r>>5] |= 1 << (r & 31)
		b.cur[r>>5] |= 1 << (r & 31)
		b.table.values[r] = 0
		b.cost, b.curStates, b.totalStates, b.totalEntries = 0, 1, 1, 1
		b.layers = append(b.layers, Layer{Cost: 0, States: 1, New: 1})
		b.elapsed += time.Since(start)
		return b.stats(), true, nil
	}
	if b.cost+1 >= Unreached {
		b.fail()
		return LayerStats{}, false, fmt.Errorf("pdb: costs above %d do not fit in a table entry", Unreached-1)
	}
	states, err := b.expand(ctx)
	if err != nil {
		b.fail()
		return LayerStats{}, false, err
	}
	if states == 0 {
		b.elapsed += time.Since(start)
		b.done = true
		b.visited, b.cur, b.next = nil, nil, nil
		b.table.layers = slices.Clone(b.layers)
		b.table.seconds = b.elapsed.Seconds()
		return LayerStats{}, false, nil
	}
	b.cur, b.next = b.next, b.cur
	clear(b.next)
	b.cost++
	b.curStates = states
	b.totalStates += states
	b.totalEntries += states
	b.layers = append(b.layers, Layer{Cost: b.cost, States: states, New: states})
	b.elapsed += time.Since(start)
	return b.stats(), true, nil
}

func (b *FringeBuilder) fail() {
	b.failed = true
	b.visited, b.cur, b.next = nil, nil, nil
	b.table = newFringeTable(b.size, b.goal, b.table.PatternTiles())
}

// fringeChunk is how many words of the current layer a worker takes at a
// time; between chunks it checks for cancellation.
const fringeChunk = 1 << 12

func (b *FringeBuilder) expand(ctx context.Context) (uint64, error) {
	words := len(b.cur)
	var nextChunk atomic.Int64
	var stop atomic.Bool
	workers := min(b.workers, max((words+fringeChunk-1)/fringeChunk, 1))
	results := make([]uint64, workers)
	var wg sync.WaitGroup
	for w := 0; w < workers; w++ {
		wg.Add(1)
		go func(w int) {
			defer wg.Done()
			for !stop.Load() {
				lo := int(nextChunk.Add(fringeChunk)) - fringeChunk
				if lo >= words {
					break
				}
				if ctx.Err() != nil {
					stop.Store(true)
					break
				}
				results[w] += b.expandWords(lo, min(lo+fringeChunk, words))
			}
		}(w)
	}
	wg.Wait()
	if err := ctx.Err(); err != nil && stop.Load() {
		return 0, err
	}
	var states uint64
	for _, r := range results {
		states += r
	}
	return states, nil
}

// expandWords expands the current-layer states of words lo..hi-1 of cur and
// returns how many new states it put in the next layer.
func (b *FringeBuilder) expandWords(lo, hi int) uint64 {
	k, n := b.k, b.n
	newCost := uint8(b.cost + 1)
	values, visited, next := b.table.values, b.visited, b.next
	var od odometer
	od.init(k, n)
	var fresh uint64
	var moved [board.MaxCells]uint8
	for w := lo; w < hi; w++ {
		for word := b.cur[w]; word != 0; word &= word - 1 {
			rank := uint64(w)*32 + uint64(bits.TrailingZeros32(word))
			occ := od.seek(rank)
			cells := &od.cells
			blank := cells[0]
			for _, q8 := range b.nb[blank] {
				if q8 < 0 {
					break
				}
				q := uint8(q8)
				moved = *cells
				moved[0] = q
				if occ&(1<<q) != 0 {
					for j := 1; j < k; j++ {
						if cells[j] == q {
							moved[j] = blank
							break
						}
					}
				}
				r2 := rankCells(&moved, k, n)
				idx, bit := r2>>5, uint32(1)<<(r2&31)
				if atomic.LoadUint32(&visited[idx])&bit != 0 {
					continue
				}
				if atomic.OrUint32(&visited[idx], bit)&bit != 0 {
					continue
				}
				atomic.OrUint32(&next[idx], bit)
				values[r2] = newCost
				fresh++
			}
		}
	}
	return fresh
}

// Frontier returns up to max states of the last completed layer, spread
// evenly over it (in rank order): the cells of the pattern tiles (in Tiles
// order, without the blank) and the blank's cell. It returns nil once the
// builder is done or before the first Step.
func (b *FringeBuilder) Frontier(max int) []State {
	if b.done || b.failed || b.cost < 0 || max <= 0 {
		return nil
	}
	stride := (b.curStates + uint64(max) - 1) / uint64(max)
	stride = maxU64(stride, 1)
	var out []State
	var seen uint64
	var cells [board.MaxCells]uint8
	for w, word := range b.cur {
		for ; word != 0 && len(out) < max; word &= word - 1 {
			if seen%stride == 0 {
				rank := uint64(w)*32 + uint64(bits.TrailingZeros32(word))
				unrankCells(rank, b.k, b.n, &cells)
				s := State{Cells: make([]int, b.k-1), Blank: int(cells[0])}
				for i := range s.Cells {
					s.Cells[i] = int(cells[i+1])
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

func maxU64(a, b uint64) uint64 {
	if a > b {
		return a
	}
	return b
}

// Run steps the builder to the end, calling progress (if not nil) after each
// layer on the caller's goroutine, and returns the finished table.
func (b *FringeBuilder) Run(ctx context.Context, progress func(LayerStats)) (*Table, error) {
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

// BuildFringe builds the fringe table of the given pattern tiles (without
// the blank), calling progress (if not nil) after each layer.
func BuildFringe(ctx context.Context, size board.Size, goal board.Goal, tiles []int, progress func(LayerStats)) (*Table, error) {
	b, err := NewFringeBuilder(size, goal, tiles)
	if err != nil {
		return nil, err
	}
	t, err := b.Run(ctx, progress)
	if err != nil {
		return nil, fmt.Errorf("building fringe table %s: %w", formatTiles(b.Tiles()), err)
	}
	return t, nil
}

// checkTileList validates the tile list of a table file of the given kind.
func checkTileList(kind TableKind, tiles []int, size board.Size) error {
	if kind == KindFringe {
		if len(tiles) < 2 || tiles[0] != 0 {
			return fmt.Errorf("%w: a fringe table's tiles start with the blank", ErrCorrupt)
		}
		return CheckFringeGroup(tiles[1:], size)
	}
	return checkGroup(tiles, size)
}
