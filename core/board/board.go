// Package board models sliding-tile puzzles (the 8-puzzle, the 15-puzzle, the
// 24-puzzle and other rectangular boards of at most 25 cells).
//
// A Board is a small comparable value: the whole state packed into two
// uint64 words (see Board), the blank's position and the board's width and
// height. It can be used as a map key, and a move is a handful of bit
// operations. On boards of at most 16 cells the first word alone is the state
// (4 bits a cell, cell i in bits 4i..4i+3, cells numbered row-major from the
// top-left) and the second is zero, so the 8- and 15-puzzle pay nothing for
// the larger boards.
//
// Tiles are numbered 1..N-1 where N = W*H; 0 is the blank.
//
// # Board grammar
//
// One grammar reads every board given as text, by Parse (arguments, typed
// and pasted boards) and ParseInstance (a line of an instance file), in EBNF:
//
//	board    = ws row { rowsep row } ws .
//	row      = cell { cellsep cell } .
//	rowsep   = { hspace } ( "/" | newline ) { hspace } .
//	cellsep  = { hspace } "," { hspace } | hspace { hspace } .
//	cell     = "_" | number .
//	number   = "0" | digit19 { digit } .   (* at most 6 digits *)
//	digit19  = "1" | ... | "9" .
//	digit    = "0" | digit19 .
//	hspace   = " " | TAB .
//	newline  = LF | CR LF | CR .
//	ws       = { hspace | newline } .
//
// 0 and _ are the blank. A number has no sign and no leading zero ("-0",
// "+1" and "01" are refused); a row is never empty (no "1 2 / / 3 4", no
// "/" at either end); a comma stands between two cells, never alone. An
// instance line (ReadInstances) is a board whose rows are separated by "/"
// only, optionally followed by its optimal length (a number) and a comment
// from "#" to the end of the line; lines end with LF, CRLF or CR.
// docs/formats-boards.md says the same for people.
package board

import (
	"errors"
	"fmt"
)

// Board is one state of a sliding-tile puzzle. The zero Board is invalid;
// make boards with New, Solved, Parse or Random.
//
// The tiles are kept in two words. lo holds the low four bits of the tiles
// in cells 0..15 (cell p in bits 4p..4p+3); hi holds the low four bits of the
// tiles in cells 16..24 (cell p in bits 4(p-16)..4(p-16)+3) and, in bit 36+p,
// the fifth bit of the tile in cell p (set for tiles 16..24). On boards of at
// most 16 cells every tile is below 16, so hi is zero and lo is the whole
// state.
//
// The width and height share one byte (shape: width in the low four bits,
// height in the high four; both are at most 12) so that a Board has four
// fields: the compiler keeps a struct of at most four fields in registers,
// and a fifth field made moves several times slower.
type Board struct {
	lo, hi uint64
	shape  uint8
	blank  uint8
}

// shapeOf packs a valid size into a Board's shape byte.
func shapeOf(s Size) uint8 { return uint8(s.W) | uint8(s.H)<<4 }

// w returns the board's width.
func (b *Board) w() int { return int(b.shape & 0xF) }

// h returns the board's height.
func (b *Board) h() int { return int(b.shape >> 4) }

// hiPlane is the bit of hi that holds the fifth bit of cell 0's tile.
const hiPlane = 36

// Key is a board's packed tiles (see Board), a comparable value to index
// maps by on boards of any size. Boards of different sizes can share a key.
type Key struct{ Lo, Hi uint64 }

// get returns the tile in cell p.
func (b *Board) get(p int) int {
	if b.hi == 0 {
		// Every tile is below 16 and in the first word: the 8- and 15-puzzle.
		return int(b.lo >> (4 * p) & 0xF)
	}
	var t uint64
	if p < SmallCells {
		t = b.lo >> (4 * p) & 0xF
	} else {
		t = b.hi >> (4 * (p - SmallCells)) & 0xF
	}
	return int(t | (b.hi>>(hiPlane+p)&1)<<4)
}

