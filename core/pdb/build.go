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
// The free cells of a placement form at most 8 components on a board of at
// most 16 cells (no more than half the cells can be pairwise apart), numbered
// by their lowest cell, so per rank the builder keeps one of two layouts of
// component bits (build_codes.go). Tables of up to codesFrom entries keep
// three bytes of component bits (reached at all, in the current layer, in
// the next), packed four ranks to a 32-bit word so that the workers (one
// per core) set bits with atomic ORs: 3 bytes per entry, plus the table's 1.
// Larger tables (the 8-tile table of the 7-8 partition) keep a 2-bit code per
// component instead (not reached, current layer, next layer, closed), 12
// bits per rank for up to 6 components and an overflow store for the few
// placements with more: 1.6 bytes per entry, nearly half the memory, at
// about a tenth more time when the arrays would fit in the processor's
// caches. Small tables (build_comp.go) give for every placement the component of each free cell, the cells of
// each component, and for each move of a tile the component and size of the
// successor's blank region.
//
// On boards of more than 16 cells (the 24-puzzle) the same search runs with
// the components numbered per mask of k occupied cells instead (see
// build25.go); the API is the same.
//
// A Builder is not safe for concurrent use; it uses several goroutines inside
// each Step.
type Builder struct {
	size  board.Size
	goal  board.Goal
	table *Table
	k, n  int

	// codes: the code layout (st, sum) rather than the bit sets (visited,
	// cur, next); see build_codes.go.
	codes bool
	// st holds the 2-bit component codes of every rank (build_codes.go).
	st []uint64
	// ov holds the codes of the ranks with more components than a field
	// of st holds (build_overflow.go).
	ov overflowStore
	// sum marks the blocks of st that may hold codes of the current layer:
	// bit i of sum[c] for the words c*chunkWords+i*blockWords onwards
	// (build_expand.go), so that a step skips the empty parts of st.
	sum []uint64
	// visited, cur and next are the component bits of the bit-set layout
	// (one byte per rank, four ranks a word: reached at all, in the current
	// layer, in the next); the big engine always uses them.
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
	// big, for boards of more than 16 cells, does the steps that differ
	// there (see build25.go).
	big *bigEngine
	// coh, for groups of up to cohortMaxTiles tiles on boards of up to 16
	// cells, holds the search in the cohort engine's index (build_cohort.go).
	coh *cohortEngine
}

// NewBuilder prepares the construction of the table for one group of tiles.
// It allocates the search's memory (4 bytes per entry, the table included,
// or 2.6 for tables of more than codesFrom entries on boards of up to 16
// cells; BuilderMemory), after checking that this process may take it: when
// it may not, the error wraps ErrOutOfMemory and says how much is needed and
// allowed.
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
	if size.Cells() > board.SmallCells {
		return newBigBuilder(size, goal, tiles)
	}
	return newSmallBuilder(size, goal, tiles, useCodes(size, len(tiles)))
}

// newSmallBuilder is NewBuilder for boards of up to 16 cells, once its
// arguments and memory are checked, in the code layout or the bit-set one.
func newSmallBuilder(size board.Size, goal board.Goal, tiles []int, codes bool) (*Builder, error) {
	return newLayoutBuilder(size, goal, tiles, codes, fieldComps+1)
}

// newCohortBuilder is newSmallBuilder in the cohort engine.
func newCohortBuilder(size board.Size, goal board.Goal, tiles []int) (*Builder, error) {
	b, err := newBuilderBase(size, goal, tiles)
	if err != nil {
		return nil, err
	}
	b.boardMask = uint32(1)<<b.n - 1
	b.notFirstCol, b.notLastCol = colMasks(size)
	placeValues(b.n, b.k, b.weight[:])
	if b.coh, err = newCohortEngine(size, b.k, b.weight[:], tiles); err != nil {
		return nil, err
	}
	return b, nil
}

// newLayoutBuilder is newSmallBuilder with the number of components from
// which a rank's codes go to the overflow store (fieldComps+1; tests use
// fewer so that small boards use the store too).
func newLayoutBuilder(size board.Size, goal board.Goal, tiles []int, codes bool, ovFrom uint32) (*Builder, error) {
	b, err := newBuilderBase(size, goal, tiles)
	if err != nil {
		return nil, err
	}
	b.ov.from = ovFrom
	if err := b.allocLayers(codes); err != nil {
		return nil, err
	}
	b.boardMask = uint32(1)<<b.n - 1
	b.notFirstCol, b.notLastCol = colMasks(size)
	placeValues(b.n, b.k, b.weight[:])
	for j := 0; j < b.k; j++ {
		for i := 0; i < b.k; i++ {
			b.wtab[j][i] = jumpWeight(b.weight[:], j, i)
		}
	}
	b.components()
	if codes {
		b.overflow()
	}
	return b, nil
}

// newBuilderBase makes what the Builder needs on every board: the table,
// every entry Unreached. Its error, when the memory cannot be had, wraps
// ErrOutOfMemory.
func newBuilderBase(size board.Size, goal board.Goal, tiles []int) (*Builder, error) {
	b := &Builder{size: size, goal: goal, k: len(tiles), n: size.Cells(), cost: -1, workers: runtime.GOMAXPROCS(0)}
	b.table = newTable(size, goal, tiles)
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

// allocLayers allocates the component bits of the layout chosen: the codes
// and their summary, or the three bit sets. Its error, when the memory
// cannot be had, wraps ErrOutOfMemory.
func (b *Builder) allocLayers(codes bool) error {
	what := "the search arrays of tiles " + formatTiles(b.table.tiles)
	var err error
	b.codes = codes
	if codes {
		if b.st, err = memlimit.Make[uint64](codeWords(len(b.table.values)), what); err != nil {
			return err
		}
		b.sum = make([]uint64, (len(b.st)+chunkWords-1)/chunkWords)
		return nil
	}
	words := (len(b.table.values) + 3) / 4
	for _, a := range []*[]uint32{&b.visited, &b.cur, &b.next} {
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
	if b.big != nil {
		m := b.big.maskNum(occ)
		ci = uint32(b.big.compOf[m*32+uint32(c)])
		return ci, uint64(bits.OnesCount32(b.big.compCells[m*maxComponents+ci]))
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
	if b.big != nil {
		return b.big.region(b.big.maskNum(occ), cm)
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
		t, err := buildOrDerive(ctx, p, i, tables[:i], progress) // symmetry.go
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
