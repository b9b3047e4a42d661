package pdb

import (
	"fmt"
	"math/bits"
	"slices"

	"github.com/slidelab/slidelab/core/board"
)

// Unreached is the value of an entry no abstract state reaches: a placement of
// the group tiles that cannot occur in a state solvable to the goal (this only
// happens when the group holds every tile, so the parity of the permutation is
// fixed).
const Unreached = 255

// Layer records one cost layer of a table's construction.
type Layer struct {
	// Cost is the layer's cost: the number of group-tile moves from the goal.
	Cost int `json:"cost"`
	// States counts the abstract states (group tile positions plus blank cell)
	// first reached in this layer.
	States uint64 `json:"states"`
	// New counts the table entries (group tile placements) first reached in
	// this layer: the entries whose value is Cost.
	New uint64 `json:"new"`
}

// Table is the pattern database of one group of tiles: one byte per placement
// of the group tiles, indexed by Rank. Values are least move counts of group
// tiles; Unreached marks impossible placements. A Table is immutable once
// built or loaded and safe for concurrent use.
type Table struct {
	size  board.Size
	goal  board.Goal
	tiles []int                 // ascending
	order [board.MaxCells]uint8 // order[i] = tiles[i], for Rank
	k     int
	n     int // cells
	// values[rank] is the entry of the placement with that rank.
	values  []uint8
	layers  []Layer
	seconds float64
	kind    TableKind // KindFringe: tiles start with the blank, 0
	// mapped is the whole file when values are a view of a mapped cache
	// file (file_map.go), else nil.
	mapped []byte
}

// Mapped reports whether the table's values are the pages of its cache file,
// mapped read-only and shared (see LoadFor), rather than memory of this
// process's heap.
func (t *Table) Mapped() bool { return t.mapped != nil }

// Prefault readies the pages of a mapped table for a run that will touch
// most of them, such as a benchmark over many boards: on Linux it maps
// every page into this process at once (madvise MADV_POPULATE_READ, about
// 30 ms for the 575 MB of the 7-8 tables when the page cache holds them),
// so the search does not stop at a page fault on its first touch of each
// page; pages the page cache lacks are read from the file. A search of one
// board touches a small part of a large table and is better off without.
// A table in the heap, or another system: nothing to do. It reports
// whether the table is mapped (and so was readied where the system can).
func (t *Table) Prefault() bool {
	if t.mapped == nil {
		return false
	}
	populate(t.mapped)
	return true
}

// newTable allocates a table for a validated, sorted group.
func newTable(size board.Size, goal board.Goal, tiles []int) *Table {
	t := &Table{size: size, goal: goal, tiles: slices.Clone(tiles), k: len(tiles), n: size.Cells()}
	slices.Sort(t.tiles)
	for i, tile := range t.tiles {
		t.order[i] = uint8(tile)
	}
	return t
}

// Size returns the board size the table is for.
func (t *Table) Size() board.Size { return t.size }

// Goal returns the goal the table is for.
func (t *Table) Goal() board.Goal { return t.goal }

// Tiles returns the group's tiles in ascending order (a copy). Rank reads the
// positions of these tiles in this order.
func (t *Table) Tiles() []int { return slices.Clone(t.tiles) }

// Len returns the number of entries, n!/(n-k)! for k tiles on n cells.
func (t *Table) Len() int { return len(t.values) }

// Layers returns the per-layer record of the table's construction (a copy).
func (t *Table) Layers() []Layer { return slices.Clone(t.layers) }

// Seconds returns the wall time the table took to build, in seconds.
func (t *Table) Seconds() float64 { return t.seconds }

// Values returns the table's entries indexed by rank. The slice is shared: do
// not modify it.
func (t *Table) Values() []uint8 { return t.values }

// Rank returns the perfect rank of the group tiles' positions: pos[tile] is the
// cell of tile, and only the group's tiles are read. The rank is a mixed-radix
// number whose i-th digit is the position of the i-th tile (in Tiles order)
// among the cells not taken by the tiles before it, so ranks run over
// 0..Len()-1 without gaps. It takes k steps with a popcount and allocates
// nothing. Positions must be distinct cells of the board.
func (t *Table) Rank(pos *[board.MaxCells]uint8) uint64 {
	var occ uint32
	var r uint64
	n := uint64(t.n)
	for i := 0; i < t.k; i++ {
		p := pos[t.order[i]%board.MaxCells] & 31
		bit := uint32(1) << p
		d := uint64(p) - uint64(bits.OnesCount32(occ&(bit-1)))
		occ |= bit
		r = r*(n-uint64(i)) + d
	}
	return r
}

// rankCells is Rank with cells[i] the position of the i-th tile in Tiles order.
func rankCells(cells *[board.MaxCells]uint8, k, n int) uint64 {
	var occ uint32
	var r uint64
	for i := 0; i < k; i++ {
		p := cells[i] & 31
		bit := uint32(1) << p
		d := uint64(p) - uint64(bits.OnesCount32(occ&(bit-1)))
		occ |= bit
		r = r*uint64(n-i) + d
	}
	return r
}

