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
	"strings"
)

// MaxCells is the largest number of cells a board may have (the 24-puzzle's 5x5).
const MaxCells = 25

// SmallCells is the largest number of cells whose whole state fits in the
// first packed word (see Board.Cells): 4 bits a cell in a uint64.
const SmallCells = 16

// Size is the shape of a board: W columns and H rows.
type Size struct {
	W, H int
}

// Common sizes.
var (
	Size3x3 = Size{W: 3, H: 3}
	Size4x4 = Size{W: 4, H: 4}
	Size5x5 = Size{W: 5, H: 5}
)

// Cells returns W*H.
func (s Size) Cells() int { return s.W * s.H }

// String formats the size as "WxH".
func (s Size) String() string { return fmt.Sprintf("%dx%d", s.W, s.H) }

// Validate reports whether the size is supported: 2 <= W, H and W*H <= 25.
func (s Size) Validate() error {
	if s.W < 2 || s.H < 2 {
		return fmt.Errorf("board size %s: width and height must be at least 2", s)
	}
	if s.Cells() > MaxCells {
		return fmt.Errorf("board size %s: at most %d cells are supported", s, MaxCells)
	}
	return nil
}

// Row returns the row of cell p.
func (s Size) Row(p int) int { return p / s.W }

// Col returns the column of cell p.
func (s Size) Col(p int) int { return p % s.W }

// Neighbor returns the cell the blank reaches from cell p when it travels in
// direction d, and false when that would leave the board.
func (s Size) Neighbor(p int, d Dir) (int, bool) {
	r, c := p/s.W, p%s.W
	switch d {
	case Up:
		r--
	case Down:
		r++
	case Left:
		c--
	case Right:
		c++
	default:
		return 0, false
	}
	if r < 0 || r >= s.H || c < 0 || c >= s.W {
		return 0, false
	}
	return r*s.W + c, true
}

// ParseSize parses "WxH" (for example "4x4" or "3x4"); a single number n means n x n.
func ParseSize(text string) (Size, error) {
	t := strings.TrimSpace(strings.ToLower(text))
	var s Size
	var err error
	if a, b, ok := strings.Cut(t, "x"); ok {
		if s.W, err = atoiStrict(a); err == nil {
			s.H, err = atoiStrict(b)
		}
	} else {
		s.W, err = atoiStrict(t)
		s.H = s.W
	}
	if err != nil {
		return Size{}, fmt.Errorf("board size %q: want WxH such as 4x4", text)
	}
	if err := s.Validate(); err != nil {
		return Size{}, err
	}
	return s, nil
}

// Goal names the solved arrangement of a board.
type Goal uint8

const (
	// BlankLast is 1 2 ... N-1 in row-major order with the blank in the last
	// cell (bottom-right). It is the default.
	BlankLast Goal = iota
	// BlankFirst is Korf's goal: the blank in the first cell (top-left), then
	// 1 2 ... N-1, so tile t sits in cell t.
	BlankFirst
)

// String returns "blank-last" or "blank-first".
func (g Goal) String() string {
	switch g {
	case BlankLast:
		return "blank-last"
	case BlankFirst:
		return "blank-first"
	}
	return fmt.Sprintf("Goal(%d)", uint8(g))
}

// ParseGoal parses "blank-last" or "blank-first" (also "last", "first", "korf").
func ParseGoal(text string) (Goal, error) {
	switch strings.ToLower(strings.TrimSpace(text)) {
	case "blank-last", "last", "":
		return BlankLast, nil
	case "blank-first", "first", "korf":
		return BlankFirst, nil
	}
	return 0, fmt.Errorf("goal %q: want blank-last or blank-first", text)
}

// GoalCell returns the cell where tile t (0 for the blank) sits in goal g on a board of s.Cells() cells.
func (g Goal) GoalCell(s Size, t int) int {
	n := s.Cells()
	if g == BlankFirst {
		return t
	}
	if t == 0 {
		return n - 1
	}
	return t - 1
}

// GoalTile returns the tile (0 for the blank) that sits in cell p in goal g.
func (g Goal) GoalTile(s Size, p int) int {
	n := s.Cells()
	if g == BlankFirst {
		return p
	}
	if p == n-1 {
		return 0
	}
	return p + 1
}

// Dir is a move, named by the direction in which the blank travels: Up means
// the blank swaps with the tile above it (that tile slides down).
type Dir uint8

const (
	// Up moves the blank one row up.
	Up Dir = iota
	// Down moves the blank one row down.
	Down
	// Left moves the blank one column left.
	Left
	// Right moves the blank one column right.
	Right
)

// Dirs lists the four moves in a fixed order.
var Dirs = [4]Dir{Up, Down, Left, Right}

// Inverse returns the move that undoes d.
func (d Dir) Inverse() Dir { return d ^ 1 }

// String returns "U", "D", "L" or "R".
func (d Dir) String() string {
	if d < 4 {
		return "UDLR"[d : d+1]
	}
	return fmt.Sprintf("Dir(%d)", uint8(d))
}

