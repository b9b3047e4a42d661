package pdb

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
	"github.com/slidelab/slidelab/internal/yield"
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
// by their lowest cell, so per rank the builder keeps three bytes of component
// bits (reached at all, in the current layer, in the next), packed four ranks
// to a 32-bit word so that the workers (one per core) set bits with atomic
// ORs. Memory is 3 bytes per entry plus the table's 1 byte per entry, and
// small tables (build_comp.go) give for every placement the component of each
// free cell, the cells of each component, and for each move of a tile the
// component and size of the successor's blank region.
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
}

// NewBuilder prepares the construction of the table for one group of tiles.
// It allocates the search's memory (4 bytes per entry, the table included;
// BuilderMemory), after checking that this process may take it: when it
// may not, the error wraps ErrOutOfMemory and says how much is needed and
// allowed.
func NewBuilder(size board.Size, goal board.Goal, tiles []int) (*Builder, error) {
	if err := checkBuild(size, goal, tiles); err != nil {
		return nil, err
	}
	if err := checkGroupMemory("building the table of tiles "+formatTiles(tiles), BuilderMemory(size, len(tiles))); err != nil {
		return nil, err
	}
	if size.Cells() > board.SmallCells {
		return newBigBuilder(size, goal, tiles)
	}
	b, err := newBuilderBase(size, goal, tiles)
	if err != nil {
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
	return b, nil
}

// newBuilderBase makes what the Builder needs on every board: the table,
// every entry Unreached, and the three layers of component bits (one byte
// per rank, four ranks a word). Its error, when the memory cannot be had,
// wraps ErrOutOfMemory.
func newBuilderBase(size board.Size, goal board.Goal, tiles []int) (*Builder, error) {
	b := &Builder{size: size, goal: goal, k: len(tiles), n: size.Cells(), cost: -1, workers: runtime.GOMAXPROCS(0)}
	b.table = newTable(size, goal, tiles)
	entries := int(entries(b.n, b.k))
	words := (entries + 3) / 4
	var err error
	what := "the table of tiles " + formatTiles(tiles)
	if b.table.values, err = memlimit.Make[uint8](entries, what); err != nil {
		return nil, err
	}
	b.table.values[0] = Unreached // fill by doubling copies (memmove)
	for done := 1; done < len(b.table.values); done *= 2 {
		copy(b.table.values[done:], b.table.values[:done])
	}
	for _, a := range []*[]uint32{&b.visited, &b.cur, &b.next} {
		if *a, err = memlimit.Make[uint32](words, "the search arrays of tiles "+formatTiles(tiles)); err != nil {
			return nil, err
		}
	}
	return b, nil
}

// componentOf returns the component of free cell c under the occupied cells
// occ and its number of cells.
func (b *Builder) componentOf(occ uint32, c int) (ci uint32, cells uint64) {
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

// stats makes the report of the last completed layer.
func (b *Builder) stats() LayerStats {
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
func (b *Builder) Step(ctx context.Context) (LayerStats, bool, error) {
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
	// expand cleared cur as it went: it becomes the empty next layer.
	b.cur, b.next = b.next, b.cur
	b.cost++
	b.curStates = states
	b.curEntries = 0 // counted when Frontier needs it
	b.totalStates += states
	b.totalEntries += fresh
	b.layers = append(b.layers, Layer{Cost: b.cost, States: states, New: fresh})
	b.elapsed += time.Since(start)
	return b.stats(), true, nil
}

// seed makes layer 0.
func (b *Builder) seed() {
	var cells [board.MaxCells]uint8
	var occ uint32
	for i, t := range b.table.tiles {
		c := b.goal.GoalCell(b.size, t)
		cells[i] = uint8(c)
		occ |= 1 << c
	}
	r := rankCells(&cells, b.k, b.n)
	ci, states := b.componentOf(occ, b.goal.GoalCell(b.size, 0))
	bit := uint32(1) << ci << (8 * (r & 3))
	b.visited[r>>2] |= bit
	b.cur[r>>2] |= bit
	b.table.values[r] = 0
	b.cost = 0
	b.curStates = states
	b.curEntries = 1
	b.totalStates = states
	b.totalEntries = 1
	b.layers = append(b.layers, Layer{Cost: 0, States: states, New: 1})
}

func (b *Builder) fail() {
	b.failed = true
	b.big = nil
	b.visited, b.cur, b.next = nil, nil, nil
	b.comp = compTables{}
	b.table = newTable(b.size, b.goal, b.table.tiles) // drop the partial values
}

func (b *Builder) finish() {
	b.done = true
	b.big = nil
	b.visited, b.cur, b.next = nil, nil, nil
	b.comp = compTables{}
	b.table.layers = slices.Clone(b.layers)
	b.table.seconds = b.elapsed.Seconds()
}

// chunkWords is how many words of the current layer a worker takes at a time;
// between chunks it checks for cancellation.
const chunkWords = 1 << 12

// expand turns the current layer into the next one and returns the next
// layer's state and new-entry counts. It sets the table's value of the
// current layer's new entries (the entries of the layer whose value is still
// Unreached): a step reads its layer in rank order, so these writes are
// sequential, unlike writes at the new layer's entries as they are found.
// It leaves cur cleared.
//
// On boards of more than 16 cells the big engine's expandWords does the
// work on each chunk; it sets the values of the entries it finds as it finds
// them.
func (b *Builder) expand(ctx context.Context) (states, fresh uint64, err error) {
	work := b.expandWords
	if b.big != nil {
		work = func(lo, hi int, serial bool, res *expandCounts) { b.big.expandWords(b, lo, hi, serial, res) }
	}
	words := len(b.cur)
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
	for _, r := range results {
		states += r.states
		fresh += r.fresh
	}
	return states, fresh, nil
}

// expandCounts are one worker's counts of the next layer: abstract states,
// new entries.
type expandCounts struct{ states, fresh uint64 }

// expandWords expands the current-layer states of words lo..hi-1 of cur and
// clears those words.
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
func (b *Builder) expandWords(lo, hi int, serial bool, res *expandCounts) {
	k, n := b.k, b.n
	cost := uint8(b.cost)
	values := b.table.values
	visited, next, cur := b.visited, b.next, b.cur
	comp := &b.comp
	var od odometer
	od.init(k, n)
	cells := &od.cells
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
			if values[rank] == Unreached {
				values[rank] = cost
			}
			occ := od.seek(rank)
			pl.set(cells, k, &b.weight)
			x := comp.index(occ)
			b.moves(rank, occ, comp.region(x, cm), &pl, comp.succRow(x), &mv)
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

// odometer walks ranks in increasing order, keeping the cells of the
// placement up to date at an amortised cost of O(1) per rank, and seeking
// with a full unrank when it must jump far.
type odometer struct {
	k, n   int
	rank   uint64
	valid  bool
	digits [board.MaxCells]uint8
	cells  [board.MaxCells]uint8
	prefix [17]uint32 // prefix[i]: cells taken by tiles 0..i-1
	// recip[i] is ceil(2^64 / (n-i)): the high word of x*recip[i] is x/(n-i)
	// for every x below 2^32.
	recip [16]uint64
}

func (o *odometer) init(k, n int) {
	o.k, o.n = k, n
	for i := 0; i < k; i++ {
		o.recip[i] = ^uint64(0)/uint64(n-i) + 1
	}
}

// seekGap is the largest forward jump seek makes by stepping rather than
// decoding from scratch.
const seekGap = 32

// seek moves to rank r and returns the mask of occupied cells.
func (o *odometer) seek(r uint64) uint32 {
	if !o.valid || r < o.rank || r-o.rank > seekGap {
		o.set(r)
		return o.prefix[o.k]
	}
	// Within the same placement of the first k-1 tiles only the last tile
	// moves: one select instead of a step per rank.
	last := o.k - 1
	if d := uint64(o.digits[last]) + (r - o.rank); d < uint64(o.n-last) {
		p := selectFree(o.prefix[last], uint8(d))
		o.digits[last] = uint8(d)
		o.cells[last] = p
		o.prefix[o.k] = o.prefix[last] | 1<<p
		o.rank = r
		return o.prefix[o.k]
	}
	// The last digit overflows: carry into the tiles before it, then select
	// the last tile's cell.
	base := uint64(o.n - last)
	d := uint64(o.digits[last]) + (r - o.rank)
	for ; d >= base; d -= base {
		o.bump(last - 1)
	}
	p := selectFree(o.prefix[last], uint8(d))
	o.digits[last] = uint8(d)
	o.cells[last] = p
	o.prefix[o.k] = o.prefix[last] | 1<<p
	o.rank = r
	return o.prefix[o.k]
}

// bump adds 1 to the number formed by digits 0..s (s >= 0, the result must
// exist), updating the cells and prefixes of tiles 0..s; the later tiles'
// digits, cells and prefixes are left for the caller to set.
func (o *odometer) bump(s int) {
	i := s
	for ; i > 0 && int(o.digits[i]) == o.n-i-1; i-- {
		o.digits[i] = 0
	}
	o.digits[i]++
	free := ^o.prefix[i] &^ (uint32(2)<<o.cells[i] - 1)
	p := uint8(bits.TrailingZeros32(free))
	o.cells[i] = p
	o.prefix[i+1] = o.prefix[i] | 1<<p
	for i++; i <= s; i++ {
		p := uint8(bits.TrailingZeros32(^o.prefix[i]))
		o.cells[i] = p
		o.prefix[i+1] = o.prefix[i] | 1<<p
	}
}

// set decodes r (below 2^32) from scratch.
func (o *odometer) set(r uint64) {
	o.rank = r
	o.valid = true
	x := r
	for i := o.k - 1; i >= 0; i-- {
		q, _ := bits.Mul64(x, o.recip[i])
		o.digits[i] = uint8(x - q*uint64(o.n-i))
		x = q
	}
	for i := 0; i < o.k; i++ {
		p := selectFree(o.prefix[i], o.digits[i])
		o.cells[i] = p
		o.prefix[i+1] = o.prefix[i] | 1<<p
	}
}

// selectFree returns the d-th (from 0) cell not in occ, for boards of at most 16 cells.
func selectFree(occ uint32, d uint8) uint8 {
	free := ^occ
	low := uint8(free)
	if c := uint8(bits.OnesCount8(low)); d >= c {
		return 8 + selectByte[uint8(free>>8)][(d-c)&7]
	}
	return selectByte[low][d&7]
}

// selectByte[b][d] is the position of the d-th set bit of b.
var selectByte = func() (t [256][8]uint8) {
	for b := 0; b < 256; b++ {
		d := 0
		for p := 0; p < 8; p++ {
			if b&(1<<p) != 0 {
				t[b][d] = uint8(p)
				d++
			}
		}
	}
	return t
}()

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
	exact := b.curStates <= frontierExact
	if b.curEntries == 0 {
		for _, word := range b.cur {
			for ; word != 0; word &= ^(uint32(0xFF) << (bits.TrailingZeros32(word) &^ 7)) {
				b.curEntries++
			}
		}
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
	for w, word := range b.cur {
		for ; word != 0 && len(out) < max; word &= ^(uint32(0xFF) << (bits.TrailingZeros32(word) &^ 7)) {
			sub := bits.TrailingZeros32(word) >> 3
			cm := word >> (8 * sub) & 0xFF
			rank := uint64(w)*4 + uint64(sub)
			if !exact {
				if seen%stride == 0 {
					occ := unrankCells(rank, b.k, b.n, &cells)
					add(rank, bits.TrailingZeros32(b.region(occ, cm&-cm)))
				}
				seen++
				continue
			}
			occ := unrankCells(rank, b.k, b.n, &cells)
			for m := b.region(occ, cm); m != 0 && len(out) < max; m &= m - 1 {
				if seen%stride == 0 {
					add(rank, bits.TrailingZeros32(m))
				}
				seen++
			}
		}
		if len(out) >= max {
			break
		}
	}
	return out
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