// unrankCells inverts rankCells: it fills cells[0..k-1] and returns the mask of
// the cells they occupy.
func unrankCells(r uint64, k, n int, cells *[board.MaxCells]uint8) uint32 {
	var digits [board.MaxCells]uint8
	for i := k - 1; i >= 0; i-- {
		base := uint64(n - i)
		digits[i] = uint8(r % base)
		r /= base
	}
	var occ uint32
	for i := 0; i < k; i++ {
		// The digits[i]-th free cell (counting from 0).
		free := ^occ
		for j := digits[i]; j > 0; j-- {
			free &= free - 1
		}
		p := uint8(bits.TrailingZeros32(free))
		cells[i] = p
		occ |= 1 << p
	}
	return occ
}

// Unrank returns the cell of each group tile (in Tiles order) for a rank in
// 0..Len()-1.
func (t *Table) Unrank(rank uint64) ([]int, error) {
	if rank >= uint64(len(t.values)) {
		return nil, fmt.Errorf("pdb: rank %d out of range 0..%d", rank, len(t.values)-1)
	}
	var cells [board.MaxCells]uint8
	unrankCells(rank, t.k, t.n, &cells)
	out := make([]int, t.k)
	for i := range out {
		out[i] = int(cells[i])
	}
	return out, nil
}

// Value returns the entry at rank (rank must be below Len()).
func (t *Table) Value(rank uint64) uint8 { return t.values[rank] }

// Positions fills pos[tile] with the cell of every tile of b (pos[0] is the
// blank's cell), the form Rank reads.
func Positions(b board.Board, pos *[board.MaxCells]uint8) {
	n := b.Size().Cells()
	if !b.Small() {
		for p := 0; p < n; p++ {
			pos[b.At(p)] = uint8(p)
		}
		return
	}
	c := b.Cells()
	for p := 0; p < n; p++ {
		pos[(c>>(4*p))&15] = uint8(p)
	}
}

// Lookup returns the table's value for board b, which must have the table's size.
func (t *Table) Lookup(b board.Board) int {
	var pos [board.MaxCells]uint8
	Positions(b, &pos)
	return int(t.values[t.Rank(&pos)])
}

// Histogram returns the number of entries holding each value 0..255
// (index Unreached counts impossible placements).
func (t *Table) Histogram() [256]uint64 {
	var h [256]uint64
	inChunks(t.values, func(p []byte) { // a 6-tile table takes a tenth of a second in a page
		for _, v := range p {
			h[v]++
		}
	})
	return h
}

// Stats summarises the table's values.
type Stats struct {
	// Max is the largest reached value.
	Max int
	// Mean is the average over reached entries.
	Mean float64
	// Reached counts entries with a value; Unreached counts the others.
	Reached, Unreached uint64
}

// Stats returns the largest and mean values over the reached entries.
func (t *Table) Stats() Stats {
	h := t.Histogram()
	var s Stats
	var sum float64
	for v := 0; v < Unreached; v++ {
		if h[v] == 0 {
			continue
		}
		s.Max = v
		s.Reached += h[v]
		sum += float64(v) * float64(h[v])
	}
	s.Unreached = h[Unreached]
	if s.Reached > 0 {
		s.Mean = sum / float64(s.Reached)
	}
	return s
}

// DB is an additive set of tables for disjoint groups: the sum of their
// values is an admissible heuristic. Use Build, LoadOrBuild or NewDB to make one.
type DB struct {
	// Partition lists the groups, in the order of Tables.
	Partition Partition
	// Tables holds one table per group.
	Tables []*Table
	// groupOf[tile] is the index of the table holding tile, or -1.
	groupOf [board.MaxCells]int8
}

// Prefault readies every mapped table of the DB (see Table.Prefault) and
// returns how many there were.
func (db *DB) Prefault() int {
	n := 0
	for _, t := range db.Tables {
		if t.Prefault() {
			n++
		}
	}
	return n
}

// NewDB assembles a DB from tables built or loaded for the groups of p, in order.
func NewDB(p Partition, tables []*Table) (*DB, error) {
	if err := p.Validate(); err != nil {
		return nil, err
	}
	if len(tables) != len(p.Groups) {
		return nil, fmt.Errorf("pdb: %d tables for %d groups", len(tables), len(p.Groups))
	}
	d := &DB{Partition: p, Tables: tables}
	for i := range d.groupOf {
		d.groupOf[i] = -1
	}
	for i, t := range tables {
		want := slices.Sorted(slices.Values(p.Groups[i]))
		if t == nil || t.size != p.Size || t.goal != p.Goal || !slices.Equal(t.tiles, want) {
			return nil, fmt.Errorf("%w: table %d does not match group %s on %s %s", ErrMismatch, i+1, formatTiles(want), p.Size, p.Goal)
		}
		for _, tile := range t.tiles {
			d.groupOf[tile] = int8(i)
		}
	}
	return d, nil
}

// GroupOf returns the index in Tables of the table that holds tile, or -1 when
// no group holds it (the blank, or a tile left out of the partition). After a
// move of tile, only that table's rank changes.
func (d *DB) GroupOf(tile int) int {
	if tile < 0 || tile >= len(d.groupOf) {
		return -1
	}
	return int(d.groupOf[tile])
}

// Heuristic returns the sum of the tables' values for b. For boards that can
// reach the goal it never exceeds the true distance.
func (d *DB) Heuristic(b board.Board) int {
	var pos [board.MaxCells]uint8
	Positions(b, &pos)
	return d.HeuristicPos(&pos)
}

// HeuristicPos is Heuristic for positions as filled by Positions.
func (d *DB) HeuristicPos(pos *[board.MaxCells]uint8) int {
	h := 0
	for _, t := range d.Tables {
		h += int(t.values[t.Rank(pos)])
	}
	return h
}