// ParseMoves parses a move sequence such as "UDLR", "u d l r" or "U,D,L,R".
func ParseMoves(text string) ([]Dir, error) {
	var out []Dir
	for i, r := range text {
		switch r {
		case 'U', 'u':
			out = append(out, Up)
		case 'D', 'd':
			out = append(out, Down)
		case 'L', 'l':
			out = append(out, Left)
		case 'R', 'r':
			out = append(out, Right)
		case ' ', ',', '\t', '\n', '\r':
		default:
			return nil, fmt.Errorf("moves: unexpected %q at offset %d (want U, D, L or R)", r, i)
		}
	}
	return out, nil
}

// FormatMoves writes a move sequence as letters, for example "ULDR".
func FormatMoves(moves []Dir) string {
	var sb strings.Builder
	sb.Grow(len(moves))
	for _, d := range moves {
		sb.WriteString(d.String())
	}
	return sb.String()
}

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

// CanMove reports whether the blank can travel in direction d.
func (b Board) CanMove(d Dir) bool {
	_, ok := b.Size().Neighbor(int(b.blank), d)
	return ok
}

// Move returns the board after the blank travels in direction d, and false
// (with b unchanged) when the move would leave the board.
func (b Board) Move(d Dir) (Board, bool) {
	t, ok := b.Size().Neighbor(int(b.blank), d)
	if !ok {
		return b, false
	}
	return b.swapBlank(t), true
}

// swapBlank moves the tile in cell t into the blank's cell.
func (b Board) swapBlank(t int) Board {
	if b.hi == 0 {
		// Every tile is below 16 and in the first word (the 8- and 15-puzzle;
		// a larger board always has a tile in a cell past 15, so hi != 0).
		tile := (b.lo >> (4 * t)) & 0xF
		b.lo = b.lo&^(0xF<<(4*t)) | tile<<(4*int(b.blank))
		b.blank = uint8(t)
		return b
	}
	tile := b.get(t)
	b.set(t, 0)
	b.set(int(b.blank), tile)
	b.blank = uint8(t)
	return b
}

// LegalMoves appends the legal moves of b to buf and returns it.
func (b Board) LegalMoves(buf []Dir) []Dir {
	s := b.Size()
	for _, d := range Dirs {
		if _, ok := s.Neighbor(int(b.blank), d); ok {
			buf = append(buf, d)
		}
	}
	return buf
}

// Apply plays a move sequence and returns the final board, or an error naming
// the first illegal move.
func (b Board) Apply(moves []Dir) (Board, error) {
	for i, d := range moves {
		nb, ok := b.Move(d)
		if !ok {
			return b, fmt.Errorf("move %d (%s) leaves the board: the blank is at row %d, column %d",
				i+1, d, b.Size().Row(b.Blank())+1, b.Size().Col(b.Blank())+1)
		}
		b = nb
	}
	return b, nil
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

// ConvertGoal turns a board meant for one goal convention into the equivalent
// board for the other: it rotates the board 180 degrees and relabels each tile
// t as N-t (the blank stays 0), where N = W*H. The map is its own inverse and
// sends moves to moves (see ConvertMoves), so optimal solution lengths do not
// change. It converts Korf's blank-first instances to blank-last ones.
func ConvertGoal(b Board) Board {
	s := b.Size()
	n := s.Cells()
	out := Board{shape: b.shape}
	for p := 0; p < n; p++ {
		t := b.At(n - 1 - p)
		if t != 0 {
			t = n - t
		} else {
			out.blank = uint8(p)
		}
		out.set(p, t)
	}
	return out
}

// ConvertMoves maps a move sequence through ConvertGoal: a 180-degree rotation
// turns every direction into its opposite.
func ConvertMoves(moves []Dir) []Dir {
	out := make([]Dir, len(moves))
	for i, d := range moves {
		out[i] = d.Inverse()
	}
	return out
}

// String formats the board as a grid, one row a line, "_" for the blank.
func (b Board) String() string {
	if !b.IsValid() {
		return "<invalid board>"
	}
	s := b.Size()
	width := len(fmt.Sprint(s.Cells() - 1))
	var sb strings.Builder
	for r := 0; r < s.H; r++ {
		for c := 0; c < s.W; c++ {
			if c > 0 {
				sb.WriteByte(' ')
			}
			t := b.At(r*s.W + c)
			if t == 0 {
				fmt.Fprintf(&sb, "%*s", width, "_")
			} else {
				fmt.Fprintf(&sb, "%*d", width, t)
			}
		}
		sb.WriteByte('\n')
	}
	return sb.String()
}

// Line formats the board on one line, rows separated by " / " and 0 for the
// blank, for example "1 2 3 / 4 5 6 / 7 8 0". Parse reads it back.
func (b Board) Line() string {
	if !b.IsValid() {
		return "<invalid board>"
	}
	s := b.Size()
	var sb strings.Builder
	for p := 0; p < s.Cells(); p++ {
		if p > 0 {
			if p%s.W == 0 {
				sb.WriteString(" / ")
			} else {
				sb.WriteByte(' ')
			}
		}
		fmt.Fprint(&sb, b.At(p))
	}
	return sb.String()
}

// Flat formats the board as its cells separated by single spaces, 0 for the
// blank, in the layout of instance files.
func (b Board) Flat() string {
	parts := make([]string, 0, MaxCells)
	for _, t := range b.Tiles() {
		parts = append(parts, fmt.Sprint(t))
	}
	return strings.Join(parts, " ")
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