// set puts tile t in cell p (the cell's old bits are cleared).
func (b *Board) set(p, t int) {
	v := uint64(t & 0xF)
	if p < SmallCells {
		b.lo = b.lo&^(0xF<<(4*p)) | v<<(4*p)
	} else {
		q := 4 * (p - SmallCells)
		b.hi = b.hi&^(0xF<<q) | v<<q
	}
	b.hi = b.hi&^(1<<(hiPlane+p)) | uint64(t>>4&1)<<(hiPlane+p)
}

// Errors returned (wrapped) by New and Parse. Test with errors.Is.
var (
	ErrCount      = errors.New("wrong number of tiles")
	ErrDuplicate  = errors.New("duplicate tile")
	ErrRange      = errors.New("tile out of range")
	ErrNoBlank    = errors.New("missing blank")
	ErrUnsolvable = errors.New("unsolvable")
	ErrSyntax     = errors.New("not a number")
	ErrSize       = errors.New("bad board size")
)

// New makes a board of size s from tiles in row-major order (0 is the blank).
func New(s Size, tiles []int) (Board, error) {
	if err := s.Validate(); err != nil {
		return Board{}, fmt.Errorf("%w: %v", ErrSize, err)
	}
	n := s.Cells()
	if len(tiles) != n {
		return Board{}, fmt.Errorf("%w: a %s board has %d cells, got %d numbers", ErrCount, s, n, len(tiles))
	}
	var seen uint32
	b := Board{shape: shapeOf(s)}
	for p, t := range tiles {
		if t < 0 || t >= n {
			return Board{}, fmt.Errorf("%w: %d at cell %d (a %s board uses 1..%d and 0 or _ for the blank)", ErrRange, t, p+1, s, n-1)
		}
		if seen&(1<<t) != 0 {
			if t == 0 {
				return Board{}, fmt.Errorf("%w: more than one blank", ErrDuplicate)
			}
			return Board{}, fmt.Errorf("%w: %d appears twice", ErrDuplicate, t)
		}
		seen |= 1 << t
		b.set(p, t)
		if t == 0 {
			b.blank = uint8(p)
		}
	}
	// With n distinct in-range values the blank is present; this guards the invariant.
	if seen&1 == 0 {
		return Board{}, ErrNoBlank
	}
	return b, nil
}

// Solved returns the goal board of size s.
func Solved(s Size, g Goal) Board {
	b := Board{shape: shapeOf(s)}
	for p := 0; p < s.Cells(); p++ {
		t := g.GoalTile(s, p)
		b.set(p, t)
		if t == 0 {
			b.blank = uint8(p)
		}
	}
	return b
}

// FromCells rebuilds a board of at most 16 cells from its packed form (see
// Cells). It checks that the cells hold a permutation of 0..W*H-1. Larger
// boards are rebuilt with FromKey.
func FromCells(s Size, cells uint64) (Board, error) {
	if err := s.Validate(); err != nil {
		return Board{}, err
	}
	if s.Cells() > SmallCells {
		return Board{}, fmt.Errorf("%w: a %s board does not fit in one word; use its Key", ErrSize, s)
	}
	return FromKey(s, Key{Lo: cells})
}

// FromKey rebuilds a board from its packed tiles (see Key). It checks that
// they hold a permutation of 0..W*H-1 and that no bits are set beyond the
// board's cells.
func FromKey(s Size, k Key) (Board, error) {
	if err := s.Validate(); err != nil {
		return Board{}, err
	}
	n := s.Cells()
	probe := Board{lo: k.Lo, hi: k.Hi}
	tiles := make([]int, n)
	for p := range tiles {
		tiles[p] = probe.get(p)
		probe.set(p, 0)
	}
	if probe.lo != 0 || probe.hi != 0 {
		return Board{}, fmt.Errorf("%w: bits set beyond cell %d", ErrRange, n)
	}
	return New(s, tiles)
}

// IsValid reports whether b was made by this package (the zero Board is not).
func (b Board) IsValid() bool { return b.w() >= 2 && b.h() >= 2 }

// Size returns the board's shape.
func (b Board) Size() Size { return Size{W: b.w(), H: b.h()} }

