package pdb

import (
	"context"
	"errors"
	"fmt"
	"math/bits"
	"runtime"
	"slices"
	"time"

	"github.com/slidelab/slidelab/core/board"
	"github.com/slidelab/slidelab/internal/memlimit"
)

// LayerStats reports one completed cost layer of a table's construction.
type LayerStats struct {
	// Group is the index of the table's group in its partition (0 for a
	// Builder used on its own) and Tiles are the group's tiles.
	Group int
	Tiles []int
	// Layer holds the layer's cost, its abstract states and its new entries.
	Layer
	// TotalStates counts the abstract states reached so far (all layers up to
	// this one) and TotalEntries the table entries set so far; Entries is the
	// table's size.
	TotalStates, TotalEntries, Entries uint64
	// Elapsed is the time spent building this table so far.
	Elapsed time.Duration
}

// State is one abstract state: the cells of the group tiles (in Tiles order)
// and the blank's cell.
type State struct {
	Cells []int
	Blank int
}

// ErrBuilderFailed is returned by a Builder used again after a Step was
// cancelled or failed: its half-done layer is discarded and cannot be resumed.
var ErrBuilderFailed = errors.New("pdb: builder stopped by an earlier cancellation or error")

// Builder builds one group's table by a layered 0-1 breadth-first search from
// the goal, one cost layer per Step, so a caller can watch the frontier grow.
//
// An abstract state is a placement of the group tiles plus the blank's cell.
// Within a layer the blank moves freely (cost 0) through the cells not held by
// group tiles, so the builder handles the blank's whole connected region of
// such cells (a component) at once: a layer is closed under 0-cost moves by
// construction. Swapping the blank with a group tile costs 1 and leads to the
// next layer. A placement's value is the cost of the first layer that reaches
// it with any blank cell.
//
// Groups of up to cohortMaxTiles tiles (every preset) are searched in the
// cohort engine (build_cohort.go): the states of one component of one set
// of occupied cells form a bit set over the orders of the tiles on those
// cells, so that most moves OR 64 states at a time. Larger groups (more than
// 8 tiles, which fit only on boards of up to 12 cells) keep per rank one
// bit per component (at most 8 on a board of at most 16 cells, numbered by
// their lowest cell) in three bytes (reached at all, in the current layer,
// in the next), packed four ranks to a 32-bit word so that the workers (one
// per core) set bits with atomic ORs: 3 bytes per entry, plus the table's 1;
// small tables (build_comp.go) give for every placement the component of
// each free cell, the cells of each component, and for each move of a tile
// the component and size of the successor's blank region.
//
// A Builder is not safe for concurrent use; it uses several goroutines inside
// each Step.
type Builder struct {
	size  board.Size
	goal  board.Goal
	table *Table
	k, n  int

	// visited, cur and next are the component bits of the bit-set layout
	// (one byte per rank, four ranks a word: reached at all, in the current
	// layer, in the next).
	visited, cur, next []uint32

	// comp describes the components of the free cells of every placement.
	comp compTables

	boardMask, notFirstCol, notLastCol uint32
	// weight[i]: the place value of tile i's digit in a rank.
	weight [16]uint64
	// wtab[j][i]: the change of a rank when tile j jumps over tile i (the
	// digit of j loses 1 if i < j; the digit of i gains 1 if i > j); 0 for i = 15.
	wtab [16][16]uint64

	cost                      int    // cost of the current layer; -1 before the first Step
	curStates, curEntries     uint64 // curEntries: 0 until Frontier counts them
	totalStates, totalEntries uint64
	layers                    []Layer
	elapsed                   time.Duration
	done                      bool
	failed                    bool
	workers                   int
	group                     int
	// coh, for groups of up to cohortMaxTiles tiles, holds the search in
	// the cohort engine's index (build_cohort.go).
	coh *cohortEngine
}

// NewBuilder prepares the construction of the table for one group of tiles.
// It allocates the search's memory (BuilderMemory: for the cohort engine
// about 1.6 bytes per entry besides the table's 1, for larger groups 3),
// after checking that this process may take it: when it may not, the error
// wraps ErrOutOfMemory and says how much is needed and allowed.
func NewBuilder(size board.Size, goal board.Goal, tiles []int) (*Builder, error) {
	if err := checkBuild(size, goal, tiles); err != nil {
		return nil, err
	}
	if err := checkGroupMemory("building the table of tiles "+formatTiles(tiles), BuilderMemory(size, len(tiles))); err != nil {
		return nil, err
	}
	if useCohort(len(tiles)) {
		return newCohortBuilder(size, goal, tiles)
	}
	return newLayoutBuilder(size, goal, tiles)
}

