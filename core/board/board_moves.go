package board

import (
	"fmt"
	"strings"
)

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