// Cells returns the packed state of a board of at most 16 cells: cell p's
// tile in bits 4p..4p+3. On larger boards it holds only the low four bits of
// cells 0..15; use Key there.
func (b Board) Cells() uint64 { return b.lo }

// Key returns the packed tiles of a board of any size (see Board).
func (b Board) Key() Key { return Key{Lo: b.lo, Hi: b.hi} }

// Small reports whether the whole state is in Cells (at most 16 cells).
func (b Board) Small() bool { return b.w()*b.h() <= SmallCells }

// Blank returns the blank's cell.
func (b Board) Blank() int { return int(b.blank) }

// At returns the tile in cell p (0 for the blank).
func (b Board) At(p int) int { return b.get(p) }

// Tiles returns the tiles in row-major order (0 for the blank).
func (b Board) Tiles() []int {
	out := make([]int, b.Size().Cells())
	for p := range out {
		out[p] = b.At(p)
	}
	return out
}

// Positions returns, for each tile t (0 for the blank), the cell it occupies.
func (b Board) Positions() []int {
	out := make([]int, b.Size().Cells())
	for p := range out {
		out[b.At(p)] = p
	}
	return out
}

// IsGoal reports whether b is the goal board for g.
func (b Board) IsGoal(g Goal) bool { return b == Solved(b.Size(), g) }

// Solvable reports whether the goal g can be reached from b.
//
// The rule holds for every width: each move is a transposition of the blank
// with a tile, so it flips the parity of the permutation (blank included) and
// moves the blank one step, flipping the parity of its Manhattan distance to
// its goal cell. The two parities therefore stay equal or unequal for ever, and
// b is solvable exactly when the permutation taking b to the goal has the same
// parity as the blank's distance from its goal cell. (For odd widths this is
// the familiar "even number of inversions"; for even widths it is the
// inversions-plus-blank-row rule.) Tests check it against a full search of
// the 2x3 and 3x3 boards.
func (b Board) Solvable(g Goal) bool {
	s := b.Size()
	n := s.Cells()
	// perm[p] = goal cell of the tile in cell p; count its cycles.
	var visited uint32
	cycles := 0
	for p := 0; p < n; p++ {
		if visited&(1<<p) != 0 {
			continue
		}
		cycles++
		for q := p; visited&(1<<q) == 0; q = g.GoalCell(s, b.At(q)) {
			visited |= 1 << q
		}
	}
	permOdd := (n-cycles)%2 == 1
	gb := g.GoalCell(s, 0)
	dist := abs(s.Row(gb)-s.Row(b.Blank())) + abs(s.Col(gb)-s.Col(b.Blank()))
	return permOdd == (dist%2 == 1)
}

// Mirror returns the board reflected about its main diagonal (cell (r,c) goes
// to (c,r)) with every tile relabelled by the same reflection of its goal cell
// in goal g, so that the goal maps to itself. It needs a square board.
// Korf & Felner's reflected pattern-database lookup uses it.
func (b Board) Mirror(g Goal) (Board, error) {
	s := b.Size()
	if s.W != s.H {
		return Board{}, fmt.Errorf("mirror: board %s is not square", s)
	}
	n := s.Cells()
	tr := func(p int) int { return s.Col(p)*s.W + s.Row(p) }
	out := Board{shape: b.shape}
	for p := 0; p < n; p++ {
		t := b.At(p)
		nt := g.GoalTile(s, tr(g.GoalCell(s, t)))
		q := tr(p)
		out.set(q, nt)
		if nt == 0 {
			out.blank = uint8(q)
		}
	}
	return out, nil
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// Sibling returns the board of b's size whose tiles are k and whose blank is
// in cell blank, without checking them: k and blank must be the Key and
// Blank of a board of that size. Tables of many boards of one size (A*'s
// stored nodes) keep only those and rebuild each board with it.
func (b Board) Sibling(k Key, blank int) Board {
	return Board{lo: k.Lo, hi: k.Hi, shape: b.shape, blank: uint8(blank)}
}