// newCohortBuilder is NewBuilder in the cohort engine, once its arguments
// and memory are checked.
func newCohortBuilder(size board.Size, goal board.Goal, tiles []int) (*Builder, error) {
	b, err := newBuilderBase(size, goal, tiles)
	if err != nil {
		return nil, err
	}
	if b.coh, err = newCohortEngine(size, b.k, b.weight[:], tiles); err != nil {
		return nil, err
	}
	return b, nil
}

// newLayoutBuilder is NewBuilder in the bit-set layout (groups of more
// than cohortMaxTiles tiles, on boards of up to 16 cells), once its
// arguments and memory are checked.
func newLayoutBuilder(size board.Size, goal board.Goal, tiles []int) (*Builder, error) {
	if size.Cells() > board.SmallCells {
		return nil, fmt.Errorf("%w: groups of more than %d tiles are built on boards of at most %d cells", ErrPartition, cohortMaxTiles, board.SmallCells)
	}
	b, err := newBuilderBase(size, goal, tiles)
	if err != nil {
		return nil, err
	}
	if err := b.allocLayers(); err != nil {
		return nil, err
	}
	for j := 0; j < b.k; j++ {
		for i := 0; i < b.k; i++ {
			b.wtab[j][i] = jumpWeight(b.weight[:], j, i)
		}
	}
	b.components()
	return b, nil
}

// newBuilderBase makes what every Builder needs: the table, every entry
// Unreached, the board's cell masks and the tiles' place values. Its error, when the memory cannot be had, wraps
// ErrOutOfMemory.
func newBuilderBase(size board.Size, goal board.Goal, tiles []int) (*Builder, error) {
	b := &Builder{size: size, goal: goal, k: len(tiles), n: size.Cells(), cost: -1, workers: runtime.GOMAXPROCS(0)}
	b.table = newTable(size, goal, tiles)
	b.boardMask = uint32(1)<<b.n - 1
	b.notFirstCol, b.notLastCol = colMasks(size)
	placeValues(b.n, b.k, b.weight[:])
	entries := int(entries(b.n, b.k))
	var err error
	what := "the table of tiles " + formatTiles(tiles)
	if b.table.values, err = memlimit.Make[uint8](entries, what); err != nil {
		return nil, err
	}
	b.table.values[0] = Unreached // fill by doubling copies (memmove)
	for done := 1; done < len(b.table.values); done *= 2 {
		copy(b.table.values[done:], b.table.values[:done])
	}
	return b, nil
}

// allocLayers allocates the three bit sets of the bit-set layout. Its
// error, when the memory cannot be had, wraps ErrOutOfMemory.
func (b *Builder) allocLayers() error {
	what := "the search arrays of tiles " + formatTiles(b.table.tiles)
	words := (len(b.table.values) + 3) / 4
	for _, a := range []*[]uint32{&b.visited, &b.cur, &b.next} {
		var err error
		if *a, err = memlimit.Make[uint32](words, what); err != nil {
			return err
		}
	}
	return nil
}

// componentOf returns the component of free cell c under the occupied cells
// occ and its number of cells.
func (b *Builder) componentOf(occ uint32, c int) (ci uint32, cells uint64) {
	if b.coh != nil {
		x := b.coh.mapOf(occ)
		s := b.coh.slotAt(x, c)
		return s - b.coh.slotOf[x], uint64(bits.OnesCount32(b.coh.comp[s]))
	}
	info := &b.comp.info[b.comp.index(occ)]
	ci = uint32(info.of>>(4*c)) & 15
	return ci, info.size(ci)
}

// region returns the cells of the components in the mask cm under occ.
func (b *Builder) region(occ uint32, cm uint32) uint32 {
	if b.coh != nil {
		x := b.coh.mapOf(occ)
		var r uint32
		for ; cm != 0; cm &= cm - 1 {
			r |= b.coh.comp[b.coh.slotOf[x]+uint32(bits.TrailingZeros32(cm))]
		}
		return r
	}
	return b.comp.region(b.comp.index(occ), cm)
}

// SetWorkers sets how many goroutines expand each layer (default GOMAXPROCS).
func (b *Builder) SetWorkers(n int) {
	if n < 1 {
		n = 1
	}
	b.workers = n
}

