package board

import (
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