// Tiles returns the group's tiles in ascending order.
func (b *Builder) Tiles() []int { return slices.Clone(b.table.tiles) }

// Entries returns the size of the table being built.
func (b *Builder) Entries() uint64 { return uint64(len(b.table.values)) }

// Cost returns the cost of the last completed layer (-1 before the first Step).
func (b *Builder) Cost() int { return b.cost }

// Done reports whether the construction is complete.
func (b *Builder) Done() bool { return b.done }

// Layers returns the statistics of the layers completed so far.
func (b *Builder) Layers() []Layer { return slices.Clone(b.layers) }

// Elapsed returns the time spent inside Step so far.
func (b *Builder) Elapsed() time.Duration { return b.elapsed }

// Table returns the finished table; it fails until Done.
func (b *Builder) Table() (*Table, error) {
	if !b.done {
		return nil, errors.New("pdb: table not finished")
	}
	return b.table, nil
}

// flood returns the cells of free connected to seed (seed must be in free).
func (b *Builder) flood(seed, free uint32) uint32 {
	return flood(seed, free, b.notFirstCol, b.notLastCol, uint(b.size.W))
}

// flood returns the cells of free connected to seed on a board w cells wide
// whose cells outside the first and the last column are notFirst and
// notLast.
func flood(seed, free, notFirst, notLast uint32, w uint) uint32 {
	r := seed
	for {
		x := (r | (r&notLast)<<1 | (r&notFirst)>>1 | r<<w | r>>w) & free
		if x == r {
			return r
		}
		r = x
	}
}

// colMasks returns the cells of a board of size s that are not in its first
// column and those not in its last.
func colMasks(s board.Size) (notFirst, notLast uint32) {
	for p := 0; p < s.Cells(); p++ {
		if s.Col(p) != 0 {
			notFirst |= 1 << p
		}
		if s.Col(p) != s.W-1 {
			notLast |= 1 << p
		}
	}
	return notFirst, notLast
}

// placeValues sets weight[i] to the place value of tile i's digit in the
// rank of a placement of k tiles on n cells (digit i counts the free cells
// below tile i's, among n-i).
func placeValues(n, k int, weight []uint64) {
	w := uint64(1)
	for i := k - 1; i >= 0; i-- {
		weight[i] = w
		w *= uint64(n - i)
	}
}

// jumpWeight is the change of a rank when tile j jumps over tile i: the
// digit of j loses 1 if i < j, the digit of i gains 1 if i > j (added modulo
// 2^64, so a loss is the two's complement).
func jumpWeight(weight []uint64, j, i int) uint64 {
	switch {
	case i < j:
		return -weight[j]
	case i > j:
		return weight[i]
	}
	return 0
}

// Run steps the builder to the end, calling progress (if not nil) after each
// layer on the caller's goroutine, and returns the finished table.
func (b *Builder) Run(ctx context.Context, progress func(LayerStats)) (*Table, error) {
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

// Build builds the tables of every group of p, one after the other (each
// layer uses all cores), calling progress (if not nil) after each layer, on
// the caller's goroutine. If ctx is cancelled it returns ctx's error and no
// tables. It first checks that the build fits in memory (CheckBuildMemory).
func Build(ctx context.Context, p Partition, progress func(LayerStats)) (*DB, error) {
	if err := p.Validate(); err != nil {
		return nil, err
	}
	if err := CheckBuildMemory(p, ""); err != nil {
		return nil, err
	}
	tables := make([]*Table, len(p.Groups))
	for i, g := range p.Groups {
		t, err := buildGroup(ctx, p, i, progress)
		if err != nil {
			return nil, fmt.Errorf("building table %s: %w", formatTiles(g), err)
		}
		tables[i] = t
	}
	return NewDB(p, tables)
}

func buildGroup(ctx context.Context, p Partition, i int, progress func(LayerStats)) (*Table, error) {
	b, err := NewBuilder(p.Size, p.Goal, p.Groups[i])
	if err != nil {
		return nil, err
	}
	b.group = i
	return b.Run(ctx, progress)
}

// checkBuild checks what a construction of one group's table is given:
// the board size, the goal and the group's tiles.
func checkBuild(size board.Size, goal board.Goal, tiles []int) error {
	if err := size.Validate(); err != nil {
		return fmt.Errorf("%w: %v", ErrPartition, err)
	}
	if goal != board.BlankLast && goal != board.BlankFirst {
		return fmt.Errorf("%w: unknown goal %v", ErrPartition, goal)
	}
	return checkGroup(tiles, size)
}
